"""Fortifications and hindrances (18.0-18.5, 19.0): placement limits, who may occupy what, occupying and leaving,
hasty defences, AT ditches, wire, mines, and the fortification DMs a defender receives.

Fortification and hindrance counters are hex markers (``marker`` events with ``hex``; a gun pit or bunker gives its
fixed ``facing`` in degrees); a hasty defence is a marker on the unit that built it (18.1). Their values are the
``fortifications`` table (counter id -> ``type``, ``dm``, ``dm_colour``, ``flank_dm``, ``destroy_dr``,
``mine_number``, ``mine_colour``). Events: ``occupy`` / ``leave`` (18.2: +1AP each), ``entrench`` (18.1: a hasty
defence for 7AP), a ``roll`` with ``purpose: "wire"`` (18.4: 1D6 announced before a foot unit enters wire) and one
with ``purpose: "mine"`` (18.5: 2D6 + CAPs by the owner of the unit a mine attacks). A ``setup`` may say
``occupies`` (a firefight's units start inside fortifications, 18.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from modgen.geometry import arcs
from modgen.rules.coh import common as C

_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")
_OCCUPIABLE = ("trench", "gun_pit", "bunker")
#: 18.5: actions after which a unit in a mined hex is not attacked
_MINE_SAFE = ("attack", "rally", "pass", "stall")


def occupying(ctx: Any) -> dict[str, str]:
    return ctx.state.notes.setdefault("coh_occupying", {})


def fires_any_direction(ctx: Any, uid: str) -> bool:
    """18.2: "Units in trenches may face, and subsequently fire, in any direction": a unit occupying a trench is not
    held to its front arc (15.5)."""
    row = C.fort_table(ctx).get(occupying(ctx).get(uid) or "") or {}
    return row.get("type") == "trench"


def fort_facing(ctx: Any, h: str, fort: str) -> float | None:
    return (ctx.state.notes.get("coh_fort_facing") or {}).get((h, fort))


def fort_dm(ctx: Any, d: str, ahex: str | None, close: bool, colour: str,
            indirect: bool) -> tuple[int, list[str]] | None:
    """DM the fortifications give unit ``d`` against this attack (18.0-18.2): its hasty defence (+1), and the trench,
    gun pit or bunker it occupies (none for a unit merely in the hex). A coloured DM counts only against FP of its
    colour (policy ``fort_dm_colour``; 18.2: the bunker's black DM "adds DMs against both blue and red"). In close
    combat "fortifications benefit all occupying unit(s)" (18.0), attackers that occupied it too; a gun pit or bunker
    gives its front DM whatever the direction, or by policy ``cc_fort_dm`` its flank value. None when a gun pit's or
    bunker's facing is unknown (fire from outside the hex)."""
    table, dm, parts = C.fort_table(ctx), 0, []
    here = ctx.state.position.get(d)
    for m in sorted(ctx.state.markers.get(d, ())):
        row = table.get(m) or {}
        if row.get("type") == "hasty_defense" and row.get("dm"):
            dm += int(row["dm"])
            parts.append(f"+{row['dm']} hasty defence (18.1)")
    fort = occupying(ctx).get(d)
    row = table.get(fort or "") or {}
    if not fort or not here or row.get("type") not in _OCCUPIABLE:
        return dm, parts
    kind, name = row["type"], row.get("name") or fort
    value, dm_colour = int(row.get("dm") or 0), row.get("dm_colour")
    if kind in ("gun_pit", "bunker") and close and ctx.policies.get("cc_fort_dm", "front") == "flank":
        # 18.6: occupants "defend with their flank defense against ... CC attacks"
        if kind == "gun_pit":
            parts.append(f"no DM from the {name} in close combat (18.6, policy cc_fort_dm)")
            return dm, parts
        value, dm_colour, name = int(row.get("flank_dm") or 0), "black", f"{name} flank shield"
    if kind in ("gun_pit", "bunker") and not close:
        face = fort_facing(ctx, here, fort)
        if face is None:
            ctx.could_not_check(ctx.rule("18.2"), f"the log gives no facing for the {name} in {here}")
            return None
        front = ahex is not None and arcs.in_arc(face, C.bearing(ctx, here, ahex), float(ctx.policies.get(
            "front_arc", 120)))
        if kind == "gun_pit" and not front:
            parts.append(f"no DM from the {name}: the fire comes through its flank (18.2)")
            return dm, parts
        if kind == "bunker" and not front and not indirect:
            value, dm_colour = int(row.get("flank_dm") or 0), "black"
            name = f"{name} flank shield"
    if (dm_colour in ("red", "blue") and dm_colour != colour
            and ctx.policies.get("fort_dm_colour", "matching_fp") == "matching_fp"):
        parts.append(f"no DM from the {dm_colour} {name} against {colour} FP (18.2)")
        return dm, parts
    if value:
        dm += value
        parts.append(f"+{value} {name} (18.2)")
    return dm, parts


@dataclass
class MineAttack:
    unit: str
    hex: str
    mine: str
    index: int
    had_hit: bool
    total: int | None = None
    hit: bool = False
    destroyed: bool = False


class Forts:
    """The 18.x checks, event by event."""

    def __init__(self) -> None:
        self.mines: list[MineAttack] = []
        self.moved: tuple[list[str], str] | None = None  # units of this action's move and the hex they entered

    # ---- before ------------------------------------------------------------------------------------------------
    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t in _BOUNDARY:
            self._settle_mines(ctx)
            self.moved = None
        if ctx.board is None:
            return
        if t == "move" and ev.get("to"):
            self.moved = ([ev["unit"], *[u for u in ev.get("stack") or [] if ctx.units.get(u)]], ev["to"])
        hasty = (C.fort_table(ctx).get(ev.get("marker") or "") or {}).get("type") == "hasty_defense"
        if t == "marker" and ev.get("on") and hasty:
            self._hasty_mix(ctx, ev["marker"], ev.get("unit"))
        elif t == "entrench":
            self._hasty_mix(ctx, next((k for k, r in C.fort_table(ctx).items() if r.get("type") == "hasty_defense"),
                                      None), ev["unit"])
        if t == "marker" and ev.get("hex") and ev.get("on"):
            self._placed(ctx, ev)
        elif t == "move" and C.unit_class(ctx, ev["unit"]) != "airplane":
            for u in [ev["unit"], *[s for s in ev.get("stack") or [] if ctx.units.get(s)]]:
                self._entering(ctx, u, ev)
        elif t == "occupy":
            self._occupy(ctx, ev)
        elif t == "leave" and ev["unit"] not in occupying(ctx):
            ctx.error(ctx.rule("18.2"), f"{ctx.name(ev['unit'])} leaves a fortification it does not occupy",
                      **C.at(ctx, [ev["unit"]]))
        elif t == "entrench":
            self._entrench(ctx, ev)
        elif t == "smoke":
            self._smoke(ctx, ev)
        elif t == "roll" and ev.get("purpose") == "mine":
            self._mine_roll(ctx, ev)
        elif t == "roll" and ev.get("purpose") == "wire" and ev.get("unit"):
            ctx.state.notes.setdefault("coh_wire_roll", {})[ev["unit"]] = (
                ev.get("hex"), sum(int(x) for x in ev.get("dice") or []))
        if t in C.ACTIONS and t not in _MINE_SAFE and t != "move" and ev.get("unit"):
            self._mine_action(ctx, ev["unit"])

    def _placed(self, ctx: Any, ev: dict[str, Any]) -> None:
        h, m = ev["hex"], ev["marker"]
        row = C.fort_table(ctx).get(m)
        if row is None:
            return
        if row.get("type") == "mine" and self.moved and self.moved[1] == h:
            # 18.5: "If a hidden mine is moved onto, a mine counter is placed in the hex": it attacks the units that
            # just moved in (units already there moved in before it was found)
            for u in self.moved[0]:
                self._trigger(ctx, u, h, m)
        if row.get("type") != "hasty_defense" and C.forts_in(ctx, h, row.get("type")):
            ctx.error(ctx.rule("18.0"), f"a second {row.get('type', m).replace('_', ' ')} is placed in {h}; no more "
                      "than 1 of each type of fortification or hindrance may be in a hex, except hasty defenses",
                      hexes=[h])
        if ev.get("facing") is not None:
            ctx.state.notes.setdefault("coh_fort_facing", {})[(h, m)] = float(ev["facing"])

    def _hasty_mix(self, ctx: Any, marker: str | None, uid: str | None) -> None:
        """18.1: "Players may build as many hasty defenses as there are counters available in the game": one more
        hasty defence on the map than the game's counter (its ``count``) provides."""
        table = C.fort_table(ctx)
        if marker is None or (uid and any((table.get(m) or {}).get("type") == "hasty_defense"
                                          for m in ctx.state.markers.get(uid, ()))):
            return  # no hasty defence counter in the data, or this one is already on the unit (counted)
        count = (ctx.units.get(marker) or {}).get("count")
        if not isinstance(count, int):
            ctx.could_not_check(ctx.rule("18.1"), f"the game's counters give no count for {marker}, so the hasty "
                                "defenses available are not known")
            return
        hasty = {m for m, r in table.items() if r.get("type") == "hasty_defense"}
        on_units = [u for u, ms in ctx.state.markers.items() if ms & hasty and ctx.state.position.get(u)]
        in_hexes = [h for h, ms in ctx.state.hex_markers.items() if ms & hasty]
        if len(on_units) + len(in_hexes) >= count:
            where = C.at(ctx, [uid]) if uid else {}
            ctx.error(ctx.rule("18.1"), f"a hasty defense is built{' by ' + ctx.name(uid) if uid else ''} while "
                      f"{len(on_units) + len(in_hexes)} are on the map; players may build as many hasty defenses as "
                      f"there are counters available in the game ({count})", **where)

    def _entering(self, ctx: Any, uid: str, ev: dict[str, Any]) -> None:
        path = list(ev.get("path") or [ev.get("from") or ctx.state.position.get(uid), ev.get("to")])
        cls, colour, name = C.unit_class(ctx, uid), C.move_colour(ctx, uid), ctx.name(uid)
        for h in [p for p in path[1:] if p]:
            if C.is_at_ditch(ctx, h) and cls in ("vehicle", "gun"):
                ctx.error(ctx.rule("18.3"), f"{name} enters the anti-tank ditch in {h}; vehicles and guns may not "
                          "enter an anti-tank ditch hex", units=[uid], hexes=[h])
            if C.forts_in(ctx, h, "wire"):
                if colour == "green":
                    ctx.error(ctx.rule("18.4"), f"{name} enters the wire in {h}; wheeled units may not enter a wire "
                              "hex", units=[uid], hexes=[h])
                elif colour == "red" and uid not in (ctx.state.notes.get("coh_wire_roll") or {}):
                    ctx.error(ctx.rule("18.4"), f"{name} moves into the wire in {h} without announcing it and "
                              "rolling 1D6 for the movement penalty", units=[uid], hexes=[h])
            if colour == "green" and C.forts_in(ctx, h, "trench"):
                ctx.error(ctx.rule("18.2"), f"{name} enters the trench hex {h}; wheeled vehicles are not allowed "
                          "into trench hexes", units=[uid], hexes=[h])
        end = path[-1]
        if end:
            for mine in C.forts_in(ctx, end, "mine"):
                self._trigger(ctx, uid, end, mine)

    def _trigger(self, ctx: Any, uid: str, h: str, mine: str) -> None:
        """18.5: a mine of the unit's movement colour attacks it (blue: blue and green movers, red: red, black:
        all); engineers never trigger mines (19.0)."""
        colour = (C.fort_table(ctx).get(mine) or {}).get("mine_colour")
        move = C.move_colour(ctx, uid)
        if "engineer" in C.tags(ctx, uid) or C.unit_class(ctx, uid) == "airplane":
            return
        if colour == "black" or (colour == "blue" and move in ("blue", "green")) or colour == move:
            self.mines.append(MineAttack(uid, h, mine, ctx.index or 0, bool(C.hits_on(ctx, uid))))

    def _mine_action(self, ctx: Any, uid: str) -> None:
        h = ctx.state.position.get(uid)
        if h and not any(m.unit == uid for m in self.mines):
            for mine in C.forts_in(ctx, h, "mine"):
                self._trigger(ctx, uid, h, mine)

    def _mine_roll(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        att = next((m for m in self.mines if m.total is None and (uid is None or m.unit == uid)), None)
        if att is None:
            if uid and "engineer" in C.tags(ctx, uid):
                ctx.error(ctx.rule("19.0"), f"a mine attacks {ctx.name(uid)}, but engineers do not trigger land "
                          "mine attacks", **C.at(ctx, [uid]))
            elif uid:
                ctx.error(ctx.rule("18.5"), f"a mine attacks {ctx.name(uid)}, but no mine of its movement colour "
                          "is in its hex, or it did not move in or act there", **C.at(ctx, [uid]))
            return
        att.total = sum(int(x) for x in ev.get("dice") or []) + int(ev.get("cap") or 0)

    def _occupy(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, h = ev["unit"], ctx.state.position.get(ev["unit"])
        forts = [f for f in C.forts_in(ctx, h or "") if C.fort_table(ctx)[f].get("type") in _OCCUPIABLE]
        fort = ev.get("marker") or (forts[0] if len(forts) == 1 else None)
        if fort is None or fort not in forts:
            ctx.error(ctx.rule("18.2"), f"{ctx.name(uid)} occupies a fortification, but there is "
                      f"{'no such' if forts else 'no'} trench, gun pit or bunker in {h}", **C.at(ctx, [uid]))
            return
        self.allowed(ctx, uid, fort, h or "")

    def allowed(self, ctx: Any, uid: str, fort: str, h: str) -> None:
        """18.2: trenches for infantry squads only, gun pits for guns (vehicles by policy ``gun_pit_vehicles``),
        bunkers for foot units including guns."""
        kind, cls = C.fort_table(ctx)[fort].get("type"), C.unit_class(ctx, uid)
        ok = {"trench": cls == "foot", "bunker": cls in ("foot", "gun"),
              "gun_pit": cls == "gun" or (cls == "vehicle" and ctx.policies.get("gun_pit_vehicles") == "allowed")}
        who = {"trench": "infantry squads, not vehicles or guns", "bunker": "foot units, including AT guns",
               "gun_pit": "anti-tank, infantry and artillery guns"}
        if not ok.get(kind, True):
            ctx.error(ctx.rule("18.2"), f"{ctx.name(uid)} ({cls}) occupies the {kind.replace('_', ' ')} in {h}; "
                      f"it may be used by {who[kind]}", units=[uid], hexes=[h])

    def _smoke(self, ctx: Any, ev: dict[str, Any]) -> None:
        """19.0: engineers fire +2DM smoke up to 1 hex away (for 3APs, the cost is checked with the activation)."""
        uid, h = ev["unit"], ev.get("hex")
        here = ctx.state.position.get(uid)
        if "engineer" not in C.tags(ctx, uid):
            ctx.error(ctx.rule("19.0"), f"{ctx.name(uid)} fires smoke; only engineers can fire smoke",
                      **C.at(ctx, [uid]))
        if here and h and ctx.board.distance(here, h) > 1:
            ctx.error(ctx.rule("19.0"), f"{ctx.name(uid)} fires smoke from {here} into {h}, "
                      f"{ctx.board.distance(here, h)} hexes away; engineers fire smoke up to 1 hex distance",
                      units=[uid], hexes=[here, h])

    def _entrench(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        if C.unit_class(ctx, uid) != "foot":
            ctx.error(ctx.rule("18.1"), f"{ctx.name(uid)} builds a hasty defense; only foot units may",
                      **C.at(ctx, [uid]))
        if any((C.fort_table(ctx).get(m) or {}).get("type") == "hasty_defense" for m in ctx.state.markers.get(uid, ())):
            ctx.error(ctx.rule("18.1"), f"{ctx.name(uid)} builds a second hasty defense; only one may be placed on "
                      "each unit", **C.at(ctx, [uid]))

    # ---- after -------------------------------------------------------------------------------------------------
    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, occ = ev["type"], occupying(ctx)
        uid = ev.get("unit")
        self._mine_outcome(ctx, ev)
        if t == "setup" and ev.get("occupies") and ev.get("hex"):
            if ev["occupies"] in C.forts_in(ctx, ev["hex"]):
                occ[uid] = ev["occupies"]
                self.allowed(ctx, uid, ev["occupies"], ev["hex"])
            else:
                ctx.error(ctx.rule("18.2"), f"{ctx.name(uid)} is set up in a {ev['occupies']} that is not in "
                          f"{ev['hex']}", units=[uid], hexes=[ev["hex"]])
        elif t == "occupy" and uid:
            fort = ev.get("marker") or next(iter(C.forts_in(ctx, ctx.state.position.get(uid) or "")), None)
            if fort:
                occ[uid] = fort
        elif t == "leave" or (t == "loss" and ev.get("eliminated", True)):
            occ.pop(uid or "", None)
        elif t == "smoke" and ev.get("hex"):
            ctx.state.hex_markers[ev["hex"]].add(ev.get("marker") or "marker.smoke")
        elif t == "entrench" and uid:
            hasty = next((k for k, r in C.fort_table(ctx).items() if r.get("type") == "hasty_defense"), None)
            if hasty:
                ctx.state.markers[uid].add(hasty)
        if t in ("move", "pivot", "loss") and uid:
            self._moved(ctx, ev, uid)

    def _moved(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        """18.1: a hasty defense goes when its unit pivots, moves or is killed; 18.2: moving out of the hex leaves
        the fortification; 18.4: a tracked unit entering wire removes it."""
        table = C.fort_table(ctx)
        for m in [m for m in ctx.state.markers.get(uid, ()) if (table.get(m) or {}).get("type") == "hasty_defense"]:
            ctx.state.markers[uid].discard(m)
        if ev["type"] != "move":
            return
        for u in [uid, *(ev.get("stack") or [])]:
            occupying(ctx).pop(u, None)
            (ctx.state.notes.get("coh_wire_roll") or {}).pop(u, None)
            if C.move_colour(ctx, u) == "blue":
                for h in list(ev.get("path") or [])[1:] or [ev.get("to")]:
                    for w in C.forts_in(ctx, h or "", "wire"):
                        ctx.state.hex_markers[h].discard(w)

    def finish(self, ctx: Any) -> None:
        self._settle_mines(ctx)

    # ---- a mine attack, once the next action comes ------------------------------------------------------------
    def _mine_outcome(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        for m in self.mines:
            if ev.get("unit") != m.unit:
                continue
            if t == "marker" and ev.get("on") and C.is_hit_counter(ctx, ev["marker"]):
                m.hit = True
            elif t == "loss" and ev.get("eliminated", True):
                m.destroyed = True

    def _settle_mines(self, ctx: Any) -> None:
        pending, self.mines = self.mines, []
        for m in pending:
            row = C.fort_table(ctx).get(m.mine) or {}
            name, kw = ctx.name(m.unit), {"units": [m.unit], "hexes": [m.hex], "event_index": m.index}
            if m.total is None:
                ctx.error(ctx.rule("18.5"), f"{name} enters or acts in the mined hex {m.hex} but no mine attack was "
                          "rolled; mines attack immediately (the owner rolls 2D6)", **kw)
                continue
            n = row.get("mine_number")
            if not isinstance(n, int):
                ctx.could_not_check(ctx.rule("18.5"), f"the fortifications table gives no mine_number for {m.mine}")
                continue
            want = "destroyed" if m.total >= n + 4 or (m.total >= n and m.had_hit) else (
                "hit" if m.total >= n else "nothing")
            got = "destroyed" if m.destroyed else ("hit" if m.hit else "nothing")
            if want != got:
                ctx.error(ctx.rule("18.5"), f"the mine in {m.hex} (number {n}) rolls {m.total} against {name}: "
                          f"{want} (a hit on {n} or more, destroyed on {n + 4} or more), but the log shows {got}",
                          **kw)
