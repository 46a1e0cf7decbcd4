"""Charts and the About splash as images. Each drawing function also returns the strings it drew, by kind
(``title``, ``head``, ``cell``, ``key``, ``note``), so a test can check that every word on a chart comes from the
data (names, rulebook headings, values) and never an id or JSON text.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from modgen.draw.chartgrid import Chart, wrap
from modgen.draw.printing import font

PAD = 8
CELL_PAD = 7
LINE = 19  # px per text line in a cell at 14 px type
MIN_WIDTH = 420
MAX_SPLASH_TEXT = 600  # characters of one splash text before wrapping (the frame holds far fewer)
HEAD_CHARS = 16  # a column heading longer than this wraps, so headings do not set the chart's width
HEAD_FILL, GROUP_FILL, RULE = "#e4dfcf", "#d4cdb6", "#8a8470"
Drawn = list[tuple[str, str]]


def render_chart(ch: Chart) -> tuple[Image.Image, Drawn]:
    """One chart: title, a one- or two-row heading (groups over their sub-columns), the grid, the result key and
    the footnotes."""
    f, fb, ft, fs = font(14), font(14, True), font(18, True), font(12)
    drawn: Drawn = []
    ncol = len(ch.columns)
    widths = [0.0] * ncol
    heads = [wrap(c.title, HEAD_CHARS) if len(c.title) > HEAD_CHARS else [c.title] for c in ch.columns]
    for i in range(ncol):
        cf = fb if i == 0 and ch.labelled else f  # row names are set bold
        widths[i] = max([fb.getlength(h) for h in heads[i]] + [cf.getlength(line) for r in ch.rows
                                                    for line in (r[i] if i < len(r) else "").split("\n")])
    # a group heading wider than its sub-columns widens them evenly
    for g, idx in _groups(ch).items():
        need = fb.getlength(g) - sum(widths[i] + 2 * CELL_PAD for i in idx) + 2 * CELL_PAD
        for i in idx:
            widths[i] += max(0.0, need) / len(idx)
    widths = [w + 2 * CELL_PAD for w in widths]
    grouped = any(c.group for c in ch.columns) or bool(ch.column_title)
    head_lines = max(len(h) for h in heads) if heads else 1
    head_h = head_lines * LINE + 6 + ((LINE + 6) if grouped else 0)
    row_hs = [max(1, *(len(c.split("\n")) for c in r)) * LINE + 6 for r in ch.rows]
    grid_w = sum(widths)
    width = int(max(grid_w, ft.getlength(ch.title), MIN_WIDTH)) + 2 * PAD
    chars = max(30, int((width - 2 * PAD) / max(1.0, fs.getlength("abcdefghij") / 10)))
    notes = [line for n in ch.notes for line in wrap(n, chars)]
    code_w = max([fb.getlength(code) for code, _ in ch.key] + [0]) + 12
    key_chars = max(20, int((width - 2 * PAD - code_w) / max(1.0, f.getlength("abcdefghij") / 10)))
    key_lines = [(code, wrap(meaning, key_chars)) for code, meaning in ch.key]
    key_h = sum(len(lines) * LINE for _, lines in key_lines) + (10 if ch.key else 0)
    height = PAD + 30 + head_h + sum(row_hs) + 10 + key_h + 16 * len(notes) + PAD
    img = Image.new("RGB", (width, int(height)), "white")
    d = ImageDraw.Draw(img)
    d.text((PAD, PAD), ch.title, fill="black", font=ft)
    drawn.append(("title", ch.title))
    y0 = PAD + 30
    xs = [PAD + sum(widths[:i]) for i in range(ncol + 1)]
    # heading: groups (or the column title over the value columns) on the first line, titles below
    sub_y = y0 + (LINE + 6 if grouped else 0)
    spans = _spans(ch)
    for (a, b), text in spans:
        d.rectangle([xs[a], y0, xs[b], sub_y], fill=GROUP_FILL, outline=RULE)
        d.text(((xs[a] + xs[b]) / 2, y0 + 3), text, fill="black", font=fb, anchor="ma")
        drawn.append(("head", text))
    covered = {i for (a, b), _ in spans for i in range(a, b)}
    for i in range(ncol):
        top = sub_y if i in covered else y0
        d.rectangle([xs[i], top, xs[i + 1], y0 + head_h], fill=HEAD_FILL, outline=RULE)
        for k, line in enumerate(heads[i]):  # bottom-aligned, as printed charts set their headings
            d.text(((xs[i] + xs[i + 1]) / 2, y0 + head_h - (len(heads[i]) - k) * LINE - 1), line, fill="black",
                   font=fb, anchor="ma")
            drawn.append(("head", line))
    y = y0 + head_h
    for r, h in zip(ch.rows, row_hs, strict=True):
        for i in range(ncol):
            text = r[i] if i < len(r) else ""
            d.rectangle([xs[i], y, xs[i + 1], y + h], fill=HEAD_FILL if i == 0 and ch.labelled else None,
                        outline=RULE)
            for k, line in enumerate(text.split("\n")):
                # numbers and codes centred, names and prose from the left, as printed charts set them
                left = i == 0 or len(text) > 12
                pos = (xs[i] + CELL_PAD, y + 3 + k * LINE) if left else ((xs[i] + xs[i + 1]) / 2, y + 3 + k * LINE)
                d.text(pos, line, fill="black", font=fb if i == 0 and ch.labelled else f,
                       anchor="la" if left else "ma")
                if line:
                    drawn.append(("cell", line))
        y += h
    y += 10
    for code, lines in key_lines:
        d.text((PAD, y), code, fill="black", font=fb)
        drawn.append(("key", code))
        for line in lines:
            d.text((PAD + code_w, y), line, fill="black", font=f)
            drawn.append(("key", line))
            y += LINE
    if ch.key:
        y += 10
    for line in notes:
        d.text((PAD, y), line, fill="#444444", font=fs)
        drawn.append(("note", line))
        y += 16
    return img, drawn


def _groups(ch: Chart) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i, c in enumerate(ch.columns):
        if c.group:
            out.setdefault(c.group, []).append(i)
    return out


def _spans(ch: Chart) -> list[tuple[tuple[int, int], str]]:
    """Header spans of the first heading line: each run of one group, or the column title over columns 1..n."""
    if ch.column_title and not any(c.group for c in ch.columns):
        return [((1, len(ch.columns)), ch.column_title)]
    spans: list[tuple[tuple[int, int], str]] = []
    i = 0
    while i < len(ch.columns):
        g = ch.columns[i].group
        j = i
        while j < len(ch.columns) and g and ch.columns[j].group == g:
            j += 1
        if g:
            spans.append(((i, j), g))
            i = j
        else:
            i += 1
    return spans


def render_splash(title: str, description: str, sides: list[str], size: tuple[int, int] = (640, 360)
                  ) -> tuple[Image.Image, Drawn]:
    """The About-screen image: the title (wrapped and shrunk until it fits), the sides and the description."""
    img = Image.new("RGB", size, "#2f3b2a")
    d = ImageDraw.Draw(img)
    d.rectangle([8, 8, size[0] - 9, size[1] - 9], outline="#d8cfa8", width=3)
    room = size[0] - 60
    drawn: Drawn = []
    y = 40.0
    title_lines, tf = _fit(title, room, 3, (34, 28, 24, 20, 17, 14), bold=True)
    for line in title_lines:
        d.text((size[0] // 2, y), line, fill="#f4edd0", font=tf, anchor="ma")
        drawn.append(("title", line))
        y += getattr(tf, "size", 14) * 1.2
    if sides:
        side_lines, sf = _fit(" vs ".join(sides), room, 2, (20, 17, 14))
        y += 8
        for line in side_lines:
            d.text((size[0] // 2, y), line, fill="#d8cfa8", font=sf, anchor="ma")
            drawn.append(("head", line))
            y += getattr(sf, "size", 14) * 1.25
    y += 12
    foot_y = size[1] - 40
    lines_room = max(0, int((foot_y - y) // 20))
    desc_lines, df = _fit(description, room, max(1, lines_room), (14, 13, 12))
    for line in desc_lines[:lines_room]:
        d.text((size[0] // 2, y), line, fill="#d8cfa8", font=df, anchor="ma")
        drawn.append(("cell", line))
        y += 20
    d.text((size[0] // 2, foot_y + 6), "VASSAL module generated by modgen", fill="#a8a088", font=font(12),
           anchor="ma")
    return img, drawn


def _fit(text: str, room: float, most_lines: int, sizes: tuple[int, ...], bold: bool = False
         ) -> tuple[list[str], object]:
    """``text`` wrapped at the largest of ``sizes`` that fits in ``most_lines`` lines of ``room`` px; at the
    smallest size the last line ends in an ellipsis (no line is ever wider than ``room``)."""
    # Pillow refuses to lay out very long strings (unvalidated data may carry one); no frame holds more anyway
    text = text if len(text) <= MAX_SPLASH_TEXT else text[:MAX_SPLASH_TEXT - 1] + "…"
    for size in sizes:
        f = font(size, bold)
        lines = _wrap_px(text, f, room)
        if len(lines) <= most_lines:
            return lines, f
    lines = lines[:most_lines]
    if lines:
        last = lines[-1]
        while last and f.getlength(last + "…") > room:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return lines, f


def _wrap_px(text: str, f: object, room: float) -> list[str]:
    """Words in lines no wider than ``room`` px; a single word too wide is cut character by character."""
    lines: list[str] = []
    cur = ""
    for word in (text or "").split():
        trial = f"{cur} {word}".strip()
        if f.getlength(trial) <= room:  # type: ignore[attr-defined]
            cur = trial
            continue
        if cur:
            lines.append(cur)
        while f.getlength(word) > room:  # type: ignore[attr-defined]
            k = len(word)
            while k > 1 and f.getlength(word[:k]) > room:  # type: ignore[attr-defined]
                k -= 1
            lines.append(word[:k])
            word = word[k:]
        cur = word
    if cur:
        lines.append(cur)
    return lines
