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

from modgen import atomic, inputs, limits
from modgen.errors import DataError, ModgenError

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
    """Every row of ``path`` (of the named ``sheet``, else the first), trailing empty rows and cells dropped.

    Hostile files are bounded like the JSON data files: only a regular file (or ``-``, stdin) is read, at most the
    ``file_mb`` limit of it, a workbook (a zip) may unpack to at most ``file_mb`` in all (a zip bomb), and a table
    may span at most ``json_values`` cells, empty ones between filled ones included (a cell in the last of 16,384
    columns, or a row repeated a billion times, would cost that much time and memory)."""
    fmt = sheet_format(path)
    data = _read_bytes(path)
    try:
        if fmt == ".csv":
            rows: list[list[Cell]] = _read_csv(data, path)
        elif fmt == ".xlsx":
            rows = _read_xlsx(_workbook(data, path), path, sheet)
        else:
            rows = _read_ods(_workbook(data, path), path, sheet)
    except (ModgenError, OSError):
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


def _read_bytes(path: str | Path) -> bytes:
    """The bytes of the sheet ``path`` (``-``: stdin), at most the ``file_mb`` limit; a FIFO, device or folder is
    one line (:mod:`modgen.inputs`), never a hang or an endless read."""
    if str(path) == "-":
        return inputs.read_capped(sys.stdin.buffer, "-")
    return inputs.read_regular(path, str(path), noun="spreadsheet")


def _workbook(data: bytes, path: str | Path) -> io.BytesIO:
    """``data``, a workbook (a zip), for the library to read; a LimitError if its entries declare more than the
    ``file_mb`` limit unpacked (Python's zipfile never inflates an entry past its declared size)."""
    import zipfile

    buf = io.BytesIO(data)
    try:
        with zipfile.ZipFile(buf) as z:
            unpacked = sum(info.file_size for info in z.infolist())
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError, NotImplementedError) as exc:
        raise DataError(f"{path}: cannot read the spreadsheet (not a zip: {exc})") from None
    if unpacked > limits.get("file_mb") << 20:
        raise limits.breach("file_mb", str(path), f"unpacks to {unpacked / (1 << 20):,.1f} MiB; a zip bomb?")
    buf.seek(0)
    return buf


class _Cells:
    """Counts the cells a table spans as it is read; a LimitError past the ``json_values`` limit."""

    def __init__(self, path: str | Path) -> None:
        self.path, self.cap, self.count = path, limits.get("json_values"), 0

    def add(self, n: int) -> None:
        self.count += n
        if self.count > self.cap:
            raise limits.breach("json_values", str(self.path), f"a table of more than {self.cap:,} cells")


def _read_csv(raw: bytes, path: str | Path) -> list[list[Cell]]:
    try:
        text = raw.decode("utf-8-sig")  # Excel writes a BOM
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text (byte {exc.start}); save the sheet as CSV UTF-8") from None
    del raw
    try:
        sample = text[:4096]
        dialect: Any = csv.Sniffer().sniff(sample, delimiters=",;\t") if sample.strip() else csv.excel
    except csv.Error:
        dialect = csv.excel
    cells, rows = _Cells(path), list[list[Cell]]()
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
            cells.add(len(row))
            rows.append(list(row))
    except csv.Error as exc:
        raise DataError(f"{path}: not a readable CSV file ({exc})") from None
    return rows


def _missing(package: str, fmt: str) -> DataError:
    return DataError(f"reading or writing {fmt} needs the Python package {package} (pip install {package})")


def _read_xlsx(book: io.BytesIO, path: str | Path, sheet: str | None) -> list[list[Cell]]:
    try:
        import openpyxl
    except ImportError:
        raise _missing("openpyxl", ".xlsx") from None
    wb = openpyxl.load_workbook(book, read_only=True, data_only=True)
    try:
        if sheet is not None and sheet not in wb.sheetnames:
            raise DataError(f"{path}: no sheet {sheet!r} (sheets: {', '.join(wb.sheetnames)})")
        ws = wb[sheet] if sheet is not None else wb.worksheets[0]
        cells, rows = _Cells(path), list[list[Cell]]()
        for row in ws.iter_rows(values_only=True):
            cells.add(len(row))  # openpyxl fills the gaps: a lone cell in column XFD is a row of 16,384
            rows.append([_plain(v) for v in row])
        return rows
    finally:
        wb.close()


def _plain(value: Any) -> Cell:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)  # dates and times: their text, as the designer sees it


def _read_ods(book: io.BytesIO, path: str | Path, sheet: str | None) -> list[list[Cell]]:
    try:
        from odf.opendocument import load
        from odf.table import Table, TableRow
    except ImportError:
        raise _missing("odfpy", ".ods") from None
    doc = load(book)
    tables = doc.spreadsheet.getElementsByType(Table)
    names = [t.getAttribute("name") for t in tables]
    if not tables:
        raise DataError(f"{path}: the spreadsheet has no sheet")
    if sheet is not None and sheet not in names:
        raise DataError(f"{path}: no sheet {sheet!r} (sheets: {', '.join(names)})")
    table = tables[names.index(sheet)] if sheet is not None else tables[0]
    cells, rows = _Cells(path), list[list[Cell]]()
    for tr in table.getElementsByType(TableRow):
        row: list[Cell] = []
        for tc in tr.childNodes:
            if tc.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            repeat = min(int(tc.getAttribute("numbercolumnsrepeated") or 1), 16384)
            value = _ods_value(tc) if tc.qname[1] == "table-cell" else None
            if value in (None, "") and tc is tr.childNodes[-1]:
                continue  # the run of empty cells LibreOffice writes to the last column is no cell of the table
            cells.add(repeat)
            row.extend([value] * repeat)
        repeat_rows = int(tr.getAttribute("numberrowsrepeated") or 1)
        repeat_rows = 1 if not any(v not in (None, "") for v in row) and repeat_rows > 1 else repeat_rows
        cells.add(len(row) * (repeat_rows - 1))
        rows.extend([row] * repeat_rows)
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
