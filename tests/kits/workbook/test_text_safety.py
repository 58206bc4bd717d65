"""User text is written as text, never as a formula, and never makes a workbook unreadable.

Issue 15: ``--event '=HYPERLINK("http://x","y")'`` wrote a live formula on every traveller and
card, and a Latin-1 byte or a control character wrote a workbook no program could open. The
property tests give every text a user passes (event, date, player names) hostile values and
check the written workbook against one written with plain text: the same formula cells with the
same formulas (so every formula in it is ours), and every hostile text stored as a string.
"""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from xlbridge.errors import TextError, XlbridgeError
from xlbridge.families.pairs.build import write_session
from xlbridge.limits import CELL_TEXT, EVENT_TEXT
from xlbridge.movements.mitchell import mitchell
from xlbridge.text import clean_text, header_text, put_text, sheet_title

# Text that spreadsheets treat as a formula, a code, or worse (OWASP "CSV injection" prefixes,
# header codes, XML-illegal characters, bytes that were never UTF-8).
HOSTILE = (
    '=HYPERLINK("http://x","y")',
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(A1)",
    "=cmd|' /C calc'!A0",
    '=IMPORTXML("http://x","//a")',
    '&P&N&"Arial,Bold"&14',
    "'=quoted",
    "\t=tab",
    "=" * 50,
    "</t><f>1+1</f>",
    "]]><!ENTITY x>",
    "Ünïcödé ✓ 東京 🂡",
)

hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30),
    st.text(st.characters(exclude_categories=()), max_size=12),  # surrogates, controls
    st.builds(lambda a, b: a + b, st.sampled_from(("=", "+", "-", "@")), st.text(max_size=20)),
)


def _read(path: Path) -> tuple[dict[tuple[str, str], str], set[str]]:
    """The workbook's formula cells (sheet, cell -> formula) and its strings, from one
    read-only load (every stored cell is still read, with its type)."""
    wb = openpyxl.load_workbook(path, read_only=True)
    formulas: dict[tuple[str, str], str] = {}
    strings: set[str] = set()
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if c.data_type == "f":
                    formulas[(ws.title, c.coordinate)] = str(c.value)
                elif c.data_type == "s" and isinstance(c.value, str):
                    strings.add(c.value)
    wb.close()
    return formulas, strings


def _write(path: Path, event: str, date: str, names: tuple[str, str]) -> Path:
    return write_session(
        mitchell(3, 1, half_table=True),
        path,
        event=event,
        date=date,
        names={"NS 1": names, "EW 2": (names[1], names[0])},
        force=True,
    )


@functools.cache
def _plain(folder: str) -> dict[tuple[str, str], str]:
    return _read(_write(Path(folder) / "plain.xlsx", "Event", "Date", ("A", "B")))[0]


def _acceptable(text: str, limit: int) -> bool:
    try:
        clean_text(text, "x", max_chars=limit)
    except TextError:
        return False
    return True


_COUNTER = itertools.count()


@settings(
    max_examples=25,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking costs minutes here
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(event=hostile_text, date=hostile_text, p1=hostile_text, p2=hostile_text)
def test_hostile_text_is_text_or_refused(
    tmp_path: Path, event: str, date: str, p1: str, p2: str
) -> None:
    out = tmp_path / f"hostile{next(_COUNTER)}.xlsx"
    ok = (
        _acceptable(event, EVENT_TEXT)
        and _acceptable(date, 60)
        and _acceptable(p1, 100)
        and _acceptable(p2, 100)
    )
    if not ok:
        with pytest.raises(TextError) as info:
            _write(out, event, date, (p1, p2))
        assert "\n" not in str(info.value)
        assert not out.exists()
        return
    _write(out, event, date, (p1, p2))
    # Every formula in the workbook is ours: the same cells and formulas as with plain text.
    formulas, strings = _read(out)  # one load: its formulas and its strings
    assert formulas == _plain(str(tmp_path))
    single = clean_text(event, "event")
    if single:
        assert single in strings  # the Session sheet's title, stored as a string
    for name in (p1, p2):
        if name:
            assert clean_text(name, "name") in strings


def test_hyperlink_event_is_text_everywhere(tmp_path: Path) -> None:
    """The issue's example: no cell anywhere holds a live formula made from the event."""
    event = '=HYPERLINK("http://x","y")'
    out = _write(tmp_path / "h.xlsx", event, "=1+1", ("=SUM(A1)", "@x"))
    wb = openpyxl.load_workbook(out)
    seen = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and "HYPERLINK" in c.value:
                    seen += 1
                    assert c.data_type == "s", (ws.title, c.coordinate)
                    if c.value == event:
                        assert c.number_format == "@", (ws.title, c.coordinate)
                if c.data_type == "f":
                    assert "HYPERLINK" not in str(c.value) and str(c.value)[1:] != "SUM(A1)"
    assert seen >= 3  # Session, Recap, travellers and cards all show it


def test_ampersand_in_event_is_not_a_header_code(tmp_path: Path) -> None:
    out = _write(tmp_path / "amp.xlsx", "Smith & Jones &P", "", ("", ""))
    ws = openpyxl.load_workbook(out)["Board 1"]
    header = ws.oddHeader
    assert header is not None
    assert header.center.text == "Smith && Jones &&P: Board 1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a\x01b", "control character U+0001 at position 2"),
        ("a\x7fb", "control character U+007F"),
        ("a\x85b".replace("\x85", "\x9b"), "control character U+009B"),
        ("Caf\udce9", "byte 0xE9, which is not UTF-8"),
        ("x\ud800", "not valid Unicode (U+D800)"),
        ("x\uffff", "non-character U+FFFF"),
        ("x" * (EVENT_TEXT + 1), f"{EVENT_TEXT + 1} characters long; at most {EVENT_TEXT}"),
        ("🂡" * (EVENT_TEXT // 2 + 1), "characters long"),  # Excel counts UTF-16 units
    ],
)
def test_unwritable_event_refused_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    out = tmp_path / "bad.xlsx"
    with pytest.raises(TextError, match=re.escape(message)) as info:
        _write(out, text, "", ("", ""))
    assert "\n" not in str(info.value)
    assert not out.exists()


def test_line_breaks_become_spaces_in_one_line_text() -> None:
    assert clean_text("Tuesday\r\npairs\tnight", "event") == "Tuesday  pairs night"
    assert clean_text("a\nb", "note", single_line=False) == "a\nb"


def test_cell_limit() -> None:
    assert clean_text("x" * CELL_TEXT, "note") == "x" * CELL_TEXT
    with pytest.raises(TextError, match="at most 32767"):
        clean_text("x" * (CELL_TEXT + 1), "note")


def test_not_text_refused() -> None:
    with pytest.raises(TextError, match="is not text"):
        clean_text(42, "event")


def test_put_text_keeps_formula_looking_text() -> None:
    cell = openpyxl.Workbook().active["A1"]  # type: ignore[index]
    put_text(cell, "=1+1")
    assert (cell.value, cell.data_type, cell.number_format) == ("=1+1", "s", "@")


def test_header_and_sheet_title_helpers() -> None:
    assert header_text("A & B") == "A && B"
    assert sheet_title("Team: A/B?") == "Team- A-B-"
    assert sheet_title("'Quoted'") == "Quoted"
    with pytest.raises(TextError, match="at most 31"):
        sheet_title("x" * 32)
    with pytest.raises(TextError, match="blank"):
        sheet_title("'")
    with pytest.raises(TextError, match="reserved"):
        sheet_title("History")


def test_cli_refuses_control_character_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from xlbridge.cli import main

    out = tmp_path / "x.xlsx"
    with pytest.raises(SystemExit) as done:
        main(["new", "mitchell", "--tables", "3", "--event", "a\x00b", "-o", str(out)])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("xlbridge new: error:") and "U+0000" in err
    assert not out.exists()


@pytest.mark.libreoffice
def test_libreoffice_opens_hostile_workbooks(tmp_path: Path) -> None:
    """One LibreOffice batch over workbooks carrying the hostile texts: each one opens and is
    saved back (LibreOffice refuses or skips a file it cannot read)."""
    from xlbridge.workbook.recalc import recalculate

    paths = []
    for i, text in enumerate(HOSTILE[:8]):
        event = text.replace("\t", " ")
        paths.append(_write(tmp_path / f"h{i}.xlsx", event, text, (text, "=1+1")))
    outdir = tmp_path / "out"
    recalculate(paths, outdir)
    for p in paths:
        back = openpyxl.load_workbook(outdir / p.name, read_only=True)  # one cell read
        a1 = back["Session"]["A1"]
        assert a1.value == HOSTILE[paths.index(p)].replace("\t", " ")
        assert a1.data_type == "s"
        back.close()


def test_refused_text_error_is_an_xlbridge_error() -> None:
    assert issubclass(TextError, XlbridgeError)
