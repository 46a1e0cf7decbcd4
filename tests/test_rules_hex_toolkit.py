"""The rules-level hex toolkit (modgen.rules.zoc, modgen.rules.movement): hand-computed expected values."""

from __future__ import annotations

from fractions import Fraction

from modgen.rules import zoc
from modgen.rules.board import Board
from modgen.rules.movement import TecCosts, binding_constraint, fmt_mp, parse_mp, scale_for

# flat-topped 6x6, odd columns lower: 0202 (even column) touches 0201, 0301, 0302, 0203, 0102, 0101
BOARD = Board({"id": "b", "kind": "hex", "grid": {"columns": 6, "rows": 6},
               "hexes": {"0203": "woods"}, "hexsides": [{"hexes": ["0202", "0302"], "type": "river"}],
               "lines": [{"type": "road", "hexes": ["0000", "0001", "0002"]}]})


def test_zone_of_one_hex_stops_at_blocking_hexsides():
    rules = zoc.ZocRules(exerts=lambda u: True, crosses=lambda a, b: not BOARD.hexside(a, b))
    assert zoc.zone(BOARD, "0202", rules) == {"0201", "0301", "0203", "0102", "0101"}  # not across the river


def test_zone_of_reach_two_and_sources():
    rules = zoc.ZocRules(exerts=lambda u: u != "quiet", reach=2)
    assert len(zoc.zone(BOARD, "0202", rules)) == 18  # 6 neighbours + a 12-hex second ring, all on the map
    units = {"0204": ["e1"], "0200": ["quiet"]}
    assert zoc.sources(BOARD, "0202", lambda h: units.get(h, []), lambda u: True, rules) == ["e1"]
    occupied, covered = zoc.enemy_hexes(BOARD, [("e1", "0204"), ("quiet", "0200"), ("f", "0505")],
                                        lambda u: u != "f", rules)
    assert occupied == {"0204", "0200"} and "0202" in covered and "0200" not in covered


def test_mp_parsing_formatting_and_scale():
    assert parse_mp("1/3") == Fraction(1, 3) and parse_mp("prohibited") is None and parse_mp(2) == 2
    assert fmt_mp(Fraction(5, 3)) == "1 2/3" and fmt_mp(Fraction(1, 2)) == "1/2" and fmt_mp(None) == "not allowed"
    assert scale_for({"swamp": {"mp": "3/2"}, "road": {"mp": "1/3"}}) == 24  # 4 x lcm(3, 2, 3)


def test_tec_costs_terrain_hexside_and_road():
    tec = {"clear": {"mp": 1}, "woods": {"mp": {"armored": 2, "other": 1}}, "river": {"mp": 2},
           "road": {"along": "road", "mp": "1/3"}}
    assert TecCosts(tec, BOARD, armored=True).step("0202", "0203") == 2  # woods, armoured
    assert TecCosts(tec, BOARD).step("0202", "0203") == 1
    assert TecCosts(tec, BOARD).step("0202", "0302") == 3  # clear 1 + river 2
    assert TecCosts(tec, BOARD).step("0000", "0001", "road") == Fraction(1, 3)
    assert TecCosts(tec, BOARD).step("0202", "0201", "road") is None  # no road there
    bare = TecCosts(None, BOARD)
    assert bare.step("0202", "0203") is None and bare.unknown == [""]


def test_binding_constraint_is_the_first_that_fits_when_relaxed():
    fits = {"enemy": "path-b", "terrain": "path-c"}
    assert binding_constraint(["zoc", "enemy", "terrain"], lambda r: fits.get(next(iter(r)))) == ("enemy", "path-b")
    assert binding_constraint(["zoc"], lambda r: None) is None
