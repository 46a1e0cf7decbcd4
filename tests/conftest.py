"""Shared fixtures: paths into the repository and the bundled games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the property tests with a fixed seed sequence and no per-example deadline, so a run is repeatable and a
# loaded machine cannot fail it on timing; locally they explore new random examples on every run.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

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
