"""TiS anti-tank barricades [12.4.2]-[12.4.7], breaking and legal logs written from the rulebook: "Anti-tank barricades
have only 3 edges; only on chosen directions do they affect enemy units"; "The token of an anti-tank barricade must be
directed when placed on the board" [12.4.2]; "Armored and motorized units which cross the edge with barricades have
to spend 3 MP extra" [12.4.3]; defenders attacked from those sides are entrenched [12.4.4]; black stars are cancelled
[12.4.5]; attacking armour is halved [12.4.6]; -1 when only armour, mechanized and recon cars attack through it
[12.4.7].

A barricade on the clear hex 1111 directed south-west: its edges face 1011, 1112 and 1010 (bearing 240 degrees; the
other neighbours are 1110, 1210, 1211). 2 IG and 2 GG are armour (10 MP, 5 SP, one black star); 3 IG motorized
infantry (8 MP, 5 SP); the Arnhem garrison 4 SP.
"""

from __future__ import annotations

from modgen.logs import chat
from modgen.rules.tis import plugin
from tests.test_tis_combat import IG2, IG3, attack, odds
from tests.test_tis_movement import GARRISON, PARA, ROW11, errors, findings, move, phase, rules, setup, stage

GG2 = "gb.xxx.gds.2gg"
EDGES = ["1011", "1112", "1010"]


def barricade(h: str = "1111", **kw) -> dict:
    return {"type": "marker", "hex": h, "marker": "at_barricade", "on": True, **kw}


# ---- [12.4.2] the direction ---------------------------------------------------------------------------------------
def test_12_4_2_a_barricade_has_three_edges_side_by_side():
    assert rules(barricade(edges=EDGES), stage()) == []
    errs = errors(barricade(edges=["1011", "1211", "1110"]), stage())
    assert [e["rule"] for e in errs] == ["TIS 12.4.2"] and "3 edges side by side" in errs[0]["message"]
    assert rules(barricade(edges=["1011", "1112"]), stage()) == ["TIS 12.4.2"]
    assert rules(barricade(edges=["1011", "1112", "1313"]), stage()) == ["LOG"]  # 1313 is not next to 1111


def test_12_4_2_an_undirected_barricade_is_reported_as_not_checked():
    out = findings(setup(IG2, "0811"), barricade(), stage(), phase("movement"), move(IG2, *ROW11[:5]))
    assert [f["rule"] for f in out if f["severity"] == "error"] == []
    assert any(f["rule"] == "TIS 12.4.2" and "no direction" in f["message"] for f in out)


# ---- [12.4.3] +3 MP ------------------------------------------------------------------------------------------------
def test_12_4_3_armour_crossing_a_barricade_edge_pays_3_more_mp():
    # 2 IG (10 MP): 0811 -> 1511 is 7 clear hexes, entering 1111 from 1011 crosses a barricade edge: 10 MP, legal;
    # from 0711 it is 11
    assert rules(setup(IG2, "0811"), barricade(edges=EDGES), stage(), phase("movement"), move(IG2, *ROW11)) == []
    errs = errors(setup(IG2, "0711"), barricade(edges=EDGES), stage(), phase("movement"), move(IG2, "0711", *ROW11))
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]
    assert "spends 11 MP" in errs[0]["message"] and "AT barricade between 1011 and 1111: +3 MP [12.4.3]" in \
        errs[0]["message"]
    # without the barricade the same 8 hexes cost 8
    assert rules(setup(IG2, "0711"), stage(), phase("movement"), move(IG2, "0711", *ROW11)) == []


def test_12_4_3_only_the_directed_edges_cost_and_infantry_pays_nothing():
    # facing north (0 degrees: edges toward 1010, 1110, 1210) the barricade is not on 1011 -> 1111 -> 1211; facing
    # north-east (60: 1110, 1210, 1211) it is on the way out to 1211, and an edge costs whichever way it is crossed
    assert rules(setup(IG2, "0711"), barricade(facing=0), stage(), phase("movement"), move(IG2, "0711", *ROW11)) \
        == []
    assert rules(setup(IG2, "0711"), barricade(facing=60), stage(), phase("movement"),
                 move(IG2, "0711", *ROW11)) == ["TIS 4.2.2"]
    assert rules(setup(IG2, "0711"), barricade(facing=240), stage(), phase("movement"),
                 move(IG2, "0711", *ROW11)) == ["TIS 4.2.2"]
    # a paratroop battalion (5 MP) crosses the barricade edge 1011 -> 1111 for the usual 1 MP
    assert rules(setup(PARA, "0811"), barricade(edges=EDGES), stage(), phase("movement"), move(PARA, *ROW11[:6])) \
        == []


def test_12_4_3_a_from_to_move_pays_the_barricade_on_every_path():
    # 3 IG (8 MP, 2 a clear hex) from 1011 into 1111: across the barricade 2 + 3 = 5, round by 1110 2 + 2 = 4:
    # the search finds the way round; ending at 1112 behind the barricade's other edges it is 1011 -> 1112 (2)
    fromto = {"type": "move", "unit": IG3, "from": "1011", "to": "1111"}
    assert rules(setup(IG3, "1011"), barricade(edges=EDGES), stage(), phase("movement"), fromto) == []
    far = {"type": "move", "unit": IG3, "from": "0711", "to": "1111"}
    # 0711 -> 1011 is 6 MP; then into 1111 across the barricade 5 (11) or round by 1010/1110 (3 more hexes)
    errs = errors(setup(IG3, "0711"), barricade(edges=EDGES), stage(), phase("movement"), far)
    assert [e["rule"] for e in errs] == ["TIS 4.2.2"]
    assert rules(setup(IG3, "0711"), stage(), phase("movement"), far) == []  # 4 clear hexes, 8 MP


# ---- [12.4.4]-[12.4.7] combat --------------------------------------------------------------------------------------
def _fight(att_hex: str, *extra: dict) -> list[dict]:
    return [setup(IG2, att_hex), setup(GG2, att_hex), setup(GARRISON, "1111"), *extra, stage(), phase("combat"),
            attack([IG2, GG2], [GARRISON])]


def test_12_4_6_12_4_7_armour_through_a_barricade_is_halved_and_the_defender_gains_two_columns():
    # 2 IG + 2 GG from 1011: each 5 x 1/2 = 2.5 -> 3 [12.4.6]: 6 against 4 is 1:1; entrenched -1 [12.4.4] and only
    # armour -1 [12.4.7]: 1:3 (the example's "-2 modifier for fighting from an AT barricade")
    assert rules(*_fight("1011", barricade(edges=EDGES)), odds("1:3")) == []
    errs = errors(*_fight("1011", barricade(edges=EDGES)), odds("2:1"))
    assert [e["rule"] for e in errs] == ["TIS 3.4.1"] and "6 SP against 4 SP is 1:1" in errs[0]["message"]
    assert "[12.4.7]" in errs[0]["message"] and "[12.4.4]" in errs[0]["message"]


def test_12_4_4_attacks_across_the_other_sides_are_not_affected():
    # from 1211 (not a barricade edge): 10 against 4 is 2:1, no modifier
    assert rules(*_fight("1211", barricade(edges=EDGES)), odds("2:1")) == []
    assert rules(*_fight("1211", barricade(edges=EDGES)), odds("1:3")) == ["TIS 3.4.1"]


def test_12_4_5_the_barricade_cancels_black_stars():
    # 3 IG (motorized infantry) and 2 IG (one black star, infantry in its hex) from 1011: 5 + 3 (halved) = 8
    # against 4 is 2:1, entrenched -1: 1:1 only (not all armour: no [12.4.7]); without the barricade 10:4 is
    # 2:1 or, using the star, 3:1
    base = [setup(IG2, "1011"), setup(IG3, "1011"), setup(GARRISON, "1111"), stage(), phase("combat"),
            attack([IG2, IG3], [GARRISON])]
    assert rules(*base, odds("3:1")) == []
    with_b = [setup(IG2, "1011"), setup(IG3, "1011"), setup(GARRISON, "1111"), barricade(edges=EDGES), stage(),
              phase("combat"), attack([IG2, IG3], [GARRISON])]
    assert rules(*with_b, odds("1:1")) == []
    assert rules(*with_b, odds("3:1")) == ["TIS 3.4.1"]


def test_12_4_7_policy_at_barricade_modifier_minus_two(tmp_path):
    # the [12.4] example's -2 read as the [12.4.7] modifier itself: 1:1 - 1 - 2 = <1:4... clamps at 1:4
    ev = [*_fight("1011", barricade(edges=EDGES)), odds("1:4")]
    assert rules(*ev, policies={"at_barricade_modifier": -2}, tmp_path=tmp_path) == []


def test_barricade_event_directs_a_marker_dragged_onto_the_map():
    # VASSAL: the marker is dropped on 1111 (no direction), then "!barricade 1111 facing 240"
    directed = {"type": "barricade", "hex": "1111", "facing": 240}
    assert rules(*_fight("1011", barricade(), directed), odds("1:3")) == []
    errs = errors({"type": "barricade", "hex": "1111", "edges": EDGES}, stage())
    assert [e["rule"] for e in errs] == ["LOG"] and "no at_barricade marker" in errs[0]["message"]


def test_barricade_chat_verb():
    verbs = chat.verbs_for(plugin)
    assert chat.parse("!barricade 1111 1011 1112 1010", verbs).event == {"type": "barricade", "hex": "1111",
                                                                          "edges": EDGES}
    assert chat.parse("!barricade 1111 facing 240", verbs).event == {"type": "barricade", "hex": "1111",
                                                                      "facing": 240.0}
    try:
        chat.parse("!barricade 1111 facing west", verbs)
    except chat.ChatSyntaxError as exc:
        assert "degrees" in str(exc)
    else:
        raise AssertionError("!barricade 1111 facing west parsed")
