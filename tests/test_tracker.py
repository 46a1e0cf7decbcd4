"""One turn-tracker definition (modgen.vassal.tracker): the list the builder writes into buildFile.xml, stepped with
the Next button, is the plugin's sequence of play with sides (as the rules engine's sequence check expects it), and
the log adapter decodes every index of that list back to the same (turn, phase, side).

Expected values come from the rule engine's own sequence (modgen.rules.seqcheck.expected_sequence), not from the
tracker module under test.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from types import SimpleNamespace

import pytest
import vassal_fixture as vf
from conftest import bundled_games
from lxml import etree
from vassal_logs import log_text, save_text, vsav

from modgen.data.model import load_game
from modgen.rules.seqcheck import expected_sequence
from modgen.vassal import module as vmod
from modgen.vassal import sequence as se
from modgen.vassal import tracker
from modgen.vassal.adapter import adapt

M = "VASSAL.build.module."


def _turn_cmd(turn: int, index: int) -> str:
    # TurnTracker state (VASSAL ListTurnLevel.getState: current;currentSubLevel;first;active flags;sub-levels):
    # the turn list at index turn-1, its one sub-level the phase list at `index`
    return f"TURNTurnTracker0\t0|{turn - 1};0;0;true;{index}\\;0\\;0\\;true"


def _rules_sequence(game, first: str | None) -> list[tuple[str, str | None]]:
    """The rule engine's sequence, without the phases the plugin says the game's scenarios do not play."""
    plugin = game.rule_system()
    mixed = plugin.policy_values(game.manifest).get("phase_order") == "interleaved"
    ctx = SimpleNamespace(sides={s["id"]: s for s in game.manifest["sides"]}, plugin=plugin, game=game)
    used = {p.id for sc in game.scenarios.values() for p in plugin.phases_used(game, sc)}
    return [(p, s) for p, s in expected_sequence(ctx, first, mixed) if p in used]


@pytest.fixture(scope="module", params=[p.stem for p in bundled_games()])
def built(request, tmp_path_factory):
    game = load_game(Path(vf.__file__).resolve().parent.parent / "games" / f"{request.param}.json")
    out = tmp_path_factory.mktemp(request.param) / "m.vmod"
    # the stub renderers keep this fast; the tracker does not depend on pictures
    vmod.build_module(game, out, **vf.STUBS)
    root = etree.fromstring(zipfile.ZipFile(out).read("buildFile.xml"))
    (level,) = root.findall(f"{M}turn.TurnTracker/{M}turn.ListTurnLevel/{M}turn.ListTurnLevel")
    return game, se.decode(level.get("list"), ",")


def test_next_order_is_the_plugins_sequence_with_sides(built) -> None:
    game, labels = built
    trk = tracker.tracker_for(game)
    assert [e.label for e in trk.entries] == labels  # the builder wrote this very definition
    for first in game.manifest["sides"]:
        assert trk.sequence(first["id"]) == _rules_sequence(game, first["id"])
    for sid, scen in game.scenarios.items():
        first = scen.get("first_player")
        if first:
            assert trk.sequence(first) == _rules_sequence(game, first), sid
            names = {s["id"]: s.get("name", s["id"]) for s in game.manifest["sides"]}
            # the labels a player reads name the side that plays the phase
            for entry, (_, side) in zip(trk.entries, trk.sequence(first), strict=True):
                if side and trk.first:
                    assert entry.label.startswith(names[side] + " "), entry.label


def test_every_index_decodes_to_turn_phase_and_side(built) -> None:
    game, labels = built
    for sid, scen in game.scenarios.items():
        first = scen.get("first_player")
        # Next through all of turn 1 and into turn 2, as a player steps the tracker
        steps = [[_turn_cmd(1, k)] for k in range(len(labels))] + [[_turn_cmd(2, 0)]]
        res = adapt(vsav(log_text(save_text([]), steps), module=game.id), game, scenario=sid, name="t.vlog")
        got = [(e["type"], e.get("turn") or e.get("phase"), e.get("side")) for e in res.events
               if e["type"] in ("turn", "phase")]
        want_turn = _rules_sequence(game, first) if first else [(p, None) for p, _ in _rules_sequence(game, None)]
        want = [("turn", 1, None), *[("phase", p, s) for p, s in want_turn],
                ("turn", 2, None), ("phase", want_turn[0][0], want_turn[0][1])]
        assert got == want, sid


def test_efb_player_turns_follow_4_3() -> None:
    """EFB 4.3: events, the first player's A-F, the second player's A-F, the interphase (Minsk: Soviets first)."""
    game = load_game(Path(vf.__file__).resolve().parent.parent / "games" / "minsk44.json")
    trk = tracker.tracker_for(game)
    assert trk.first == "soviet"
    labels = [e.label for e in trk.entries]
    assert labels[:3] == ["Events Phase", "Soviet Reinforcement Phase", "Soviet Movement Phase"]
    assert labels[6:9] == ["Soviet Recovery Phase", "German Reinforcement Phase", "German Movement Phase"]
    assert labels[-1] == "Game Turn Interphase" and len(labels) == 14


def test_unknown_first_player_gives_seats() -> None:
    """FoW decides the first player by a roll: the entries name seats, the scenario (if it says) resolves them."""
    game = load_game(Path(vf.__file__).resolve().parent.parent / "games" / "fow.json")
    trk = tracker.tracker_for(game)
    assert trk.first is None and trk.entries[0].label == "First player Starting Step"
    assert trk.decode(0) == ("starting", None)
    assert trk.decode(4, "german") == ("starting", "us")
    assert trk.decode(len(trk.entries)) is None and trk.decode(-1) is None
