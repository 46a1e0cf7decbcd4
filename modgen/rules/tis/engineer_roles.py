"""TiS engineer company roles [20.2.1]-[20.2.3].

The book: "Before the start of the game, the player has to decide what his engineer companies (weaker than B SP)
will do: influence the fight (+1 modifier); lay and destroy minefields; build bridges. All engineer companies can
rebuild and destroy objects and help in crossing rivers while moving" [20.2.1]; "An engineer battalion whose
strength has been reduced to 2 SP becomes subject to point [20.2.1]" [20.2.2]; "Two (or more) weakened engineer
battalions can be treated as one battalion with a strength equal to the total of their strength" [20.2.3].

The garbled "B" is policy ``engineer_company_below`` (default 3: a unit of fewer than 3 SP is a company, which
[20.2.2] supports: a battalion reduced to 2 SP becomes one). [20.2.3] is policy ``engineer_merge``: ``stacked``
(default) counts the summed SP of the weakened engineer battalions (not companies, size I) on one hex against the
threshold; ``never`` reads each unit alone.

Log convention (docs/logs.md): a role is a ``marker`` event on the engineer, ``engineer_combat``,
``engineer_mines`` or ``engineer_bridges``, ``on`` true, before the first stage (a battalion reduced under the
threshold [20.2.2] declares its role when first needed, at any time). A role is not changed once declared. A
company with no declared role is could-not-check where the role matters.
"""

from __future__ import annotations

from typing import Any

from modgen.rules.tis import common as c

ROLES = {"engineer_combat": "combat", "engineer_mines": "mines", "engineer_bridges": "bridges"}
WHAT = {"combat": "influence the fight (+1 modifier)", "mines": "lay and destroy minefields",
        "bridges": "build bridges"}
NOTE = "tis_engineer_roles"


def threshold(ctx: Any) -> int:
    return int(ctx.policies.get("engineer_company_below", 3))


def _size(ctx: Any, uid: str) -> str:
    return str(((ctx.units.get(uid) or {}).get("symbol") or {}).get("size") or "")


def _weakened_battalion(ctx: Any, uid: str, below: int) -> bool:
    sp = c.strength(ctx, uid)
    return c.unit_class(ctx, uid) == "engineer" and _size(ctx, uid) != "I" and sp is not None and sp < below


def merged_strength(ctx: Any, uid: str) -> int | None:
    """The SP [20.2.1] compares: the unit's own, or [20.2.3] the total of the weakened engineer battalions
    stacked with it (policy ``engineer_merge``)."""
    sp = c.strength(ctx, uid)
    below = threshold(ctx)
    if sp is None or ctx.policies.get("engineer_merge", "stacked") != "stacked" \
            or not _weakened_battalion(ctx, uid, below):
        return sp
    h = ctx.state.position.get(uid)
    mates = [u for u in ctx.state.units_in(h) if ctx.side_of(u) == ctx.side_of(uid)] if h else [uid]
    return sum(c.strength(ctx, u) or 0 for u in mates if _weakened_battalion(ctx, u, below))


def is_company(ctx: Any, uid: str) -> bool:
    """[20.2.1]-[20.2.3]: an engineer unit that counts as a company (fewer SP than the threshold)."""
    if c.unit_class(ctx, uid) != "engineer":
        return False
    sp = merged_strength(ctx, uid)
    return sp is not None and sp < threshold(ctx)


def may(ctx: Any, uid: str, role: str, what: str) -> bool:
    """Whether ``uid`` may act in ``role``; reports the [20.2.1] error (or could-not-check: no declared role)."""
    if not is_company(ctx, uid):
        return True
    declared = (ctx.state.notes.get(NOTE) or {}).get(uid)
    if declared is None:
        ctx.could_not_check(ctx.rule("20.2.1"), f"no role (marker engineer_combat, engineer_mines or "
                            f"engineer_bridges) was declared for the engineer company {ctx.name(uid)}")
        return True
    if declared != role:
        ctx.error(ctx.rule("20.2.1"), f"{ctx.name(uid)} {what}, but it is an engineer company (under "
                  f"{threshold(ctx)} SP) whose role chosen before play is to {WHAT[declared]}, not to "
                  f"{WHAT[role]}", units=[uid])
        return False
    return True


def combat_allowed(ctx: Any, uid: str) -> bool:
    """For the odds: whether an engineer's +1 [20.1.5] is available to ``uid`` (a company with another role has
    none; odds a log declares with it are then the odds check's finding)."""
    declared = (ctx.state.notes.get(NOTE) or {}).get(uid)
    return not is_company(ctx, uid) or declared in (None, "combat")


class EngineerRoles:
    """[20.2.1]-[20.2.3]: role declarations and the roles' limits on mines, bridges and the combat modifier."""

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        t, uid = ev["type"], ev.get("unit")
        if not uid:
            return
        if t == "marker" and ev.get("marker") in ROLES and ev.get("on"):
            self._declare(ctx, uid, ROLES[ev["marker"]])
        elif t == "marker" and ev.get("marker") == "minefield":
            may(ctx, uid, "mines", "lays a minefield" if ev.get("on") else "clears a minefield")
        elif t == "bridge" and ev.get("action") == "build":
            may(ctx, uid, "bridges", "builds a bridge")

    def _declare(self, ctx: Any, uid: str, role: str) -> None:
        roles = ctx.state.notes.setdefault(NOTE, {})
        nm = ctx.name(uid)
        if c.unit_class(ctx, uid) != "engineer":
            ctx.error(ctx.rule("20.2.1"), f"{nm} is given an engineer role, but it is not an engineer unit",
                      units=[uid])
            return
        if uid in roles and roles[uid] != role:
            ctx.error(ctx.rule("20.2.1"), f"{nm} changes its role from '{roles[uid]}' to '{role}'; an engineer "
                      "company's role is decided before the start of the game", units=[uid])
            return
        reduced = _weakened_battalion(ctx, uid, threshold(ctx))  # [20.2.2] a battalion reduced under it
        if ctx.state.turn > 0 and uid not in roles and not reduced:
            ctx.error(ctx.rule("20.2.1"), f"{nm} is given its role in stage {ctx.state.turn}; the player decides "
                      "his engineer companies' roles before the start of the game", units=[uid])
        roles[uid] = role
