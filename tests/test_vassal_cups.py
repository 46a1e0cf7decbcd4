"""The CoH module's cup of vehicle hit counters (CoH 15.2: "draw a random Hit counter ... face down"): a VASSAL
Deck (``DrawPile``) on the holding map, and a card drawn from it onto a unit read as the hit counter put on that unit.

The buildFile and set-up are read back with lxml and VASSAL's command syntax (format reference §4.3, Deck.getState:
``map;x;y;faceDown;id,id,…``); the log steps are hand-written MovePiece commands (``M/id/map/x/y/under/oldMap/…``).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from vassal_logs import log_text, vsav

from modgen.data.model import load_game
from modgen.rules.coh import VEHICLE_HIT_CUP
from modgen.vassal import sequence as se
from modgen.vassal.adapter import adapt
from modgen.vassal.module import build_module
from modgen.vassal.obfuscation import deobfuscate
from modgen.vassal.scale import HOLDING_MAP

REPO = Path(__file__).resolve().parent.parent
E = "\x1b"
VEHICLE_HITS = {"hit.vehicle.destroyed", "hit.vehicle.gun_damaged_red", "hit.vehicle.gun_damaged_blue",
                "hit.vehicle.immobilized", "hit.vehicle.light_damage", "hit.vehicle.panicked",
                "hit.vehicle.stunned", "hit.vehicle.suppressed"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game = load_game(REPO / "games" / "stormsofsteel.json")
    out = tmp_path_factory.mktemp("cup") / "sos.vmod"
    build_module(game, out)
    with zipfile.ZipFile(out) as z:
        root = etree.fromstring(z.read("buildFile.xml"))
        with zipfile.ZipFile(io.BytesIO(z.read("kolkhoz_road.vsav"))) as s:
            text = deobfuscate(s.read("savedGame"))
    return game, root, text


def _adds(text: str) -> dict[str, tuple[str, str]]:
    """Every AddPiece of a saved game: id -> (type, state)."""
    out = {}
    for cmd in se.decode(se.decode(text, E)[2], E):
        if cmd.startswith("+/"):
            pid, type_, state = se.decode(cmd[2:], "/")[:3]
            out[pid] = (type_, state)
    return out


def _unit(type_: str, state: str) -> str | None:
    for t, s in zip(se.split_traits(type_), se.split_traits(state), strict=False):
        if t.startswith("mark;") and "mg_unit" in t:
            return s.split(",")[0]
    return None


def _deck(text: str) -> tuple[str, list[str]]:
    decks = [(pid, s) for pid, (t, s) in _adds(text).items() if t.startswith("deck;")]
    assert len(decks) == 1
    pid, state = decks[0]
    return pid, se.decode(state, ";")


def test_drawpile_on_the_holding_map_is_shuffled_one_card_a_draw(built) -> None:
    """15.2: a vehicle hit counter is drawn at random: Re-shuffle Always (each draw a random card), no choosing the
    card, one at a time; VASSAL reads these DrawPile attributes by name (3.6 and 3.7 getAttributeNames)."""
    _game, root, _text = built
    piles = root.findall(".//VASSAL.build.module.map.DrawPile")
    assert len(piles) == 1
    pile = piles[0]
    assert pile.getparent().get("mapName") == HOLDING_MAP
    assert pile.get("name") == VEHICLE_HIT_CUP and pile.get("owningBoard") == HOLDING_MAP
    assert (pile.get("shuffle"), pile.get("allowSelect"), pile.get("allowMultiple")) == ("Always", "false", "false")
    assert int(pile.get("width")) > 0 and int(pile.get("height")) > 0


def test_setup_holds_the_eight_vehicle_hits_face_down_in_the_deck(built) -> None:
    """The cup holds exactly the vehicle hit counters (15.2), each at the deck's point on its back ("Vehicle
    Hit", the Face layer's second level), and no other piece; the foot hit counter stays in the pool's stack."""
    _game, root, text = built
    pile = root.find(".//VASSAL.build.module.map.DrawPile")
    adds = _adds(text)
    deck_id, (map_id, x, y, face_down, ids) = _deck(text)
    assert adds[deck_id][0].split(";")[13] == VEHICLE_HIT_CUP  # Deck type: the DrawPile's name at field 13
    assert (map_id, x, y, face_down) == (HOLDING_MAP, pile.get("x"), pile.get("y"), "false")
    cards = ids.split(",")
    assert {_unit(*adds[c]) for c in cards} == VEHICLE_HITS and len(cards) == 8
    for c in cards:
        t, s = adds[c]
        states = se.split_traits(s)
        assert se.decode(states[-1], ";")[:3] == [HOLDING_MAP, x, y]
        face = [st for ty, st in zip(se.split_traits(t), states, strict=False)
                if ty.startswith("emb2;") and ty.split(";")[19] == "Face"]
        assert face == ["2"]  # the back face
    stacks = [s for (t, s) in adds.values() if t == "stack"]
    foot = next(pid for pid, (t, s) in adds.items() if _unit(t, s) == "hit.foot")
    assert any(foot in se.decode(s, ";")[3:] for s in stacks)
    assert not any(set(cards) & set(se.decode(s, ";")[3:]) for s in stacks)
    # the game is marked not new: else the DrawPile starts an empty Deck over the saved one (SetupStack.setup)
    assert "SETUP_STACK\t" in se.decode(text, E)


def _panzer(text: str) -> tuple[str, str, str, str]:
    for pid, (t, s) in _adds(text).items():
        if _unit(t, s) == "de.pz3h":
            m, x, y = se.decode(se.split_traits(s)[-1], ";")[:3]
            return pid, m, x, y
    raise AssertionError("no panzer")


def _events(game, text: str, steps: list[list[str]]) -> list[dict]:
    evs = adapt(vsav(log_text(text, steps), module=None), game, scenario="kolkhoz_road").events
    return [{k: v for k, v in e.items() if k not in ("i", "source")} for e in evs
            if e.get("source", {}).get("step") is not None]


def test_card_drawn_onto_a_unit_is_a_hit_counter_on_that_unit(built) -> None:
    """15.2: the drawn vehicle hit counter is placed on the vehicle hit: the MovePiece of the top card from the
    deck's point onto the panzer's stack is the ``marker`` event (on the panzer) a hit counter dragged from the
    pool gives (VASSAL names the card under it in the deck as its old neighbour)."""
    game, _root, text = built
    _deck_id, (map_id, x, y, _fd, ids) = _deck(text)
    cards = ids.split(",")
    top, below = cards[-1], cards[-2]
    pz, pm, px, py = _panzer(text)
    adds = _adds(text)
    marker = game.rule_system().marker_name(next(u for u in game.units if u["id"] == _unit(*adds[top])))
    ev = _events(game, text, [[f"M/{top}/{pm}/{px}/{py}/{pz}/{map_id}/{x}/{y}/{below}/bob"]])
    assert ev == [{"type": "marker", "unit": "de.pz3h", "marker": marker, "on": True}]


def test_card_drawn_into_an_empty_hex_is_no_unit_move(built) -> None:
    """A card dropped beside the units (no unit in the hex) is no unit moving (15.2 hit counters are never
    units): no ``move`` event."""
    game, _root, text = built
    _deck_id, (map_id, x, y, _fd, ids) = _deck(text)
    top = ids.split(",")[-1]
    ev = _events(game, text, [[f"M/{top}/{_panzer(text)[1]}/60/60/null/{map_id}/{x}/{y}/null/bob"]])
    assert [e for e in ev if e["type"] == "move"] == []


def test_drawn_card_turned_face_up_is_no_flip(built) -> None:
    """15.2: the hit counter is drawn face down and then read: turning it face up (its Face layer back to the
    front) is neither a unit flipping nor a second hit; the marker event of the draw stays the only event."""
    game, _root, text = built
    _deck_id, (map_id, x, y, _fd, ids) = _deck(text)
    cards = ids.split(",")
    top, below = cards[-1], cards[-2]
    pz, pm, px, py = _panzer(text)
    t, s = _adds(text)[top]
    states = se.split_traits(s)
    types = se.split_traits(t)
    k = next(i for i, ty in enumerate(types) if ty.startswith("emb2;") and ty.split(";")[19] == "Face")
    moved = [*states[:-1], se.encode([pm, px, py, *se.decode(states[-1], ";")[3:]], ";")]
    face_up = [*moved[:k], "1", *moved[k + 1:]]
    flip = "D/" + se.encode([top, se.join_traits(face_up), se.join_traits(moved)], "/")
    ev = _events(game, text, [[f"M/{top}/{pm}/{px}/{py}/{pz}/{map_id}/{x}/{y}/{below}/bob"], [flip]])
    assert [e["type"] for e in ev] == ["marker"]
    assert ev[0]["unit"] == "de.pz3h"
