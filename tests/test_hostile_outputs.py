"""Issue #12, outputs: nothing lost, nothing half-written (README: "Outputs").

Every output option of every command refuses a device, FIFO, folder or symbolic link, and any file the command reads;
a killed or failed run leaves no temporary file and no partial set of PNGs; a full disk names the output. Each case
runs the real CLI in a subprocess under the memory and time caps of tests/hostile.py.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import vassal_fixture as vf
import vassal_logs as vl
from conftest import REPO
from hostile import MEMORY_BYTES, WALL_SECONDS, Bounded, assert_one_line_error, run_bounded

from modgen.cli.common import PROGRESS
from modgen.data.model import load_game

ENV = {"PYTHONPATH": str(REPO)}
REFUSED = "refusing to write"


def modgen(*args: object, cwd: Path | None = None) -> Bounded:
    return run_bounded([str(a) for a in args], cwd=cwd, env=ENV)


def leftovers(folder: Path) -> list[str]:
    """Temporary outputs (``.NAME.*.part`` files and folders) anywhere under ``folder``."""
    return sorted(p.name for p in folder.rglob("*.part"))


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    """The tiny fixture workspace (manifest, counters, maps, scenario, rules PDF); returns the manifest."""
    return vf.write_workspace(tmp_path / "ws")


@pytest.fixture
def vsav(tmp_path: Path) -> Path:
    path = tmp_path / "h.vsav"
    path.write_bytes(vl.vsav(vl.save_text([])))
    return path


@pytest.fixture
def minsk(tmp_path: Path) -> Path:
    """A copy of the bundled Minsk '44 workspace and its logs (an output check that failed must not hit the repo)."""
    root = tmp_path / "minsk"
    for rel in ("games/minsk44.json", "counters/minsk44.json", "maps/minsk44.json", "scenarios/minsk44",
                "logs/minsk44/legal.jsonl"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree if (REPO / rel).is_dir() else shutil.copy)(REPO / rel, root / rel)
    return root / "games" / "minsk44.json"


# ---- special files ---------------------------------------------------------------------------------------------
def test_sheet_onto_a_device_is_refused(tmp_path: Path, ws: Path) -> None:
    # as root (CI) the real /dev/null, which `sheet -o /dev/null` used to replace with a regular PDF; else a FIFO
    root = os.geteuid() == 0
    target = Path("/dev/null") if root else tmp_path / "fifo"
    if not root:
        os.mkfifo(target)
    result = modgen("sheet", ws, "-o", target, "--no-validate", "-j", "1")
    assert_one_line_error(result, REFUSED, str(target), "a character device" if root else "a FIFO")
    assert (stat.S_ISCHR if root else stat.S_ISFIFO)(target.lstat().st_mode)
    assert leftovers(target.parent) == [] if not root else not list(Path("/dev").glob(".null.*.part"))


def _special(tmp_path: Path, kind: str, name: str) -> Path:
    target = tmp_path / name
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "link":
        (tmp_path / "victim").write_text("precious")
        target.symlink_to(tmp_path / "victim")
    elif kind == "dangling":
        target.symlink_to(tmp_path / "elsewhere")
    elif kind == "dir":
        target.mkdir()
    elif kind == "file":
        target.write_text("precious")
    return target


def _untouched(tmp_path: Path, kind: str, target: Path) -> None:
    mode = target.lstat().st_mode
    assert {"fifo": stat.S_ISFIFO, "link": stat.S_ISLNK, "dangling": stat.S_ISLNK, "dir": stat.S_ISDIR,
            "file": stat.S_ISREG}[kind](mode)
    if kind == "link":
        assert (tmp_path / "victim").read_text() == "precious"
    if kind == "dangling":
        assert not (tmp_path / "elsewhere").exists()
    if kind == "dir":
        assert list(target.iterdir()) == []
    if kind == "file":
        assert target.read_text() == "precious"
    assert leftovers(tmp_path) == []


# (command line with {out} for the output, kind of file at the output, what the message says it is)
SPECIAL = [
    ("map {ws} -o {out}", "link", "out.png", "a symbolic link"),
    ("map {ws} -o {out}", "dangling", "out.pdf", "a symbolic link"),
    ("build {ws} -o {out} --no-validate -j 1", "dir", "out.vmod", "a directory"),
    ("log {vsav} -o {out}", "fifo", "out.jsonl", "a FIFO"),
    ("log {vsav} --game {ws} -o {out}", "link", "out.jsonl", "a symbolic link"),
    ("check {log} --game {minsk} --map-image {out}", "link", "out.png", "a symbolic link"),
    ("counters {ws} -o {out} --no-validate -j 1", "fifo", "pngs", "a FIFO"),
    ("counters {ws} -o {out} --no-validate -j 1", "file", "pngs", "a file"),
    ("counters {ws} -o {out} --no-validate -j 1", "link", "pngs", "a symbolic link"),
]


@pytest.mark.parametrize(("line", "kind", "name", "said"), SPECIAL,
                         ids=[f"{s[0].split()[0]}-{s[1]}-{s[2]}" for s in SPECIAL])
def test_output_onto_a_special_file_is_refused(tmp_path: Path, ws: Path, vsav: Path, line: str, kind: str,
                                              name: str, said: str, request: pytest.FixtureRequest) -> None:
    paths = {"ws": ws, "vsav": vsav}
    if "{minsk}" in line:
        paths["minsk"] = request.getfixturevalue("minsk")
        paths["log"] = paths["minsk"].parent.parent / "logs" / "minsk44" / "legal.jsonl"
    target = _special(tmp_path, kind, name)
    result = modgen(*line.format(out=target, **paths).split())
    assert_one_line_error(result, REFUSED, str(target), said)
    _untouched(tmp_path, kind, target)


def test_new_never_writes_onto_a_fifo(tmp_path: Path) -> None:
    (tmp_path / "g" / "games").mkdir(parents=True)
    os.mkfifo(tmp_path / "g" / "games" / "g.json")
    result = modgen("new", tmp_path / "g")
    assert_one_line_error(result, "refusing to overwrite", "g.json")
    assert stat.S_ISFIFO((tmp_path / "g" / "games" / "g.json").lstat().st_mode)
    assert sorted(p.name for p in (tmp_path / "g").iterdir()) == ["games"]


# ---- an output that is an input ---------------------------------------------------------------------------------
def test_map_onto_its_own_inputs_is_refused(tmp_path: Path, ws: Path) -> None:
    before = {p: p.read_bytes() for p in ws.parent.iterdir()}
    os.link(ws.parent / "maps.json", tmp_path / "hardlinked.png")  # another name for the map file
    for out in (ws, ws.parent / "maps.json", ws.parent / "rules.pdf", tmp_path / "hardlinked.png"):
        result = modgen("map", ws, "-o", out)
        assert_one_line_error(result, REFUSED, str(out), "one of this command's inputs")
    assert {p: p.read_bytes() for p in ws.parent.iterdir()} == before
    assert leftovers(tmp_path) == []


def test_map_onto_the_bundled_layout_manifest_is_refused(minsk: Path) -> None:
    # the case of the report, `modgen map games/minsk44.json -o games/minsk44.json`, on a copy of the workspace
    before = minsk.read_bytes()
    result = modgen("map", "games/minsk44.json", "-o", "games/minsk44.json", cwd=minsk.parent.parent)
    assert_one_line_error(result, REFUSED, "games/minsk44.json", "inputs")
    assert minsk.read_bytes() == before


def test_log_onto_its_own_inputs_is_refused(ws: Path, vsav: Path) -> None:
    before = vsav.read_bytes()
    assert_one_line_error(modgen("log", vsav, "-o", vsav), REFUSED, str(vsav), "inputs")
    assert_one_line_error(modgen("log", vsav, "--game", ws, "-o", vsav), REFUSED, str(vsav), "inputs")
    counters = ws.parent / "counters.json"
    counters_before = counters.read_bytes()
    assert_one_line_error(modgen("log", vsav, "--game", ws, "-o", counters), REFUSED, str(counters), "inputs")
    assert vsav.read_bytes() == before and counters.read_bytes() == counters_before


def test_check_map_image_onto_its_own_inputs_is_refused(minsk: Path) -> None:
    root = minsk.parent.parent
    log = root / "logs" / "minsk44" / "legal.jsonl"
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    for out in ("maps/minsk44.json", "logs/minsk44/legal.jsonl", "scenarios/minsk44/historical.json"):
        result = modgen("check", log, "--game", minsk, "--map-image", out, cwd=root)
        assert_one_line_error(result, REFUSED, out, "inputs")
        assert result.stdout == ""  # refused before the check ran
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_counters_never_overwrite_artwork(tmp_path: Path) -> None:
    # a counter's artwork is an input too: `-o` onto the folder holding it, where a face PNG has the same name
    counters = json.loads(json.dumps(vf.COUNTERS))
    counters["counters"][2]["image"] = "b.inf.front.png"  # the name `counters` gives the face it renders from it
    ws = vf.write_workspace(tmp_path / "ws", counters=counters)
    art = ws.parent / "b.inf.front.png"
    from PIL import Image

    Image.new("RGB", (40, 40), "red").save(art)
    before = art.read_bytes()
    assert art in [p.resolve() for p in load_game(ws).input_files()]
    result = modgen("counters", ws, "-o", ws.parent, "--no-validate", "-j", "1")
    assert_one_line_error(result, REFUSED, str(art), "inputs")
    assert art.read_bytes() == before and not list(ws.parent.glob("r.1*.png")) and leftovers(tmp_path) == []


def test_input_files_lists_every_file_of_the_workspace(tmp_path: Path) -> None:
    maps = json.loads(json.dumps(vf.MAPS))
    maps["maps"][0]["image"] = "boards/main.png"
    counters = json.loads(json.dumps(vf.COUNTERS))
    counters["counters"][0]["image"] = "art/front.png"
    counters["counters"][0]["faces"]["back"]["image"] = "art/back.png"
    counters["counters"][1]["image"] = 7  # unvalidated junk is skipped, not a crash
    ws = vf.write_workspace(tmp_path / "ws", maps=maps, counters=counters)
    names = sorted(p.resolve().relative_to(ws.parent) for p in load_game(ws).input_files())
    assert [n.as_posix() for n in names] == ["art/back.png", "art/front.png", "boards/main.png", "counters.json",
                                             "maps.json", "rules.pdf", "scen.json", "tiny.json"]


# ---- failures and signals leave nothing behind ------------------------------------------------------------------
def _workspace_with_missing_art(tmp_path: Path) -> Path:
    counters = json.loads(json.dumps(vf.COUNTERS))
    counters["counters"][2]["image"] = "art/no-such.png"  # the third counter: two have been rendered by then
    return vf.write_workspace(tmp_path / "ws", counters=counters)


def test_a_failed_counters_run_leaves_no_partial_set(tmp_path: Path) -> None:
    ws = _workspace_with_missing_art(tmp_path)
    out = tmp_path / "pngs"
    result = modgen("counters", ws, "-o", out, "--no-validate", "-j", "1")
    assert_one_line_error(result, "'b.inf'", "art/no-such.png")
    assert not out.exists() and leftovers(tmp_path) == []
    # an existing folder is left exactly as it was: its own files and the PNGs of an earlier run
    out.mkdir()
    (out / "r.1_a_b.front.png").write_bytes(b"earlier run")
    (out / "notes.txt").write_text("mine")
    result = modgen("counters", ws, "-o", out, "--no-validate", "-j", "1")
    assert_one_line_error(result, "'b.inf'", "art/no-such.png")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == {"r.1_a_b.front.png": b"earlier run",
                                                               "notes.txt": b"mine"}
    assert leftovers(tmp_path) == []
    # once it succeeds, the new set replaces the old PNGs; files that are not ours stay
    vf.write_workspace(tmp_path / "ws")
    result = modgen("counters", ws, "-o", out, "--no-validate", "-j", "1")
    assert result.returncode == 0 and "error" not in result.stderr, result.stderr  # (a progress line only)
    names = sorted(p.name for p in out.iterdir())
    assert names == ["b.hq.back.png", "b.hq.front.png", "b.hq.spent.png", "b.inf.front.png", "marker.supp.front.png",
                     "notes.txt", "r.1_a_b.back.png", "r.1_a_b.front.png"]
    assert (out / "r.1_a_b.front.png").read_bytes().startswith(b"\x89PNG") and leftovers(tmp_path) == []


def _popen(args: list[object], cwd: Path) -> subprocess.Popen[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))

    env = {k: v for k, v in {**os.environ, **ENV}.items() if k != "MODGEN_DEBUG"}
    return subprocess.Popen([sys.executable, *map(str, args)], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=limit)


def _terminate_when(proc: subprocess.Popen[bytes], ready: object) -> tuple[int, str]:
    """Wait (hang guard: the hostile cap) until ``ready()`` is true while ``proc`` runs, then SIGTERM it."""
    deadline = time.monotonic() + WALL_SECONDS
    while not ready():
        assert proc.poll() is None, ("finished before it could be stopped", proc.communicate())
        assert time.monotonic() < deadline, "never got going"
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=WALL_SECONDS)
    return proc.returncode, err.decode()


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "worker-pool"])
def test_sigterm_during_counters_leaves_nothing(tmp_path: Path, jobs: str) -> None:
    out = tmp_path / "pngs"
    # 335 faces at 1200 px take many seconds: the signal arrives with most of the set still to render
    proc = _popen(["-m", "modgen", "counters", REPO / "games" / "minsk44.json", "-o", out, "--px", "1200",
                   "--no-validate", "-j", jobs], tmp_path)
    code, err = _terminate_when(proc, lambda: any(tmp_path.glob(".pngs.*.part/*.png")))
    assert code == 128 + signal.SIGTERM, err
    lines = [ln for ln in err.strip().splitlines() if not PROGRESS.match(ln)]  # progress lines are not problems
    assert len(lines) == 1 and "stopped by SIGTERM" in lines[0] and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []  # no folder, no temporary folder


SLOW_WRITER = """
import sys, time
import click
from modgen import atomic
from modgen.cli import cli, main

@cli.command("slow")
@click.argument("out")
def slow(out):
    with atomic.atomic_path(out) as tmp:  # as `sheet` does while Pillow encodes the PDF
        tmp.write_bytes(b"half a PDF")
        print(tmp, flush=True)
        time.sleep(WALL)

sys.exit(main(["slow", sys.argv[1]]))
"""


def test_sigterm_while_a_file_is_written_removes_the_part_file(tmp_path: Path) -> None:
    # deterministic: the command holds its .part open until it is killed (a real `sheet` does so only briefly)
    proc = _popen(["-c", SLOW_WRITER.replace("WALL", str(WALL_SECONDS)), tmp_path / "out.pdf"], tmp_path)
    code, err = _terminate_when(proc, lambda: any(tmp_path.glob(".out.pdf.*.part")))
    assert code == 128 + signal.SIGTERM, err
    assert err.strip() == "error: stopped by SIGTERM (temporary files removed)"
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_names_the_output(tmp_path: Path, ws: Path) -> None:
    # RLIMIT_FSIZE makes every write past 1 kB fail with EFBIG ("File too large"), as ENOSPC would on a full disk;
    # Python ignores SIGXFSZ, so the write returns the error instead of killing the process
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.RLIM_INFINITY))

    env = {**os.environ, **ENV, "PYTHONDONTWRITEBYTECODE": "1"}
    for args, out in ((["map", ws, "-o"], tmp_path / "out.png"),
                      (["counters", ws, "--no-validate", "-j", "1", "--px", "300", "-o"], tmp_path / "pngs")):
        proc = subprocess.run([sys.executable, "-m", "modgen", *map(str, args), str(out)], env=env,
                              capture_output=True, text=True, timeout=WALL_SECONDS, preexec_fn=limit)
        result = Bounded(proc.returncode, proc.stdout, proc.stderr, 0)
        assert_one_line_error(result, f"cannot write{' into' if out.name == 'pngs' else ''} {out}", "File too large")
        assert not out.exists() and leftovers(tmp_path) == []
