"""Benchmark: decode VASSAL logs against the floor (unzip + hex + XOR in Python). Prints CPU time and MB/s per stage.

    .venv/bin/python benchmarks/bench_decode.py [--steps 4000] [--traits 0] [--corpus DIR] [--baseline SRC] [--repeat 3]

The corpus is benchmarks/log_corpus.py's (the bundled games' set-ups plus synthetic play), or the .vlog/.vsav files
in --corpus DIR. Stages, each summed over the files, best of --repeat, CPU seconds (the machine is shared):

* floor: unzip the savedGame entry, check and unhex the ``!VCSK`` text, XOR, UTF-8 — what any reader must do;
* commands.decode: the command tree;
* reader events: ``reader.read`` with a Recorder (what ``modgen log`` prints);
* log --json in process: the ``modgen log F --json`` command, output to /dev/null;
* log --json process: the same as a fresh ``python -m modgen`` per file (interpreter and imports included; bytecode
  cached, as installed).

MB/s are of the .vlog files and, in brackets, of the decoded text. ``--baseline SRC`` runs the same stages on the same
files with another checkout's code (e.g. ``git archive main | tar -x -C /tmp/base``) first, so before and after come
from one run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def floor(data: bytes) -> str:
    """Unzip + hex check + unhex + XOR + UTF-8: the least any reader of a .vlog does."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        raw = z.read("savedGame")
    body = raw[7:]
    if body.translate(None, b"0123456789abcdefABCDEF"):
        raise ValueError("not hex")
    key = int(raw[5:7], 16)
    return bytes.fromhex(body.decode("ascii")).translate(bytes(b ^ key for b in range(256))).decode("utf-8")


def measure(files: list[Path], repeat: int) -> dict[str, float]:
    """CPU seconds per stage over *files* (runs with whatever ``modgen`` is on sys.path)."""
    from modgen.cli.log_cmd import command
    from modgen.vassal import commands as C
    from modgen.vassal import reader as R

    blobs = [f.read_bytes() for f in files]
    texts = [floor(b) for b in blobs]
    out: dict[str, float] = {}
    out["floor"] = _best(lambda: [floor(b) for b in blobs], repeat)
    out["commands.decode"] = _best(lambda: [C.decode(t) for t in texts], repeat)
    out["reader events"] = _best(lambda: [R.read(b, R.Recorder()) for b in blobs], repeat)

    def in_process() -> None:
        with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), contextlib.redirect_stderr(null):
            for f in files:
                command.main([str(f), "--json"], standalone_mode=False)

    out["log --json in process"] = _best(in_process, repeat)

    # bytecode cached (as an installed package has it), in a folder of this run: with PYTHONDONTWRITEBYTECODE every
    # fresh process would compile each module again (~0.25 s a process)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), f"bench-decode-pyc-{os.getpid()}")

    def fresh() -> None:
        for f in files:
            # PYTHONPATH names the checkout under test; run from a neutral folder (-m puts the cwd first on sys.path)
            subprocess.run([sys.executable, "-m", "modgen", "log", str(f), "--json"], check=True, env=env,
                           cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    fresh()  # writes the bytecode

    best = float("inf")
    for _ in range(repeat):
        t0 = _cpu_children()
        fresh()
        best = min(best, _cpu_children() - t0)
    out["log --json process"] = best
    shutil.rmtree(env["PYTHONPYCACHEPREFIX"], ignore_errors=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=4000, help="logged steps per generated file")
    ap.add_argument("--traits", type=int, default=0, help="more traits per piece in the generated corpus (log_corpus)")
    ap.add_argument("--corpus", type=Path, default=None, help="a folder of .vlog/.vsav files instead of the generated")
    ap.add_argument("--baseline", type=Path, default=None, help="another checkout to measure on the same files first")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--measure", type=Path, default=None, help=argparse.SUPPRESS)  # internal: JSON out for baseline
    args = ap.parse_args()
    if args.measure:  # a child run: sys.path[0] is the checkout under test (PYTHONPATH)
        files = sorted(p for p in args.corpus.resolve().iterdir() if p.suffix in (".vlog", ".vsav"))
        args.measure.write_text(json.dumps(measure(files, args.repeat)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.corpus
        if corpus is None:
            corpus = Path(tmp) / "corpus"
            corpus.mkdir()
            subprocess.run([sys.executable, str(HERE / "log_corpus.py"), str(corpus), "--steps", str(args.steps),
                            "--traits", str(args.traits)],
                           check=True, stdout=subprocess.DEVNULL)
        files = sorted(p for p in corpus.iterdir() if p.suffix in (".vlog", ".vsav"))
        size = sum(f.stat().st_size for f in files)
        chars = sum(len(floor(f.read_bytes()).encode()) for f in files)
        print(f"{len(files)} files, {size / 1e6:.2f} MB of files, {chars / 1e6:.1f} MB decoded text "
              f"(CPU seconds, best of {args.repeat})")
        runs: dict[str, dict[str, float]] = {}
        for label, src in (("before", args.baseline), ("after", Path(__file__).resolve().parent.parent)):
            if src is None:
                continue
            res = Path(tmp) / f"{label}.json"
            subprocess.run([sys.executable, __file__, "--measure", str(res), "--corpus", str(corpus),
                            "--repeat", str(args.repeat)], check=True, env={**os.environ, "PYTHONPATH": str(src)})
            runs[label] = json.loads(res.read_text())
        for stage in runs["after"]:
            cells = []
            for label, r in runs.items():
                t = r[stage]
                cells.append(f"{label} {t:6.3f} s {size / t / 1e6:6.2f} MB/s ({chars / t / 1e6:5.1f}) "
                             f"{t / r['floor']:5.1f}x floor")
            print(f"{stage:<24} " + " | ".join(cells))


if __name__ == "__main__":
    main()
