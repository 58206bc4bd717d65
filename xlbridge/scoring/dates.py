"""A session's date: one rule from ``new --date`` to the club register, the season and USEBIO.

A session date is a calendar date written as ISO 8601 (``yyyy-mm-dd``, four-digit year, two-digit
month and day: ``2026-11-24``), or none (``""``). Nothing else is read as a date: ``13/10/2026``
(day or month first?), ``2026-1-3`` and ``2027-02-30`` are refused in one line, so a date is
never taken in a way its writer did not mean. A date typed into a workbook's Session sheet as a
spreadsheet date (a date cell) is read as that date (the workbook readers give it as ISO).
Because ISO dates are fixed-width, comparing and sorting them as text is comparing them as
dates, which the register and ``season --from/--to`` rely on.

USEBIO (the EBU's XML results format) writes a date as ``dd/mm/yyyy`` (:func:`usebio_date`).

Standard library only (the rules layer runs in Pyodide).

>>> session_date(" 2026-11-24 ")
'2026-11-24'
>>> usebio_date("2026-11-24")
'24/11/2026'
>>> session_date("13/10/2026")
Traceback (most recent call last):
...
xlbridge.errors.SessionError: date '13/10/2026' is not a date written yyyy-mm-dd (2026-11-24)
"""

from __future__ import annotations

from datetime import date as Date

from xlbridge.errors import SessionError

__all__ = ["iso_date", "session_date", "usebio_date"]


def iso_date(text: str, what: str = "date") -> str:
    """``text`` (spaces around it aside) when it is an ISO date ``yyyy-mm-dd`` that exists,
    else one line naming ``what``.

    >>> iso_date("2028-02-29")
    '2028-02-29'
    >>> iso_date("2027-02-30", "--to")
    Traceback (most recent call last):
    ...
    xlbridge.errors.SessionError: --to '2027-02-30' is not a date written yyyy-mm-dd (2026-11-24)
    >>> iso_date("2026-1-3")
    Traceback (most recent call last):
    ...
    xlbridge.errors.SessionError: date '2026-1-3' is not a date written yyyy-mm-dd (2026-11-24)
    """
    t = text.strip()
    try:
        # fromisoformat also reads 20261124 and 2026-W48-2; only the written-out form is a date
        if len(t) == 10 and Date.fromisoformat(t).isoformat() == t:
            return t
    except ValueError:
        pass
    raise SessionError(f"{what} {t[:40]!r} is not a date written yyyy-mm-dd (2026-11-24)")


def session_date(text: str, what: str = "date") -> str:
    """A session's date: :func:`iso_date`, or ``""`` for a session without one.

    >>> session_date(""), session_date("2026-03-01")
    ('', '2026-03-01')
    """
    return iso_date(text, what) if text.strip() else ""


def usebio_date(text: str) -> str:
    """A session date as USEBIO writes it, ``dd/mm/yyyy`` (``""`` for none); anything not a
    date is refused (:func:`session_date`).

    >>> usebio_date("2026-01-05"), usebio_date("")
    ('05/01/2026', '')
    """
    iso = session_date(text, "Session date")
    return f"{iso[8:10]}/{iso[5:7]}/{iso[0:4]}" if iso else ""
