"""Flames of War p.40: replacing Destroyed Unit Leaders and Formation Commanders.

"REPLACE DESTROYED UNIT LEADERS ... nominate another Team of the same Type from the Unit within 6"/15cm as the new
Unit Leader Team. If there are no suitable Teams close enough, the Unit remains leaderless until the Leader is
replaced. A Formation Commander may appoint another Team from the Unit within 6"/15cm and in Line of Sight as the
new Unit Leader at the start of any of their turns." and "KILLING COMMANDERS When a Formation Commander is Destroyed
the owning player can nominate another Team of the same type from the HQ Unit within 6"/15cm as the new Formation
Commander. If they cannot do this, the owning player rolls a die. On a roll of 3+, the Commander survives and
switches to another Team [of their Formation within 6"/15cm] ... Otherwise, the Commander is killed." "ONLY ROLL
ONCE".

A ``leader`` event names the new leader (``role`` unit_leader or commander, ``roll`` the Commander's survival
die). Distances are measured from where the Destroyed leader stood. A nomination in the same Step as the loss is
the immediate replacement; later, only the Formation Commander's appointment at the start of a turn (its
Starting Step), measured from the Commander. From then on the new team is the leader (:func:`.teams.team`).
"""

from __future__ import annotations

from typing import Any

from modgen.rules.fow import teams as T
from modgen.rules.fow.sight import blocked

#: p.40: the Commander survives on 3+.
SURVIVES_ON = 3


def _roles(ctx: Any) -> dict[str, dict[str, bool]]:
    return ctx.state.notes.setdefault("fow_roles", {})


def _fallen(ctx: Any) -> dict[tuple[str, str], dict[str, Any]]:
    """(``leader``, unit) or (``commander``, side) -> the Destroyed leader, where it stood, and when."""
    return ctx.state.notes.setdefault("fow_fallen", {})


def _formation(t: T.Team) -> str:
    return str((t.rec.get("group") or {}).get("formation") or "")


class Succession:
    """p.40 for each ``leader`` event; the Destroyed leaders it may replace are noted as they fall."""

    def after(self, ctx: Any, ev: dict[str, Any]) -> None:
        uid = ev.get("unit")
        if ctx.table is None or ev["type"] not in ("loss", "marker", "save") or uid not in ctx.units:
            return
        if not T.destroyed(ctx, uid) or any(f["team"] == uid for f in _fallen(ctx).values()):
            return
        t = T.team(ctx, uid)
        when = (getattr(ctx.state, "turn", None), ctx.state.side, ctx.state.phase)
        rec = {"team": uid, "pos": ctx.state.table_pos.get(uid), "index": ctx.index or 0, "when": when}
        if t.leader:
            _fallen(ctx)[("leader", t.group)] = rec
        if t.commander:
            _fallen(ctx)[("commander", ctx.side_of(uid) or "")] = rec

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        if ctx.table is None or ev["type"] != "leader" or ev.get("unit") not in ctx.units:
            return
        new = ev["unit"]
        if ev.get("role") == "commander":
            self._commander(ctx, ev, new)
        else:
            self._leader(ctx, new)

    def _gap(self, ctx: Any, new: str, old: dict[str, Any]) -> float | None:
        p = old["pos"]
        if p is None:
            return None
        return T.distance(ctx, new, old["team"], pb=T.Pose(p[0], p[1], ctx.state.facing.get(old["team"], 0.0)))

    def _leader(self, ctx: Any, new: str) -> None:
        t = T.team(ctx, new)
        m, name = t.m, ctx.name(new)
        where = ctx.state.table_pos.get(new)
        kw: dict[str, Any] = {"units": [new], "position": [float(where[0]), float(where[1])] if where else None}
        old = _fallen(ctx).pop(("leader", t.group), None)
        if old is None:
            alive = T.leader_of(ctx, t.group)
            what = f"{ctx.name(alive)} still leads it" if alive else "its Unit Leader was not Destroyed"
            ctx.error(ctx.rule("p.40"), f"{name} becomes Unit Leader, but {what}; a new Unit Leader is nominated "
                      "when the Unit Leader is Destroyed", **kw)
            return
        was = T.team(ctx, old["team"])
        kw["units"] = [new, old["team"]]
        if was.cls != t.cls:
            ctx.error(ctx.rule("p.40"), f"{name} ({t.cls.capitalize()}) replaces {ctx.name(old['team'])} "
                      f"({was.cls.capitalize()}) as Unit Leader; the new Unit Leader is a Team of the same Type",
                      **kw)
        now = (getattr(ctx.state, "turn", None), ctx.state.side, ctx.state.phase)
        limit = m.rule("commander")
        if now == old["when"]:
            gap = self._gap(ctx, new, old)
            if gap is not None and gap > limit + 1e-6:
                ctx.error(ctx.rule("p.40"), f"{name} becomes Unit Leader {m.show(gap)} from where "
                          f"{ctx.name(old['team'])} was Destroyed (event {old['index']}); the new Unit Leader is "
                          f"within {m.show(limit)}, else the Unit stays leaderless", **kw)
        else:
            self._appointed(ctx, new, t, old, kw)
        _roles(ctx).setdefault(new, {})["leader"] = True
        _roles(ctx).setdefault(old["team"], {})["leader"] = False

    def _appointed(self, ctx: Any, new: str, t: T.Team, old: dict[str, Any], kw: dict[str, Any]) -> None:
        """Later than the loss: the Formation Commander appoints at the start of its turn, within 6" and in
        Line of Sight."""
        m, name = t.m, ctx.name(new)
        side = ctx.side_of(new)
        if ctx.state.phase != "starting" or ctx.state.side != side:
            ctx.error(ctx.rule("p.40"), f"{name} becomes Unit Leader in the {ctx.state.phase or 'set-up'} step, "
                      f"after {ctx.name(old['team'])} was Destroyed (event {old['index']}); a leaderless Unit gets a "
                      "new Leader from its Formation Commander at the start of its turn", **kw)
            return
        chiefs = [u for u in ctx.units if ctx.side_of(u) == side and T.alive(ctx, u) and T.team(ctx, u).commander]
        near = min(chiefs, key=lambda u: T.distance(ctx, u, new) or 0.0, default=None)
        gap = T.distance(ctx, near, new) if near else None
        limit = m.rule("commander")
        if near is None or gap is None or gap > limit + 1e-6:
            how = f"{ctx.name(near)} is {m.show(gap)} away" if near and gap is not None else "there is none"
            ctx.error(ctx.rule("p.40"), f"{name} is appointed Unit Leader; the Formation Commander appoints a Team "
                      f"within {m.show(limit)}, and {how}", **kw)
            return
        a, b = T.pose(ctx, near), T.pose(ctx, new)
        why = blocked(ctx, a.point, b.point) if a and b else None
        if why:
            ctx.warning(ctx.rule("p.40"), f"{ctx.name(near)} at ({a.x:.1f}, {a.y:.1f}) appoints {name} at "
                        f"({b.x:.1f}, {b.y:.1f}) Unit Leader: {why}; the appointment needs Line of Sight: judge "
                        "it", **(kw | {"units": [new, near]}))

    def _commander(self, ctx: Any, ev: dict[str, Any], new: str) -> None:
        t = T.team(ctx, new)
        m, name = t.m, ctx.name(new)
        where = ctx.state.table_pos.get(new)
        kw: dict[str, Any] = {"units": [new], "position": [float(where[0]), float(where[1])] if where else None}
        old = _fallen(ctx).pop(("commander", ctx.side_of(new) or ""), None)
        if old is None:
            ctx.error(ctx.rule("p.40"), f"{name} becomes Formation Commander, but no Formation Commander of its side "
                      "was Destroyed (or one already took over)", **kw)
            return
        was = T.team(ctx, old["team"])
        kw["units"] = [new, old["team"]]
        limit = m.rule("commander")
        roll = ev.get("roll")
        if was.cls != t.cls:
            ctx.error(ctx.rule("p.40"), f"{name} ({t.cls.capitalize()}) takes over from the Formation Commander "
                      f"{ctx.name(old['team'])} ({was.cls.capitalize()}); the new Commander is a Team of the same "
                      "type", **kw)
        gap = self._gap(ctx, new, old)
        if gap is not None and gap > limit + 1e-6:
            ctx.error(ctx.rule("p.40"), f"{name} takes over as Formation Commander {m.show(gap)} from where "
                      f"{ctx.name(old['team'])} was Destroyed (event {old['index']}); it must be within "
                      f"{m.show(limit)}", **kw)
        if isinstance(roll, int):
            if roll < SURVIVES_ON:
                ctx.error(ctx.rule("p.40"), f"The Formation Commander {ctx.name(old['team'])} rolls {roll} to "
                          f"survive and switches to {name}; on less than {SURVIVES_ON}+ the Commander is killed",
                          **kw)
            if _formation(t) != _formation(was):
                ctx.error(ctx.rule("p.40"), f"The surviving Commander switches to {name}, which is not of its "
                          "Formation", **kw)
        elif t.group != was.group:
            ctx.error(ctx.rule("p.40"), f"{name} is nominated Formation Commander but is not from the HQ Unit of "
                      f"{ctx.name(old['team'])}; any other Team takes over only after the Commander's 3+ survival "
                      "roll", **kw)
        _roles(ctx).setdefault(new, {})["commander"] = True
        _roles(ctx).setdefault(old["team"], {})["commander"] = False
