"""Rule-family coverage: every plugin declares its families; reports say what was checked and what was not, and
never "No rules problems found" while families went unchecked."""

from __future__ import annotations

import copy

import pytest
from conftest import GAMES_DIR

from modgen.data.model import load_game
from modgen.report.check import check_bytes, format_text
from modgen.systems import FAMILIES, systems

LOG = b'{"type": "turn", "turn": 1}\n'


def test_every_plugin_declares_families_from_the_shared_vocabulary() -> None:
    for sid, plugin in systems().items():
        ids = [f.id for f in plugin.families]
        assert ids and len(ids) == len(set(ids)), sid
        assert set(ids) <= set(FAMILIES), (sid, set(ids) - set(FAMILIES))


@pytest.mark.parametrize(("game", "system", "unchecked"), [
    ("stormsofsteel", "coh", ["reinforcements"]),  # CoH checks activation, fire, LOS, forts, air, 21.0 (issue #17)
])
def test_partial_plugins_list_what_they_do_not_check(game: str, system: str, unchecked: list[str]) -> None:
    report = check_bytes(LOG, "t.jsonl", load_game(GAMES_DIR / f"{game}.json"))
    assert report.findings == []
    cov = report.to_dict()["coverage"]
    assert cov["system"] == system and "sequence" in cov["checked"]
    assert set(unchecked) <= set(cov["not_implemented"])
    text = format_text(report)
    assert "No rules problems found" not in text
    assert "No problems found in the families checked (sequence of play" in text
    assert f"(not implemented by the {system} plugin)" in text


def test_fow_declares_every_family_checked_with_notes_on_what_it_leaves() -> None:
    # issue #18: every FoW family is checked in part; each family's note names the rules it leaves out
    report = check_bytes(LOG, "t.jsonl", load_game(GAMES_DIR / "fow.json"))
    cov = report.to_dict()["coverage"]
    assert cov["not_implemented"] == [] and {"air", "reinforcements", "artillery"} <= set(cov["checked"])
    from modgen.rules.fow import plugin
    assert all("not checked" in (f.note or "") for f in plugin.families if f.id in ("air", "reinforcements"))


def test_tis_declares_every_family_checked_with_notes_on_what_it_leaves() -> None:
    # issue #16: line of sight [3.5] and the FaR morale roll [15.4] were TiS's last unchecked families
    report = check_bytes(LOG, "t.jsonl", load_game(GAMES_DIR / "arnhem44.json"))
    cov = report.to_dict()["coverage"]
    assert cov["system"] == "tis" and cov["not_implemented"] == []
    assert {"line_of_sight", "morale", "fire", "sequence"} <= set(cov["checked"])
    from modgen.rules.tis import plugin
    assert all("not checked" in (f.note or "") for f in plugin.families if f.id in ("line_of_sight", "morale"))


def test_efb_checks_every_family_and_says_so() -> None:
    report = check_bytes(LOG, "t.jsonl", load_game(GAMES_DIR / "minsk44.json"))
    assert report.coverage is not None and report.coverage.complete
    assert format_text(report).endswith("No rules problems found (families checked: sequence of play, events and "
                                        "weather, reinforcements, replacements, command, movement, stacking, zones "
                                        "of control, combat, ranged fire, morale and recovery, air, supply, "
                                        "fortifications, victory).\n")


def test_missing_table_makes_its_families_could_not_check() -> None:
    game = load_game(GAMES_DIR / "minsk44.json")
    game.manifest = copy.deepcopy(game.manifest)
    del game.manifest["rules"]["tables"]["crt"]
    report = check_bytes(LOG, "t.jsonl", game)
    cov = report.coverage
    assert cov is not None and "combat" not in cov.checked and "movement" in cov.checked
    assert cov.could_not_check == {"combat": "the game has no rules table 'crt'"}
    assert "not checked: combat (could not check: the game has no rules table 'crt')" in format_text(report)


def test_a_could_not_check_finding_marks_its_family() -> None:
    from modgen.rules import engine
    from modgen.rules.findings import Finding

    game = load_game(GAMES_DIR / "minsk44.json")
    missing = Finding("EFB 11.2", "could-not-check", "could not check: the game data has no Mobile CRT")
    other = Finding("EFB 110.2", "could-not-check", "could not check: not a combat rule")
    cov = engine.coverage(game.rule_system(), game.manifest["rules"]["tables"], [missing, other])
    assert cov.could_not_check == {"combat": "in part (EFB 11.2: the game data has no Mobile CRT)"}
    assert "fire" in cov.checked and "combat" not in cov.checked


def test_a_plugin_without_families_reports_everything_unchecked() -> None:
    from modgen.rules import engine
    from modgen.rules.findings import Finding

    class Bare:
        id = "bare"
        rule_prefix = "B"

    cov = engine.coverage(Bare(), {}, [Finding("B 1", "error", "x")])
    assert not cov.declared and not cov.complete
    assert cov.summary() == "Families checked: none; not checked: every rule family (the bare plugin declares none)."


def test_coh_hit_counter_dropped_on_a_unit_is_a_marker_on_it() -> None:
    from vassal_logs import add, log_text, piece, save_text, stack, vsav

    from modgen.vassal.adapter import adapt

    game = load_game(GAMES_DIR / "stormsofsteel.json")
    unit = next(u for u in game.units if u.get("kind") == "unit")
    hit = next(u for u in game.units if u.get("kind") == "hit")
    main = game.maps[0]["id"]
    tu = piece("101", "U", main, 300, 300, unit=unit["id"], game=game.id, faces=tuple(unit["faces"]))
    th = piece("102", "H", "hit_pool", 10, 10, unit=hit["id"], game=game.id, faces=tuple(hit["faces"]))
    save = save_text([add("101", *tu), add("102", *th), stack("201", main, 300, 300, "101")])
    res = adapt(vsav(log_text(save, [[f"M/102/{main}/300/300/null/hit_pool/10/10/null/bob"]]), module=game.id), game)
    hexed = next(e for e in res.events if e["type"] == "setup" and e["unit"] == unit["id"])
    assert "hex" in hexed, res.events
    after = [e for e in res.events if e.get("i", 0) > hexed["i"] and e["type"] != "setup"]
    assert [(e["type"], e.get("unit"), e.get("marker"), e.get("on")) for e in after] == [
        ("marker", unit["id"], hit["id"], True)]
