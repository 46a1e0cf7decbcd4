"""A scenario's reinforcement schedule with its chosen options applied (shared by every rule system)."""

from __future__ import annotations

from typing import Any


def reinforcement_schedule(scenario: dict[str, Any], options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Unit -> its reinforcement entry. Entries marked ``option`` count only when that option is on; an option's
    ``reschedule`` moves a ``group`` to another ``turn`` (null = never), with its own ``roll`` (else the entry's) or
    ``by_roll`` (the turns one die roll may pick)."""
    scenario_options = scenario.get("options") or []
    chosen = {o["id"]: options.get(o["id"], o.get("default", False)) for o in scenario_options if "id" in o}
    moves = {r.get("group"): r for o in scenario_options if chosen.get(o.get("id"))
             for r in o.get("reschedule") or []}
    out: dict[str, dict[str, Any]] = {}
    for entry in scenario.get("reinforcements") or []:
        if entry.get("option") and not chosen.get(entry["option"]):
            continue
        if entry.get("group") in moves:
            move = moves[entry["group"]]
            if move.get("turn") is None:
                continue
            entry = {**entry, "turn": move["turn"], "roll": move.get("roll", entry.get("roll")),
                     "by_roll": move.get("by_roll")}
        for u in entry.get("units") or []:
            out[u] = entry
    return out
