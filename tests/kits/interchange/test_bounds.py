"""Work that grows with a hostile file, not with the session (issue 24): every reader's work is
bounded by what a session workbook holds (sheets, cells, rows, shared strings), checked before
the work, whatever the file declares.

Bounds are asserted on work done, never on the clock: whether openpyxl was reached at all (its
``load_workbook`` replaced by one that fails), the cells a reader builds (openpyxl's read-only
cell class replaced by a counting one) and peak Python memory (tracemalloc).
"""

from __future__ import annotations

import tracemalloc
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.utils.cell import coordinate_to_tuple

from tests.support.hostile_books import (
    DAMAGES,
    add_sheets,
    cell_at_row,
    custom_properties,
    damaged_sheet,
    empty_cells,
    many_boards,
    many_formats,
    pad_rows,
    rewrite,
    shared_part,
    shared_strings,
    sheet_parts,
    validation_list,
)
from tests.support.shared import run_cli
from xlbridge import limits
from xlbridge.errors import InputFileError, WorkbookError
from xlbridge.interchange import gate
from xlbridge.workbook.cells import Book

PEAK = 200 * 1024 * 1024  # bytes of Python memory any refusal or bounded read may use


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A genuine 15-table, 30-board Mitchell workbook (the issue's 30-board example)."""
    folder = tmp_path_factory.mktemp("bounds")
    code, _out, err = run_cli(
        "new", "mitchell", "--tables", "15", "--boards-per-round", "2",
        "-o", str(folder / "m30.xlsx"),
    )  # fmt: skip
    assert code == 0, err
    return (folder / "m30.xlsx").read_bytes()


@pytest.fixture
def no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """openpyxl's loader fails the test if the gate lets the file through to it."""

    def reached(*_a: Any, **_k: Any) -> None:
        raise AssertionError("the gate let the file through to openpyxl")

    monkeypatch.setattr(openpyxl, "load_workbook", reached)


def _refused(path: Path) -> tuple[str, int]:
    """The gate's one-line refusal of ``path`` and the peak memory it took."""
    tracemalloc.start()
    try:
        with pytest.raises(InputFileError) as info:
            gate.load_workbook(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(info.value)
    assert "\n" not in message and repr(str(path)) in message
    return message, peak


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    (tmp_path / name).write_bytes(data)
    return tmp_path / name


@pytest.mark.parametrize(
    ("name", "make", "phrase"),
    [
        # the 24 KB workbook: one 0.95 MB sheet part referenced by 2,000 sheets
        ("shared_part.xlsx", lambda b: shared_part(b, 2000), "has 2,039 sheets"),
        # three sheets on one part: few sheets, but one part read three times
        ("shared3.xlsx", lambda b: shared_part(b, 3, 1000), "two sheets that are one sheet part"),
        # 180 parts just under the ratio floor (the 43 million empty cells); 5 suffice
        ("empty_cells.xlsx", lambda b: empty_cells(b, 5), "holds over 1,000,000 cells"),
        ("one_part.xlsx", lambda b: empty_cells(b, 1, 250_001), "holds over 250,000 cells"),
        # millions of tiny shared strings: one more than the cells a workbook may hold
        ("strings.xlsx", lambda b: shared_strings(b, 1_000_001), "over 1,000,000 shared strings"),
        # 5,000 tiny Board sheets; 251 sheets in all are already too many
        ("many_boards.xlsx", lambda b: many_boards(b, 5000), "has 5,039 sheets"),
        ("251_sheets.xlsx", lambda b: many_boards(b, 251 - 39), "has 251 sheets"),
    ],
)
def test_the_gate_refuses_what_no_session_holds(
    base: bytes,
    tmp_path: Path,
    no_parser: None,
    name: str,
    make: Callable[[bytes], bytes],
    phrase: str,
) -> None:
    path = _write(tmp_path, name, make(base))
    message, peak = _refused(path)
    assert phrase in message
    assert peak < PEAK


def _with_sheet_xml(base: bytes, body: bytes) -> bytes:
    """``base`` with a sheet "Notes" whose part is ``body`` (deflated fast, level 1: a part
    deflated less is as far under the ratio limit or further)."""
    part = "xl/worksheets/notes.xml"
    return add_sheets(base, ["Notes"], [part], {part: body}, level=1)


_MAIN = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"


@pytest.mark.parametrize(
    ("body", "phrase"),
    [
        # openpyxl builds a MergedCell for every cell a merge covers, and a cell for every cell
        # a hyperlink's range covers: one short tag, 17 billion cells
        (b'<worksheet xmlns="' + _MAIN + b'"><sheetData/><mergeCells count="1">'
         b'<mergeCell ref="A1:XFD1048576"/></mergeCells></worksheet>', "over 250,000 cells"),
        (b'<worksheet xmlns="' + _MAIN + b'"><sheetData/><hyperlinks>'
         b'<hyperlink display="x" location="A1" ref="A1:Z20000"/></hyperlinks></worksheet>',
         "over 250,000 cells"),
        # cells under a namespace prefix are cells too
        (b'<x:worksheet xmlns:x="' + _MAIN + b'"><x:sheetData>'
         + b"".join(b'<x:row r="%d"><x:c r="A%d"/></x:row>' % (r, r) for r in range(1, 125_002))
         + b"</x:sheetData></x:worksheet>", "over 250,000 cells"),
        # rows without cells still cost openpyxl an object each
        (b'<worksheet xmlns="' + _MAIN + b'"><sheetData>'
         + b"".join(b'<row r="%d" ht="9" customHeight="1"/>' % r for r in range(1, 250_002))
         + b"</sheetData></worksheet>", "over 250,000 cells"),
    ],
)  # fmt: skip
def test_cells_a_tag_makes_are_counted(
    base: bytes, tmp_path: Path, no_parser: None, body: bytes, phrase: str
) -> None:
    message, peak = _refused(_write(tmp_path, "tags.xlsx", _with_sheet_xml(base, body)))
    assert phrase in message and "'xl/worksheets/notes.xml'" in message
    assert peak < PEAK


def test_a_merge_tag_split_across_chunks_is_counted_once(base: bytes, tmp_path: Path) -> None:
    """The counter sees the part in 64 KB chunks: a tag across two of them counts once."""
    from xlbridge.interchange.xlsx_bounds import PartCounter

    tag = b'<mergeCell ref="A1:B500"/>'  # 1,000 cells, 999 of them MergedCells
    data = b"<c/>" * 20 + tag + b"<c/>" * 20
    for cut in range(len(data)):
        c = PartCounter("xl/worksheets/s.xml", "'x'", "workbook")
        c.feed(data[:cut])
        c.feed(data[cut:], final=True)
        assert c.cells == 40 + 999, cut


@pytest.fixture
def visited(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """``[count, limit]``: the cells the reading kit visits (yielded by ``stored_cells``, padding
    included) and openpyxl's read-only reader builds; the test fails at once past ``limit``."""
    from openpyxl.cell import read_only

    from xlbridge.workbook import cells

    seen = [0, 10**9]
    real_cell, real_stored = read_only.ReadOnlyCell, cells.stored_cells

    def count() -> None:
        seen[0] += 1
        assert seen[0] <= seen[1], "the reader visits more cells than the sheets store"

    class Counting(real_cell):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def __init__(self, *a: Any, **k: Any) -> None:
            count()
            super().__init__(*a, **k)

    def stored_cells(ws: Any, *, max_row: int, max_col: int) -> Iterator[Any]:
        for c in real_stored(ws, max_row=max_row, max_col=max_col):
            count()
            yield c

    monkeypatch.setattr(read_only, "ReadOnlyCell", Counting)
    monkeypatch.setattr(cells, "stored_cells", stored_cells)
    yield seen


def _stored(data: bytes) -> int:
    """Cells stored in the Board sheets' parts (an upper bound: ``<c`` also counts ``<col``)."""
    boards = {p for t, p in sheet_parts(data).items() if t.startswith("Board ")}
    with zipfile.ZipFile(__import__("io").BytesIO(data)) as zf:
        return sum(zf.read(p).count(b"<c") for p in boards)


def _read_boards(path: Path) -> dict[str, dict[tuple[int, int], Any]]:
    """The values of each Board sheet's rows 1-59, columns 1-49, empty cells left out (two
    such maps are equal when every cell of the window is); rows past a sheet's last value
    hold none, so they are not looked up."""
    book = Book(gate.load_workbook(path, read_only=True))
    out = {}
    for n in book.sheetnames:
        if n.startswith("Board "):
            sheet = book[n]
            window = ((r, k) for r in range(1, min(60, sheet.last_row + 1)) for k in range(1, 50))
            values = {(r, k): sheet.cell(r, k).value for r, k in window}
            out[n] = {rk: v for rk, v in values.items() if v is not None}
    return out


@pytest.fixture(scope="module")
def genuine_boards(
    base: bytes, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict[tuple[int, int], Any]]:
    """What the genuine workbook's Board sheets read (``_read_boards``), read once a module."""
    return _read_boards(_write(tmp_path_factory.mktemp("genuine"), "genuine.xlsx", base))


@pytest.mark.parametrize(
    ("name", "edit"),
    [
        # each Board sheet declares A1:A1048576 and ends in an empty row 1048576
        ("pad_rows.xlsx", pad_rows),
        # each Board sheet holds one more cell, at GR2100 (column 200: 420,000 cells a sheet)
        ("cell_at_row.xlsx", cell_at_row),
    ],
)
def test_reading_builds_the_stored_cells_only(
    base: bytes,
    genuine_boards: dict[str, dict[tuple[int, int], Any]],
    tmp_path: Path,
    visited: list[int],
    name: str,
    edit: Callable[[bytes], bytes],
) -> None:
    """Before: the padding rows up to the declared size (and 420,000 empty cells a sheet to
    reach row 2,100) were built; now only the cells stored, and the values are the same."""
    data = edit(base)
    hostile = _write(tmp_path, name, data)
    want = genuine_boards
    # each stored cell is built once and yielded once
    visited[:] = [0, 2 * _stored(data)]
    tracemalloc.start()
    try:
        got = _read_boards(hostile)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == want
    assert peak < PEAK


def test_more_board_sheets_than_a_session_holds(base: bytes, tmp_path: Path) -> None:
    """Under the gate's 250 sheets but over the 200 boards a session workbook writes."""
    path = _write(tmp_path, "boards.xlsx", many_boards(base, 171))  # 30 + 171 Board sheets
    with pytest.raises(WorkbookError, match=r"has 201 Board sheets; .* at most 200"):
        Book(gate.load_workbook(path, read_only=True))
    code, _out, err = run_cli("results", str(path))
    assert code != 0 and "201 Board sheets" in err and len(err.strip().splitlines()) == 1


def test_every_command_refuses_a_hostile_file_in_one_line(
    base: bytes, tmp_path: Path, no_parser: None
) -> None:
    path = _write(tmp_path, "e.xlsx", empty_cells(base, 5))
    csv = tmp_path / "scores.csv"
    csv.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n")
    out = str(tmp_path / "o.xlsx")
    for argv in (["results", str(path)], ["rebuild", str(path), "-o", out],
                 ["import", str(path), "--from", str(csv), "-o", out],
                 ["new", "mitchell", "--tables", "3", "--template", str(path), "-o", out],
                 ["swiss", "next", str(path), "-o", out]):  # fmt: skip
        code, _out, err = run_cli(*argv)
        assert code != 0 and "holds over 1,000,000 cells" in err, argv
        assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.xlsx").exists()


def test_new_deal_refuses_too_many_boards_before_dealing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30 tables of 32 boards: 960 boards were dealt and solved for 88 s before the refusal."""
    from xlbridge.interchange import deals

    def dealt(*_a: Any, **_k: Any) -> None:
        raise AssertionError("dealt before the limit was checked")

    monkeypatch.setattr(deals, "deal_boards", dealt)
    code, _out, err = run_cli(
        "new", "mitchell", "--tables", "30", "--boards-per-round", "32", "--deal",
        "-o", str(tmp_path / "a.xlsx"),
    )  # fmt: skip
    assert code == 2 and "960 boards in play; a session workbook holds at most 200" in err
    assert limits.check_session_boards(200) == 200


# The Session counts test_a_pairs_session_count_is_range_checked_before_use types over, each
# with the line it is refused in.
COUNTS = [
    ("B5", 100_000, "cell B5: Tables 100000 is out of range: 1-100"),
    ("B5", 1e308, "cell B5: Tables 1e+308 is out of range: 1-100"),
    ("B6", 100_000, "cell B6: Rounds 100000 is out of range: 1-100"),
    ("B7", 1_000, "cell B7: Boards per round 1000 is out of range: 1-32"),
    ("B15", 10**9, "cell B15: Results expected a board 1000000000 is out of range: 1-999"),
]


@dataclass(frozen=True)
class Edited:
    """A 3-table Mitchell workbook edited in openpyxl and saved: ``counts[(cell, value)]``
    with one Session count typed over (the others as they were), ``merged`` with Board 1's
    C6:F8 merged, whose row 1 is pair ``ns`` against ``ew``."""

    counts: dict[tuple[str, float], Path]
    merged: Path
    ns: str
    ew: str


@pytest.fixture(scope="module")
def edited(new_workbook: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Edited:
    """Each edited workbook from one load (each edit undone after its save). A 3-table
    Mitchell, not the 30-board ``base``: the Session counts and a traveller's cells are the
    same cells in any pairs workbook, and its six saves cost a tenth of the 15-table one's."""
    folder = tmp_path_factory.mktemp("edited")
    wb = openpyxl.load_workbook(new_workbook("mitchell", "--tables", "3"))
    session = wb["Session"]
    counts = {}
    for i, (cell, value, _message) in enumerate(COUNTS):
        key = coordinate_to_tuple(cell)
        stored = key in session._cells
        was = session[cell].value
        session[cell] = value
        counts[(cell, value)] = folder / f"edited{i}.xlsx"
        wb.save(counts[(cell, value)])
        if stored:
            session[cell] = was
        else:
            del session._cells[key]
    ws = wb["Board 1"]
    ws.merge_cells("C6:F8")
    wb.save(folder / "merged.xlsx")
    ns, ew = ws["A6"].value.split()[-1], ws["B6"].value.split()[-1]
    return Edited(counts, folder / "merged.xlsx", ns, ew)


def test_import_into_merged_traveller_cells_is_one_line(edited: Edited, tmp_path: Path) -> None:
    """Merged cells over a traveller's result cells were an internal AttributeError."""
    csv = tmp_path / "scores.csv"
    csv.write_text(f"board,ns,ew,contract,declarer,result\n1,{edited.ns},{edited.ew},4S,N,10\n")
    code, _out, err = run_cli(
        "import", str(edited.merged), "--from", str(csv), "-o", str(tmp_path / "o.xlsx")
    )
    assert code == 2, err
    assert "sheet 'Board 1', cell D6: the traveller's By cell is merged" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.xlsx").exists()


def test_rewrite_keeps_a_genuine_workbook(base: bytes, tmp_path: Path) -> None:
    """The builders' copy is faithful: a workbook rewritten part for part passes and reads."""
    path = _write(tmp_path, "copy.xlsx", rewrite(base, lambda _n, d: d))
    assert gate.load_workbook(path, read_only=True).sheetnames[:2] == ["Session", "Names"]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_swiss_next_on_a_fifo_is_one_line(tmp_path: Path) -> None:
    """swiss next opened the user's file with openpyxl directly: a FIFO blocked for ever."""
    import os

    fifo = tmp_path / "round1.xlsx"
    os.mkfifo(fifo)
    code, _out, err = run_cli("swiss", "next", str(fifo), "-o", str(tmp_path / "round2.xlsx"))
    assert code == 2 and "is not a regular file" in err and len(err.strip().splitlines()) == 1


def test_rebuild_lists_a_far_cell_without_building_the_sheet() -> None:
    """A user's sheet with one cell at XFD1048576 (or a Not carried sheet ending at row
    1,048,576): iter_rows built every cell up to it, 17 billion; now only the cells stored."""
    from xlbridge.rebuild.notcarried import NOT_CARRIED, added_sheets, earlier_not_carried

    wb = openpyxl.Workbook()
    notes = wb.active
    notes.title = "Notes"
    notes["A1"], notes["XFD1048576"] = "bring biscuits", "far"
    listed = wb.create_sheet(NOT_CARRIED)
    listed["A4"], listed["B4"], listed["D1048576"] = "name", "'Names'!B3", "typed"
    got = added_sheets(wb, lambda title: title == NOT_CARRIED)
    assert [(n.where, n.entered) for n in got] == [
        ("'Notes'!A1", "bring biscuits"), ("'Notes'!XFD1048576", "far"),
    ]  # fmt: skip
    earlier = earlier_not_carried(wb)
    assert [(n.what, n.where, n.entered) for n in earlier] == [
        ("name", "'Names'!B3", ""), ("", "", ""),
    ]  # fmt: skip
    assert earlier[1].reason.endswith("typed")
    assert len(notes._cells) == 2 and len(listed._cells) == 3  # no cell was built


@pytest.mark.parametrize(("cell", "value", "message"), COUNTS)
def test_a_pairs_session_count_is_range_checked_before_use(
    edited: Edited, cell: str, value: float, message: str
) -> None:
    """The counts that size a movement are checked through limits.py, in one short line."""
    from xlbridge.families.pairs.entries import read_entered

    with pytest.raises(WorkbookError) as info:
        read_entered(edited.counts[(cell, value)])
    assert str(info.value) == f"Session sheet, {message}"


# Parts besides cells (issue 30): the files (600,000 cell formats, 900,000 document
# properties, a validation listing 1.5 million cells) took 20-61 s and up to 1.6 GB in every
# command; each family is refused by its count, one past the bound, before openpyxl parses it.
@pytest.mark.parametrize(
    ("name", "make", "phrase"),
    [
        ("formats.xlsx", lambda b: many_formats(b, limits.PART_ELEMENTS),
         "part 'xl/styles.xml' holds over 20,000 XML elements"),
        ("custom.xlsx", lambda b: custom_properties(b, limits.PART_ELEMENTS // 2),
         "part 'docProps/custom.xml' holds over 20,000 XML elements"),
        ("validation.xlsx", lambda b: validation_list(b, limits.SHEET_RANGES),
         "lists over 10,000 ranges, validations or links"),
    ],
)  # fmt: skip
def test_every_part_is_bounded_by_what_a_session_holds(
    base: bytes,
    tmp_path: Path,
    no_parser: None,
    name: str,
    make: Callable[[bytes], bytes],
    phrase: str,
) -> None:
    message, peak = _refused(_write(tmp_path, name, make(base)))
    assert phrase in message
    assert peak < PEAK


def test_parts_are_bounded_in_all(base: bytes, tmp_path: Path, no_parser: None) -> None:
    """Many parts each under the bound for one part: their sum is bounded too."""
    from tests.support.hostile_books import rewrite as _rewrite

    part = b"<a>" + b"<b/>" * (limits.PART_ELEMENTS - 1) + b"</a>"
    extra = {f"xl/extra/p{i}.xml": part for i in range(limits.BOOK_PART_ELEMENTS // 20_000 + 1)}
    data = _rewrite(base, lambda _n, d: d, extra)
    message, _peak = _refused(_write(tmp_path, "parts.xlsx", data))
    assert "holds over 100,000 XML elements besides its cells" in message


def test_a_genuine_session_with_many_formats_opens(base: bytes, tmp_path: Path) -> None:
    """Under the bounds: 5,000 more cell formats, a validation listing 2,000 cells one by one
    and 100 document properties (more than Excel or LibreOffice add) still open."""
    data = custom_properties(validation_list(many_formats(base, 5000), 2000), 100)
    wb = gate.load_workbook(_write(tmp_path, "fine.xlsx", data), read_only=True)
    assert "Session" in wb.sheetnames


@pytest.mark.parametrize("chunk", [1, 7, 64, 65_536])
def test_ranges_split_across_chunks_are_counted_once(chunk: int) -> None:
    """The gate feeds a part in chunks: an item or tag cut between two is counted once."""
    from xlbridge.interchange.xlsx_parts import PartChecks

    data = (
        b'<worksheet><sheetData/><dataValidations count="2">'
        b'<dataValidation sqref="A1 B2:B9\tC3"><formula1>1</formula1></dataValidation>'
        b"<x:dataValidation sqref =  'D1 D2'/></dataValidations>"
        b'<hyperlinks><hyperlink ref="A1"/></hyperlinks></worksheet>'
    )
    c = PartChecks("xl/worksheets/sheet1.xml", "'x'", "workbook")
    for at in range(0, len(data), chunk):
        c.feed(data[at : at + chunk])
    c.close()
    # a name counts where it stands, closing tags too (an upper bound): dataValidations twice,
    # dataValidation three times, the 3 + 2 items, hyperlinks twice, hyperlink once
    assert c.ranges == 2 + 3 + 5 + 2 + 1


@pytest.mark.parametrize("how", sorted(DAMAGES))
def test_a_damaged_sheet_is_one_line_in_every_command(
    base: bytes, tmp_path: Path, no_parser: None, how: str
) -> None:
    """A cut tag, an undefined entity, a sheet cut in half or U+FFFE in a text: the gate's one
    message, naming the part and its sheet, in every command that reads a workbook (before:
    an internal ParseError in results, club record, cards and event, raised by openpyxl's
    read-only reader when it reached the sheet)."""
    path = _write(tmp_path, f"{how}.xlsx", damaged_sheet(base, how))
    message, _peak = _refused(path)
    assert "(sheet 'Board " in message and "is damaged:" in message
    assert message.endswith("open it in Excel or LibreOffice and save it again")
    out = str(tmp_path / "o.xlsx")
    good = _write(tmp_path, "good.xlsx", base)  # event refuses one file given twice
    for argv in (["results", str(path)], ["cards", str(path)], ["event", str(path), str(good)],
                 ["club", "record", str(path), "--db", str(tmp_path / "club.db")],
                 ["rebuild", str(path), "-o", out]):  # fmt: skip
        code, _out, err = run_cli(*argv)
        assert code == 2 and err.strip().endswith(message), argv
        assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.xlsx").exists() and not (tmp_path / "club.db").exists()


# One size for a session in every command (issue 30): limits.SESSION_PLAYS, the results a
# session holds, checked before any sheet is written or any movement balanced.
def test_new_refuses_sections_past_what_results_reads(tmp_path: Path) -> None:
    """``new --sections`` wrote 26 sections of 30 tables (56 s, 1.3 GB) that ``results`` then
    refused; now ``new`` refuses them (and 9 sections of 30) in one line, writing nothing."""
    out = tmp_path / "big.xlsx"
    for count in (26, 9):
        spec = ",".join(f"{chr(65 + i)}:mitchell:30" for i in range(count))
        code, _out, err = run_cli("new", "--sections", spec, "--boards-per-round", "2",
                                  "-o", str(out))  # fmt: skip
        plays = count * 30 * 30 * 2
        assert code == 2 and f"{count} sections: {plays:,} boards played" in err
        assert "at most 6,000" in err and len(err.strip().splitlines()) == 1
    assert not out.exists()


def test_the_largest_movement_fits_one_session() -> None:
    """The bound is the largest movement xlbridge generates (a 30-table Bowman of 28 rounds of 7
    boards: 5,880 results), not less."""
    from xlbridge.movements.registry import get_kind

    m = get_kind("bowman").build(tables=30, boards_per_round=7)
    plays = sum(len(e.boards) for e in m.entries)
    assert plays == 30 * 28 * 7 == limits.check_session_plays(plays) <= limits.SESSION_PLAYS


def _big_movement_csv(tables: int, rounds: int) -> str:
    rows = ["round,table,ns,ew,ns_label,ew_label,boards,switched"]
    rows += [f"{r},{t},{t},{tables + (t + r) % tables + 1},,,{(t - r) % tables + 1},"
             for r in range(1, rounds + 1) for t in range(1, tables + 1)]  # fmt: skip
    return "\n".join(rows) + "\n"


def test_a_movement_file_is_bounded_as_it_is_read(tmp_path: Path) -> None:
    """100 tables x 100 rounds took 60-70 s in ``movement --from --balance`` and ``new
    --movement-file``: reading stops at the line that passes the session's size."""
    path = tmp_path / "m100.csv"
    path.write_text(_big_movement_csv(100, 100))
    out = str(tmp_path / "o.xlsx")
    for argv in (["movement", "--from", str(path), "--balance"],
                 ["new", "--movement-file", str(path), "-o", out]):  # fmt: skip
        code, _out, err = run_cli(*argv)
        assert code == 2 and len(err.strip().splitlines()) == 1, argv
        assert "m100.csv line 6002: round 61 table 1: 6,001 boards played" in err
    asc = tmp_path / "m100.asc"
    asc.write_text("200 100 100 100 0\n" + "".join(
        " ".join(f"{t} {100 + t} {(t + r) % 100 + 1}" for t in range(1, 101)) + "\n"
        for r in range(100)))  # fmt: skip
    code, _out, err = run_cli("movement", "--from", str(asc), "--boards-per-round", "1")
    assert code == 2 and "m100.asc line 62, table 1: 6,001 boards played" in err


@pytest.mark.parametrize(
    ("name", "text", "phrase"),
    [
        # the 999 pairs, one round: 997 pairs never seated
        ("p999.asc", "999 1 1 1 0\n1-2 A\n", "997 pairs never play (3, 4, 5, 6, 7 and 992 more)"),
        ("idle.csv", "round,table,ns,ew,ns_label,ew_label,boards,switched\n1,1,1,2,,,1 2,\n"
         "1,,3,,,sits out,,\n", "pair 3 never plays"),
        # rounds 1 and 100 only: 98 rounds no table plays
        ("r100.csv", "round,table,ns,ew,ns_label,ew_label,boards,switched\n1,1,1,2,,,1 2,\n"
         "100,1,1,2,,,3 4,\n", "98 rounds: 2, 3, 4, 5, 6 and 93 more without a table"),
        # "-1 -2" were read as pairs 1 and 2
        ("neg.asc", "4 2 1 1 0\n-1 -2 A 3-4 A\n", "line 2: '-1' is a negative number"),
    ],
)  # fmt: skip
def test_a_movement_where_pairs_never_play_is_refused(
    tmp_path: Path, name: str, text: str, phrase: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    k = ["--boards-per-round", "2"] if name.endswith(".asc") else []
    out = tmp_path / "o.xlsx"
    for argv in (["movement", "--from", str(path), *k],
                 ["new", "--movement-file", str(path), *k, "-o", str(out)]):  # fmt: skip
        code, said, err = run_cli(*argv)  # movement --from prints an invalid movement, exit 1
        assert code != 0 and phrase in said + err, argv
    assert not out.exists()


def test_elements_a_parser_keeps_unread_are_bounded(
    base: bytes, tmp_path: Path, no_parser: None
) -> None:
    """An element openpyxl does not know stays in its tree: a million of them in a sheet
    (varied names, so the part deflates under the ratio limit) are refused by count."""
    import random

    rng = random.Random(30)
    junk = b"".join(b"<z%x/>" % rng.getrandbits(24) for _ in range(limits.SHEET_ELEMENTS))
    body = b'<worksheet xmlns="' + _MAIN + b'"><sheetData/>' + junk + b"</worksheet>"
    message, peak = _refused(_write(tmp_path, "junk.xlsx", _with_sheet_xml(base, body)))
    assert "holds over 1,000,000 XML elements" in message and "(sheet 'Notes')" in message
    assert peak < PEAK


def test_elements_are_bounded_in_all_parts() -> None:
    from xlbridge.interchange.xlsx_parts import BookParts

    book = BookParts("'b.xlsx'", "workbook")
    for _ in range(4):
        book.add(limits.SHEET_ELEMENTS, cells=True)
    with pytest.raises(InputFileError, match="holds over 4,000,000 XML elements; a session"):
        book.add(1, cells=True)


_PIECES = (
    b'<dataValidation type="whole" sqref="A1 B2\tC3">', b"</dataValidation>",
    b'<hyperlink ref="A1"/>', b"<x:selection sqref = 'D1  D2'/>", b'<c r="A1"><v>1</v></c>',
    b'<brk id="3"/>', b" sqref ", b'<a b="sqref"/>', b"<?pi x?>", b"<!-- c -->",
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    body=st.lists(st.sampled_from(_PIECES), max_size=30),
    cuts=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=50),
)
def test_counts_do_not_depend_on_where_chunks_end(body: list[bytes], cuts: list[int]) -> None:
    """Whatever the chunks, a part's elements and ranges are counted as in one piece."""
    from xlbridge.interchange.xlsx_parts import PartChecks

    data = b"<worksheet>" + b"".join(body) + b"</worksheet>"

    def counted(chunks: list[bytes]) -> tuple[int, int]:
        c = PartChecks("xl/worksheets/s.xml", "'x'", "workbook")
        c._parse = lambda _chunk, final: None  # type: ignore[method-assign]  # counts only
        for chunk in chunks:
            c.feed(chunk)
        c.close()
        return c.elements, c.ranges

    pieces, at, i = [], 0, 0
    while at < len(data):
        step = cuts[i % len(cuts)]
        pieces.append(data[at : at + step])
        at, i = at + step, i + 1
    assert counted(pieces) == counted([data])
