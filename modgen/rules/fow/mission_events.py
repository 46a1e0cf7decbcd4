"""The log events and chat verbs of the Flames of War mission special rules (pp.95-97): ``withdraw`` (Strategic
Withdrawal, chat ``!withdraw TEAM``) and ``scatter`` (the Scattered Reserves die, chat ``!scatter TEAM roll N``).
Ambushes need none: a team held ``off_map: "ambush"`` is placed by an ordinary ``setup`` (docs/logs.md)."""

from __future__ import annotations

from typing import Any

from modgen.rules.fow.events import _TEAM, _target

MISSION_EVENTS: dict[str, dict[str, Any]] = {
    "withdraw": {
        "type": "object",
        "description": "Strategic Withdrawal: the Defender Withdraws a Unit and its Attachments at the start of its "
                       "turn; exit events take its teams off the table (FoW p.97).",
        "properties": {"unit": _TEAM | {"description": "A team of the Unit that Withdraws."}},
        "required": ["type", "unit"],
    },
    "scatter": {
        "type": "object",
        "description": "Scattered Reserves: the die that picks the table edge or corner a Unit arrives from (FoW "
                       "p.96); the mission's params.scatter maps it to a zone.",
        "properties": {"unit": _TEAM | {"description": "A team of the arriving Unit."},
                       "roll": {"type": "integer", "minimum": 1, "maximum": 6, "description": "The die."}},
        "required": ["type", "unit", "roll"],
    },
}


def parse_withdraw(p: Any) -> dict[str, Any]:
    """``!withdraw TEAM``."""
    return {"type": "withdraw", "unit": _target(p, "a team of the Unit that Withdraws")}


def parse_scatter(p: Any) -> dict[str, Any]:
    """``!scatter TEAM roll N``."""
    ev: dict[str, Any] = {"type": "scatter", "unit": _target(p, "a team of the arriving Unit")}
    tok = p.next("roll N")
    if tok.text != "roll":
        raise p.fail(tok, "roll N")
    ev["roll"] = p.integer("the die (1-6)")
    return ev


MISSION_CHAT: dict[str, Any] = {"withdraw": parse_withdraw, "scatter": parse_scatter}
