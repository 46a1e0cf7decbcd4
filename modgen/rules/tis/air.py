"""TiS air units [26]: what a log shows of them.

An air unit is placed on the map in an air phase [26.2.1] (a ``move`` of the air counter, or a VASSAL drag); that
hex is its station for the stage. It flies one mission a stage [26.1.3]: close air support of a land battle (the
``air`` units of an ``attack`` [26.5.4]), or a single-handed attack, tactical attack or bombing (an ``airstrike``
on a hex). Checked: one mission a stage [26.1.3], [26.5.7], [26.9.5]; CAS support only by CAS units [26.5.1], in
the movement or combat phase [26.2.6], by the supported side, within 10 hexes of its station [26.5.4]; airstrikes in
the air phase, or by fighters and CAS in the enemy's movement or counterattack phase [26.9.1], there within 10 hexes
[26.9.2]; fighters not against armour or units in woods, cities, forts or mountains [26.4.13]; at most 3 strategic
bombers a hex [26.6.1], none next to friendly units [26.6.2]; no CAS or recon mission at night [13.2.1] and no
mission in bad weather [45.2.4]; the airfield allocation (at most 5 units an airfield, made before the game and
never changed) [26.3.3], declared with the TiS ``airfield`` event or the scenario's ``airfields`` parameter.
The CAS unit's SP is added to the attack [26.5.6] (:mod:`modgen.rules.tis.odds`).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

AIR_RANGE = 10  # [26.4.2], [26.5.4], [26.9.2]: a 10-hex radius
AIRFIELD_CAPACITY = 5  # [26.3.3]
BOMBERS_PER_HEX = 3  # [26.6.1]
#: [26.4.13] fighters cannot attack units in these
FIGHTER_PROOF = ("woods", "forest", "city", "fort", "fortified_line", "mountain", "mountains")
#: air types by the counter's symbol types or tags
_TYPES = (("fighter", {"fighter"}), ("cas", {"ground_attack", "cas", "close_air_support", "tactical_air"}),
          ("bomber", {"bomber", "strategic_bomber"}), ("transport", {"transport", "air_transport"}),
          ("recon", {"recon", "reconnaissance"}))
_BAD_WEATHER = ("bad", "storm")


def air_type(ctx: Any, uid: str) -> str | None:
    """fighter, cas, bomber, transport or recon from the counter's symbol types and tags; None when it says none."""
    marks = c.symbol_types(ctx, uid) | c.tags(ctx, uid)
    return next((name for name, keys in _TYPES if marks & keys), None)


def is_air(ctx: Any, uid: str) -> bool:
    return c.unit_class(ctx, uid) == "air"


def _missions(ctx: Any) -> dict[str, str]:
    return ctx.state.per_stage.setdefault("tis_air_missions", {})


def _stations(ctx: Any) -> dict[str, str]:
    return ctx.state.per_stage.setdefault("tis_air_station", {})


def scenario_airfields(ctx: Any) -> dict[str, list[str]]:
    """The scenario's ``airfields`` parameter (special rule params): airfield name -> air unit ids [26.3.3]."""
    out: dict[str, list[str]] = {}
    for rule in (getattr(ctx, "scenario", None) or {}).get("special_rules") or []:
        fields = ((rule or {}).get("params") or {}).get("airfields")
        if isinstance(fields, dict):
            for name, units in fields.items():
                out.setdefault(str(name), []).extend(u for u in units or [] if isinstance(u, str))
    return out


class Air:
    """[26.1.3], [26.2.6], [26.3.3], [26.4.13], [26.5.1], [26.5.4], [26.5.7], [26.6.1], [26.6.2], [26.9.1],
    [26.9.2], [13.2.1], [45.2.4]."""

    def __init__(self) -> None:
        self.airfield_of: dict[str, str] = {}
        self.started = False
        self.loaded = False

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t = ev["type"]
        if not self.loaded:
            self.loaded = True
            for name, units in scenario_airfields(ctx).items():
                self._allocate(ctx, name, units, from_scenario=True)
        if t == "turn":
            self.started = True
        elif t == "airfield":
            self._allocate(ctx, str(ev.get("airfield", "")), [u for u in ev.get("units") or [] if isinstance(u, str)])
        elif t == "attack":
            air = [u for u in ev.get("air") or [] if isinstance(u, str)]
            air += [u for u in ev.get("attackers") or [] if isinstance(u, str) and is_air(ctx, u)]
            if air:
                self._support(ctx, ev, air)
        elif t == "airstrike":
            self._strike(ctx, ev)

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ev["type"] == "move" and ctx.state.phase == "air" and is_air(ctx, ev["unit"]):
            h = ctx.state.position.get(ev["unit"])
            if h:
                _stations(ctx)[ev["unit"]] = h  # [26.2.1] placed in the air phase: its station this stage

    # ---- airfields [26.3.3] ---------------------------------------------------------------------------------------
    def _allocate(self, ctx: Any, name: str, units: list[str], from_scenario: bool = False) -> None:
        if self.started and not from_scenario:
            ctx.error(ctx.rule("26.3.3"), f"{c.names(ctx, units)} allocated to airfield {name} during the game; "
                      "air units are allocated to airfields before the game starts", units=units)
        for u in units:
            before = self.airfield_of.get(u)
            if before is not None and before != name:
                ctx.error(ctx.rule("26.3.3"), f"{ctx.name(u)} is moved from airfield {before} to {name}; allocated "
                          "air units stay on their airfield until the end of the game", units=[u])
            self.airfield_of[u] = name
        on = sorted(u for u, f in self.airfield_of.items() if f == name)
        if len(on) > AIRFIELD_CAPACITY:
            ctx.error(ctx.rule("26.3.3"), f"{len(on)} air units on airfield {name} ({c.names(ctx, on)}); an "
                      f"airfield holds at most {AIRFIELD_CAPACITY}", units=on)

    # ---- shared gates ---------------------------------------------------------------------------------------------
    def _mission(self, ctx: Any, u: str, what: str) -> None:
        """[26.1.3] one mission a stage; [13.2.1] none for CAS and recon at night; [45.2.4] none in bad weather."""
        done = _missions(ctx)
        if u in done:
            ctx.error(ctx.rule("26.1.3"), f"{ctx.name(u)} flies a second mission this stage ({what}; it already "
                      f"flew {done[u]}); an air unit makes one mission a stage [26.5.7], [26.9.5]", units=[u])
        else:
            done[u] = what
        kind = air_type(ctx, u)
        if c.night_stage(ctx) and kind in ("cas", "recon"):  # bad weather: [45.2.4] below
            ctx.error(ctx.rule("13.2.1"), f"{ctx.name(u)} ({'close air support' if kind == 'cas' else 'recon'}) "
                      f"flies {what} at night; recon and close air support units make no missions at night",
                      units=[u])
        if str(ctx.state.weather or "").lower() in _BAD_WEATHER:
            ctx.error(ctx.rule("45.2.4"), f"{ctx.name(u)} flies {what} in bad weather; bad weather cancels all air "
                      "missions", units=[u])

    # ---- close air support [26.5] ---------------------------------------------------------------------------------
    def _support(self, ctx: Any, ev: dict[str, Any], air: list[str]) -> None:
        st = ctx.state
        land = [u for u in ev.get("attackers") or [] if isinstance(u, str) and not is_air(ctx, u)]
        side = next((ctx.side_of(u) for u in land if ctx.side_of(u)), None)
        for u in air:
            if not is_air(ctx, u):
                ctx.error(ctx.rule("26.5.1"), f"{ctx.name(u)} is named as air support but is not an air unit",
                          units=[u])
                continue
            kind = air_type(ctx, u)
            if kind is not None and kind != "cas":
                ctx.error(ctx.rule("26.5.1"), f"{ctx.name(u)} ({kind}) supports a land battle; only close air "
                          "support (CAS) units support land units", units=[u])
            if side is not None and ctx.side_of(u) not in (None, side):
                ctx.error(ctx.rule("26.5.4"), f"{ctx.name(u)} ({ctx.side_of(u)}) supports an attack by the "
                          f"{side}; a CAS unit supports allied land units", units=[u])
            if st.phase not in ("movement", "combat"):
                ctx.error(ctx.rule("26.2.6"), f"{ctx.name(u)} supports an attack in the {st.phase} phase; air "
                          "units support land units in the movement phase (attack from march) and the combat "
                          "phase", units=[u])
            self._mission(ctx, u, "close air support")
            self._in_range(ctx, u, [x for x in land if st.position.get(x)], "26.5.4", "the land units it supports")

    def _in_range(self, ctx: Any, u: str, targets: list[str], rule: str, what: str) -> None:
        """[26.5.4], [26.9.2]: some unit of ``targets`` within 10 hexes of the air unit's station."""
        st, board = ctx.state, ctx.board
        station = _stations(ctx).get(u) or st.position.get(u)
        if board is None or not targets:
            return
        if station is None:
            ctx.could_not_check(ctx.rule(rule), f"the log does not place {ctx.name(u)} on the map in the air "
                                "phase, so its 10-hex radius is unknown")
            return
        near = min(board.distance(station, st.position[x]) for x in targets)
        if near > AIR_RANGE:
            ctx.error(ctx.rule(rule), f"{ctx.name(u)}, placed at {station}, is {near} hexes from {what} "
                      f"({c.names(ctx, targets)}); its radius is {AIR_RANGE} hexes", units=[u, *targets],
                      hexes=[station])

    # ---- airstrikes: single-handed [26.4.13], [26.5.2], bombing [26.6], tactical attacks [26.9] ------------------
    def _strike(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, board = ctx.state, ctx.board
        units = [u for u in ev.get("units") or [] if isinstance(u, str) and is_air(ctx, u)]
        h = ev.get("hex")
        if not units:
            return
        side = ctx.side_of(units[0])
        targets = c.enemies_in(ctx, h, side) if h else []
        tactical = st.phase in ("movement", "counterattack") and st.side not in (None, side)
        for u in units:
            kind = air_type(ctx, u)
            self._mission(ctx, u, f"an attack on {h}" if h else "an air attack")
            if st.phase == "air":
                pass
            elif tactical and kind in ("fighter", "cas", None):
                if h:
                    self._in_range(ctx, u, targets, "26.9.2", "the enemy unit it attacks")
            else:
                ctx.error(ctx.rule("26.9.1"), f"{ctx.name(u)} attacks {h or 'a hex'} in {_where(st)}; air attacks "
                          "are made in the air phase, and by fighters and CAS units (tactical attacks) in the "
                          "enemy's movement or counterattack phase", units=[u])
            if kind == "fighter" and h and board is not None:
                armour = [x for x in targets if c.is_armoured(ctx, x)]
                if armour:
                    ctx.error(ctx.rule("26.4.13"), f"{ctx.name(u)} (fighters) attacks {c.names(ctx, armour)} at "
                              f"{h}; fighters attack only non-armoured land units", units=[u, *armour], hexes=[h])
                terrain = board.terrain(h)
                if targets and terrain in FIGHTER_PROOF:
                    ctx.error(ctx.rule("26.4.13"), f"{ctx.name(u)} (fighters) attacks units in {terrain} at {h}; "
                              "units in forests, cities, forts, fortified lines and mountains cannot be attacked "
                              "by fighters", units=[u, *targets], hexes=[h])
        bombers = [u for u in units if air_type(ctx, u) == "bomber"]
        if bombers and h:
            self._bombing(ctx, bombers, h, side)

    def _bombing(self, ctx: Any, bombers: list[str], h: str, side: str | None) -> None:
        st, board = ctx.state, ctx.board
        on_hex = st.per_stage.setdefault("tis_bombers_on", {}).setdefault(h, [])
        on_hex.extend(bombers)
        if len(on_hex) > BOMBERS_PER_HEX:
            ctx.error(ctx.rule("26.6.1"), f"{len(on_hex)} strategic bomber units bomb {h} this stage "
                      f"({c.names(ctx, on_hex)}); at most {BOMBERS_PER_HEX} bomb one hex", units=list(on_hex),
                      hexes=[h])
        if board is None:
            return
        friends = sorted({x for n in board.neighbours(h) for x in st.units_in(n)
                          if ctx.side_of(x) == side and c.is_ground(ctx, x)})
        if friends:
            ctx.error(ctx.rule("26.6.2"), f"{c.names(ctx, bombers)} bomb {h}, next to {c.names(ctx, friends)}; "
                      "strategic bombers cannot bomb enemy units next to hexes with friendly units",
                      units=[*bombers, *friends], hexes=[h])


def _where(st: Any) -> str:
    return f"the {st.side} {st.phase} phase" if st.side else f"the {st.phase or 'set-up'} phase"
