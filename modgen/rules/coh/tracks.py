"""The counts a CoH player keeps on the track sheet during play (``RuleSystem.tracks()`` / ``track_event()``).

* ``cap``: the Command Action Points a side still has this round. It starts at the scenario's
  ``victory.starting_cap`` (21.3: each firefight sets the starting level); spending lowers it; a destroyed unit fills
  the next lower open space of the CAP track (Fig 28, Fig 30), which lowers it too, without being a spend.
* ``ap``: the Action Points left in the side's current activation, from the game's ``rules.tables.activation_ap``
  (7) down to 0. Every change of it is an ``ap`` event giving the value the track now shows; the checker compares
  it with the APs it charged the activation (:mod:`modgen.rules.coh.aptrack`, policy ``ap_track``).

In a VASSAL log a player lowering a side's CAPs becomes a ``cap`` event (:data:`~modgen.rules.coh.events.EVENT_KINDS`),
exactly what ``!cap N`` / ``!cap N roll`` typed in chat give: on the last roll when a roll is the last thing that
happened since the count last changed (or a CAP put on that roll by the previous press: one press per CAP), else
towards the next action. Raising it (the new round's reset, a mis-click
put right) is no event: the checker refills the CAPs at each round itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from modgen.systems.base import Track

#: Events that end "right after a roll": a roll followed by one of these is no longer the last roll.
_NOT_A_ROLL = frozenset({"activate", "move", "attack", "order", "rally", "pass", "stall", "pivot", "load", "unload",
                         "smoke", "occupy", "leave", "entrench", "air_action", "altitude", "turn", "phase"})


def tracks(game: Any, scenario: dict[str, Any] | None) -> tuple[Track, ...]:
    """CAPs per side from the scenario (every scenario's highest level when none is given), and the activation's
    APs per side from the game's ``activation_ap``."""
    sides = [str(s["id"]) for s in (game.manifest.get("sides") or []) if isinstance(s, dict) and "id" in s]
    scenarios = [scenario] if scenario is not None else list((getattr(game, "scenarios", None) or {}).values())
    cap: dict[str, int] = {}
    for sc in scenarios:
        for side, n in (((sc or {}).get("victory") or {}).get("starting_cap") or {}).items():
            if side in sides and isinstance(n, int) and n >= 0:
                cap[side] = max(cap.get(side, 0), n)
    out = [Track("cap", "CAPs", cap, 0, dict(cap), "21.3")] if cap else []
    pool = ((game.manifest.get("rules") or {}).get("tables") or {}).get("activation_ap")
    if isinstance(pool, int) and pool > 0:
        out.append(Track("ap", "APs", {s: pool for s in sides}, 0, {s: pool for s in sides}, "20.0"))
    return tuple(out)


def track_event(track: Track, side: str, old: int, new: int, since: list[dict[str, Any]],
                side_of: Callable[[str], str | None]) -> dict[str, Any] | None:
    """A lowered CAP count is a ``cap`` spend, less the spaces units of *side* destroyed since the last change fill
    (Fig 28); on the roll when the last event since then is a roll (Fig 29). Any change of the AP track is an
    ``ap`` event with the value it now shows (20.0). A raised CAP count is no event."""
    if track.id == "ap":
        return {"type": "ap", "side": side, "ap": new} if new >= 0 else None
    if track.id != "cap" or new >= old:
        return None
    filled = sum(1 for e in since if e.get("type") == "loss" and side_of(str(e.get("unit"))) == side
                 and e.get("eliminated", True) and not e.get("steps"))
    spent = old - new - filled
    if spent < 1:
        return None
    # the last roll or action; a CAP already put on the roll since (the button pressed again) keeps it on the roll
    last = next((e for e in reversed(since) if e.get("type") in ("roll", "cap") or e.get("type") in _NOT_A_ROLL),
                None)
    on_roll = last is not None and (last.get("type") == "roll" or (last.get("type") == "cap"
                                                                   and last.get("purpose") == "roll"))
    purpose = "roll" if on_roll else "action"
    return {"type": "cap", "side": side, "cap": spent, "purpose": purpose}
