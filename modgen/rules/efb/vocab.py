"""EFB event kinds and chat verbs (``RuleSystem.event_kinds()`` / ``chat_verbs()``) for what the core vocabulary
cannot say: the scenario's "plus one unit from any other command" assignment (MK 24.6, GT 24.6/24.7)."""

from __future__ import annotations

from typing import Any

COMMAND_ASSIGN = {
    "type": "object",
    "description": "EFB MK 24.6 / GT 24.6, 24.7: an HQ takes a unit of another command as its 'plus one unit' (it "
                   "replaces the HQ's earlier choice).",
    "properties": {
        "type": {"const": "command_assign"},
        "hq": {"type": "string", "minLength": 1, "description": "The HQ unit's counter id."},
        "unit": {"type": "string", "minLength": 1, "description": "The unit it commands as its plus one."},
        "i": {"type": "integer", "description": "Event index."},
    },
    "required": ["type", "hq", "unit"],
}


def parse_assign(p: Any) -> dict[str, Any]:
    """``!assign UNIT to HQ``: the HQ (its counter id) commands UNIT (id, hex or piece name) as its plus one."""
    unit = p.next("a unit or hex to assign")
    if not unit.is_target:
        raise p.fail(unit, "a unit or hex to assign")
    to = p.next("'to'")
    if to.text != "to":
        raise p.fail(to, "'to'")
    hq = p.next("the HQ's counter id after 'to'")
    return {"type": "command_assign", "unit": unit.text, "hq": hq.text}


EVENT_KINDS: dict[str, dict[str, Any]] = {"command_assign": COMMAND_ASSIGN}
CHAT_VERBS: dict[str, Any] = {"assign": parse_assign}
