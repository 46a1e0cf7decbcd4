"""Benchmark: start-up, `validate` and `check`'s fixed cost, in CPU seconds of fresh processes. Prints; asserts nothing.

    .venv/bin/python benchmarks/bench_startup.py [--repeat 5] [--baseline SRC]

Each figure is the best of --repeat runs of ``python -m modgen …`` (process CPU time, user + system, so a busy
machine does not inflate it): ``--version``, ``log --help``, ``--help``, ``validate`` of each bundled game, and
``check`` of a one-event log (``scenario_start`` only) against Minsk '44 — what every check pays before the first
event — with the validation cache (``modgen.data.validcache``, warm after the unmeasured first run) and without;
``validate`` too is measured both ways (with the cache warm it prints the remembered report of unchanged data).
``--baseline SRC`` runs the same commands with another checkout's code first (``git archive main | tar -x -C
/tmp/base``), so before and after come from one run. ``python -X importtime -m modgen log --help`` shows where
the start-up time goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child_env(src: Path, scratch: Path, cache: str | None = None) -> dict[str, str]:
    """The environment of a measured process: *src* on PYTHONPATH, bytecode cached under *scratch* (as an installed
    package has it: a session with PYTHONDONTWRITEBYTECODE would otherwise compile every module on every start —
    most of the 0.4 s once reported as ``check``'s fixed cost), and modgen's cache in *cache* (``off``: none)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(src), PYTHONPYCACHEPREFIX=str(scratch / "pyc"),
               MODGEN_CACHE_DIR=cache if cache is not None else str(scratch / f"cache-{abs(hash(str(src)))}"))
    return env


def cpu_of(argv: list[str], src: Path, repeat: int, module: bool = True, env: dict[str, str] | None = None) -> float:
    """Best CPU seconds of ``python -m modgen argv`` with *src* on PYTHONPATH (run from an empty folder: ``-m`` puts
    the working directory first on sys.path, which must not be a checkout); one unmeasured run first (bytecode)."""
    best = float("inf")
    env = env or {**os.environ, "PYTHONPATH": str(src)}
    cmd = [sys.executable, *(["-m", "modgen"] if module else []), *argv]
    subprocess.run(cmd, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    for _ in range(repeat):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--baseline", type=Path, default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "one.jsonl"
        log.write_text('{"type": "scenario_start", "game": "minsk44", "scenario": "historical"}\n')
        cases = [["--version"], ["log", "--help"], ["--help"]]
        games = sorted((ROOT / "games").glob("*.json"))
        cases += [["validate", str(g)] for g in games]
        cases += [["validate", str(g), "(validation cache off)"] for g in games]
        check = ["check", str(log), "--game", str(ROOT / "games" / "minsk44.json")]
        cases += [check, [*check, "(validation cache off)"]]
        srcs = [("before", args.baseline), ("after", ROOT)] if args.baseline else [("after", ROOT)]
        scratch = Path(tmp)
        base = {label: cpu_of(["-c", "pass"], src, args.repeat, module=False, env=child_env(src, scratch))
                for label, src in srcs}
        print(f"CPU seconds, best of {args.repeat}, bytecode cached; Python itself starts in "
              f"{min(base.values()):.3f} s; check's fixed cost = check of one event - Python's start")
        for argv in cases:
            cells = []
            off = argv[-1] == "(validation cache off)"
            for label, src in srcs:
                t = cpu_of(argv[:-1] if off else argv, src, args.repeat,
                           env=child_env(src, scratch, "off" if off else None))
                extra = f" (fixed {t - base[label]:.3f})" if argv[0] == "check" else ""
                cells.append(f"{label} {t:6.3f} s{extra}")
            shown = " ".join(Path(a).name if "/" in a and not a.startswith("(") else a for a in argv)
            print(f"modgen {shown:<36} " + " | ".join(cells))


if __name__ == "__main__":
    main()
