"""EFB 8.3 phase discipline: "Movement may never take place out of sequence. A player's units may generally be moved
only during his own movement phase." (GT and MK rulebooks, 8.3); exits: "Units may exit the map only during the
owning player's movement phase" (8.11). A move outside the movement phase, or by the non-phasing player in the
movement phase, breaks 8.3 (not the phase-order rule 4.3)."""

from __future__ import annotations

from tests.rules_fixtures.efb_world import check, found, log, mv

HQ = {"g.hq": "0105", "s.hq": "0910"}


def test_move_in_the_reinforcement_phase_breaks_8_3():
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0402"), phase="reinforcement"))
    assert [r for r, _ in found(bad)] == ["EFB 8.3"]
    assert "movement may never take place out of sequence" in bad.findings[0].message
    assert "reinforcement phase" in bad.findings[0].message


def test_move_by_the_non_phasing_player_breaks_8_3():
    bad = check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0402"), side="soviet"))
    assert [r for r, _ in found(bad)] == ["EFB 8.3"]
    assert "in the soviet player's movement phase" in bad.findings[0].message


def test_move_in_own_movement_phase_is_legal():
    assert found(check(log({**HQ, "g.inf1": "0302"}, mv("g.inf1", "0302", "0402")))) == []
