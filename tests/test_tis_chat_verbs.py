"""The TiS chat verbs for drops, recon, transport columns and battlegroups produce the events the checks read (the
declarations a player types while playing the module; docs/logs.md)."""

from __future__ import annotations

import jsonschema
import pytest

from modgen.logs import chat
from modgen.rules.tis import plugin
from modgen.rules.tis.events import EVENT_KINDS


def parse(line: str) -> dict:
    d = chat.parse(line, chat.verbs_for(plugin))
    assert d is not None
    schema = EVENT_KINDS[d.event["type"]]
    jsonschema.validate(d.event, schema)  # the plugin-declared event schema accepts what the verb makes
    return d.event


def test_aa_fire_verb_17_2_4():
    assert parse("!aa de.flak88 pl.1para.1") == {"type": "aa_fire", "unit": "de.flak88", "target": "pl.1para.1"}


def test_identify_verb_11_4():
    assert parse("!identify gb.1ab.recce 1211") == {"type": "identify", "unit": "gb.1ab.recce", "hex": "1211"}
    assert parse("!identify gb.1ab.recce 1211 no")["identified"] is False


def test_load_and_unload_verbs_34_2():
    assert parse("!load gb.tc.1 gb.1ab.1para.1 gb.1ab.1para.2") == {
        "type": "transport", "column": "gb.tc.1", "units": ["gb.1ab.1para.1", "gb.1ab.1para.2"], "action": "load"}
    assert parse("!unload gb.tc.1 gb.1ab.1para.1")["action"] == "unload"


def test_battlegroup_verb_31_1():
    assert parse('!battlegroup "KG Harzer" de.9ss.pgr1 de.9ss.pgr2')["units"] == ["de.9ss.pgr1", "de.9ss.pgr2"]
    assert parse('!battlegroup "KG Harzer" dissolve') == {"type": "battlegroup", "id": "KG Harzer",
                                                          "action": "dissolve"}


def test_identify_rejects_a_bad_word():
    with pytest.raises(chat.ChatSyntaxError, match="yes"):
        chat.parse("!identify gb.1ab.recce 1211 maybe", chat.verbs_for(plugin))


def test_farmorale_verb_15_4():
    assert parse("!farmorale gb.xxx.gds.2ig") == {"type": "far_morale", "unit": "gb.xxx.gds.2ig"}
    assert parse("!farmorale gb.xxx.gds.2ig avoid") == {"type": "far_morale", "unit": "gb.xxx.gds.2ig", "avoid": True}
    with pytest.raises(chat.ChatSyntaxError, match="avoid"):
        chat.parse("!farmorale gb.xxx.gds.2ig stay", chat.verbs_for(plugin))
