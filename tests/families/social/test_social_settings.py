"""The social family's one ``Settings`` and its codec (issue 29): ``new`` writes a code row
beside each setting it states in a sentence (net rounding, the Chicago variant, VPs), and
``settings.read`` reads those codes, never the sentences; a workbook written before the code
rows is still read from its sentences. Checked in memory, without saving a workbook."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from xlbridge.errors import WorkbookError
from xlbridge.families.social.build import build_social
from xlbridge.families.social.marathon import MarathonOptions, build_marathon
from xlbridge.families.social.pairs import PairsOptions, build_pairs_event
from xlbridge.families.social.settings import SocialOptions, read

CODES = ("Rounding", "Chicago variant", "VPs")


def _rows(wb: Any) -> dict[str, tuple[int, Any]]:
    ws = wb["Session"]
    return {ws.cell(r, 1).value: (r, ws.cell(r, 2).value) for r in range(3, 40)
            if isinstance(ws.cell(r, 1).value, str)}  # fmt: skip


def _without_codes(wb: Any) -> Any:
    """``wb`` as a workbook written before the code rows: the rows deleted, bottom first."""
    rows = _rows(wb)
    for r in sorted((rows[c][0] for c in CODES if c in rows), reverse=True):
        wb["Session"].delete_rows(r)
    assert not set(CODES) & set(_rows(wb))
    return wb


SCORE_SHEETS = [
    SocialOptions("rubber", rounding="down"),
    SocialOptions("chicago", rounding="up", new_york=True),
    SocialOptions("chicago", rounding="down"),
    SocialOptions("five-player", rounding="down", new_york=True),
    SocialOptions("four-player", game="rubber"),
]
PAIR_EVENTS = [
    PairsOptions("progressive", 3, rounding="down", vps=True, variant="move"),
    PairsOptions("progressive", 3, new_york=True),
    PairsOptions("swiss-pairs", 3, rounding="down"),
    PairsOptions("round-robin-pairs", 2, new_york=True),
]


@pytest.mark.parametrize("opt", SCORE_SHEETS, ids=lambda o: f"{o.kind}-{o.rounding}-{o.new_york}")
def test_score_sheets_codes_beside_their_sentences(opt: SocialOptions) -> None:
    wb = build_social(opt)
    rows = _rows(wb)
    assert rows["Rounding"][1] == opt.rounding
    assert "50 rounds " + opt.rounding in rows["Net rounding"][1]  # the sentence, kept
    if opt.scoring == "chicago":
        assert rows["Chicago variant"][1] == ("new-york" if opt.new_york else "standard")
    else:
        assert "Chicago variant" not in rows
    assert "VPs" not in rows  # score sheets score no VPs
    for book in (wb, _without_codes(wb)):  # with the codes, and an old workbook's sentences
        got = read(book)
        assert (got.kind, got.rounding, got.new_york) == (opt.kind, opt.rounding, opt.new_york)


@pytest.mark.parametrize("opt", PAIR_EVENTS, ids=lambda o: f"{o.kind}-{o.rounding}-{o.vps}")
def test_pair_events_codes_beside_their_sentences(opt: PairsOptions) -> None:
    wb = build_pairs_event(opt)
    rows = _rows(wb)
    assert rows["Rounding"][1] == opt.rounding
    assert rows["Chicago variant"][1] == ("new-york" if opt.new_york else "standard")
    assert rows["VPs"][1] == ("yes" if opt.with_vps else "no")
    for book in (wb, _without_codes(wb)):
        got = read(book)
        assert (got.rounding, got.new_york, got.vp) == (
            opt.rounding, opt.new_york, opt.kind == "progressive" and opt.vps)  # fmt: skip
        assert got.progression == (opt.variant if opt.kind == "progressive" else "stay")


def test_the_codes_win_over_the_sentences() -> None:
    """A sentence reworded (or saying otherwise) changes nothing the codes say."""
    wb = build_social(SocialOptions("chicago", rounding="down", new_york=True))
    rows = _rows(wb)
    for label in ("Net rounding", "Chicago vulnerability"):
        wb["Session"].cell(rows[label][0], 2).value = "reworded"
    got = read(wb)
    assert (got.rounding, got.new_york) == ("down", True)


def test_a_code_that_is_none_of_its_values_is_one_line() -> None:
    wb = build_pairs_event(PairsOptions("swiss-pairs", 3))
    row, _ = _rows(wb)["VPs"]
    wb["Session"].cell(row, 2).value = "maybe"
    with pytest.raises(WorkbookError, match=rf"Session sheet, cell B{row}: VPs 'maybe' is not"):
        read(wb)


def test_the_marathon_states_no_setting_in_a_sentence() -> None:
    wb = build_marathon(MarathonOptions(pairs=6, deals=16))
    assert not set(CODES) & set(_rows(wb))
    got = read(wb)
    assert (got.kind, got.pairs, got.deals) == ("marathon", 6, 16)


@pytest.mark.parametrize(
    "build",
    [
        lambda: build_social(SocialOptions("rubber")),
        lambda: build_pairs_event(PairsOptions("progressive", 3)),
        lambda: build_marathon(MarathonOptions(pairs=6, deals=16)),
    ],
    ids=["score-sheets", "pair-event", "marathon"],
)
def test_results_parses_the_session_sheet_once(
    build: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The family's reader parses the Session sheet once and hands that parse to the codec
    (three times for score sheets and twice for a pair event before). Saved, because the
    readers read a workbook opened read-only, as ``results`` opens it."""
    from xlbridge.families.social import FAMILY
    from xlbridge.interchange.gate import load_workbook
    from xlbridge.workbook import session
    from xlbridge.workbook.cells import Book

    path = tmp_path / "s.xlsx"
    build().save(path)
    formulas, cached = Book.views(load_workbook(path, read_only=True, what="workbook"))
    parses: list[object] = []

    class Counted(session.SessionSettings):
        def __init__(self, *args: Any) -> None:
            parses.append(args)
            super().__init__(*args)

    monkeypatch.setattr(session, "SessionSettings", Counted)
    assert FAMILY.read(formulas, cached).kind in ("rubber", "progressive", "marathon")
    assert len(parses) == 1
