"""The plugin interface proven from outside: tests/plugin_pkg (a fifth rule system, "skirmish", with its own entry
point, phase list, event kind, chat verb, counter role and check) is installed into a temporary virtualenv, and the
installed `modgen` validates its game, builds it into a module and checks logs end to end. Nothing in modgen knows
the system.

The virtualenv sees this checkout's modgen and its dependencies through a .pth file (so nothing is downloaded);
the plugin is installed into it by pip from its own pyproject.toml, like any third-party package.
"""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import venv
import zipfile
from pathlib import Path

import pytest
from vassal_logs import add, log_text, piece, save_text, stack, vsav

from modgen.logs import chat
from modgen.systems import systems

REPO = Path(__file__).resolve().parent.parent
PKG = REPO / "tests" / "plugin_pkg"
# Hex centres at hex_px 100 on the 6x5 flat map: 0203 (194,350), 0303 (281,300), 0505 (454,500).


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fresh virtualenv with the skirmish plugin pip-installed, and a copy of its game workspace."""
    tmp = tmp_path_factory.mktemp("plugin")
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp)
    # this checkout first (its modgen), then the running interpreter's packages (modgen's dependencies, pip,
    # setuptools); the plugin itself comes only from the venv
    (Path(purelib.stdout.strip()) / "_modgen_dev.pth").write_text(
        "\n".join([str(REPO), *site.getsitepackages()]) + "\n")
    src = tmp / "plugin_pkg"
    shutil.copytree(PKG, src, ignore=shutil.ignore_patterns("workspace", "build", "*.egg-info", "__pycache__"))
    installed = _run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                      "--no-index", str(src)], tmp)
    assert installed.returncode == 0, installed.stderr[-3000:]
    work = tmp / "work"
    shutil.copytree(PKG / "workspace", work / "ws")
    return {"python": python, "work": work}


def modgen(env: dict[str, Path], *args: str) -> subprocess.CompletedProcess[str]:
    return _run([str(env["python"]), "-m", "modgen", *args], env["work"])


def test_the_plugin_is_not_part_of_modgen() -> None:
    assert "skirmish" not in systems()
    assert not (REPO / "modgen" / "rules" / "skirmish").exists()


def test_installed_plugin_validates_and_builds_its_game(env: dict[str, Path]) -> None:
    listed = _run([str(env["python"]), "-c", "from modgen.systems import systems; print(sorted(systems()))"],
                  env["work"])
    assert listed.stdout.strip() == "['coh', 'efb', 'fow', 'skirmish', 'tis']", listed.stderr
    valid = modgen(env, "validate", "ws/games/skirmish.json")
    assert (valid.returncode, valid.stdout, valid.stderr) == (0, "", "ws/games/skirmish.json: valid\n")
    built = modgen(env, "build", "ws/games/skirmish.json", "-o", "skirmish.vmod")
    assert built.returncode == 0, built.stderr
    with zipfile.ZipFile(env["work"] / "skirmish.vmod") as z:
        buildfile = z.read("buildFile.xml").decode()
    assert "Entrenchment" in buildfile  # the plugin's phase list drives the module's turn tracker


def test_canonical_log_with_the_plugins_event_kind(env: dict[str, Path]) -> None:
    events = [
        {"type": "scenario_start", "game": "skirmish", "scenario": "mill"},
        {"type": "setup", "unit": "blue.1", "hex": "0203"},
        {"type": "setup", "unit": "red.1", "hex": "0505"},
        {"type": "turn", "turn": 1},
        {"type": "phase", "phase": "movement", "side": "blue"},
        {"type": "move", "unit": "blue.1", "from": "0203", "to": "0303"},
        {"type": "dig_in", "unit": "red.1", "depth": 1},
        {"type": "phase", "phase": "entrench", "side": "blue"},
        {"type": "dig_in", "unit": "blue.1"},
    ]
    log = env["work"] / "game.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    checked = modgen(env, "check", "game.jsonl", "--game", "ws/games/skirmish.json", "--json")
    assert checked.returncode == 1, checked.stderr
    report = json.loads(checked.stdout)
    assert [(f["rule"], f["event_index"], f["units"]) for f in report["findings"]] == [
        ("SK 5.1", 6, ["red.1"]), ("SK 5.1", 8, ["blue.1"])]
    assert "during the movement phase" in report["findings"][0]["message"]
    assert "after moving" in report["findings"][1]["message"]
    assert report["coverage"]["checked"] == ["fortifications"]
    assert report["coverage"]["not_implemented"] == ["movement", "combat"]
    text = modgen(env, "check", "game.jsonl", "--game", "ws/games/skirmish.json")
    assert "not checked: movement, combat (not implemented by the skirmish plugin)" in text.stdout

    # the plugin's schema fragment is enforced like the core's: one line naming the file, line and field
    log.write_text(json.dumps(events[0]) + "\n" + json.dumps({"type": "dig_in", "depth": 1}) + "\n")
    bad = modgen(env, "check", "game.jsonl", "--game", "ws/games/skirmish.json")
    assert bad.returncode == 1 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "game.jsonl:2: /unit: dig_in event needs 'unit'" in bad.stderr


def _vlog() -> bytes:
    blue = piece("101", "1st Platoon", "main", 194, 350, unit="blue.1", game="skirmish", side="blue",
                 faces=("front",))
    red = piece("102", "Red Platoon", "main", 454, 500, unit="red.1", game="skirmish", side="red", faces=("front",))
    hole = piece("103", "Foxhole", "pool", 10, 10, unit="foxhole", game="skirmish", side="", faces=("front",))
    save = save_text([add("101", *blue), add("102", *red), add("103", *hole),
                      stack("201", "main", 194, 350, "101"), stack("202", "main", 454, 500, "102")])
    steps = [
        ["CHAT&lt;Alice&gt; - !turn 1"],
        ["CHAT&lt;Alice&gt; - !phase movement blue"],
        ["M/101/main/281/300/null/main/194/350/null/alice", stack("203", "main", 281, 300, "101")],
        ["CHAT&lt;Alice&gt; - !dig 0303"],  # in the movement phase: SK 5.1
        ["CHAT&lt;Alice&gt; - !dig 0303 shallow"],  # not understood: a warning naming the column
        ["CHAT&lt;Bob&gt; - !phase entrench red"],
        ["CHAT&lt;Bob&gt; - !dig \"Red Platoon\" deep"],  # legal
        ["M/103/main/454/500/null/pool/10/10/null/bob"],  # a foxhole dropped on the platoon
    ]
    return vsav(log_text(save, steps), module="skirmish")


def test_vassal_log_with_the_plugins_chat_verb_and_counter(env: dict[str, Path]) -> None:
    (env["work"] / "game.vlog").write_bytes(_vlog())
    decoded = modgen(env, "log", "game.vlog", "--game", "ws/games/skirmish.json", "--json")
    assert decoded.returncode == 0, decoded.stderr
    events = [json.loads(line) for line in decoded.stdout.splitlines() if line.strip()]
    digs = [{k: e[k] for k in ("unit", "depth") if k in e} for e in events if e["type"] == "dig_in"]
    assert digs == [{"unit": "blue.1"}, {"unit": "red.1", "depth": 2}]
    markers = [e for e in events if e["type"] == "marker"]
    assert [(m["unit"], m["marker"], m["on"]) for m in markers] == [("red.1", "foxhole", True)]
    assert not any(e["type"] in ("move", "reinforcement") and e.get("unit") == "foxhole" for e in events)

    checked = modgen(env, "check", "game.vlog", "--game", "ws/games/skirmish.json")
    assert checked.returncode == 1, checked.stderr
    errors = [line for line in checked.stdout.splitlines() if " ERROR " in line]
    assert len(errors) == 1 and "SK 5.1" in errors[0]
    assert "1st Platoon (Blue) digs in during the movement phase" in errors[0]
    assert "column 11: expected 'deep' or end of line, got 'shallow'" in checked.stdout


def test_plugin_verbs_cannot_shadow_core_verbs() -> None:
    class Clash:
        id = "clash"

        def chat_verbs(self) -> dict:
            return {"attack": lambda p: {"type": "attack"}}

    with pytest.raises(Exception, match="redefines the core chat verb !attack"):
        chat.verbs_for(Clash())


def test_plugin_verb_errors_name_the_column() -> None:
    def parse_dig(p: chat.Parser) -> dict:
        return {"type": "dig_in", "unit": p.targets("a unit to dig in")[0]}

    assert chat.parse("!dig 0303", {"dig": parse_dig}).event == {"type": "dig_in", "unit": "0303"}
    with pytest.raises(chat.ChatSyntaxError) as exc:
        chat.parse("!dig 0303 now", {"dig": parse_dig})
    assert exc.value.column == 11
    with pytest.raises(chat.ChatSyntaxError, match="expected a unit to dig in"):
        chat.parse("!dig", {"dig": parse_dig})
    with pytest.raises(chat.ChatSyntaxError, match="!dig"):
        chat.parse("!dog 1", {"dig": parse_dig})  # unknown verbs list the plugin's too
