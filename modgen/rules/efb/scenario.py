"""EFB scenario rules: reinforcements (6.2-6.5), replacements (6.8-6.13), recovery from suppression (15.4)."""

from __future__ import annotations

from typing import Any

from modgen.rules.efb import column
from modgen.rules.efb import common as c
from modgen.rules.schedule import reinforcement_schedule


class Scenario:
    """Reinforcement schedule and entry areas, replacements, recovery from suppression."""

    # the event types its hooks look at (the engine calls them for these only)
    handles = {
        "before": (
            "setup", "reinforcement", "road_column", "replacement", "rally", "marker", "roll", "air_draw", "bridge",
            "move",
        ),
        "after": ("move", "phase", "reinforcement", "road_column"),
    }

    def __init__(self) -> None:
        self.schedule: dict[str, dict[str, Any]] | None = None
        self.by_turn: dict[Any, list[tuple[str, dict[str, Any]]]] | None = None

    def _schedule(self, ctx: Any) -> dict[str, dict[str, Any]]:
        """Unit -> its reinforcement entry, with the chosen options applied: entries marked ``option`` only when
        that option is on; an option's ``reschedule`` list moves a ``group`` to another ``turn`` (null = never)."""
        if self.schedule is None:
            self.schedule = reinforcement_schedule(ctx.scenario, ctx.state.options)
        return self.schedule

    def _due(self, ctx: Any, turn: int) -> list[tuple[str, dict[str, Any]]]:
        """(unit, entry) of the schedule's entries for ``turn``, in schedule order (indexed once per check)."""
        if self.by_turn is None:
            self.by_turn = {}
            for u, entry in self._schedule(ctx).items():
                self.by_turn.setdefault(entry.get("turn"), []).append((u, entry))
        return self.by_turn.get(turn, [])

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if t == "setup" and ev.get("off_map"):
            ctx.state.notes.setdefault("pool_of", {})[ev["unit"]] = ev["off_map"]
        elif t == "reinforcement":
            self._reinforcement(ctx, ev)
        elif t == "road_column":  # 6.4: each unit of the column is a reinforcement; the head is placed
            for n, u in enumerate(ev["units"]):
                if ctx.unit(u):
                    self._reinforcement(ctx, {"type": "reinforcement", "unit": u, **({"hex": ev["hex"]} if n == 0
                                                                                       else {})})
        elif t == "replacement":
            self._replacement(ctx, ev)
        elif t == "rally":
            self._rally(ctx, ev["unit"], ev.get("roll"), declared=True)
        elif t == "marker" and ev.get("unit") and ev["marker"] == "suppressed" and not ev["on"] \
                and ctx.state.phase == "recovery":
            self._rally(ctx, ev["unit"], None)
        elif t == "roll" and ev.get("purpose") == "recovery" and ev.get("unit"):
            ctx.state.notes.setdefault("recovery_rolls", {})[ev["unit"]] = ev["dice"][0]
        elif t == "roll" and ev.get("purpose") == "reinforcement":
            ctx.state.notes.setdefault("reinf_rolls", []).append(ev["dice"][0])
            if ev.get("unit"):
                self._roll_for(ctx, ev["unit"])
        elif t == "roll" and ev.get("purpose") == "bridge":
            ctx.state.notes["bridge_roll"] = ev["dice"][0]
        elif t == "air_draw":
            self._air_draw(ctx, ev)
        elif t == "bridge" and ev["action"] in ("attempt", "blow", "destroy"):
            self._bridge(ctx, ev)
        elif t == "bridge" and ev["action"] == "build":
            self._build(ctx, ev)
        elif t == "move":
            self._engineer_moves(ctx, ev)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        if ev["type"] == "move":
            self._enemy_near_engineer(ctx, ev)
        if ev["type"] == "phase" and ev["phase"] == "movement":
            st.notes["movement_start"] = dict(st.position)
        if ev["type"] == "reinforcement":
            st.notes.setdefault("arrived", {})[ev["unit"]] = st.turn
        if ev["type"] == "road_column":
            for u in ev["units"]:
                st.notes.setdefault("arrived", {})[u] = st.turn
        if ev["type"] == "phase":
            st.notes["reinf_rolls"] = []
        if ev["type"] == "phase" and ev["phase"] == "recovery":
            # 7.6: command at the start of the recovery phase; the recovery_command policy settles 15.3 vs 15.4
            ignore = ctx.policies.get("recovery_command", "radius") == "radius"
            st.notes["cmd_recovery"] = {
                u: c.in_command(ctx, u, ignore_suppression=ignore) for u, h in st.position.items()
                if h is not None and c.suppressed(ctx, u) and ctx.side_of(u) == st.side
            }
            st.notes["recovered"] = set()
            st.notes["recovery_rolls"] = {}

    def phase_end(self, ctx: Any) -> None:
        st = ctx.state
        if st.phase == "reinforcement":
            self._pool_draws(ctx)
        if st.phase == "reinforcement" and ctx.scenario:
            for u, entry in self._due(ctx, st.turn):
                if not entry.get("roll") and entry.get("side", ctx.side_of(u)) == \
                        st.side and st.position.get(u) is None and u not in st.eliminated \
                        and column.queued(ctx, u) is None and column.carried(ctx, u) is None:
                    ctx.error(ctx.rule("6.5"), f"{ctx.name(u)} is scheduled to arrive on turn {st.turn} but was not "
                              "placed; scheduled reinforcements may not be withheld", units=[u])
        if st.phase == "recovery":
            cmd = st.notes.pop("cmd_recovery", {})
            done = st.notes.pop("recovered", set())
            for u, in_cmd in cmd.items():
                if in_cmd and u not in done and c.suppressed(ctx, u) and st.position.get(u) is not None:
                    ctx.error(ctx.rule("15.4"), f"{ctx.name(u)} is in command and should have recovered from "
                              "suppression in the recovery phase", units=[u])

    # ------------------------------------------------------------------------------------------------------
    def _roll_for(self, ctx: Any, uid: str) -> None:
        """6.2: a reinforcement roll naming a unit is for its group; once the group has arrived nobody rolls."""
        entry = self._schedule(ctx).get(uid)
        if entry is None:
            return
        arrived = ctx.state.notes.get("arrived", {})
        came = [u for u in entry.get("units") or [] if u in arrived]
        if came:
            ctx.error(ctx.rule("6.2"), f"a reinforcement roll for {ctx.name(uid)}'s group, which arrived on turn "
                      f"{arrived[came[0]]}; arrived groups are not rolled for again", units=[uid])

    def _reinforcement(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, st = ev["unit"], ctx.state
        nm = ctx.name(uid)
        if uid in st.exited:
            ctx.error(ctx.rule("8.11"), f"{nm} exited the map and may not return", units=[uid])
        entry = self._schedule(ctx).get(uid)
        if entry is None:
            pool = st.notes.get("pool_of", {}).get(uid)
            if pool in self._pools(ctx):
                st.notes.setdefault("pool_arrivals", {}).setdefault(pool, []).append(uid)
            elif ctx.scenario.get("reinforcements") is not None:
                ctx.error(ctx.rule("6.2"), f"{nm} is not a reinforcement in this scenario", units=[uid])
            return
        if entry.get("pool_draw"):
            key = entry.get("group") or ",".join(entry.get("units") or [])
            st.notes.setdefault("groups_arrived", {})[key] = entry["pool_draw"]
        roll = entry.get("roll")
        if isinstance(roll, dict) and roll.get("on"):
            on = self._roll_numbers(ctx, uid, entry, roll)
            rolls = st.notes.get("reinf_rolls") or []
            if not rolls:
                ctx.warning(ctx.rule("6.2"), f"{nm} arrives on a die roll ({', '.join(map(str, on))}) but no "
                            "reinforcement roll was logged in this phase", units=[uid])
            elif not set(rolls) & set(on):
                ctx.error(ctx.rule("6.2"), f"{nm} arrives on {', '.join(map(str, on))}, but this phase's "
                          f"reinforcement rolls were {', '.join(map(str, rolls))}", units=[uid])
        turn = entry.get("turn")
        if isinstance(turn, int):
            if entry.get("roll") and st.turn < turn:
                ctx.error(ctx.rule("6.2"), f"{nm} may roll to arrive from turn {turn}, not turn {st.turn}", units=[uid])
            elif not entry.get("roll") and st.turn != turn and column.carried(ctx, uid) != st.turn:
                ctx.error(ctx.rule("6.2"), f"{nm} is due on turn {turn} but arrives on turn {st.turn}", units=[uid])
        h = ev.get("hex")
        if not h or ctx.board is None:
            return
        area_id = ev.get("area") or entry.get("area")
        if area_id:
            area = ctx.board.area(area_id)
            if area is not None and entry.get("alternate_area"):
                area = area | (ctx.board.area(entry["alternate_area"]) or set())
            if area is None:
                ctx.could_not_check(ctx.rule("6.2"), f"the map has no area {area_id!r}")
            elif h not in area:
                self._blocked_entry(ctx, uid, h, area, area_id)
        enemies = c.hex_enemies(ctx, h, ctx.side_of(uid))
        if enemies:
            ctx.error(ctx.rule("6.3"), f"{nm} enters at {h}, which holds enemy units ({c.names(ctx, enemies)})",
                      units=[uid], hexes=[h])

    @staticmethod
    def _blocked_entry(ctx: Any, uid: str, h: str, area: set[str], area_id: str) -> None:
        """``uid`` enters at ``h`` outside its entry area: 6.5 "if, and only if, all scheduled entry hexes are
        blocked by the occupation of enemy units, blocked reinforcements may enter via the unblocked map-edge hex
        closest to the scheduled hex"; otherwise it breaks 6.2."""
        nm, side, board = ctx.name(uid), ctx.side_of(uid), ctx.board
        if not area or any(not c.hex_enemies(ctx, a, side) for a in area):
            ctx.error(ctx.rule("6.2"), f"{nm} enters at {h}, which is not in its entry area {area_id}",
                      units=[uid], hexes=[h])
            return

        def gap(x: str) -> int:
            return min(board.distance(x, a) for a in area)

        edges = set().union(*(board.edge_hexes(e) for e in ("north", "south", "east", "west")))
        open_edges = [x for x in edges - area if not c.hex_enemies(ctx, x, side)]
        best = min((gap(x) for x in open_edges), default=None)
        if h not in edges or best is None or gap(h) > best:
            closest = sorted(x for x in open_edges if gap(x) == best)
            ctx.error(ctx.rule("6.5"), f"{nm} enters at {h}; every hex of its entry area {area_id} holds enemy "
                      f"units, so it may enter only at the closest unblocked map-edge hex "
                      f"({', '.join(closest) or 'none'})", units=[uid], hexes=[h])

    # ---- conditional rolls and random pool draws (GT 24.7) ---------------------------------------------------
    def _pools(self, ctx: Any) -> set[str]:
        return {e["pool_draw"]["pool"] for e in ctx.scenario.get("reinforcements") or [] if e.get("pool_draw")}

    @staticmethod
    def _holds(ctx: Any, cond: dict[str, Any]) -> bool:
        """A ``condition``: at least one unit of ``side`` in map area ``in_area``."""
        hexes = ctx.board.area(cond.get("in_area", "")) if ctx.board is not None else None
        if hexes is None:
            ctx.could_not_check(ctx.rule("6.2"), f"the map has no area {cond.get('in_area')!r} for a reinforcement "
                                "roll condition")
            return True
        side = cond.get("side")
        return any(h in hexes for u, h in ctx.state.position.items()
                   if h is not None and ctx.side_of(u) == side and c.is_ground(ctx, u))

    def _roll_numbers(self, ctx: Any, uid: str, entry: dict[str, Any], roll: dict[str, Any]) -> list[int]:
        """The results that bring ``uid`` now: ``by_area`` (the last condition that holds) over ``on``; reports an
        arrival while ``requires`` does not hold and a ``repeat: once`` roll on another turn."""
        nm, st = ctx.name(uid), ctx.state
        req = roll.get("requires")
        if req and not self._holds(ctx, req):
            ctx.error(ctx.rule("6.2"), f"{nm} arrives, but it may be rolled for only once a {req.get('side')} unit "
                      f"is in {req.get('in_area')}", units=[uid])
        if roll.get("repeat") == "once" and isinstance(entry.get("turn"), int) and st.turn != entry["turn"]:
            ctx.error(ctx.rule("6.2"), f"{nm} is rolled for on turn {entry['turn']} only, not turn {st.turn}",
                      units=[uid])
        on = list(roll["on"])
        for row in roll.get("by_area") or []:
            if self._holds(ctx, row):
                on = list(row["on"])
        return on

    def _pool_draws(self, ctx: Any) -> None:
        """End of a reinforcement phase: each arriving group with a ``pool_draw`` brings exactly ``count`` units
        from that off-map pool (fewer only when the pool is empty)."""
        st = ctx.state
        want: dict[str, int] = {}
        for draw in (st.notes.pop("groups_arrived", None) or {}).values():
            want[draw["pool"]] = want.get(draw["pool"], 0) + int(draw.get("count") or 1)
        got = st.notes.pop("pool_arrivals", None) or {}
        for pool in sorted(set(want) | set(got)):
            came = got.get(pool, [])
            left = [u for u, p in st.notes.get("pool_of", {}).items() if p == pool and st.position.get(u) is None
                    and u not in st.eliminated]
            if len(came) > want.get(pool, 0):
                ctx.error(ctx.rule("6.2"), f"{len(came)} unit(s) from {pool} arrive this phase; the groups that "
                          f"arrived bring {want.get(pool, 0)}", units=came)
            elif len(came) < want.get(pool, 0) and left:
                ctx.error(ctx.rule("6.2"), f"the groups that arrived this phase bring {want[pool]} unit(s) from "
                          f"{pool}, but {len(came)} arrived", units=came)

    def _replacement(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid, st = ev["unit"], ctx.state
        nm = ctx.name(uid)
        if uid not in st.eliminated:
            ctx.error(ctx.rule("6.9"), f"{nm} is replaced but was not eliminated", units=[uid])
            return
        if not st.notes.get("elim_in_cmd", {}).get(uid, True):
            c.ooc_error(ctx, [uid], ctx.rule("6.11"), f"{nm} was out of command when eliminated and is permanently "
                        "destroyed", units=[uid])
        roll = ev.get("roll")
        gone = st.notes.setdefault("perm_elim", set())
        if uid in gone:
            ctx.error(ctx.rule("6.9"), f"{nm} was permanently eliminated by an earlier replacement roll", units=[uid])
        if isinstance(roll, int):
            if roll >= 5:
                gone.add(uid)
                if ev.get("hex"):
                    ctx.error(ctx.rule("6.9"), f"{nm} rolled {roll} (5-6: permanently eliminated) but returns",
                              units=[uid])
            elif isinstance(ev.get("return_turn"), int) and ev["return_turn"] != st.turn + roll:
                ctx.error(ctx.rule("6.9"), f"{nm} rolled {roll}, so it returns on turn {st.turn + roll}, not "
                          f"{ev['return_turn']}", units=[uid])

    def _rally(self, ctx: Any, uid: str, roll: int | None, declared: bool = False) -> None:
        """15.4 recovery of ``uid`` (``declared``: a ``rally`` event, not a Suppressed marker taken off)."""
        st = ctx.state
        nm = ctx.name(uid)
        if not c.suppressed(ctx, uid):
            ctx.error(ctx.rule("15.4"), f"{nm} recovers but is not suppressed", units=[uid])
            return
        done = st.notes.setdefault("recovered", set())
        if declared and c.klass(ctx, uid) != "hq":
            # 15.4: "suppression markers are removed from HQs after all other units have recovered". Only declared
            # recoveries are ordered: the VASSAL chore takes the markers of a whole selection off in no set order.
            early = sorted(h for h in done if c.klass(ctx, h) == "hq" and ctx.side_of(h) == ctx.side_of(uid))
            if early:
                ctx.error(ctx.rule("15.4"), f"{nm} recovers after {c.names(ctx, early)} had its Suppressed marker "
                          "removed; HQs recover only after all other units", units=[uid, *early])
        done.add(uid)
        cmd = st.notes.get("cmd_recovery", {})
        if cmd.get(uid, True) or c.klass(ctx, uid) == "hq":
            return
        roll = roll if roll is not None else st.notes.get("recovery_rolls", {}).get(uid)
        if roll is None:
            c.ooc_error(ctx, [uid], ctx.rule("15.4"), f"{nm} is out of command and recovers without a die roll "
                        "(needs 4-6)", units=[uid])
        elif roll <= 3:
            c.ooc_error(ctx, [uid], ctx.rule("15.4"), f"{nm} is out of command and rolled {roll}; it stays "
                        "suppressed on 1-3", units=[uid])

    def _special(self, ctx: Any, rule_id: str) -> dict[str, Any] | None:
        return next((r for r in ctx.scenario.get("special_rules") or [] if r.get("id") == rule_id), None)

    def _air_draw(self, ctx: Any, ev: dict[str, Any]) -> None:
        """6.6 and the scenario's air rule (``special_rules`` id ``<side>_air``, ``params``: ``roll`` {die, on},
        ``draw`` = a number or "roll"): the number of air units drawn must match the dice; hazy weather and light
        precipitation halve it, rounding down (MK 24.10)."""
        side = ev.get("side") or ctx.state.side
        rule = self._special(ctx, f"{side}_air")
        dice = ev.get("dice") or []
        if rule is None or not dice:
            return
        params = rule.get("params") or {}
        permanent = ctx.state.notes.get("permanent_events", set())
        for key, value in params.items():  # e.g. GT: "after_orel" once the Orel offensive event has happened
            if key.startswith("after_") and key.removeprefix("after_") in {p.removesuffix("_offensive")
                                                                         for p in permanent}:
                params = value
                break
        else:
            if params.get("before_orel") == 0 and params.get("draw") is None:
                params = {"draw": 0}
        draw, on = params.get("draw"), (params.get("roll") or {}).get("on")
        if draw == "roll":
            expected = sum(dice)
        elif draw == "ceil(roll/2)":
            expected = -(-sum(dice) // 2)
        elif isinstance(draw, int):
            expected = draw if (on is None or dice[0] in on) else 0
        else:
            return
        if ctx.state.weather in ("hazy", "light_precipitation"):
            expected //= 2
        if len(ev["units"]) != expected:
            ctx.error(ctx.rule("6.6"), f"{side} draws {len(ev['units'])} air unit(s) with a roll of "
                      f"{'+'.join(map(str, dice))}; the scenario gives {expected}", units=list(ev["units"]))

    def _bridge(self, ctx: Any, ev: dict[str, Any]) -> None:
        """MK 24.6 SR2: the roll comes only once a Soviet unit has moved adjacent to the bridge, one attempt per
        bridge per game, and the bridge is destroyed only on the rule's numbers."""
        rule = self._special(ctx, "blowing_bridges")
        if rule is None:
            return
        a, b = ev["hexes"]
        key = tuple(sorted((a, b)))
        tried = ctx.state.notes.setdefault("bridge_attempts", set())
        if key in tried:
            ctx.error("MK 24.6 SR2", f"a second attempt to blow the bridge {a}|{b}; one attempt per bridge per game",
                      hexes=[a, b])
            return
        tried.add(key)
        blower = ev.get("side") or "german"
        near = [u for h in (a, b) for u in ctx.state.units_in(h) if ctx.side_of(u) not in (None, blower)]
        if not near:
            ctx.error("MK 24.6 SR2", f"the bridge {a}|{b} is blown before any enemy unit moved adjacent to it",
                      hexes=[a, b])
        on = ((rule.get("params") or {}).get("roll") or {}).get("on") or [1, 2, 3, 4]
        roll = ctx.state.notes.pop("bridge_roll", None)
        if roll is not None and ev["action"] in ("blow", "destroy") and roll not in on:
            ctx.error("MK 24.6 SR2", f"the bridge {a}|{b} is destroyed on a roll of {roll}; it falls only on "
                      f"{', '.join(map(str, on))}", hexes=[a, b])
        if ev["action"] in ("blow", "destroy"):
            self._set_bridge(ctx, key, blown=True)

    @staticmethod
    def _set_bridge(ctx: Any, key: tuple[str, str], *, blown: bool = False, built_by: str | None = None,
                    remove: bool = False) -> None:
        bridges = ctx.state.notes.setdefault("bridges", {"built": {}, "blown": set()})
        if remove:
            bridges["built"].pop(key, None)
        elif blown:
            bridges["blown"].add(key)
            bridges["built"].pop(key, None)
        else:
            bridges["built"][key] = built_by
        ctx.state.notes["bridge_version"] = ctx.state.notes.get("bridge_version", 0) + 1

    def _build(self, ctx: Any, ev: dict[str, Any]) -> None:
        """22.2: an engineer that starts the movement phase next to a stream or river hexside, not in an EZOC, and
        does not move builds a bridge there; it lasts while the engineer stays."""
        st = ctx.state
        uid = ev.get("unit")
        a, b = ev["hexes"]
        key = c.side_key(a, b)
        if ctx.board is None:
            return
        if not uid or "engineer" not in c.types(ctx, uid):
            ctx.error(ctx.rule("22.2"), f"a bridge at {a}|{b} is built without an engineer", hexes=[a, b],
                      units=[uid] if uid else [])
            return
        nm, here = ctx.name(uid), st.position.get(uid)
        tec = ctx.tables.get("tec") or {}
        if not any((tec.get(s) or {}).get("river") for s in ctx.board.hexside(a, b)):
            ctx.error(ctx.rule("22.2"), f"{nm} bridges {a}|{b}, which is not a stream or river hexside",
                      units=[uid], hexes=[a, b])
        if here not in (a, b):
            ctx.error(ctx.rule("22.2"), f"{nm} at {here} is not next to the hexside {a}|{b} it bridges",
                      units=[uid], hexes=[a, b])
        elif st.phase == "movement" and (st.notes.get("movement_start") or {}).get(uid) != here:
            ctx.error(ctx.rule("22.2"), f"{nm} moved this phase and cannot build a bridge", units=[uid])
        if here and c.in_ezoc(ctx, here, ctx.side_of(uid)):
            ctx.error(ctx.rule("22.2"), f"{nm} is in an enemy ZOC and cannot build a bridge", units=[uid],
                      hexes=[here])
        self._set_bridge(ctx, key, built_by=uid)

    def _engineer_moves(self, ctx: Any, ev: dict[str, Any]) -> None:
        """The bridge lasts while the engineer stays; the engineer may cross its own bridge only if no other unit
        crosses it that turn (22.2)."""
        st = ctx.state
        built = (st.notes.get("bridges") or {}).get("built", {})
        if not built:
            return  # no engineer bridge on the map (the usual case): nothing to cross or remove
        path = ev.get("path") or [ev.get("from") or st.position.get(ev["unit"]), ev.get("to")]
        crossed = {c.side_key(a, b) for a, b in zip(path, path[1:], strict=False) if a and b}
        others = st.notes.setdefault("bridge_crossings", {})
        for key, eng in list(built.items()):
            if key not in crossed:
                continue
            if eng == ev["unit"]:
                if any(u != eng for u in others.get((key, st.turn), ())):
                    ctx.error(ctx.rule("22.2"), f"{ctx.name(eng)} crosses its own bridge {key[0]}|{key[1]} after "
                              "another unit crossed it this turn", units=[eng], hexes=list(key))
            else:
                others.setdefault((key, st.turn), set()).add(ev["unit"])
        for key, eng in list(built.items()):
            if eng == ev["unit"]:
                self._set_bridge(ctx, key, remove=True)

    def _enemy_near_engineer(self, ctx: Any, ev: dict[str, Any]) -> None:
        """22.2: an engineer bridge is destroyed when an enemy unit moves adjacent to the engineer."""
        built = (ctx.state.notes.get("bridges") or {}).get("built", {})
        if not built or ctx.board is None:
            return
        h = ctx.state.position.get(ev["unit"])
        for key, eng in list(built.items()):
            eh = ctx.state.position.get(eng) if eng else None
            if h and eh and ctx.side_of(eng) != ctx.side_of(ev["unit"]) and ctx.board.adjacent(h, eh):
                self._set_bridge(ctx, key, remove=True)
