"""Read and write one table of a spreadsheet: CSV (standard library), .xlsx (openpyxl) and .ods (odfpy).

A table is a list of rows, the first row the header; a cell is ``str``, ``int``, ``float``, ``bool`` or ``None``
(empty). CSV cells are always text; xlsx and ods cells keep their number type. Writing is atomic (modgen.atomic).
docs/design.md says why these libraries; they are imported only when such a file is read or written.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path
from typing import Any

from modgen import atomic
from modgen.errors import DataError

Cell = str | int | float | bool | None
FORMATS = (".csv", ".xlsx", ".ods")


def sheet_format(path: str | Path) -> str:
    """The table format of ``path`` by its suffix (``-`` is CSV on stdin/stdout); a DataError for any other."""
    if str(path) == "-":
        return ".csv"
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise DataError(f"{path}: a spreadsheet must end in .csv, .xlsx or .ods")
    return suffix


def read_table(path: str | Path, sheet: str | None = None) -> list[list[Cell]]:
    """Every row of ``path`` (of the named ``sheet``, else the first), trailing empty rows and cells dropped."""
    fmt = sheet_format(path)
    try:
        if fmt == ".csv":
            rows: list[list[Cell]] = _read_csv(path)
        elif fmt == ".xlsx":
            rows = _read_xlsx(Path(path), sheet)
        else:
            rows = _read_ods(Path(path), sheet)
    except DataError:
        raise
    except OSError:
        raise
    except Exception as exc:  # a corrupt workbook: the libraries raise many types; name the file
        raise DataError(f"{path}: cannot read the spreadsheet ({type(exc).__name__}: {exc})") from None
    return _trim(rows)


def _trim(rows: list[list[Cell]]) -> list[list[Cell]]:
    out = []
    for row in rows:
        row = list(row)
        while row and row[-1] in (None, ""):
            row.pop()
        out.append(row)
    while out and not out[-1]:
        out.pop()
    return out


def _read_csv(path: str | Path) -> list[list[Cell]]:
    if str(path) == "-":
        text = sys.stdin.read()
    else:
        raw = Path(path).read_bytes()
        try:
            text = raw.decode("utf-8-sig")  # Excel writes a BOM
        except UnicodeDecodeError as exc:
            raise DataError(f"{path}: not UTF-8 text (byte {exc.start}); save the sheet as CSV UTF-8") from None
    try:
        sample = text[:4096]
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t") if sample.strip() else csv.excel
    except csv.Error:
        dialect = csv.excel
    try:
        return [list(r) for r in csv.reader(io.StringIO(text, newline=""), dialect)]
    except csv.Error as exc:
        raise DataError(f"{path}: not a readable CSV file ({exc})") from None


def _missing(package: str, fmt: str) -> DataError:
    return DataError(f"reading or writing {fmt} needs the Python package {package} (pip install {package})")


def _read_xlsx(path: Path, sheet: str | None) -> list[list[Cell]]:
    try:
        import openpyxl
    except ImportError:
        raise _missing("openpyxl", ".xlsx") from None
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    try:
        if sheet is not None and sheet not in wb.sheetnames:
            raise DataError(f"{path}: no sheet {sheet!r} (sheets: {', '.join(wb.sheetnames)})")
        ws = wb[sheet] if sheet is not None else wb.worksheets[0]
        return [[_plain(v) for v in row] for row in ws.iter_rows(values_only=True)]
    finally:
        wb.close()


def _plain(value: Any) -> Cell:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)  # dates and times: their text, as the designer sees it


def _read_ods(path: Path, sheet: str | None) -> list[list[Cell]]:
    try:
        from odf.opendocument import load
        from odf.table import Table, TableRow
    except ImportError:
        raise _missing("odfpy", ".ods") from None
    doc = load(str(path))
    tables = doc.spreadsheet.getElementsByType(Table)
    names = [t.getAttribute("name") for t in tables]
    if not tables:
        raise DataError(f"{path}: the spreadsheet has no sheet")
    if sheet is not None and sheet not in names:
        raise DataError(f"{path}: no sheet {sheet!r} (sheets: {', '.join(names)})")
    table = tables[names.index(sheet)] if sheet is not None else tables[0]
    rows: list[list[Cell]] = []
    for tr in table.getElementsByType(TableRow):
        row: list[Cell] = []
        for tc in tr.childNodes:
            if tc.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            repeat = int(tc.getAttribute("numbercolumnsrepeated") or 1)
            value = _ods_value(tc) if tc.qname[1] == "table-cell" else None
            row.extend([value] * min(repeat, 16384))
        repeat_rows = int(tr.getAttribute("numberrowsrepeated") or 1)
        rows.extend([row] * (1 if not any(v not in (None, "") for v in row) and repeat_rows > 1 else repeat_rows))
    return rows


def _ods_value(tc: Any) -> Cell:
    kind = tc.getAttribute("valuetype")
    if kind in ("float", "percentage", "currency"):
        number = float(tc.getAttribute("value"))
        return int(number) if number.is_integer() else number
    if kind == "boolean":
        return tc.getAttribute("booleanvalue") == "true"
    from odf import teletype  # runs of spaces are <text:s/> elements; teletype turns them back into spaces

    texts = [teletype.extractText(p) for p in tc.childNodes if p.qname[1] == "p"]
    return "\n".join(texts) if texts else None


def write_table(path: str | Path, rows: list[list[Cell]], sheet: str = "counters") -> None:
    """Write ``rows`` to ``path`` (CSV, xlsx or ods by its suffix; ``-`` is CSV on stdout), atomically."""
    fmt = sheet_format(path)
    if str(path) == "-":
        sys.stdout.write(_csv_text(rows))
        return
    if fmt == ".csv":
        atomic.write_text(path, _csv_text(rows))
        return
    writer = _write_xlsx if fmt == ".xlsx" else _write_ods
    with atomic.atomic_path(path) as tmp:
        writer(tmp, rows, sheet)


def _csv_text(rows: list[list[Cell]]) -> str:
    buf = io.StringIO(newline="")
    csv.writer(buf, lineterminator="\n").writerows([["" if v is None else v for v in row] for row in rows])
    return buf.getvalue()


def _write_xlsx(tmp: Path, rows: list[list[Cell]], sheet: str) -> None:
    try:
        import openpyxl
    except ImportError:
        raise _missing("openpyxl", ".xlsx") from None
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet(sheet)
    for row in rows:
        ws.append(row)
    wb.save(tmp)


def _write_ods(tmp: Path, rows: list[list[Cell]], sheet: str) -> None:
    try:
        from odf import teletype
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table, TableCell, TableRow
        from odf.text import P
    except ImportError:
        raise _missing("odfpy", ".ods") from None
    doc = OpenDocumentSpreadsheet()
    table = Table(name=sheet)
    for row in rows:
        tr = TableRow()
        for value in row:
            if value is None or value == "":
                tc = TableCell()
            elif isinstance(value, bool):
                tc = TableCell(valuetype="boolean", booleanvalue="true" if value else "false")
                tc.addElement(P(text=str(value).upper()))
            elif isinstance(value, int | float):
                tc = TableCell(valuetype="float", value=value)
                tc.addElement(P(text=str(value)))
            else:
                tc = TableCell(valuetype="string")
                for line in str(value).split("\n"):
                    p = P()
                    teletype.addTextToElement(p, line)
                    tc.addElement(p)
            tr.addElement(tc)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    with open(tmp, "wb") as fh:
        doc.write(fh)
