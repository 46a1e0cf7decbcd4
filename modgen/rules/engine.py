"""Replay a canonical event log against a game and collect findings from the rule system's checks.

The engine knows no rule system: it applies events to a :class:`~modgen.rules.state.GameState` and calls the
plugin's checkers (``RuleSystem.checkers(ctx)``) before and after each event, at the end of each phase and at the
end of the log. Checkers report through :meth:`Context.error`, :meth:`Context.warning` and
:meth:`Context.could_not_check` (once per missing piece of data). A report holds at most the ``findings`` limit
(:mod:`modgen.limits`): the replay stops after the event that brought one finding more, and ``Report.stopped`` says
where.
"""

from __future__ import annotations

import os
from typing import Any

from modgen import limits
from modgen.logs.eventlog import loss_eliminates, move_positions
from modgen.rules.board import Board, TableBoard
from modgen.rules.findings import Coverage, Finding, Report, Stopped
from modgen.rules.naming import unit_label
from modgen.rules.state import Attack, GameState

_PREFIX_RULE = "LOG"  # findings about the log itself (unknown units, events out of place)


def _attack_places(f: Finding, event: dict[str, Any], st: GameState) -> None:
    """An attack finding carries where its attackers and defenders stand: ``attacker_hexes``/``defender_hexes``
    (also added to ``hexes``, after any the check named) or, on a table, ``attacker_positions``/
    ``defender_positions`` in inches; the map picture draws its arrows from them."""
    def units(key: str) -> list[str]:
        return [u for u in event.get(key) or [] if isinstance(u, str)]

    def hexes(key: str) -> list[str]:
        found = [st.position.get(u) for u in units(key)]
        return list(dict.fromkeys(h for h in found if h))

    def spots(key: str) -> list[list[float]]:
        found = [st.table_pos.get(u) for u in units(key)]
        return [list(p) for p in dict.fromkeys(p for p in found if p is not None)]

    f.attacker_hexes, f.defender_hexes = hexes("attackers"), hexes("defenders")
    f.hexes = list(dict.fromkeys(f.hexes + f.attacker_hexes + f.defender_hexes))
    f.attacker_positions, f.defender_positions = spots("attackers"), spots("defenders")


class Context:
    """What a checker sees: the game data, the scenario, the board, policies, tables, the state and the event."""

    def __init__(self, game: Any, scenario: dict[str, Any] | None, plugin: Any) -> None:
        self.game = game
        self.scenario = scenario or {}
        self.plugin = plugin
        self.manifest = game.manifest
        rules = self.manifest.get("rules") or {}
        self.tables: dict[str, Any] = rules.get("tables") or {}
        self.policies: dict[str, Any] = plugin.policy_values(self.manifest)
        self.units: dict[str, dict[str, Any]] = {u["id"]: u for u in game.units}
        self.board, self.table = self._board()
        self.state = GameState()
        self.findings: list[Finding] = []
        # the findings limit: a log breaking a rule at every one of its million events must not take a gigabyte
        self.max_findings = limits.get("findings")
        self.full = False  # a finding past the limit came: it and later ones are dropped and the replay stops
        self.full_at: int | None = None  # the event (its ``i``) of the first finding past the limit
        self.event: dict[str, Any] | None = None
        self.index: int | None = None
        self._missing: set[tuple[str, str]] = set()
        self._unknown: set[str] = set()
        self.sides = {s["id"]: s for s in self.manifest.get("sides") or []}
        self.formations = {f["id"]: f for f in self.manifest.get("formations") or [] if isinstance(f, dict)}
        self.by_index: dict[int, dict[str, Any]] = {}

    def _board(self) -> tuple[Board | None, TableBoard | None]:
        """(hex board, table board): a hex map gives ``board``, a table map ``table`` (hex checks test
        ``ctx.board is None``, table checks ``ctx.table``)."""
        map_id = self.scenario.get("map")
        try:
            m = self.game.map(map_id)
        except Exception:  # no maps: checks needing the board report could-not-check
            return None, None
        if m.get("kind", "hex") in ("hex", "square"):  # a square map is a Board on a square grid
            return Board(m), None
        return None, TableBoard(m)

    # ---- unit data -------------------------------------------------------------------------------------------
    def unit(self, uid: str) -> dict[str, Any]:
        """The counter record, or an empty dict (and one LOG finding) for an id the game does not have."""
        rec = self.units.get(uid)
        if rec is None:
            if uid not in self._unknown:
                self._unknown.add(uid)
                self.error(_PREFIX_RULE, f"unit {uid!r} is not in the game's counters", units=[uid])
            return {}
        return rec

    def values(self, uid: str) -> dict[str, Any]:
        """Printed values of the unit's true face: the current face if it prints values, else the front."""
        rec = self.unit(uid)
        faces = rec.get("faces") or {}
        face = faces.get(self.state.face.get(uid, "front")) or {}
        if face.get("kind") != "values":
            face = faces.get("front") or {}
        return face.get("values") or {}

    def marks(self, uid: str, value: str) -> list[str]:
        """Printed marks (``bracketed``…) of one value on the unit's true face."""
        rec = self.unit(uid)
        faces = rec.get("faces") or {}
        face = faces.get(self.state.face.get(uid, "front")) or {}
        if face.get("kind") != "values":
            face = faces.get("front") or {}
        return list((face.get("marks") or {}).get(value) or [])

    def steps(self, uid: str) -> int:
        """Steps the unit has left: its full strength (:func:`_full_steps`) less the ``loss`` events' ``steps``."""
        st = self.state
        return st.steps.get(uid, st.max_steps.get(uid) or _full_steps(self, uid))

    def strength(self, uid: str) -> float | None:
        """The unit's current strength on its strength track (the scenario's ``strength`` table, else the counter's
        ``steps.track``): the value at the step its losses have brought it to, 0 once it has no steps left; None
        for a unit without a track (its printed values, :meth:`values`, are its strength)."""
        track = _track(self, uid)
        if not track:
            return None
        lost = len(track) - self.steps(uid)
        return track[lost] if 0 <= lost < len(track) else 0

    def name(self, uid: str) -> str:
        """How findings call the unit: designation plus side and formation (:func:`~modgen.rules.naming.unit_label`).
        Names come from the game data alone, so each is made once per check."""
        names = self.__dict__.setdefault("_names", {})
        if uid not in names:
            names[uid] = unit_label(self.units.get(uid) or {}, self.sides, self.formations, uid)
        return names[uid]

    def side_of(self, uid: str) -> str | None:
        return (self.units.get(uid) or {}).get("side")

    # ---- reporting -------------------------------------------------------------------------------------------
    def _finding(self, rule: str, severity: str, message: str, **kw: Any) -> Finding:
        st = self.state
        f = Finding(rule=rule, severity=severity, message=message, event_index=self.index, event=self.event,
                    turn=st.turn or None, phase=st.phase, side=st.side,
                    units=list(kw.get("units") or []), hexes=list(kw.get("hexes") or []),
                    path=list(kw.get("path") or []), position=kw.get("position"))
        if self.event is not None and self.event.get("type") == "attack":
            _attack_places(f, self.event, st)
        if "event_index" in kw:
            f.event_index = kw["event_index"]
            f.event = kw.get("event") or self.by_index.get(f.event_index)
        if len(self.findings) >= self.max_findings:  # past the limit: the checker still gets its Finding to fill
            if not self.full:                           # in; the report does not keep it
                self.full, self.full_at = True, self.index
            return f
        self.findings.append(f)
        return f

    def error(self, rule: str, message: str, **kw: Any) -> Finding:
        return self._finding(rule, "error", message, **kw)

    def warning(self, rule: str, message: str, **kw: Any) -> Finding:
        return self._finding(rule, "warning", message, **kw)

    def could_not_check(self, rule: str, missing: str) -> None:
        """Report once per (rule, missing) pair: "could not check: the game data has no Mobile CRT"."""
        key = (rule, missing)
        if key not in self._missing:
            self._missing.add(key)
            self._finding(rule, "could-not-check", f"could not check: {missing}")

    def rule(self, number: str) -> str:
        """Rule id with the plugin's prefix, e.g. ``EFB 10.5``."""
        return f"{self.plugin.rule_prefix} {number}".strip()


_CHANGES_UNIT = {"setup", "move", "retreat", "advance", "loss", "flip", "reveal", "marker", "reinforcement",
                 "replacement", "exit", "facing"}


def _apply(ctx: Context, event: dict[str, Any]) -> None:
    """The system-independent effect of one event on the state."""
    st = ctx.state
    t = event["type"]
    if t in _CHANGES_UNIT and event.get("unit"):
        st.side_version[ctx.side_of(event["unit"])] += 1
    if t == "scenario_start":
        st.options = dict(event.get("options") or {})
        if event.get("game") not in (None, ctx.game.id):
            ctx.warning(_PREFIX_RULE, f"the log is for game {event['game']!r}, but it is checked against "
                        f"{ctx.game.id!r}")
    elif t == "setup":
        ctx.unit(event["unit"])
        if event.get("hex"):
            st.place(event["unit"], event["hex"])
        else:
            st.place(event["unit"], None)
            if event.get("off_map"):
                st.off_map[event["unit"]] = event["off_map"]
        if event.get("face"):
            st.face[event["unit"]] = event["face"]
        st.max_steps[event["unit"]] = st.steps[event["unit"]] = _full_steps(ctx, event["unit"])
        _table_place(st, event["unit"], event.get("pos"), event.get("facing"))
    elif t == "turn":
        st.new_round(event["turn"])
        st.air_used.clear()
    elif t == "phase":
        st.new_phase(event["phase"], event.get("side"))
    elif t in ("move",):
        ctx.unit(event["unit"])
        dest = event["path"][-1] if event.get("path") else event.get("to")
        st.place(event["unit"], dest)
        st.moved[event["unit"]].append(ctx.index or 0)
        _, to_pos, facing = move_positions(event)
        _table_place(st, event["unit"], to_pos, facing)
    elif t in ("retreat", "advance"):
        ctx.unit(event["unit"])
        st.place(event["unit"], event["path"][-1])
        if t == "advance":
            st.advanced.add(event["unit"])
    elif t == "attack":
        att = Attack(ctx.index or 0, event, list(event.get("attackers") or []), list(event.get("defenders") or []))
        for u in att.attackers + att.defenders + list(event.get("support") or []) + list(event.get("air") or []):
            ctx.unit(u)
        st.attacks.append(att)
        for u in att.attackers:
            st.attacked[u] = att.index
        for u in att.defenders:
            st.defended[u] = att.index
    elif t == "roll":
        if st.current_attack is not None and event.get("purpose", "combat") == "combat":
            st.current_attack.rolls.append(list(event["dice"]))
    elif t == "result":
        if st.current_attack is not None:
            st.current_attack.results.append(event["result"])
    elif t == "loss":
        ctx.unit(event["unit"])
        if event.get("steps"):
            if event["unit"] not in st.max_steps:  # never set up (e.g. a reinforcement): full strength until now
                st.max_steps[event["unit"]] = _full_steps(ctx, event["unit"])
            st.lose_steps(event["unit"], event["steps"])  # elimination stays explicit in the log
        if loss_eliminates(event):
            st.remove(event["unit"])
            st.eliminated.add(event["unit"])
    elif t in ("flip", "reveal"):
        ctx.unit(event["unit"])
        if event.get("face"):
            st.face[event["unit"]] = event["face"]
        elif t == "reveal":
            st.face[event["unit"]] = "front"
    elif t == "facing":
        ctx.unit(event["unit"])
        st.facing[event["unit"]] = float(event["facing"])
    elif t == "marker":
        target = st.markers[event["unit"]] if event.get("unit") else st.hex_markers[event.get("hex", "")]
        (target.add if event["on"] else target.discard)(event["marker"])
    elif t in ("reinforcement", "replacement"):
        ctx.unit(event["unit"])
        if t == "replacement" and event.get("steps") and event["unit"] in st.steps:  # steps restored (VASSAL)
            full = st.max_steps.get(event["unit"]) or _full_steps(ctx, event["unit"])
            st.steps[event["unit"]] = min(full, st.steps[event["unit"]] + int(event["steps"]))
        if event.get("hex"):
            st.place(event["unit"], event["hex"])
            st.eliminated.discard(event["unit"])
    elif t == "exit":
        st.remove(event["unit"])
        st.exited.add(event["unit"])
    elif t == "weather":
        st.weather = event["weather"]
    elif t == "airstrike":
        st.air_used.update(event["units"])
    elif t == "vp":
        st.vp[event["side"]] += event["points"]


def _full_steps(ctx: Context, uid: str) -> int:
    """A unit's full strength in steps: the scenario's strength table, else the counter's step track, else its
    step faces (front plus a ``reduced`` face), else 1."""
    track = _track(ctx, uid)
    if track:
        return len(track)
    faces = ctx.unit(uid).get("faces") or {}
    return 2 if isinstance(faces, dict) and "reduced" in faces else 1


def _track(ctx: Context, uid: str) -> list[float] | None:
    """The unit's strength track, full strength first: the scenario's ``strength`` table, else the counter's
    ``steps.track``; None when neither gives one."""
    scenario = getattr(ctx, "scenario", None) or {}  # (a bare state-only context has none)
    for track in (((scenario.get("strength") or {}).get(uid) or {}).get("track"),
                  (ctx.unit(uid).get("steps") or {}).get("track")):
        if isinstance(track, list) and track:
            return track
    return None


def _table_place(st: GameState, unit: str, pos: list[float] | None, facing: float | None) -> None:
    """Record a table position (inches) and facing (degrees) when the event gives them."""
    if pos is not None:
        st.table_pos[unit] = (float(pos[0]), float(pos[1]))
    if facing is not None:
        st.facing[unit] = float(facing)


_HOOKS = ("before", "after", "phase_end", "finish")


def _hooks(checkers: list[Any]) -> dict[str, list[Any]]:
    """For each hook, ``(checker name, method)`` of the checkers that have it (looked up once per log, not per
    event)."""
    return {h: [(type(c).__name__, fn) for c in checkers if (fn := getattr(c, h, None)) is not None]
            for h in _HOOKS}


class _Dispatch:
    """The ``before``/``after`` methods to call for each event type, in checker order. A checker may declare
    ``handles = {"before": {event types}, "after": {...}}`` (optional): its hook then runs only for those types;
    a hook it does not list there runs for every event."""

    def __init__(self, checkers: list[Any]) -> None:
        self.all = {h: [(type(c).__name__, fn, _handled(c, h)) for c in checkers
                        if (fn := getattr(c, h, None)) is not None] for h in ("before", "after")}
        self.cache: dict[tuple[str, str], list[Any]] = {}

    def __call__(self, hook: str, event_type: str) -> list[Any]:
        fns = self.cache.get((hook, event_type))
        if fns is None:
            fns = self.cache[(hook, event_type)] = [(name, fn) for name, fn, types in self.all[hook]
                                                    if types is None or event_type in types]
        return fns


def _handled(checker: Any, hook: str) -> frozenset[str] | None:
    """The event types ``checker`` declares for ``hook`` (its ``handles`` attribute), or None for every type."""
    handles = getattr(checker, "handles", None)
    types = handles.get(hook) if isinstance(handles, dict) else None
    return None if types is None else frozenset(types)


def _call(fns: list[Any], hook: str, ctx: Context, *args: Any) -> None:
    """Run one hook of every checker. A checker that crashes costs only its own verdict: the crash becomes a
    could-not-check finding naming the check (MODGEN_DEBUG=1 re-raises it for a traceback)."""
    for name, fn in fns:
        try:
            fn(ctx, *args)
        except Exception as exc:
            if os.environ.get("MODGEN_DEBUG"):
                raise
            ctx.could_not_check(ctx.rule(""), f"internal error in the {name} check ({hook}): "
                                f"{type(exc).__name__}: {exc}")


_HEX_FIELDS = ("hex", "from", "to")


def _bad_hexes(ctx: Context, event: dict[str, Any]) -> list[str]:
    """Hex labels in the event that are not on the scenario's map."""
    if ctx.board is None:
        return []
    on_map = ctx.board.on_map
    bad = [v for k in _HEX_FIELDS if isinstance(v := event.get(k), str) and not on_map(v)]
    for k in ("path", "hexes"):
        if k in event:
            bad += [h for h in event[k] or [] if isinstance(h, str) and not on_map(h)]
    return bad


def run(game: Any, events: list[dict[str, Any]], scenario: str | dict[str, Any] | None = None,
        plugin: Any = None) -> Report:
    """Replay ``events`` for ``game`` and return every finding. ``scenario`` is an id, a scenario dict or None
    (then the log's ``scenario_start`` names it, else the game's first scenario, else none)."""
    plugin = plugin or game.rule_system()
    scen = _pick_scenario(game, events, scenario)
    ctx = Context(game, scen, plugin)
    ctx.by_index = {e.get("i", n): e for n, e in enumerate(events)}
    checkers = list(plugin.checkers(ctx))
    hooks, dispatch = _hooks(checkers), _Dispatch(checkers)
    phase_open = False
    aliases: dict[str, str] = dict(getattr(plugin, "phase_aliases", None) or {})
    checked = 0  # events replayed
    for n, event in enumerate(events):
        if ctx.full:
            break
        checked = n + 1
        if event["type"] == "phase" and event.get("phase") in aliases:
            event = {**event, "phase": aliases[event["phase"]]}  # e.g. a chat "!phase combat" -> "combat1"
        ctx.index, ctx.event = event.get("i", n), event
        bad = _bad_hexes(ctx, event)
        if bad:
            ctx.error(_PREFIX_RULE, f"{', '.join(bad)} is not a hex of map {ctx.board.id!r}; event skipped",
                      hexes=bad)
            continue
        if event["type"] in ("phase", "game_end") and phase_open:
            _call(hooks["phase_end"], "phase_end", ctx)
            phase_open = False
        phase_open = phase_open or event["type"] == "phase"
        _call(dispatch("before", event["type"]), "before", ctx, event)
        _apply(ctx, event)
        _call(dispatch("after", event["type"]), "after", ctx, event)
    ctx.index, ctx.event = None, None
    if not ctx.full:  # end-of-log checks judge the whole log: not made on a part of it
        if phase_open:
            _call(hooks["phase_end"], "phase_end", ctx)
        _call(hooks["finish"], "finish", ctx)
    ctx.findings.sort(key=lambda f: (f.event_index if f.event_index is not None else 1 << 60))
    return Report(game=game.id, scenario=scen.get("id") if scen else None, events=len(events), findings=ctx.findings,
                  coverage=coverage(plugin, ctx.tables, ctx.findings),
                  stopped=_stopped(ctx, checked, len(events)) if ctx.full else None)


def _stopped(ctx: Context, checked: int, total: int) -> Stopped:
    """Where the replay stopped on reaching the findings limit, and a sentence saying what was not checked."""
    lim = limits.LIMITS["findings"]
    raise_it = f"raise it with --limit {lim.name}=N or {lim.env}=N to check the whole log"
    if ctx.full_at is None:  # past the limit in the end-of-log checks: every event was replayed
        message = (f"the end-of-log checks found more than the findings limit of {ctx.max_findings:,}; the findings "
                   f"past it are not listed; {raise_it}")
    else:
        message = (f"the log was checked only up to event {ctx.full_at} ({checked:,} of {total:,} events): it has "
                   f"more findings than the findings limit of {ctx.max_findings:,}, so the findings past it, the "
                   f"events after it and the end-of-log checks are not reported; {raise_it}")
    return Stopped(limit=lim.name, value=ctx.max_findings, event_index=ctx.full_at, events_checked=checked,
                   message=message)


def coverage(plugin: Any, tables: dict[str, Any], findings: list[Finding]) -> Coverage:
    """Which of the plugin's declared rule families were checked. A family is "could not check" when the manifest
    lacks one of its ``tables`` or a could-not-check finding cites one of its ``rules``; "not implemented" when the
    plugin declares it so."""
    families = tuple(getattr(plugin, "families", None) or ())
    cov = Coverage(system=getattr(plugin, "id", "") or type(plugin).__name__, declared=bool(families))
    prefix = (getattr(plugin, "rule_prefix", "") or "").strip()
    missing_data = [f for f in findings if f.severity == "could-not-check"]
    for fam in families:
        if not fam.implemented:
            cov.not_implemented.append(fam.id)
            continue
        absent = [t for t in fam.tables if t not in tables]
        if absent:
            cov.could_not_check[fam.id] = "the game has no rules table " + ", ".join(repr(t) for t in absent)
            continue
        why = next((f for f in missing_data if _cites(f.rule, prefix, fam.rules)), None)
        if why is not None:
            cov.could_not_check[fam.id] = f"in part ({why.rule}: {why.message.removeprefix('could not check: ')})"
        else:
            cov.checked.append(fam.id)
    return cov


def _cites(rule: str, prefix: str, numbers: tuple[str, ...]) -> bool:
    """Whether ``rule`` (e.g. ``EFB 11.2``) is one of ``numbers`` (``11`` covers ``11.2``) of this plugin."""
    if not numbers:
        return False
    if prefix and rule.startswith(prefix + " "):
        rule = rule[len(prefix) + 1:]
    return any(rule == n or rule.startswith(n + ".") for n in numbers)


def _pick_scenario(game: Any, events: list[dict[str, Any]], scenario: str | dict[str, Any] | None) -> dict | None:
    if isinstance(scenario, dict):
        return scenario
    if scenario is None:
        for e in events[:5]:
            if e["type"] == "scenario_start" and e.get("scenario"):
                scenario = e["scenario"]
                break
    if scenario is not None:
        return game.scenario(scenario)
    return next(iter(game.scenarios.values()), None)
