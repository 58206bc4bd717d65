"""The texts social workbooks write for a setting, each made from its code here and read back to
its code here (one table each way): no reader tests a sentence for words.

>>> net_rounding_text("down"), rounding_of(net_rounding_text("down"))
('to hundreds, 50 rounds down', 'down')
>>> rounding_of(block_rounding_text("up")), rounding_of("anything else")
('up', None)
>>> new_york_of(chicago_vulnerability_text(True)), new_york_of("new-york"), new_york_of(None)
(True, True, False)
>>> with_vps_of(pairs_scoring_text(True, "up")), with_vps_of(pairs_scoring_text(False, "up"))
(True, False)
"""

from __future__ import annotations

__all__ = [
    "ROUNDINGS",
    "block_rounding_text",
    "chicago_vulnerability_text",
    "net_rounding_text",
    "new_york_of",
    "pairs_scoring_text",
    "rounding_of",
    "with_vps_of",
]

ROUNDINGS = ("up", "down")  # how net points go to hundreds: an exact 50 up or down
_NEW_YORK = "New York (non-dealer vulnerable on 2-3)"  # score sheets' Chicago vulnerability
_NEW_YORK_CODE = "new-york"  # what pairs events write for it (their Session sheet takes codes)
_VPS = "net points; VPs from Party Bridge's Swiss table"


def net_rounding_text(rounding: str) -> str:
    """The score sheets' Session ``Net rounding`` value."""
    return f"to hundreds, 50 rounds {rounding}"


def block_rounding_text(rounding: str) -> str:
    """A score block's label beside its net result."""
    return f"Net in hundreds (50 rounds {rounding})"


def pairs_scoring_text(with_vps: bool, rounding: str) -> str:
    """A pairs event's Session ``Scoring`` value."""
    return _VPS if with_vps else f"net points in hundreds (50 rounds {rounding})"


def chicago_vulnerability_text(new_york: bool) -> str:
    """The score sheets' Session ``Chicago vulnerability`` value (pairs events write
    ``new-york`` or ``standard``)."""
    return _NEW_YORK if new_york else "standard"


def rounding_of(text: object) -> str | None:
    """The rounding (``up``, ``down``) a text written above stands for; None for any other."""
    for rounding in ROUNDINGS:
        written = (net_rounding_text(rounding), block_rounding_text(rounding),
                   pairs_scoring_text(False, rounding))  # fmt: skip
        if isinstance(text, str) and text.strip() in written:
            return rounding
    return None


def new_york_of(text: object) -> bool:
    """Whether a ``Chicago vulnerability`` value, as either form writes it, is New York's."""
    return isinstance(text, str) and text.strip() in (_NEW_YORK, _NEW_YORK_CODE)


def with_vps_of(text: object) -> bool:
    """Whether a pairs event's ``Scoring`` value says its chukkers score VPs."""
    return isinstance(text, str) and text.strip() == _VPS
