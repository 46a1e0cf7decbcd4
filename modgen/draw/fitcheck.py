"""Drawing checks `modgen validate` adds to the data checks: counter text that must shrink below its layout
element's ``min_size`` to fit its box (issue #19: "text that fits by shrinking within set limits (a validate
warning when it cannot)").

Only the renderer can measure text, so this lives in the drawing stage and the CLI runs it after the data
checks pass. Each face is planned at the print size of a 5/8-inch counter at 300 dpi (188 px): ``min_size`` is a
fraction of the side, so the verdict does not depend on the size.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from modgen.data.documents import Issue, Report, load_workspace
from modgen.data.model import load_game
from modgen.draw.counters import faces_of, plan_face
from modgen.errors import DataError

PLAN_PX = 188


def text_fit_issues(manifest: str | Path) -> list[Issue]:
    """A warning per counter face whose text shrinks below ``min_size``, located at the counter in its file."""
    report = Report()
    ws = load_workspace(manifest, report)
    counters = ws.counters.value.get("counters") if ws.counters is not None else None
    if not isinstance(counters, list):
        return []
    out = Report()
    try:
        game = load_game(manifest, skip=("maps", "scenarios"))
    except DataError:
        return []  # the data checks report what is wrong
    records = game.units  # the counters file's records, in order: index i is /counters/i
    for i, record in enumerate(records[:len(counters)]):
        for face in faces_of(record):
            try:
                plan = plan_face(game, record, face, PLAN_PX)
            except DataError:
                continue  # a drawing error is reported by the commands that draw
            for w in dict.fromkeys(plan.warnings):
                out.add(ws.counters, f"/counters/{i}", f"face {face!r}: {w}", severity="warning")
    return out.sorted()


def font_files(manifest: str | Path) -> list[str]:
    """The font files the manifest's own counter layouts name (``font``: a path relative to the manifest's folder),
    which :func:`text_fit_issues` measures with: the validation cache (``modgen validate``) keys its entry by them."""
    try:
        layouts = json.loads(Path(manifest).read_bytes()).get("counter_layouts")
    except (OSError, ValueError, AttributeError, RecursionError):
        return []
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            font = node.get("font")
            if isinstance(font, str) and font not in ("bold", "regular"):
                found.append(str(Path(manifest).parent / font))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(layouts)
    return found
