"""A resident LibreOffice, fed batches of workbooks to recalculate or print (the converter).

Run as a script by a Python that has LibreOffice's ``uno`` module (Debian's ``python3-uno``
gives it to ``/usr/bin/python3``), never imported with it: it uses the standard library and
``uno`` only, not xlbridge. :mod:`xlbridge.workbook.recalc` starts it once per process and
talks to it; a caller uses ``recalculate`` and ``print_pdf`` there, not this module.

``python3 uno_convert.py SOFFICE PROFILE`` starts ``SOFFICE --headless --invisible --accept=pipe``
with the profile folder ``PROFILE`` (the caller writes its ``registrymodifications.xcu``, which
says "always recalculate on load"), connects, then answers one JSON line on stdout for each
JSON line on stdin, until stdin ends (then it stops the office and removes the profile)::

    {"files": ["/a/one.xlsx"], "outdir": "/out", "filter": "Calc MS Excel 2007 XML",
     "ext": "xlsx"}
    {"written": ["/out/one.xlsx"], "failed": []}

Each file is loaded hidden and read-only, recalculated (``calculateAll``), stored in ``outdir``
under its own stem with ``ext`` by the export filter ``filter`` (the one ``--convert-to``
uses), and closed. A file that fails is listed in ``failed`` with LibreOffice's message, and
the rest go on; if the office dies, it is started again once per request. A line
``{"error": ...}`` says the office could not be started or reached.

>>> target("/in/seven.xlsx", "/out", "pdf")
'/out/seven.pdf'
>>> request_error({"files": ["a.xlsx"], "outdir": "/o", "filter": "calc_pdf_Export"})
'a request needs files, outdir, filter and ext'
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path, PurePath
from typing import Any

#: How long the office may take to accept a connection after it is started.
START_SECONDS = 120.0


def target(path: str, outdir: str, ext: str) -> str:
    """The file a converted ``path`` is written to: its stem with ``ext``, in ``outdir``."""
    return str(PurePath(outdir) / f"{PurePath(path).stem}.{ext}")


def request_error(request: Any) -> str | None:
    """What is wrong with a request, or None when it is well formed."""
    keys = ("files", "outdir", "filter", "ext")
    if not isinstance(request, dict) or any(k not in request for k in keys):
        return "a request needs files, outdir, filter and ext"
    if not isinstance(request["files"], list) or not all(
        isinstance(f, str) for f in request["files"]
    ):
        return "files must be a list of paths"
    return None


class Office:
    """One LibreOffice process and the UNO connection to its desktop."""

    def __init__(self, soffice: str, profile: str) -> None:
        self.soffice = soffice
        self.profile = profile
        self.proc: subprocess.Popen[bytes] | None = None
        self.desktop: Any = None

    def start(self) -> None:
        import uno  # type: ignore[import-not-found]  # the Python that runs this file has it

        pipe = f"xlbridge-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.proc = subprocess.Popen(
            [self.soffice, f"-env:UserInstallation={Path(self.profile).as_uri()}",
             "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
             "--nolockcheck", f"--accept=pipe,name={pipe};urp;"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local
        )
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:
                # the office is still starting, or it died: wait for it, or give up
                if self.proc.poll() is not None:
                    raise RuntimeError(f"LibreOffice exited ({self.proc.returncode})") from None
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"LibreOffice did not start in {START_SECONDS:.0f} s"
                    ) from None
                time.sleep(0.1)
        self.desktop = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", ctx
        )

    def alive(self) -> bool:
        """Whether the office runs and answers (a broken bridge raises on any call)."""
        if self.proc is None or self.proc.poll() is not None or self.desktop is None:
            return False
        try:
            self.desktop.getCurrentComponent()
        except Exception:
            return False
        return True

    def stop(self) -> None:
        if self.desktop is not None:
            with contextlib.suppress(Exception):  # a dead office cannot say goodbye
                self.desktop.terminate()
            self.desktop = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def convert(self, path: str, out: str, filter_name: str) -> None:
        """Load ``path`` hidden, recalculate it, store it to ``out`` with ``filter_name``."""
        import uno

        doc = self.desktop.loadComponentFromURL(
            uno.systemPathToFileUrl(path), "_blank", 0, _props(Hidden=True, ReadOnly=True)
        )
        if doc is None:
            raise RuntimeError("LibreOffice could not open it")
        try:
            if not hasattr(doc, "calculateAll"):
                raise RuntimeError("LibreOffice did not open it as a spreadsheet")
            doc.calculateAll()
            doc.storeToURL(
                uno.systemPathToFileUrl(out), _props(FilterName=filter_name, Overwrite=True)
            )
        finally:
            doc.close(True)


def _props(**values: Any) -> tuple[Any, ...]:
    from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

    out = []
    for name, value in values.items():
        prop = PropertyValue()
        prop.Name, prop.Value = name, value
        out.append(prop)
    return tuple(out)


def _message(exc: BaseException) -> str:
    text = getattr(exc, "Message", "") or str(exc)
    return f"{type(exc).__name__}: {text}".strip().splitlines()[0][:300]


def answer(office: Office, request: dict[str, Any]) -> dict[str, Any]:
    """Convert every file of a request; the files written and those that failed."""
    written: list[str] = []
    failed: list[list[str]] = []
    restarts = 1
    for path in request["files"]:
        out = target(path, request["outdir"], request["ext"])
        while True:
            try:
                if not office.alive():
                    raise RuntimeError("LibreOffice is not running")
                office.convert(path, out, request["filter"])
                written.append(out)
                break
            except Exception as exc:
                if restarts == 0 or office.alive():
                    failed.append([path, _message(exc)])
                    break
                restarts -= 1  # the office died (under this file, or before it): once more
                office.stop()
                try:
                    office.start()
                except Exception as again:
                    failed.append([path, _message(again)])
                    break
    return {"written": written, "failed": failed}


def main(argv: list[str]) -> int:
    """Serve requests from stdin until it ends (see the module's docstring)."""
    soffice, profile = argv[1], argv[2]
    office = Office(soffice, profile)
    try:
        office.start()
    except Exception as exc:
        print(json.dumps({"error": _message(exc)}), flush=True)
        office.stop()
        return 1
    print(json.dumps({"ready": True}), flush=True)
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except json.JSONDecodeError as exc:
                print(json.dumps({"error": f"not JSON: {exc}"}), flush=True)
                continue
            problem = request_error(request)
            reply = {"error": problem} if problem else answer(office, request)
            print(json.dumps(reply), flush=True)
    finally:
        office.stop()
        # the profile is this converter's alone (its caller may be gone without cleaning up)
        shutil.rmtree(profile, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
