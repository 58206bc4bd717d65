"""Odd fields and phantoms (issue 31): ``new KIND --sit-out LABEL`` makes a pair of any pairs
movement absent (:mod:`xlbridge.movements.absent`); the Session sheet records it, so import,
results and rebuild derive the same movement.

Sources:
- The odd field's scoring, rules.md "A sit-out or phantom pair": the results expected on a board
  count only the tables that play it (nine pairs in the five-table Howell: 4 results a board,
  ACBL top 3); a pair's percentage is its matchpoints over the tops of the boards it played
  (EBU forum, "Factoring manually", forums.ebu.co.uk/discussion/535: a percentage "of the
  maximum possible - which is different for NS and EW pairs as they play different numbers of
  boards").
- ACBL matchpoints (rules.md §4, seed 000): 1 for each result beaten, ½ for each tie.
- Manning's Howell: every pair meets every other pair once; with one pair absent each of the
  others meets the other eight once and sits out the round it was due to meet the absent pair.
- Mitchell (rules.md "Half table"): the EW pair reaching an empty table sits out; no boards
  are shared, so the boards of that table rest that round.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from tests.support.shared import cli_new, run_cli
from xlbridge.errors import MovementError
from xlbridge.families.duplicate.settings import movement_options_text, parse_options
from xlbridge.families.registry import score_workbook
from xlbridge.movements.absent import absent
from xlbridge.movements.howell import howell
from xlbridge.movements.individual import rainbow
from xlbridge.movements.mitchell import mitchell
from xlbridge.movements.model import Movement
from xlbridge.movements.options import MovementArgs, MovementOptions, build_movement
from xlbridge.movements.registry import get_kind
from xlbridge.movements.validate import check
from xlbridge.results.session import SessionResults
from xlbridge.scoring.contract import score


def _meets(m: Movement) -> Counter[frozenset[int]]:
    return Counter(frozenset((e.ns, e.ew)) for e in m.entries if e.ns and e.ew)


def test_nine_pair_howell() -> None:
    """Pair 10 absent: nine pairs, four results a board, each pair sits out once and meets the
    other eight once; Manning's rules still hold."""
    m = absent(howell(5, boards_per_round=3), "10")
    assert [p.label for p in m.pairs] == [str(i) for i in range(1, 10)]
    assert all(10 not in (e.ns, e.ew) for e in m.entries)
    assert {len(m.plays(b)) for b in m.boards} == {4} and len(m.boards) == 27
    assert sorted(p for _r, p in m.sit_outs) == list(range(1, 10))
    assert sorted(len(m.sit_outs_in(r)) for r in range(1, 10)) == [1] * 9
    meets = _meets(m)
    assert len(meets) == 36 and set(meets.values()) == {1}  # 9 choose 2, each once
    assert check(m).valid
    # The boards of the empty table rest that round; nothing else changed.
    assert all(len(m.bye_stand_in(r)) == 3 for r in range(1, 10))
    assert not any("Pair 10 sits" in n for n in m.notes)


def test_mitchell_phantom_at_any_table() -> None:
    """NS 3 absent in a nine-table Mitchell: each EW pair sits out the round it reaches table
    3, whose boards rest; every board is played eight times."""
    m = absent(mitchell(9, boards_per_round=2), "NS 3")
    assert 3 not in m.pair_ids and len(m.pairs) == 17
    assert all(e.table != 3 for e in m.entries)
    assert Counter(p for _r, p in m.sit_outs) == Counter(range(10, 19))  # EW 1-9 once each
    assert {len(m.plays(b)) for b in m.boards} == {8}
    for r in range(1, 10):
        at3 = next(e.boards for e in mitchell(9, boards_per_round=2).round_entries(r)
                   if e.table == 3)  # fmt: skip
        assert m.bye_stand_in(r) == at3
    assert check(m).valid
    # A relay Mitchell: table 1 shares its boards with table 8, so nothing rests.
    relay = absent(mitchell(8, boards_per_round=2), "NS 1")
    assert relay.bye_stand == mitchell(8, boards_per_round=2).bye_stand
    # An EW phantom: the NS pair it would meet sits out; the label ignores case and spacing.
    ew = absent(mitchell(7), "ew  4")
    assert "EW 4" not in {p.label for p in ew.pairs} and len(ew.sit_outs) == 7


def test_refused_in_one_line() -> None:
    with pytest.raises(MovementError, match="no such pair in this howell"):
        absent(howell(5), "EW 3")
    with pytest.raises(MovementError, match="for pairs movements"):
        absent(rainbow(5), "1")
    code, _out, err = run_cli("movement", "mitchell", "--tables", "5", "--sit-out", "NS 9")
    assert code != 0 and err.count("\n") == 1 and "no such pair" in err


def test_session_sheet_records_it() -> None:
    text = movement_options_text(MovementOptions(even="skip", sit_out="NS 3"))
    assert text == "--even skip --sit-out NS 3"
    assert parse_options(text) == MovementOptions(even="skip", sit_out="NS 3")
    assert parse_options("--half-table").sit_out is None
    m = build_movement(get_kind("howell"), MovementArgs(tables=5, sit_out="10"))
    assert len(m.pairs) == 9


def _csv(m: Movement, seed: int) -> str:
    """A scorer's CSV for every play of ``m``: seeded random contracts and results."""
    rng = random.Random(seed)
    lines = ["board,ns,ew,contract,declarer,result"]
    for e in sorted(m.entries, key=lambda e: (e.round, e.table)):
        for b in e.boards:
            ns, ew = e.direction_on(b)
            assert ns is not None and ew is not None
            contract = rng.choice(["4S", "3NT", "2H", "1NT"])
            result = rng.choice(["=", "+1", "-1", "-2"])
            lines.append(
                f"{b},{m.label(ns)},{m.label(ew)},{contract},{rng.choice('NESW')},{result}"
            )
    return "\n".join(lines) + "\n"


def _by_hand(m: Movement, csv: str) -> dict[str, float]:
    """Each pair's percentage worked by hand: NS scores (Law 77), ACBL matchpoints among the
    board's results, the pair's matchpoints over the tops of the boards it played."""
    rows = [line.split(",") for line in csv.splitlines()[1:]]
    by_board: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for b, ns, ew, contract, by, result in rows:
        by_board[int(b)].append((ns, ew, score(contract, by, result, int(b))))
    got: dict[str, float] = defaultdict(float)
    tops: dict[str, float] = defaultdict(float)
    for results in by_board.values():
        top = len(results) - 1
        for ns, ew, s in results:
            mp = sum(1.0 if s > o else 0.5 if s == o else 0.0 for _a, _b, o in results) - 0.5
            got[ns] += mp
            got[ew] += top - mp
            tops[ns] += top
            tops[ew] += top
    return {p: 100 * got[p] / tops[p] for p in got}


CASES = {
    "howell9": (("howell", "--tables", "5", "--sit-out", "10"), "howell", 5, "10"),
    "phantom3": (("mitchell", "--tables", "9", "--boards-per-round", "2", "--sit-out", "NS 3"),
                 "mitchell", 9, "NS 3"),
}  # fmt: skip


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Movement, str]]:
    """Each case's workbook written by ``new``, filled by ``import`` from a scorer's CSV."""
    folder = tmp_path_factory.mktemp("sitout")
    out: dict[str, tuple[Path, Movement, str]] = {}
    for i, (name, (argv, kind, tables, label)) in enumerate(CASES.items()):
        book = cli_new(folder, name, *argv)
        bpr = 2 if kind == "mitchell" else None
        size = MovementArgs(tables=tables, boards_per_round=bpr, sit_out=label)
        m = build_movement(get_kind(kind), size)
        csv = _csv(m, 31 + i)
        src = folder / f"{name}.csv"
        src.write_text(csv, encoding="utf-8")
        done = folder / f"{name}-filled.xlsx"
        code, _o, err = run_cli("import", str(book), "--from", str(src), "-o", str(done))
        assert code == 0 and err == "", err
        out[name] = (done, m, csv)
    return out


def _check(res: SessionResults, m: Movement, csv: str, absent_label: str) -> None:
    assert res.problems == ()  # no "no result" rows: the absent pair has none
    labels = {s.pair.label for s in res.standings}
    assert absent_label not in labels and labels == {p.label for p in m.pairs}
    want = _by_hand(m, csv)
    for s in res.standings:
        assert s.pct == pytest.approx(want[s.pair.label], abs=0.005), s.pair.label


@pytest.mark.parametrize("name", list(CASES))
def test_filled_from_a_csv_scores_as_by_hand(
    filled: dict[str, tuple[Path, Movement, str]], name: str
) -> None:
    path, m, csv = filled[name]
    _check(score_workbook(path), m, csv, CASES[name][3])
    code, out, _e = run_cli("movement", *CASES[name][0][:-2], "--sit-out", CASES[name][3],
                            "--cards")  # fmt: skip
    assert code == 0 and f"-- {CASES[name][3]} (" not in out  # no guide card


def test_rebuild_keeps_or_sets_the_sit_out(
    filled: dict[str, tuple[Path, Movement, str]], tmp_path: Path
) -> None:
    path, m, csv = filled["howell9"]
    again = tmp_path / "again.xlsx"
    code, out, err = run_cli("rebuild", str(path), "-o", str(again))
    assert code == 0 and "kept from the old workbook's Session sheet: --sit-out 10" in out, err
    assert "carried 324 of 324" in out
    _check(score_workbook(again), m, csv, "10")
    # A plain five-table Howell made odd afterwards; --sit-out none brings pair 10 back.
    plain = cli_new(tmp_path, "plain", "howell", "--tables", "5")
    odd = tmp_path / "odd.xlsx"
    assert run_cli("rebuild", str(plain), "--sit-out", "10", "-o", str(odd))[0] == 0
    assert "10" not in {p.label for p in score_workbook(odd).input.pairs}
    full = tmp_path / "full.xlsx"
    assert run_cli("rebuild", str(odd), "--sit-out", "none", "-o", str(full))[0] == 0
    assert "10" in {p.label for p in score_workbook(full).input.pairs}


@pytest.mark.libreoffice
def test_recalculated_workbooks_agree(
    filled: dict[str, tuple[Path, Movement, str]], tmp_path: Path
) -> None:
    """Both workbooks recalculated in one LibreOffice run: every formula agrees with Python,
    results final."""
    from xlbridge.workbook.recalc import recalculate

    paths = [filled[n][0] for n in CASES]
    for name, done in zip(CASES, recalculate(paths, tmp_path / "r"), strict=True):
        res = score_workbook(done)
        assert res.recalculated and res.disagreements == ()
        _check(res, filled[name][1], filled[name][2], CASES[name][3])
