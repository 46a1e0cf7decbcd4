"""A log that moves or fights with units it never brought into play (no ``setup``, ``reinforcement`` or
``replacement`` for them): every position-based check about such a unit would be guesswork, so the report warns
once, clearly, at the first such event (usually a log whose set-up was cut off or never recorded)."""

from __future__ import annotations

from typing import Any

ENTERS = ("setup", "reinforcement", "replacement")
USES = ("move", "retreat", "advance", "attack", "loss", "exit")


def _named(ev: dict[str, Any]) -> list[str]:
    out = [ev["unit"]] if isinstance(ev.get("unit"), str) else []
    for k in ("attackers", "defenders", "support"):
        out += [u for u in ev.get(k) or [] if isinstance(u, str)]
    return out


class Presence:
    """Remembers which units the log brought into play; warns once at the first event using another one."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {"before": (*ENTERS, "road_column", *USES), "after": ("move",)}

    def __init__(self) -> None:
        self.known: set[str] = set()
        self.warned = False

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in ENTERS and isinstance(ev.get("unit"), str):
            self.known.add(ev["unit"])
            return
        if t == "road_column":  # 6.4: the column's units arrive (the head on the map, the rest queued off it)
            self.known.update(u for u in ev["units"] if isinstance(u, str))
            return
        if t not in USES:
            return
        uid = ev.get("unit")
        if isinstance(uid, str) and uid in self.known and not (ev.get("attackers") or ev.get("defenders")
                                                               or ev.get("support")):
            return  # (most events: one unit, already in play)
        missing = [u for u in _named(ev) if u in ctx.units and u not in self.known and ctx.state.position.get(u)
                   is None and ctx.units[u].get("class") != "air"]
        if not missing:
            return
        # checks skip position tests for these units (where they stand is unknown)
        ctx.state.notes.setdefault("never_placed", set()).update(missing)
        if self.warned:
            return
        self.warned = True
        who = ", ".join(ctx.name(u) for u in missing)
        ctx.warning("LOG", f"the log uses {who} in a {t} event, but never set {'them' if len(missing) > 1 else 'it'} "
                    "up (no setup, reinforcement or replacement event): the set-up is probably missing from the log, "
                    "so findings that depend on where units stand (adjacency, zones of control, stacking) may be "
                    "wrong from here on; this is reported once", units=missing)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "move" and isinstance(ev.get("unit"), str):
            self.known.add(ev["unit"])  # from here on the log says where it is
