"""Rebuild the Bridgemate results databases (Access 2000 / Jet 4) used by
``tests/test_bws_real.py``, each with bad rows:

- ``mitchell3x2.bws``: the session ``xlbridge new mitchell --tables 3 --boards-per-round 2``;
- ``roundrobin4.bws``: ``xlbridge new round-robin-4 --tables 4 --boards-per-round 4``, a teams
  event: section A holds the open rooms (room 1), section B the closed rooms (room 2), PairNS
  and PairEW the team numbers;
- ``individual2.bws``: ``xlbridge new individual-2 --tables 2``, an individual: ReceivedData and
  RoundData have Bridgemate's South and West columns, PairNS is North's player, PairEW East's.
- ``twosections.bws``: two sections (A, B) of the ``mitchell3x2.bws`` session; a pairs workbook
  takes section A.

The databases are written by Jackcess (a real Access writer, Java), taken from the PyPI wheel
``mpxj`` which bundles it; nothing here writes Access bytes itself. Needs Java 11+ and pip::

    .venv/bin/python tests/data/bws/make_bws.py            # all four; pip downloads mpxj
    .venv/bin/python tests/data/bws/make_bws.py --jars DIR roundrobin4.bws  # one, jars in DIR

The rows and what ``xlbridge import`` must do with each are listed in ``RECEIVED``,
``TEAMS_RECEIVED``, ``INDIVIDUAL_RECEIVED`` and ``TWO_SECTIONS_RECEIVED`` below and in
README.md.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
WHEEL = "mpxj==16.10.0"
WHEEL_SHA256 = "5cc44621b58c9d218afd26f4a4a6baa614b41d207a69f8f4ff16a8f6d6f2e5cd"
JARS = ("jackcess-4.0.10.jar", "commons-lang3-3.18.0.jar", "commons-logging-1.2.jar")

# Mitchell, 3 tables, 2 boards a round, 3 rounds (xlbridge.movements.mitchell.mitchell(3, 2)):
# (round, table, NS pair, EW pair, boards); EW pairs are numbered 1-3 as on Bridgemate.
MOVEMENT = (
    (1, 1, 1, 1, (1, 2)), (1, 2, 2, 2, (3, 4)), (1, 3, 3, 3, (5, 6)),
    (2, 1, 1, 3, (3, 4)), (2, 2, 2, 1, (5, 6)), (2, 3, 3, 2, (1, 2)),
    (3, 1, 1, 2, (5, 6)), (3, 2, 2, 3, (1, 2)), (3, 3, 3, 1, (3, 4)),
)  # fmt: skip

# ReceivedData rows in ID order (mdb-export line = ID + 1):
# (round, table, board, PairNS, PairEW, NS/EW, Contract, Result, LeadCard, Erased)
RECEIVED = (
    (1, 1, 1, 1, 1, "N", "4 S", "+1", "H5", 0),  # line 2: 4S by N, made 5
    (1, 1, 2, 1, 1, "E", "3 NT x", "-2", "S10", 0),  # line 3: 3NTX by E, down 2
    (1, 2, 3, 2, 2, "", "PASS", "", "", 0),  # line 4: passed out
    (1, 2, 4, 2, 2, "S", "2 H xx", "=", "CA", 0),  # line 5: 2HXX by S, made 2
    (1, 3, 5, 3, 3, "W", "1 C", "+2", "D2", 1),  # line 6: erased: skipped
    (1, 3, 5, 3, 3, "W", "1 D", "+2", "D2", 0),  # line 7: 1D by W, made 3
    (1, 3, 6, 3, 3, "N", "6 NT", "=", "HK", 0),  # line 8: 6NT by N, made 6
    (2, 1, 3, 1, 3, "S", "5 C x", "-1", "SQ", 0),  # line 9: 5CX by S, down 1
    (2, 1, 4, 1, 3, "E", "4 H", "-1", "C3", 0),  # line 10: received again on line 11
    (2, 1, 4, 1, 3, "E", "4 H", "=", "C3", 0),  # line 11: 4H by E, made 4 (stands)
    (2, 2, 5, 2, 1, "N", "8 S", "=", "H2", 0),  # line 12: bad contract (level 8)
    (2, 2, 6, 2, 1, "N", "3 S", "=", "DJ", 0),  # line 13: 3S by N, made 3
    (2, 3, 3, 3, 2, "S", "2 C", "=", "S4", 0),  # line 14: NS 3 / EW 2 do not play board 3
    (2, 3, 1, 3, 2, "W", "2 S", "+1", "C9", 0),  # line 15: 2S by W, made 3
    (3, 1, 5, 1, 9, "N", "3 H", "=", "S7", 0),  # line 16: no EW pair 9
    (3, 1, 99, 1, 2, "N", "3 H", "=", "S7", 0),  # line 17: no board 99
    (3, 2, 1, 2, 3, "S", "3 NT", "+1", "D5", 0),  # line 18: 3NT by S, made 4
    (3, 3, 3, 3, 1, "E", "2 D", "=", "H3", 1),  # line 19: erased: skipped, play stays empty
    (3, 3, 4, 3, 1, "X", "4 S", "=", "C8", 0),  # line 20: bad declarer direction
    (3, 1, 6, 1, 2, "N", "4 S", "+4", "HA", 0),  # line 21: 14 tricks: bad result
    (3, 2, 2, 2, 3, "", "", "", "", 0),  # line 22: Remarks "Not played": reported, not placed
)  # fmt: skip


def _rows_tsv() -> str:
    lines = ["Section\t1\tA\t3\t0\t0\t1\t1\t2"]
    lines += [f"Tables\t1\t{t}\t1\t0\t1\t3\t0\t0" for t in range(1, 4)]
    for rnd, table, ns, ew, boards in MOVEMENT:
        lines.append(f"RoundData\t1\t{table}\t{rnd}\t{ns}\t{ew}\t{boards[0]}\t{boards[-1]}\t")
    for i, (rnd, table, board, ns, ew, seat, contract, result, lead, erased) in enumerate(RECEIVED):
        declarer = ns if seat in ("N", "S") else ew if seat in ("E", "W") else 0
        when = f"1899-12-30T19:{i:02d}:00"  # Access keeps a time of day on day zero
        remarks = "" if contract else "Not played"  # as TabScore writes a board not played
        day = "2026-11-23T00:00"
        fields = ("ReceivedData", "AUTO", 1, table, rnd, board, ns, ew, declarer, seat, contract,
                  result, lead, remarks, day, when, 0, 0, 0, 0, 0, erased)  # fmt: skip
        lines.append("\t".join(str(v) for v in fields))
    return "\n".join(lines) + "\n"


# --- roundrobin4.bws: xlbridge new round-robin-4 --tables 4 --boards-per-round 4 -------------
# xlbridge.movements.teams.round_robin_four(4): 4 teams, 3 rounds, 2 matches a round, each
# match's own 4 boards; its tables 1 and 2 are match 1's rooms, 3 and 4 match 2's. On Bridgemate
# section A (ID 1) holds the open rooms (home team NS: room 1), section B (ID 2) the closed
# rooms (away team NS: room 2), so schedule table 2t-1 is A's table t and 2t is B's table t.
# (round, section, table, NS team, EW team, low board, high board)
TEAMS_ROUNDS = (
    (1, 1, 1, 1, 4, 1, 4), (1, 2, 1, 4, 1, 1, 4), (1, 1, 2, 2, 3, 5, 8), (1, 2, 2, 3, 2, 5, 8),
    (2, 1, 1, 1, 3, 9, 12), (2, 2, 1, 3, 1, 9, 12), (2, 1, 2, 2, 4, 13, 16),
    (2, 2, 2, 4, 2, 13, 16),
    (3, 1, 1, 1, 2, 17, 20), (3, 2, 1, 2, 1, 17, 20), (3, 1, 2, 3, 4, 21, 24),
    (3, 2, 2, 4, 3, 21, 24),
)  # fmt: skip

# ReceivedData rows in storage order (mdb-export line = position + 2); the ID is the line - 1
# except lines 13 and 14, whose IDs are swapped: line 13 is received last (ID 13) though stored
# first, as when Access reuses a deleted row's space.
# (ID, section, round, table, board, PairNS, PairEW, NS/EW, Contract, Result, Remarks, Erased)
TEAMS_RECEIVED = (
    (1, 1, 1, 1, 1, 1, 4, "N", "4 S", "=", "", 0),  # line 2: Match 1 room 1: 4S N made 4
    (2, 2, 1, 1, 1, 4, 1, "N", "4 S", "-1", "", 0),  # line 3: Match 1 room 2: 4S N down 1
    (3, 1, 1, 1, 2, 1, 4, "W", "3 NT", "+1", "", 0),  # line 4: room 1: 3NT W made 4
    (4, 2, 1, 1, 2, 4, 1, "", "PASS", "", "", 0),  # line 5: room 2: passed out
    (5, 1, 1, 1, 3, 1, 4, "E", "2 H x", "-2", "", 0),  # line 6: room 1: 2HX E down 2
    (6, 2, 1, 1, 3, 4, 1, "S", "1 C", "=", "", 1),  # line 7: erased: skipped
    (7, 2, 1, 1, 3, 4, 1, "S", "3 C", "=", "", 0),  # line 8: room 2: 3C S made 3
    (8, 1, 1, 2, 5, 2, 3, "S", "4 H xx", "=", "", 0),  # line 9: Match 2 room 1: 4HXX S made 4
    (9, 2, 1, 2, 5, 3, 2, "N", "8 S", "=", "", 0),  # line 10: level 8
    (10, 1, 1, 2, 6, 2, 9, "N", "1 NT", "=", "", 0),  # line 11: no team 9
    (11, 2, 1, 2, 6, 3, 2, "N", "1 NT", "=", "", 0),  # line 12: Match 2 room 2: 1NT N made 1
    (13, 1, 2, 1, 9, 1, 3, "N", "3 S", "+1", "", 0),  # line 13: ID 13: stands, 3S N made 4
    (12, 1, 2, 1, 9, 1, 3, "N", "3 S", "=", "", 0),  # line 14: ID 12: received first, replaced
    (14, 2, 2, 1, 9, 3, 1, "N", "4 S", "+4", "", 0),  # line 15: 14 tricks
    (15, 1, 2, 1, 10, 1, 2, "N", "2 S", "=", "", 0),  # line 16: teams 1 and 2 do not meet here
    (16, 1, 2, 1, 99, 1, 3, "N", "2 S", "=", "", 0),  # line 17: no board 99
    (17, 2, 2, 1, 10, 3, 1, "X", "2 S", "=", "", 0),  # line 18: seat X
    (18, 1, 2, 2, 13, 2, 4, "", "", "", "Not played", 0),  # line 19: not played (TabScore)
    (19, 2, 2, 2, 13, 4, 2, "E", "5 D x", "-3", "", 0),  # line 20: Match 4 room 2: 5DX E down 3
    (20, 2, 1, 3, 1, 4, 1, "N", "4 S", "=", "", 0),  # line 21: table B3: room 2 again (line 3)
    (21, 1, 3, 1, 17, 1, 2, "N", "6 NT", "=", "", 0),  # line 22: Match 5 room 1: 6NT N made 6
    (22, 2, 3, 1, 17, 2, 1, "N", "6 NT", "-1", "", 0),  # line 23: Match 5 room 2: down 1
    (23, 1, 3, 2, 21, 3, 4, "E", "1 S", "+2", "", 0),  # line 24: Match 6 room 1: 1S E made 3
    (24, 2, 3, 2, 21, 4, 3, "W", "2 S", "=", "", 1),  # line 25: erased: room 2 stays empty
)  # fmt: skip


# --- individual2.bws: xlbridge new individual-2 --tables 2 -----------------------------------
# xlbridge.movements.individual.two_table_individual(): 8 players, 7 rounds of 3 boards, both
# tables play the round's boards. (round, table, North, East, South, West, low, high board)
INDIVIDUAL_ROUNDS = (
    (1, 1, 8, 7, 1, 3, 1, 3), (1, 2, 2, 5, 4, 6, 1, 3),
    (2, 1, 8, 1, 2, 4, 4, 6), (2, 2, 3, 6, 5, 7, 4, 6),
    (3, 1, 8, 2, 3, 5, 7, 9), (3, 2, 4, 7, 6, 1, 7, 9),
    (4, 1, 8, 3, 4, 6, 10, 12), (4, 2, 5, 1, 7, 2, 10, 12),
    (5, 1, 8, 4, 5, 7, 13, 15), (5, 2, 6, 2, 1, 3, 13, 15),
    (6, 1, 8, 5, 6, 1, 16, 18), (6, 2, 7, 3, 2, 4, 16, 18),
    (7, 1, 8, 6, 7, 2, 19, 21), (7, 2, 1, 4, 3, 5, 19, 21),
)  # fmt: skip

# ReceivedData rows in storage order (line = position + 2; ID = line - 1 except lines 19, 20).
# (ID, round, table, board, North, East, South, West, NS/EW, Contract, Result, Remarks, Erased)
INDIVIDUAL_RECEIVED = (
    (1, 1, 1, 1, 8, 7, 1, 3, "N", "4 S", "+1", "", 0),  # line 2: 4S N made 5
    (2, 1, 2, 1, 2, 5, 4, 6, "W", "3 NT", "-1", "", 0),  # line 3: 3NT W down 1
    (3, 1, 1, 2, 8, 7, 1, 3, "", "PASS", "", "", 0),  # line 4: passed out
    (4, 1, 2, 2, 2, 5, 4, 6, "E", "2 H x", "=", "", 0),  # line 5: 2HX E made 2
    (5, 1, 1, 3, 8, 7, 1, 3, "S", "1 C", "=", "", 1),  # line 6: erased: skipped
    (6, 1, 1, 3, 8, 7, 1, 3, "S", "1 D", "+2", "", 0),  # line 7: 1D S made 3
    (7, 1, 2, 3, 2, 5, 4, 6, "N", "3 S", "=", "", 0),  # line 8: replaced by line 9
    (8, 1, 2, 3, 2, 5, 4, 6, "", "", "", "Not played", 0),  # line 9: not played: play empty
    (9, 2, 1, 4, 8, 1, 2, 4, "E", "4 H", "=", "", 0),  # line 10: 4H E made 4
    (10, 2, 2, 4, 3, 6, 5, 9, "N", "2 S", "=", "", 0),  # line 11: no player 9 (West)
    (11, 2, 1, 5, 2, 1, 8, 4, "N", "3 NT", "=", "", 0),  # line 12: North and South swapped
    (12, 2, 2, 5, 3, 6, 5, 7, "S", "5 C x", "-1", "", 0),  # line 13: 5CX S down 1
    (13, 2, 1, 6, 8, 7, 1, 3, "N", "2 S", "=", "", 0),  # line 14: round 1's four on board 6
    (14, 2, 1, 99, 8, 1, 2, 4, "N", "2 S", "=", "", 0),  # line 15: no board 99
    (15, 2, 2, 6, 3, 6, 5, 7, "N", "8 S", "=", "", 0),  # line 16: level 8
    (16, 3, 1, 7, 8, 2, 3, 5, "X", "4 S", "=", "", 0),  # line 17: seat X
    (17, 3, 2, 7, 4, 7, 6, 1, "N", "4 S", "+4", "", 0),  # line 18: 14 tricks
    (19, 3, 1, 8, 8, 2, 3, 5, "N", "3 NT", "=", "", 0),  # line 19: ID 19: stands, made 3
    (18, 3, 1, 8, 8, 2, 3, 5, "N", "3 NT", "-1", "", 0),  # line 20: ID 18: earlier, replaced
    (20, 3, 2, 8, 4, 7, 6, 1, "W", "2 D", "=", "", 0),  # line 21: 2D W made 2
    (21, 3, 3, 8, 4, 7, 6, 1, "W", "2 D", "+1", "", 0),  # line 22: table 3: that play again
    (22, 3, 2, 9, 4, 7, 6, 1, "", "", "", "Arbitral score", 0),  # line 23: no contract
    (23, 3, 1, 9, 8, 2, 3, 5, "S", "1 NT", "+1", "", 1),  # line 24: erased: play stays empty
)  # fmt: skip


def _received_tail(i: int, contract: str, result: str, remarks: str, erased: int) -> list[str]:
    lead = "" if not contract or contract == "PASS" else "S2"
    when = f"1899-12-30T19:{i:02d}:00"  # Access keeps a time of day on day zero
    return [contract, result, lead, remarks, "2026-11-23T00:00", when, *"00000", str(erased)]


def _teams_tsv() -> str:
    lines = [f"Section\t{s}\t{'AB'[s - 1]}\t2\t0\t0\t1\t1\t2" for s in (1, 2)]
    lines += [f"Tables\t{s}\t{t}\t1\t0\t1\t3\t0\t0" for s in (1, 2) for t in (1, 2)]
    for rnd, sec, table, ns, ew, low, high in TEAMS_ROUNDS:
        lines.append(f"RoundData\t{sec}\t{table}\t{rnd}\t{ns}\t{ew}\t{low}\t{high}\t")
    for i, row in enumerate(TEAMS_RECEIVED):
        rid, sec, rnd, table, board, ns, ew, seat, contract, result, remarks, erased = row
        declarer = ns if seat in ("N", "S") else ew if seat in ("E", "W") else 0
        head = ["ReceivedData", rid, sec, table, rnd, board, ns, ew, declarer, seat]
        tail = _received_tail(i, contract, result, remarks, erased)
        lines.append("\t".join(str(v) for v in [*head, *tail]))
    return "\n".join(lines) + "\n"


def _individual_tsv() -> str:
    lines = ["Section\t1\tA\t2\t0\t0\t1\t1\t1"]
    lines += [f"Tables\t1\t{t}\t1\t0\t1\t3\t0\t0" for t in (1, 2)]
    for rnd, table, n, e, s, w, low, high in INDIVIDUAL_ROUNDS:
        lines.append(f"RoundData\t1\t{table}\t{rnd}\t{n}\t{e}\t{low}\t{high}\t\t{s}\t{w}")
    for i, row in enumerate(INDIVIDUAL_RECEIVED):
        rid, rnd, table, board, n, e, s, w, seat, contract, result, remarks, erased = row
        declarer = n if seat in ("N", "S") else e if seat in ("E", "W") else 0  # as TabScore
        head = ["ReceivedData", rid, 1, table, rnd, board, n, e, s, w, declarer, seat]
        tail = _received_tail(i, contract, result, remarks, erased)
        lines.append("\t".join(str(v) for v in [*head, *tail]))
    return "\n".join(lines) + "\n"


# --- twosections.bws: two sections of xlbridge new mitchell --tables 3 --boards-per-round 2 ---
# Sections A (ID 1) and B (ID 2) both play MOVEMENT; a pairs workbook is one section, so the
# import takes section A, the first, and reports B's rows, even the one stored first.
# (section, round, table, board, PairNS, PairEW, NS/EW, Contract, Result); ID = line - 1.
TWO_SECTIONS_RECEIVED = (
    (2, 1, 1, 1, 1, 1, "N", "3 NT", "="),  # line 2: section B (stored first): reported
    (1, 1, 1, 1, 1, 1, "N", "4 S", "+1"),  # line 3: section A: 4S N made 5
    (2, 1, 2, 3, 2, 2, "W", "1 NT", "="),  # line 4: section B: reported
    (1, 1, 2, 3, 2, 2, "S", "2 S", "="),  # line 5: section A: 2S S made 2
)  # fmt: skip


def _two_sections_tsv() -> str:
    lines = [f"Section\t{s}\t{'AB'[s - 1]}\t3\t0\t0\t1\t1\t2" for s in (1, 2)]
    lines += [f"Tables\t{s}\t{t}\t1\t0\t1\t3\t0\t0" for s in (1, 2) for t in (1, 2, 3)]
    for sec in (1, 2):
        for rnd, table, ns, ew, boards in MOVEMENT:
            lines.append(f"RoundData\t{sec}\t{table}\t{rnd}\t{ns}\t{ew}\t{boards[0]}"
                         f"\t{boards[-1]}\t")  # fmt: skip
    for i, (sec, rnd, table, board, ns, ew, seat, contract, result) in enumerate(
        TWO_SECTIONS_RECEIVED
    ):
        declarer = ns if seat in ("N", "S") else ew
        head = ["ReceivedData", i + 1, sec, table, rnd, board, ns, ew, declarer, seat]
        tail = _received_tail(i, contract, result, "", 0)
        lines.append("\t".join(str(v) for v in [*head, *tail]))
    return "\n".join(lines) + "\n"


FIXTURES: dict[str, tuple[str, Callable[[], str]]] = {
    "mitchell3x2.bws": ("pairs", _rows_tsv),
    "roundrobin4.bws": ("pairs", _teams_tsv),
    "individual2.bws": ("individual", _individual_tsv),
    "twosections.bws": ("pairs", _two_sections_tsv),
}


def _jars_from_wheel(tmp: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", WHEEL, "-d", str(tmp)],
        check=True,
    )
    (wheel,) = tmp.glob("mpxj-*.whl")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: sha256 {digest}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as z:
        for jar in JARS:
            (tmp / jar).write_bytes(z.read(f"mpxj/lib/{jar}"))
    return tmp


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="fixtures to write (default: all): "
                        + ", ".join(FIXTURES))  # fmt: skip
    parser.add_argument("--jars", type=Path, help="folder holding " + ", ".join(JARS))
    parser.add_argument("-o", "--output", type=Path, help="with one name: write it here")
    args = parser.parse_args()
    names = args.names or list(FIXTURES)
    unknown = [n for n in names if n not in FIXTURES]
    if unknown:
        parser.error(f"no fixture {unknown[0]!r}; choose from {', '.join(FIXTURES)}")
    if args.output and len(names) != 1:
        parser.error("-o needs exactly one fixture name")
    java = shutil.which("java")
    if java is None:
        raise SystemExit("make_bws.py needs Java 11+ (e.g. apt-get install openjdk-17-jre)")
    with tempfile.TemporaryDirectory(prefix="make-bws-") as t:
        tmp = Path(t)
        jars = args.jars if args.jars else _jars_from_wheel(tmp)
        classpath = ":".join(str(jars / j) for j in JARS)
        for name in names:
            variant, make_rows = FIXTURES[name]
            rows = tmp / "rows.tsv"
            rows.write_text(make_rows(), encoding="utf-8")
            out = tmp / "out.bws"
            command = [java, "-cp", classpath, str(HERE / "MakeBws.java"), str(rows), str(out)]
            subprocess.run([*command, variant], check=True)
            target = args.output or HERE / name
            shutil.copyfile(out, target)
            print(f"wrote {target} ({target.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
