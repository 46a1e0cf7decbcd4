"""The map picture of findings (`modgen check --map-image`, the sidecar overlay): numbered badges on the findings'
hexes, the same numbers in the text and JSON reports, arrows from attackers to defender, units where they stand at
the end of the log, and table maps (Flames of War) in inches."""

from __future__ import annotations

import json

import pytest

from modgen.data.model import load_game
from modgen.draw.findingsdraw import SEVERITY_COLOURS
from modgen.geometry.hexgrid import Grid
from modgen.logs import eventlog
from modgen.report.check import check_bytes, format_text
from modgen.report.mapview import MapView
from modgen.report.picture import render_findings, replay
from modgen.rules.findings import Finding
from tests.data_helpers import REPO

MAGENTA = SEVERITY_COLOURS["error"]
MINSK = REPO / "games" / "minsk44.json"
VIOLATIONS = REPO / "logs" / "minsk44" / "violations.jsonl"
HEX_PX = 60


def _near(px: tuple[int, ...], colour: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], colour, strict=True))


def _window(img, x: float, y: float, r: int) -> list[tuple[int, ...]]:
    return [img.getpixel((round(x) + dx, round(y) + dy)) for dx in range(-r, r + 1) for dy in range(-r, r + 1)]


@pytest.fixture(scope="module")
def minsk():
    return load_game(MINSK)


@pytest.fixture(scope="module")
def attack_log() -> list[dict]:
    """The Minsk violations log with one more planted error: 3 GTC/20, at 3405, joins the attack on 3210."""
    events = eventlog.read_events(VIOLATIONS)
    for e in events:
        e.pop("source", None)
        if e["i"] == 210:
            e["attackers"] = [*e["attackers"], "su.3gtc.20"]
    return events


@pytest.fixture(scope="module")
def attack_picture(minsk, attack_log):
    data = "\n".join(json.dumps(e) for e in attack_log).encode()
    report = check_bytes(data, "attack.jsonl", minsk)
    return report, render_findings(report, minsk, events=attack_log, hex_px=HEX_PX)


def _centre(game, label: str) -> tuple[float, float]:
    grid = Grid.from_map(game.map("main"))
    return grid.exact_center(*grid.position(label), HEX_PX)


def test_numbers_in_text_and_json(minsk):
    report = check_bytes(VIOLATIONS.read_bytes(), "violations.jsonl", minsk)
    text = format_text(report)
    rows = [line.split()[0] for line in text.splitlines() if line.startswith("  #")]
    assert rows == ["#1", "#2", "#3"]
    view = MapView(minsk, hex_px=HEX_PX)
    doc = view.annotate(report.to_dict())
    assert [f["number"] for f in doc["findings"]] == [1, 2, 3]
    overstack = doc["findings"][2]["overlay"]
    assert overstack["badge"] == pytest.approx(_centre(minsk, "3601"), abs=0.1)
    assert len(overstack["rings"]) == 1 and len(overstack["rings"][0]) == 6  # a hexagon, not a circle


def test_badges_sit_on_the_finding_hexes(minsk, attack_picture):
    report, img = attack_picture
    numbers = {f.rule: n for n, f in enumerate(report.findings, start=1)}
    assert numbers["EFB 9.1"] > 1  # the badge for a later finding carries a later number
    for label in ("3601", "2901"):  # the overstack and the reinforcement outside its entry area
        x, y = _centre(minsk, label)
        px = _window(img, x, y, 6)
        # the magenta disc and the white digits of its number
        assert sum(_near(p, MAGENTA) for p in px) > 20, label
        assert sum(_near(p, (255, 255, 255), 30) for p in px) > 5, label


def test_arrow_from_attacker_to_defender(minsk, attack_picture):
    report, img = attack_picture
    far = [f for f in report.findings if f.rule == "EFB 11.5"]
    assert far and far[0].hexes[0] == "3405"  # the far attacker first, then where the attackers and defenders stand
    (ax, ay), (dx, dy) = _centre(minsk, "3405"), _centre(minsk, "3210")
    for t in (0.4, 0.5, 0.6):  # along the arrow's shaft, far from either badge
        assert _near(img.getpixel((round(ax + t * (dx - ax)), round(ay + t * (dy - ay)))), MAGENTA), t


def test_units_drawn_where_the_log_leaves_them(minsk, attack_log, attack_picture):
    _, img = attack_picture
    pos = replay(attack_log).where
    # the defenders retreated to 3111; 3 GTC/20 ended its (illegal) move in 4505
    assert pos["de.31id.17"] == "3111" and pos["su.3gtc.20"] == "4505"
    bare = render_findings(check_bytes(b"", "empty.jsonl", minsk), minsk, hex_px=HEX_PX, legend=False)
    for label in ("3111", "3718"):  # 3718: a German division HQ that never moved, no finding near it
        x, y = _centre(minsk, label)
        changed = sum(p != q for p, q in zip(_window(img, x, y, 8), _window(bare, x, y, 8), strict=True))
        assert changed > 100, label  # a counter covers the hex centre
    occupied = set(pos.values())
    empty = next(h for h in ("0110", "0210", "0310", "0410") if h not in occupied)  # far west, away from findings
    x, y = _centre(minsk, empty)  # an empty hex stays bare
    assert _window(img, x, y, 8) == _window(bare, x, y, 8)


def _fow_log() -> list[dict]:
    # Sherman 2 stands outside the American zone (p.97) but In Command of Sherman 1 (p.93)
    setups = [("us.sherman.1", [26, 42], 0), ("us.sherman.2", [30, 35], 0), ("de.pz4h.1", [28, 6], 180),
              ("de.pz4h.2", [34, 6], 180)]
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}}]
    log += [{"type": "setup", "unit": u, "pos": p, "facing": f, "face": "front"} for u, p, f in setups]
    log += [{"type": "turn", "turn": 1}, {"type": "phase", "phase": "starting", "side": "us"},
            {"type": "phase", "phase": "movement", "side": "us"},
            {"type": "move", "unit": "us.sherman.1", "from_pos": [26, 42], "to_pos": [24, 34], "facing": 0},
            {"type": "phase", "phase": "shooting", "side": "us"},
            {"type": "attack", "attackers": ["us.sherman.1"], "defenders": ["de.pz4h.2"]}]
    return [{**e, "i": n} for n, e in enumerate(log)]


def test_table_map_findings_units_and_arrows():
    game = load_game(REPO / "games" / "fow.json")
    log = _fow_log()
    report = check_bytes("\n".join(json.dumps(e) for e in log).encode(), "fow.jsonl", game)
    assert [(f.rule, f.units) for f in report.findings if f.severity == "error"] == [("FoW p.97", ["us.sherman.2"])]
    # FoW does not check shooting yet: a finding on the attack event shows how its arrow is drawn
    attack = log[-1]
    assert attack["type"] == "attack"
    report.findings.append(Finding(rule="FoW p.40", severity="error", message="out of range",
                                   event_index=attack["i"], event=attack, units=["us.sherman.1", "de.pz4h.2"]))
    ppi = 20
    img = render_findings(report, game, events=log, px_per_inch=ppi)
    bare = render_findings(report, game, px_per_inch=ppi, units=False, legend=False)
    # finding 1's badge at the deployed position, in inches on the table
    assert sum(_near(p, MAGENTA) for p in _window(img, 30 * ppi, 35 * ppi, 6)) > 20
    # the arrow from the Sherman's end position (24, 34) to the Panzer at (34, 6)
    ax, ay, dx, dy = 24 * ppi, 34 * ppi, 34 * ppi, 6 * ppi
    assert _near(img.getpixel((round((ax + dx) / 2), round((ay + dy) / 2))), MAGENTA)
    # the units stand on the table as labelled bases: at the moved Sherman's new place, not its old one
    x, y = 24 * ppi, 34 * ppi + 0.6 * ppi  # just inside the base, below the arrow's tail
    assert img.getpixel((round(x), round(y))) != bare.getpixel((round(x), round(y)))
    old = _window(img, 26 * ppi, 42 * ppi, 5)
    no_units = render_findings(report, game, px_per_inch=ppi, units=False)
    assert old == _window(no_units, 26 * ppi, 42 * ppi, 5)
    # the legend row for finding 2 makes the image taller than the bare map
    assert img.height > bare.height


def test_cli_writes_the_picture(tmp_path, capsys):
    from PIL import Image

    from modgen.cli import main

    out = tmp_path / "v.png"
    assert main(["check", str(VIOLATIONS), "--game", str(MINSK), "--map-image", str(out)]) == 1
    assert "#3 ERROR" in capsys.readouterr().out
    with Image.open(out) as img:
        assert img.format == "PNG" and img.height > 1000


def test_attack_findings_carry_attacker_and_defender_hexes(attack_picture):
    """The engine's finding builder records where an attack's units stand; the JSON has them only when set."""
    report, _ = attack_picture
    far = next(f for f in report.findings if f.rule == "EFB 11.5")
    assert (far.attacker_hexes, far.defender_hexes) == (["3209", "3405"], ["3210"])
    doc = far.to_dict()
    assert (doc["attacker_hexes"], doc["defender_hexes"]) == (["3209", "3405"], ["3210"])
    assert "attacker_positions" not in doc  # a hex map: no table positions
    overstack = next(f for f in report.findings if f.rule == "EFB 9.1").to_dict()
    assert "attacker_hexes" not in overstack and "defender_hexes" not in overstack


def test_arrows_come_from_the_findings_own_hexes_when_it_has_them():
    from modgen.report.picture import Positions, marks

    attack = {"type": "attack", "attackers": ["a"], "defenders": ["d"], "i": 7}
    then = Positions(at={7: {"a": "0101", "d": "0102"}})
    derived = Finding(rule="X 1", severity="error", message="m", event_index=7, event=attack)
    assert marks([derived], then)[0].arrows == [("0101", "0102")]  # re-derived from the event as a fallback
    carried = Finding(rule="X 1", severity="error", message="m", event_index=7, event=attack,
                      attacker_hexes=["0505", "0507"], defender_hexes=["0506"])
    assert marks([carried], then)[0].arrows == [("0505", "0506"), ("0507", "0506")]
    # the same from the JSON the sidecar and `check --json` give
    assert marks([carried.to_dict()])[0].arrows == [("0505", "0506"), ("0507", "0506")]


def test_table_attack_findings_carry_positions():
    """On a table the finding builder records the attackers' and defenders' positions in inches."""
    from modgen.rules import engine
    from modgen.systems.base import RuleSystem

    class Flag:
        def before(self, ctx, event):
            if event["type"] == "attack":
                ctx.error("T 1", "planted")

    class Plugin(RuleSystem):
        def checkers(self, ctx):
            return [Flag()]

    game = load_game(REPO / "games" / "fow.json")
    report = engine.run(game, _fow_log(), plugin=Plugin(id="t", rule_prefix="T"))
    (f,) = [f for f in report.findings if f.rule == "T 1"]
    assert (f.attacker_positions, f.defender_positions) == ([[24.0, 34.0]], [[34.0, 6.0]])
    assert f.to_dict()["attacker_positions"] == [[24.0, 34.0]] and not f.attacker_hexes
