"""TiS checks on canonical logs against the bundled Arnhem 1944 data.

Expectations come from the rulebook and scenario sheet: [3.3] phase order with the Allies (initiative) first; the
Allied airborne divisions land on 17 IX (the first stage, 17 IX 2e); the Poles on 21 IX (historical) or on the day a
d6 picks (alternative: 1-2 19 IX, 3-4 20 IX, 5-6 21 IX); "17 IX, 3e – Liebsh – A"; play ends after 26 IX 3e.
"""

from __future__ import annotations

import json
import shutil

from modgen.report.check import check_bytes
from tests.data_helpers import REPO

ARNHEM = REPO / "games" / "arnhem44.json"
STAGES = {"17 IX 2e": 1, "17 IX 3e": 2, "19 IX 1e": 6, "20 IX 1e": 9, "21 IX 1e": 12}  # hand count, 3 a day


def _findings(*events: dict, scenario: str = "arnhem", options: dict | None = None) -> list[dict]:
    log = [{"type": "scenario_start", "game": "arnhem44", "scenario": scenario, "options": options or {}}, *events]
    data = "\n".join(json.dumps(e) for e in log).encode()
    return check_bytes(data, "t.jsonl", ARNHEM, scenario).to_dict()["findings"]


def _errors(*events: dict, **kw) -> list[dict]:
    return [f for f in _findings(*events, **kw) if f["severity"] == "error"]


def _stage(n: int, *events: dict) -> list[dict]:
    return [{"type": "turn", "turn": n}, *events]


def _phase(phase: str, side: str | None) -> dict:
    return {"type": "phase", "phase": phase, "side": side}


def _lz_hex(area: str) -> str:
    m = json.loads((REPO / "maps" / "arnhem44.json").read_text())["maps"][0]
    return next(a for a in m["areas"] if a["id"] == area)["hexes"][0]


def test_first_stage_in_order_with_the_airborne_landing_is_clean():
    lz = _lz_hex("lz_arnhem")
    errs = _errors(*_stage(1, _phase("weather", None), _phase("air", "allies"), _phase("airborne", "allies"),
                           {"type": "reinforcement", "unit": "gb.1ab.1para.1", "hex": lz},
                           _phase("movement", "allies"), _phase("combat", "allies"), _phase("air", "germans"),
                           _phase("movement", "germans")))
    assert errs == []


def test_german_phase_before_the_allied_ones_is_out_of_order():
    errs = _errors(*_stage(1, _phase("air", "germans"), _phase("air", "allies")))
    assert [e["rule"] for e in errs] == ["TIS 3.3"]
    assert "out of order" in errs[0]["message"]


def test_landing_outside_the_airborne_phase_is_an_error():
    lz = _lz_hex("lz_arnhem")
    errs = _errors(*_stage(1, _phase("movement", "allies"),
                           {"type": "reinforcement", "unit": "gb.1ab.1para.1", "hex": lz}))
    assert [e["rule"] for e in errs] == ["TIS 3.3"]


def test_poles_early_in_the_historical_variant_is_an_error():
    dz = _lz_hex("dz_polish")
    errs = _errors(*_stage(STAGES["20 IX 1e"], _phase("airborne", "allies"),
                           {"type": "reinforcement", "unit": "pl.1para.1", "hex": dz}))
    assert len(errs) == 1 and errs[0]["rule"] == "TIS scenario" and "21 IX 1e" in errs[0]["message"]


def test_poles_on_20_ix_are_fine_in_the_alternative_variant():
    dz = _lz_hex("dz_polish")
    events = _stage(STAGES["20 IX 1e"], _phase("airborne", "allies"),
                    {"type": "reinforcement", "unit": "pl.1para.1", "hex": dz})
    assert _errors(*events, options={"alternative": True}) == []
    # ... but not on a day the die cannot pick (18 IX).
    early = _stage(3, _phase("airborne", "allies"), {"type": "reinforcement", "unit": "pl.1para.1", "hex": dz})
    assert [e["rule"] for e in _errors(*early, options={"alternative": True})] == ["TIS scenario"]


def test_liebsh_enters_17_ix_3e_in_area_a():
    a_hex = _lz_hex("entry_a")
    ok = _stage(STAGES["17 IX 3e"], _phase("movement", "germans"),
                {"type": "reinforcement", "unit": "de.liebsh", "hex": a_hex})
    assert _errors(*ok) == []
    lz = _lz_hex("lz_arnhem")  # not in area A
    bad = _stage(STAGES["17 IX 3e"], _phase("movement", "germans"),
                 {"type": "reinforcement", "unit": "de.liebsh", "hex": lz})
    errs = _errors(*bad)
    assert len(errs) == 1 and "entry area entry_a" in errs[0]["message"]


def test_stage_30_is_past_26_ix_3e():
    errs = _errors({"type": "turn", "turn": 29}, {"type": "turn", "turn": 30})
    assert [e["rule"] for e in errs] == ["TIS 3.1"]


def test_landing_outside_the_zone_is_only_a_warning():
    # Scenario IV notes: if the Germans capture chosen LZs the Allied player may decide where to drop.
    found = _findings(*_stage(1, _phase("airborne", "allies"),
                              {"type": "reinforcement", "unit": "gb.1ab.1para.1", "hex": "0101"}))
    assert [(f["rule"], f["severity"]) for f in found] == [("TIS scenario", "warning")]


def test_interleaved_phase_order_policy(tmp_path):
    # Policy phase_order = interleaved: each phase is played by both players before the next phase.
    for d in ("counters", "maps", "scenarios"):  # copies: a symlink out of the workspace is refused (issue #12)
        shutil.copytree(REPO / d, tmp_path / d)
    (tmp_path / "games").mkdir()
    manifest = json.loads(ARNHEM.read_text())
    manifest["rules"]["policies"] = {"phase_order": "interleaved"}
    path = tmp_path / "games" / "arnhem44.json"
    path.write_text(json.dumps(manifest))
    events = [{"type": "scenario_start", "game": "arnhem44", "scenario": "arnhem", "options": {}},
              *_stage(1, _phase("air", "allies"), _phase("air", "germans"), _phase("airborne", "allies"))]
    data = "\n".join(json.dumps(e) for e in events).encode()
    found = check_bytes(data, "t.jsonl", path, "arnhem").to_dict()["findings"]
    assert [f for f in found if f["severity"] == "error"] == []
    # The same log breaks the default (player_blocks) order: the German air phase ends the Allied half.
    assert [e["rule"] for e in _errors(*events[1:])] == ["TIS 3.3"]
