"""FoW chat verbs (docs/logs.md): each declaration gives its canonical event; a bad one names the column."""

from __future__ import annotations

import pytest

from modgen.logs.chat import ChatSyntaxError, parse, verbs_for
from modgen.rules.fow import plugin

VERBS = verbs_for(plugin)


def test_shoot_order_save_assault_verbs():
    ev = parse('!shoot us.sherman.1 -> de.pz4h.1 "M3 75mm gun" need 5+ hits 1 concealed', VERBS).event
    assert ev == {"type": "shoot", "unit": "us.sherman.1", "target": "de.pz4h.1", "weapon": "M3 75mm gun",
                  "need": "5+", "hits": 1, "mods": ["concealed"]}
    assert parse("!order us.sherman.1 blitz", VERBS).event == {"type": "order", "unit": "us.sherman.1",
                                                                "order": "blitz"}
    assert parse("!save de.pz4h.1 front hull by us.sherman.1 bounced", VERBS).event["armour"] == "front"
    assert parse("!assault us.rifle.1 -> de.pz4h.1", VERBS).event["target"] == "de.pz4h.1"


def test_bad_order_names_the_column():
    with pytest.raises(ChatSyntaxError) as e:
        parse("!order us.sherman.1 charge", VERBS)
    assert e.value.column == 21
