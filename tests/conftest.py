"""Shared fixtures: paths into the repository and the bundled games."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GAMES_DIR = REPO / "games"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def minsk_manifest() -> Path:
    return GAMES_DIR / "minsk44.json"


def bundled_games() -> list[Path]:
    """Every bundled game manifest (games/*.json)."""
    return sorted(GAMES_DIR.glob("*.json"))
