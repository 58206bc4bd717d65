"""Every size limit of xlbridge, in one place: each count a user gives has a checked range.

A value outside its range is refused with one line before any work starts, so a typing slip
(``--tables 1000000000``) or a hostile input costs one message, never minutes of work or
gigabytes of memory. The command line checks these ranges as it parses its arguments
(``xlbridge/cli/_args.py``); the rules layer's generators check them again for library callers.
README.md, section "Limits", lists them for users.

Standard library only (the rules layer runs in Pyodide).

>>> check_count(7, "tables", TABLES)
7
>>> check_count(1000000000, "tables", TABLES)
Traceback (most recent call last):
...
xlbridge.errors.MovementError: tables 1000000000 is out of range: 1-100
"""

from __future__ import annotations

from xlbridge.errors import MovementError, WorkbookError, XlbridgeError

__all__ = [
    "ARROW_SWITCH_ITEMS",
    "ARROW_SWITCH_WORK",
    "BOARDS_PER_ROUND",
    "BOARD_NUMBER",
    "BOOK_PART_ELEMENTS",
    "CARRY_OVER",
    "CELL_TEXT",
    "CLUB_MEMBERS",
    "DATE_TEXT",
    "DATUM",
    "EVENT_TEXT",
    "EXPECTED",
    "HANDICAP",
    "IMP_POINTS",
    "MASTERPOINTS",
    "MATCH_BOARDS",
    "MEMBER_NUMBER_TEXT",
    "NAME_TEXT",
    "NUMBER_DIGITS",
    "PAGE_TEXT",
    "PAIR_NUMBER",
    "PART_ELEMENTS",
    "PLAYERS_TEXT",
    "ROUNDS",
    "SEASON_BEST",
    "SEASON_MINIMUM",
    "SEASON_WINDOW",
    "SEGMENTS",
    "SESSION_BOARDS",
    "SESSION_PLAYS",
    "SHEET_CELLS",
    "SHEET_ELEMENTS",
    "SHEET_RANGES",
    "STRINGS_ELEMENTS",
    "TABLES",
    "TRIM",
    "VP_MARGIN",
    "WORKBOOK_CELLS",
    "WORKBOOK_ELEMENTS",
    "WORKBOOK_SHEETS",
    "Range",
    "check_count",
    "check_session_boards",
    "check_session_plays",
]

Range = tuple[int, int]

# Counts that size a movement or a workbook.
TABLES: Range = (1, 100)  # each kind narrows it further (``xlbridge movement list``)
BOARDS_PER_ROUND: Range = (1, 32)  # a team match's longest segment is 32 boards
ROUNDS: Range = (1, 100)  # each kind narrows it further (its own maximum)
PAIR_NUMBER: Range = (1, 999)  # a pair's number in a movement file
SEGMENTS: Range = (1, 16)  # segments of a head-to-head or knockout match
SESSION_BOARDS: Range = (1, 200)  # board sheets in one session workbook (about 50 ms each)
# Results in one session: each play of a board at a table in a round is a row of its traveller.
# One limit for every command (issue 30): what ``new`` writes (sections and movement files
# too) is what the gate reads back. The largest movement xlbridge generates, a 30-table Bowman
# of 28 rounds of 7 boards, has 5,880; its workbook holds about 60,000 cells in its largest
# sheet and 400,000 in all, well inside the bounds below.
SESSION_PLAYS = 6_000
# What a session workbook can hold, checked by the gate before any parser builds a cell: its
# board sheets and at most 50 others; in one sheet and in all, the cells (and rows, comments,
# merged or linked cells) that openpyxl would build. The largest workbooks xlbridge writes
# (174-board rainbow, 180-board Mitchell, 6-segment knockout of 32 teams) hold 21 to 195 sheets,
# at most 77,000 cells in a sheet and 330,000 in all.
WORKBOOK_SHEETS = SESSION_BOARDS[1] + 50
SHEET_CELLS = 250_000
WORKBOOK_CELLS = 1_000_000
# Its other parts, in XML elements (start tags), checked by the gate before any parser reads one
# (issue 30): xlbridge writes at most about 210 in one (styles.xml, the theme) and a copy saved
# by Excel or LibreOffice adds its built-in styles and properties (hundreds); 600,000 cell
# formats or 900,000 document properties cost a parser a minute and gigabytes.
PART_ELEMENTS = 20_000
BOOK_PART_ELEMENTS = 100_000  # in all the parts that are not sheets, strings or comments
# A sheet's ranges and rules besides its cells: each data validation, conditional format or
# selection and each item of its cell list (sqref), hyperlink, page break or table. xlbridge
# writes at most a few dozen in a sheet; one validation over 1.5 million listed cells is none.
SHEET_RANGES = 10_000
# Every part's XML elements, those a parser keeps unread too (an element openpyxl does not know
# stays in its tree): a cell is two to four (c, v, f, is, t). The largest sessions (5,200 to
# 5,880 boards played) hold up to 151,000 in a sheet and 865,000 in all.
SHEET_ELEMENTS = 4 * SHEET_CELLS  # in a sheet
STRINGS_ELEMENTS = 3 * WORKBOOK_CELLS  # in the shared strings or comments: two a string or more
WORKBOOK_ELEMENTS = 4 * WORKBOOK_CELLS
ARROW_SWITCH_ITEMS: Range = (1, 1000)  # ROUND:TABLE items in one --arrow-switch list
# The arrow-switch optimiser's work budget: s_ij cell updates summed over every pattern it
# tries. A count, not a clock, so the answer is the same on every machine (a few seconds).
ARROW_SWITCH_WORK = 8_000_000

# Numbers of the scoring commands.
MATCH_BOARDS: Range = (1, 500)  # boards in one team match (vp --boards)
BOARD_NUMBER: Range = (1, 9999)
EXPECTED: Range = (1, 999)  # results expected on a board (traveller --expected)
TRIM: Range = (0, 99)  # Butler: scores dropped from each end
DATUM: Range = (-20000, 20000)  # a board's scores lie within +-7600 (Law 77)
IMP_POINTS: Range = (-1_000_000, 1_000_000)  # a points difference (imps)
VP_MARGIN: Range = (-1_000_000, 1_000_000)  # IMPs, or Chicago points, won by
CARRY_OVER: Range = (-1000, 1000)  # IMPs a team starts a match with
SEASON_BEST: Range = (1, 1000)  # percentages averaged (season --best)
SEASON_MINIMUM: Range = (1, 10_000)  # sessions played to qualify (season --minimum)
SEASON_WINDOW: Range = (1, 500)  # sessions at each end of "most improved" (season --window)
NUMBER_DIGITS = 12  # characters in one number typed on the command line

# Text a user gives, in characters (Excel's limits: 32,767 in a cell, 255 in a page header).
CELL_TEXT = 32_767
EVENT_TEXT = 120  # printed in page headers: "EVENT: Board 12" must stay under 255
DATE_TEXT = 60
NAME_TEXT = 100  # a player's, pair's or team's name
PLAYERS_TEXT = 500  # a team's players in one cell: eight names and their commas
PAGE_TEXT = 2000  # a results page's address (browsers take URLs of about this length)

# The club register (xlbridge club).
CLUB_MEMBERS = 100_000  # members in one members file: a national register, not only a club's
MEMBER_NUMBER_TEXT = 20  # a federation number's characters: the EBU's and ACBL's have 7 or 8
HANDICAP: Range = (-50, 50)  # percentage points: beyond half the field's score is no handicap
MASTERPOINTS: Range = (0, 10_000_000)


def check_count(
    value: object, what: str, limits: Range, error: type[XlbridgeError] = MovementError
) -> int:
    """``value`` if it is a whole number within ``limits`` (inclusive), else ``error``."""
    lo, hi = limits
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} {value!r} is not a whole number")
    if not lo <= value <= hi:
        raise error(f"{what} {value} is out of range: {lo}-{hi}")
    return value


def check_session_boards(count: int) -> int:
    """``count``, the boards a session workbook would hold (a sheet each), if it is at most
    :data:`SESSION_BOARDS`' maximum: checked before a board is dealt or a sheet written.

    >>> check_session_boards(960)
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: 960 boards in play; a session workbook holds at most 200 ...
    """
    if count > SESSION_BOARDS[1]:
        raise WorkbookError(
            f"{count} boards in play; a session workbook holds at most "
            f"{SESSION_BOARDS[1]} (fewer boards per round or rounds)"
        )
    return count


def check_session_plays(
    plays: int, what: str = "the session", error: type[XlbridgeError] = WorkbookError
) -> int:
    """``plays``, the results a session would hold (a board played at a table in a round), if
    at most :data:`SESSION_PLAYS`: checked before a sheet is written or a movement balanced.

    >>> check_session_plays(9 * 30 * 30 * 2, "9 sections of 30 tables")
    Traceback (most recent call last):
    ...
    xlbridge.errors.WorkbookError: 9 sections of 30 tables: 16,200 boards played; a session ...
    """
    if plays > SESSION_PLAYS:
        raise error(
            f"{what}: {plays:,} boards played; a session holds at most {SESSION_PLAYS:,}"
            " (the largest movement, a 30-table Bowman, has 5,880): fewer tables, rounds or"
            " boards per round"
        )
    return plays
