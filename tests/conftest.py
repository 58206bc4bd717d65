"""Shared fixtures: paths to the seed documents and the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The seed documents (``../shared/seeds``)."""
    return SHARED / "seeds"
