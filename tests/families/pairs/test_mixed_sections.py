"""A field of a Mitchell section and a Howell section (issue 31): what a director expects.

The field is matchpointed and ranked as one list (the Howell pairs play both directions, so
there is no NS and EW field), and each section also on its own: the Howell section as one list,
the Mitchell section NS and EW apart, as a Mitchell's places are given when it plays alone (its
two winners: the ACBL recap of seed 000 that the product follows for a Mitchell). So both
rankings a director may post are there: the field's one list, and the sections' own places.

The places are checked against a ranking of this test's own (each group sorted by its total,
ties "="); LibreOffice's values of the same formulas are checked by
``test_field_sections.test_libreoffice_agrees_for_imps_and_ebu_with_a_howell_section``.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from tests.support.shared import run_cli
from tests.support.workbook_fill import fill, random_fill
from xlbridge.families.duplicate.context import Options
from xlbridge.families.pairs.build import write_session
from xlbridge.families.registry import score_workbook
from xlbridge.movements.field import join_sections, parse_sections
from xlbridge.results.session import Standing

SECTIONS = "A:mitchell:4,B:howell:3"


def _by_hand(group: list[Standing]) -> dict[str, str]:
    """1 + the pairs with a higher total, "=" when another has the same."""
    totals = [s.total for s in group if s.total is not None]
    return {s.label: f"{1 + sum(t > s.total for t in totals)}"
            + ("=" if totals.count(s.total) > 1 else "")
            for s in group if s.total is not None}  # fmt: skip


def test_a_mitchell_and_a_howell_section(tmp_path: Path) -> None:
    f = join_sections(parse_sections(SECTIONS), 2)
    path = tmp_path / "mixed.xlsx"
    options = Options(sections=f)
    write_session(f.movement, path, sections=f)
    fill(path, f.movement, options, random_fill(f.movement, options, seed=31))
    res = score_workbook(path)
    assert not res.two_winner  # the Howell pairs play both ways: one field
    standings = list(res.standings)
    assert {s.label: s.rank for s in standings} == _by_hand(standings)
    dirs = {s.label: s.section_dir for s in standings}
    assert {d for x, d in dirs.items() if x.startswith("A-NS")} == {"NS"}
    assert {d for x, d in dirs.items() if x.startswith("A-EW")} == {"EW"}
    assert {d for x, d in dirs.items() if x.startswith("B-")} == {""}
    want: dict[str, str] = {}
    for group in ("A-NS", "A-EW", "B-"):
        want |= _by_hand([s for s in standings if s.label.startswith(group)])
    assert {s.label: s.section_rank for s in standings if s.total is not None} == want
    assert sorted(want.values()).count("1") >= 3  # a winner NS and EW in A, one in B

    # The workbook: the Recap's Dir says the Mitchell pairs' direction, the section rank
    # formula of an A row ranks within the section and the direction, a B row's the section.
    wb = openpyxl.load_workbook(path)
    recap = wb["Recap"]
    heads = [c.value for c in recap[4]]
    col = {h: i + 1 for i, h in enumerate(heads) if h}
    rows = {recap.cell(r, 1).value: r for r in range(5, 5 + len(standings))}
    assert recap.cell(rows["A-NS 1"], col["Dir"]).value == "NS"
    assert recap.cell(rows["A-EW 3"], col["Dir"]).value == "EW"
    assert recap.cell(rows["B-2"], col["Dir"]).value in (None, "")
    assert "$C$5:$C$" in recap.cell(rows["A-EW 3"], col["Section rank"]).value
    assert "$C$5:$C$" not in recap.cell(rows["B-2"], col["Section rank"]).value
    heads_r = [c.value for c in wb["Results"]["A"] if isinstance(c.value, str)]
    assert [h for h in heads_r if h.startswith("Section")] == [
        "Section A, North-South", "Section A, East-West", "Section B"]  # fmt: skip

    # results: the field's one list, then each section's places.
    _code, text, err = run_cli("results", str(path))
    assert "Section A, NS pairs" in text and "Section A, EW pairs" in text, err
    assert "\nSection B\n" in text
    data = json.loads(run_cli("results", str(path), "--format", "json")[1])
    assert {e["dir"] for e in data["entries"]} == {""}  # one field
    assert {e["label"]: e["section_rank"] for e in data["entries"] if e["section_rank"]} == want
