"""The family rebuild engine (xlbridge/rebuild/family.py) on a small stand-in adapter, so that
what the engine promises (issue 14: "no entered result is ever lost") is checked apart from any
one family's layout: entries found by comparison with the regenerated old workbook, carried by
key, everything else listed with its reason, the user's file only read.

The families' own adapters are tested in tests/families/{individual,teams,social}/test_rebuild_*.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Protection

from tests.support.shared import digest
from tests.support.shared import rebuild_args as _args
from xlbridge.errors import WorkbookError
from xlbridge.rebuild import family as F
from xlbridge.rebuild.slots import RebuildChange, Slot


@dataclass(frozen=True)
class _Settings:
    kind: str
    deals: int
    event: str = "Home bridge"


class _Adapter:
    """Deals 1..n on a sheet 'Score': B Contract (input), C NS score (a formula the player may
    type over: input), D a locked formula."""

    family = "social"

    def settings(self, book: Workbook) -> _Settings:
        ws = book["Session"]
        return _Settings(str(ws["B4"].value), int(ws["B5"].value), str(ws["A1"].value))

    def change(self, old: _Settings, args: RebuildChange) -> _Settings:
        return replace(old, deals=args.rounds or old.deals)

    def build(self, s: _Settings, template: Any) -> Workbook:
        wb = Workbook()
        ws = wb.active
        ws.title = "Session"
        ws["A1"], ws["A4"], ws["B4"], ws["A5"], ws["B5"] = s.event, "Kind", s.kind, "Deals", s.deals
        ws.protection.sheet = True
        sc = wb.create_sheet("Score")
        for d in range(1, s.deals + 1):
            r = d + 1
            sc[f"A{r}"] = d
            sc[f"C{r}"] = f'=IF(B{r}="","",LEN(B{r}))'
            sc[f"D{r}"] = f"=A{r}*2"
            for col in "BC":
                sc[f"{col}{r}"].protection = Protection(locked=False)
        sc.protection.sheet = True
        return wb

    def slots(self, wb: Workbook, s: _Settings) -> Sequence[Slot]:
        return [
            Slot(("deal", d, head), "Score", f"{col}{d + 1}", f"Deal {d}: {head}")
            for d in range(1, s.deals + 1)
            for col, head in (("B", "Contract"), ("C", "NS Score"))
        ]

    def describe(self, s: _Settings) -> str:
        return f"{s.kind}, {s.deals} deals"


@pytest.fixture
def adapter(monkeypatch: pytest.MonkeyPatch) -> _Adapter:
    a = _Adapter()
    # The engine takes its adapters from the caller (the registry gives the families').
    monkeypatch.setattr(F, "rebuild_family", partial(F.rebuild_family, adapters=lambda f: a))
    return a


def _old(adapter: _Adapter, tmp_path: Path, deals: int = 4) -> tuple[Path, Workbook]:
    wb = adapter.build(_Settings("rubber", deals), None)
    path = tmp_path / "old.xlsx"
    wb.save(path)
    return path, load_workbook(path)


def test_identity_rebuild_carries_every_entry(adapter: _Adapter, tmp_path: Path) -> None:
    path, book = _old(adapter, tmp_path)
    sc = book["Score"]
    sc["B2"], sc["B3"], sc["C4"] = "4S", "3NT", 420  # C4: a score typed over the formula
    book.save(path)
    before = digest(path)
    res = F.rebuild_family(path, _args(), tmp_path / "new.xlsx")
    assert (res.entered, res.carried, res.not_carried) == (3, 3, ())
    new = load_workbook(tmp_path / "new.xlsx")["Score"]
    assert (new["B2"].value, new["B3"].value, new["C4"].value) == ("4S", "3NT", 420)
    assert new["C2"].value == '=IF(B2="","",LEN(B2))'  # an untouched formula is not an entry
    assert digest(path) == before  # the user's file is only read
    assert load_workbook(tmp_path / "new.xlsx")["Not carried"]["A2"].value == (
        "Every entry was carried over."
    )


def test_entries_with_no_place_are_listed_not_dropped(adapter: _Adapter, tmp_path: Path) -> None:
    path, book = _old(adapter, tmp_path, deals=4)
    sc = book["Score"]
    sc["B2"], sc["B5"], sc["C5"] = "1C", "7NTXX", -2980
    book.save(path)
    res = F.rebuild_family(path, _args(rounds=3), tmp_path / "new.xlsx")
    assert (res.entered, res.carried) == (3, 1)
    assert sorted(n.entered for n in res.not_carried) == ["-2980", "7NTXX"]
    assert all(n.reason == "no place for it in the new workbook" for n in res.not_carried)
    listed = load_workbook(tmp_path / "new.xlsx")["Not carried"]
    assert {listed.cell(row=r, column=3).value for r in (4, 5)} == {"-2980", "7NTXX"}


def test_a_second_rebuild_lists_the_first_ones_list_again(
    adapter: _Adapter, tmp_path: Path
) -> None:
    path, book = _old(adapter, tmp_path, deals=4)
    book["Score"]["B5"] = "7NTXX"
    book.save(path)
    F.rebuild_family(path, _args(rounds=3), tmp_path / "three.xlsx")
    res = F.rebuild_family(tmp_path / "three.xlsx", _args(), tmp_path / "again.xlsx")
    assert [(n.entered, n.reason) for n in res.not_carried] == [
        ("7NTXX", "earlier rebuild: no place for it in the new workbook")
    ]
    assert (res.entered, res.carried) == (0, 0)


def test_typed_formulas_and_typed_over_locked_cells_are_listed(
    adapter: _Adapter, tmp_path: Path
) -> None:
    path, book = _old(adapter, tmp_path)
    sc = book["Score"]
    sc["B2"] = "=Session!A1"  # a formula typed by hand into an input cell
    sc["D3"] = 99  # the sheet unprotected and a locked formula typed over
    sc["C4"] = '=if( B4 = "", "", len(B4) )'  # xlbridge's formula as a program respells it
    sc["C5"] = '=IF(B5="","",LEN(B5))+0'  # another formula typed over xlbridge's
    book.save(path)
    res = F.rebuild_family(path, _args(), tmp_path / "new.xlsx")
    assert res.carried == 0
    assert [(n.what, n.entered) for n in res.not_carried] == [
        ("formula", "=Session!A1"),
        ("formula", '=IF(B5="","",LEN(B5))+0'),
        ("typed over", "99"),
    ]
    new = load_workbook(tmp_path / "new.xlsx")["Score"]
    assert new["B2"].value is None and new["D3"].value == "=A3*2"


def test_locked_cells_and_added_sheets_are_listed(adapter: _Adapter, tmp_path: Path) -> None:
    """Whatever a user wrote outside the input cells (a label changed, a note beside the
    score, a sheet of their own) is listed: the new workbook has no place for it."""
    path, book = _old(adapter, tmp_path)
    book["Score"]["A3"] = "deal two"  # a locked constant changed
    book["Score"]["F2"] = "ask the director"  # a note in an empty locked cell
    book.create_sheet("Notes")["A1"] = "Bob left at 9"
    book.save(path)
    res = F.rebuild_family(path, _args(), tmp_path / "new.xlsx")
    assert [(n.what, n.where, n.entered) for n in res.not_carried] == [
        ("typed over", "'Score'!F2", "ask the director"),
        ("typed over", "'Score'!A3", "deal two"),
        ("other sheet", "'Notes'!A1", "Bob left at 9"),
    ]
    assert (res.entered, res.carried) == (3, 0)


def test_text_is_carried_as_text(adapter: _Adapter, tmp_path: Path) -> None:
    path, book = _old(adapter, tmp_path)
    book["Score"]["B2"] = "@SUM(1)"  # text that a careless writer would turn into a formula
    book.save(path)
    F.rebuild_family(path, _args(), tmp_path / "new.xlsx")
    cell = load_workbook(tmp_path / "new.xlsx")["Score"]["B2"]
    assert (cell.value, cell.data_type) == ("@SUM(1)", "s")


def test_a_changed_layout_is_refused_in_one_line(adapter: _Adapter, tmp_path: Path) -> None:
    path, book = _old(adapter, tmp_path)
    book["Score"]["E2"].protection = Protection(locked=False)
    book.save(path)
    with pytest.raises(WorkbookError, match=r"sheet 'Score' does not have the input cells .*E2"):
        F.rebuild_family(path, _args(), tmp_path / "new.xlsx")
    assert not (tmp_path / "new.xlsx").exists()


def test_a_missing_sheet_is_refused(adapter: _Adapter, tmp_path: Path) -> None:
    path, book = _old(adapter, tmp_path)
    del book["Score"]
    book.save(path)
    with pytest.raises(WorkbookError, match="has no sheet 'Score'"):
        F.rebuild_family(path, _args(), tmp_path / "new.xlsx")


def test_the_family_is_kept(adapter: _Adapter, tmp_path: Path) -> None:
    path, _ = _old(adapter, tmp_path)
    with pytest.raises(WorkbookError, match="rubber is a social game and rainbow is an individual"):
        F.rebuild_family(path, _args(kind="rainbow"), tmp_path / "new.xlsx")


def test_no_overwrite_without_force(adapter: _Adapter, tmp_path: Path) -> None:
    path, _ = _old(adapter, tmp_path)
    out = tmp_path / "new.xlsx"
    out.write_bytes(b"keep me")
    with pytest.raises(WorkbookError):
        F.rebuild_family(path, _args(), out)
    assert out.read_bytes() == b"keep me"
    F.rebuild_family(path, _args(), out, force=True)
    assert out.read_bytes() != b"keep me"


def test_every_family_has_an_adapter_module() -> None:
    from xlbridge.families.registry import FAMILY_NAMES, adapter_for
    from xlbridge.movements.registry import FAMILIES

    assert set(FAMILIES.values()) | {"pairs"} == set(FAMILY_NAMES)  # pairs: every other kind
    assert all(adapter_for(f).family == f for f in FAMILY_NAMES)  # pairs too (one engine)
