"""Rule tables typeset for people: a manifest's ``rules.tables`` entry, read through its ``charts`` entry, becomes a
:class:`Chart` (title, column headings, rows of cell text, a key to the result codes, footnotes).

The manifest's ``charts`` section says which tables are charts (a table not listed there, such as a scalar setting,
is not one), their titles and column titles as the rulebook prints them, the names of ids used as row labels or cell
values, and the meaning of result codes. Terrain ids are named from the manifest's ``terrain``. Without a ``charts``
section the tables with a ``source`` are shown with headings made from their keys (a designer's first build).

Shapes understood (after ``part`` picks a sub-table): a CRT by columns (``{"columns": [{"label", "results"}]}``), a
CRT by rows (``{"columns": [labels], "rows": {label: [...]}}``), banded rows (``{"rows": [{"label", "results"}]}``),
record rows (a list of objects, or ``{"rows": [objects]}``), an object of objects, an object of lists and an object
of scalars. Nested objects in cells become grouped sub-columns, never JSON text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from modgen.errors import DataError

#: words the typesetter writes itself (everything else on a chart comes from the data)
YES, NO, NONE = "yes", "no", "—"
RULEBOOK_MARK, ILLUSTRATIVE_MARK = "*", "†"
SOURCE_PREFIX = "Source: "
RULEBOOK_TEXT = "values printed in the rulebook"
ILLUSTRATIVE_TEXT = "illustrative values (not printed in the rulebook)"
KEY_PREFIX = "Key: "
VOCABULARY = frozenset({YES, NO, NONE, RULEBOOK_MARK, ILLUSTRATIVE_MARK, ""})
META = ("source", "row_sources", "note")
MAX_CELL = 36  # characters before a cell wraps onto a second line


@dataclass
class Column:
    """One column: its heading, and the heading of the group it belongs to (a nested object's key)."""

    title: str
    group: str | None = None


@dataclass
class Chart:
    """A table ready to draw: every string in it is a name, a title or a value from the data."""

    title: str
    columns: list[Column]
    rows: list[list[str]]
    column_title: str = ""  # a heading over the value columns (e.g. "Odds (attacker : defender)")
    key: list[tuple[str, str]] = field(default_factory=list)  # (code, meaning)
    notes: list[str] = field(default_factory=list)
    labelled: bool = True  # the first column names the rows (record lists start with a value column)


def charts(manifest: dict[str, Any]) -> list[Chart]:
    """Every chart of the manifest, in the order its ``charts`` section lists them."""
    tables = (manifest.get("rules") or {}).get("tables") or {}
    if not isinstance(tables, dict):
        return []
    section = manifest.get("charts")
    if not isinstance(section, dict):
        return [chart(manifest, {"table": k, "title": k.replace("_", " ").capitalize()}) for k, v in tables.items()
                if isinstance(v, (dict, list)) and _has_source(v)]
    out: list[Chart] = []
    for i, spec in enumerate(section.get("tables") or []):
        if spec.get("table") not in tables:
            raise DataError(f"charts.tables[{i}]: no rules table {spec.get('table')!r}")
        out.append(chart(manifest, spec))
    return out


def _has_source(v: Any) -> bool:
    if isinstance(v, dict):
        return "source" in v or any(isinstance(x, dict) and "source" in x for x in v.values())
    return any(isinstance(x, dict) and "source" in x for x in v)


class _Names:
    """Names for ids: the chart's ``values``, the section's ``names``, the manifest's terrain and sides."""

    def __init__(self, manifest: dict[str, Any], spec: dict[str, Any]) -> None:
        self.names: dict[str, str] = {}
        for tid, t in (manifest.get("terrain") or {}).items():
            if isinstance(t, dict) and t.get("name"):
                self.names[tid] = t["name"]
        for s in manifest.get("sides") or []:
            if isinstance(s, dict) and s.get("id") and s.get("name"):
                self.names[s["id"]] = s["name"]
        self.names.update((manifest.get("charts") or {}).get("names") or {})
        self.names.update(spec.get("values") or {})
        self.columns: dict[str, str] = spec.get("columns") or {}
        self.null = spec.get("null", NONE)
        self.blank: dict[str, str] = spec.get("blank") or {}  # column -> text where a row has no value

    def name(self, key: str) -> str:
        return self.names.get(key, key)

    def title(self, key: str) -> str:
        if key in self.columns:
            return self.columns[key]
        leaf = key.rsplit(".", 1)[-1]
        return self.names.get(leaf, leaf.replace("_", " ").capitalize())

    def cell(self, v: Any) -> str:
        if v is None:
            return self.null
        if isinstance(v, bool):
            return YES if v else NO
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            return self.name(v)
        if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v):
            return str(v[0]) if v[0] == v[1] else f"{v[0]}–{v[1]}"  # a span such as years [1943, 1945]
        if isinstance(v, list):
            return ", ".join(self.cell(x) for x in v) if v else NONE
        if isinstance(v, dict):
            return ", ".join(f"{self.title(k)} {self.cell(x)}" for k, x in v.items() if k not in META) or NONE
        return str(v)


def chart(manifest: dict[str, Any], spec: dict[str, Any]) -> Chart:
    """One chart from its ``charts`` entry ``spec`` (``table``, optional ``part``, ``title``, ``columns``...)."""
    table = manifest["rules"]["tables"][spec["table"]]
    t = table
    if spec.get("part") is not None:
        if not isinstance(table, dict) or spec["part"] not in table:
            raise DataError(f"charts: rules table {spec['table']!r} has no part {spec['part']!r}")
        t = table[spec["part"]]
    names = _Names(manifest, spec)
    columns, rows, row_keys, row_srcs = _grid(t, spec, names)
    ch = Chart(spec.get("title") or spec["table"], columns, rows, column_title=spec.get("column_title", ""),
               labelled=bool(columns) and columns[0].title == spec.get("row_title", "") and not columns[0].group
               and not _is_records(t))
    src = (t.get("source") if isinstance(t, dict) else None) or (
        table.get("source") if isinstance(table, dict) else None) or spec.get("source")
    _provenance(ch, src, row_keys, row_srcs)
    ch.key = [(code, meaning) for code, meaning in (spec.get("result_key") or {}).items()]
    ksrc = spec.get("key_source")
    if ch.key and isinstance(ksrc, dict) and ksrc.get("rule"):
        ch.notes.append(KEY_PREFIX + ksrc["rule"])
    return ch


def _grid(t: Any, spec: dict[str, Any], names: _Names
          ) -> tuple[list[Column], list[list[str]], list[str], dict[str, Any]]:
    """(columns, rows, the data key of each row, row key -> its own source) for any table shape."""
    row_title = spec.get("row_title", "")
    labels = spec.get("column_labels")
    row_srcs = t.get("row_sources") or {} if isinstance(t, dict) else {}
    if isinstance(t, dict) and isinstance(t.get("columns"), list) and t["columns"] and all(
            isinstance(c, dict) and isinstance(c.get("results"), list) for c in t["columns"]):
        cols = t["columns"]
        n = max(len(c["results"]) for c in cols)
        first = int(spec.get("first_row", 1))
        keys = [str(first + i) for i in range(n)]
        rows = [[keys[i], *(names.cell(c["results"][i]) if i < len(c["results"]) else "" for c in cols)]
                for i in range(n)]
        return [Column(row_title), *(Column(names.cell(c.get("label"))) for c in cols)], rows, keys, row_srcs
    if isinstance(t, dict) and isinstance(t.get("columns"), list) and isinstance(t.get("rows"), dict):
        keys = list(t["rows"])
        rows = [[names.name(k), *(names.cell(x) for x in t["rows"][k])] for k in keys]
        return [Column(row_title), *(Column(names.cell(c)) for c in t["columns"])], rows, keys, row_srcs
    records = t.get("rows") if isinstance(t, dict) and isinstance(t.get("rows"), list) else t
    if isinstance(records, list) and records and all(isinstance(r, dict) for r in records):
        if all(isinstance(r.get("results"), list) and "label" in r for r in records):
            n = max(len(r["results"]) for r in records)
            keys = [str(r["label"]) for r in records]
            heads = labels or [str(i + 1) for i in range(n)]
            rows = [[names.name(str(r["label"])), *(names.cell(x) for x in r["results"])] for r in records]
            return [Column(row_title), *(Column(str(h)) for h in heads)], rows, keys, row_srcs
        columns, rows = _records(records, spec, names)
        keys = [str(i) for i in range(len(records))]
        return columns, rows, keys, {str(i): r["source"] for i, r in enumerate(records) if "source" in r}
    if isinstance(t, dict):
        items = {k: v for k, v in t.items() if k not in META}
        if items and all(isinstance(v, dict) for v in items.values()):
            name_field = spec.get("row_name")
            recs = [{k2: v2 for k2, v2 in v.items() if k2 != name_field} for v in items.values()]
            columns, rows = _records(recs, spec, names)
            heads = [names.cell(v[name_field]) if name_field in v else names.name(k) for k, v in items.items()]
            rows = [[h, *r] for h, r in zip(heads, rows, strict=True)]
            srcs = {k: v["source"] for k, v in items.items() if isinstance(v.get("source"), dict)}
            return [Column(row_title), *columns], rows, list(items), srcs or row_srcs
        if items and all(isinstance(v, list) for v in items.values()):
            n = max(len(v) for v in items.values())
            heads = labels or [str(i + 1) for i in range(n)]
            rows = [[names.name(k), *(names.cell(x) for x in v)] for k, v in items.items()]
            return [Column(row_title), *(Column(str(h)) for h in heads)], rows, list(items), row_srcs
        return ([Column(row_title), Column(spec.get("value_title", ""))],
                [[names.name(k), names.cell(v)] for k, v in items.items()], list(items), row_srcs)
    return [Column(spec.get("value_title", ""))], [[names.cell(t)]], [""], {}


def _is_records(t: Any) -> bool:
    records = t.get("rows") if isinstance(t, dict) and isinstance(t.get("rows"), list) else t
    return isinstance(records, list) and bool(records) and all(
        isinstance(r, dict) and not isinstance(r.get("results"), list) for r in records)


def _records(records: list[dict[str, Any]], spec: dict[str, Any], names: _Names
             ) -> tuple[list[Column], list[list[str]]]:
    """Columns and cells for a list of objects; an object-valued field becomes a group of sub-columns and a
    ``ranges`` pair (``{"losses_min": "losses_max"}``) one column reading "2", "0–1" or "3+"."""
    ranges: dict[str, str] = spec.get("ranges") or {}
    if spec.get("columns"):
        keys = [k for k in spec["columns"] if "." not in k]
    else:
        keys = []
        for r in records:
            keys += [k for k in r if k not in keys and k not in META and k not in ranges.values()]
    columns: list[Column] = []
    getters: list[Any] = []
    for k in keys:
        subs: list[str] = []
        for r in records:
            if isinstance(r.get(k), dict):
                subs += [s for s in r[k] if s not in subs and s not in META]
        if not subs:
            columns.append(Column(names.title(k)))
            getters.append(lambda r, k=k: _range(r, k, ranges[k], names) if k in ranges
                           else names.cell(r[k]) if k in r else names.blank.get(k, ""))  # null is "—"
            continue
        for s in subs:
            columns.append(Column(names.title(f"{k}.{s}"), names.title(k)))
            # a scalar where other rows have an object holds for every sub-column (clear: 1 MP for all)
            getters.append(lambda r, k=k, s=s: (names.cell(r[k][s]) if s in r[k] else "") if isinstance(r.get(k), dict)
                           else names.cell(r[k]) if k in r else "")
    return columns, [[_wrap_cell(g(r)) for g in getters] for r in records]


def _range(r: dict[str, Any], lo: str, hi: str, names: _Names) -> str:
    a, b = r.get(lo), r.get(hi)
    if b is None:
        return f"{names.cell(a)}+"
    return names.cell(a) if a == b else f"{names.cell(a)}–{names.cell(b)}"


def _wrap_cell(text: str) -> str:
    """Long prose in a cell on several lines (``\\n``), so one note does not make the chart a metre wide; a word
    longer than a line is cut (Pillow refuses very long strings, and unvalidated data may carry one)."""
    if len(text) <= MAX_CELL:
        return text
    return "\n".join(line if len(line) <= MAX_CELL else line[:MAX_CELL - 1] + "…"
                      for line in wrap(text[:MAX_CELL * 12], MAX_CELL))


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces."""
    lines: list[str] = []
    cur = ""
    for word in (text or "").split():
        if len(cur) + len(word) + 1 > width and cur:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    if cur:
        lines.append(cur)
    return lines


def _provenance(ch: Chart, src: Any, row_keys: list[str], row_srcs: dict[str, Any]) -> None:
    """The source footnote; rows whose own source differs from the table's get a mark that the footnote explains."""
    values = src.get("values") if isinstance(src, dict) else None
    rules = src.get("rule") if isinstance(src, dict) else None
    own = {k: s for k, s in row_srcs.items() if isinstance(s, dict)}
    if not rules:
        seen: list[str] = []
        for s in own.values():
            for part in str(s.get("rule") or "").split(";"):
                if part.strip() and part.strip() not in seen:
                    seen.append(part.strip())
        rules = "; ".join(seen)
    base = values or "rulebook"
    if rules:
        ch.notes.append(SOURCE_PREFIX + rules)
    if base == "illustrative":
        ch.notes.append(ILLUSTRATIVE_TEXT)
    marks: set[str] = set()
    for i, k in enumerate(row_keys):
        s = own.get(k)
        if s is None or s.get("values", base) == base or i >= len(ch.rows) or not ch.rows[i]:
            continue
        mark = RULEBOOK_MARK if s.get("values") == "rulebook" else ILLUSTRATIVE_MARK
        ch.rows[i][0] = f"{ch.rows[i][0]} {mark}"
        marks.add(mark)
    if RULEBOOK_MARK in marks:
        ch.notes.append(f"{RULEBOOK_MARK} {RULEBOOK_TEXT}")
    if ILLUSTRATIVE_MARK in marks:
        ch.notes.append(f"{ILLUSTRATIVE_MARK} {ILLUSTRATIVE_TEXT}")
    if isinstance(src, dict) and src.get("note"):
        ch.notes.append(src["note"])
