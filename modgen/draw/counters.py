"""Counter rendering: one face of one counter, drawn from its data and its layout (``modgen.draw.layouts``).

Rendering is a pure function of the game data and the options: :func:`plan_face` turns a layout into positioned
shapes and texts (in output pixels, floats), :func:`render_plan` (:mod:`modgen.draw.counterdraw`) draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageFont

from modgen.draw import nato
from modgen.draw.counterdraw import (
    DEFAULT_BACKGROUND,
    MARK_COLORS,
    FacePlan,
    ShapeItem,
    TextItem,
    font,
    render_plan,
    supersample_factor,
)
from modgen.draw.counterdraw import text_bbox as _token_metrics
from modgen.draw.layouts import layout_name, shared_layout
from modgen.errors import DataError

__all__ = ["MARK_COLORS", "Colors", "FacePlan", "ShapeItem", "TextItem", "faces_of", "font", "plan_face",
           "render_face", "render_plan", "supersample_factor", "unit_colors"]

Box = tuple[float, float, float, float]


def _luma(color: str) -> float:
    r, g, b = ImageColor.getrgb(color)[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


@dataclass(frozen=True)
class Colors:
    """The colours of one counter: background, NATO symbol, text, and its side's colour."""

    background: str
    symbol: str
    text: str
    side: str


def unit_colors(game: Any, unit: dict[str, Any], printed_on: str | None = None) -> Colors:
    """Colours from the unit's formation (``background``/``symbol_color``/``text_color``), else its side's.

    Where neither names a text colour, text is black or white, whichever contrasts with the background the face
    is actually ``printed_on`` (a layout's or a face's own colour may replace the formation's).
    """
    manifest = game.manifest
    side = next((s for s in manifest.get("sides", []) if s.get("id") == unit.get("side")), {})
    form = next((f for f in manifest.get("formations", []) or [] if f.get("id") == unit.get("formation")), {})
    side_color = side.get("color") or DEFAULT_BACKGROUND
    bg = form.get("background") or side.get("color") or DEFAULT_BACKGROUND
    auto_text = "#000000" if _luma(printed_on or bg) > 140 else "#ffffff"
    text = form.get("text_color") or side.get("text_color") or auto_text
    symbol = form.get("symbol_color") or text
    return Colors(background=bg, symbol=symbol, text=text, side=side_color)


def faces_of(unit: dict[str, Any]) -> list[str]:
    """The unit's face names in flip order (``front`` first, then the data's order)."""
    faces = unit.get("faces") or {}
    if "front" not in faces:
        raise DataError(f"counter {unit.get('id')!r}: no 'front' face")
    return ["front"] + [name for name in faces if name != "front"]


def with_blank_face(unit: dict[str, Any], name: str = "__blank__") -> dict[str, Any]:
    """The unit with an extra face ``name`` of kind blank: the back printed for a counter that has none (a marker
    printed on coloured card keeps its colour there)."""
    blank: dict[str, Any] = {"kind": "blank"}
    front = (unit.get("faces") or {}).get("front") or {}
    if front.get("color"):
        blank["color"] = front["color"]
    return {**unit, "faces": {**(unit.get("faces") or {}), name: blank}}


class _Ctx:
    """What element planners need: the unit, its face, colours, layout and the output size."""

    def __init__(self, game: Any, unit: dict[str, Any], face_name: str, face: dict[str, Any],
                 layout: dict[str, Any], colors: Colors, px: int) -> None:
        self.game, self.unit, self.face_name, self.face = game, unit, face_name, face
        self.layout, self.colors, self.px = layout, colors, px
        self.values: dict[str, Any] = dict(face.get("values") or {})
        marks_src = face.get("marks") or {}
        if not self.values and face.get("kind") == "spent":  # a spent side without its own values repeats the front's
            front = (unit.get("faces") or {}).get("front") or {}
            self.values, marks_src = dict(front.get("values") or {}), front.get("marks") or {}
        marks: dict[str, list[str]] = {k: list(v) for k, v in marks_src.items()}
        for tag in unit.get("tags") or []:
            for fname, extra in ((layout.get("tag_marks") or {}).get(tag) or {}).items():
                marks.setdefault(fname, []).extend(extra)
        self.marks = marks

    def color(self, ref: str | None, default: str | None = None) -> str | None:
        """Resolve a colour reference: background/symbol/text/side, a marks colour name, #rrggbb, or none."""
        if ref is None:
            return default
        if ref == "none":
            return None
        named = {"background": self.colors.background, "symbol": self.colors.symbol, "text": self.colors.text,
                 "side": self.colors.side}
        if ref in named:
            return named[ref]
        return MARK_COLORS.get(ref, ref)

    def box(self, rel: list[float]) -> Box:
        x0, y0, x1, y1 = rel
        return (x0 * self.px, y0 * self.px, x1 * self.px, y1 * self.px)

    def side_name(self) -> str:
        side = next((s for s in self.game.manifest.get("sides", []) if s.get("id") == self.unit.get("side")), {})
        return side.get("name", self.unit.get("side") or "")

    def fields(self) -> dict[str, str]:
        unit, face = self.unit, self.face
        form = next((f for f in self.game.manifest.get("formations", []) or []
                     if f.get("id") == unit.get("formation")), {})
        out = {"designation": unit.get("designation", ""), "name": unit.get("name", ""), "id": unit.get("id", ""),
               "class": unit.get("class", ""), "kind": unit.get("kind", ""), "face": self.face_name,
               "text": face.get("text", ""), "formation": form.get("short") or form.get("name", ""),
               "game": self.game.manifest.get("title", ""), "side": self.side_name()}
        out.update({f"v_{k}": "" if v is None else str(v) for k, v in self.values.items()})
        return out


def _applies(el: dict[str, Any], ctx: _Ctx) -> bool:
    when = el.get("when") or {}
    present = {k for k, v in ctx.values.items() if v is not None and v != ""}
    tags = set(ctx.unit.get("tags") or [])
    types = set((ctx.unit.get("symbol") or {}).get("types") or [])
    checks = [
        all(f in present for f in when.get("has", [])),
        not any(f in present for f in when.get("missing", [])),
        all(t in tags for t in when.get("tags", [])),
        not any(t in tags for t in when.get("not_tags", [])),
        not when.get("classes") or ctx.unit.get("class") in when["classes"],
        not when.get("types") or bool(types & set(when["types"])),
        not when.get("faces") or ctx.face_name in when["faces"],
    ]
    return all(checks)


def _fit_size(measure: Callable[[int], tuple[float, float]], box: Box, preferred: float | None) -> int:
    """Largest integer font size whose measured (width, height) fits ``box``, at most ``preferred``."""
    bw, bh = box[2] - box[0], box[3] - box[1]
    ref = 100
    w, h = measure(ref)
    if w <= 0 or h <= 0:
        return 1
    size = int(ref * min(bw / w, bh / h))
    if preferred:
        size = min(size, int(preferred))
    size = max(size, 1)
    while size > 1:
        w, h = measure(size)
        if w <= bw + 0.01 and h <= bh + 0.01:
            break
        size -= 1
    return size


DEFAULT_MIN_SIZE = 0.06  # of the side: below this, text that had to shrink to fit is reported by validate


def _check_min(ctx: _Ctx, el: dict[str, Any], plan: FacePlan, size: int, text: str) -> None:
    """Note (for ``modgen validate``) text that had to shrink below its element's ``min_size`` to fit its box."""
    least = float(el.get("min_size", DEFAULT_MIN_SIZE))
    if size < least * ctx.px:
        plan.warnings.append(f"{text!r} shrinks to {size / ctx.px:.1%} of the counter's side to fit its box in "
                             f"layout {ctx.layout.get('name')!r} (min_size {least:.0%}): shorten it, or widen the "
                             "box, allow wrap or lower min_size")


def _style(ctx: _Ctx, el: dict[str, Any]) -> str:
    """The element's font: ``bold``/``regular``, or a font file's path resolved against the manifest's folder
    (inside the workspace, like every file the data names)."""
    style = str(el.get("font", "bold"))
    if style in ("bold", "regular"):
        return style
    try:
        path = ctx.game.resolve(style, ctx.game.path.parent)
    except DataError as exc:
        raise DataError(f"counter layout {ctx.layout.get('name')!r}: font {exc}") from None
    if not path.is_file():
        raise DataError(f"counter layout {ctx.layout.get('name')!r}: font {style!r} not found (looked for {path})")
    if not _is_font(str(path), path.stat().st_mtime_ns):
        raise DataError(f"counter layout {ctx.layout.get('name')!r}: font {style!r} is not a TrueType/OpenType "
                        "font file")
    return str(path)


@lru_cache(maxsize=64)
def _is_font(path: str, mtime_ns: int) -> bool:
    # opened once per file version, not for every text of every face
    try:
        ImageFont.truetype(path, 10)
    except OSError:
        return False
    return True


#: Planned elements by everything they depend on (_memo): counters repeat the same values, boxes and texts.
_PARTS: dict[tuple[Any, ...], tuple[tuple[ShapeItem, ...], tuple[TextItem, ...], tuple[str, ...]]] = {}
_PARTS_MAX = 8192


def _memo(plan: FacePlan, key: tuple[Any, ...], compute: Callable[[FacePlan], None]) -> None:
    """Add to ``plan`` what ``compute`` adds to an empty plan, computed once per ``key`` (fresh items each time:
    a caller may change its plan)."""
    part = _PARTS.get(key)
    if part is None:
        scratch = FacePlan(width=0, height=0, background="", shape="", radius=0.0, border_color=None, border_width=0)
        compute(scratch)
        part = (tuple(scratch.shapes), tuple(scratch.texts), tuple(scratch.warnings))
        if len(_PARTS) >= _PARTS_MAX:
            _PARTS.clear()
        _PARTS[key] = part
    shapes, texts, warnings = part
    plan.shapes.extend(ShapeItem(x.op, x.box, x.fill, x.outline, x.width, dict(x.data)) for x in shapes)
    plan.texts.extend(TextItem(t.text, t.xy, t.style, t.size, t.color, t.bbox, t.area) for t in texts)
    plan.warnings.extend(warnings)


def _block_metrics(lines: list[str], style: str, s: int) -> tuple[float, float, float]:
    """(width, top, bottom) of lines stacked at a pitch of 1.12 × size, relative to the first baseline."""
    f = font(style, s)
    boxes = [_token_metrics(line, f) for line in lines]
    pitch = s * 1.12
    top = boxes[0][1]
    bottom = boxes[-1][3] + pitch * (len(lines) - 1)
    return max(b[2] - b[0] for b in boxes), top, bottom


def _plan_text(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    template = str(el.get("text", ""))
    try:
        text = template.format_map(_Blank(ctx.fields()))
    except (ValueError, IndexError, AttributeError, KeyError) as exc:
        raise DataError(f"counter layout {ctx.layout.get('name')!r}: bad text template {template!r} ({exc})") from None
    if el.get("upper"):
        text = text.upper()
    if not text.strip():
        return
    area = ctx.box(el["box"])
    style = _style(ctx, el)
    pref = el["size"] * ctx.px if el.get("size") else None
    color = ctx.color(el.get("color", "text")) or ctx.colors.text
    key = ("text", text, area, style, pref, bool(el.get("wrap")), el.get("align", "center"), color,
           el.get("min_size"), ctx.px, ctx.layout.get("name"))
    _memo(plan, key, lambda part: _place_text(ctx, el, part, text, area, style, pref, color))


def _place_text(ctx: _Ctx, el: dict[str, Any], plan: FacePlan, text: str, area: Box, style: str,
                pref: float | None, color: str) -> None:
    """The text's lines, size and position in its box (the largest size that fits, trying two-line breaks)."""
    def fit(lines: list[str]) -> int:
        def measure(s: int) -> tuple[float, float]:
            w, top, bottom = _block_metrics(lines, style, s)
            return w, bottom - top
        return _fit_size(measure, area, pref)

    options = [[text]]
    words = text.split()
    if el.get("wrap") and len(words) > 1:  # also try every two-line break; keep whichever prints largest
        options += [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    lines, size = max(((o, fit(o)) for o in options), key=lambda item: item[1])
    _check_min(ctx, el, plan, size, text)
    f = font(style, size)
    _, top, bottom = _block_metrics(lines, style, size)
    base0 = (area[1] + area[3]) / 2 - (top + bottom) / 2
    align = el.get("align", "center")
    for i, line in enumerate(lines):
        b = _token_metrics(line, f)
        if align == "left":
            x = area[0] - b[0]
        elif align == "right":
            x = area[2] - b[2]
        else:
            x = (area[0] + area[2]) / 2 - (b[0] + b[2]) / 2
        y = base0 + i * size * 1.12
        plan.texts.append(TextItem(line, (x, y), style, size, color, (x + b[0], y + b[1], x + b[2], y + b[3]), area))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


def _token(ctx: _Ctx, el: dict[str, Any], name: str) -> dict[str, Any] | None:
    value = ctx.values.get(name)
    if value is None or value == "":
        if el.get("missing") != "dash":
            return None
        value = "–"
    style = dict((ctx.layout.get("field_styles") or {}).get(name) or {})
    marks = list(style.get("marks") or []) + ctx.marks.get(name, [])
    text = f"{el.get('prefix', '')}{value}{el.get('suffix', '')}" if len(el.get("fields", [])) == 1 else str(value)
    if "bracketed" in marks:
        text = f"[{text}]"
    color = ctx.color(style.get("color") or el.get("color") or "text")
    for m in marks:
        if m in MARK_COLORS:
            color = MARK_COLORS[m]
    fill = ctx.color(style.get("fill")) if {"boxed", "circled"} & set(marks) else None
    if fill and fill.lower() == str(color).lower():  # never white on white: the text goes black (or white)
        color = "#000000" if _luma(fill) > 140 else "#ffffff"
    return {"text": text, "marks": marks, "color": color, "fill": fill, "outline": ctx.color(style.get("outline"))}


def _token_box(tok: dict[str, Any], f: ImageFont.FreeTypeFont, size: int) -> tuple[Box, float]:
    """Ink box of a token at baseline origin, grown for its box/circle mark; and the extra width of a star."""
    b = _token_metrics(tok["text"], f)
    marks = tok["marks"]
    # Box and circle sit on the digits' cap height so every boxed value in a row is the same height.
    cap = _token_metrics("0", f)
    top, bot = min(b[1], cap[1]), max(b[3], cap[3])
    pad = size * 0.14
    if "circled" in marks:
        cx, cy = (b[0] + b[2]) / 2, (top + bot) / 2
        r = max(b[2] - b[0], bot - top) / 2 + pad
        b = (cx - r, cy - r, cx + r, cy + r)
    elif "boxed" in marks:
        b = (b[0] - pad, top - pad, b[2] + pad, bot + pad)
    star = size * 0.55 if "star" in marks else 0.0
    return b, star


def _plan_values(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    names = list(el.get("fields", []))
    if names == ["*"]:  # every value the face has, in the data's order
        names = list(ctx.values)
    toks = [t for t in (_token(ctx, el, n) for n in names) if t is not None]
    if not toks:
        return
    sep = el.get("sep", "-")
    style = _style(ctx, el)
    area = ctx.box(el["box"])
    pref = el["size"] * ctx.px if el.get("size") else None
    sep_color = ctx.color(el.get("color", "text")) or ctx.colors.text
    key = ("values", tuple((t["text"], tuple(t["marks"]), t["color"], t["fill"], t["outline"]) for t in toks), sep,
           style, area, pref, el.get("align", "center"), sep_color, el.get("min_size"), ctx.px,
           ctx.layout.get("name"))
    _memo(plan, key, lambda part: _place_values(ctx, el, part, toks, sep, style, area, pref, sep_color))


def _place_values(ctx: _Ctx, el: dict[str, Any], plan: FacePlan, toks: list[dict[str, Any]], sep: str, style: str,
                  area: Box, pref: float | None, sep_color: str) -> None:
    """The values in a row at the largest size that fits their box, with separators, boxes, circles and stars."""
    def layout_at(s: int) -> tuple[list[tuple[float, Box, float]], float, float, float]:
        f = font(style, s)
        gap = s * 0.1
        sb = _token_metrics(sep, f) if sep.strip() else None
        sep_w = sb[2] - sb[0] if sb else s * 0.3
        x, placed, top, bot = 0.0, [], 0.0, 0.0
        for i, tok in enumerate(toks):
            if i:
                x += gap + sep_w + gap
                if sb:  # a tall separator ("/") can reach above and below short values ("-")
                    top, bot = min(top, sb[1]), max(bot, sb[3])
            b, star = _token_box(tok, f, s)
            placed.append((x - b[0], b, star))
            x += (b[2] - b[0]) + star
            top, bot = min(top, b[1]), max(bot, b[3])
        return placed, x, top, bot

    def measure(s: int) -> tuple[float, float]:
        _, w, top, bot = layout_at(s)
        return w, bot - top

    size = _fit_size(measure, area, pref)
    _check_min(ctx, el, plan, size, sep.join(str(t["text"]) for t in toks))
    f = font(style, size)
    placed, total, top, bot = layout_at(size)
    align = el.get("align", "center")
    x0 = area[0] if align == "left" else area[2] - total if align == "right" else (area[0] + area[2] - total) / 2
    base = (area[1] + area[3]) / 2 - (top + bot) / 2
    for i, (tok, (dx, b, star)) in enumerate(zip(toks, placed, strict=True)):
        ox = x0 + dx
        if i and sep.strip():
            prev_dx, prev_b, prev_star = placed[i - 1]
            sx = x0 + prev_dx + prev_b[2] + prev_star + size * 0.1
            sb = _token_metrics(sep, f)
            plan.texts.append(TextItem(sep, (sx - sb[0], base), style, size, sep_color,
                                       (sx, base + sb[1], sx + sb[2] - sb[0], base + sb[3]), area))
        tb = _token_metrics(tok["text"], f)
        ink = (ox + tb[0], base + tb[1], ox + tb[2], base + tb[3])
        shape_box = (ox + b[0], base + b[1], ox + b[2], base + b[3])
        lw = max(1.0, size * 0.07)
        outline = tok["outline"] or tok["color"]
        if "circled" in tok["marks"]:
            plan.shapes.append(ShapeItem("ellipse", shape_box, fill=tok["fill"], outline=outline, width=lw))
        elif "boxed" in tok["marks"]:
            plan.shapes.append(ShapeItem("rect", shape_box, fill=tok["fill"], outline=outline, width=lw))
        if "underlined" in tok["marks"]:
            uy = base + size * 0.1
            plan.shapes.append(ShapeItem("line", (ink[0], uy, ink[2], uy), fill=tok["color"], width=lw))
        if star:
            r = star * 0.45
            cx, cy = shape_box[2] + star / 2, base - size * 0.5
            plan.shapes.append(ShapeItem("star", (cx - r, cy - r, cx + r, cy + r), fill=tok["color"]))
        plan.texts.append(TextItem(tok["text"], (ox, base), style, size, tok["color"], ink, area))


def _plan_symbol(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    sym = ctx.unit.get("symbol") or {}
    if sym.get("image"):  # the designer's own symbol picture, whole, in place of the NATO frame and size mark
        path = _art_path(ctx.game, ctx.unit, sym["image"])
        plan.shapes.append(ShapeItem("image", ctx.box(el["box"]), data={"path": str(path), "fit": "contain"}))
        return
    types = sym.get("types") or []
    if not types:
        return
    nato.elements(types)  # unknown types fail here, naming the type
    size = nato.normalize_size(sym.get("size") or sym.get("hq_level"))  # bad sizes fail here, naming the size
    x0, y0, x1, y1 = ctx.box(el["box"])
    aw, ah = x1 - x0, y1 - y0
    with_strip = el.get("size_marker", True)
    # The frame keeps a 3:2 aspect; the size marker strip above it is 30% of the frame's height.
    fh = min(ah / (1.3 if with_strip else 1.0), aw * 2 / 3)
    fw = fh * 1.5
    total_h = fh * (1.3 if with_strip else 1.0)
    top = y0 + (ah - total_h) / 2
    fx0 = x0 + (aw - fw) / 2
    frame = (fx0, top + total_h - fh, fx0 + fw, top + total_h)
    color = ctx.color(el.get("color", "symbol")) or ctx.colors.symbol
    plan.shapes.append(ShapeItem("symbol", frame, fill=ctx.color(el.get("fill", "none")), outline=color,
                                 data={"types": list(types)}))
    if with_strip and size:
        strip = (fx0, top, fx0 + fw, top + fh * 0.26)
        plan.shapes.append(ShapeItem("size", strip, outline=color, data={"size": size}))


def _plan_stars(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    try:
        n = int(ctx.values.get(el["field"]) or 0)
    except (TypeError, ValueError):
        raise DataError(f"counter {ctx.unit.get('id')!r}: {el['field']} must be a whole number of stars") from None
    if n <= 0:
        return
    x0, y0, x1, y1 = ctx.box(el["box"])
    d = min(y1 - y0, (x1 - x0) / n)
    start = (x0 + x1) / 2 - d * n / 2
    fill = ctx.color(el.get("color", "black"))
    outline = ctx.color(el.get("outline", "black"))
    for i in range(n):
        plan.shapes.append(ShapeItem("star", (start + i * d, (y0 + y1 - d) / 2, start + (i + 1) * d, (y0 + y1 + d) / 2),
                                     fill=fill, outline=outline, width=max(1.0, d * 0.06)))


def _plan_rect(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    op = "ellipse" if el["type"] == "circle" else "rect"
    plan.shapes.append(ShapeItem(op, ctx.box(el["box"]), fill=ctx.color(el.get("fill", "none")),
                                 outline=ctx.color(el.get("outline", "none")), width=el.get("width", 0.0) * ctx.px))


def _plan_topdown(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    types = set((ctx.unit.get("symbol") or {}).get("types") or [])
    cls = str(ctx.unit.get("class") or "")
    if cls in ("tank", "vehicle") or types & {"armour", "armor", "tank", "assault_gun", "tank_destroyer"}:
        kind = "tank"
    elif cls in ("gun", "artillery") or types & {"artillery", "anti_tank", "anti_aircraft"}:
        kind = "gun"
    elif cls == "aircraft" or types & {"ground_attack", "medium_bomber"}:
        kind = "aircraft"
    else:
        kind = "infantry"
    color = ctx.color(el.get("color", "symbol")) or ctx.colors.symbol
    plan.shapes.append(ShapeItem("topdown", ctx.box(el["box"]), outline=color, data={"kind": kind}))


def _plan_image(ctx: _Ctx, el: dict[str, Any], plan: FacePlan) -> None:
    rel = (ctx.unit.get("images") or {}).get(el.get("image", ""))
    if not rel:
        return  # this counter has no such picture: the element prints nothing
    path = _art_path(ctx.game, ctx.unit, rel)
    plan.shapes.append(ShapeItem("image", ctx.box(el["box"]), data={"path": str(path), "fit": "contain"}))


_PLANNERS = {"image": _plan_image, "text": _plan_text, "values": _plan_values, "symbol": _plan_symbol,
             "stars": _plan_stars, "rect": _plan_rect, "circle": _plan_rect, "topdown": _plan_topdown}


def _face_spec(layout: dict[str, Any], kind: str, game: Any) -> dict[str, Any]:
    faces = layout.get("faces") or {}
    if kind in faces:
        return faces[kind]
    generic = shared_layout("generic")["faces"]
    return faces.get("values") if kind == "spent" and "values" in faces else generic.get(kind, generic["blank"])


def _check_shape(unit: dict[str, Any], face_name: str, face: Any) -> None:
    """The few structural facts rendering relies on (``modgen validate`` checks everything, this runs without it)."""
    where = f"counter {unit.get('id')!r}"
    if not isinstance(face, dict):
        raise DataError(f"{where}: face {face_name!r} must be an object, got {type(face).__name__}")
    if not isinstance(face.get("values") or {}, dict):
        raise DataError(f"{where}: face {face_name!r}: values must be an object of name -> value")
    marks = face.get("marks") or {}
    if not isinstance(marks, dict) or not all(isinstance(v, list) for v in marks.values()):
        raise DataError(f"{where}: face {face_name!r}: marks must be an object of name -> list of marks")
    sym = unit.get("symbol") or {}
    if not isinstance(sym, dict) or not isinstance(sym.get("types") or [], list):
        raise DataError(f"{where}: symbol must be an object with a list of types")


def plan_face(game: Any, unit: dict[str, Any], face_name: str = "front", px: int = 150) -> FacePlan:
    """Lay out one face of ``unit`` at ``px`` × ``px`` pixels: every shape and text with its position."""
    if px < 16:
        raise DataError(f"counter size {px} px is too small (16 px at least)")
    faces = unit.get("faces") or {}
    if face_name not in faces:
        raise DataError(f"counter {unit.get('id')!r} has no face {face_name!r} (faces: {', '.join(faces)})")
    face = faces[face_name] or {}
    _check_shape(unit, face_name, face)
    manifest_layouts = game.manifest.get("counter_layouts") or {}
    name = layout_name(game.system_id, unit, manifest_layouts)
    layout = shared_layout(name, manifest_layouts, where=str(game.path))  # read, never changed
    colors = unit_colors(game, unit)
    ctx = _Ctx(game, unit, face_name, face, layout, colors, px)
    spec = _face_spec(layout, face.get("kind", "values"), game)
    bg = face.get("color") or ctx.color(spec.get("background") or layout.get("background", "background"))
    if bg and bg != colors.background:
        ctx.colors = unit_colors(game, unit, printed_on=bg)
    border = layout.get("border") or {}
    plan = FacePlan(width=px, height=px, background=bg or colors.background, shape=layout.get("shape", "square"),
                    radius=layout.get("corner_radius", 0.0) * px, border_color=ctx.color(border.get("color", "none")),
                    border_width=border.get("width", 0.0) * px)
    art = face.get("image") or (unit.get("image") if face_name == "front" else None)
    if art:  # the designer's artwork is the whole face; the layout adds only its border
        plan.shapes.append(ShapeItem("image", (0, 0, px, px), data={"path": str(_art_path(game, unit, art))}))
        return plan
    reduced = layout.get("reduced_mark") or shared_layout("generic").get("reduced_mark") or {}  # every layout has one
    extra = reduced.get("elements", []) if face_name in reduced.get("faces", ["reduced"]) else []
    for el in [*spec.get("elements", []), *extra]:  # the reduced-strength mark goes on top of the face
        if _applies(el, ctx):
            _PLANNERS[el["type"]](ctx, el, plan)
    return plan


def _art_path(game: Any, unit: dict[str, Any], rel: str) -> Path:
    """Artwork paths are relative to the counters file (``files.counters``) and stay inside the workspace."""
    base = Path(game.files["counters"]).parent if "counters" in getattr(game, "files", {}) else game.path.parent
    try:
        path = game.resolve(rel, base)
    except DataError as exc:
        raise DataError(f"counter {unit.get('id')!r}: artwork {exc}") from None
    if not path.exists():  # anything else (a FIFO, a directory) is refused by the image loader, saying what it is
        raise DataError(f"counter {unit.get('id')!r}: artwork {rel!r} not found (looked for {path})")
    return path


def render_face(game: Any, unit: dict[str, Any], face_name: str = "front", px: int = 150, *,
                alpha: bool = False) -> Image.Image:
    """One face of a counter as an RGB image ``px`` × ``px``, a pure function of the game data and ``px``.

    ``alpha=True`` gives RGBA with transparent corners for rounded and round counters (e.g. VASSAL piece images).
    """
    return render_plan(plan_face(game, unit, face_name, px), alpha=alpha)
