"""xlsread: the cells of an Excel workbook in Office Open XML (.xlsx, .xlsm), read with the standard library
(zipfile and ElementTree: a workbook is a zip archive of XML parts). The older binary .xls format and
OpenDocument .ods are not read.

The parts read: xl/workbook.xml (the sheets' names, in order) and xl/_rels/workbook.xml.rels (the part of
each), xl/sharedStrings.xml (the texts that cells refer to by number), and the sheet's
xl/worksheets/sheetN.xml (its cells: a number, a shared text ``t="s"``, an inline text ``t="inlineStr"``, a
formula's cached text ``t="str"``, a logical ``t="b"`` or an error ``t="e"``).
"""
from __future__ import annotations

import os
import re
import zipfile
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CellArray, CharArray, Value
from .registry import builtin
from .sizes import option_text

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELATIONSHIP = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
PACKAGE = "{http://schemas.openxmlformats.org/package/2006/relationships}"
CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")


def _column_number(letters: str) -> int:
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - ord("A") + 1
    return number


def _reference(text: str) -> tuple[int, int] | None:
    """(row, column), from 1, of a cell reference like 'B12' (None if the text is not one)."""
    match = CELL.match(text.strip())
    return None if match is None else (int(match.group(2)), _column_number(match.group(1)))


def _range(text: str) -> tuple[int, int, int, int]:
    """The first and last rows and columns of an Excel range 'A1:C3' (or one cell, 'B2')."""
    corners = [_reference(part) for part in text.split(":")]
    if len(corners) not in (1, 2) or any(c is None for c in corners):
        raise MatlabError("MATLAB:xlsread:InvalidRange", f"'{text}' is not a range of cells like 'A1:C3' here "
                          "(named ranges and whole rows or columns are not supported).")
    (r1, c1), (r2, c2) = corners[0], corners[-1]
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def _texts(node: Any) -> str:
    """The text of a shared or inline string: its own text, or its runs' texts joined (phonetic runs, rPh,
    left out)."""
    parts = [node.find(f"{MAIN}t")] + [run.find(f"{MAIN}t") for run in node.findall(f"{MAIN}r")]
    return "".join(part.text or "" for part in parts if part is not None)


def _sheet_part(book: zipfile.ZipFile, sheet: Value | None, filename: str) -> str:
    """The archive path of the sheet chosen by name or number (the first without one)."""
    import xml.etree.ElementTree as ET
    workbook = ET.fromstring(book.read("xl/workbook.xml"))
    sheets = [(s.get("name"), s.get(RELATIONSHIP)) for s in workbook.iter(f"{MAIN}sheet")]
    if not sheets:
        raise MatlabError("MATLAB:xlsread:NoSheets", f"The workbook '{filename}' has no worksheets.")
    if sheet is None:
        chosen = sheets[0]
    elif option_text(sheet) is not None:
        name = option_text(sheet)
        chosen = next((s for s in sheets if s[0] == name), None)
        if chosen is None:
            raise MatlabError("MATLAB:xlsread:WorksheetNotFound", f"Worksheet '{name}' not found.")
    else:
        index = np.asarray(sheet, dtype=np.float64).ravel()
        if index.size != 1 or index[0] != int(index[0]) or not 1 <= index[0] <= len(sheets):
            raise MatlabError("MATLAB:xlsread:WorksheetNotFound",
                              f"The sheet number must be an integer from 1 to {len(sheets)}.")
        chosen = sheets[int(index[0]) - 1]
    relations = ET.fromstring(book.read("xl/_rels/workbook.xml.rels"))
    target = next(r.get("Target") for r in relations.iter(f"{PACKAGE}Relationship") if r.get("Id") == chosen[1])
    return target.lstrip("/") if target.startswith("/") else os.path.normpath(f"xl/{target}").replace(os.sep, "/")


def read_cells(path: str, sheet: Value | None, filename: str) -> dict[tuple[int, int], Any]:
    """The cells of a sheet that hold something: (row, column) from 1 -> a float, a str, a bool, or an
    error's text wrapped in a tuple (('#DIV/0!',))."""
    import xml.etree.ElementTree as ET
    try:
        book = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        raise MatlabError("MATLAB:xlsread:FileFormat", f"'{filename}' is not an Excel workbook in Office Open XML "
                          "(.xlsx): the binary .xls format is not read here.") from None
    with book:
        try:
            shared = [_texts(si) for si in ET.fromstring(book.read("xl/sharedStrings.xml")).iter(f"{MAIN}si")] \
                if "xl/sharedStrings.xml" in book.namelist() else []
            part = ET.fromstring(book.read(_sheet_part(book, sheet, filename)))
        except (KeyError, ET.ParseError, StopIteration):
            raise MatlabError("MATLAB:xlsread:FileFormat", f"'{filename}' is not a readable Excel workbook.") from None
    cells: dict[tuple[int, int], Any] = {}
    for cell in part.iter(f"{MAIN}c"):
        where = _reference(cell.get("r", ""))
        kind, value = cell.get("t", "n"), cell.find(f"{MAIN}v")
        if where is None:
            continue
        if kind == "inlineStr":
            inline = cell.find(f"{MAIN}is")
            if inline is not None:
                cells[where] = _texts(inline)
            continue
        if value is None or value.text is None:
            continue
        text = value.text
        if kind == "s":
            cells[where] = shared[int(text)]
        elif kind in ("str", "d"):
            cells[where] = text
        elif kind == "b":
            cells[where] = text.strip() == "1"
        elif kind == "e":
            cells[where] = (text,)
        else:
            cells[where] = float(text)
    return {k: v for k, v in cells.items() if v != ""}


def _trimmed(mask: np.ndarray, leading: bool) -> tuple[slice, slice]:
    """The rows and columns that keep a True of mask, trailing ones (and leading ones with leading) cut."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if rows.size == 0:
        return slice(0, 0), slice(0, 0)
    start_row, start_col = (rows[0], cols[0]) if leading else (0, 0)
    return slice(start_row, rows[-1] + 1), slice(start_col, cols[-1] + 1)


@builtin("xlsread", family="files")
def xlsread(filename: Value, *args: Value, nargout: int = 1) -> Any:
    """num = xlsread(filename) | xlsread(filename, sheet) | xlsread(filename, xlRange) | xlsread(filename, sheet, xlRange)
    | [num, txt, raw] = xlsread(...)  the cells of an Excel workbook (.xlsx, .xlsm).

    sheet is a worksheet's name or number (the first by default); xlRange a rectangle like 'A2:C10' (text
    with a colon given alone is a range of the first sheet). Without a range, the sheet's used cells
    from the first to the last. num holds the numbers (logical cells as 1 and 0, text and empty cells
    NaN), leading and trailing rows and columns without a number cut; txt the texts ('' elsewhere),
    trailing empty rows and columns cut; raw every cell (numbers, text, logical values; NaN where
    empty; an error such as '#DIV/0!' as its text). Excel dates are their serial numbers, as xlsread's
    'basic' mode gives them; a trailing 'basic' is accepted. The binary .xls format, .ods, named ranges
    and the Excel-only options (a function handle, '' for interactive selection) are not supported.

        [num, txt] = xlsread('scores.xlsx', 'Sheet1', 'A1:C20');
    """
    rest = list(args)
    if rest and (option_text(rest[-1]) or "").lower() == "basic":
        rest.pop()
    if len(rest) > 2:
        raise MatlabError("MATLAB:xlsread:TooManyInputs", "xlsread takes a file name, a sheet and a range here.")
    name = option_text(filename)
    if name is None:
        raise MatlabError("MATLAB:xlsread:InvalidFileName", "The file name must be text.")
    sheet, where = None, None
    if len(rest) == 2:
        sheet, where = rest[0], option_text(rest[1])
        if where is None:
            raise MatlabError("MATLAB:xlsread:InvalidRange", "The range must be text like 'A1:C3'.")
    elif rest:
        text = option_text(rest[0])
        if text is not None and ":" in text:
            where = text
        else:
            sheet = rest[0]
    if where is not None and not where.strip():
        raise MatlabError("MATLAB:xlsread:InvalidRange", "xlsread's interactive range selection ('') is not supported.")
    path = os.path.expanduser(name)
    if not os.path.isfile(path):
        raise MatlabError("MATLAB:xlsread:FileNotFound", f"XLSREAD unable to open file '{name}'.\n"
                          f"File '{os.path.abspath(path)}' not found.")
    cells = read_cells(path, sheet, name)
    if where is not None:
        top, left, bottom, right = _range(where)
    elif cells:
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    else:
        top = left = 1
        bottom = right = 0
    shape = (bottom - top + 1, right - left + 1)
    raw = np.empty(shape, dtype=object)
    number = np.full(shape, np.nan)
    texts = np.full(shape, "", dtype=object)
    for i in range(shape[0]):
        for j in range(shape[1]):
            value = cells.get((top + i, left + j))
            if isinstance(value, bool):
                number[i, j], raw[i, j] = float(value), value
            elif isinstance(value, float):
                number[i, j], raw[i, j] = value, value
            elif isinstance(value, str):
                texts[i, j], raw[i, j] = value, CharArray.from_str(value)
            elif isinstance(value, tuple):
                raw[i, j] = CharArray.from_str(value[0])
            else:
                raw[i, j] = np.nan
    rows, cols = _trimmed(~np.isnan(number), leading=True)
    num = number[rows, cols]
    if nargout <= 1:
        return to_value(num if num.size else np.zeros((0, 0)))
    rows, cols = _trimmed(texts != "", leading=False)
    kept = texts[rows, cols]
    txt = np.empty(kept.shape, dtype=object)
    for index, value in np.ndenumerate(kept):
        txt[index] = CharArray.from_str(value) if value else CharArray(np.zeros((0, 0), dtype=np.uint16))   # ''
    out = (to_value(num if num.size else np.zeros((0, 0))), CellArray(txt) if txt.size else CellArray.empty(),
           CellArray(raw) if raw.size else CellArray.empty())
    return out[:nargout]
