"""table (runtime/tables.py): making tables and converting them to and from arrays, cells and structs.

    table(v1, ..., vN, Name, Value)    table('Size', sz, 'VariableTypes', types)
    array2table cell2table struct2table table2array table2cell table2struct istable height width

Variable names come from the arguments' variable names as in MATLAB (``table(x, y)`` has variables
x and y; an argument that is no plain variable is ``VarK``); array2table and cell2table name columns
after their argument (``A1``, ``A2``...). MATLAB's documentation is the reference (GNU Octave has no
table).
"""
from __future__ import annotations

import numpy as np

from .. import indexing
from ..concat import vertcat
from ..errors import MatlabError, check_size
from ..table_ops import take_rows
from ..tables import (Table, check_names, default_names, fresh_names, height_of, is_table, names_arg,
                      unequal_heights)
from ..times import DatetimeArray, DurationArray
from ..values import (DTYPE_OF_CLASS, CellArray, CharArray, StringArray, StructArray, Value, class_of,
                      size_of)
from .registry import builtin
from .sizes import integer_values
from .textutil import option_name

OPTIONS = ("variablenames", "rownames", "dimensionnames", "size", "variabletypes", "variableunits",
           "variabledescriptions", "description")


def split_options(args: tuple, names: tuple[str, ...], fname: str) -> tuple[list, dict[str, Value]]:
    """The leading data arguments and the trailing Name, Value pairs (names lower-case, any case given)."""
    start = len(args)
    for k, arg in enumerate(args):
        if option_name(arg) in names and (len(args) - k) % 2 == 0:
            start = k
            break
    options: dict[str, Value] = {}
    for k in range(start, len(args), 2):
        name = option_name(args[k])
        if name not in names:
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter", f"Invalid parameter name "
                              f"'{_shown(args[k])}' for {fname}.")
        options[name] = args[k + 1]
    return list(args[:start]), options


def _shown(value: Value) -> str:
    return value.to_str() if type(value) is CharArray else class_of(value)


def build(variables: list, names: list[str], options: dict[str, Value], height: int | None = None) -> Table:
    """A table of ``variables`` (checked to share one height) with the names and options given."""
    heights = {height_of(v) for v in variables}
    if len(heights) > 1:
        raise unequal_heights()
    rows = heights.pop() if heights else (height or 0)
    if "variablenames" in options:
        names = names_arg(options["variablenames"], "VariableNames")
    table = Table(list(variables), check_names(list(names), len(variables)), rows)
    if "rownames" in options:
        row_names = names_arg(options["rownames"], "RowNames")
        if row_names or rows:
            table.row_names = check_names(row_names, rows, "RowNames")
    if "dimensionnames" in options:
        dims = names_arg(options["dimensionnames"], "DimensionNames")
        if len(dims) != 2:
            raise MatlabError("MATLAB:table:IncorrectNumberOfDimNames", "The DimensionNames property must "
                              "contain two names.")
        table.dimension_names = (dims[0], dims[1])
    for key, attr in (("variableunits", "units"), ("variabledescriptions", "descriptions")):
        if key in options:
            texts = names_arg(options[key], key)
            if len(texts) != len(variables):
                raise MatlabError("MATLAB:table:IncorrectNumberOfMetadata", f"The {key} option must have one "
                                  "entry for each variable.")
            setattr(table, attr, texts)
    return table


def _argument_names(ctx, count: int, prefix: str = "Var") -> list[str]:
    """Each argument's variable name, else ``VarK``; repeated names made unique."""
    found = ctx.argument_names()
    names = [found[k] if k < len(found) and found[k] else f"{prefix}{k + 1}" for k in range(count)]
    return fresh_names(names, [])


@builtin("table", family="table")
def table(ctx, *args):
    """T = table(var1, ..., varN), table(..., 'VariableNames', names, 'RowNames', rows),
    T = table('Size', [h w], 'VariableTypes', types), T = table
    A table whose variables are the arguments (all with the same number of rows).

    Each argument becomes a variable, named after the argument's variable (or ``VarK`` for the K-th
    argument when it is no plain variable). 'VariableNames' and 'RowNames' (cellstr or string array)
    name the variables and rows; 'DimensionNames', 'VariableUnits' and 'VariableDescriptions' set those
    properties. With 'Size', the variables are preallocated with the 'VariableTypes' given ('double',
    'single', integer classes, 'logical', 'string', 'cell', 'cellstr', 'datetime', 'duration'): zeros,
    false, <missing>, [], '', NaT. Index it with ``T.name``, ``T(rows, vars)``, ``T{rows, vars}``.

        T = table([1;2;3], {'a';'b';'c'}, 'VariableNames', {'num', 'let'})
    """
    data, options = split_options(args, OPTIONS, "table")
    if "size" in options:
        if data:
            raise MatlabError("MATLAB:table:InvalidSizeSyntax", "'Size' cannot be combined with data arguments.")
        return _preallocated(options)
    if "variabletypes" in options:
        raise MatlabError("MATLAB:table:MissingSize", "'VariableTypes' needs 'Size'.")
    return build(data, _argument_names(ctx, len(data)), options)


PREALLOCATED = ("double", "single", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "logical", "string", "cell", "cellstr", "char", "datetime", "duration")


def _preallocated(options: dict[str, Value]) -> Table:
    size = integer_values(options.pop("size"), "table")
    if len(size) != 2 or min(size) < 0:
        raise MatlabError("MATLAB:table:InvalidSize", "'Size' must be a two-element vector of nonnegative "
                          "integers.")
    if "variabletypes" not in options:
        raise MatlabError("MATLAB:table:MissingVariableTypes", "'Size' needs 'VariableTypes'.")
    types = names_arg(options.pop("variabletypes"), "VariableTypes")
    if len(types) != size[1]:
        raise MatlabError("MATLAB:table:VariableTypesAndSizeMismatch", "The number of variable types must "
                          "match the number of variables in 'Size'.")
    rows = size[0]
    check_size((rows, max(size[1], 1)), 8)
    variables = [_empty_variable(t, rows) for t in types]
    return build(variables, default_names(size[1]), options, rows)


def _empty_variable(kind: str, rows: int) -> Value:
    if kind not in PREALLOCATED:
        raise MatlabError("MATLAB:table:UnsupportedVariableType", f"The variable type '{kind}' is not supported: "
                          f"use one of {', '.join(PREALLOCATED)}.")
    if kind in DTYPE_OF_CLASS:
        return np.zeros((rows, 1), dtype=DTYPE_OF_CLASS[kind])
    if kind == "string":
        return StringArray(np.full((rows, 1), None, dtype=object))
    if kind == "datetime":
        return DatetimeArray(np.full((rows, 1), np.nan))
    if kind == "duration":
        return DurationArray(np.zeros((rows, 1)))
    cells = np.empty((rows, 1), dtype=object)
    for k in range(rows):
        cells[k, 0] = np.zeros((0, 0)) if kind == "cell" else CharArray(np.zeros((0, 0), dtype=np.uint16))
    return CellArray(cells)


def _columns(value: Value) -> list[Value]:
    """The columns of a matrix (any class) as values, first to last."""
    count = int(np.prod(size_of(value)[1:]))
    return [indexing.index(value, [indexing.MAGIC_COLON, float(j + 1)]) for j in range(count)]


def _column_names(ctx, count: int) -> list[str]:
    found = ctx.argument_names()
    base = found[0] if found and found[0] else ""
    return [f"{base}{j + 1}" for j in range(count)] if base else default_names(count)


@builtin("array2table", family="table")
def array2table(ctx, a, *args):
    """T = array2table(A), array2table(A, 'VariableNames', names, 'RowNames', rows)
    A table with one variable per column of the matrix A.

    The variables are named after the argument and the column number (``A1``, ``A2``...), or
    ``Var1``... when A is no plain variable. A may be numeric, logical, string or a cell array (its
    columns become cell variables).

        T = array2table([1 4; 2 5], 'VariableNames', {'x', 'y'})
    """
    data, options = split_options((a, *args), OPTIONS, "array2table")
    if len(data) != 1 or is_table(a) or len(size_of(a)) > 2:
        raise MatlabError("MATLAB:array2table:NDArray", "array2table takes one 2-D array.")
    columns = _columns(a)
    return build(columns, _column_names(ctx, len(columns)), options, size_of(a)[0])


def contents_column(items: list[Value]) -> Value:
    """A variable from one value per row (a column of a cell array, a field of a struct array): char
    rows stay a cellstr, values that stack into one column (numbers, logicals, strings, dates) are
    stacked, anything else stays a cell column."""
    column = np.empty((len(items), 1), dtype=object)
    for k, item in enumerate(items):
        column[k, 0] = item
    if not items or any(type(v) in (CharArray, CellArray, StructArray) or is_table(v) for v in items):
        return CellArray(column)
    kinds = {class_of(v) for v in items}
    if len(kinds) == 1 and all(size_of(v)[0] == 1 and size_of(v) == size_of(items[0]) for v in items):
        return vertcat(items)
    return CellArray(column)


@builtin("cell2table", family="table")
def cell2table(ctx, c, *args):
    """T = cell2table(C), cell2table(C, 'VariableNames', names, 'RowNames', rows)
    A table with one variable per column of the cell array C.

    A column of numbers (or logicals, strings, datetimes) of one class becomes a numeric (logical...)
    variable; a column of character vectors, or of mixed contents, stays a cell variable. Names as
    array2table gives them (``C1``, ``C2``... or ``Var1``...).

        T = cell2table({1, 'a'; 2, 'b'}, 'VariableNames', {'n', 's'})
    """
    data, options = split_options((c, *args), OPTIONS, "cell2table")
    if len(data) != 1 or type(c) is not CellArray or c.data.ndim != 2:
        raise MatlabError("MATLAB:cell2table:NotCell", "cell2table takes one 2-D cell array.")
    columns = [contents_column(list(c.data[:, j])) for j in range(c.shape[1])]
    return build(columns, _column_names(ctx, len(columns)), options, c.shape[0])


@builtin("struct2table", family="table")
def struct2table(s, *args):
    """T = struct2table(S), struct2table(S, 'AsArray', true), struct2table(..., 'RowNames', rows)
    A table with one variable per field of the struct S.

    A scalar struct's fields are the variables (they must share their number of rows); a struct
    array (a vector) gives one row per element, each field's values stacked as cell2table stacks a
    column. 'AsArray', true reads a scalar struct as a one-row struct array.

        T = struct2table(struct('x', {1; 2}, 'y', {'a'; 'b'}))
    """
    data, options = split_options((s, *args), OPTIONS + ("asarray",), "struct2table")
    if len(data) != 1 or type(s) is not StructArray:
        raise MatlabError("MATLAB:struct2table:NotStruct", "struct2table takes a struct.")
    as_array = bool(np.asarray(options.pop("asarray", False)).ravel()[0]) if "asarray" in options else False
    if s.shape == (1, 1) and not as_array:
        record = s.data[0, 0]
        return build([record[f] for f in s.fields], list(s.fields), options)
    if len(s.shape) > 2 or min(s.shape) > 1:
        raise MatlabError("MATLAB:struct2table:NDStruct", "struct2table takes a scalar struct or a struct vector.")
    records = list(s.data.ravel(order="F"))
    columns = [contents_column([r[f] for r in records]) for f in s.fields]
    return build(columns, list(s.fields), options, len(records))


def _table(value: Value, fname: str) -> Table:
    if not is_table(value):
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments of "
                          f"type '{class_of(value)}'.")
    return value


@builtin("table2array", family="table")
def table2array(t):
    """A = table2array(T)  the table's variables concatenated side by side (T{:,:}).

    Variables of classes that concatenate (numbers with numbers, text with text...) give one array of
    the dominant class; cell variables give a cell array.

        table2array(table([1;2], [3;4]))     % [1 3; 2 4]
    """
    t = _table(t, "table2array")
    return indexing.cell_index(t, [indexing.MAGIC_COLON, indexing.MAGIC_COLON])[0]


def row_value(variable: Value, row: int) -> Value:
    """One row of a variable as table2cell and table2struct give it: a cell variable's content, else
    the row itself."""
    if type(variable) is CellArray and size_of(variable)[1:] == (1,):
        return variable.data[row, 0]
    return take_rows(variable, np.array([row]))


@builtin("table2cell", family="table")
def table2cell(t):
    """C = table2cell(T)  a cell array with one cell per row and variable of the table.

    Each cell holds that row of the variable: a number, a character vector (from a cellstr variable),
    a row of a variable with several columns.

        table2cell(table([1;2], {'a';'b'}))     % {1, 'a'; 2, 'b'}
    """
    t = _table(t, "table2cell")
    cells = np.empty(t.shape, dtype=object)
    for j, variable in enumerate(t.variables):
        for i in range(t.height):
            cells[i, j] = row_value(variable, i)
    return CellArray(cells)


@builtin("table2struct", family="table")
def table2struct(t, *args):
    """S = table2struct(T), table2struct(T, 'ToScalar', true)
    A struct array with one element per row of the table, one field per variable.

    With 'ToScalar', true: one struct whose fields hold the whole variables.

        s = table2struct(table([1;2], {'a';'b'}, 'VariableNames', {'n', 's'}));  s(2).s   % 'b'
    """
    t = _table(t, "table2struct")
    _, options = split_options((t, *args), ("toscalar",), "table2struct")
    for name in t.names:
        indexing.check_field_name(name)
    if "toscalar" in options and bool(np.asarray(options["toscalar"]).ravel()[0]):
        return StructArray.scalar(dict(zip(t.names, t.variables)))
    records = np.empty((t.height, 1), dtype=object)
    for i in range(t.height):
        records[i, 0] = {name: row_value(v, i) for name, v in zip(t.names, t.variables)}
    return StructArray(list(t.names), records)


@builtin("istable", family="table")
def istable(x):
    """tf = istable(X)  true if X is a table.

        istable(table([1; 2]))    % true
    """
    return is_table(x)


@builtin("height", family="table")
def height(x):
    """H = height(T)  the number of rows of a table (or of any array: size(A, 1)).

        height(table([1; 2; 3]))    % 3
    """
    return float(size_of(x)[0])


@builtin("width", family="table")
def width(x):
    """W = width(T)  the number of variables of a table (or the columns of any array: size(A, 2)).

        width(table([1; 2], [3; 4]))    % 2
    """
    return float(size_of(x)[1])

