"""The safe-reading gate (issue 15): hostile, foreign and damaged files each cost one line.

Bounds are asserted on work done, never on the clock: bytes inflated out of the archive (counted
by wrapping zipfile's reader) and peak Python memory (tracemalloc).
"""

from __future__ import annotations

import io
import os
import tracemalloc
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from tests.support.hostile_corpus import CORPUS, make_corpus, small_workbook_bytes
from tests.support.shared import DATA, run_cli
from xlbridge.errors import InputFileError, XlbridgeError
from xlbridge.interchange import gate

# What each hostile file must be refused for (a phrase of the one-line message).
EXPECTED = {
    "ratio_bomb.xlsx": "expands 1,0",
    "total_bomb.xlsx": "expands to over 209,715,200 bytes",
    "many_members.xlsx": "has 20,000 parts",
    "nested.xlsx": "archive nested inside",
    "overlap.xlsx": "overlapping",
    "laughs.xlsx": "declares XML entities",
    "xxe.xlsx": "declares XML entities",
    "truncated.xlsx": "not a zip archive",
    "png.xlsx": "is a PNG image",
    "empty.xlsx": "is empty",
    "dotdot.xlsx": "climbs out",
    "utf16_xml.xlsx": "not UTF-8 XML",
    "many_formats.xlsx": "part 'xl/styles.xml' holds over 20,000 XML elements",
    "custom_properties.xlsx": "part 'docProps/custom.xml' holds over 20,000 XML elements",
    "validation_list.xlsx": "lists over 10,000 ranges, validations or links",
    "junk_elements.xlsx": "(sheet 'Sheet') holds over 1,000,000 XML elements",
    "cut_sheet.xlsx": "(sheet 'Sheet') is damaged: unclosed token",
    "cut_tag.xlsx": "(sheet 'Sheet') is damaged: not well-formed (invalid token)",
    "undefined_entity.xlsx": "(sheet 'Sheet') is damaged: undefined entity",
    "u_fffe.xlsx": "(sheet 'Sheet') is damaged: not well-formed (invalid token)",
}
# Parts refused by a count of what they hold are inflated up to that count, never further:
# each at most its bound's worth of bytes (about 40 bytes an element or range).
INFLATED = {
    "many_formats.xlsx": 1024 * 1024,
    "custom_properties.xlsx": 2 * 1024 * 1024,
    "validation_list.xlsx": 1024 * 1024,
    "junk_elements.xlsx": 10 * 1024 * 1024,
}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("hostile")
    paths = {}
    for name, data in make_corpus().items():
        (folder / name).write_bytes(data)
        paths[name] = folder / name
    return paths


@pytest.fixture
def inflated(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every byte zipfile inflates while the test runs."""
    count = [0]
    real_read = zipfile.ZipExtFile.read

    def counting_read(self: zipfile.ZipExtFile, n: int | None = -1) -> bytes:
        data = real_read(self, n)
        count[0] += len(data)
        return data

    monkeypatch.setattr(zipfile.ZipExtFile, "read", counting_read)
    yield count


def test_corpus_covers_every_shape() -> None:
    assert set(CORPUS) == set(EXPECTED)


@pytest.mark.parametrize("name", CORPUS)
def test_hostile_file_is_one_line_error(
    name: str, corpus: dict[str, Path], inflated: list[int]
) -> None:
    path = corpus[name]
    tracemalloc.start()
    try:
        with pytest.raises(InputFileError) as info:
            gate.load_workbook(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message
    assert EXPECTED[name] in message
    # Work bound: nothing near the bomb's expansion is ever inflated or held in memory.
    assert inflated[0] <= INFLATED.get(name, 64 * 1024), (name, inflated[0])
    assert peak < 4 * path.stat().st_size + 8 * 1024 * 1024, (name, peak)


def test_bombs_are_refused_from_the_central_directory_alone(
    corpus: dict[str, Path], inflated: list[int]
) -> None:
    for name in ("ratio_bomb.xlsx", "total_bomb.xlsx", "many_members.xlsx", "overlap.xlsx"):
        with pytest.raises(InputFileError):
            gate.check_zip(corpus[name], what="workbook")
    assert inflated[0] == 0


def test_openpyxl_itself_parses_with_defusedxml() -> None:
    """Second line of defence: were the entity scan bypassed, openpyxl (with defusedxml, as
    xlbridge installs it) still refuses the billion laughs."""
    from openpyxl.xml import DEFUSEDXML

    assert DEFUSEDXML
    laughs = make_corpus()["laughs.xlsx"]
    with pytest.raises(ValueError) as info:
        openpyxl.load_workbook(io.BytesIO(laughs))
    assert type(info.value.__cause__).__name__ == "EntitiesForbidden"


def test_genuine_workbook_passes(tmp_path: Path) -> None:
    path = tmp_path / "ok.xlsx"
    path.write_bytes(small_workbook_bytes())
    wb = gate.load_workbook(path, data_only=True)
    assert wb.active is not None and wb.active["A1"].value == "hello"
    gate.check_zip(path)
    gate.check_zip(path.read_bytes())


def test_xlbridge_session_workbook_passes(tmp_path: Path) -> None:
    from xlbridge.cli import main

    out = tmp_path / "s.xlsx"
    assert main(["new", "mitchell", "--tables", "5", "-o", str(out)]) == 0
    wb = gate.load_workbook(out)
    assert "Recap" in wb.sheetnames


def test_limits_are_checked(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_bytes(b"x" * 101)
    with pytest.raises(InputFileError, match="101 bytes; the limit is 100"):
        gate.read_bytes(path, max_bytes=100, what="CSV")
    with pytest.raises(InputFileError, match="outside the allowed range"):
        gate.read_bytes(path, max_bytes=0, what="CSV")
    with pytest.raises(InputFileError, match="outside the allowed range"):
        gate.check_zip(path, max_ratio=10**9)


def test_missing_folder_device_and_pipe(tmp_path: Path) -> None:
    with pytest.raises(InputFileError, match="does not exist"):
        gate.read_bytes(tmp_path / "nope.csv", max_bytes=10, what="CSV")
    with pytest.raises(InputFileError, match="is a folder"):
        gate.read_bytes(tmp_path, max_bytes=10, what="CSV")
    with pytest.raises(InputFileError, match="not a regular file"):
        gate.read_bytes("/dev/zero", max_bytes=10, what="CSV")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # reading a pipe nobody writes would hang for ever
    with pytest.raises(InputFileError, match="not a regular file"):
        gate.read_bytes(fifo, max_bytes=10, what="CSV")


def test_stream_limit() -> None:
    assert gate.read_stream_bytes(io.BytesIO(b"ab"), max_bytes=2, what="CSV") == b"ab"
    with pytest.raises(InputFileError, match="longer than the limit"):
        gate.read_stream_bytes(io.BytesIO(b"abc"), max_bytes=2, what="CSV")


# Issue 15: "read the encodings Excel writes (UTF-8 with or without BOM, cp1252, UTF-16)".
TEXT = "ns,ew,name\n1,2,Zoë Müller – €5\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT.encode("utf-8"),
        TEXT.encode("utf-16"),  # BOM + native order, as Excel's "Unicode text"
        b"\xfe\xff" + TEXT.encode("utf-16-be"),
        TEXT.encode("cp1252"),
    ],
    ids=["utf8", "utf8-bom", "utf16", "utf16-be", "cp1252"],
)
def test_encodings_excel_writes(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    assert gate.read_text(path, max_bytes=1000, what="CSV") == TEXT


@pytest.mark.parametrize(
    ("data", "phrase"),
    [
        (TEXT.encode("utf-16-le"), "NUL bytes"),  # UTF-16 without a BOM
        (TEXT.encode("utf-32"), "UTF-32"),
        (b"ns,ew\n\x81\x8d,1\n", "not valid cp1252"),  # bytes cp1252 leaves undefined
        (b"\xff\xfe" + b"a\x00b", "not valid utf-16"),  # odd length
        (b"ns\x00ew", "NUL bytes"),
    ],
)
def test_other_encodings_refused(data: bytes, phrase: str, tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    with pytest.raises(InputFileError, match=phrase) as info:
        gate.read_text(path, max_bytes=1000, what="CSV")
    assert "\n" not in str(info.value)
    assert isinstance(info.value, XlbridgeError)


def test_parse_xml() -> None:
    assert gate.parse_xml(b"<a x='1'/>", "PBN").get("x") == "1"
    with pytest.raises(InputFileError, match="entities"):
        gate.parse_xml(b'<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>', "X")
    with pytest.raises(InputFileError, match="not well-formed"):
        gate.parse_xml(b"<a>", "X")


# -- spreadsheets in another format: one line that says what to do (issue 21) ----------------

FOREIGN = DATA / "foreign"  # real files LibreOffice wrote (README.md)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("sheet.ods", "is an OpenDocument spreadsheet (.ods): save it as .xlsx and try again"),
        ("sheet.xls", "is an old Excel .xls workbook: save it as .xlsx and try again"),
    ],
)
def test_other_spreadsheet_formats_are_told_to_save_as_xlsx(
    name: str, kind: str, tmp_path: Path
) -> None:
    path = FOREIGN / name
    with pytest.raises(InputFileError) as err:
        gate.load_workbook(path)
    assert str(err.value) == f"workbook {str(path)!r} {kind}"
    # under an .xlsx name too: the gate reads the bytes, not the suffix
    renamed = tmp_path / "club.xlsx"
    renamed.write_bytes(path.read_bytes())
    code, out, err_text = run_cli("results", str(renamed))
    assert (code, out) == (2, "")
    assert err_text.count("\n") == 1 and kind in err_text


def test_password_protected_workbook_is_named(tmp_path: Path) -> None:
    """Excel keeps an encrypted .xlsx in a compound file with an ``EncryptedPackage`` stream
    (MS-OFFCRYPTO 2.3.4.4): the same magic as an .xls, a different advice."""
    path = tmp_path / "locked.xlsx"
    stream = "EncryptedPackage".encode("utf-16-le")  # a directory entry's name
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + stream)
    with pytest.raises(InputFileError, match="password-protected workbook"):
        gate.load_workbook(path)


def test_other_opendocument_file_is_not_called_a_spreadsheet(tmp_path: Path) -> None:
    path = tmp_path / "letter.xlsx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", "<office:document-content/>")
    with pytest.raises(InputFileError, match=r"is a zip archive but not an Excel \.xlsx workbook"):
        gate.load_workbook(path)


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (small_workbook_bytes(), "is an Excel workbook or another zip archive, not a text file"),
        (b"%PDF-1.7\n", "is a PDF document, not a text file"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(8), "is an old Excel .xls workbook"),
    ],
)
def test_a_binary_file_given_as_text_is_named(data: bytes, kind: str, tmp_path: Path) -> None:
    """A workbook given as a movement file or a traveller CSV was "holds NUL bytes: not text in
    UTF-8 ...": now named as what it is (issue 30, messages)."""
    path = tmp_path / "movement.csv"
    path.write_bytes(data)
    with pytest.raises(InputFileError, match=kind):
        gate.read_text(path, max_bytes=10**6, what="movement file")
    code, _out, err = run_cli("movement", "--from", str(path))
    assert code == 2 and kind in err and "save it as text" in err
