"""Makes a corpus of hostile input files for the safe-reading gate (issue 15).

Run it to write the corpus into a folder (``python -m tests.support.hostile_corpus OUTDIR``);
the tests call :func:`make_corpus`. Every file is built here from nothing, small on disk and
cheap to make: the zip bombs stream their zeros through zlib in chunks, so making one never holds
the expanded data in memory.

Shapes:
- ``ratio_bomb.xlsx``: one part of 64 MB of zeros deflated to ~64 KB (ratio ~1000);
- ``total_bomb.xlsx``: 6 parts each declaring 50 MB at a ratio of 150 (under the per-part
  limit): only the declared total, 300 MB, gives it away;
- ``many_members.xlsx``: 20,000 empty parts;
- ``nested.xlsx``: a workbook carrying a zip bomb inside it as ``xl/embeddings/inner.zip``;
- ``overlap.xlsx``: the "overlapping files" bomb (D. Fifield, 2019): many central-directory
  entries pointing at one compressed stream;
- ``laughs.xlsx``: a real workbook whose sheet XML is the billion-laughs entity expansion;
- ``xxe.xlsx``: a real workbook whose workbook.xml uses an external entity (``/etc/passwd``);
- ``truncated.xlsx``: a real workbook cut in half;
- ``png.xlsx``: a PNG image renamed; ``empty.xlsx``: zero bytes;
- ``dotdot.xlsx``: a part named ``../../evil.xml``;
- ``utf16_xml.xlsx``: a sheet saved as UTF-16 XML (where a DOCTYPE could hide from a byte scan);
- parts besides cells (issue 30), each just past its bound: ``many_formats.xlsx`` (20,001 cell
  formats in ``xl/styles.xml``), ``custom_properties.xlsx`` (10,001 document properties),
  ``validation_list.xlsx`` (a data validation listing 10,001 cells one by one),
  ``junk_elements.xlsx`` (a million elements no parser knows in a sheet);
- damaged sheets (issue 30): ``cut_sheet.xlsx`` (cut in half), ``cut_tag.xlsx``,
  ``undefined_entity.xlsx``, ``u_fffe.xlsx`` (U+FFFE in a text).
"""

from __future__ import annotations

import functools
import hashlib
import io
import random
import struct
import sys
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

__all__ = ["CORPUS", "make_corpus", "small_workbook_bytes"]

LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>
"""

XXE_DOCTYPE = b'<!DOCTYPE workbook [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


def small_workbook_bytes() -> bytes:
    """A genuine one-sheet .xlsx written by openpyxl, to carry the XML attacks."""
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"] = "hello"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _replace_part(xlsx: bytes, part: str, new: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = new if info.filename == part else src.read(info)
            dst.writestr(info.filename, data, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def _add_part(xlsx: bytes, part: str, data: bytes, compress: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO(xlsx)
    with zipfile.ZipFile(out, "a") as dst:
        dst.writestr(part, data, compress)
    return out.getvalue()


def _deflated_zeros(size: int) -> tuple[bytes, int]:
    """Raw deflate of ``size`` zero bytes, made in 1 MB chunks; returns (data, crc)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(1024 * 1024)
    parts, crc, left = [], 0, size
    while left:
        piece = chunk[: min(left, len(chunk))]
        parts.append(comp.compress(piece))
        crc = zlib.crc32(piece, crc)
        left -= len(piece)
    parts.append(comp.flush())
    return b"".join(parts), crc


def _raw_zip(
    members: list[tuple[str, bytes, int, int]], overlap_names: tuple[str, ...] | list[str] = ()
) -> bytes:
    """A zip written byte by byte: ``members`` are (name, deflated data, crc, size). Extra
    ``overlap_names`` get central-directory entries all pointing at the first member's data."""
    out = bytearray()
    central = bytearray()
    offsets = []
    for name, data, crc, size in members:
        offsets.append(len(out))
        n = name.encode()
        out += (
            struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(n), 0)
            + n
            + data
        )
    entries = [(m[0], m[1], m[2], m[3], off) for m, off in zip(members, offsets, strict=True)]
    first = members[0]
    entries += [(nm, first[1], first[2], first[3], offsets[0]) for nm in overlap_names]
    for name, data, crc, size, off in entries:
        n = name.encode()
        central += (
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                20,
                20,
                0,
                8,
                0,
                0,
                crc,
                len(data),
                size,
                len(n),
                0,
                0,
                0,
                0,
                0,
                off,
            )
            + n
        )
    cd_off = len(out)
    out += central
    out += struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), cd_off, 0
    )
    return bytes(out)


def _ratio_bomb() -> bytes:
    data, crc = _deflated_zeros(64 * 1024 * 1024)
    return _raw_zip(
        [
            ("[Content_Types].xml", *_deflate(b"<Types/>")),
            ("xl/workbook.xml", data, crc, 64 * 1024 * 1024),
        ]
    )


def _deflate(raw: bytes) -> tuple[bytes, int, int]:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return comp.compress(raw) + comp.flush(), zlib.crc32(raw), len(raw)


def _total_bomb() -> bytes:
    # Each part claims 50 MB at a ratio of 150 (under the per-part limit), so only the total
    # declared in the central directory (300 MB) can refuse it; the data is never inflated.
    members = []
    for i in range(6):
        size = 50 * 1024 * 1024
        payload = bytes(size // 150)
        members.append((f"xl/worksheets/sheet{i + 1}.xml", payload, zlib.crc32(b""), size))
    return _raw_zip(members)


def _many_members() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for i in range(20_000):
            zf.writestr(f"xl/p{i}.xml", b"")
    return out.getvalue()


def _overlap() -> bytes:
    # Incompressible data (ratio ~1) and a declared total under the limit (199 x 512 KB): only the
    # overlap itself gives this one away.
    raw = hashlib.shake_256(b"xlbridge").digest(512 * 1024)
    data, crc, size = _deflate(raw)
    return _raw_zip(
        [("xl/workbook.xml", data, crc, size)],
        overlap_names=[f"xl/worksheets/sheet{i}.xml" for i in range(1, 200)],
    )


def _nested(base: bytes) -> bytes:
    return _add_part(base, "xl/embeddings/inner.zip", _ratio_bomb(), zipfile.ZIP_STORED)


def _edit_part(xlsx: bytes, part: str, edit: Callable[[bytes], bytes]) -> bytes:
    with zipfile.ZipFile(io.BytesIO(xlsx)) as zf:
        data = zf.read(part)
    return _replace_part(xlsx, part, edit(data))


def _custom_properties(base: bytes, count: int) -> bytes:
    ns = "http://schemas.openxmlformats.org/officeDocument/2006/"
    props = "".join(
        f'<property fmtid="{{D5CDD505-2E9C-101B-9397-08002B2CF9AE}}" pid="{i + 2}" name="p{i}">'
        f"<vt:lpwstr>{i}</vt:lpwstr></property>"
        for i in range(count)
    )
    part = (f'<Properties xmlns="{ns}custom-properties" xmlns:vt="{ns}docPropsVTypes">'
            f"{props}</Properties>").encode()  # fmt: skip
    return _add_part(base, "docProps/custom.xml", part)


def _part_families(base: bytes) -> dict[str, bytes]:
    """Parts besides cells, each one past the bound :mod:`xlbridge.limits` sets for it."""
    sheet = "xl/worksheets/sheet1.xml"
    formats = b"".join(b'<xf numFmtId="%d" fontId="0"/>' % (i % 164) for i in range(20_001))
    refs = " ".join(f"A{r}" for r in range(1, 10_002)).encode()
    validation = (b'<dataValidations count="1"><dataValidation type="whole" sqref="' + refs
                  + b'"><formula1>1</formula1></dataValidation></dataValidations>')  # fmt: skip
    rng = random.Random(30)
    junk = b"".join(b"<z%x/>" % rng.getrandbits(12) for _ in range(1_000_001))
    return {
        "many_formats.xlsx": _edit_part(
            base, "xl/styles.xml", lambda d: d.replace(b"</cellXfs>", formats + b"</cellXfs>", 1)
        ),
        "custom_properties.xlsx": _custom_properties(base, 10_001),
        "validation_list.xlsx": _edit_part(
            base, sheet, lambda d: d.replace(b"</sheetData>", b"</sheetData>" + validation, 1)
        ),
        "junk_elements.xlsx": _edit_part(
            base, sheet, lambda d: d.replace(b"</sheetData>", b"</sheetData>" + junk, 1)
        ),
    }


def _damaged(base: bytes) -> dict[str, bytes]:
    """The sheet part damaged four ways."""
    sheet = "xl/worksheets/sheet1.xml"
    fffe = "<t>\ufffe".encode()
    return {
        "cut_sheet.xlsx": _edit_part(base, sheet, lambda d: d[: len(d) // 2]),
        "cut_tag.xlsx": _edit_part(base, sheet, lambda d: d.replace(b"<row ", b"<row", 1)),
        "undefined_entity.xlsx": _edit_part(base, sheet, lambda d: d.replace(b"<t>", b"<t>&x;", 1)),
        "u_fffe.xlsx": _edit_part(base, sheet, lambda d: d.replace(b"<t>", fffe, 1)),
    }


def make_corpus() -> dict[str, bytes]:
    """Every hostile file, by name: made once per process (~1.7 CPU-s; the files are the same
    every time) and shared by every test module that asks; each caller gets its own dict."""
    return dict(_made_corpus())


@functools.cache
def _made_corpus() -> dict[str, bytes]:
    base = small_workbook_bytes()
    wb_xml = zipfile.ZipFile(io.BytesIO(base)).read("xl/workbook.xml")
    head, decl, rest = wb_xml.partition(b"?>")
    xxe = (head + decl + XXE_DOCTYPE + rest) if decl else (XXE_DOCTYPE + wb_xml)
    xxe = xxe.replace(b"<sheets>", b"<sheets>&xxe;", 1)
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    sheet = zipfile.ZipFile(io.BytesIO(base)).read("xl/worksheets/sheet1.xml")
    return {
        "ratio_bomb.xlsx": _ratio_bomb(),
        "total_bomb.xlsx": _total_bomb(),
        "many_members.xlsx": _many_members(),
        "nested.xlsx": _nested(base),
        "overlap.xlsx": _overlap(),
        "laughs.xlsx": _replace_part(base, "xl/worksheets/sheet1.xml", LAUGHS),
        "xxe.xlsx": _replace_part(base, "xl/workbook.xml", xxe),
        "truncated.xlsx": base[: len(base) // 2],
        "png.xlsx": png,
        "empty.xlsx": b"",
        "dotdot.xlsx": _add_part(base, "../../evil.xml", b"<a/>"),
        "utf16_xml.xlsx": _replace_part(
            base, "xl/worksheets/sheet1.xml", sheet.decode().encode("utf-16")
        ),
        **_part_families(base),
        **_damaged(base),
    }


CORPUS = (
    "ratio_bomb.xlsx",
    "total_bomb.xlsx",
    "many_members.xlsx",
    "nested.xlsx",
    "overlap.xlsx",
    "laughs.xlsx",
    "xxe.xlsx",
    "truncated.xlsx",
    "png.xlsx",
    "empty.xlsx",
    "dotdot.xlsx",
    "utf16_xml.xlsx",
    "many_formats.xlsx",
    "custom_properties.xlsx",
    "validation_list.xlsx",
    "junk_elements.xlsx",
    "cut_sheet.xlsx",
    "cut_tag.xlsx",
    "undefined_entity.xlsx",
    "u_fffe.xlsx",
)


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "hostile")
    out.mkdir(parents=True, exist_ok=True)
    for name, data in make_corpus().items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
