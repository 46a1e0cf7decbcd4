"""Findings name units unambiguously: designation plus side and formation (modgen.rules.naming.unit_label)."""

from __future__ import annotations

from modgen.rules.naming import unit_label

SIDES = {"german": {"name": "German"}, "soviet": {"name": "Soviet"}}
FORMS = {"5pz": {"name": "5th Panzer Division", "short": "5 Pz"}, "gd": {"name": "German Grossdeutschland"},
         "xx": {"name": "3rd Guards Tank Corps"}}


def test_designation_side_and_formation_short_name():
    assert unit_label({"designation": "5", "side": "german", "formation": "5pz"}, SIDES, FORMS) == "5 (German 5 Pz)"
    assert unit_label({"designation": "5", "side": "soviet", "formation": "xx"}, SIDES, FORMS) == \
        "5 (Soviet 3rd Guards Tank Corps)"


def test_side_alone_and_no_doubled_side_name():
    assert unit_label({"designation": "185", "side": "german"}, SIDES, FORMS) == "185 (German)"
    assert unit_label({"designation": "GD", "side": "german", "formation": "gd"}, SIDES, FORMS) == \
        "GD (German Grossdeutschland)"


def test_unknown_unit_is_its_id():
    assert unit_label({}, SIDES, FORMS, "x.9") == "x.9"
