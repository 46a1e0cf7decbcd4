"""How a module presents itself to a player: the piece palette (a grid of counters per formation, one slot per
distinct counter), the opening zoom, and the Help menu's scenario notes and rules text.

The builder (:mod:`.module`) calls these; the buildFile side is :mod:`.buildfile` (``ListSpec.kind``,
``BoardSpec.zoom_start``, ``ModuleSpec.help_files``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from typing import Any

#: Smallest counter text, in screen pixels, a player reads without leaning in (issue #24: ids were 7 px).
MIN_TEXT_PX = 10.0
#: The main maps' zoom levels (VASSAL Zoomer ``zoomLevels``), zoomed out to zoomed in.
ZOOM_LEVELS = (0.25, 0.333, 0.5, 0.667, 0.8, 1.0, 1.25, 1.6, 2.0)
#: Counters per row in a formation's palette panel.
PALETTE_COLUMNS = 8


def _record_key(unit: dict[str, Any]) -> str:
    """The counter record without its id: two units with equal keys look and play the same."""
    return json.dumps({k: v for k, v in unit.items() if k != "id"}, sort_keys=True, default=str)


def distinct_counters(units: Iterable[dict[str, Any]]) -> list[tuple[dict[str, Any], list[str]]]:
    """One entry per distinct counter record, in data order: (the first unit, the ids of all units identical to it
    apart from their id). Eight identical "GA" air units are one palette slot; two HQs that differ only in their
    ``name`` are two."""
    groups: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for unit in units:
        key = _record_key(unit)
        if key in groups:
            groups[key][1].append(unit["id"])
        else:
            groups[key] = (unit, [unit["id"]])
    return list(groups.values())


def slot_names(units: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Palette entry names by unit id: the designation, and where two distinct counters of the list share it, the
    unit's name after it ("5 GTA — HQ 5th Guards Tank Army"), else its id, so no two entries read alike."""
    label = {u["id"]: str(u.get("designation") or u["id"]) for u in units}
    count: dict[str, int] = {}
    for text in label.values():
        count[text] = count.get(text, 0) + 1
    out: dict[str, str] = {}
    for u in units:
        text = label[u["id"]]
        if count[text] > 1:
            extra = str(u.get("name") or "").strip()
            text = f"{text} — {extra}" if extra and extra != text else f"{text} ({u['id']})"
        out[u["id"]] = text
    seen: dict[str, int] = {}
    for _uid, text in out.items():  # distinct records with the same designation and name: the id tells them apart
        seen[text] = seen.get(text, 0) + 1
    return {uid: (f"{text} ({uid})" if seen[text] > 1 else text) for uid, text in out.items()}


def zoom_start(min_text_px: float | None, levels: Sequence[float] = ZOOM_LEVELS) -> int:
    """VASSAL's ``zoomStart`` (1-based, counted from the most zoomed-in level) for the least zoom at which the
    smallest counter text is at least :data:`MIN_TEXT_PX` on screen, and at least 100% (boards are drawn for 100%);
    the most zoomed-in level when no level makes it legible."""
    ordered = sorted(levels)
    need = 1.0 if not min_text_px else max(1.0, MIN_TEXT_PX / min_text_px)
    index = next((i for i, z in enumerate(ordered) if z >= need - 1e-9), len(ordered) - 1)
    return len(ordered) - index


def smallest_text_px(game: Any, units: Iterable[dict[str, Any]], px: int,
                     faces_of: Any = None) -> float | None:
    """The smallest text, in pixels, on any face of ``units`` (markers left out: their long captions are read in
    the palette and the stack viewer) drawn ``px`` square by :mod:`modgen.draw.counters`; None without text."""
    from modgen.draw import counters

    faces_of = faces_of or counters.faces_of
    sizes = [t.size for u in units if u.get("kind", "unit") != "marker" for f in faces_of(u)
             for t in counters.plan_face(game, u, f, px).texts]
    return float(min(sizes)) if sizes else None


def _source_line(src: Any) -> str:
    if not isinstance(src, dict):
        return ""
    parts = [str(src[k]) for k in ("rule", "values", "note") if src.get(k)]
    return f'<p><small>Source: {html.escape("; ".join(parts))}</small></p>' if parts else ""


def scenario_html(game: Any, scenario: dict[str, Any]) -> str:
    """The scenario's notes as a small HTML page (VASSAL's help viewer is Swing's HTML 3.2): title, description,
    sides, turns, first player, special rules and victory conditions, as the data words them."""
    sides = {s["id"]: s.get("name", s["id"]) for s in game.manifest.get("sides") or []}
    esc = html.escape
    out = [f"<html><body><h1>{esc(str(scenario.get('title') or scenario.get('id')))}</h1>"]
    if scenario.get("description"):
        out.append(f"<p>{esc(str(scenario['description']))}</p>")
    facts = []
    if scenario.get("year"):
        facts.append(f"Year: {esc(str(scenario['year']))}")
    taking_part = scenario.get("sides") or list(sides)
    facts.append("Sides: " + esc(", ".join(str(sides.get(s, s)) for s in taking_part)))
    turns = scenario.get("turns") or {}
    if turns.get("count"):
        labels = turns.get("labels") or []
        span = f" ({esc(str(labels[0]))} to {esc(str(labels[-1]))})" if labels else ""
        facts.append(f"Turns: {esc(str(turns['count']))}{span}")
    if scenario.get("first_player"):
        facts.append(f"First player: {esc(str(sides.get(scenario['first_player'], scenario['first_player'])))}")
    out.append("<ul>" + "".join(f"<li>{f}</li>" for f in facts) + "</ul>")
    rules = [r for r in scenario.get("special_rules") or [] if isinstance(r, dict) and r.get("text")]
    if rules:
        out.append("<h2>Special rules</h2><ul>")
        out.extend(f"<li>{esc(str(r['text']))}</li>" for r in rules)
        out.append("</ul>")
    victory = scenario.get("victory") or {}
    lines = []
    if isinstance(victory, dict):
        for side, entries in victory.items():
            if not isinstance(entries, list):
                continue
            for e in entries:
                if isinstance(e, dict) and (e.get("for") or e.get("text")):
                    vp = next((f" ({e[k]} VP{' each' if k == 'vp_each' else ''})" for k in ("vp", "vp_each")
                               if k in e), "")
                    lines.append(f"<li>{esc(str(sides.get(side, side)))}: {esc(str(e.get('for') or e['text']))}"
                                 f"{esc(vp)}</li>")
    if lines:
        out.append("<h2>Victory</h2><ul>" + "".join(lines) + "</ul>")
    out.append(_source_line(scenario.get("source")))
    out.append("</body></html>")
    return "".join(out)


def text_as_html(title: str, text: str) -> str:
    """A plain-text rules file as an HTML page (paragraphs at blank lines); an HTML file is used as it is."""
    if text.lstrip()[:6].lower() in ("<html>", "<!doct"):
        return text
    paras = [p.strip() for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]
    body = "".join(f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in paras)
    return f"<html><body><h1>{html.escape(title)}</h1>{body}</body></html>"
