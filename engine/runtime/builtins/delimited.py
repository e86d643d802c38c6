"""Numeric matrices in delimited text files: dlmwrite, dlmread, csvwrite, csvread, writematrix, importdata,
readmatrix. (Tables: readtable and writetable in tablefiles.py, which share these helpers.)"""
from __future__ import annotations

import os
import re

import numpy as np

from ..errors import MatlabError
from ..values import (CellArray, CharArray, StringArray, StructArray, Value, class_of, fold_columns, simplify,
                      to_array)
from .registry import builtin
from .sizes import count_value, real_values
from .textutil import is_text_scalar, option_name, text_arg, texts_of, unescape


def _path(name: Value, fname: str) -> str:
    return os.path.expanduser(text_arg(name, fname, "File name"))


def _whole(value: Value, fname: str, what: str) -> int:
    return int(count_value(value, fname, what))


def _numeric_rows(m: Value, fname: str) -> np.ndarray:
    if type(m) is CharArray:
        return m.codes.astype(np.float64)
    if class_of(m) not in ("double", "single", "logical") and not class_of(m).startswith(("int", "uint")):
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "The data must be a numeric array.")
    arr = to_array(m)
    return fold_columns(arr)


def _number_text(v, fmt: str) -> str:
    if isinstance(v, complex) or np.iscomplexobj(v):
        z = complex(v)
        return (fmt % z.real) + ("+" if z.imag >= 0 else "") + (fmt % z.imag) + "i"
    if np.isnan(v):
        return "NaN"
    if np.isinf(v):
        return "Inf" if v > 0 else "-Inf"
    return fmt % v


def _write_rows(path: str, rows: list[str], append: bool, fname: str) -> None:
    try:
        with open(path, "a" if append else "w", encoding="utf-8", newline="") as handle:
            handle.write("".join(rows))
    except OSError as err:
        raise MatlabError(f"MATLAB:{fname}:FileOpenError", f"Could not open file {path}: {err.strerror}.") \
            from None


@builtin("dlmwrite", family="files")
def dlmwrite(filename, m, *args):
    """dlmwrite(filename, M, ...)  write a numeric matrix as delimited text.

    Forms: dlmwrite(filename, M), dlmwrite(filename, M, delimiter, row, col), dlmwrite(..., '-append'),
    dlmwrite(..., 'delimiter', d, 'precision', p, 'newline', nl, 'roffset', r, 'coffset', c). Writes a numeric matrix as delimited text, one line per row: delimiter ',' by default ('\\t' for a
    tab), 5 significant digits unless 'precision' gives a digit count or a format ('%.3f'); row/col
    offsets add empty leading lines and fields; 'newline' is 'pc' (CR LF) or 'unix' (LF, default).

        dlmwrite('data.csv', magic(3))
        dlmwrite('data.txt', pi, 'precision', 8)   % 3.1415927
    """
    path = _path(filename, "dlmwrite")
    rest = list(args)
    append = any(is_text_scalar(a) and text_arg(a, "dlmwrite") == "-append" for a in rest)
    rest = [a for a in rest if not (is_text_scalar(a) and text_arg(a, "dlmwrite") == "-append")]
    opts = {"delimiter": ",", "precision": "%.5g", "newline": "\n", "roffset": 0, "coffset": 0}
    if rest and is_text_scalar(rest[0]) and option_name(rest[0]) not in opts:
        opts["delimiter"] = unescape(text_arg(rest.pop(0), "dlmwrite"))
        if len(rest) >= 2 and not is_text_scalar(rest[0]):
            opts["roffset"] = _whole(rest.pop(0), "dlmwrite", "Row offset")
            opts["coffset"] = _whole(rest.pop(0), "dlmwrite", "Column offset")
    while rest:
        name = option_name(rest[0])
        if name not in opts or len(rest) < 2:
            raise MatlabError("MATLAB:dlmwrite:InvalidParameter", "Parameter names must be text." if name is None
                              else f"Invalid parameter '{name}'.")
        value = rest[1]
        if name == "delimiter":
            opts[name] = unescape(text_arg(value, "dlmwrite"))
        elif name == "precision":
            # %g drops trailing zeros, and a double's exact decimal expansion has at most 767
            # significant digits: more digits than that write the same text
            opts[name] = text_arg(value, "dlmwrite") if is_text_scalar(value) else \
                f"%.{min(_whole(value, 'dlmwrite', 'Precision'), 800)}g"
        elif name == "newline":
            opts[name] = {"pc": "\r\n", "unix": "\n"}.get(option_name(value) or "", None)
            if opts[name] is None:
                raise MatlabError("MATLAB:dlmwrite:InvalidNewline", "Newline must be 'pc' or 'unix'.")
        else:
            opts[name] = _whole(value, "dlmwrite", "Offset")
        rest = rest[2:]
    _write_matrix(path, m, opts, append, "dlmwrite")


def _write_matrix(path: str, m: Value, opts: dict, append: bool, fname: str) -> None:
    arr = _numeric_rows(m, fname)
    delim, nl = opts["delimiter"], opts["newline"]
    lead = delim * opts["coffset"]
    rows = [delim * max(arr.shape[1] + opts["coffset"] - 1, 0) + nl] * opts["roffset"]
    rows += [lead + delim.join(_number_text(v, opts["precision"]) for v in row) + nl for row in arr]
    _write_rows(path, rows, append, fname)


@builtin("csvwrite", family="files")
def csvwrite(filename, m, row=None, col=None):
    """csvwrite(filename, M), csvwrite(filename, M, row, col)  write a matrix as comma-separated values.

    Five significant digits (use dlmwrite with 'precision', or writematrix, for more); row and col are
    zero-based offsets (empty leading lines and fields).

        csvwrite('data.csv', [1 2; 3 4])
    """
    opts = {"delimiter": ",", "precision": "%.5g", "newline": "\n",
            "roffset": 0 if row is None else _whole(row, "csvwrite", "Row offset"),
            "coffset": 0 if col is None else _whole(col, "csvwrite", "Column offset")}
    _write_matrix(_path(filename, "csvwrite"), m, opts, False, "csvwrite")


# -- reading ----------------------------------------------------------------------------------------

def _guess_delimiter(lines: list[str]) -> str:
    sample = "".join(lines[:20])
    for d in (",", "\t", ";"):
        if d in sample:
            return d
    return " "


def _fields(line: str, delim: str) -> list[str]:
    if delim == " ":
        return line.split()
    return [f.strip() for f in line.split(delim)]


def _parse_number(text: str) -> float | complex | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        try:
            return complex(text.replace("i", "j").replace("J", "j"))
        except ValueError:
            return None


def _read_lines(path: str, fname: str) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return [line.rstrip("\r\n") for line in handle]
    except OSError:
        raise MatlabError(f"MATLAB:{fname}:FileNotFound", f"Unable to find or open '{path}'. Check the path "
                                                           "and filename or file permissions.") from None


def _grid(lines: list[str], delim: str, missing: float) -> np.ndarray:
    """The numbers of the lines as a matrix; empty or unreadable fields and short rows get ``missing``."""
    rows = [[_parse_number(f) for f in _fields(line, delim)] for line in lines]
    width = max((len(r) for r in rows), default=0)
    values = [[missing if v is None else v for v in r] + [missing] * (width - len(r)) for r in rows]
    complex_values = any(isinstance(v, complex) for r in values for v in r)
    return np.array(values, dtype=np.complex128 if complex_values else np.float64).reshape(len(rows), width)


@builtin("dlmread", family="files")
def dlmread(filename, delimiter=None, row=None, col=None):
    """dlmread(filename, delimiter, ...)  read a numeric matrix from delimited text.

    Forms: dlmread(filename), dlmread(filename, delimiter), dlmread(filename, delimiter, row, col),
    dlmread(filename, delimiter, [r1 c1 r2 c2]). The delimiter is guessed (comma, tab, semicolon, else whitespace) unless given ('\\t' for tab); row
    and col are zero-based offsets of the first value read; a range [r1 c1 r2 c2] (zero-based) picks a
    block. Empty fields and short rows read as 0.

        M = dlmread('data.csv', ',', 1, 0)   % skip one header line
    """
    return _dlmread(filename, delimiter, row, col, "dlmread")


def _dlmread(filename: Value, delimiter: Value | None, row: Value | None, col: Value | None,
             fname: str) -> Value:
    lines = _read_lines(_path(filename, fname), fname)
    delim = _guess_delimiter(lines) if delimiter is None or (is_text_scalar(delimiter) and
                                                             not text_arg(delimiter, fname)) \
        else unescape(text_arg(delimiter, fname, "Delimiter"))
    r0 = c0 = 0
    r1 = c1 = None
    if row is not None and col is None:
        bounds = real_values(row, fname, "The range").ravel()
        if bounds.size != 4 or np.any(~np.isfinite(bounds) | (bounds < 0)):
            raise MatlabError(f"MATLAB:{fname}:InvalidRange", "The range must be [r1 c1 r2 c2].")
        r0, c0, r1, c1 = (int(b) for b in bounds)
    elif row is not None:
        r0, c0 = _whole(row, fname, "Row offset"), _whole(col, fname, "Column offset")
    grid = _grid(lines[r0:], delim, 0.0)[:, c0:]
    if r1 is not None:
        grid = grid[:r1 - r0 + 1, :c1 - c0 + 1]
    return simplify(grid)


@builtin("csvread", family="files")
def csvread(filename, row=None, col=None):
    """csvread(filename), csvread(filename, row, col)  read a comma-separated numeric matrix.

    row and col are zero-based offsets of the first value read; empty fields and short rows read as 0.

        M = csvread('data.csv', 1, 0)   % skip a header line
    """
    return _dlmread(filename, CharArray.from_str(","), row, col, "csvread")


def _name_values(args: tuple, fname: str, known: tuple[str, ...]) -> dict[str, Value]:
    if len(args) % 2:
        raise MatlabError(f"MATLAB:{fname}:InvalidParameter", "Options must be name-value pairs.")
    opts: dict[str, Value] = {}
    for name, value in zip(args[::2], args[1::2]):
        key = option_name(name)
        if key not in known:
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter", "Parameter names must be text." if key is None
                              else f"'{key}' is not a recognized parameter; use one of {', '.join(known)}.")
        opts[key] = value
    return opts


@builtin("readmatrix", family="files")
def readmatrix(filename, *args):
    """readmatrix(filename), readmatrix(filename, 'NumHeaderLines', n, 'Delimiter', d),
    readmatrix(workbook, 'Sheet', sheet, 'Range', range, 'NumHeaderLines', n)

    Reads a numeric matrix from a delimited text file (.csv, .txt, .dat) or an Excel workbook (.xlsx,
    .xlsm: the sheet by name or number, the first by default; 'Range' like 'A2:C10', or 'B2' for the cells
    from B2 on). Leading lines or rows without numbers (headers) are skipped unless 'NumHeaderLines'
    says how many to skip; a text file's delimiter is guessed (comma, tab, semicolon, else whitespace)
    unless given. Empty or non-numeric fields are NaN; a workbook's logical cells are 1 and 0, its dates
    their Excel serial numbers.

        M = readmatrix('data.csv');
        M = readmatrix('results.xlsx', 'Sheet', 'Run 2', 'Range', 'B2:D40');
    """
    from .spreadsheets import SPREADSHEETS
    workbook = is_text_scalar(filename) and text_arg(filename, "readmatrix").lower().endswith(SPREADSHEETS)
    opts = _name_values(args, "readmatrix", ("numheaderlines",) + (("sheet", "range") if workbook else ("delimiter",)))
    path = _path(filename, "readmatrix")
    if workbook:
        return _sheet_matrix(path, opts)
    lines = [line for line in _read_lines(path, "readmatrix")]
    if "numheaderlines" in opts:
        lines = lines[_whole(opts["numheaderlines"], "readmatrix", "NumHeaderLines"):]
    delim = unescape(text_arg(opts["delimiter"], "readmatrix", "Delimiter")) if "delimiter" in opts else \
        _guess_delimiter(lines)
    if "numheaderlines" not in opts:
        while lines and all(_parse_number(f) is None for f in _fields(lines[0], delim)):
            lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return simplify(_grid(lines, delim, float("nan")))


def _sheet_matrix(path: str, opts: dict[str, Value]) -> Value:
    """readmatrix of a workbook: the numbers of the sheet's range, headers skipped as in a text file."""
    from .spreadsheets import sheet_read
    grid = sheet_read(path, opts, "readmatrix")
    numbers = np.full(grid.shape, np.nan)
    for index, value in np.ndenumerate(grid):
        if isinstance(value, (bool, float)):
            numbers[index] = float(value)
    if "numheaderlines" in opts:
        skip = _whole(opts["numheaderlines"], "readmatrix", "NumHeaderLines")
    else:                                     # the leading rows without a number
        numeric = ~np.isnan(numbers).all(axis=1)
        skip = int(np.argmax(numeric)) if numeric.any() else len(numeric)
    filled = np.flatnonzero([any(v is not None for v in row) for row in grid[skip:]])
    return simplify(numbers[skip:skip + (filled[-1] + 1 if filled.size else 0)])


@builtin("writematrix", family="files")
def writematrix(m, filename=None, *args):
    """writematrix(A), writematrix(A, filename), writematrix(..., 'Delimiter', d, 'WriteMode', mode),
    writematrix(A, workbook, 'Sheet', sheet, 'Range', first, 'WriteMode', mode)

    Writes a matrix as delimited text, one line per row: numbers with up to 15 significant digits (format
    longG), text (string or cell array of char) as it is. The delimiter is ',' (default; also 'tab',
    'space', 'semi', 'bar' or the character); 'WriteMode' is 'overwrite' (default) or 'append'. The
    default file name is matrix.txt. Into an Excel workbook (.xlsx, .xlsm) the cells get the numbers
    themselves (logical values as TRUE and FALSE, NaN an empty cell) from the first cell of 'Range' of
    'Sheet'; 'WriteMode' is 'inplace' (default: the rest of the workbook kept), 'overwritesheet',
    'replacefile' or 'append' (below the sheet's last row).

        writematrix(magic(3), 'M.csv')
        writematrix(magic(3), 'M.xlsx', 'Sheet', 'Magic', 'Range', 'B2')
    """
    from .spreadsheets import SPREADSHEETS, write_sheet
    path = _path(filename, "writematrix") if filename is not None else "matrix.txt"
    if path.lower().endswith(SPREADSHEETS):
        opts = _name_values(args, "writematrix", ("sheet", "range", "writemode"))
        if isinstance(m, (StringArray, CellArray)):
            texts = texts_of(m, "writematrix")
            rows = fold_columns(np.array([t or "" for t in texts.items], dtype=object).reshape(texts.shape, order="F"))
        else:
            data = _numeric_rows(m, "writematrix")
            if np.iscomplexobj(data):
                raise MatlabError("MATLAB:writematrix:ComplexData", "A workbook holds real numbers: write "
                                  "real(A) and imag(A).")
            rows = data.tolist()
        write_sheet(path, [list(row) for row in rows], opts, "writematrix")
        return
    opts = _name_values(args, "writematrix", ("delimiter", "writemode"))
    delim = ","
    if "delimiter" in opts:
        word = text_arg(opts["delimiter"], "writematrix", "Delimiter")
        delim = {"comma": ",", "tab": "\t", "space": " ", "semi": ";", "bar": "|"}.get(word.lower(),
                                                                                      unescape(word))
    mode = option_name(opts["writemode"]) if "writemode" in opts else "overwrite"
    if mode not in ("overwrite", "append"):
        raise MatlabError("MATLAB:writematrix:InvalidWriteMode", "WriteMode must be 'overwrite' or 'append'.")
    if isinstance(m, (StringArray, CellArray)):
        texts = texts_of(m, "writematrix")
        grid = np.array([t or "" for t in texts.items], dtype=object).reshape(texts.shape, order="F")
        rows = [delim.join(_quoted(t, delim) for t in row) + "\n" for row in fold_columns(grid)]
    else:
        rows = [delim.join(_number_text(v, "%.15g") for v in row) + "\n" for row in _numeric_rows(m,
                                                                                              "writematrix")]
    _write_rows(path, rows, mode == "append", "writematrix")


def _quoted(text: str, delim: str) -> str:
    return f'"{text}"' if delim in text or re.search(r'["\n]', text) else text


NOT_TEXT = (".mat", ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".wav", ".mp3", ".xls", ".xlsx")


@builtin("importdata", family="files")
def importdata(filename, delimiter=None, headerlines=None, *, nargout=1):
    """A = importdata(filename), importdata(filename, delimiter), importdata(filename, delimiter, nheader),
    [A, delimiter, nheader] = importdata(...)  load numeric data from a text file.

    A file of numbers only gives the numeric matrix. Text lines at the top (counted unless nheader is
    given) make A a struct with fields data (the numbers), textdata (a cell column of those lines) and,
    when the last of them has one field per column, colheaders. The delimiter is guessed (comma, tab,
    semicolon, else whitespace) unless given; unreadable fields are NaN. Spreadsheets, images, audio
    and MAT-files are not supported here.

        A = importdata('xy.txt');    % the numbers of xy.txt as a matrix
    """
    path = _path(filename, "importdata")
    if os.path.splitext(path)[1].lower() in NOT_TEXT:
        raise MatlabError("matfuse:importdata:unsupportedFormat",
                          f"importdata reads delimited text files here, not '{os.path.basename(path)}'.")
    lines = [line for line in _read_lines(path, "importdata") if line.strip()]
    delim = _guess_delimiter(lines) if delimiter is None or not text_arg(delimiter, "importdata") \
        else unescape(text_arg(delimiter, "importdata", "Delimiter"))
    if headerlines is None:
        header = next((k for k, line in enumerate(lines)
                       if all(_parse_number(f) is not None for f in _fields(line, delim))), len(lines))
    else:
        header = _whole(headerlines, "importdata", "The number of header lines")
    data = _grid(lines[header:], delim, np.nan)
    if header == 0:
        result = simplify(data)
    else:
        heads = lines[:header]
        fields = {"data": simplify(data),
                  "textdata": CellArray(np.array([[CharArray.from_str(h)] for h in heads], dtype=object))}
        names = _fields(heads[-1], delim)
        if data.size and len(names) == data.shape[1]:
            fields["colheaders"] = CellArray(np.array([[CharArray.from_str(n) for n in names]], dtype=object))
        result = StructArray.scalar(fields)
    outs = (result, CharArray.from_str(delim), float(header))
    return outs[0] if nargout <= 1 else outs[:nargout]
