"""Benchmark: decode a generated multi-MB VASSAL log (.vlog). Prints MB/s per stage; asserts nothing.

    .venv/bin/python benchmarks/bench_decode.py [--steps 20000] [--pieces 400]

The log is synthetic but shaped like VASSAL's: a saved state of pieces (Marker + Layer + BasicPiece, as our
modules write them) and stacks, then one LOG step per action: moves (with the new stack VASSAL creates), flips,
chat, dice reports. Sizes are of the decoded command text and of the obfuscated savedGame entry.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from vassal_logs import add, log_text, piece, save_text, stack, tiny_game  # noqa: E402

from modgen.vassal import commands as C  # noqa: E402
from modgen.vassal import reader as R  # noqa: E402
from modgen.vassal.adapter import Adapter, locator_for  # noqa: E402
from modgen.vassal.obfuscation import deobfuscate, obfuscate  # noqa: E402


def generate(n_pieces: int, n_steps: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    cmds, pos = [], {}
    for i in range(n_pieces):
        pid = str(1000 + i)
        x, y = rnd.randrange(50, 550), rnd.randrange(50, 500)
        t, s = piece(pid, f"Unit {i}", "main", x, y, unit=rnd.choice(["de.a", "su.b"]))
        cmds.append(add(pid, t, s))
        pos[pid] = (x, y)
    for i, (pid, (x, y)) in enumerate(pos.items()):
        cmds.append(stack(str(5000 + i), "main", x, y, pid))
    steps = []
    for k in range(n_steps):
        pid = rnd.choice(list(pos))
        r = rnd.random()
        if r < 0.6:
            x, y = rnd.randrange(50, 550), rnd.randrange(50, 500)
            ox, oy = pos[pid]
            pos[pid] = (x, y)
            steps.append([f"M/{pid}/main/{x}/{y}/null/main/{ox}/{oy}/null/player",
                          stack(str(100000 + k), "main", x, y, pid), f"CHAT* Unit moves {ox},{oy} &rarr; {x},{y} *"])
        elif r < 0.75:
            x, y = pos[pid]
            _, new = piece(pid, "U", "main", x, y, unit="de.a", face=2)
            _, old = piece(pid, "U", "main", x, y, unit="de.a", face=1)
            steps.append(["D/" + pid + "/" + new.replace("/", "\\/") + "/" + old.replace("/", "\\/")])
        elif r < 0.9:
            steps.append([f"CHAT*** German rolled 2d6 [2d6]: {rnd.randint(1, 6)},{rnd.randint(1, 6)} ***"])
        else:
            steps.append(["CHAT&lt;Alice&gt; - !attack 0303 -> 0405 mobile"])
    return log_text(save_text(cmds, ["mainBoardPicker\tmain\t0\t0"]), steps)


def timed(label: str, size: int, fn, repeat: int = 3):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t0 = time.process_time()  # CPU time: the machine is shared, wall time is noisy
        out = fn()
        best = min(best, time.process_time() - t0)
    print(f"{label:<42} {best * 1000:9.1f} ms  {size / best / 1e6:7.2f} MB/s")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--pieces", type=int, default=400)
    args = ap.parse_args()
    text = generate(args.pieces, args.steps)
    raw = obfuscate(text)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", raw)
    data = buf.getvalue()
    size = len(text.encode())
    print(f"log: {args.pieces} pieces, {args.steps} steps; command text {size / 1e6:.2f} MB, "
          f"savedGame {len(raw) / 1e6:.2f} MB, zip {len(data) / 1e6:.2f} MB")
    print("(MB/s of the decoded command text per CPU second, best of 3)")
    timed("deobfuscate (!VCSK hex -> text)", size, lambda: deobfuscate(raw))
    timed("command tree (commands.decode)", size, lambda: C.decode(text))
    timed("read + Recorder (no game)", size, lambda: R.read(data, R.Recorder()))
    game = tiny_game()

    def canonical():
        a = Adapter(game, filename="bench")
        R.read(data, a, locator=locator_for(game))
        return a.result()

    res = timed("read + Adapter (game, hex labels)", size, canonical)
    print(f"canonical events: {len(res.events)}")


if __name__ == "__main__":
    main()
