"""Real-engine test of a plugin's per-side tracks (CoH CAPs and APs) as module global properties, through VASSAL
3.6's own API: the harness (tests/engine/harness/ModgenHarness.java, ``globals``) reports each GlobalProperty's
value, limits and buttons, the value after pressing its first button (-1) as a player does, and one change encoded
as the engine logs it, which our reader and adapter must decode.
"""

from __future__ import annotations

from typing import Any

import pytest

from modgen.vassal import commands as C
from modgen.vassal import sidetracks

pytestmark = [pytest.mark.engine, pytest.mark.slow]


def test_engine_track_properties(bundled: tuple[Any, dict[str, Any], list[str]]) -> None:
    game, result, _ = bundled
    assert not result.get("fatal"), result.get("fatal")
    want = sidetracks.side_tracks(game)
    got = {g["name"]: g for g in result["globals"]}
    assert sorted(got) == sorted(t.name for t in want)
    if game.id == "stormsofsteel":  # the scenario's starting CAPs (21.3) and the 7-AP pool, per side
        assert {n: g["value"] for n, g in got.items()} == {"mg_cap_german": "6", "mg_cap_soviet": "5",
                                                          "mg_ap_german": "7", "mg_ap_soviet": "7"}
    for t in want:
        g = got[t.name]
        assert (g["value"], g["min"], g["max"], g["numeric"]) == (str(t.start), str(t.minimum), str(t.maximum),
                                                                   "true")
        assert g["buttons"] == [f"{t.label} -1", f"{t.label} +1", f"Set {t.label}"]
        assert g["after_first"] == str(t.start - 1)  # the -1 button lowered it by one
        # the engine's log encoding: MutableProperty<TAB>name<TAB>old<TAB>new<TAB>Module
        cmd = C.decode(g["encoded"])
        assert isinstance(cmd, C.MutableProperty)
        assert (cmd.name, cmd.old, cmd.new, cmd.container) == (t.name, str(t.start), "2", "Module")
