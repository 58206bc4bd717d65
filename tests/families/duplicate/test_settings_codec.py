"""The duplicate form's one Settings codec (``families/duplicate/settings.py``): what ``rows``
writes, ``read`` reads back the same, for every kind of option; a workbook written before the
code lines (its Session sheet has only the English sentences) still reads; a code line changed
by hand is refused in one line naming its cell.

All in memory: the Session sheet is written with the kit's ``write_settings``, as
``write_session_sheet`` writes it, and read from the workbook; two whole workbooks are built
(one pairs, one individuals) for the old-workbook cases, never saved.
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from xlbridge.errors import WorkbookError
from xlbridge.families.duplicate.context import Options
from xlbridge.families.duplicate.settings import (
    CODE_LABELS,
    SCALE_TEXTS,
    Facts,
    Settings,
    read,
    rows,
)
from xlbridge.families.individual.build import build_individual_workbook
from xlbridge.families.pairs.build import build_workbook
from xlbridge.movements.individual import rainbow
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.options import MovementOptions
from xlbridge.scoring.strata import Strata
from xlbridge.text import put_text
from xlbridge.workbook.session import write_settings

FACTS = Facts(boards=12, contestants=10, expected=5, two_winner=True)
STRATA = (
    None,
    Strata.parse("1000,300,0"),
    Strata.parse("A:500,B:0", "average", "highest"),
    Strata.parse("2500.5,100,20,0"),
)
SECTIONS = (
    (None, "field", ()),
    ("A:mitchell:5,B:mitchell:5", "field", ()),
    ("A:mitchell:5,B:mitchell:5", "section", ()),
    ("A:mitchell:4,B:mitchell:4,C:mitchell:4,D:mitchell:4", "field", ("AB", "CD")),
)


def _sheet(s: Settings, facts: Facts = FACTS) -> Workbook:
    """A workbook whose Session sheet holds ``rows(s)``, written as the builder writes it."""
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Session"
    put_text(ws["A1"], s.event, "event")
    write_settings(ws, lambda cell, style: None, rows(s, facts))  # type: ignore[arg-type]
    return wb


@st.composite
def pairs_settings(draw: st.DrawFn) -> Settings:
    scoring = draw(st.sampled_from(["mp", "butler", "ximp"]))
    recorded = draw(st.booleans())
    sections, how, sets = draw(st.sampled_from(SECTIONS))
    return Settings(
        kind=draw(st.sampled_from(["mitchell", "howell", "web", "field"])),
        tables=draw(st.integers(1, 100)),
        rounds=draw(st.integers(1, 100)),
        boards_per_round=draw(st.integers(1, 32)),
        event=draw(st.sampled_from(["Club pairs", "Tuesday =SUM(A1)", "Élan", "Club pairs 7"])),
        date=draw(st.sampled_from(["", "2026-05-01", "Tuesday"])),
        scoring=scoring,
        scale=draw(st.sampled_from(["acbl", "ebu"])),
        result_entry=draw(st.sampled_from(["made-down", "tricks", "score"])),
        # The datum's rounding is a Butler setting: other scorings have no such line.
        datum_rounding=draw(st.sampled_from(["half-away", "half-even", "half-up"]))
        if scoring == "butler"
        else "half-away",
        movement_options=MovementOptions(
            even=draw(st.sampled_from([None, "skip", "relay"])),
            arrow_switch=draw(st.sampled_from([None, "last", "7:1,7:2", "optimal"])),
            half_table=draw(st.booleans()),
            sit_out=draw(st.sampled_from([None, "NS 3", "EW 10", "7"])),
        )
        if recorded
        else MovementOptions(),
        options_recorded=recorded,
        sections=sections,
        section_scoring=how,
        board_sets=sets,
        handicapped=draw(st.booleans()),
        strata=draw(st.sampled_from(STRATA)),
    )


@settings(max_examples=150, deadline=None)
@given(pairs_settings())
def test_pairs_settings_read_back_as_written(s: Settings) -> None:
    assert read(_sheet(s)) == s


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["rainbow", "individual-2", "individual-3"]),
    st.sampled_from(["acbl", "ebu"]),
    st.sampled_from(["made-down", "tricks", "score"]),
    st.booleans(),
    st.sampled_from(STRATA),
)
def test_individual_settings_read_back_as_written(
    kind: str, scale: Any, entry: Any, handicapped: bool, strata: Strata | None
) -> None:
    # Individuals score by matchpoints only and write no movement options, sections or datum.
    s = Settings(kind, 5, 5, 3, form="individual", event="Club individual", scale=scale,
                 result_entry=entry, options_recorded=False, handicapped=handicapped,
                 strata=strata)  # fmt: skip
    assert read(_sheet(s)) == s


@pytest.mark.parametrize(
    ("scoring", "scale", "sentence", "code"),
    [
        ("mp", "acbl", "matchpoints", "mp"),
        ("butler", "ebu", "Butler IMPs (datum: trimmed mean, nearest 10)", "butler"),
        ("ximp", "acbl", "cross-IMPs (divided by comparisons)", "ximp"),
    ],
)
def test_a_code_line_beside_each_sentence(
    scoring: Any, scale: Any, sentence: str, code: str
) -> None:
    """The sentence for people, the code beside it for xlbridge (as teams writes "Scoring"
    and "Team scoring")."""
    got = rows(Settings("mitchell", 3, 3, 2, scoring=scoring, scale=scale,
                        strata=STRATA[1]), FACTS)  # fmt: skip
    labels = [label for label, _v in got]
    for text_label, code_label, text, value in (
        ("Scoring", "Scoring code", sentence, code),
        ("Matchpoint scale", "Scale code", SCALE_TEXTS[scale], scale),
        ("Strata", "Strata code", STRATA[1].text(), "A:1000,B:300,C:0;higher;lowest"),  # type: ignore[union-attr]
    ):
        i = labels.index(text_label)
        assert got[i] == (text_label, text) and got[i + 1] == (code_label, value)


def _drop_code_lines(wb: Workbook, also: tuple[str, ...] = ()) -> None:
    """The Session sheet as xlbridge wrote it before the code lines: the same lines without
    them (``bench/same_output.py`` and the verification in the branch's report: every other
    cell of the workbook is the same)."""
    ws = wb["Session"]
    for r in range(40, 2, -1):
        if ws.cell(row=r, column=1).value in (*CODE_LABELS, *also):
            ws.delete_rows(r)


def test_a_pairs_workbook_written_before_the_code_lines_still_reads() -> None:
    options = Options(event="Old", date="2026-01-05", scoring="butler", scale="ebu",
                      result_entry="tricks", datum_rounding="half-even",
                      movement_options="--even skip --half-table", handicapped=False,
                      strata=Strata.parse("1000,0", "average"))  # fmt: skip
    wb = build_workbook(mitchell(4, 2), options)
    new = read(wb)
    _drop_code_lines(wb)
    assert not any(wb["Session"].cell(row=r, column=1).value in CODE_LABELS for r in range(1, 40))
    assert read(wb) == new
    assert (new.scoring, new.scale, new.datum_rounding, new.result_entry) == (
        "butler", "ebu", "half-even", "tricks"
    )  # fmt: skip
    assert (new.movement_options.even, new.movement_options.half_table, new.strata) == (
        "skip", True, options.strata
    )  # fmt: skip
    # Older still: a Butler workbook without the "Datum rounding" line sent an exact 5 up.
    _drop_code_lines(wb, ("Datum rounding",))
    assert read(wb) == dataclasses.replace(new, datum_rounding="half-up")


def test_an_individual_workbook_written_before_the_code_lines_still_reads() -> None:
    wb = build_individual_workbook(rainbow(5), Options(event="Old", scale="ebu"))
    new = read(wb)
    assert (new.form, new.scoring, new.scale) == ("individual", "mp", "ebu")
    _drop_code_lines(wb)
    assert read(wb) == new
    # Older still: no "Scoring" and no "Matchpoint scale" line; the Recap's heading named the
    # scale ("EBU") and the scoring was matchpoints.
    _drop_code_lines(wb, ("Scoring", "Matchpoint scale"))
    wb["Recap"]["C2"] = "Matchpoints (EBU)"
    assert read(wb) == new
    wb["Recap"]["C2"] = "Matchpoints"
    assert read(wb) == dataclasses.replace(new, scale="acbl")


def test_a_date_typed_as_a_date_reads_as_text() -> None:
    wb = _sheet(Settings("mitchell", 3, 3, 2))
    wb["Session"]["B3"] = datetime.date(2026, 5, 1)
    assert read(wb).date == "2026-05-01"


@pytest.mark.parametrize(
    ("label", "value", "message"),
    [
        ("Scoring code", "imps", "Session sheet, cell B11: Scoring code 'imps' is not one of "
                                 "mp, butler, ximp"),
        ("Scale code", "EBU", "Session sheet, cell B13: Scale code 'EBU' is not one of acbl, ebu"),
        ("Scale code", None, "Session sheet, cell B13: Scale code '' is not one of acbl, ebu"),
        ("Strata code", "A:0,B:1000;higher;lowest", "Session sheet: Strata code: strata"),
        ("Result entry", "points", "Session sheet: Result entry 'points' is not one of"),
        ("Movement options", "--even sideways", "Session sheet: movement options '--even sid"),
    ],
)
def test_a_line_changed_by_hand_is_refused_in_one_line(
    label: str, value: Any, message: str
) -> None:
    wb = _sheet(Settings("mitchell", 3, 3, 2, strata=STRATA[1]))
    ws = wb["Session"]
    (row,) = [r for r in range(3, 40) if ws.cell(row=r, column=1).value == label]
    ws.cell(row=row, column=2).value = value
    with pytest.raises(WorkbookError) as exc:
        read(wb)
    assert str(exc.value).startswith(message) and "\n" not in str(exc.value)


def test_the_sentence_is_for_people_the_code_is_read() -> None:
    """Only the code line is read: a sentence reworded (or translated) changes nothing."""
    wb = _sheet(Settings("mitchell", 3, 3, 2, scoring="ximp", scale="ebu"))
    ws = wb["Session"]
    ws["B10"], ws["B12"] = "Cross-IMPs, Manning", "EBU"
    assert (ws["A10"].value, ws["A12"].value) == ("Scoring", "Matchpoint scale")
    assert (read(wb).scoring, read(wb).scale) == ("ximp", "ebu")
