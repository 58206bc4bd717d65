"""Issue 30: nothing a user gives becomes a live formula, whatever its source.

The structural guard: workbooks are built from hostile texts (pair labels of a movement file, a
PBN's ``PairId_NS``/``PairId_EW``, names, member numbers, names the club register fills,
events, dates, sections, team and social names), by every input path (``new``,
``--movement-file`` CSV/.asc/PBN/sections, ``--db``, ``import``, ``rebuild``); every text
carries the marker ``XMK``. Every sheet of every workbook is then scanned: no formula cell,
data validation, conditional format or defined name may contain the marker (the product's own
formulas never do), and the marker must be there as text (the hostile texts did reach the
workbook, so the scan cannot pass by finding nothing).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest

from tests.support.read_once import read_once
from tests.support.shared import DATA, run_cli

MARK = "XMK"


def hostile(i: object) -> str:
    """A hostile text, different for each ``i``; each is a formula when written as a value."""
    return f'=HYPERLINK("http://{MARK}/{i}","{MARK}{i}")'


def live_formulas(path: Path, wb: openpyxl.Workbook | None = None) -> tuple[list[str], int]:
    """(every place of the workbook where a marked text is a formula, count of marked texts);
    ``wb``: the file at ``path`` as already loaded."""
    wb = openpyxl.load_workbook(path) if wb is None else wb
    bad: list[str] = []
    texts = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if not isinstance(c.value, str) or MARK not in c.value:
                    continue
                # a text that starts with "=" must be text in the "@" format (retyped, stays text)
                live = c.data_type != "s" or c.number_format != "@"
                if live and (c.data_type == "f" or c.value.startswith("=")):
                    bad.append(f"{ws.title}!{c.coordinate} {c.data_type} {c.value[:50]}")
                    continue
                texts += 1
        for dv in ws.data_validations.dataValidation:
            if MARK in f"{dv.formula1}{dv.formula2}":
                bad.append(f"{ws.title} validation {dv.sqref}")
        for rng in ws.conditional_formatting:
            for rule in rng.rules:
                if MARK in "".join(rule.formula or ()):
                    bad.append(f"{ws.title} conditional format {rng.sqref}")
    for name, dn in wb.defined_names.items():
        if MARK in str(dn.attr_text):
            bad.append(f"defined name {name}")
    return bad, texts


def _csv(path: Path, rows: list[list[str]]) -> Path:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _ok(*argv: str) -> str:
    code, out, err = run_cli(*argv)
    assert code == 0, (argv, err)
    return out


def _guarded(path: Path) -> openpyxl.Workbook:
    """Scans the saved file (loaded once: the workbook is returned for further checks)."""
    wb = openpyxl.load_workbook(path)
    bad, texts = live_formulas(path, wb)
    assert bad == [], bad
    assert texts > 0, "no hostile text reached the workbook: the scan proves nothing"
    return wb


def _labelled_movement(folder: Path) -> Path:
    """A 3-table Mitchell's movement file with every pair label hostile."""
    text = _ok("movement", "mitchell", "--tables", "3", "--format", "csv")
    rows = list(csv.reader(io.StringIO(text)))
    head = rows[0]
    ns, ew, ns_label, ew_label = (head.index(k) for k in ("ns", "ew", "ns_label", "ew_label"))
    for r in rows[1:]:
        if len(r) == len(head) and r[ns].isdigit() and r[ew].isdigit():
            r[ns_label], r[ew_label] = hostile(f"p{r[ns]}"), hostile(f"p{r[ew]}")
    return _csv(folder / "labels.csv", rows)


def _names(folder: Path, keys: list[str]) -> Path:
    rows = [["pair", "player 1", "player 2", "number 1", "number 2"]]
    rows += [[k, hostile(f"n{k}a"), hostile(f"n{k}b"), f"{MARK}{i}", ""] for i, k in
             enumerate(keys)]  # fmt: skip
    return _csv(folder / "names.csv", rows)


def test_pairs_new_names_event_date(tmp_path: Path) -> None:
    """``new`` with hostile names, member numbers, event and date."""
    book = tmp_path / "m.xlsx"
    names = _names(tmp_path, [str(i) for i in range(1, 7)])
    _ok("new", "mitchell", "--tables", "3", "--names", str(names), "--event", hostile("e"),
        "--date", "2026-11-24", "-o", str(book))  # fmt: skip
    _guarded(book)


def test_movement_file_labels(tmp_path: Path) -> None:
    """The issue's case: a movement file's labels on Names, Movement, cards, travellers, every
    Board sheet and the Recap."""
    movement = _labelled_movement(tmp_path)
    book = tmp_path / "labels.xlsx"
    _ok("new", "--movement-file", str(movement), "--event", hostile("e"), "-o", str(book))
    wb = _guarded(book)
    assert wb["Movement"]["B4"].value.startswith(hostile("p1"))
    # The other outputs: CSV puts an apostrophe before a text a spreadsheet would run; HTML
    # escapes it; USEBIO is XML text. (The unchanged file is read once for both formats.)
    with read_once():
        _, out, _ = run_cli("results", str(book), "--format", "csv")
        fields = [f for row in csv.reader(io.StringIO(out)) for f in row if MARK in f]
        assert fields and all(f.startswith("'=") for f in fields), fields[:3]
        _, out, _ = run_cli("results", str(book), "--format", "html")
    assert MARK in out and '=HYPERLINK("http' not in out  # quotes escaped: &#34; or &quot;


def test_pbn_pair_ids(tmp_path: Path) -> None:
    """A PBN's ``PairId_NS``/``PairId_EW`` as the movement (``new --movement-file x.pbn``),
    then ``import`` of that PBN's results into it, and of a PBN naming other pairs (its
    lines on Checks name the labels)."""

    def label(i: object) -> str:  # no quote: a PBN tag's value is in quotes
        return f"=1+{MARK}{i}"

    def pbn(path: Path, pairs: list[tuple[str, str]]) -> Path:
        games = [
            f'[Event "{label("e")}"]\n[Board "{b}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            f'[PairId_NS "{ns}"]\n[PairId_EW "{ew}"]\n'
            f'[Contract "3NT"]\n[Declarer "S"]\n[Result "{8 + b}"]\n'
            for b in (1, 2)
            for ns, ew in pairs
        ]
        path.write_text("\n".join(games), encoding="utf-8")
        return path

    club = pbn(tmp_path / "club.pbn", [(label(1), label(2)), (label(3), label(4))])
    fresh = tmp_path / "pbn.xlsx"
    _ok("new", "--movement-file", str(club), "-o", str(fresh))
    _guarded(fresh)
    done = tmp_path / "done.xlsx"
    _ok("import", str(fresh), "--from", str(club), "-o", str(done))
    _guarded(done)
    other = pbn(tmp_path / "other.pbn", [(label(5), label(6))])
    again = tmp_path / "again.xlsx"
    run_cli("import", str(fresh), "--from", str(other), "-o", str(again))
    if again.exists():  # written with its lines of what was not imported, or refused
        _guarded(again)


def test_sections(tmp_path: Path) -> None:
    """``new --sections`` with hostile names and event, and a sections movement file."""
    book = tmp_path / "s.xlsx"
    _ok("new", "--sections", "A:mitchell:3,B:mitchell:3", "--event", hostile("e"),
        "--date", "2026-11-24", "-o", str(book))  # fmt: skip
    _guarded(book)
    text = _ok("movement", "mitchell", "--tables", "3", "--format", "csv")
    rows = list(csv.reader(io.StringIO(text)))
    head = [*rows[0], "section"]
    out = [head]
    ns, ew, ns_label, ew_label = (head.index(k) for k in ("ns", "ew", "ns_label", "ew_label"))
    for letter in "AB":
        for r in rows[1:]:
            r = [*r, letter] + [""] * (len(rows[0]) - len(r))
            if r[ns].isdigit() and r[ew].isdigit():
                r[ns_label] = hostile(f"{letter}{r[ns]}")
                r[ew_label] = hostile(f"{letter}{r[ew]}")
            out.append(r)
    sections = _csv(tmp_path / "sections.csv", out)
    book2 = tmp_path / "s2.xlsx"
    code, _, err = run_cli("new", "--movement-file", str(sections), "-o", str(book2))
    assert code == 0, err
    _guarded(book2)


def test_individual_names(tmp_path: Path) -> None:
    names = _csv(
        tmp_path / "players.csv",
        [["player", "name"], *[[str(i), hostile(f"i{i}")] for i in range(1, 9)]],
    )
    book = tmp_path / "ind.xlsx"
    _ok("new", "individual-2", "--tables", "2", "--names", str(names), "--event", hostile("e"),
        "--date", "2026-11-24", "-o", str(book))  # fmt: skip
    _guarded(book)


@pytest.mark.parametrize("kind", ["round-robin-4", "swiss-teams"])
def test_team_names(kind: str, tmp_path: Path) -> None:
    names = _csv(tmp_path / "teams.csv", [["team", "name", "players"], *[
        [str(i), hostile(f"t{i}"), hostile(f"tp{i}")] for i in range(1, 5)]])  # fmt: skip
    book = tmp_path / "teams.xlsx"
    _ok("new", kind, "--tables", "4", "--rounds", "3", "--names", str(names), "--event",
        hostile("e"), "--date", "2026-11-24", "-o", str(book))  # fmt: skip
    _guarded(book)


def test_social_names(tmp_path: Path) -> None:
    book = tmp_path / "social.xlsx"
    players = ",".join(f"=1+{MARK}{i}" for i in range(4))  # no comma inside: it splits them
    _ok("new", "four-player", "--tables", "1", "--players", players, "--event", hostile("e"),
        "-o", str(book))  # fmt: skip
    _guarded(book)


def test_rebuild_carries_hostile_names_as_text(tmp_path: Path) -> None:
    """Texts typed into a workbook (names) are carried by ``rebuild`` as text."""
    book = tmp_path / "m.xlsx"
    names = _names(tmp_path, [str(i) for i in range(1, 7)])
    _ok("new", "mitchell", "--tables", "3", "--names", str(names), "--event", hostile("e"),
        "-o", str(book))  # fmt: skip
    again = tmp_path / "again.xlsx"
    _ok("rebuild", str(book), "--tables", "4", "-o", str(again))
    _guarded(again)


def test_names_from_the_club_register(tmp_path: Path) -> None:
    """Names filled from the register by member number (``new --names --db``)."""
    db = tmp_path / "club.sqlite"
    members = _csv(tmp_path / "members.csv",
                   [["number", "name"], [f"{MARK}1", hostile("m1")], [f"{MARK}2", "=1+1"]])
    _ok("club", "import-members", str(members), "--db", str(db))
    names = _csv(tmp_path / "numbers.csv", [["pair", "player 1", "player 2", "number 1",
                 "number 2"], ["1", "", "", f"{MARK}1", f"{MARK}2"]])  # fmt: skip
    book = tmp_path / "m.xlsx"
    _ok("new", "mitchell", "--tables", "3", "--names", str(names), "--db", str(db), "-o",
        str(book))  # fmt: skip
    assert _guarded(book)["Names"]["B4"].value == hostile("m1")


def test_asc_movement_with_hostile_names(tmp_path: Path) -> None:
    """An ``.asc`` movement file numbers its pairs: the names given for them stay text."""
    asc = DATA / "movements" / "pjms-example.asc"
    names = _names(tmp_path, [str(i) for i in range(1, 15)])
    book = tmp_path / "asc.xlsx"
    _ok("new", "--movement-file", str(asc), "--boards-per-round", "2", "--names", str(names),
        "--event", hostile("e"), "-o", str(book))  # fmt: skip
    _guarded(book)
