"""One runner for every bundled game's engine-play scripts (tests/test_engine_play.py drives it; PlayHarness.java
plays them in VASSAL).

A game's script is a module beside this one (``minsk44.py``, ``guardstank.py``, …) holding data only:

* ``GAME`` (the manifest name under games/), ``SCENARIO`` (its id; the module's predefined setup
  ``SCENARIO.vsav``), ``SEED`` (the engine's dice);
* ``LEGAL`` and ``VIOLATIONS``: lists of actions, each a tuple:
  ``("next",)`` / ``("prev",)`` the turn tracker's buttons; ``("begin",)`` where the logfile begins (actions before
  it are the set-up the log starts from); ``("drag", unit, where)``; ``("chat", text)``; ``("roll", dice button)``;
  ``("key", unit, key stroke)`` (a piece's command, e.g. ``"ctrl F"`` Flip); ``("button", text)`` (a global
  property's toolbar button, e.g. a CoH CAP track's ``"German CAPs -1"``: the harness reports the property's value
  after the press); ``("draw", deck, where)`` (the top card of the module's DrawPile ``deck``, e.g. CoH's
  ``"Vehicle hits"`` cup, dragged to ``where``: the harness reports the card's unit id and where it landed).
  ``where`` is a hex label (the scenario's hex map), ``("box", id)`` (a box of the holding map, by the stable id
  :mod:`modgen.vassal.bands` gives it, e.g. ``"hit_pool"``, ``"eliminated:german"``) or ``(x, y)`` in inches (the
  table of a table game);
* ``PLANTED``: the findings the violation script must give, each ``(rule, unit)``, in log order.

:func:`play` builds the module, writes each script as the harness's tab-separated actions, and plays all of a game's
scripts in one engine start.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from modgen.data.model import load_game
from modgen.geometry.hexgrid import Grid
from modgen.vassal import bands
from modgen.vassal.scale import DEFAULT_HEX_PX, DEFAULT_PX_PER_INCH, HOLDING_MAP, counter_size, holding_cell

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
GAMES = ("minsk44", "guardstank", "arnhem44", "stormsofsteel", "fow")

Action = tuple[Any, ...]


@dataclass
class Played:
    """One script as the engine played it: the actions, what VASSAL said for each, the .vlog it wrote."""

    actions: list[Action]
    results: list[Any]
    vlog: Path


def script(game: str) -> ModuleType:
    """The script module of *game* (``tests/engine_play/<game>.py``)."""
    return importlib.import_module(game)


def compile_harness(dest: Path, classpath: str) -> None:
    """Compile PlayHarness.java (with the engine stubs the other engine tests use) into *dest*."""
    sources = [str(p) for p in (REPO / "tests" / "engine" / "stubs").rglob("*.java")]
    sources.append(str(HERE / "PlayHarness.java"))
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(dest), "-cp", classpath, *sources],
                   check=True)


class Places:
    """Board points (VASSAL map name, x, y) for the ``where`` of a drag, as the built module lays its maps out."""

    def __init__(self, game: Any, scenario: str) -> None:
        self.game = game
        self.map = game.map(game.scenario(scenario).get("map"))
        opts = game.manifest.get("vassal") or {}
        self.hex_px = float(opts.get("hex_px") or DEFAULT_HEX_PX)
        self.ppi = float(opts.get("px_per_inch") or DEFAULT_PX_PER_INCH)
        hex_maps = any(m.get("kind", "hex") == "hex" for m in game.maps)
        self.counter_px = int(counter_size(opts, self.hex_px, self.ppi, hex_maps))
        placed, _w, _h = bands.layout(bands.holding_boxes(game), self.counter_px)
        cell = holding_cell(self.counter_px)
        #: each box's slot centres, as modgen.vassal.holding lays them out on the board, by box id
        self.slots = {p.band.id: p.slots(cell) for p in placed}
        self.slot: dict[str, int] = {}  # next free slot per box (units dropped in a box do not pile up)
        system = game.rule_system()
        sc = game.scenario(scenario)
        for e in sc.get("setup") or []:  # a cup (a Deck) fills its box's first slot: a drop there joins the Deck
            if e.get("off_map") and system.cup(game.unit(e["unit"])) is not None:
                self.slot[e["off_map"]] = 1

    def point(self, where: Any) -> tuple[str, int, int]:
        if isinstance(where, str):
            x, y = Grid.from_map(self.map).center_px(where, self.hex_px)
            return self.map["id"], int(x), int(y)
        if where[0] == "box":
            slots = self.slots[where[1]]
            k = self.slot.get(where[1], 0)
            self.slot[where[1]] = k + 1
            x, y = slots[k % len(slots)]  # more drops than slots stack
            return HOLDING_MAP, x, y
        x_in, y_in = where
        return self.map["id"], round(x_in * self.ppi), round(y_in * self.ppi)


def tsv(places: Places, actions: list[Action]) -> str:
    """The harness's tab-separated action lines for *actions*."""
    lines = []
    for a in actions:
        if a[0] in ("drag", "draw"):
            m, x, y = places.point(a[2])
            lines.append(f"{a[0]}\t{a[1]}\t{m}\t{x}\t{y}")
        else:
            lines.append("\t".join(a))
    return "\n".join(lines) + "\n"


def play(game_name: str, tmp: Path, classes: Path, classpath: str) -> tuple[Any, dict[str, Played], float]:
    """Build *game_name*'s module and play its LEGAL and VIOLATIONS scripts in one engine start.

    Returns the game, the played scripts by name, and the seconds the engine took."""
    from modgen.vassal.module import build_module

    mod = script(game_name)
    game = load_game(REPO / "games" / f"{mod.GAME}.json")
    vmod = tmp / f"{game_name}.vmod"
    build_module(game, vmod)
    places = Places(game, mod.SCENARIO)
    runs = {"legal": mod.LEGAL, "violations": mod.VIOLATIONS}
    args: list[str] = []
    for name, actions in runs.items():
        (tmp / f"{name}.tsv").write_text(tsv(places, actions), encoding="utf-8")
        args += [str(tmp / f"{name}.tsv"), str(tmp / f"{name}.vlog")]
    start = time.monotonic()
    proc = subprocess.run(["xvfb-run", "-a", "java", "-cp", f"{classes}:{classpath}", "modgen.play.PlayHarness",
                           str(vmod), f"{mod.SCENARIO}.vsav", str(mod.SEED), *args],
                          capture_output=True, text=True, timeout=900)
    seconds = time.monotonic() - start
    lines = proc.stdout.strip().splitlines()
    assert lines, proc.stderr[-3000:]
    report = json.loads(lines[-1])
    assert "fatal" not in report, (report, proc.stderr[-3000:])
    # SaveMetaData asks for a file comment when a log is written (the harness closes it); nothing else may pop up
    assert [e for e in report["errors"] if "File Comments" not in e and "Version Mismatch" not in e] == []
    played = {name: Played(list(actions), results, tmp / f"{name}.vlog")
              for (name, actions), results in zip(runs.items(), report["games"], strict=True)}
    return game, played, seconds
