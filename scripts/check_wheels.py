"""Does the core (pyproject.toml's ``dependencies``, no extras) install from wheels alone,
with no compiler, on CPython 3.11-3.14 for Linux x86_64, Windows x64 and macOS arm64?

Asks pip to resolve, not to install: ``pip install --dry-run --only-binary=:all:
--python-version V --platform P --report``, one resolution per version and platform (run
four at a time; each needs PyPI). Every wheel chosen must also be pure Python
(``py3-none-any``) or a package Pyodide ships, so that the core runs in xlwings Lite.
Prints one line per resolution; exit status 1 when any fails. CI runs it (``.ci/run``);
``tests/test_dist.py`` checks the same rules offline against the installed packages.

    .venv/bin/python scripts/check_wheels.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ("3.11", "3.12", "3.13", "3.14")
PLATFORMS = {  # pip's platform tags, newest first where a wheel may use an older one
    "linux x86_64": ("manylinux_2_28_x86_64", "manylinux2014_x86_64", "manylinux_2_17_x86_64"),
    "windows x64": ("win_amd64",),
    "macos arm64": ("macosx_14_0_arm64", "macosx_11_0_arm64"),
}
#: Compiled packages Pyodide builds and ships (its package list, pyodide-lock.json): the rest
#: of the core must be pure Python.
PYODIDE = frozenset({"numpy", "pandas", "markupsafe"})


def core_requirements() -> list[str]:
    """pyproject.toml's ``[project] dependencies``, the core without extras."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        deps: list[str] = tomllib.load(f)["project"]["dependencies"]
    return deps


def resolve(version: str, platforms: tuple[str, ...]) -> list[tuple[str, str]]:
    """(project name, wheel file name) of every package pip picks, or raises with pip's error."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--quiet", "--ignore-installed"]
        cmd += ["--only-binary=:all:", "--python-version", version, "--target", f"{tmp}/t"]
        for p in platforms:
            cmd += ["--platform", p]
        cmd += ["--report", str(report), *core_requirements()]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            errors = [ln for ln in done.stderr.splitlines() if ln.startswith("ERROR")]
            raise RuntimeError("; ".join(errors) or done.stderr.strip()[-300:])
        picked = json.loads(report.read_text(encoding="utf-8"))["install"]
    return [
        (i["metadata"]["name"].lower(), i["download_info"]["url"].rsplit("/", 1)[-1])
        for i in picked
    ]


def check(version: str, where: str) -> tuple[bool, str]:
    """One resolution: (ok, the line to print)."""
    try:
        wheels = resolve(version, PLATFORMS[where])
    except RuntimeError as exc:
        return False, f"FAIL {version} {where}: {exc}"
    compiled = [f for n, f in wheels if not f.endswith("-none-any.whl") and n not in PYODIDE]
    if compiled:
        return False, f"FAIL {version} {where}: compiled, not shipped by Pyodide: {compiled}"
    names = ", ".join(sorted(f"{n}" for n, _ in wheels))
    return True, f"ok   {version} {where}: {len(wheels)} wheels ({names})"


def main() -> int:
    jobs = [(v, w) for v in VERSIONS for w in PLATFORMS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: check(*job), jobs))
    for _ok, line in results:
        print(line)
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
