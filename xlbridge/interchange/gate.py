"""The one safe-reading gate: every user file passes here before any parser sees it.

Each check runs before the expensive work it protects: a file's size before it is read, a zip
archive's central directory (declared sizes, expansion ratio, member count, member names,
overlapping members) before anything is decompressed, and every XML part of a workbook is
scanned for ``<!DOCTYPE``/``<!ENTITY`` before openpyxl parses it (openpyxl itself parses with
defusedxml when it is installed, which xlbridge requires). A refusal is one
:class:`~xlbridge.errors.InputFileError` line naming the file.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "t.csv").write_bytes("ns,ew\\nJosé,1\\n".encode("cp1252"))
13
>>> read_text(folder / "t.csv", max_bytes=1000, what="traveller CSV")
'ns,ew\\nJosé,1\\n'
>>> (folder / "bomb.xlsx").write_bytes(b"\\x89PNG\\r\\n\\x1a\\n")
8
>>> load_workbook(folder / "bomb.xlsx")
Traceback (most recent call last):
...
xlbridge.errors.InputFileError: workbook '...bomb.xlsx' is a PNG image, not an Excel .xlsx workbook

Limits (module constants; the keyword arguments accept the documented range):

- ``MAX_WORKBOOK_BYTES`` = 50 MB on disk (range 1 byte .. 2 GB).
- ``MAX_TEXT_BYTES`` = 20 MB for a CSV or PBN text file (range 1 byte .. 2 GB).
- ``MAX_ZIP_MEMBERS`` = 10,000 parts in an archive (range 1 .. 1,000,000).
- ``MAX_ZIP_UNCOMPRESSED`` = 200 MB expanded in total (range 1 byte .. 4 GB).
- ``MAX_ZIP_RATIO`` = 200: no part may expand more than 200 times (range 1 .. 100,000); parts
  that expand to under ``RATIO_FLOOR_BYTES`` (1 MB) are exempt, since tiny highly repetitive
  XML parts are normal and harmless.
- What a session workbook holds (:mod:`xlbridge.limits`, counted by
  :mod:`xlbridge.interchange.xlsx_bounds` while the XML parts are scanned): ``WORKBOOK_SHEETS``
  sheets, each on its own part; ``SHEET_CELLS`` cells in a sheet and ``WORKBOOK_CELLS`` in all;
  as many shared strings.
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import struct
import warnings
import weakref
import zipfile
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from xlbridge.errors import InputFileError

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from openpyxl import Workbook

__all__ = [
    "MAX_TEXT_BYTES",
    "MAX_WORKBOOK_BYTES",
    "MAX_ZIP_MEMBERS",
    "MAX_ZIP_RATIO",
    "MAX_ZIP_UNCOMPRESSED",
    "RATIO_FLOOR_BYTES",
    "check_zip",
    "decode_text",
    "load_notes",
    "load_workbook",
    "parse_xml",
    "read_bytes",
    "read_stream_bytes",
    "read_text",
]

MB = 1024 * 1024
MAX_WORKBOOK_BYTES = 50 * MB
MAX_TEXT_BYTES = 20 * MB
MAX_ZIP_MEMBERS = 10_000
MAX_ZIP_UNCOMPRESSED = 200 * MB
MAX_ZIP_RATIO = 200
RATIO_FLOOR_BYTES = 1 * MB

_RANGES = {
    "max_bytes": (1, 2 * 1024 * MB),
    "max_members": (1, 1_000_000),
    "max_total_uncompressed": (1, 4 * 1024 * MB),
    "max_ratio": (1, 100_000),
}

# Member names that are archives themselves: an xlsx never needs one, and a nested archive is
# the classic way to multiply a bomb's expansion past any single-level check.
_ARCHIVE_SUFFIXES = (".zip", ".xlsx", ".xlsm", ".xlsb", ".docx", ".jar", ".gz", ".7z", ".rar")
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_SCAN_CHUNK = 64 * 1024
_INDEX_PARTS = ("xl/workbook.xml", "xl/_rels/workbook.xml.rels")

_MAGIC = (
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"),
    (b"\x1f\x8b", "a gzip archive"),
)

_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # Microsoft's compound file: .xls, and encrypted .xlsx
_ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"  # ODF 1.2 part 3, 3.3
_SAVE_AS_XLSX = "save it as .xlsx and try again"


def _ole2_kind(data: bytes) -> str:
    """What a compound file holds: an encrypted .xlsx keeps its package in an
    ``EncryptedPackage`` stream (MS-OFFCRYPTO 2.3.4.4); anything else is taken for an .xls."""
    if "EncryptedPackage".encode("utf-16-le") in data:
        return "a password-protected workbook (remove the password)"
    return "an old Excel .xls workbook"


def _name(path: object) -> str:
    return repr(str(path))


def _check_limit(key: str, value: int) -> None:
    lo, hi = _RANGES[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputFileError(f"{key}={value!r} is outside the allowed range {lo}..{hi}")


def _why(exc: OSError) -> str:
    """Why a file cannot be read, and what to do when that is the user's to change."""
    if isinstance(exc, PermissionError):
        return f"{exc.strerror}; check that you may read it and open its folder"
    if exc.errno == errno.ELOOP:
        return "it is a link that leads back to itself (a loop of links); remove the link"
    return str(exc.strerror or type(exc).__name__)


def read_bytes(path: str | os.PathLike[str], *, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; refuses a missing file, a folder, a
    device or pipe (which could block or never end) and a file that is too large, before reading.

    >>> read_bytes("/dev/zero", max_bytes=10, what="CSV")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: CSV '/dev/zero' is not a regular file
    """
    _check_limit("max_bytes", max_bytes)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputFileError(f"{what} {_name(path)} does not exist") from None
    except OSError as exc:
        raise InputFileError(f"{what} {_name(path)} cannot be read: {_why(exc)}") from None
    except ValueError:  # os.stat refuses a name with a NUL character
        raise InputFileError(f"{what} {_name(path)} is not a file name (NUL character)") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(f"{what} {_name(path)} is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(f"{what} {_name(path)} is not a regular file")
    if st.st_size > max_bytes:
        raise InputFileError(
            f"{what} {_name(path)} is {st.st_size:,} bytes; the limit is {max_bytes:,}"
        )
    try:
        # O_NONBLOCK: if the path was swapped for a pipe after stat, open does not block.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputFileError(f"{what} {_name(path)} cannot be read: {_why(exc)}") from None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise InputFileError(f"{what} {_name(path)} is not a regular file")
        return _read_limited(fh, max_bytes, what, _name(path))


def read_stream_bytes(stream: IO[bytes], *, max_bytes: int, what: str) -> bytes:
    """Up to ``max_bytes`` from an open binary stream (standard input); refuses a longer stream
    after reading one byte past the limit, never more.

    >>> read_stream_bytes(io.BytesIO(b"abc"), max_bytes=2, what="CSV")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: CSV <stdin> is longer than the limit of 2 bytes
    """
    _check_limit("max_bytes", max_bytes)
    return _read_limited(stream, max_bytes, what, "<stdin>")


def _read_limited(fh: IO[bytes], max_bytes: int, what: str, name: str) -> bytes:
    # Read in chunks: one read(max_bytes + 1) would allocate the whole limit up front.
    chunks: list[bytes] = []
    total = 0
    while chunk := fh.read(min(1024 * 1024, max_bytes + 1 - total)):
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise InputFileError(f"{what} {name} is longer than the limit of {max_bytes:,} bytes")
    return b"".join(chunks)


# A well-formed UTF-8 sequence of two to four bytes: in a file that is not UTF-8 as a whole,
# it says that part of the file is UTF-8 (Windows-1252 names hardly ever hold one).
_UTF8_MULTIBYTE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)


def decode_text(data: bytes, *, what: str, name: str = "<stdin>") -> str:
    """Text in an encoding Excel writes: UTF-8 with or without BOM, UTF-16 with BOM, or cp1252
    (Windows "ANSI"). Anything else, or NUL bytes in 8-bit text, is refused with one line.

    >>> decode_text(b"\\xef\\xbb\\xbfns", what="CSV")
    'ns'
    >>> decode_text("ns".encode("utf-16"), what="CSV")
    'ns'
    >>> decode_text(b"Jos\\xe9", what="CSV")  # Windows-1252
    'José'
    >>> decode_text("Zoë\\n".encode() + b"Jos\\xe9", what="CSV")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: CSV <stdin> mixes UTF-8 and another encoding (line 2 is not ...
    >>> decode_text(b"n\\x00s\\x00", what="CSV")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: CSV <stdin> holds NUL bytes: not text in UTF-8, UTF-16 ...
    """
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise InputFileError(f"{what} {name} is UTF-32; save it as UTF-8 or UTF-16")
    kind = _binary_kind(data)
    if kind:  # named as what it is, not as text with NUL bytes
        raise InputFileError(
            f"{what} {name} is {kind}, not a text file: save it as text (CSV) and try again"
        )
    if data.startswith(b"\xef\xbb\xbf"):
        text = _decode(data[3:], "utf-8", what, name)
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = _decode(data, "utf-16", what, name)
    else:
        if b"\x00" in data:
            raise InputFileError(
                f"{what} {name} holds NUL bytes: not text in UTF-8, UTF-16 (with BOM) or "
                "Windows-1252"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            if _UTF8_MULTIBYTE.search(data):  # some lines UTF-8, some not: never mojibake
                line = data.count(b"\n", 0, exc.start) + 1
                raise InputFileError(
                    f"{what} {name} mixes UTF-8 and another encoding (line {line} is not"
                    " UTF-8); save it as UTF-8"
                ) from None
            text = _decode(data, "cp1252", what, name)
    if "\x00" in text:
        raise InputFileError(f"{what} {name} holds NUL characters")
    return text


def _binary_kind(data: bytes) -> str:
    """What a file that is no text is, by its first bytes; "" for anything else.

    >>> _binary_kind(b"PK\\x03\\x04..."), _binary_kind(b"round,table")
    ('an Excel workbook or another zip archive', '')
    """
    if data.startswith(b"PK\x03\x04"):
        return "an Excel workbook or another zip archive"
    if data.startswith(_OLE2):
        return "an old Excel .xls workbook or another Office file"
    return next((kind for magic, kind in _MAGIC if data.startswith(magic)), "")


def _decode(data: bytes, encoding: str, what: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputFileError(
            f"{what} {name} is not valid {encoding} (byte {exc.start}); save it as UTF-8"
        ) from None


def read_text(path: str | os.PathLike[str], *, max_bytes: int, what: str) -> str:
    """A text file read through :func:`read_bytes` and decoded by :func:`decode_text`."""
    return decode_text(
        read_bytes(path, max_bytes=max_bytes, what=what), what=what, name=_name(path)
    )


def _eocd_entries(fh: IO[bytes], size: int) -> int | None:
    """The member count the end-of-central-directory record declares, read from the file's tail
    before :mod:`zipfile` parses a possibly enormous central directory; None if not found."""
    tail_len = min(size, 22 + 65535)
    fh.seek(size - tail_len)
    tail = fh.read(tail_len)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or at + 22 > len(tail):
        return None
    entries: int = struct.unpack("<H", tail[at + 10 : at + 12])[0]
    if entries == 0xFFFF and at >= 20 and tail[at - 20 : at - 16] == b"PK\x06\x07":
        (z64_offset,) = struct.unpack("<Q", tail[at - 12 : at - 4])
        if z64_offset + 56 <= size:
            fh.seek(z64_offset)
            rec = fh.read(56)
            if rec[:4] == b"PK\x06\x06":
                entries = struct.unpack("<Q", rec[32:40])[0]
    return entries


def _odd_name(name: str) -> str | None:
    if not name or len(name) > 512:
        return "has an empty or over-long name"
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return "has an absolute path"
    if "\\" in name or any(ord(c) < 32 for c in name):
        return "has a backslash or control character in its name"
    if ".." in name.split("/"):
        return "climbs out of the archive with '..'"
    if name.lower().endswith(_ARCHIVE_SUFFIXES):
        return "is an archive nested inside the archive"
    return None


def check_zip(
    source: str | os.PathLike[str] | bytes,
    *,
    max_bytes: int = MAX_WORKBOOK_BYTES,
    max_members: int = MAX_ZIP_MEMBERS,
    max_total_uncompressed: int = MAX_ZIP_UNCOMPRESSED,
    max_ratio: int = MAX_ZIP_RATIO,
    what: str = "archive",
) -> None:
    """Refuse a zip archive whose central directory promises too much, before decompressing any
    of it: too many members, too much declared expansion in total or per member, members that
    overlap (the "overlapping files" bomb), nested archives, absolute or ``..`` names, encryption
    or unusual compression. Work is bounded by the central directory's size.

    >>> check_zip(b"not a zip", what="workbook")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: workbook <bytes> is not a zip archive (truncated or ...
    """
    for key, value in (
        ("max_bytes", max_bytes),
        ("max_members", max_members),
        ("max_total_uncompressed", max_total_uncompressed),
        ("max_ratio", max_ratio),
    ):
        _check_limit(key, value)
    if isinstance(source, bytes | bytearray):
        name = "<bytes>"
        if len(source) > max_bytes:
            raise InputFileError(f"{what} {name} is {len(source):,} bytes; limit {max_bytes:,}")
        _check_zip_stream(
            io.BytesIO(source),
            len(source),
            name,
            what,
            max_members,
            max_total_uncompressed,
            max_ratio,
        )
        return
    name = _name(source)
    data = read_bytes(source, max_bytes=max_bytes, what=what)
    _check_zip_stream(
        io.BytesIO(data), len(data), name, what, max_members, max_total_uncompressed, max_ratio
    )


def _check_zip_stream(
    fh: IO[bytes],
    size: int,
    name: str,
    what: str,
    max_members: int,
    max_total: int,
    max_ratio: int,
) -> None:
    def refuse(reason: str) -> InputFileError:
        return InputFileError(f"{what} {name} {reason}")

    entries = _eocd_entries(fh, size)
    if entries is None:
        raise refuse("is not a zip archive (truncated or another kind of file)")
    if entries > max_members:
        raise refuse(f"has {entries:,} parts; the limit is {max_members:,}")
    fh.seek(0)
    try:
        with zipfile.ZipFile(fh) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise refuse(f"is a damaged or truncated zip archive ({exc})") from None
    if len(infos) > max_members:
        raise refuse(f"has {len(infos):,} parts; the limit is {max_members:,}")
    total = 0
    seen: set[str] = set()
    for info in infos:
        odd = _odd_name(info.filename)
        if odd:
            raise refuse(f"part {info.filename[:80]!r} {odd}")
        if info.filename in seen:
            raise refuse(f"has two parts named {info.filename[:80]!r}")
        seen.add(info.filename)
        if info.flag_bits & 0x1:
            raise refuse(f"part {info.filename!r} is encrypted")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise refuse(f"part {info.filename!r} uses an unusual compression method")
        total += info.file_size
        if total > max_total:
            raise refuse(
                f"expands to over {max_total:,} bytes (a zip bomb?); refused before extracting"
            )
        if info.file_size >= RATIO_FLOOR_BYTES and (
            info.file_size > max_ratio * max(info.compress_size, 1)
        ):
            raise refuse(
                f"part {info.filename!r} expands {info.file_size // max(info.compress_size, 1):,}"
                f" times (limit {max_ratio}; a zip bomb?); refused before extracting"
            )
    _check_overlap(infos, size, refuse)


def _check_overlap(
    infos: list[zipfile.ZipInfo], size: int, refuse: Callable[[str], InputFileError]
) -> None:
    spans = sorted(
        (i.header_offset, i.header_offset + 30 + len(i.orig_filename.encode()) + i.compress_size)
        for i in infos
    )
    end_prev = 0
    for start, end in spans:
        if start < end_prev or end > size:
            raise refuse("has overlapping or out-of-range parts (a zip bomb?)")
        end_prev = end


def parse_xml(data: bytes, what: str, *, allow_doctype: bool = False) -> Element:
    """Parse XML with defusedxml: entity declarations and external entities are refused, and a
    DOCTYPE too unless ``allow_doctype`` (USEBIO files name their DTD; it is never fetched).

    >>> parse_xml(b"<a><b>1</b></a>", "USEBIO file").find("b").text
    '1'
    >>> parse_xml(b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', "USEBIO file")
    Traceback (most recent call last):
    ...
    xlbridge.errors.InputFileError: USEBIO file declares XML entities or a DTD; refused
    """
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
    from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]

    try:
        root: Element = fromstring(data, forbid_dtd=not allow_doctype)
        return root
    except DefusedXmlException:
        raise InputFileError(f"{what} declares XML entities or a DTD; refused") from None
    except ParseError as exc:
        raise InputFileError(f"{what} is not well-formed XML ({exc})") from None


def _scan_xml_parts(data: bytes, name: str, what: str) -> None:
    """Refuse any XML part holding a DOCTYPE or ENTITY declaration, or not in UTF-8 (where such a
    declaration could hide from a byte scan), and any workbook holding more sheets, cells or
    strings than a session workbook can (:mod:`xlbridge.interchange.xlsx_bounds`).
    Decompression is bounded by the declared sizes :func:`check_zip` has already accepted;
    :mod:`zipfile` never yields more than declared."""
    from xlbridge.interchange.xlsx_bounds import WorkbookCount, check_index, counter_for
    from xlbridge.interchange.xlsx_parts import BookParts, PartChecks, sheet_titles

    total = WorkbookCount(name, what)
    others = BookParts(name, what)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        check_index(zf, name, what)
        names = set(zf.namelist())
        titles = sheet_titles(*(zf.read(p) if p in names else b"" for p in _INDEX_PARTS))
        for info in zf.infolist():
            if not info.filename.lower().endswith(_XML_SUFFIXES):
                continue
            tail = b""
            first = True
            counter = counter_for(info.filename, name, what)
            checks = PartChecks(info.filename, name, what, others, titles.get(info.filename, ""))
            try:
                with zf.open(info) as part:
                    while chunk := part.read(_SCAN_CHUNK):
                        if counter:
                            counter.feed(chunk)
                        if first and chunk.startswith(
                            (b"\xff\xfe", b"\xfe\xff", b"\x00<", b"<\x00")
                        ):
                            raise InputFileError(
                                f"{what} {name} part {info.filename!r} is not UTF-8 XML; refused"
                            )
                        first = False
                        window = tail + chunk
                        if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                            raise InputFileError(
                                f"{what} {name} part {info.filename!r} declares XML entities or a"
                                " DTD (an entity attack?); refused"
                            )
                        tail = window[-16:]
                        checks.feed(chunk)  # after the entity scan: its refusal names an attack
                    checks.close()
                    if counter:
                        counter.feed(b"", final=True)
                        total.add(counter)
            except (zipfile.BadZipFile, OSError, EOFError, ValueError) as exc:
                if isinstance(exc, InputFileError):
                    raise
                raise InputFileError(
                    f"{what} {name} part {info.filename!r} is damaged ({exc})"
                ) from None


_NOTES: weakref.WeakKeyDictionary[Workbook, tuple[str, ...]] = weakref.WeakKeyDictionary()


def load_notes(wb: Workbook) -> tuple[str, ...]:
    """What openpyxl said while :func:`load_workbook` opened ``wb`` (its warnings, one line
    each, such as ``Data Validation extension is not supported and will be removed``:
    what a copy written by openpyxl loses), never printed by openpyxl itself.

    >>> from openpyxl import Workbook
    >>> load_notes(Workbook())
    ()
    """
    return _NOTES.get(wb, ())


def load_workbook(
    path: str | os.PathLike[str],
    *,
    data_only: bool = False,
    read_only: bool = False,
    what: str = "workbook",
    max_bytes: int = MAX_WORKBOOK_BYTES,
    keep_vba: bool = False,
) -> Workbook:
    """Open an .xlsx workbook through the gate: size, then the zip's central directory, then an
    entity scan of every XML part, then openpyxl (which parses with defusedxml) on the bytes
    already read, so the file cannot change between the checks and the parse. ``keep_vba``
    keeps an .xlsm's macros (xlwings' standalone workbook); nothing here runs them."""
    name = _name(path)
    data = read_bytes(path, max_bytes=max_bytes, what=what)
    if not data:
        raise InputFileError(f"{what} {name} is empty")
    if data.startswith(_OLE2):
        raise InputFileError(f"{what} {name} is {_ole2_kind(data)}: {_SAVE_AS_XLSX}")
    if not data.startswith(b"PK"):
        for magic, kind in _MAGIC:
            if data.startswith(magic):
                raise InputFileError(f"{what} {name} is {kind}, not an Excel .xlsx workbook")
        raise InputFileError(f"{what} {name} is not an Excel .xlsx workbook")
    _check_zip_stream(
        io.BytesIO(data),
        len(data),
        name,
        what,
        MAX_ZIP_MEMBERS,
        MAX_ZIP_UNCOMPRESSED,
        MAX_ZIP_RATIO,
    )
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        mimetype = zf.read("mimetype")[:100] if "mimetype" in names else b""
    if mimetype.strip() == _ODS_MIMETYPE:
        raise InputFileError(
            f"{what} {name} is an OpenDocument spreadsheet (.ods): {_SAVE_AS_XLSX}"
        )
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise InputFileError(f"{what} {name} is a zip archive but not an Excel .xlsx workbook")
    _scan_xml_parts(data, name, what)

    import openpyxl
    from openpyxl.xml import DEFUSEDXML

    if not DEFUSEDXML:  # OPENPYXL_DEFUSEDXML=False in the environment
        raise InputFileError("openpyxl is not using defusedxml; unset OPENPYXL_DEFUSEDXML")
    from openpyxl.reader import excel

    from xlbridge.interchange.readonly_size import cheap_sizes

    try:
        with warnings.catch_warnings(record=True) as caught, cheap_sizes(excel):
            warnings.simplefilter("always")
            wb = openpyxl.load_workbook(
                io.BytesIO(data),
                data_only=data_only,
                read_only=read_only,
                keep_links=False,
                keep_vba=keep_vba,
            )
        # openpyxl's warnings name its own files; what they say is kept as one line each.
        _NOTES[wb] = tuple(dict.fromkeys(str(w.message)[:200] for w in caught))
        return wb
    except InputFileError:
        raise
    except Exception as exc:  # openpyxl raises many types for damaged parts; each is one line
        import textwrap  # openpyxl's words, cut between words, never inside one

        said = textwrap.shorten(f"{type(exc).__name__}: {exc}", 120, placeholder=" ...")
        raise InputFileError(
            f"{what} {name} cannot be read as a workbook: a part of it is damaged or not as"
            f" Excel writes it; open it in Excel or LibreOffice and save it again ({said})"
        ) from None
