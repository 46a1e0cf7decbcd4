"""Shared fixtures: paths into the repository and the bundled games."""

from __future__ import annotations

import os
import shutil
import subprocess
import warnings
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


@pytest.fixture(scope="session")
def engine_classpath() -> str:
    """The real VASSAL engine's ``java -cp`` string, prepared by ``.ci/vassal-engine.sh`` (idempotent) on first use.

    Fails if the script fails; skips, loudly, only when Java or Xvfb cannot be installed on this machine.
    """
    cache = REPO / ".ci" / "cache" / "vassal"
    proc = subprocess.run(["bash", str(REPO / ".ci" / "vassal-engine.sh"), str(cache)], capture_output=True,
                          text=True, timeout=1800)
    if proc.returncode != 0:
        if shutil.which("java") is None or shutil.which("xvfb-run") is None:
            msg = ("!!! VASSAL ENGINE TEST SKIPPED: Java/Xvfb could not be installed on this machine "
                   f"(.ci/vassal-engine.sh said: {proc.stderr.strip()[-400:]}) !!!")
            warnings.warn(msg, stacklevel=1)
            pytest.skip(msg)
        pytest.fail(f".ci/vassal-engine.sh failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    return (cache / "classpath").read_text().strip()


# the one engine run per bundled game that the engine test files share (tests/engine_runs.py); imported last, as
# it uses bundled_games() and engine_classpath above
from engine_runs import bundled  # noqa: E402, F401


@pytest.fixture(scope="session", autouse=True)
def _modgen_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """modgen's user cache (the validation cache, modgen/data/validcache.py) in a temporary folder: the tests (and the
    processes they start) never write to the home folder, and start without entries from earlier runs."""
    os.environ["MODGEN_CACHE_DIR"] = str(tmp_path_factory.mktemp("modgen-cache"))
    # the image cache (modgen/draw/imagecache.py) is off unless a test turns it on: a test that patches the drawing
    # code and then builds must see its patch, not another test's images (tests/test_imagecache.py tests the cache)
    os.environ["MODGEN_IMAGE_CACHE"] = "off"
