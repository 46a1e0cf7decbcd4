"""The AP track a player keeps (20.0, Fig 27-29), read against the APs the checker charges each activation.

20.0: an activated unit "receives 7APs"; Fig 27: the 251/1 group "moves up ... and has 5APs left"; Fig 28: "the
Soviet player stalls by paying 1AP of the remaining 2APs of the AT gun's AP pool"; Fig 29: "The Soviet rifle has 0APs
left". The Figures 27-30 sequence (tests/coh_figlog.py) is played here with the track kept the way a player keeps it:
reset to 7 at each activation and lowered for each action, before the action, right after it, or one event late.
A mismatch is a warning by default (policy ``ap_track``: the rulebook does not make a wrong count illegal).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.coh_figlog import APC, GRIF, GUN, REPO, SMG, SRIF, TANK, figures

G, S = "german", "soviet"
#: (event type, acting unit, occurrence) -> (side, value the track shows after it), the APs left in Fig 27-30
PRESSES: dict[tuple[str, str, int], tuple[str, int]] = {
    ("activate", APC, 1): (G, 7), ("move", APC, 1): (G, 5),  # Fig 27: "has 5APs left"
    ("unload", GRIF, 1): (G, 4), ("move", GRIF, 1): (G, 2), ("move", APC, 2): (G, 0),
    ("activate", GUN, 1): (S, 7), ("attack", GUN, 1): (S, 2),  # fires for 5: "the remaining 2APs" (Fig 28)
    ("stall", S, 1): (S, 1),
    ("activate", TANK, 1): (G, 7), ("move", TANK, 1): (G, 6), ("attack", TANK, 1): (G, 3),
    ("attack", TANK, 2): (G, 0),
    ("activate", SRIF, 1): (S, 7), ("order", SRIF, 1): (S, 5), ("move", SRIF, 1): (S, 4),
    ("attack", SRIF, 1): (S, 0),  # Fig 29: "has 0APs left"
    ("activate", SMG, 1): (S, 7), ("move", SMG, 1): (S, 6), ("attack", SMG, 1): (S, 3), ("attack", SMG, 2): (S, 0),
}


def _actor(ev: dict[str, Any]) -> str:
    return ev.get("unit") or (ev.get("attackers") or ev.get("units") or [ev.get("side")])[0]


def tracked(style: str, change: dict[tuple[str, str, int], int | None] | None = None) -> list[dict[str, Any]]:
    """The figures log with the AP track set as in :data:`PRESSES` (``change``: other values, None: not set).
    ``before``: each reset before the activation and each lowering before its action; ``after``: right after
    them; ``late``: each lowering one event after its action (the opponent's pass, the roll)."""
    evs, seen, inserts = figures(), {}, []
    for i, ev in enumerate(evs):
        key = (ev["type"], _actor(ev))
        seen[key] = seen.get(key, 0) + 1
        press = PRESSES.get((*key, seen[key]))
        if press is None:
            continue
        value = (change or {}).get((*key, seen[key]), press[1])
        if value is None:
            continue
        at = i if style == "before" else i + 1 if style == "after" or ev["type"] == "activate" else i + 2
        inserts.append((at, {"type": "ap", "side": press[0], "ap": value}))
    for at, ap in sorted(inserts, key=lambda x: x[0], reverse=True):
        evs.insert(at, ap)
    return evs


def findings(log: list[dict[str, Any]], policies: dict[str, Any] | None = None) -> list[Any]:
    from modgen.data.model import load_game
    from modgen.rules import engine

    game = load_game(REPO / "games" / "stormsofsteel.json")
    if policies:
        game.manifest.setdefault("rules", {})["policies"] = dict(policies)
    return [f for f in engine.run(game, log).findings if "20.0" in f.rule or "21.0" in f.rule]


STYLES = ("before", "after", "late")


@pytest.mark.parametrize("style", STYLES)
def test_figures_with_the_track_kept_as_the_rulebook_counts_check_clean(style: str) -> None:
    """Fig 27 5APs left, Fig 28 the gun's remaining 2 then 1, Fig 29 0APs left: whenever the player moves it."""
    log = tracked(style)
    assert sum(e["type"] == "ap" for e in log) == len(PRESSES)
    assert findings(log) == []


def test_a_player_who_never_touches_the_track_gets_no_finding() -> None:
    assert findings(figures()) == []
    # nor one who keeps it for some activations only (the tank's and the SMG's are not set)
    skip = {k: None for k in PRESSES if k[1] in (TANK, SMG)}
    assert findings(tracked("after", skip)) == []


@pytest.mark.parametrize("style", STYLES)
def test_stall_not_taken_off_the_track_is_a_mismatch_naming_unit_track_and_account(style: str) -> None:
    """Fig 28: the stall pays "1AP of the remaining 2APs": a track left at 2 disagrees with the 1 left."""
    found = findings(tracked(style, {("stall", S, 1): 2}))
    assert [(f.rule, f.severity) for f in found] == [("CoH 20.0", "warning")]
    msg = found[0].message
    assert "Soviet AP track shows 2" in msg and "at 0605 spent 6 of 7: 1 left" in msg and "57mm" in msg
    assert found[0].units == [GUN] and found[0].hexes == ["0605"]


def test_the_track_not_lowered_for_the_last_fire_is_caught_at_round_end() -> None:
    """Fig 30: the SMG "spends another 3APs, fires again": its pool is empty; a track still at 3 is caught when
    the round ends (the SMG's activation ends with the round)."""
    found = findings(tracked("after", {("attack", SMG, 2): None}))
    assert len(found) == 1 and "shows 3 but" in found[0].message and "spent 7 of 7: 0 left" in found[0].message


def test_a_reset_with_nothing_lowered_after_it_is_a_reading() -> None:
    """The track reset to 7 for the rifles (Fig 29) and never lowered: it shows 7, but they spent 7."""
    skip = {("order", SRIF, 1): None, ("move", SRIF, 1): None, ("attack", SRIF, 1): None}
    found = findings(tracked("before", skip))
    assert len(found) == 1 and "shows 7 but" in found[0].message and "0 left" in found[0].message


def test_policy_error_and_off() -> None:
    log = tracked("after", {("attack", GUN, 1): 3, ("stall", S, 1): 2})  # the gun's fire lowered by 4 only
    assert [f.severity for f in findings(log, {"ap_track": "error"})] == ["error"]
    assert findings(log, {"ap_track": "off"}) == []


def test_late_press_after_the_next_activation_counts_for_the_ended_one() -> None:
    """The German lowers the track for the APC's last move (0 left) only after activating the tank, before
    resetting it: still the APC's reading. Lowered to 1 instead, it is the APC group's mismatch."""
    log = tracked("after", {("move", APC, 2): None})
    i = next(i for i, e in enumerate(log) if e.get("type") == "activate" and e["units"] == [TANK])
    assert findings(log[:i + 1] + [{"type": "ap", "side": G, "ap": 0}] + log[i + 1:]) == []
    found = findings(log[:i + 1] + [{"type": "ap", "side": G, "ap": 1}] + log[i + 1:])
    assert len(found) == 1 and "German AP track shows 1" in found[0].message
    assert set(found[0].units) == {APC, GRIF}


def _steps(log: list[dict[str, Any]], i: int, side: str, start: int) -> list[dict[str, Any]]:
    """*log* with its event *i* (a reset to 7) replaced by +1 presses from *start*."""
    return log[:i] + [{"type": "ap", "side": side, "ap": v} for v in range(start + 1, 8)] + log[i + 1:]


@pytest.mark.parametrize("style", ("before", "after"))
def test_a_reset_pressed_up_one_by_one_is_no_reading_of_the_ended_activation(style: str) -> None:
    """The German track stands at 0 after the 251/1 group's pool (Fig 27); for the tank (Fig 28) the player presses
    +1 seven times, before or after activating it: 1..6 are steps of the reset, not the group's reading."""
    log = tracked(style)
    tank = next(i for i, e in enumerate(log) if e.get("type") == "activate" and e["units"] == [TANK])
    i = tank - 1 if style == "before" else tank + 1
    assert log[i] == {"type": "ap", "side": G, "ap": 7}
    assert findings(_steps(log, i, G, 0)) == []


def test_a_mis_press_put_right_is_no_mismatch_and_one_left_wrong_is() -> None:
    """Fig 28: after the stall the gun has 1AP left; the player presses -1 twice (0) and +1 once: the track shows 1."""
    log = tracked("after")
    i = next(i for i, e in enumerate(log) if e.get("type") == "stall") + 1
    assert log[i] == {"type": "ap", "side": S, "ap": 1}
    fixed = log[:i] + [{"type": "ap", "side": S, "ap": 0}, {"type": "ap", "side": S, "ap": 1}] + log[i + 1:]
    assert findings(fixed) == []
    wrong = log[:i] + [{"type": "ap", "side": S, "ap": 0}] + log[i + 1:]
    found = findings(wrong)
    assert len(found) == 1 and "Soviet AP track shows 0" in found[0].message and "1 left" in found[0].message
