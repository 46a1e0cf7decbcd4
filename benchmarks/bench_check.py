"""Benchmark: check a 10,000-event canonical log of Minsk '44 and print events per second.

The log is synthetic: the scenario setup, then turn after turn in which every German unit on the map moves to a
clear hex two hexes away and back (start and end only, as VASSAL logs give them, so every move needs the
cheapest-path search; from the third turn the same moves recur with the same enemy map, which the movement check's
memo answers), with the full phase sequence. Turns past the scenario's six give EFB 24.4 findings, and
out-of-command or disengaging units that cannot make the move give EFB 8.3/10.10 findings (each of those runs a
bounded search for the explanation); the point is throughput.
Run: .venv/bin/python benchmarks/bench_check.py [N_EVENTS [REPEAT]] (the run with the least replay+checks CPU
of REPEAT is reported).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from modgen.data.model import load_game
from modgen.logs import eventlog
from modgen.rules import engine

REPO = Path(__file__).resolve().parents[1]
PHASES = ["reinforcement", "movement", "fpf", "combat1", "combat2", "recovery"]


def make_log(game, n_events: int) -> list[dict]:
    scen = game.scenario("historical")
    events: list[dict] = [{"type": "scenario_start", "game": game.id, "scenario": "historical"}]
    pos = {}
    for e in scen["setup"]:
        if e.get("hex"):
            events.append({"type": "setup", "unit": e["unit"], "hex": e["hex"], "face": e.get("face", "front")})
            pos[e["unit"]] = e["hex"]
        else:
            events.append({"type": "setup", "unit": e["unit"], "off_map": "reinforcements"})
    from modgen.rules.board import Board

    board = Board(game.map(scen.get("map")))
    movers = [u for u in pos if game.unit(u).get("class") in ("maneuver", "hq")
              and (game.unit(u)["faces"]["front"].get("values") or {}).get("movement")]
    home = dict(pos)
    occupied = set(pos.values())

    def target(h: str) -> str:
        """A hex two steps away through clear terrain without hexside features (so most moves are legal)."""
        options = sorted(n2 for n1 in board.neighbours(h) for n2 in board.neighbours(n1)
                         if board.distance(h, n2) == 2 and n2 not in occupied and board.terrain(n1) == "clear"
                         and board.terrain(n2) == "clear" and not board.hexside(h, n1) and not board.hexside(n1, n2))
        return options[0] if options else sorted(board.neighbours(h))[0]

    far = {u: target(h) for u, h in pos.items()}
    turn = 0
    while len(events) < n_events:
        turn += 1
        events.append({"type": "turn", "turn": turn})
        events.append({"type": "phase", "phase": "events", "side": None})
        for side in ("soviet", "german"):
            for p in PHASES:
                events.append({"type": "phase", "phase": p, "side": side})
                if p == "movement" and side == "german":
                    for u in movers:
                        a = pos[u]
                        # out to a hex two steps away and back next turn: every move runs the path search
                        b = home[u] if a != home[u] else far[u]
                        events.append({"type": "move", "unit": u, "from": a, "to": b})
                        pos[u] = b
        events.append({"type": "phase", "phase": "interphase", "side": None})
    events = events[:n_events]
    for i, e in enumerate(events):
        e["i"] = i
    return events


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    game = load_game(REPO / "games" / "minsk44.json")
    game.rule_system()  # the plugin's import is start-up cost (benchmarks/bench_startup.py), not checking
    events = make_log(game, n)
    text = "".join(eventlog.iter_lines(events))
    runs = []
    for _ in range(repeat):  # the least disturbed of ``repeat`` runs (CPU time; the machine may be shared)
        c0, t0 = time.process_time(), time.perf_counter()
        parsed = eventlog.parse_lines(text, "bench.jsonl")
        c1, t1 = time.process_time(), time.perf_counter()
        report = engine.run(game, parsed, "historical")
        c2, t2 = time.process_time(), time.perf_counter()
        runs.append((c2 - c1, c1 - c0, c2 - c0, t1 - t0, t2 - t1))
    check_cpu, parse_cpu, total_cpu, t_parse, t_check = min(runs)
    moves = sum(1 for e in parsed if e["type"] == "move")
    bad = sum(1 for f in report.findings if f.rule in ("EFB 8.3", "EFB 10.10"))
    print(f"events: {len(parsed)} ({moves} moves without paths, {bad} of them illegal), "
          f"findings: {len(report.findings)}")
    print(f"parse+validate: {t_parse:.3f} s wall, {parse_cpu:.3f} s CPU")
    print(f"replay+checks:  {t_check:.3f} s wall, {check_cpu:.3f} s CPU ({len(parsed) / check_cpu:,.0f} events/s)")
    print(f"total CPU:      {total_cpu:.3f} s ({len(parsed) / total_cpu:,.0f} events/s; wall-clock figures include "
          "waiting for a busy machine)")


if __name__ == "__main__":
    main()
