"""Hostile workbooks whose zip is sound but whose content makes a reader's work grow (issue 24):
they pass every archive check of issue 15, so only bounds on what a session workbook can hold
refuse them. Each builder edits the parts of a genuine workbook (its bytes) and returns bytes;
none holds more than the file it writes in memory.

Shapes (the issue's numbers; the builders take smaller ones too):
- :func:`shared_part`: one sheet part referenced by 2,000 sheets;
- :func:`empty_cells`: 180 sheet parts, each just under the ratio floor (1 MB), of empty ``<c/>``
  cells (43 million in all);
- :func:`shared_strings`: 10 million tiny distinct shared strings;
- :func:`pad_rows`: every Board sheet declares A1:A1048576 and ends in an empty row 1048576;
- :func:`cell_at_row`: every Board sheet holds one more cell, at GR2100 (column 200);
- :func:`many_boards`: thousands of tiny Board sheets.

Parts besides cells (issue 30), each a family the gate bounds by elements or ranges:
- :func:`many_formats`: ``xl/styles.xml`` with 600,000 cell formats;
- :func:`custom_properties`: ``docProps/custom.xml`` with 900,000 properties;
- :func:`validation_list`: one data validation listing 1.5 million cells one by one;
- :func:`damaged_sheet`: a Board sheet part cut in half, with a cut tag, an undefined entity,
  or U+FFFE in a text.

Run it to write them into a folder: ``python -m tests.support.hostile_books BASE.xlsx OUTDIR``.
"""

from __future__ import annotations

import io
import re
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "DAMAGES",
    "add_sheets",
    "cell_at_row",
    "custom_properties",
    "damaged_sheet",
    "empty_cells",
    "many_boards",
    "many_formats",
    "pad_rows",
    "rewrite",
    "shared_part",
    "shared_strings",
    "sheet_parts",
    "validation_list",
]

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_WS = _REL + "/worksheet"
_SHEET_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_SST_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def rewrite(
    xlsx: bytes,
    edit: Callable[[str, bytes], bytes | None],
    extra: dict[str, bytes] | None = None,
    level: int | None = None,
) -> bytes:
    """A copy of ``xlsx`` with each part passed through ``edit(name, data)`` (None drops the
    part) and ``extra`` parts added; ``level``: the deflate level (zlib's default without)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(xlsx)) as src, zipfile.ZipFile(
        out, "w", zipfile.ZIP_DEFLATED, compresslevel=level
    ) as dst:
        for info in src.infolist():
            data = edit(info.filename, src.read(info))
            if data is not None:
                dst.writestr(info.filename, data)
        for name, data in (extra or {}).items():
            dst.writestr(name, data)
    return out.getvalue()


def sheet_parts(xlsx: bytes) -> dict[str, str]:
    """Sheet title -> its part name (``xl/worksheets/sheetN.xml``)."""
    with zipfile.ZipFile(io.BytesIO(xlsx)) as zf:
        wb = zf.read("xl/workbook.xml").decode()
        rels = zf.read("xl/_rels/workbook.xml.rels").decode()
    targets = dict(re.findall(r'Id="([^"]+)"[^>]*?Target="/?(?:xl/)?([^"]+)"', rels))
    targets.update(
        {k: v for v, k in re.findall(r'Target="/?(?:xl/)?([^"]+)"[^>]*?Id="([^"]+)"', rels)}
    )
    out = {}
    for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"', wb):
        out[name.replace("&amp;", "&")] = "xl/" + targets[rid]
    return out


def add_sheets(
    xlsx: bytes,
    titles: list[str],
    targets: list[str],
    parts: dict[str, bytes],
    extra: dict[str, bytes] | None = None,
    level: int | None = None,
) -> bytes:
    """``xlsx`` with sheets ``titles`` added, whose relationships target ``targets`` (part names
    such as ``xl/worksheets/hostile1.xml``; repeats allowed), the ``parts`` added as sheet parts
    and ``extra`` parts (shared strings) added as they are; ``level`` as in :func:`rewrite`."""
    sheets = "".join(
        f'<sheet name="{t}" sheetId="{10_000 + i}" r:id="rIdH{i}"/>' for i, t in enumerate(titles)
    )
    rels = "".join(
        f'<Relationship Id="rIdH{i}" Type="{_WS}" Target="/{t}"/>' for i, t in enumerate(targets)
    )
    over = "".join(f'<Override PartName="/{p}" ContentType="{_SHEET_CT}"/>' for p in parts)
    if extra and "xl/sharedStrings.xml" in extra:
        over += f'<Override PartName="/xl/sharedStrings.xml" ContentType="{_SST_CT}"/>'
        rels += (
            f'<Relationship Id="rIdHs" Type="{_REL}/sharedStrings" Target="/xl/sharedStrings.xml"/>'
        )

    def edit(name: str, data: bytes) -> bytes | None:
        if name == "xl/workbook.xml":
            return data.replace(b"</sheets>", sheets.encode() + b"</sheets>", 1)
        if name == "xl/_rels/workbook.xml.rels":
            return data.replace(b"</Relationships>", rels.encode() + b"</Relationships>", 1)
        if name == "[Content_Types].xml":
            return data.replace(b"</Types>", over.encode() + b"</Types>", 1)
        return None if (extra and name in extra) else data

    return rewrite(xlsx, edit, {**parts, **(extra or {})}, level)


def _free_boards(xlsx: bytes, count: int) -> list[str]:
    taken = set(sheet_parts(xlsx))
    out, n = [], 1
    while len(out) < count:
        if f"Board {n}" not in taken:
            out.append(f"Board {n}")
        n += 1
    return out


def _sheet(body: str, dimension: str = "A1") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{_MAIN}">'
        f'<dimension ref="{dimension}"/><sheetData>{body}</sheetData></worksheet>'
    ).encode()


def shared_part(base: bytes, sheets: int = 2000, part_bytes: int = 950_000) -> bytes:
    """``base`` with ``sheets`` Board sheets whose relationships all target one new sheet part
    of about ``part_bytes`` (numbers in column A, so it deflates well under the ratio limit)."""
    rows, size, r = [], 0, 1
    while size < part_bytes:
        row = f'<row r="{r}"><c r="A{r}"><v>{r * 7919 % 100003}</v></c></row>'
        rows.append(row)
        size += len(row)
        r += 1
    name = "xl/worksheets/hostile1.xml"
    part = {name: _sheet("".join(rows), f"A1:A{r - 1}")}
    return add_sheets(base, _free_boards(base, sheets), [name] * sheets, part)


def empty_cells(base: bytes, parts: int = 180, cells: int = 240_000) -> bytes:
    """``base`` with ``parts`` Board sheets of one row holding ``cells`` empty ``<c/>`` cells
    each (4 bytes a cell, so a part stays under the 1 MB ratio floor)."""
    body = _sheet('<row r="1">' + "<c/>" * cells + "</row>")
    names = [f"xl/worksheets/hostile{i + 1}.xml" for i in range(parts)]
    return add_sheets(base, _free_boards(base, parts), names, dict.fromkeys(names, body))


def shared_strings(base: bytes, count: int = 10_000_000) -> bytes:
    """``base`` with ``count`` tiny distinct shared strings (numbers as text, so the part
    compresses well under the ratio limit) and a sheet "Notes" that uses the first."""
    sst = (
        f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{_MAIN}" count="{count}" '
        f'uniqueCount="{count}">'
        + "".join(f"<si><t>{i % 4096:03x}</t></si>" for i in range(count))
        + "</sst>"
    ).encode()
    name = "xl/worksheets/hostile1.xml"
    sheet = {name: _sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row>')}
    return add_sheets(base, ["Notes"], [name], sheet, {"xl/sharedStrings.xml": sst})


def _board_parts(xlsx: bytes) -> set[str]:
    return {p for t, p in sheet_parts(xlsx).items() if re.fullmatch(r"Board \d+", t)}


def pad_rows(xlsx: bytes, last: int = 1_048_576) -> bytes:
    """Every Board sheet declares ``A1:A{last}`` and ends in an empty row ``last``: the edit of
    issue 24 (a sheet's declared size, and an empty last row), nothing else changed."""
    boards = _board_parts(xlsx)

    def edit(name: str, data: bytes) -> bytes:
        if name not in boards:
            return data
        data = re.sub(rb'<dimension ref="[^"]*"', f'<dimension ref="A1:A{last}"'.encode(), data)
        return data.replace(b"</sheetData>", f'<row r="{last}"/></sheetData>'.encode(), 1)

    return rewrite(xlsx, edit)


def cell_at_row(xlsx: bytes, row: int = 2100, column: str = "GR") -> bytes:
    """Every Board sheet holds one more cell (a number) at ``{column}{row}``, its last row."""
    boards = _board_parts(xlsx)
    cell = f'<row r="{row}"><c r="{column}{row}"><v>1</v></c></row></sheetData>'.encode()

    def edit(name: str, data: bytes) -> bytes:
        return data.replace(b"</sheetData>", cell, 1) if name in boards else data

    return rewrite(xlsx, edit)


def many_boards(base: bytes, boards: int = 5000) -> bytes:
    """``base`` with ``boards`` more tiny Board sheets, each its own part."""
    body = _sheet('<row r="1"><c r="A1"><v>1</v></c></row>')
    names = [f"xl/worksheets/hostile{i + 1}.xml" for i in range(boards)]
    return add_sheets(base, _free_boards(base, boards), names, dict.fromkeys(names, body))


def many_formats(xlsx: bytes, count: int = 600_000) -> bytes:
    """``xlsx`` whose ``xl/styles.xml`` holds ``count`` more cell formats (short, varied tags, so
    a small count stays under the ratio floor and a large one deflates under the ratio limit)."""
    xfs = b"".join(b'<xf numFmtId="%d" fontId="0"/>' % (i % 164) for i in range(count))

    def edit(name: str, data: bytes) -> bytes:
        if name != "xl/styles.xml":
            return data
        return data.replace(b"</cellXfs>", xfs + b"</cellXfs>", 1)

    return rewrite(xlsx, edit)


_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
_VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
_CUSTOM_CT = "application/vnd.openxmlformats-officedocument.custom-properties+xml"


def custom_properties(xlsx: bytes, count: int = 900_000) -> bytes:
    """``xlsx`` with a ``docProps/custom.xml`` of ``count`` text properties, linked from the
    package's relationships as Excel links it."""
    fmtid = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"
    props = "".join(
        f'<property fmtid="{fmtid}" pid="{i + 2}" name="p{i}"><vt:lpwstr>{i}</vt:lpwstr></property>'
        for i in range(count)
    )
    part = (
        f'<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="{_CUSTOM}" xmlns:vt="{_VT}">'
        f"{props}</Properties>"
    ).encode()
    rel = f'<Relationship Id="rIdC" Type="{_REL}/custom-properties" Target="docProps/custom.xml"/>'
    over = f'<Override PartName="/docProps/custom.xml" ContentType="{_CUSTOM_CT}"/>'

    def edit(name: str, data: bytes) -> bytes:
        if name == "_rels/.rels":
            return data.replace(b"</Relationships>", rel.encode() + b"</Relationships>", 1)
        if name == "[Content_Types].xml":
            return data.replace(b"</Types>", over.encode() + b"</Types>", 1)
        return data

    return rewrite(xlsx, edit, {"docProps/custom.xml": part})


def validation_list(xlsx: bytes, count: int = 1_500_000) -> bytes:
    """``xlsx`` whose first Board sheet holds one more data validation, whose cell list names
    ``count`` cells one by one (``A1 A2 A3 ...``)."""
    first = sorted(_board_parts(xlsx))[0]
    refs = " ".join(f"A{r}" for r in range(1, count + 1))
    dv = (
        f'<dataValidations count="1"><dataValidation type="whole" sqref="{refs}">'
        "<formula1>1</formula1></dataValidation></dataValidations>"
    ).encode()

    def edit(name: str, data: bytes) -> bytes:
        if name != first:
            return data
        if b"<dataValidations" in data:
            old = rb"<dataValidations.*?</dataValidations>"
            return re.sub(old, lambda _m: dv, data, count=1, flags=re.S)
        return data.replace(b"</sheetData>", b"</sheetData>" + dv, 1)

    return rewrite(xlsx, edit)


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "cut_in_half": lambda d: d[: len(d) // 2],
    "cut_tag": lambda d: d.replace(b"<row ", b"<row", 1),
    "undefined_entity": lambda d: d.replace(b"<v>", b"<v>&bid;", 1),
    "u_fffe": lambda d: d.replace(b"<v>", "<v>\ufffe".encode(), 1),
}


def damaged_sheet(xlsx: bytes, how: str) -> bytes:
    """``xlsx`` whose first Board sheet part is damaged as :data:`DAMAGES` ``[how]`` damages it."""
    first = sorted(_board_parts(xlsx))[0]
    return rewrite(xlsx, lambda name, data: DAMAGES[how](data) if name == first else data)


def main(argv: list[str]) -> int:
    base = Path(argv[1]).read_bytes()
    out = Path(argv[2])
    out.mkdir(parents=True, exist_ok=True)
    made = {
        "shared_part.xlsx": shared_part(base),
        "empty_cells.xlsx": empty_cells(base),
        "shared_strings.xlsx": shared_strings(base),
        "pad_rows.xlsx": pad_rows(base),
        "cell_at_row.xlsx": cell_at_row(base),
        "many_boards.xlsx": many_boards(base),
        "many_formats.xlsx": many_formats(base),
        "custom_properties.xlsx": custom_properties(base),
        "validation_list.xlsx": validation_list(base),
        **{f"damaged_{how}.xlsx": damaged_sheet(base, how) for how in DAMAGES},
    }
    for name, data in made.items():
        (out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
