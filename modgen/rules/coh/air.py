"""Airplanes (20.0-20.3): impulses, altitude, the spent plane's exit, what may fire at a plane and how its attacks and
defence are modified.

An airplane's action is an ``air_action`` event (its ``ap``/``cap`` pay the whole sequence; ``altitude`` is the
level it enters at) followed by its impulses as ordinary events: ``move`` one hex (``from: null`` enters the map),
``pivot``, ``altitude`` (the new number of altitude counters), ``attack``, and ``exit`` (it flies off the map).
The sequence ends at the next action of any unit. The plane's printed ``impulses`` (the blue hexagon, 20.0) and
``range`` are counter values; the altitude FP and DR change per counter is ``fire_modifiers.airplane_altitude``
(20.1: -1FP, +1DR). A bomb drop (20.4, :mod:`modgen.rules.coh.bombs`) is an ``attack`` impulse with ``bombs``: it
costs the same +1AP however many bombs fall. "An activated plane moves onto a map as designated by the firefight"
(20.0): the scenario's special rule ``air_entry`` (``params.areas``: map areas or edges, for every side or keyed by
side) says where; without it, the entering move must still end in a hex on a map edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.geometry import arcs
from modgen.rules.coh import common as C

IMPULSES = ("move", "pivot", "altitude", "attack", "exit")
_BOUNDARY = (*C.ACTIONS, "activate", "spent", "turn", "phase", "game_end")
#: 20.2: "An airplane may not fire at targets closer than 2 hexes"
MIN_RANGE = 2


def is_plane(ctx: Any, uid: str | None) -> bool:
    return bool(uid) and C.unit_class(ctx, uid or "") == "airplane"


def altitude(ctx: Any, uid: str) -> int:
    """Altitude counters under the plane (20.1; 0 = strafing level)."""
    return int((ctx.state.notes.get("coh_altitude") or {}).get(uid, 0))


def air_hits(ctx: Any) -> dict[str, int]:
    """Hits taken by each airplane (20.0: "Airplanes do not receive hit markers")."""
    return ctx.state.notes.setdefault("coh_air_hits", {})


def _per_counter(ctx: Any, field_: str) -> int | None:
    return C.modifier(ctx, "airplane_altitude", field_)


def fp_change(ctx: Any, att: str, target: str, dist: int) -> tuple[int, list[str]] | None:
    """FP change of an airplane's attack (20.1, 20.2): -1 per altitude counter against ground units, -1 per hex
    beyond its printed range; air to air, +1 for the higher plane. None when the data lacks the altitude value."""
    delta, parts = 0, []
    rng = int(C.values(ctx, att).get("range") or 0)
    if dist > rng:
        delta -= dist - rng
        parts.append(f"-{dist - rng} beyond range {rng} (20.2)")
    if is_plane(ctx, target):
        if altitude(ctx, att) > altitude(ctx, target):
            delta += 1
            parts.append("+1 higher altitude (20.2)")
        return delta, parts
    alt = altitude(ctx, att)
    if alt:
        per = _per_counter(ctx, "fp")
        if per is None:
            ctx.could_not_check(ctx.rule("20.1"), "the game data has no fire_modifiers.airplane_altitude FP")
            return None
        delta += per * alt
        parts.append(f"{per * alt:+d} for {alt} altitude counter(s) (20.1)")
    return delta, parts


def dr_change(ctx: Any, d: str, att: str | None) -> tuple[int, list[str]] | None:
    """DR change of an airplane target: +1 per altitude counter (20.1); air to air, +1DM for the higher plane."""
    alt, delta, parts = altitude(ctx, d), 0, []
    if alt:
        per = _per_counter(ctx, "dm")
        if per is None:
            ctx.could_not_check(ctx.rule("20.1"), "the game data has no fire_modifiers.airplane_altitude DM")
            return None
        delta += per * alt
        parts.append(f"+{per * alt} for {alt} altitude counter(s) (20.1)")
    if is_plane(ctx, att) and alt > altitude(ctx, att or ""):
        delta += 1
        parts.append("+1 higher altitude (20.2)")
    return delta, parts


def range_ok(ctx: Any, uid: str, dist: int, here: str, to: str) -> bool:
    """20.2: an airplane fires at 2 hexes or more, up to double its printed range."""
    rng, name = int(C.values(ctx, uid).get("range") or 0), ctx.name(uid)
    if dist < MIN_RANGE:
        ctx.error(ctx.rule("20.2"), f"{name} fires from {here} at {to}, {dist} hex(es) away; an airplane may not fire "
                  f"at targets closer than {MIN_RANGE} hexes", units=[uid], hexes=[here, to])
        return False
    if dist > 2 * rng:
        ctx.error(ctx.rule("20.2"), f"{name} fires from {here} at {to}, {dist} hexes away; its range is {rng}, so it "
                  f"fires at most {2 * rng} hexes (double its printed range)", units=[uid], hexes=[here, to])
        return False
    return True


@dataclass
class Sortie:
    """One airplane action sequence (20.0)."""

    unit: str
    index: int
    ev: dict[str, Any]
    kinds: list[str] = field(default_factory=list)  # impulses taken
    since_move: list[str] = field(default_factory=list)  # impulses since the last forward move
    attacks: int = 0
    climbs: int = 0
    bombs: int = 0  # bombs dropped in the sequence's attacks (20.4)


class Air:
    """The 20.0-20.2 checks; tells :class:`~modgen.rules.coh.activation.Play` which events are impulses (not
    actions of their own) and which are the spent plane's free exit moves (``coh_air_impulse``, ``coh_air_free``)."""

    def __init__(self) -> None:
        self.sortie: Sortie | None = None
        self.ap_used: dict[str, int] = {}
        self.spent: set[str] = set()
        self.flown: set[str] = set()  # planes that entered the map this round

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, notes = ev["type"], ctx.state.notes
        notes["coh_air_impulse"] = notes["coh_air_free"] = None
        actor = (ev.get("attackers") or [None])[0] if t == "attack" else ev.get("unit")
        s = self.sortie
        impulse = s is not None and t in IMPULSES and actor == s.unit
        if s is not None and not impulse and (t in _BOUNDARY or t == "air_action"):
            self._close(ctx)
        if t in ("turn", "game_end") or (t == "phase" and ev.get("phase") == "round_end"):
            self._round_end(ctx)
        if t == "activate":
            units = ev.get("units") or []
            planes = [u for u in units if is_plane(ctx, u)]
            if planes and len(units) > 1:
                ctx.error(ctx.rule("20.0"), f"{ctx.name(planes[0])} is activated in a group; players may not take "
                          "group actions with airplanes", **C.at(ctx, units))
        elif t == "air_action":
            self._open(ctx, ev)
        elif impulse:
            notes["coh_air_impulse"] = ctx.index
            self._impulse(ctx, ev, actor)
        elif is_plane(ctx, actor) and t in IMPULSES:
            self._outside(ctx, ev, actor)
        elif t == "order" and is_plane(ctx, ev.get("unit")):
            self._card(ctx, ev)
        if t in C.ACTIONS and t != "pass" and not (impulse or is_plane(ctx, actor)):
            self._blocked(ctx, actor, ev)
        if t == "attack":
            self._attack(ctx, ev)

    # ---- sequences ---------------------------------------------------------------------------------------------
    def _open(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev["unit"]
        if not is_plane(ctx, uid):
            ctx.error(ctx.rule("20.0"), f"{ctx.name(uid)} takes an airplane action but is not an airplane",
                      **C.at(ctx, [uid]))
            return
        if uid in self.spent and ctx.state.position.get(uid):
            ctx.error(ctx.rule("20.0"), f"{ctx.name(uid)} takes an action after running out of APs; a spent airplane "
                      "only flies straight off the map", **C.at(ctx, [uid]))
        self.sortie = Sortie(uid, ctx.index or 0, ev)

    def _impulse(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        s, t, name = self.sortie, ev["type"], ctx.name(uid)
        assert s is not None
        kind = "move" if t == "exit" else t
        limit = C.values(ctx, uid).get("impulses")
        s.kinds.append(kind)
        here = ctx.state.position.get(uid)
        if isinstance(limit, int) and len(s.kinds) == limit + 1:
            ctx.error(ctx.rule("20.0"), f"{name} takes a {len(s.kinds)}th impulse in one action; it has {limit} "
                      "impulses (the blue hexagon)", **C.at(ctx, [uid]))
        if len(s.kinds) == 1 and kind != "move":
            article = "an" if t[0] in "ae" else "a"
            ctx.error(ctx.rule("20.0"), f"{name} begins its action with {article} {t}; the first impulse in an "
                      "action sequence must be a forward movement", **C.at(ctx, [uid]))
        if kind == "move":
            self._forward(ctx, ev, uid, here)
            s.since_move = []
            return
        if kind in ("pivot", "attack") and any(k in ("pivot", "attack") for k in s.since_move):
            ctx.error(ctx.rule("20.0"), f"{name} takes a {t} after a {s.since_move[-1]} without moving forward; "
                      "after moving forward one hex an airplane may attack once or pivot one hexside, not both",
                      **C.at(ctx, [uid]))
        if kind == "altitude" and "altitude" in s.since_move:
            ctx.error(ctx.rule("20.1"), f"{name} changes altitude twice for one hex moved; airplanes change "
                      "altitude by one counter per hex moved", **C.at(ctx, [uid]))
        s.since_move.append(kind)
        if kind == "attack":
            s.attacks += 1
            s.bombs += int(ev.get("bombs") or 0)
        elif kind == "pivot":
            face, new = C.facing(ctx, uid), float(ev["facing"])
            if face is not None and abs(((new - face + 180) % 360) - 180) != 60:
                ctx.error(ctx.rule("20.0"), f"{name} pivots from {face:g} to {new:g} degrees in one impulse; each "
                          "impulse pivots one hexside (60 degrees)", **C.at(ctx, [uid]))
        elif kind == "altitude":
            new, old = int(ev["altitude"]), altitude(ctx, uid)
            if new < 0 or abs(new - old) != 1:
                ctx.error(ctx.rule("20.1"), f"{name} goes from {old} to {new} altitude counter(s) in one impulse; "
                          "each impulse changes altitude by one counter up or down", **C.at(ctx, [uid]))
            if new > old:
                s.climbs += 1

    def _forward(self, ctx: Any, ev: dict[str, Any], uid: str, here: str | None) -> None:
        """A move impulse: one hex into one of the three front-arc hexes (20.0); the entry onto the map, once."""
        name, to = ctx.name(uid), ev.get("to")
        if ev["type"] == "exit" or here is None:
            if here is None and uid in ctx.state.exited:
                ctx.error(ctx.rule("20.0"), f"{name} re-enters the map; an airplane may not re-enter the map once "
                          "it has left it", units=[uid], hexes=[h for h in (to,) if h])
            elif here is None and to and uid in self.spent:
                ctx.error(ctx.rule("20.0"), f"{name} enters the map with no APs left", units=[uid], hexes=[to])
            if here is None:
                self.flown.add(uid)
                if to and uid not in ctx.state.exited:
                    self._entry(ctx, uid, to)
            return
        path = list(ev.get("path") or [here, to])
        face = C.facing(ctx, uid)
        if len(path) != 2 or ctx.board.distance(here, path[-1]) != 1:
            ctx.error(ctx.rule("20.0"), f"{name} moves {' → '.join(p for p in path if p)} in one impulse; each "
                      "impulse moves an airplane one hex", units=[uid], hexes=[h for h in path if h])
        elif face is not None and not arcs.in_arc(face, C.bearing(ctx, here, path[-1]), 120):
            ctx.error(ctx.rule("20.0"), f"{name} moves from {here} to {path[-1]}, outside its three front arc hexes "
                      f"(facing {face:g}); an airplane moves forward", units=[uid], hexes=[here, path[-1]])

    def _entry(self, ctx: Any, uid: str, to: str) -> None:
        """20.0: "An activated plane moves onto a map as designated by the firefight"."""
        rule = next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == "air_entry"), None)
        name, board = ctx.name(uid), ctx.board
        if rule is None:
            if not any(to in board.edge_hexes(e) for e in ("north", "south", "east", "west")):
                ctx.error(ctx.rule("20.0"), f"{name} enters the map at {to}, which is not on a map edge; an airplane "
                          "moves onto the map from off it", units=[uid], hexes=[to])
            return
        areas = (rule.get("params") or {}).get("areas")
        if isinstance(areas, dict):
            areas = areas.get(ctx.side_of(uid) or "")
        if isinstance(areas, str):
            areas = [areas]
        hexes = [board.area(str(a)) for a in areas or []]
        if not areas or any(h is None for h in hexes):
            ctx.could_not_check(ctx.rule("20.0"), f"the scenario's air_entry rule names no map area or edge for "
                                f"{name}'s side")
            return
        if not any(to in h for h in hexes if h):
            ctx.error(ctx.rule("20.0"), f"{name} enters the map at {to}, outside {', '.join(map(str, areas))} where "
                      "the firefight designates its airplanes' entry", units=[uid], hexes=[to])

    def _close(self, ctx: Any) -> None:
        s, self.sortie = self.sortie, None
        if s is None:
            return
        cost = 1 + s.attacks + s.climbs
        if "ap" in s.ev:
            paid = int(s.ev["ap"]) + int(s.ev.get("cap") or 0)
            if paid != cost:
                # 20.4: "The Plane only expends 1 additional AP for dropping the two bombs"
                many = s.bombs > s.attacks
                drop = f" however many bombs it drops ({s.bombs}; 20.4)" if many else ""
                ctx.error(ctx.rule("20.4" if many else "20.0"), f"{ctx.name(s.unit)} pays {paid} for an action of "
                          f"{len(s.kinds)} impulse(s) that costs {cost} (1AP, +1 per attack: {s.attacks}{drop}, "
                          f"+1 per altitude increase: {s.climbs}; 20.0, 20.1)", **C.at(ctx, [s.unit]),
                          event_index=s.index)
            self.ap_used[s.unit] = self.ap_used.get(s.unit, 0) + int(s.ev["ap"])
            pool = ctx.tables.get("activation_ap")
            if isinstance(pool, int) and self.ap_used[s.unit] >= pool:
                self.spent.add(s.unit)

    # ---- outside a sequence ------------------------------------------------------------------------------------
    def _outside(self, ctx: Any, ev: dict[str, Any], uid: str) -> None:
        t, name, here = ev["type"], ctx.name(uid), ctx.state.position.get(uid)
        if uid in self.spent and here and t in ("move", "exit"):
            ctx.state.notes["coh_air_free"] = ctx.index  # 20.0: exiting costs no APs
            if t == "exit":
                return
            path = list(ev.get("path") or [here, ev.get("to")])
            face, limit = C.facing(ctx, uid), C.values(ctx, uid).get("impulses")
            # hex centres along one hex direction are collinear: every leg keeps the plane's facing as its bearing
            straight = face is not None and all(
                b and a != b and abs(((C.bearing(ctx, a, b) - face + 180) % 360) - 180) < 1
                for a, b in zip(path, path[1:], strict=False))
            if not straight:
                ctx.error(ctx.rule("20.0"), f"{name} is spent and moves {' → '.join(p for p in path if p)}; a spent "
                          "airplane moves off the map in a straight line with no directional change",
                          units=[uid], hexes=[h for h in path if h])
            hexes = sum(ctx.board.distance(a, b) for a, b in zip(path, path[1:], strict=False) if a and b)
            if isinstance(limit, int) and hexes > limit:
                ctx.error(ctx.rule("20.0"), f"{name} is spent and moves {hexes} hexes in one action; it moves "
                          f"the number of hexes equal to its impulses ({limit})", units=[uid],
                          hexes=[h for h in path if h])
            return
        why = ("a spent airplane moves straight off the map with no altitude or directional change"
               if uid in self.spent else "an airplane acts by an action sequence of impulses (air_action)")
        ctx.error(ctx.rule("20.0"), f"{name} takes a {t} outside an airplane action; {why}", **C.at(ctx, [uid]))

    def _blocked(self, ctx: Any, actor: str | None, ev: dict[str, Any]) -> None:
        """20.0: "A player may take no actions with other units until the spent airplane has exited the map.\""""
        side = ev.get("side") or ctx.side_of(actor or "")
        waiting = [p for p in self.spent if ctx.state.position.get(p) and ctx.side_of(p) == side]
        if waiting and actor:
            ctx.error(ctx.rule("20.0"), f"{ctx.name(actor)} takes a {ev['type']} while the spent "
                      f"{ctx.name(waiting[0])} is still on the map; no other unit of its player acts until the spent "
                      "airplane has exited",
                      **C.at(ctx, [actor, waiting[0]]))

    def _card(self, ctx: Any, ev: dict[str, Any]) -> None:
        card, uid = ev.get("order", ""), ev["unit"]
        if card == "command_action" and ctx.policies.get("command_card_on_airplane", "allowed") == "allowed":
            return
        ctx.error(ctx.rule("20.0"), f"the {card.replace('_', ' ')} card is played on {ctx.name(uid)}; action cards "
                  "may not be played on airplanes", **C.at(ctx, [uid]))

    def _attack(self, ctx: Any, ev: dict[str, Any]) -> None:
        attackers = [u for u in ev.get("attackers") or [] if ctx.units.get(u)]
        planes = [u for u in attackers if is_plane(ctx, u)]
        if planes and len(attackers) > 1:
            ctx.error(ctx.rule("20.0"), f"{ctx.name(planes[0])} attacks in a group; players may not take group "
                      "actions with airplanes", **C.at(ctx, attackers))
        for p in planes:
            if air_hits(ctx).get(p):
                ctx.error(ctx.rule("20.0"), f"{ctx.name(p)} attacks after taking a hit; a hit plane may no longer "
                          "attack and must fly off the map", **C.at(ctx, [p]))
        targets = [d for d in ev.get("defenders") or [] if is_plane(ctx, d)]
        if targets and ctx.policies.get("anti_aircraft_fire", "blue_circle_only") == "blue_circle_only":
            for a in attackers:
                if not is_plane(ctx, a) and "aa" not in C.tags(ctx, a):
                    ctx.error(ctx.rule("20.0"), f"{ctx.name(a)} fires at {ctx.name(targets[0])}; only units with the "
                              "blue anti-air circle may fire at airplanes", **C.at(ctx, [a, targets[0]]))

    def _round_end(self, ctx: Any) -> None:
        """20.0: airplanes begin and end their activations off the map."""
        for p in sorted(self.flown):
            if ctx.state.position.get(p):
                ctx.error(ctx.rule("20.0"), f"{ctx.name(p)} is still on the map at the end of the round; airplanes "
                          "end their activations off the map", **C.at(ctx, [p]))
        self.flown, self.spent, self.ap_used = set(), set(), {}

    # ---- after -------------------------------------------------------------------------------------------------
    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, uid = ev["type"], ev.get("unit")
        alt = ctx.state.notes.setdefault("coh_altitude", {})
        if t == "air_action" and is_plane(ctx, uid) and ev.get("altitude") is not None and uid:
            if not ctx.state.position.get(uid):
                alt[uid] = int(ev["altitude"])
        elif t == "altitude" and uid:
            alt[uid] = int(ev["altitude"])
        elif t in ("spent",) or (t == "flip" and ev.get("face") == "spent"):
            self.spent.update(u for u in ev.get("units") or [uid] if is_plane(ctx, u))

    def finish(self, ctx: Any) -> None:
        self._close(ctx)
