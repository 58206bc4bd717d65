"""Recalculate workbooks in LibreOffice headless, so their formula values can be read back.

openpyxl writes formulas without values. LibreOffice, run with a fresh profile that says
"always recalculate on load" for Excel and ODF files, loads each workbook, recalculates it and
saves a copy with the values cached; read those through the safe-reading gate,
``xlbridge.interchange.gate.load_workbook(path, data_only=True)``.
Each call uses its own profile folder, so parallel runs do not collide.

>>> soffice() is None or soffice().endswith(("soffice", "libreoffice", "soffice.exe"))
True
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from xlbridge.errors import WorkbookError

__all__ = ["recalculate", "soffice"]

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


def recalculate(
    paths: Sequence[str | Path], outdir: str | Path, *, timeout: float = 300
) -> list[Path]:
    """Recalculate ``paths`` (``.xlsx``) in one LibreOffice run; return the recalculated copies.

    The copies go to ``outdir`` under the same names (so the names must differ).
    """
    exe = soffice()
    if exe is None:
        raise WorkbookError("LibreOffice (soffice) is not installed; cannot recalculate")
    files = [Path(p).resolve() for p in paths]
    if len({f.name for f in files}) != len(files):
        raise WorkbookError("recalculate: the workbooks must have different file names")
    out = Path(outdir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="xlbridge-lo-") as profile:
        user = Path(profile) / "user"
        user.mkdir()
        (user / "registrymodifications.xcu").write_text(_XCU, encoding="utf-8")
        cmd = [
            exe,
            f"-env:UserInstallation={Path(profile).as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(out),
            *map(str, files),
        ]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise WorkbookError(f"LibreOffice took longer than {timeout} s; gave up") from None
    results = [out / f.name for f in files]
    missing = [r.name for r in results if not r.exists()]
    if proc.returncode != 0 or missing:
        raise WorkbookError(
            f"LibreOffice failed (exit {proc.returncode}) on {', '.join(missing) or 'the files'}:"
            f" {proc.stderr.strip()[-500:]}"
        )
    return results
