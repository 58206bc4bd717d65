"""What a mistyped option or command is answered with: the command that was given, and the
nearest name it knows ("did you mean --tables?"), found by :func:`difflib.get_close_matches`.

>>> unknown_options(["--table", "5"], ["--tables", "--rounds", "-o", "--output"])
'unrecognized arguments: --table 5; did you mean --tables?'
>>> unknown_options(["--evnt=Tuesday"], ["--event", "--names"])
'unrecognized arguments: --evnt=Tuesday; did you mean --event?'
>>> unknown_options(["--zzz"], ["--tables"])
'unrecognized arguments: --zzz'
>>> with_choice_hint("argument COMMAND: invalid choice: 'sesaon' (choose from 'score', 'season')")
"argument COMMAND: invalid choice: 'sesaon'; did you mean season? (choose from 'score', 'season')"
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

__all__ = ["nearest", "unknown_options", "with_choice_hint"]

# argparse 3.11's wording for a value outside ``choices`` (a command, a --format...).
_CHOICE = re.compile(
    r"invalid choice: (?P<got>'[^']*'|\S+)(?P<list> \(choose from (?P<known>.*)\))\Z"
)


def nearest(word: str, known: Sequence[str]) -> str | None:
    """The name in ``known`` closest to ``word`` (difflib's ratio at least 0.6), or None.

    >>> nearest("--bets", ["--best", "--minimum"])
    '--best'
    """
    found = difflib.get_close_matches(word, list(known), n=1)
    return found[0] if found else None


def unknown_options(extras: Sequence[str], options: Sequence[str]) -> str:
    """The message for the words a command did not take: them, and for the first that looks
    like an option, the nearest option of that command."""
    message = f"unrecognized arguments: {' '.join(extras)}"
    for word in extras:
        if word.startswith("-") and len(word) > 1:
            guess = nearest(word.split("=", 1)[0], options)
            if guess is not None:
                return f"{message}; did you mean {guess}?"
    return message


def with_choice_hint(message: str) -> str:
    """argparse's "invalid choice" message with the nearest choice added (unchanged when none
    is near, or when the message is another one)."""
    m = _CHOICE.search(message)
    if m is None:
        return message
    got = m["got"].strip("'")
    known = [c.strip().strip("'") for c in m["known"].split(",")]
    guess = nearest(got, known)
    if guess is None:
        return message
    # Before the list of choices, which may be long enough for the line to be cut.
    cut = m.start("list")
    return f"{message[:cut]}; did you mean {guess}?{message[cut:]}"
