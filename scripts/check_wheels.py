"""Does the core (pyproject.toml's ``dependencies``, no extras) install from wheels alone,
with no compiler, on CPython 3.11-3.14 for Linux x86_64, Windows x64 and macOS arm64?

Asks uv to resolve, not to install (``uv pip compile --only-binary :all: --python-version V
--python-platform P --format pylock.toml``: the lock names the wheel chosen for each package),
one resolution per version and platform, four at a time, each needing PyPI. Without uv
(setup-venv.sh installs it into .venv) pip answers the same question (``pip install --dry-run
--only-binary=:all: --python-version V --platform P --report``) at about 2 CPU-s a resolution,
ten times uv's; CI runs this beside the tests. Every wheel chosen must also be pure Python
(``py3-none-any``) or a package Pyodide ships, so that the core runs in xlwings Lite.
Prints one line per resolution; exit status 1 when any fails. CI runs it (``.ci/run``);
``tests/test_dist.py`` checks the same rules offline against the installed packages.

    .venv/bin/python scripts/check_wheels.py
"""

from __future__ import annotations

import importlib.util
import json
import os
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
#: The same platforms as uv names them (``--python-platform``; macOS 14 by its deployment target).
UV_PLATFORMS = {
    "linux x86_64": "x86_64-manylinux_2_28",
    "windows x64": "x86_64-pc-windows-msvc",
    "macos arm64": "aarch64-apple-darwin",
}
#: Compiled packages Pyodide builds and ships (its package list, pyodide-lock.json): the rest
#: of the core must be pure Python.
PYODIDE = frozenset({"numpy", "pandas", "markupsafe"})


def core_requirements() -> list[str]:
    """pyproject.toml's ``[project] dependencies``, the core without extras."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        deps: list[str] = tomllib.load(f)["project"]["dependencies"]
    return deps


def has_uv() -> bool:
    """Whether this Python can run uv (``python -m uv``)."""
    return importlib.util.find_spec("uv") is not None


def resolve_uv(version: str, where: str) -> list[tuple[str, str]]:
    """(project name, wheel file name) of every package uv picks, or raises with uv's error."""
    with tempfile.TemporaryDirectory() as tmp:
        lock = Path(tmp) / "pylock.toml"
        reqs = Path(tmp) / "requirements.in"
        reqs.write_text("\n".join(core_requirements()) + "\n", encoding="utf-8")
        cmd = [sys.executable, "-m", "uv", "pip", "compile", "--quiet", "--no-header"]
        # --python: this interpreter answers for the target version (no search for a 3.12 here)
        cmd += ["--python", sys.executable, "--only-binary", ":all:", "--python-version", version]
        cmd += ["--python-platform", UV_PLATFORMS[where], "--format", "pylock.toml"]
        cmd += ["--output-file", str(lock), str(reqs)]
        env = {**os.environ, "MACOSX_DEPLOYMENT_TARGET": "14.0"}
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, env=env)
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip()[-300:] or f"uv exited {done.returncode}")
        with lock.open("rb") as f:
            packages = tomllib.load(f)["packages"]
    picked = []
    for package in packages:  # one wheel each, or (numpy on macOS) one per OS version
        wheels = package.get("wheels", [])
        if not wheels:
            raise RuntimeError(f"{package['name']}: no wheel in uv's lock")
        picked += [(package["name"].lower(), w["url"].rsplit("/", 1)[-1]) for w in wheels]
    return picked


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
        wheels = resolve_uv(version, where) if has_uv() else resolve(version, PLATFORMS[where])
    except RuntimeError as exc:
        return False, f"FAIL {version} {where}: {exc}"
    compiled = [f for n, f in wheels if not f.endswith("-none-any.whl") and n not in PYODIDE]
    if compiled:
        return False, f"FAIL {version} {where}: compiled, not shipped by Pyodide: {compiled}"
    names = sorted({n for n, _ in wheels})
    return True, f"ok   {version} {where}: {len(names)} wheels ({', '.join(names)})"


def main() -> int:
    jobs = [(v, w) for v in VERSIONS for w in PLATFORMS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: check(*job), jobs))
    for _ok, line in results:
        print(line)
    return 0 if all(ok for ok, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
