"""Howell table cards say where the boards go in a round they rest (issue 31): a Howell has
more sets of boards than tables, so a set sits out a round or more; the card names the table
and the round it is next played, read here straight from the movement's entries."""

from __future__ import annotations

import pytest

from xlbridge.movements.cards import move_text, table_cards
from xlbridge.movements.howell import howell


@pytest.mark.parametrize("tables", [3, 4, 5, 6, 7])
def test_resting_boards_are_sent_on(tables: int) -> None:
    m = howell(tables)
    played: dict[int, list[tuple[int, int]]] = {}  # first board of a set -> (round, table)
    for e in m.entries:
        if e.boards:
            played.setdefault(e.boards[0], []).append((e.round, e.table))
    rested = 0
    for card in table_cards(m):
        for line in card.lines:
            later = sorted((r, t) for r, t in played[line.boards[0]] if r > line.round)
            text = move_text(line)
            if not later:
                assert "boards" not in text, text  # never played again: nothing to say
                continue
            r, t = later[0]
            if r == line.round + 1:
                assert text.endswith(f"boards to table {t}"), text
            else:
                rested += 1
                assert text.endswith(f"boards to table {t} for round {r}"), text
    assert rested > 0  # every Howell here rests some set


def test_four_table_card_line() -> None:
    """Howell, 4 tables, table 2, round 1: boards 10-12 are next played at table 1 in
    round 4 (they rest in rounds 2 and 3)."""
    line = table_cards(howell(4, 3))[1].lines[0]
    assert line.boards == (10, 11, 12)
    want = "pair 6 to table 4 EW, pair 3 to table 3, boards to table 1 for round 4"
    assert move_text(line) == want
