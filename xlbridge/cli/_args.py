"""Argument types shared by the commands: numbers that fail with a message naming the option."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def int_arg(name: str) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number; ``int_arg("tables")("x")`` names ``tables``."""

    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a whole number") from None

    return parse


def float_arg(name: str) -> Callable[[str], float]:
    """An argparse ``type`` for a number, whole or not."""

    def parse(text: str) -> float:
        try:
            return float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} {text!r} is not a number") from None

    return parse
