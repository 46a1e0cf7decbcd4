"""EFB policies for two ambiguities the rules exam found in Minsk '44 (seeds/001, MK numbering), written from the
rulebook text on the test world (tests/rules_fixtures/efb_world.py):

- ``zero_mf_minimum_move``: 8.4 lets "all units" move one hex "spending all of their MFs"; 13.6 has units with a
  movement factor of 0 never retreat or advance (eliminated or suppressed instead) and MK 24.6 SR4 treats the
  Minsk garrison (MF 0) as staying where it starts. Default ``forbidden``: a 0-MF unit never moves.
- ``hq_zoc``: 10.2 gives a ZOC to "all effective ground combat units" (GT 10.2 "all combat effective land units");
  HQs are ground units (9.5). Default ``exerts``; ``none`` reads "combat unit" as excluding HQs."""

from __future__ import annotations

from modgen.rules.efb.policies import POLICIES
from tests.rules_fixtures.efb_exam import HQ, rules
from tests.rules_fixtures.efb_world import check, log, make_game, mv


def _policy(name: str):
    return next(p for p in POLICIES if p.name == name)


# ---- 8.4 / 13.6: units with a movement factor of 0
def test_8_4_13_6_zero_mf_unit_may_not_move_by_default():
    """MK 8.4, 13.6 (policy zero_mf_minimum_move, default forbidden): g.garrison (MF 0) moving one clear hex
    0302->0402 breaks 8.4, and the finding names the unit, both hexes, 13.6 and the policy; given as a path too."""
    assert _policy("zero_mf_minimum_move").default == "forbidden"
    for move in (mv("g.garrison", "0302", "0402"), mv("g.garrison", "0302", "0402", mode="normal")):
        bad = check(log({**HQ, "g.garrison": "0302"}, move))
        assert rules(bad) == ["EFB 8.4"]
        msg = bad.findings[0].message
        assert "g.garrison" in msg and "0302→0402" in msg and "13.6" in msg and "zero_mf_minimum_move" in msg
        assert bad.findings[0].units == ["g.garrison"] and bad.findings[0].hexes == ["0302", "0402"]


def test_8_4_zero_mf_legal_play_by_default():
    """MK 8.4: a 0-MF unit that stays put, and a 1-MF+ unit's one-hex minimum move (g.arty MA 2 into 3-MP swamp),
    give no finding under the default."""
    ok = check(log({**HQ, "g.garrison": "0302", "g.arty": "0807"}, mv("g.arty", "0807", "0808", mode="normal")))
    assert rules(ok) == []


def test_8_4_zero_mf_finding_cites_guards_tank_numbers():
    """GT 13.5 is MK 13.6: under rulebook gt the finding cites 13.5."""
    bad = check(log({**HQ, "g.garrison": "0302"}, mv("g.garrison", "0302", "0402")),
                make_game(policies={"rulebook": "gt"}))
    assert rules(bad) == ["EFB 8.4"]
    assert "13.5" in bad.findings[0].message and "13.6" not in bad.findings[0].message


def test_8_4_zero_mf_allowed_reads_all_units_literally():
    """zero_mf_minimum_move = allowed: 8.4 read literally, g.garrison may move one hex for all its (zero) MF, but
    not two (8.3), and not into an enemy hex (9.6, an 8.4 exception); without 8.4 (minimum_move off) not at all."""
    game = make_game(policies={"zero_mf_minimum_move": "allowed"})
    assert rules(check(log({**HQ, "g.garrison": "0302"}, mv("g.garrison", "0302", "0402")), game)) == []
    two = check(log({**HQ, "g.garrison": "0302"}, mv("g.garrison", "0302", "0402", "0502")), game)
    assert rules(two) == ["EFB 8.3"]
    enemy = check(log({**HQ, "g.garrison": "0302", "s.inf1": "0402"}, mv("g.garrison", "0302", "0402")), game)
    assert "EFB 9.6" in rules(enemy)
    strict = make_game(policies={"zero_mf_minimum_move": "allowed", "minimum_move": False})
    assert rules(check(log({**HQ, "g.garrison": "0302"}, mv("g.garrison", "0302", "0402")), strict)) == ["EFB 8.3"]


# ---- 10.2: ZOC of HQ units
def test_10_2_hq_exerts_zoc_by_default():
    """MK 10.2 (policy hq_zoc, default exerts): s.hq at 0405 has a ZOC on 0305 and 0306, so g.tank moving
    0302-0303-0304-0305-0306 must stop on entering it (10.5); stopping at 0305 is legal."""
    assert _policy("hq_zoc").default == "exerts"
    setup = {"g.hq": "0101", "s.hq": "0405", "g.tank": "0302"}
    bad = check(log(setup, mv("g.tank", "0302", "0303", "0304", "0305", "0306")))
    assert rules(bad) == ["EFB 10.5"]
    assert "s.hq" in bad.findings[0].message
    ok = check(log(setup, mv("g.tank", "0302", "0303", "0304", "0305")))
    assert rules(ok) == []


def test_10_2_suppressed_hq_exerts_no_zoc():
    """MK 10.2, 15.3: a suppressed HQ is not combat effective and exerts no ZOC, under the default too."""
    ok = check(log({"g.hq": "0101", "s.hq": "0405", "g.tank": "0302"},
                   mv("g.tank", "0302", "0303", "0304", "0305", "0306"), markers={"s.hq": ["suppressed"]}))
    assert rules(ok) == []


def test_10_2_hq_zoc_none():
    """hq_zoc = none ("combat unit" read as excluding HQs): g.tank passes s.hq freely, and leaving a hex next to it
    is no disengagement (10.10: full MA); a combat unit's ZOC still stops it (10.5)."""
    game = make_game(policies={"hq_zoc": "none"})
    setup = {"g.hq": "0101", "s.hq": "0405", "g.tank": "0302"}
    assert rules(check(log(setup, mv("g.tank", "0302", "0303", "0304", "0305", "0306")), game)) == []
    # MA 6 undisengaged: 0305 -> 0205 -> 0105 -> 0104 -> 0103 (4 clear hexes) is more than a disengaging 3 MP
    away = mv("g.tank", "0305", "0205", "0105", "0104", "0103")
    assert rules(check(log({"g.hq": "0101", "s.hq": "0405", "g.tank": "0305"}, away), game)) == []
    assert rules(check(log({"g.hq": "0101", "s.hq": "0405", "g.tank": "0305"}, away))) == ["EFB 8.3"]
    inf = check(log({"g.hq": "0101", "s.inf1": "0405", "g.tank": "0302"},
                    mv("g.tank", "0302", "0303", "0304", "0305", "0306")), game)
    assert rules(inf) == ["EFB 10.5"]
