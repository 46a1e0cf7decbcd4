"""TiS scarps on a copy of the Arnhem data with a scarp hexside (the bundled map has none): the map's ``high`` on
the hexside says which hex is above. [6.1.2] "A ZoC doesn't affect fields above a scarp if the unit is below it";
[3.5.2] "A unit always has visibility on an adjacent hex, unless this hex is above a scarp"."""

from __future__ import annotations

from pathlib import Path

from tests.test_tis_movement import PARA, PGR, move, phase, setup, stage
from tests.test_tis_visibility import duel
from tests.tis_world import findings_in, rules_in, unit, world


def scarp(high: str | None, a: str = "1111", b: str = "1211"):
    def edit(m: dict) -> None:
        side = {"hexes": [a, b], "type": "scarp"}
        if high:
            side["high"] = high
        m.setdefault("hexsides", []).append(side)
    return edit


ZOC_MOVE = [setup(PGR, "1211"), setup(PARA, "0811"), stage(), phase("movement"),
            move(PARA, "0811", "0911", "1011", "1111", "1011")]


def test_6_1_2_a_unit_below_a_scarp_has_no_zoc_in_the_hex_above(tmp_path: Path):
    # 9 SS PzGr at 1211 is below the scarp, 1111 above: the paratroops pass 1111 without stopping
    assert "TIS 6.2.1" not in rules_in(world(tmp_path, board=scarp("1111")), *ZOC_MOVE)


def test_6_1_2_a_unit_above_a_scarp_has_its_zoc_below(tmp_path: Path):
    # 1211 above: its ZoC reaches down into 1111, so moving on from 1111 breaks [6.2.1]
    assert "TIS 6.2.1" in rules_in(world(tmp_path / "a", board=scarp("1211")), *ZOC_MOVE)
    # a scarp whose high side the data does not give keeps the ZoC (the rule cannot apply)
    assert "TIS 6.2.1" in rules_in(world(tmp_path / "b", board=scarp(None)), *ZOC_MOVE)


def test_3_5_2_the_adjacent_hex_above_a_scarp_is_not_visible(tmp_path: Path):
    found = findings_in(world(tmp_path, board=scarp("1211")), *duel("1111", "1211"))
    errs = [f for f in found if f["severity"] == "error" and f["rule"] == "TIS 15.2.6"]
    assert len(errs) == 1 and "above the scarp" in errs[0]["message"]


def test_3_5_2_the_adjacent_hex_below_a_scarp_is_visible(tmp_path: Path):
    found = findings_in(world(tmp_path, board=scarp("1111")), *duel("1111", "1211"))
    assert not [f for f in found if "15.2.6" in f["rule"]]


XRE = "gb.xxx.re1"


def test_20_1_1_engineers_cross_a_scarp_for_5_mp_extra(tmp_path: Path):
    """[20.1.1] "Engineer units are considered to be motorized infantry units, but they can ... cross scarps (5 MP
    extra)". A motorized engineer battalion of 8 MP: clear 2 MP, so across the scarp into 1211 2 + 5 = 7 MP."""
    game = world(tmp_path, board=scarp("1211"),
                 counters=[unit(XRE, "engineer", "gb.xxx", "allies", [4, 3, 2, 1], 8, ["engineer", "motorized"])])
    assert rules_in(game, setup(XRE, "1111"), stage(), phase("movement"), move(XRE, "1111", "1211")) == []
    # 1011-1111 (2) then the scarp (7): 9 of 8 MP
    assert rules_in(game, setup(XRE, "1011"), stage(), phase("movement"), move(XRE, "1011", "1111", "1211")) \
        == ["TIS 4.2.2"]
