"""Tables in delimited text files: readtable and writetable (.csv, .txt, .dat; spreadsheets are not
supported). The delimiters, number texts and quoting are those of readmatrix and writematrix
(delimited.py)."""
from __future__ import annotations

import csv
import re

import numpy as np

from ..categoricals import CategoricalArray
from ..errors import MatlabError
from ..tables import Table, fresh_names, is_table
from ..time_text import time_texts
from ..times import TimeArray
from ..values import CellArray, CharArray, StringArray, Value, class_of, size_of, to_array
from .delimited import _guess_delimiter, _number_text, _parse_number, _path, _quoted, _read_lines, _write_rows
from .registry import builtin
from .sizes import count_value
from .spreadsheets import SPREADSHEETS, sheet_read, sheet_text, write_sheet
from .textutil import option_name, text_arg, unescape

DELIMITERS = {"comma": ",", "tab": "\t", "space": " ", "semi": ";", "bar": "|"}


def _options(args: tuple, known: tuple[str, ...], fname: str) -> dict[str, Value]:
    if len(args) % 2:
        raise MatlabError(f"MATLAB:{fname}:InvalidParameter", "Options must be name-value pairs.")
    found = {}
    for name, value in zip(args[::2], args[1::2]):
        key = option_name(name)
        if key == "headerlines":
            key = "numheaderlines"
        if key not in known:
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter", f"'{text_arg(name, fname)}' is not a supported "
                              f"parameter of {fname}: use {', '.join(known)}.")
        found[key] = value
    return found


def _flag(value: Value) -> bool:
    return bool(np.asarray(to_array(value)).ravel()[0])


def _delimiter(value: Value, fname: str) -> str:
    word = text_arg(value, fname, "Delimiter")
    return DELIMITERS.get(word.lower(), unescape(word))


# ---- readtable


def valid_name(text: str) -> str:
    """MATLAB's matlab.lang.makeValidName: blanks dropped (a letter after one capitalised), other
    characters that cannot be in a name become '_', a name not starting with a letter gets an 'x'."""
    text = re.sub(r"\s+([a-z])", lambda m: m.group(1).upper(), text.strip())
    text = re.sub(r"\s+", "", text)
    text = re.sub(r"[^A-Za-z0-9_]", "_", text)
    if not text or not text[0].isalpha():
        text = "x" + text
    return text[:63]


def _split(lines: list[str], delim: str) -> list[list[str]]:
    if delim == " ":
        return [line.split() for line in lines]
    return [[field.strip() for field in row] for row in csv.reader(lines, delimiter=delim)]


def _column(fields: list[str], text_type: str) -> Value:
    """A variable from a column's texts: numbers (blanks are NaN) when every field is one, else text."""
    numbers = [_parse_number(f) for f in fields]
    if all(n is not None or not f for n, f in zip(numbers, fields)) and any(fields):
        values = [np.nan if n is None else n for n in numbers]
        dtype = np.complex128 if any(isinstance(v, complex) for v in values) else np.float64
        return np.array(values, dtype=dtype).reshape(-1, 1)
    if text_type == "string":
        return StringArray(np.array(fields, dtype=object).reshape(-1, 1))
    cells = np.empty((len(fields), 1), dtype=object)
    for k, text in enumerate(fields):
        cells[k, 0] = CharArray.from_str(text) if text else CharArray(np.zeros((0, 0), dtype=np.uint16))
    return CellArray(cells)


@builtin("readtable", family="table")
def readtable(ctx, filename, *args):
    """T = readtable(filename), readtable(filename, 'Delimiter', d, 'ReadVariableNames', tf,
    'NumHeaderLines', n, 'VariableNamingRule', 'modify' | 'preserve', 'ReadRowNames', tf, 'TextType', t),
    readtable(workbook, 'Sheet', sheet, 'Range', range, ...)
    A table from a delimited text file or an Excel workbook (.xlsx, .xlsm: the sheet by name or number,
    the first by default; 'Range' like 'A1:C10', or 'B2' for the cells from B2 on): one variable per
    column, named by the first line.

    The delimiter is guessed (comma, tab, semicolon, else blanks) unless given; quoted fields may hold
    it. A column whose fields are all numbers (blank ones are NaN) is double, any other column text
    (cellstr, or string with 'TextType' 'string'). Column headers that are no valid names are made
    valid (``my col`` becomes ``myCol``, with a warning; the headers are kept in VariableDescriptions)
    unless 'VariableNamingRule' is 'preserve'. A workbook's cells read as a text file's fields would
    (logical cells as 1 and 0, dates as their Excel serial numbers); .xls, .xlsb and .ods are not read.

        T = readtable('data.csv');
    """
    path = _path(filename, "readtable")
    workbook = path.lower().endswith(SPREADSHEETS)
    opts = _options(args, ("readvariablenames", "numheaderlines", "variablenamingrule", "readrownames",
                           "texttype") + (("sheet", "range") if workbook else ("delimiter",)), "readtable")
    skip = int(count_value(opts["numheaderlines"], "readtable", "NumHeaderLines")) if "numheaderlines" in opts else 0
    if workbook:
        rows = [[sheet_text(v) for v in row] for row in sheet_read(path, opts, "readtable")[skip:]]
        rows = [row for row in rows if any(row)]
    else:
        lines = [line for line in _read_lines(path, "readtable")[skip:] if line.strip()]
        delim = _delimiter(opts["delimiter"], "readtable") if "delimiter" in opts else _guess_delimiter(lines)
        rows = _split(lines, delim)
    header = None
    if rows and (_flag(opts["readvariablenames"]) if "readvariablenames" in opts else
                 not all(_parse_number(f) is not None for f in rows[0])):
        header, rows = rows[0], rows[1:]
    width = max([len(r) for r in rows] + [len(header) if header else 0])
    rows = [r + [""] * (width - len(r)) for r in rows]
    text_type = option_name(opts.get("texttype", CharArray.from_str("char")))
    columns = [_column([r[j] for r in rows], text_type) for j in range(width)]
    originals = [(header[j] if header and j < len(header) else "") for j in range(width)]
    rule = option_name(opts.get("variablenamingrule", CharArray.from_str("modify")))
    names = [o if o and rule == "preserve" else valid_name(o) if o else f"Var{j + 1}"
             for j, o in enumerate(originals)]
    row_names = None
    if "readrownames" in opts and _flag(opts["readrownames"]) and columns:
        first = columns.pop(0)
        names.pop(0)
        originals.pop(0)
        row_names = [v.to_str() if type(v) is CharArray else str(v) for v in
                     (first.data[:, 0] if type(first) is CellArray else first.ravel())]
    table = Table(columns, fresh_names(names, []), len(rows), row_names)
    if any(n != o for n, o in zip(names, originals) if o):
        ctx.warn("MATLAB:table:ModifiedAndSavedVarnames", "Column headers from the file were modified to make "
                 "them valid MATLAB identifiers before creating variable names for the table. The original "
                 "column headers are saved in the VariableDescriptions property.\nSet 'VariableNamingRule' to "
                 "'preserve' to use the original column headers as table variable names.")
        table.descriptions = originals
    return table


# ---- writetable


def _texts(value: Value) -> list[list[str]]:
    """The texts of each row of a variable (one per column of it) as writetable writes them."""
    rows = size_of(value)[0]
    if type(value) is CellArray:
        data = value.data.reshape(rows, -1, order="F")
        return [[_cell_text(v) for v in row] for row in data]
    if type(value) is StringArray:
        data = value.data.reshape(rows, -1, order="F")
        return [["" if v is None else v for v in row] for row in data]
    if type(value) is CharArray:
        return [[r] for r in value.rows()]
    if isinstance(value, TimeArray):
        texts = np.array(time_texts(value), dtype=object).reshape(value.shape, order="F")
        return [["" if t in ("NaT", "NaN") else t for t in row] for row in texts.reshape(rows, -1, order="F")]
    if type(value) is CategoricalArray:        # the names; <undefined> an empty field
        texts = np.array(["" if n is None else n for n in value.texts()], dtype=object)
        return texts.reshape(rows, -1, order="F").tolist()
    if class_of(value) in ("cell", "struct", "table", "function_handle"):
        raise MatlabError("MATLAB:writetable:UnsupportedVariable", f"writetable cannot write a {class_of(value)} "
                          "variable.")
    data = to_array(value).reshape(rows, -1, order="F")
    if data.dtype == np.bool_:
        data = data.astype(np.float64)
    return [[_number_text(v, "%.15g") for v in row] for row in data]


def _cells(value: Value) -> list[list[object]]:
    """The cells of each row of a variable as writetable writes them into a workbook: numbers and logical
    values themselves, anything else its text (_texts)."""
    if class_of(value) in ("double", "single", "logical") or class_of(value).startswith(("int", "uint")):
        data = to_array(value).reshape(size_of(value)[0], -1, order="F")
        if not np.iscomplexobj(data):
            return data.tolist()
    return _texts(value)


def _cell_text(value: Value) -> str:
    if type(value) is CharArray:
        return value.to_str()
    if type(value) is StringArray and value.shape == (1, 1):
        return value.data[0, 0] or ""
    arr = to_array(value)
    if arr.size != 1:
        raise MatlabError("MATLAB:writetable:UnsupportedCell", "writetable writes cells holding text or one "
                          "number each.")
    return _number_text(arr.ravel()[0], "%.15g")


def _headers(name: str, value: Value) -> list[str]:
    count = int(np.prod(size_of(value)[1:])) if type(value) is not CharArray else 1
    return [name] if count == 1 else [f"{name}_{k + 1}" for k in range(count)]


@builtin("writetable", family="table")
def writetable(ctx, t, filename=None, *args):
    """writetable(T), writetable(T, filename), writetable(..., 'Delimiter', d, 'WriteVariableNames', tf,
    'WriteRowNames', tf, 'WriteMode', 'overwrite' | 'append'), writetable(T, workbook, 'Sheet', sheet, ...)
    Write a table to a delimited text file or a workbook: a line of variable names, then one line per row.

    Numbers are written with up to 15 significant digits (logicals as 1 and 0), text as it is (quoted
    where it holds the delimiter or a quote), datetimes in their format; a variable with several columns
    gives the columns name_1, name_2, .... Without a file name the file is the table's variable name with
    .txt (``T.txt``); the delimiter is ',' (or 'tab', 'space', 'semi', 'bar'). Into an Excel workbook
    (.xlsx, .xlsm) numbers and logical values are the cells themselves (NaN an empty cell), other values
    their text; 'Sheet', 'Range' (the first cell) and 'WriteMode' ('inplace', the default, 'overwritesheet',
    'replacefile', 'append') as writematrix takes them.

        writetable(table([1; 2], {'a'; 'b'}), 'data.csv')
    """
    if not is_table(t):
        raise MatlabError("MATLAB:writetable:InvalidTable", "The first argument of writetable must be a table.")
    if filename is None:
        found = ctx.argument_names()
        if not found or not found[0]:
            raise MatlabError("MATLAB:writetable:NoFileName", "writetable needs a file name when its table is no "
                              "variable.")
        path = found[0] + ".txt"
    else:
        path = _path(filename, "writetable")
    workbook = path.lower().endswith(SPREADSHEETS)
    opts = _options(args, ("writevariablenames", "writerownames", "writemode")
                    + (("sheet", "range") if workbook else ("delimiter",)), "writetable")
    row_names = t.row_names if "writerownames" in opts and _flag(opts["writerownames"]) else None
    header = []
    if "writevariablenames" not in opts or _flag(opts["writevariablenames"]):
        header = [([t.dimension_names[0]] if row_names is not None else [])
                  + [h for name, v in zip(t.names, t.variables) for h in _headers(name, v)]]
    if workbook:
        columns = [_cells(v) for v in t.variables]
        rows = [([row_names[i]] if row_names is not None else []) + [x for c in columns for x in c[i]]
                for i in range(t.height)]
        write_sheet(path, header + rows, opts, "writetable")
        return
    delim = _delimiter(opts["delimiter"], "writetable") if "delimiter" in opts else \
        "\t" if path.lower().endswith(".tsv") else ","
    mode = option_name(opts.get("writemode", CharArray.from_str("overwrite")))
    if mode not in ("overwrite", "append"):
        raise MatlabError("MATLAB:writetable:InvalidWriteMode", "WriteMode must be 'overwrite' or 'append'.")
    columns = [_texts(v) for v in t.variables]
    lines = list(header)
    for i in range(t.height):
        lines.append(([row_names[i]] if row_names is not None else []) + [x for c in columns for x in c[i]])
    _write_rows(path, [delim.join(_quoted(x, delim) for x in line) + "\n" for line in lines], mode == "append",
                "writetable")
