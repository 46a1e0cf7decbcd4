"""A game with two maps (FoW: the Free For All table and the Breakthrough mission's table): the first docks into
VASSAL's main window, the second opens from its toolbar button instead of popping up when any game starts."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from modgen.data.model import load_game
from modgen.vassal.module import build_module

REPO = Path(__file__).resolve().parent.parent


def test_only_the_first_game_map_docks_the_others_open_from_their_button(tmp_path: Path) -> None:
    game = load_game(REPO / "games" / "fow.json")
    assert [m["id"] for m in game.maps][:2] == ["table", "breakthrough_table"]
    out = tmp_path / "fow.vmod"
    build_module(game, out)
    xml = zipfile.ZipFile(out).read("buildFile.xml").decode()
    launch = {re.search(r'mapName="([^"]*)"', t).group(1): re.search(r'launch="([^"]*)"', t).group(1)
              for t in re.findall(r"<VASSAL\.build\.module\.Map [^>]*", xml)}
    assert launch["table"] == "false"
    assert launch["breakthrough_table"] == "true"
