"""Recalculate workbooks in LibreOffice headless, so their formula values can be read back,
or print them to PDF.

openpyxl writes formulas without values. LibreOffice, run with a fresh profile that says
"always recalculate on load" for Excel and ODF files, loads each workbook, recalculates it and
saves a copy with the values cached; read those through the safe-reading gate,
``xlbridge.interchange.gate.load_workbook(path, data_only=True)``. :func:`print_pdf` prints
each workbook, recalculated, to PDF the same way (what ``soffice --convert-to pdf`` does).

Where a Python with LibreOffice's ``uno`` module is found (Debian's ``python3-uno`` gives it to
``/usr/bin/python3``; :func:`resident_python`), one LibreOffice is started on first use and kept
for the life of the process, and every call feeds it its batch (the converter,
``xlbridge/workbook/uno_convert.py``): each start costs a second or two of CPU before any work.
Otherwise each call starts ``soffice --convert-to`` once. Either way each process (each run of
the converter, or each one-shot call) uses its own profile folder, so parallel runs do not
collide, and the outputs are the same: a copy of each file in the output folder, under its own
name, with the values LibreOffice computed. ``XLBRIDGE_RESIDENT_OFFICE=0`` turns the resident
office off; ``XLBRIDGE_UNO_PYTHON`` names the Python to run the converter with.

>>> soffice() is None or soffice().endswith(("soffice", "libreoffice", "soffice.exe"))
True
>>> [kind.filter for kind in (XLSX, PDF)]
['Calc MS Excel 2007 XML', 'calc_pdf_Export']
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from xlbridge.errors import WorkbookError
from xlbridge.workbook.book_values import BookValues, book_from_json, book_from_workbook

__all__ = [
    "PDF",
    "XLSX",
    "print_pdf",
    "recalculate",
    "recalculate_values",
    "resident_python",
    "soffice",
]

_XCU = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
 <prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load">
 <prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def soffice() -> str | None:
    """The LibreOffice program, or None when it is not installed."""
    return shutil.which("soffice") or shutil.which("libreoffice")


@dataclass(frozen=True)
class Kind:
    """What a conversion writes: the file extension and LibreOffice's export filter (the one
    ``soffice --convert-to EXT`` picks for a spreadsheet)."""

    ext: str
    filter: str


XLSX = Kind("xlsx", "Calc MS Excel 2007 XML")
PDF = Kind("pdf", "calc_pdf_Export")
#: The resident office's values of every sheet as JSON (``uno_convert.py``'s pseudo-filter).
VALUES = Kind("values.json", "values")


def recalculate(
    paths: Sequence[str | Path], outdir: str | Path, *, timeout: float = 300
) -> list[Path]:
    """Recalculate ``paths`` (``.xlsx``) in one LibreOffice run; return the recalculated copies.

    The copies go to ``outdir`` under the same names (so the names must differ).
    """
    return convert(paths, outdir, XLSX, timeout=timeout)


def recalculate_values(
    paths: Sequence[str | Path], outdir: str | Path, *, timeout: float = 300
) -> list[BookValues]:
    """Recalculate ``paths`` (``.xlsx``) like :func:`recalculate`; return each workbook's values
    as ``load_workbook(copy, data_only=True)`` reads them from the recalculated copy.

    The resident office reads them from the recalculated workbook itself, without saving and
    reading back the copy (``outdir/STEM.values.json`` each); without one (or for a workbook
    holding a value it cannot tell, a date) they are read from the copy :func:`recalculate`
    saves, through the safe-reading gate.
    """
    exe = soffice()
    office = _resident(exe) if exe is not None else None
    done = None
    if office is not None:
        files, out = _batch(paths, outdir)
        done = office.run(files, out, VALUES, timeout)
    if done is None:
        return [_read_copy(p) for p in recalculate(paths, outdir, timeout=timeout)]
    from xlbridge.interchange.gate import MAX_ZIP_UNCOMPRESSED, read_bytes

    books: list[BookValues] = []
    for src, got in zip(paths, done, strict=True):
        # Through the gate and bounded like the workbook it comes from (no more than its parts).
        data = read_bytes(got, max_bytes=MAX_ZIP_UNCOMPRESSED, what="recalculated values")
        text = data.decode("utf-8")
        if '"unreadable"' in text[:20]:
            (copy,) = recalculate([src], outdir, timeout=timeout)
            books.append(_read_copy(copy))
        else:
            books.append(book_from_json(text))
    return books


def _read_copy(path: Path) -> BookValues:
    from xlbridge.interchange.gate import load_workbook

    return book_from_workbook(load_workbook(path, data_only=True, what="recalculated workbook"))


def print_pdf(
    paths: Sequence[str | Path], outdir: str | Path, *, timeout: float = 300
) -> list[Path]:
    """Print ``paths`` (``.xlsx``), recalculated, to PDF; return the PDFs (``outdir/STEM.pdf``).

    Every sheet LibreOffice prints, with the workbook's print setup (``--convert-to pdf``).
    """
    return convert(paths, outdir, PDF, timeout=timeout)


def convert(
    paths: Sequence[str | Path],
    outdir: str | Path,
    kind: Kind,
    *,
    timeout: float = 300,
    resident: bool | None = None,
) -> list[Path]:
    """Convert ``paths`` to ``kind`` in ``outdir`` (``outdir/STEM.EXT`` each).

    ``resident``: None uses the resident office when there is one (:func:`resident_python`),
    True requires it, False starts LibreOffice for this call alone.
    """
    exe = soffice()
    if exe is None:
        raise WorkbookError("LibreOffice (soffice) is not installed; cannot recalculate")
    files, out = _batch(paths, outdir)
    if resident is not False:
        office = _resident(exe)
        if office is None and resident:
            raise WorkbookError("no resident LibreOffice: no Python here imports uno")
        done = office.run(files, out, kind, timeout) if office is not None else None
        if done is not None:
            return done
        if resident:
            raise WorkbookError("the resident LibreOffice stopped")
    return _one_shot(exe, files, out, kind, timeout)


def _batch(paths: Sequence[str | Path], outdir: str | Path) -> tuple[list[Path], Path]:
    """The files, resolved (their names must differ), and the output folder, made."""
    files = [Path(p).resolve() for p in paths]
    if len({f.stem for f in files}) != len(files):
        raise WorkbookError("recalculate: the workbooks must have different file names")
    out = Path(outdir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    return files, out


def _write_profile(folder: Path) -> None:
    user = folder / "user"
    user.mkdir()
    (user / "registrymodifications.xcu").write_text(_XCU, encoding="utf-8")


def _missing(out: Path, files: list[Path], kind: Kind) -> tuple[list[Path], list[str]]:
    results = [out / f"{f.stem}.{kind.ext}" for f in files]
    return results, [f.name for f, r in zip(files, results, strict=True) if not r.exists()]


def _one_shot(exe: str, files: list[Path], out: Path, kind: Kind, timeout: float) -> list[Path]:
    with tempfile.TemporaryDirectory(prefix="xlbridge-lo-") as profile:
        _write_profile(Path(profile))
        cmd = [
            exe,
            f"-env:UserInstallation={Path(profile).as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            f"{kind.ext}:{kind.filter}",
            "--outdir",
            str(out),
            *map(str, files),
        ]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise WorkbookError(f"LibreOffice took longer than {timeout} s; gave up") from None
    results, missing = _missing(out, files, kind)
    if proc.returncode != 0 or missing:
        raise WorkbookError(
            f"LibreOffice failed (exit {proc.returncode}) on {', '.join(missing) or 'the files'}:"
            f" {proc.stderr.strip()[-500:]}"
        )
    return results


# -- the resident office ---------------------------------------------------------------------

_CONVERTER = Path(__file__).with_name("uno_convert.py")


def resident_python() -> str | None:
    """The Python that runs the resident converter (one that imports ``uno``), or None: then
    each call starts LibreOffice for itself (also when ``XLBRIDGE_RESIDENT_OFFICE=0``)."""
    if os.environ.get("XLBRIDGE_RESIDENT_OFFICE", "") == "0":
        return None
    return _uno_python(os.environ.get("XLBRIDGE_UNO_PYTHON"), soffice())


@functools.cache
def _uno_python(named: str | None, exe: str | None) -> str | None:
    # asked once per process: each try starts a Python
    beside = Path(exe).resolve().parent if exe else None
    candidates = [named] if named else [
        *([str(beside / "python"), str(beside / "python.exe")] if beside else []),
        "/usr/bin/python3",
    ]  # fmt: skip
    for python in candidates:
        if python and Path(python).is_file():
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                check = [python, "-I", "-c", "import uno"]
                if subprocess.run(check, capture_output=True, timeout=60).returncode == 0:
                    return python
    return None


class _Resident:
    """The converter process (and through it one LibreOffice), fed one request at a time."""

    def __init__(self, python: str, exe: str) -> None:
        self.pid = os.getpid()
        self.profile = Path(tempfile.mkdtemp(prefix="xlbridge-lo-"))
        _write_profile(self.profile)
        self.proc = subprocess.Popen(
            [python, "-I", str(_CONVERTER), exe, str(self.profile)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, encoding="utf-8", start_new_session=True,
        )  # fmt: skip
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=_pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        self.ready = False
        self.lock = threading.Lock()

    def _reply(self, timeout: float) -> dict[str, Any] | None:
        """The converter's next line; None when it ended. Raises ``queue.Empty`` on timeout."""
        line = self.lines.get(timeout=timeout)
        if line is None:
            return None
        got = json.loads(line)
        return got if isinstance(got, dict) else None

    def run(self, files: list[Path], out: Path, kind: Kind, timeout: float) -> list[Path] | None:
        """Convert ``files``; None when the converter cannot (then the caller starts one)."""
        with self.lock:
            try:
                if not self.ready:
                    hello = self._reply(timeout)
                    if hello is None or not hello.get("ready"):
                        self.close()
                        _GAVE_UP.append(True)  # it cannot start here: one-shot from now on
                        return None
                    self.ready = True
                request = {"files": [str(f) for f in files], "outdir": str(out),
                           "filter": kind.filter, "ext": kind.ext}  # fmt: skip
                assert self.proc.stdin is not None
                try:
                    self.proc.stdin.write(json.dumps(request) + "\n")
                    self.proc.stdin.flush()
                except OSError:
                    self.close()
                    return None
                reply = self._reply(timeout)
            except queue.Empty:
                self.close(kill=True)
                raise WorkbookError(f"LibreOffice took longer than {timeout} s; gave up") from None
            if reply is None or "error" in reply:
                self.close()
                return None
        results, missing = _missing(out, files, kind)
        failed = [f"{Path(path).name} ({why})" for path, why in reply.get("failed", [])]
        if failed or missing:
            raise WorkbookError(f"LibreOffice failed on {', '.join(failed or missing)}")
        return results

    def alive(self) -> bool:
        return self.proc.poll() is None and self.pid == os.getpid()

    def close(self, kill: bool = False) -> None:
        """Stop the converter (it stops its office at the end of its input; ``kill``: at
        once, with its office) and remove the profile."""
        if self.pid != os.getpid():
            return  # a forked child's copy: the parent owns the process
        with contextlib.suppress(OSError):
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=0 if kill else 30)
        except subprocess.TimeoutExpired:
            if hasattr(os, "killpg"):
                with contextlib.suppress(OSError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def _pump(stream: IO[str], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        if line.strip():
            lines.put(line)
    lines.put(None)


_OFFICE: list[_Resident] = []
_OFFICE_LOCK = threading.Lock()
_GAVE_UP: list[bool] = []


def _resident(exe: str) -> _Resident | None:
    """This process's resident office, started on first use; None without ``uno``."""
    python = resident_python()
    if python is None or _GAVE_UP:
        return None
    with _OFFICE_LOCK:
        if not (_OFFICE and _OFFICE[0].alive()):
            _OFFICE[:] = [_Resident(python, exe)]
        return _OFFICE[0]


@atexit.register
def _stop_resident() -> None:
    for office in _OFFICE:
        office.close()
