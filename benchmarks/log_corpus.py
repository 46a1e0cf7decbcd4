"""A benchmark corpus of VASSAL logs (.vlog) shaped like real play, built from the bundled games' own set-ups.

    .venv/bin/python benchmarks/log_corpus.py OUT_DIR [--steps 4000] [--seed 1] [--traits 0]

No real VASSAL logs are committed, so this builds them: each bundled game's module is assembled with stub counter images
(``build_module``), its scenario set-ups (.vsav) give the saved state — the real expanded piece definitions
(Report, Delete, Marker, Layer, BasicPiece), stacks and board pickers — and thousands of logged steps follow,
encoded with modgen's own command encoder (:mod:`modgen.vassal.commands`) the way VASSAL logs them: a drop (move,
the new stack, the report line), flips and step losses (the whole nested state, new and old), marker property changes,
chat and dice lines, attack declarations, eliminations, and undone moves inside ``UNDO`` brackets. Deterministic for
a seed. ``--traits K`` puts K more traits of the kinds big modules stack on every piece (Trigger, Dynamic Property,
Text Label, Send to Location, Report, Invisible, …): pieces of 10-20 traits, whose nested escapes make the type and
state strings long, as in most real modules' logs.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from modgen.data.model import load_game  # noqa: E402
from modgen.draw.mapdraw import render_map  # noqa: E402
from modgen.vassal import commands as C  # noqa: E402
from modgen.vassal import sequence as se  # noqa: E402
from modgen.vassal.module import build_module  # noqa: E402
from modgen.vassal.obfuscation import deobfuscate, obfuscate  # noqa: E402

_STUB = Image.new("RGB", (8, 8))


def _setups(manifest: Path) -> list[tuple[str, str]]:
    """(entry name, command text) of every set-up in the game's module (built with stub images)."""
    game = load_game(manifest)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "m.vmod"
        build_module(game, out, render_map=render_map, render_face=lambda *a: _STUB,
                     faces_of=lambda unit: list(unit.get("faces") or {"front": {}}), workers=1)
        with zipfile.ZipFile(out) as z:
            vsavs = sorted(n for n in z.namelist() if n.endswith(".vsav"))
            texts = []
            for name in vsavs:
                with zipfile.ZipFile(io.BytesIO(z.read(name))) as inner:
                    texts.append((name, deobfuscate(inner.read("savedGame"))))
    return texts


class _Piece:
    def __init__(self, add: C.AddPiece) -> None:
        self.id = add.id or ""
        self.types = se.split_traits(add.type)
        self.states = se.split_traits(add.state)
        self.states += [""] * (len(self.types) - len(self.states))
        self.name = self.types[-1].split(";")[-1]
        b = self.states[-1].split(";")
        self.map, self.x, self.y = b[0], int(b[1]), int(b[2])

    def state(self) -> str:
        self.states[-1] = ";".join([self.map, str(self.x), str(self.y), *self.states[-1].split(";")[3:]])
        return se.join_traits(self.states)

    def trait(self, prefix: str) -> int | None:
        return next((i for i, t in enumerate(self.types) if t.startswith(prefix)), None)


# (type, state) of traits big modules put on every piece, after VASSAL's own encoders' field orders
EXTRA_TRAITS = [
    ("macro;Trigger;;65,130;;;;false;;;counted;;;;false;;1;1", ""),
    ("PROP;Strength;4;false;0;10;false;;false;", "4"),
    ("label;76,130;Change Label;10;255,255,255;0,0,0;t;0;c;0;b;c;$pieceName$ ($Strength$);Dialog;0;0;TextLabel;;", "x"),
    ("sendto;Eliminate;68,130;;;Dead Pile;;;;;;0;0;;;;false;G;;", ""),
    ("report;68\\,130;$location$: $newPieceName$ eliminated;;;Report;false", ""),
    ("hide;72,130;Hide;G;;;", "null"),
    ("globalkey;Activate;65,520;;;;;true;;;;;", ""),
    ("restrict;;;;true;", ""),
]


def _heavier(add: C.AddPiece, k: int) -> None:
    """Put *k* more traits on the piece, outermost (VASSAL keeps a piece's traits as a nested list)."""
    types, states = se.split_traits(add.type), se.split_traits(add.state)
    extra = [EXTRA_TRAITS[i % len(EXTRA_TRAITS)] for i in range(k)]
    add.type = se.join_traits([t for t, _ in extra] + types)
    add.state = se.join_traits([st for _, st in extra] + states + [""] * (len(types) - len(states)))


def generate(text: str, steps: int, seed: int = 1, traits: int = 0) -> str:
    """The set-up's command text followed by *steps* logged steps of synthetic play on its pieces."""
    rnd = random.Random(seed)
    tree = C.decode(text)
    if traits:
        for c in tree.walk():
            if isinstance(c, C.AddPiece) and not c.is_stack and c.id:
                _heavier(c, traits)
    pieces = [_Piece(c) for c in tree.walk() if isinstance(c, C.AddPiece) and not c.is_stack and c.id]
    pieces = [p for p in pieces if p.map != "null"]
    assert pieces, "a set-up without pieces on a map"
    next_id = 10**15
    out_steps: list[C.Command] = []
    history: list[tuple[_Piece, str, int, int]] = []
    for _ in range(steps):
        p = rnd.choice(pieces)
        r = rnd.random()
        if r < 0.55 or (r < 0.60 and not history):  # a drop: the move, the stack VASSAL makes, the report line
            ox, oy = p.x, p.y
            p.x, p.y = max(0, ox + rnd.randint(-400, 400)), max(0, oy + rnd.randint(-400, 400))
            next_id += 1
            out_steps.append(C.Log(C.MovePiece(p.id, p.map, p.x, p.y, None, p.map, ox, oy, None, "Alice"), children=[
                C.Log(C.AddPiece(str(next_id), "stack", f"{p.map};{p.x};{p.y};{p.id};@@-1")),
                C.Log(C.Chat(f"* {p.name} moves {ox},{oy} &rarr; {p.x},{p.y} *"))]))
            history.append((p, p.map, ox, oy))
        elif r < 0.60:  # undo the last drop: VASSAL 3.7's bracket around the inverse move
            q, m, ox, oy = history.pop()
            out_steps.append(C.Undo(True))
            out_steps.append(C.Log(C.MovePiece(q.id, m, ox, oy, None, m, q.x, q.y, None, "Alice")))
            q.x, q.y = ox, oy
            out_steps.append(C.Undo(False))
        elif r < 0.75:  # a flip or step loss: the whole nested state, new and old
            i = p.trait("emb2;")
            if i is None:
                continue
            old = p.state()
            levels = max(1, len(p.types[i].split(";")[16].split(",")))
            p.states[i] = str(int(p.states[i] or "1") % levels + 1)
            out_steps.append(C.Log(C.ChangePiece(p.id, p.state(), old), children=[
                C.Log(C.Chat(f"{p.name}: flipped to face {p.states[i]}"))]))
        elif r < 0.80:  # a marker property changes (a value edited in play)
            i = p.trait("mark;")
            if i is None:
                continue
            old = p.state()
            vals = p.states[i].split(",")
            vals[-1] = str(rnd.randint(0, 9))
            p.states[i] = ",".join(vals)
            out_steps.append(C.Log(C.ChangePiece(p.id, p.state(), old)))
        elif r < 0.92:
            a, b = rnd.randint(1, 6), rnd.randint(1, 6)
            out_steps.append(C.Log(C.Chat(f"*** German rolled 2d6 [2d6]: {a},{b} ***"), children=[
                C.Log(C.MutableProperty("2d6Result", "", str(a + b), "Module"))]))
        elif r < 0.98:
            out_steps.append(C.Log(C.Chat(f"&lt;Alice&gt; - !attack {p.x % 40:02d}{p.y % 30:02d} -> 0405 mobile")))
        elif len(pieces) > 10:  # eliminated
            pieces.remove(p)
            history = [h for h in history if h[0] is not p]
            out_steps.append(C.Log(C.RemovePiece(p.id), children=[C.Log(C.Chat(f"{p.name} eliminated"))]))
    top = [tree, *tree.children]
    tree.children = []
    return se.encode([C.encode(c) for c in top + out_steps], C.ESC)


def vlog(text: str, module: str) -> bytes:
    """A .vlog zip: the obfuscated savedGame and a moduledata naming *module*."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", obfuscate(text))
        z.writestr("moduledata", f"<data version=\"1\"><name>{module}</name></data>")
    return buf.getvalue()


def corpus(steps: int = 4000, seed: int = 1, traits: int = 0) -> list[tuple[str, bytes]]:
    """(file name, .vlog bytes) for every set-up of every bundled game."""
    out = []
    for k, manifest in enumerate(sorted((ROOT / "games").glob("*.json"))):
        for name, text in _setups(manifest):
            data = vlog(generate(text, steps, seed + k, traits), manifest.stem)
            out.append((f"{manifest.stem}-{Path(name).stem}.vlog", data))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--steps", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--traits", type=int, default=0, help="more traits on every piece (big modules have 10-20)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in corpus(args.steps, args.seed, args.traits):
        (args.out / name).write_bytes(data)
        print(f"{name}: {len(data):,} bytes")


if __name__ == "__main__":
    main()
