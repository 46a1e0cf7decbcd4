"""The events and chat verbs TiS adds to the log format: the odds column a battle is fought at [7.2.1] c)."""

from __future__ import annotations

import re
from typing import Any

_ODDS_RE = re.compile(r"^[<>]?[0-9]{1,3}:[0-9]{1,3}$")

ODDS = {
    "type": "object",
    "description": "TiS [7.2.1] c): the Combat Results column the players found for the battle just declared.",
    "properties": {
        "odds": {"type": "string", "pattern": r"^[<>]?\s*[0-9]{1,3}:[0-9]{1,3}$",
                 "description": "The column as printed: '2:1', '1:3', '<1:4'."},
        "attack": {"type": ["string", "integer"], "description": "Attack id, when the attack has one."},
    },
    "required": ["type", "odds"],
}


def parse_odds(p: Any) -> dict[str, Any]:
    """``!odds 3:1 [id N]``: the column of the battle just declared (after column shifts)."""
    tok = p.next("odds such as 3:1")
    if not _ODDS_RE.match(tok.text):
        raise p.fail(tok, "odds such as 3:1 or <1:4")
    event: dict[str, Any] = {"type": "odds", "odds": tok.text}
    if (t := p.peek()) is not None:
        if t.text != "id":
            raise p.fail(t, "'id' or end of line")
        p.next("'id'")
        event["attack"] = p.next("an attack id").text
    p.done()
    return event


EVENT_KINDS: dict[str, dict[str, Any]] = {"odds": ODDS}
CHAT_VERBS: dict[str, Any] = {"odds": parse_odds}
