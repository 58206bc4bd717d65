"""The public session API of ``xlbridge`` (issue 29, "The house to build"): its names are pinned,
each resolves to what the family registry does, ``import xlbridge`` loads none of the engines,
and a workbook written through the API is the workbook ``xlbridge new`` writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

import xlbridge
from xlbridge.cli import main
from xlbridge.errors import WorkbookError
from xlbridge.families import registry

SESSION_API = [
    "RebuildChange",
    "RenderRequest",
    "WriteRequest",
    "import_results",
    "read_session",
    "read_workbook",
    "rebuild_workbook",
    "record_workbook",
    "render_results",
    "write_workbook",
]
RULES_API = [
    "Adjusted", "Contract", "Doubling", "Seat", "Strain", "Vulnerability", "XlbridgeError",
    "board_a_match", "butler", "butler_datum", "cross_imps", "dealer", "imps", "matchpoints",
    "neuberg", "score", "score_board", "top", "vp", "vulnerability", "win_loss",
]  # fmt: skip


def test_all_is_pinned() -> None:
    assert xlbridge.__all__ == sorted(SESSION_API + RULES_API)


@pytest.mark.parametrize("name", xlbridge.__all__)
def test_every_name_resolves(name: str) -> None:
    assert getattr(xlbridge, name) is not None


def test_the_session_api_is_the_registry() -> None:
    assert xlbridge.write_workbook is registry.write_workbook
    assert xlbridge.read_workbook is registry.read_workbook
    assert xlbridge.rebuild_workbook is registry.rebuild_family
    assert xlbridge.record_workbook is registry.record_workbook
    assert xlbridge.import_results is registry.import_results
    with pytest.raises(AttributeError):
        _ = xlbridge.write_session  # type: ignore[attr-defined]


def test_import_xlbridge_loads_no_engine() -> None:
    code = "import sys, xlbridge; print(sorted(m for m in sys.modules if m.startswith(("
    code += "'xlbridge.families', 'xlbridge.workbook', 'openpyxl', 'pandas'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)  # fmt: skip
    assert done.stdout.strip() == "[]"


def _values(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every sheet's cell values, row by row (read in one streaming pass: only values are
    compared, so no cell or style object is built)."""
    wb = load_workbook(path, read_only=True)
    values = {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb.worksheets}
    wb.close()
    return values


@pytest.mark.parametrize(
    ("argv", "request_"),
    [
        (["mitchell", "--tables", "4", "--boards-per-round", "2", "--scoring", "butler"],
         xlbridge.WriteRequest("mitchell", 4, 2, options={"scoring": "butler"})),
        (["rainbow", "--tables", "5"],
         xlbridge.WriteRequest("rainbow", 5)),
        (["head-to-head", "--tables", "2", "--boards-per-round", "4", "--vp-scale", "acbl20"],
         xlbridge.WriteRequest("head-to-head", 2, 4, options={"vp_scale": "acbl20"})),
        (["chicago", "--tables", "1", "--rounds", "2"],
         xlbridge.WriteRequest("chicago", 1, None, 2)),
    ],
    ids=["pairs", "individual", "teams", "social"],
)  # fmt: skip
def test_write_workbook_is_new(
    tmp_path: Path, argv: list[str], request_: xlbridge.WriteRequest
) -> None:
    """Each family writes through the registry the very cells ``new`` writes (its defaults)."""
    cli, api = tmp_path / "cli.xlsx", tmp_path / "api.xlsx"
    assert main(["new", *argv, "-o", str(cli)]) == 0
    assert xlbridge.write_workbook(request_, api) == api
    assert _values(api) == _values(cli)


def test_write_workbook_reads_files_as_new_does(tmp_path: Path) -> None:
    """What ``new`` reads from files (here a names file with a header row) the library's
    request carries too: the same workbook."""
    names = tmp_path / "names.csv"
    rows = ["pair,player 1,player 2,handicap 1,handicap 2", "NS 1,Ann Lee,Bo Chan,2,4",
            "EW 2,Cy Dunn,Di Eck,,"]  # fmt: skip
    names.write_text("\n".join(rows) + "\n", encoding="utf-8")
    cli, api = tmp_path / "cli.xlsx", tmp_path / "api.xlsx"
    argv = ["new", "mitchell", "--tables", "3", "--names", str(names), "--handicap"]
    assert main([*argv, "-o", str(cli)]) == 0
    request = xlbridge.WriteRequest("mitchell", 3, names=names, options={"handicap": True})
    assert xlbridge.write_workbook(request, api) == api
    got = _values(api)
    assert got == _values(cli)
    assert any("Ann Lee" in row for row in got["Names"])


def test_a_family_refuses_the_files_its_games_do_not_read(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="head-to-head is a team game, which takes no hand"):
        xlbridge.write_workbook(
            xlbridge.WriteRequest("head-to-head", 2, deals=registry.Deals(deal=True)),
            tmp_path / "t.xlsx",
        )
    assert not (tmp_path / "t.xlsx").exists()


def test_write_workbook_refuses_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="option 'vp_scale' is not one of its games"):
        xlbridge.write_workbook(xlbridge.WriteRequest("howell", 3, options={"vp_scale": "wbf"}),
                                tmp_path / "x.xlsx")  # fmt: skip
    with pytest.raises(WorkbookError, match="--datum-rounding is for Butler scoring"):
        xlbridge.write_workbook(
            xlbridge.WriteRequest("howell", 3, options={"datum_rounding": "half-up"}),
            tmp_path / "x.xlsx",
        )
    assert not (tmp_path / "x.xlsx").exists()


def test_record_workbook_refuses_an_empty_workbook(tmp_path: Path) -> None:
    out = xlbridge.write_workbook(xlbridge.WriteRequest("howell", 3), tmp_path / "h.xlsx")
    with pytest.raises(WorkbookError, match="no result is entered"):
        xlbridge.record_workbook(out, tmp_path / "club.sqlite")


def test_every_family_answers_the_whole_protocol() -> None:
    """One protocol with every job a face asks of a family; each family answers all of it."""
    jobs = sorted(n for n in registry.Family.__dict__ if not n.startswith("_"))
    assert jobs == ["importer", "name", "read", "rebuild_adapter", "record", "render",
                    "swiss_next", "write", "write_new"]  # fmt: skip
    for f in registry.all_families():
        assert all(callable(getattr(f, j)) for j in jobs if j != "name"), f.name
        assert registry.family(f.name) is f
