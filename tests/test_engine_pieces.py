"""The piece commands (modgen.vassal.piece_traits) in the real VASSAL engine, and the log it writes, decoded.

tests/engine_pieces/PiecesHarness.java builds nothing itself: it loads the module built here, runs a set-up, takes a
side in VASSAL's PlayerRoster and presses the pieces' keys as VASSAL's menus do (outermost keyEvent), logging each
command with VASSAL's own BasicLogger. Arnhem (TiS) has step tracks: Step loss twice, Restore once, refused to the
other side by Restricted Access, then the unit dragged into its side's Eliminated box. Minsk '44 (EFB) sets its
unproven units up masked (MK 21.1, 24.6 SR 1): the other side sees only the mask and cannot reveal; the owner
reveals. Then the owner of another unit on the map presses its first Place-marker key (EFB: Suppressed above the
unit, TiS: Entrenched below it): VASSAL puts the palette's marker, with the palette slot's gpid, into the unit's stack.
The .vlog then decodes to loss, replacement, loss eliminated, reveal and marker events.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from modgen.data.model import load_game
from modgen.vassal.adapter import adapt

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.engine


def _run(tmp: Path, cp: str, game_file: str, scenario: str) -> tuple:
    from modgen.vassal.module import build_module

    sources = [str(p) for p in (REPO / "tests" / "engine" / "stubs").rglob("*.java")]
    sources.append(str(REPO / "tests" / "engine_pieces" / "PiecesHarness.java"))
    subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(tmp), "-cp", cp, *sources], check=True)
    game = load_game(REPO / "games" / game_file)
    build_module(game, tmp / "m.vmod")
    out = tmp / "pieces.vlog"
    proc = subprocess.run(["xvfb-run", "-a", "java", "-cp", f"{tmp}:{cp}", "modgen.pieces.PiecesHarness",
                           str(tmp / "m.vmod"), f"{scenario}.vsav", str(out)],
                          capture_output=True, text=True, timeout=900)
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "fatal" not in report, (report, proc.stderr[-3000:])
    assert [e for e in report["errors"] if "Version Mismatch" not in e and "File Comments" not in e] == []
    return game, report, out.read_bytes()


def _played(res) -> list[dict]:
    return [{k: v for k, v in e.items() if k not in ("i", "source")} for e in res.events
            if e.get("source", {}).get("step") is not None]


def _placed(game, report: dict, res, marker: str, above: bool, name: str | None = None) -> dict:
    """Checks the engine's report of the Place-marker press; returns the marker event the log must decode to
    (``name``: the marker the event names, when the rule system names it otherwise than the counter id)."""
    pl = report["place"]
    assert pl["pressed"] is True and pl["marker"] == marker
    assert pl["command"] == next(m.command for m in game.rule_system().unit_markers(game.unit(pl["unit"]))
                                 if m.counter == marker)
    # the palette's piece, with its slot's gpid, on the unit's map, at its position, in its stack
    assert pl["gpid"] == pl["slot_gpid"] and pl["gpid"]
    assert pl["map"] == pl["unit_map"] and pl["at"] == pl["unit_at"] and pl["same_stack"] is True
    assert pl["index"] == (pl["unit_index"] + 1 if above else pl["unit_index"] - 1)
    label = game.unit(marker).get("designation")
    assert pl["chat"].startswith("* ") and f": {label} placed on " in pl["chat"]
    setup = next(e for e in res.events if e["type"] == "setup" and e["unit"] == pl["unit"])
    return {"type": "marker", "hex": setup["hex"], "marker": name or marker, "on": True, "unit": pl["unit"]}


def test_step_loss_restore_and_ownership_in_engine(tmp_path, engine_classpath) -> None:
    game, report, data = _run(tmp_path, engine_classpath, "arnhem44.json", "arnhem")
    step = report["step"]
    unit = game.unit(step["unit"])
    n = len(unit["steps"]["track"])
    # Restricted Access names the owning side: the other side may not use the piece, the owner may
    assert step["owner"] in report["sides"]
    assert step["restricted_for_other"] == "true" and step["other_pressed"] is False
    assert step["level_after_other"] == 1  # the Layer state, 1-based
    assert step["restricted_for_owner"] == "false"
    # Step loss raises the Steps layer one level per press, Restore lowers it; each reports itself
    assert step["levels"] == [1, 2, 3, 2]
    name = step["chat"][0].split(": ", 1)[1].split(" loses")[0]
    assert step["chat"][0].endswith(f"{name} loses a step (step 2 of {n})")
    assert step["chat"][1].endswith(f"loses a step (step 3 of {n})")
    assert step["chat"][2].endswith(f"{name} restores a step (step 2 of {n})")
    res = adapt(data, game, scenario="arnhem", name="pieces.vlog")
    assert res.warnings == []
    # the owner drags it into its side's Eliminated box: VASSAL names the box, the reader makes it a loss
    owner_name = step["owner"]
    assert step["eliminated"] == f"Eliminated — {owner_name}"
    assert _played(res) == [{"type": "loss", "unit": step["unit"], "steps": 1},
                            {"type": "loss", "unit": step["unit"], "steps": 1},
                            {"type": "replacement", "unit": step["unit"], "steps": 1},
                            {"type": "loss", "unit": step["unit"], "eliminated": True},
                            _placed(game, report, res, "marker.entrenched", above=False,
                                    name="entrenched")]


def test_mask_and_reveal_in_engine(tmp_path, engine_classpath) -> None:
    game, report, data = _run(tmp_path, engine_classpath, "minsk44.json", "historical")
    m = report["mask"]
    unit = game.unit(m["unit"])
    assert unit["faces"]["back"]["kind"] == "untried"
    assert m["by"] in report["sides"] and m["by"] == next(s["name"] for s in game.manifest["sides"]
                                                          if s["id"] == unit["side"])
    # the other side sees only the mask and cannot lift it
    assert m["other_obscured_to_me"] == "true" and m["other_name"] == "hidden" and m["other_revealed"] is False
    # the owner's reveal lifts it for everyone and reports it
    assert m["owner_obscured_to_others"] == "true" and m["revealed"] is True
    assert m["after_obscured_to_others"] == "false"
    assert m["chat"].endswith(": reveal/mask: " + m["after_name"]) and m["owner_name"] == m["after_name"] + "(hidden)"
    res = adapt(data, game, scenario="historical", name="pieces.vlog")
    assert res.warnings == []
    setup = next(e for e in res.events if e["type"] == "setup" and e["unit"] == m["unit"])
    assert setup["face"] == "back"  # set up masked: its untried side, as the scenario says
    assert _played(res) == [{"type": "reveal", "unit": m["unit"], "face": "front"},
                            _placed(game, report, res, "marker.suppressed", above=True, name="suppressed")]
