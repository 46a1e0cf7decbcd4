"""EFB sequence of play (4.3): phase order, actions in the right phase, events roll (5.0), game length (24.4)."""

from __future__ import annotations

from typing import Any

from modgen.rules import seqcheck

# event type -> phases where it may happen (retreat/advance happen inside combat resolution, 8.3)
ALLOWED = {
    "move": {"movement"},
    "exit": {"movement"},
    "reinforcement": {"reinforcement"},
    "replacement": {"reinforcement"},
    "air_draw": {"reinforcement"},
    "rally": {"recovery"},
    "retreat": {"fpf", "combat1", "combat2"},
    "advance": {"combat1", "combat2"},
    "airstrike": {"fpf", "combat1", "combat2"},
    "road_column": {"reinforcement"},
    "air_withdraw": {"combat1"},
}
ACTION_RULE = {"move": "8.3", "exit": "8.11", "reinforcement": "6.2", "replacement": "6.9", "air_draw": "6.6",
               "rally": "15.4", "retreat": "8.3", "advance": "13.6", "airstrike": "17.2", "attack": "11.1",
               "road_column": "6.4", "air_withdraw": "14.4"}
# what the cited rule says, for the finding (8.3: "Movement may never take place out of sequence. A player's units may
# generally be moved only during his own movement phase."; 8.11: exits "only during the owning player's movement
# phase")
ACTION_TEXT = {"move": "movement may never take place out of sequence: a player's units move only in his own "
               "movement phase",
               "exit": "units exit the map only in the owning player's movement phase"}


def expected_sequence(ctx: Any) -> list[tuple[str, str | None]]:
    """One game turn's (phase, phasing side) in order: each run of per-side phases for the first player, then the
    other (4.3); the shared sequence builder does the work."""
    return seqcheck.expected_sequence(ctx, ctx.scenario.get("first_player"))


class Sequence:
    """Phase order and per-phase action legality."""

    def __init__(self) -> None:
        self.seq: list[tuple[str, str | None]] | None = None
        self.pos: int | None = None

    def before(self, ctx: Any, ev: dict[str, Any]) -> None:
        st, t = ctx.state, ev["type"]
        if self.seq is None:
            self.seq = expected_sequence(ctx)
        if t == "turn":
            count = (ctx.scenario.get("turns") or {}).get("count")
            if isinstance(count, int) and ev["turn"] > count:
                ctx.error(ctx.rule("24.4"), f"turn {ev['turn']} is played, but the scenario lasts {count} turns")
            if st.turn and ev["turn"] != st.turn + 1:
                ctx.error(ctx.rule("4.3"), f"turn {ev['turn']} follows turn {st.turn}")
            self.pos = -1
        elif t == "phase":
            self._phase(ctx, ev)
        elif t == "exit" and ev.get("cause") in ("retreat", "advance"):
            pass  # after combat, in whichever phase the combat is (results.py judges it)
        elif t in ALLOWED and st.phase is not None and st.phase not in ALLOWED[t]:
            who = ev.get("unit") or ", ".join(ev.get("units") or [])
            why = f"{ACTION_TEXT[t]} (" if t in ACTION_TEXT else ""
            ctx.error(ctx.rule(ACTION_RULE[t]), f"{t} of {ctx.name(who) if ev.get('unit') else who} in the "
                      f"{st.phase} phase; {why}allowed only in: {', '.join(sorted(ALLOWED[t]))}{')' if why else ''}",
                      units=_units(ev))
        elif t == "attack":
            self._attack_phase(ctx, ev)
        elif t == "roll" and ev.get("purpose") == "events" and st.turn == 1:
            ctx.error(ctx.rule("5.0"), "an events roll in turn 1; the events phase is skipped on turn 1")
        if t in ("move", "exit", "reinforcement", "replacement", "rally") and st.side and ev.get("unit") \
                and ev.get("cause", "move") == "move" \
                and ctx.side_of(ev["unit"]) not in (None, st.side):
            # a move or exit by the other side breaks the movement rule itself (8.3, 8.11: only in "his own
            # movement phase"); other actions the sequence of play (4.3)
            ctx.error(ctx.rule(ACTION_RULE[t] if t in ACTION_TEXT else "4.3"), f"{ctx.name(ev['unit'])} "
                      f"({ctx.side_of(ev['unit'])}) acts ({t}) in the {st.side} player's {st.phase} phase",
                      units=[ev["unit"]])

    def _phase(self, ctx: Any, ev: dict[str, Any]) -> None:
        seq = self.seq or []
        key = (ev["phase"], ev.get("side"))
        if key[0] not in {p for p, _ in seq}:
            ctx.error(ctx.rule("4.3"), f"unknown phase {key[0]!r} (EFB phases: "
                      f"{', '.join(dict.fromkeys(p for p, _ in seq))})")
            return
        if self.pos is None:
            return  # the log starts mid-turn: nothing to compare with yet
        def matches(i: int) -> bool:
            return seq[i][0] == key[0] and seq[i][1] in (None, key[1])

        nxt = [i for i in range(self.pos + 1, len(seq)) if matches(i)]
        if not nxt:
            last = f"after {_label(seq[self.pos])}" if self.pos >= 0 else "at the start of the turn"
            expected = _label(seq[self.pos + 1]) if self.pos + 1 < len(seq) else "the next turn"
            ctx.error(ctx.rule("4.3"), f"{_label(key)} is out of order in turn {ctx.state.turn}: {last} comes "
                      f"{expected} (or a later phase of 4.3's sequence)")
            # resynchronise on the phase the log is in, so one misplaced phase gives one finding, not one per
            # phase that follows it
            again = [i for i in range(len(seq)) if matches(i)]
            if again:
                self.pos = again[0]
            return
        # phases in which nothing happens may be left out of a log; going back is what is wrong
        self.pos = nxt[0]

    def _attack_phase(self, ctx: Any, ev: dict[str, Any]) -> None:
        st = ctx.state
        kind = ev.get("kind") or "adjacent"
        if kind == "fpf":
            if st.phase != "fpf":
                ctx.error(ctx.rule("12.12"), f"final protective fire in the {st.phase} phase", units=_units(ev))
            elif any(ctx.side_of(u) == st.side for u in ev.get("attackers") or []):
                ctx.error(ctx.rule("12.12"), "final protective fire by the phasing player; only the non-phasing "
                          "player fires FPF", units=_units(ev))
        elif st.phase not in ("combat1", "combat2"):
            ctx.error(ctx.rule("11.1"), f"{kind} attack in the {st.phase} phase; attacks happen only in the "
                      "combat phases", units=_units(ev))
        elif any(ctx.side_of(u) not in (None, st.side) for u in ev.get("attackers") or []):
            ctx.error(ctx.rule("11.1"), f"the non-phasing side attacks in the {st.side} player's combat phase",
                      units=_units(ev))


def _label(key: tuple[str, str | None]) -> str:
    return f"the {key[1]} {key[0]} phase" if key[1] else f"the {key[0]} phase"


def _units(ev: dict[str, Any]) -> list[str]:
    out = []
    for k in ("unit",):
        if ev.get(k):
            out.append(ev[k])
    for k in ("units", "attackers", "defenders"):
        out.extend(ev.get(k) or [])
    return out
