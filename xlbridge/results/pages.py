"""The HTML pages' one Jinja2 environment: templates of ``xlbridge/templates``, autoescaped
(every name and event text is user text), undefined names an error, blocks trimmed.

>>> "&lt;b&gt;" in render_page("cards.html.j2", event="<b>", date="", kind="", method="",
...     mp=True, unit="MP", cards=[], problems=[])
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["TEMPLATES", "render_page"]

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def render_page(name: str, **context: Any) -> str:
    """The template ``name`` of :data:`TEMPLATES` rendered with ``context``."""
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    return env.get_template(name).render(**context)
