"""The Flames of War chat verbs for what a player declares that VASSAL does not record and the other verbs
(:mod:`.events`, :mod:`.mission_events`) do not cover: Time of Day (p.91), the Reserve, Aircraft and Fighter
Interception rolls (p.96, p.44), Pre-planned Artillery Targets (p.49), Units held in Ambush or Reserve and placed
on the table (p.95, p.96, p.44), the outcome and Victory Points claimed (p.93), and a shot's re-rolls and a save's
re-rolls and Bulletproof Cover (:func:`parse_shoot_more`, :func:`parse_save_more`). Each gives the same event a JSON
log writes (docs/logs.md).

Dice these verbs name are typed as the module's dice button showed them (``roll 4``, ``dice 5 2``): the checks of
these events read the dice from the event itself, not from a later ``roll``.
"""

from __future__ import annotations

from typing import Any

from modgen.logs.chat import ChatSyntaxError
from modgen.rules.fow.events import _number, _target, parse_save, parse_shoot


def _dice(p: Any, what: str) -> list[int]:
    """One or more dice (1-6) up to the next keyword."""
    out: list[int] = []
    while (t := p.peek()) is not None and t.text.isdigit():
        tok = p.next(what)
        value = int(tok.text) if len(tok.text) == 1 else 0
        if not 1 <= value <= 6:
            raise p.fail(tok, what)
        out.append(value)
    if not out:
        raise p.fail(p.next(what), what)
    return out


def _dice_one(p: Any, what: str) -> int:
    tok = p.next(what)
    if len(tok.text) != 1 or not "1" <= tok.text <= "6":
        raise p.fail(tok, what)
    return int(tok.text)


def _pos(p: Any) -> list[float]:
    tok = p.next("at X Y")
    if tok.text != "at":
        raise p.fail(tok, "at X Y")
    return [_number(p, "x in inches"), _number(p, "y in inches")]


def parse_light(p: Any) -> dict[str, Any]:
    """``!light day|night [dice D…]`` → ``time_of_day`` (p.91: morning breaks or night falls on a 5+)."""
    light = p.word("day or night")
    if light not in ("day", "night"):
        raise p.fail(p.toks[p.i - 1], "day or night")
    ev: dict[str, Any] = {"type": "time_of_day", "light": light}
    if (t := p.peek()) is not None:
        if t.text != "dice":
            raise p.fail(t, "dice D…")
        p.i += 1
        ev["dice"] = _dice(p, "a die (1-6)")
    return ev


def _side(p: Any, ev: dict[str, Any]) -> None:
    ev["side"] = p.word("the side after 'side'")


def parse_reserves(p: Any) -> dict[str, Any]:
    """``!reserves [side SIDE] dice D… [aircraft TEAM…]`` → ``reserves`` (p.96: each 5+ brings a Unit; p.44: the
    Aircraft Units that arrive from Reserve, named by a team)."""
    ev: dict[str, Any] = {"type": "reserves"}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "side":
            _side(p, ev)
        elif t.text == "dice":
            ev["dice"] = _dice(p, "a Reserve die (1-6)")
        elif t.text == "aircraft":
            while (a := p.peek()) is not None and a.text not in ("side", "dice", "aircraft"):
                p.i += 1
                ev.setdefault("aircraft", []).append(a.text)
            if not ev.get("aircraft"):
                raise p.fail(t, "a team of the arriving Aircraft Unit after 'aircraft'")
        else:
            raise p.fail(t, "side SIDE, dice D… or aircraft TEAM…")
    if "dice" not in ev:
        raise p.fail(p.toks[0], "!reserves with its dice (dice D…)")
    return ev


def parse_aircraft(p: Any) -> dict[str, Any]:
    """``!aircraft ["weapon"] [side SIDE] [roll N]`` → ``aircraft`` (p.44: the weapon type is declared before the
    arrival roll)."""
    ev: dict[str, Any] = {"type": "aircraft"}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.quoted:
            ev["weapon"] = t.text
        elif t.text == "side":
            _side(p, ev)
        elif t.text == "roll":
            ev["roll"] = _dice_one(p, "the arrival die (1-6)")
        else:
            raise p.fail(t, "a \"weapon\", side SIDE or roll N")
    return ev


def parse_intercept(p: Any) -> dict[str, Any]:
    """``!intercept [side SIDE] roll N`` → ``intercept`` (p.44 Fighter Interception, 5+)."""
    ev: dict[str, Any] = {"type": "intercept"}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "side":
            _side(p, ev)
        elif t.text == "roll":
            ev["roll"] = _dice_one(p, "the interception die (1-6)")
        else:
            raise p.fail(t, "side SIDE or roll N")
    return ev


def parse_preplanned(p: Any) -> dict[str, Any]:
    """``!preplanned ARTILLERY at X Y`` → ``preplanned`` (p.49, before Deployment)."""
    ev: dict[str, Any] = {"type": "preplanned", "unit": _target(p, "a team of the Artillery Unit")}
    ev["aim"] = _pos(p)
    return ev


def parse_hold(p: Any) -> dict[str, Any]:
    """``!hold TEAM ambush|reserve`` → ``setup`` {``off_map``}: the team is held in Ambush (p.95) or Reserve
    (p.96) at deployment."""
    uid = _target(p, "the team held off the table")
    where = p.word("ambush or reserve")
    if where not in ("ambush", "reserve"):
        raise p.fail(p.toks[p.i - 1], "ambush or reserve")
    return {"type": "setup", "unit": uid, "off_map": where}


def parse_place(p: Any) -> dict[str, Any]:
    """``!place TEAM at X Y [facing D]`` → ``setup`` {``pos``}: a team placed on the table during play, revealed
    from Ambush (p.95), arriving from Reserve (p.96), an Aircraft arriving (p.44) or a Transport Brought Forward
    (p.23). (A piece dragged from VASSAL's holding map is a ``reinforcement``, which these rules do not read.)"""
    ev: dict[str, Any] = {"type": "setup", "unit": _target(p, "the team placed")}
    ev["pos"] = _pos(p)
    if (t := p.peek()) is not None:
        if t.text != "facing":
            raise p.fail(t, "facing D")
        p.i += 1
        ev["facing"] = _number(p, "the facing in degrees")
    return ev


def parse_victory(p: Any) -> dict[str, Any]:
    """``!victory SIDE|none [vp SIDE N SIDE N] [level "Major Victory"]`` → ``game_end`` {``winner``, ``vp``,
    ``level``}: the outcome and Victory Points the players claim (p.93; none: no winner, "There are no draws")."""
    who = p.word("the winning side, or none")
    ev: dict[str, Any] = {"type": "game_end", "winner": None if who == "none" else who}
    while (t := p.peek()) is not None:
        p.i += 1
        if t.text == "vp":
            vp: dict[str, int] = {}
            while (s := p.peek()) is not None and not s.quoted and s.text not in ("vp", "level"):
                side = p.word("a side")
                vp[side] = p.integer(f"{side}'s Victory Points")
            if not vp:
                raise p.fail(p.next("a side and its Victory Points"), "a side and its Victory Points")
            ev["vp"] = vp
        elif t.text == "level":
            tok = p.next('the level of victory, e.g. "Major Victory"')
            ev["level"] = tok.text
        else:
            raise p.fail(t, 'vp SIDE N … or level "…"')
    return ev


def parse_shoot_more(p: Any) -> dict[str, Any]:
    """``!shoot TEAM -> TARGET … [dice D…] [rerolls D…]``: :func:`.events.parse_shoot` plus the dice typed (else
    the next roll) and the dice re-rolled by a rule (p.4, p.33), anywhere after the target."""
    extra = _take(p, {"dice": "dice", "rerolls": "rerolls"})
    return parse_shoot(p) | extra


def parse_save_more(p: Any) -> dict[str, Any]:
    """``!save TEAM … [roll N] [reroll N] [cover] [fp N] [fpreroll N]``: :func:`.events.parse_save` plus the save
    die, its Breakthrough Gun re-roll (p.66), Bulletproof Cover, the Firepower test die (p.39) and its re-roll
    against a Bunker (p.76)."""
    extra = _take(p, {"roll": "roll", "reroll": "reroll", "fp": "fp_roll", "fpreroll": "fp_reroll", "cover": "cover"})
    return parse_save(p) | extra


def _take(p: Any, fields: dict[str, str]) -> dict[str, Any]:
    """Take the ``fields`` keywords and their dice out of the line (so the base verb parses the rest): ``dice`` and
    ``rerolls`` take every die after them, ``roll``, ``reroll``, ``fp`` and ``fpreroll`` one, ``cover`` none."""
    out: dict[str, Any] = {}
    keep, j, toks = p.toks[:p.i], p.i, p.toks
    while j < len(toks):
        t = toks[j]
        j += 1
        if t.quoted or t.text not in fields:
            keep.append(t)
            continue
        if t.text == "cover":
            out["cover"] = True
            continue
        dice: list[int] = []
        while j < len(toks) and not toks[j].quoted and len(toks[j].text) == 1 and "1" <= toks[j].text <= "6":
            dice.append(int(toks[j].text))
            j += 1
            if t.text in ("roll", "reroll", "fp", "fpreroll"):
                break
        if not dice:
            if j < len(toks):
                raise p.fail(toks[j], f"a die (1-6) after {t.text!r}")
            raise ChatSyntaxError(p.text, len(p.text) + 1, f"expected a die (1-6) after {t.text!r}, got end of line")
        out[fields[t.text]] = dice if t.text in ("dice", "rerolls") else dice[0]
    p.toks = keep
    return out


CHAT: dict[str, Any] = {"light": parse_light, "reserves": parse_reserves, "aircraft": parse_aircraft,
                        "intercept": parse_intercept, "preplanned": parse_preplanned, "hold": parse_hold,
                        "place": parse_place, "shoot": parse_shoot_more, "save": parse_save_more,
                        "victory": parse_victory}
