"""TiS special units in the odds and the casualty rows: machine guns [30.1], snipers [35.1.1], Volkssturm [35.5.6]
and fortress units [35.6.2]-[35.6.3].

- [30.1.1], [30.1.2], [30.1.6]: infantry (and cavalry, HQs, artillery) attacking an MG unit attack at half strength;
  [30.1.5] NKWD and light AA units are MG units too (tags ``mg``, ``nkwd``; AA artillery without ``heavy_aa``).
- [30.1.3], [30.1.4]: under the MG heading, "An attacked infantry unit which is not entrenched and is in the open or
  on hills defends with half of its strength", unless an armoured unit defends with it: read as attacked by MG
  units (the section is the MG's impact on combat).
- [35.1.1]: infantry attacking a sniper company defending in mountains, a city or woods uses 1/3 of its strength
  ([30.1.6]: cavalry, HQs and artillery too).
- [7.2.5] last paragraph: attacking MG units, and defending MG and sniper units (when [35.1.1] applies), move only
  the enemy's casualty row by 1 (more losses), not their own.
- [35.5.6]: "A VS unit fighting by itself is given a disadvantageous +1 or -1 modifier": -1 attacking, +1 defending.
- [35.6.2]: "A non-entrenched FU has an extra 1 modifier, unless it is defending in a clear area": in its favour
  (+1 attacking, -1 defending); [35.6.3] a defending entrenched fortress unit ×1½, in fortifications ×1⅔.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from modgen.rules.tis import common as c

COVER = {"mountain", "mountains", "city", "woods", "forest"}  # [35.1.1]
OPEN = {"clear", "hills"}  # [30.1.3]
FORT = {"fort", "fortified_line", "fortification"}  # [35.6.3]


def _marks(ctx: Any, uid: str) -> set[str]:
    return c.tags(ctx, uid) | c.symbol_types(ctx, uid)


def is_mg(ctx: Any, uid: str) -> bool:
    """[30.1], [30.1.5]: MG units, NKWD, light AA."""
    if _marks(ctx, uid) & {"mg", "machine_gun", "nkwd"}:
        return True
    return c.unit_class(ctx, uid) == "aa_artillery" and "heavy_aa" not in _marks(ctx, uid)


def is_sniper(ctx: Any, uid: str) -> bool:
    return "sniper" in _marks(ctx, uid)


def _soft(ctx: Any, uid: str) -> bool:
    """[30.1.6]: infantry, cavalry, HQs, artillery; not armoured or mechanized units."""
    return c.is_ground(ctx, uid) and not c.is_armour_or_mech(ctx, uid)


def _entrenched(ctx: Any, uid: str) -> bool:
    h = ctx.state.position.get(uid)
    return "entrenched" in ctx.state.markers.get(uid, set()) or \
        (h is not None and "entrenched" in ctx.state.hex_markers.get(h, set()))


def _terrain(ctx: Any, uid: str) -> str:
    h = ctx.state.position.get(uid)
    return ctx.board.terrain(h) if h and ctx.board is not None else ""


def snipers_in_cover(ctx: Any, defenders: list[str]) -> list[str]:
    return [u for u in defenders if is_sniper(ctx, u) and _terrain(ctx, u) in COVER]


def attacker_factors(ctx: Any, uid: str, defenders: list[str]) -> list[tuple[Fraction, str]]:
    """Multipliers of an attacking unit's SP from the defenders it meets [30.1.1], [35.1.1]."""
    out: list[tuple[Fraction, str]] = []
    if not _soft(ctx, uid):
        return out
    mg = [u for u in defenders if is_mg(ctx, u)]
    if mg:
        out.append((Fraction(1, 2), f"{ctx.name(uid)} attacks MG {c.names(ctx, mg)} ×½ [30.1.1]"))
    snipers = snipers_in_cover(ctx, defenders)
    if snipers:
        out.append((Fraction(1, 3), f"{ctx.name(uid)} attacks snipers {c.names(ctx, snipers)} in cover ×⅓ "
                    "[35.1.1]"))
    return out


def defender_factors(ctx: Any, uid: str, attackers: list[str], defenders: list[str]) -> list[tuple[Fraction, str]]:
    """Multipliers of a defending unit's SP [30.1.3], [35.6.3]."""
    out: list[tuple[Fraction, str]] = []
    terrain = _terrain(ctx, uid)
    infantry = c.move_class(ctx, uid) == "infantry" and c.is_line(ctx, uid) and not c.is_armoured(ctx, uid)
    if infantry and any(is_mg(ctx, a) for a in attackers) and terrain in OPEN and not _entrenched(ctx, uid):
        h = ctx.state.position.get(uid)
        armour = any(c.is_armoured(ctx, d) or (ctx.values(d).get("black_stars") or 0) > 0
                     for d in defenders if ctx.state.position.get(d) == h)
        if not armour:  # [30.1.4]
            out.append((Fraction(1, 2), f"{ctx.name(uid)} infantry in the open attacked by MG ×½ [30.1.3]"))
    if "fortress" in _marks(ctx, uid) and _entrenched(ctx, uid):
        if terrain in FORT:
            out.append((Fraction(5, 3), f"{ctx.name(uid)} fortress unit in fortifications ×1⅔ [35.6.3]"))
        else:
            out.append((Fraction(3, 2), f"{ctx.name(uid)} entrenched fortress unit ×1½ [35.6.3]"))
    return out


def column_shifts(ctx: Any, attackers: list[str], defenders: list[str]) -> list[tuple[str, int]]:
    """Column modifiers of Volkssturm fighting alone [35.5.6] and fortress units [35.6.2]."""
    out: list[tuple[str, int]] = []
    if len(attackers) == 1 and "volkssturm" in _marks(ctx, attackers[0]):
        out.append((f"{ctx.name(attackers[0])} Volkssturm fighting alone [35.5.6]", -1))
    if len(defenders) == 1 and "volkssturm" in _marks(ctx, defenders[0]):
        out.append((f"{ctx.name(defenders[0])} Volkssturm fighting alone [35.5.6]", 1))
    if any("fortress" in _marks(ctx, u) and not _entrenched(ctx, u) for u in attackers):
        out.append(("non-entrenched fortress unit attacking [35.6.2]", 1))
    if any("fortress" in _marks(ctx, u) and not _entrenched(ctx, u) and _terrain(ctx, u) != "clear"
           for u in defenders):
        out.append(("non-entrenched fortress unit defending off clear terrain [35.6.2]", -1))
    return out


def casualty_rows(ctx: Any, attackers: list[str], defenders: list[str]) -> tuple[int, int]:
    """[7.2.5]: (extra rows of the attacker's losses, extra rows of the defender's losses) from MG and snipers:
    each moves only the enemy's row by 1."""
    soft = any(_soft(ctx, u) for u in attackers)  # "infantry which is attacking sniper or MG units"
    att_rows = 1 if soft and (any(is_mg(ctx, u) for u in defenders) or snipers_in_cover(ctx, defenders)) else 0
    def_rows = 1 if any(is_mg(ctx, u) for u in attackers) else 0
    return att_rows, def_rows
