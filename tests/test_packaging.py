"""A built wheel carries the schemas and templates: install it into a fresh venv (dependencies from the package
index, not the development environment) and run the installed `modgen new` + `modgen validate`."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(args: list[str], cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.slow
def test_wheel_installs_and_validates_a_scaffold(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)], cwd=tmp_path)
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = dist.glob("modgen-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for kind in ("game", "counters", "map", "scenario"):
        assert f"modgen/schema/{kind}.schema.json" in names
    assert any(n.startswith("modgen/rules/efb/template/games/") for n in names)

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, system_site_packages=False).create(env_dir)
    bin_dir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    installed = _run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)], cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr[-3000:]

    work = tmp_path / "elsewhere"  # not the source tree: schemas must come from the installed package
    work.mkdir()
    modgen = str(bin_dir / "modgen")
    where = _run([str(bin_dir / "python"), "-c", "import modgen.resources as r; print(r.schema_dir())"], cwd=work)
    assert where.returncode == 0 and str(env_dir) in where.stdout, where.stdout + where.stderr
    for system in ("efb", "fow"):
        new = _run([modgen, "new", f"ws-{system}", "--system", system, "--id", "g"], cwd=work)
        assert new.returncode == 0, new.stderr
        check = _run([modgen, "validate", f"ws-{system}/games/g.json"], cwd=work)
        assert (check.returncode, check.stdout, check.stderr) == (0, "", f"ws-{system}/games/g.json: valid\n")
    broken = work / "ws-efb" / "scenarios" / "g" / "example.json"
    broken.write_text(broken.read_text().replace('"count": 4', '"count": 1'))
    check = _run([modgen, "validate", "ws-efb/games/g.json"], cwd=work)
    assert check.returncode == 1 and "/reinforcements/0/turn: turn 2 is beyond the scenario's 1 turns" in check.stdout
