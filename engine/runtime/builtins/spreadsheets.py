"""xlsread: the cells of an Excel workbook in Office Open XML (.xlsx, .xlsm), read with openpyxl (its
read-only mode, formulas as the values Excel stored for them). The older binary .xls format and
OpenDocument .ods are not read.
"""
from __future__ import annotations

import datetime
import os
import zipfile
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CellArray, CharArray, Value
from .registry import builtin
from .sizes import option_text


def _range(text: str, fname: str) -> tuple[int, int, int, int]:
    """The first and last rows and columns of an Excel range 'A1:C3' (or one cell, 'B2')."""
    from openpyxl.utils.cell import range_boundaries
    try:
        left, top, right, bottom = range_boundaries(text.strip().upper())
    except (ValueError, TypeError):
        left = None
    if left is None or top is None or right is None or bottom is None:
        raise MatlabError(f"MATLAB:{fname}:InvalidRange", f"'{text}' is not a range of cells like 'A1:C3' here "
                          "(named ranges and whole rows or columns are not supported).")
    return top, left, bottom, right


def _sheet_name(names: list[str], sheet: Value | None, fname: str) -> str:
    """The name of the sheet chosen by name or number (the first without one)."""
    if sheet is None:
        return names[0]
    name = option_text(sheet)
    if name is not None:
        if name not in names:
            raise MatlabError(f"MATLAB:{fname}:WorksheetNotFound", f"Worksheet '{name}' not found.")
        return name
    index = np.asarray(sheet, dtype=np.float64).ravel()
    if index.size != 1 or index[0] != int(index[0]) or not 1 <= index[0] <= len(names):
        raise MatlabError(f"MATLAB:{fname}:WorksheetNotFound",
                          f"The sheet number must be an integer from 1 to {len(names)}.")
    return names[int(index[0]) - 1]


def _loaded(path: str, filename: str, fname: str, **options: bool) -> Any:
    """openpyxl's workbook of ``path``, or MATLAB's file-format error where the file is none."""
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException
    try:
        return openpyxl.load_workbook(path, **options)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError):
        raise MatlabError(f"MATLAB:{fname}:FileFormat", f"'{filename}' is not an Excel workbook in Office Open XML "
                          "(.xlsx): the binary .xls format is not read here.") from None


def read_cells(path: str, sheet: Value | None, filename: str, fname: str) -> dict[tuple[int, int], Any]:
    """The cells of a sheet that hold something: (row, column) from 1 -> a float (a date as its Excel serial
    number), a str, a bool, or an error's text wrapped in a tuple (('#DIV/0!',))."""
    from openpyxl.utils.datetime import to_excel
    book = _loaded(path, filename, fname, read_only=True, data_only=True)
    try:
        if not book.sheetnames:
            raise MatlabError(f"MATLAB:{fname}:NoSheets", f"The workbook '{filename}' has no worksheets.")
        cells: dict[tuple[int, int], Any] = {}
        for row in book[_sheet_name(book.sheetnames, sheet, fname)].iter_rows():
            for cell in row:
                value = cell.value
                if value is None or value == "":
                    continue
                if cell.data_type == "e":
                    value = (str(value),)
                elif isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
                    value = float(to_excel(value))
                elif isinstance(value, (int, float)) and not isinstance(value, bool):
                    value = float(value)
                elif not isinstance(value, (bool, str)):
                    value = str(value)
                cells[cell.row, cell.column] = value
        return cells
    finally:
        book.close()


READ = (".xlsx", ".xlsm")                       # the spreadsheet files read here
SPREADSHEETS = (".xls", ".xlsx", ".xlsm", ".xlsb", ".ods")   # those MATLAB reads as spreadsheets


def sheet_grid(path: str, sheet: Value | None, where: str | None, filename: str, fname: str,
               corner: bool = False) -> np.ndarray:
    """The cells of range ``where`` of a sheet (None: from its first used cell to its last; with
    ``corner``, a single cell is the range's first, as readmatrix's 'Range' takes it) as an object array
    of read_cells's values, None where a cell is empty."""
    cells = read_cells(path, sheet, filename, fname)
    if where is not None and corner and ":" not in where:
        top, left, _, _ = _range(where, fname)
        bottom, right = max([r for r, _ in cells] + [top - 1]), max([c for _, c in cells] + [left - 1])
    elif where is not None:
        top, left, bottom, right = _range(where, fname)
    elif cells:
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    else:
        top = left = 1
        bottom = right = 0
    grid = np.full((bottom - top + 1, right - left + 1), None, dtype=object)
    for (r, c), value in cells.items():
        if top <= r <= bottom and left <= c <= right:
            grid[r - top, c - left] = value
    return grid


def sheet_read(path: str, opts: dict[str, Value], fname: str) -> np.ndarray:
    """sheet_grid for readmatrix and readtable: 'Sheet' and 'Range' from their options."""
    if not os.path.isfile(path):
        raise MatlabError(f"MATLAB:{fname}:FileNotFound", f"Unable to find or open '{path}'. Check the path "
                          "and filename or file permissions.")
    if not path.lower().endswith(READ):
        raise MatlabError(f"MATLAB:{fname}:FileFormat", f"{fname} reads .xlsx and .xlsm workbooks here, not "
                          f"'{os.path.basename(path)}' (the binary .xls, .xlsb and .ods formats are not read).")
    where = None
    if "range" in opts:
        where = option_text(opts["range"])
        if not where:
            raise MatlabError(f"MATLAB:{fname}:InvalidRange", "The range must be text like 'A1:C3' or 'B2'.")
    return sheet_grid(path, opts.get("sheet"), where, path, fname, corner=True)


WRITE_MODES = ("inplace", "overwritesheet", "replacefile", "append")


def write_sheet(path: str, rows: list[list[Any]], opts: dict[str, Value], fname: str) -> None:
    """Write ``rows`` of cells (a float, a bool, a str, or None for an empty cell; NaN is an empty cell,
    an infinity the text Inf or -Inf: a workbook holds neither) into an .xlsx or .xlsm workbook, from
    the first cell of 'Range' ('A1' by default) of 'Sheet' (a name, made if the workbook has no such
    sheet, or a number; the first by default). 'WriteMode': 'inplace' (default: the workbook's other
    cells and sheets kept), 'overwritesheet' (the sheet emptied first), 'replacefile' (a new workbook),
    'append' (below the sheet's last used row)."""
    import openpyxl
    if not path.lower().endswith(READ):
        raise MatlabError(f"MATLAB:{fname}:FileFormat", f"{fname} writes .xlsx and .xlsm workbooks here, not "
                          f"'{os.path.basename(path)}' (the binary .xls, .xlsb and .ods formats are not written).")
    mode = (option_text(opts["writemode"]) or "").lower() if "writemode" in opts else "inplace"
    if mode not in WRITE_MODES:
        raise MatlabError(f"MATLAB:{fname}:InvalidWriteMode", f"WriteMode for a workbook must be one of "
                          f"{', '.join(WRITE_MODES)}.")
    if os.path.isfile(path) and mode != "replacefile":
        book = _loaded(path, path, fname, keep_vba=path.lower().endswith(".xlsm"))
    else:
        book = openpyxl.Workbook()
        book.active.title = "Sheet1"
    sheet = opts.get("sheet")
    name = None if sheet is None else option_text(sheet)
    if name is not None and name not in book.sheetnames:
        target = book.create_sheet(name)
    else:
        target = book[_sheet_name(book.sheetnames, sheet, fname)]
    if mode == "overwritesheet":
        target.delete_rows(1, target.max_row)
    top, left = 1, 1
    if "range" in opts:
        where = option_text(opts["range"])
        if not where:
            raise MatlabError(f"MATLAB:{fname}:InvalidRange", "The range must be text like 'A1:C3' or 'B2'.")
        top, left, _, _ = _range(where, fname)
    if mode == "append" and any(cell.value is not None for row in target.iter_rows() for cell in row):
        top = target.max_row + 1
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            if isinstance(value, float) and not np.isfinite(value):
                value = None if np.isnan(value) else "Inf" if value > 0 else "-Inf"
            target.cell(row=top + i, column=left + j, value=value)
    try:
        book.save(path)
    except OSError as exc:
        raise MatlabError(f"MATLAB:{fname}:FileOpenFailure", f"Unable to write '{path}': {exc.strerror}.") from None


def sheet_text(value: Any) -> str:
    """A cell of sheet_grid as the text a delimited file would hold: a number as its shortest digits."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        return repr(value)
    return value[0] if isinstance(value, tuple) else value


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
    grid = sheet_grid(path, sheet, where, name, "xlsread")
    shape = grid.shape
    raw = np.empty(shape, dtype=object)
    number = np.full(shape, np.nan)
    texts = np.full(shape, "", dtype=object)
    for i in range(shape[0]):
        for j in range(shape[1]):
            value = grid[i, j]
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
