"""Functions of tables (runtime/tables.py): rows, variables, and calculations on variables and groups.

    head tail sortrows(T, ...) addvars removevars renamevars movevars varfun rowfun findgroups
    splitapply groupsummary

MATLAB's documentation is the reference (GNU Octave has no table). Groups are numbered in the sorted
order of their values, as findgroups numbers them; a row with a missing value (NaN, '' or <missing>)
in a grouping variable belongs to no group of findgroups and splitapply, and to a group of its own, after
the others, in groupsummary and groupcounts (their 'IncludeMissingGroups', true by default).
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from .. import indexing
from ..categoricals import CategoricalArray
from ..concat import horzcat, vertcat
from ..errors import MatlabError
from ..table_ops import remove_variables, take_rows
from ..tables import (Table, check_names, fresh_names, is_table, names_arg, variable_indices)
from ..times import TimeArray
from ..values import CellArray, CharArray, FunctionHandle, StringArray, Value, class_of, size_of
from .ordering import _directions, _text_ranks, ranks
from .registry import builtin, set_overload, after_load
from .sizes import count_value
from .tables import contents_column, row_value, split_options
from .textutil import option_name, text_arg


def _table(value: Value, fname: str) -> Table:
    if not is_table(value):
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments of "
                          f"type '{class_of(value)}'.")
    return value


def _rows(value: Value, rows: np.ndarray) -> Value:
    if is_table(value):
        return indexing.index(value, [(rows + 1.0).reshape(-1, 1), indexing.MAGIC_COLON])
    return take_rows(value, rows)


# ---- rows


def _first_rows(a: Value, k: Value | None, fname: str, last: bool) -> Value:
    count = 8 if k is None else int(count_value(k, fname, "The number of rows"))
    height = size_of(a)[0]
    count = min(count, height)
    return _rows(a, np.arange(height - count, height) if last else np.arange(count))


@builtin("head", family="table")
def head(a, k=None):
    """B = head(A), head(A, k)  the first k rows (8 by default) of a table or an array.

        head(table((1:10)'), 3)
    """
    return _first_rows(a, k, "head", False)


@builtin("tail", family="table")
def tail(a, k=None):
    """B = tail(A), tail(A, k)  the last k rows (8 by default) of a table or an array.

        tail(table((1:10)'), 3)
    """
    return _first_rows(a, k, "tail", True)


# ---- sorting


def sort_keys(value: Value) -> list[np.ndarray]:
    """Rank keys (ascending sort order, ties equal) for each column of a variable."""
    if type(value) is CellArray or type(value) is CharArray:
        texts = value.rows() if type(value) is CharArray else None
        if texts is None:
            texts = [v.to_str() if type(v) is CharArray else None for v in value.data[:, 0]]
            if any(t is None for t in texts) or value.shape[1] != 1:
                raise MatlabError("MATLAB:table:sortrows:SortOnCell", "sortrows sorts a cell variable only when "
                                  "it holds character vectors.")
        return [_text_ranks(texts)]
    if type(value) is StringArray:
        column = value.data[:, 0]
        texts = ["" if t is None else t for t in column]
        keys = _text_ranks(texts)
        return [np.where([t is None for t in column], keys.max(initial=0) + 1, keys)]
    if isinstance(value, TimeArray):
        data = value.data.reshape(value.shape[0], math.prod(value.shape[1:]))
    else:
        shape = size_of(value)
        data = np.asarray(indexing.storage(value)).reshape(shape[0], math.prod(shape[1:]), order="F")
        if data.dtype == np.bool_:
            data = data.astype(np.float64)
    return [ranks(data[:, j]) for j in range(data.shape[1])]


def _sortrows_table(ctx, t, *args, nargout=1):
    t = _table(t, "sortrows")
    spec, directions = None, None
    for arg in args:
        word = option_name(arg)
        if word in ("ascend", "descend") or (type(arg) is CellArray and spec is not None):
            directions = arg
        elif spec is None:
            spec = arg
        else:
            raise MatlabError("MATLAB:sortrows:TooManyInputs", "Too many input arguments.")
    chosen: list[tuple[list[np.ndarray], bool]] = []
    if spec is not None and option_name(spec) in ("rownames", t.dimension_names[0].lower()):
        names = t.row_names or []
        chosen = [([_text_ranks(names)], False)] if names else []
    else:
        picks = _signed_variables(t, spec)
        chosen = [(sort_keys(t.variables[k]), descending) for k, descending in picks]
    if directions is not None:
        flags = _directions(directions, len(chosen))
        chosen = [(keys, flag) for (keys, _), flag in zip(chosen, flags)]
    keys = [(-k if descending else k) for columns, descending in chosen for k in columns]
    order = np.lexsort(keys[::-1]) if keys else np.arange(t.height)
    out = _rows(t, order.astype(np.float64))
    return (out, (order + 1.0).reshape(-1, 1))[:max(nargout, 1)]


def _signed_variables(t: Table, spec: Value | None) -> list[tuple[int, bool]]:
    """(variable, descending) pairs: all variables, names, or numbers (negative: descending)."""
    if spec is None:
        return [(k, False) for k in range(len(t.variables))]
    if type(spec) in (CharArray, StringArray, CellArray):
        return [(k, False) for k in variable_indices(t, spec)]
    numbers = np.asarray(indexing.storage(spec), dtype=np.float64).ravel()
    picks = variable_indices(t, np.abs(numbers).reshape(1, -1)) if numbers.dtype != np.bool_ else \
        variable_indices(t, spec)
    return [(k, bool(n < 0)) for k, n in zip(picks, numbers)]


# ---- variables


def _location(t: Table, options: dict[str, Value], count_new: int) -> int:
    """Where new variables go: 'Before' or 'After' a variable (name or number), else at the end."""
    if "before" in options and "after" in options:
        raise MatlabError("MATLAB:table:addmovevars:BeforeAndAfter", "Specify 'Before' or 'After', not both.")
    if "before" in options:
        return variable_indices(t, options["before"])[0]
    if "after" in options:
        return variable_indices(t, options["after"])[0] + 1
    return len(t.variables)


def _insert(t: Table, at: int, variables: list, names: list[str]) -> Table:
    old = list(range(len(t.variables)))
    keep = old[:at] + [None] * len(variables) + old[at:]
    return t.with_columns(t.variables[:at] + variables + t.variables[at:], t.names[:at] + names + t.names[at:],
                          keep)


@builtin("addvars", family="table")
def addvars(ctx, t, *args):
    """T2 = addvars(T, var1, ..., varN), addvars(..., 'Before', where), addvars(..., 'After', where),
    addvars(..., 'NewVariableNames', names)
    The table with new variables (each as tall as the table), at the end or beside a variable.

    The new variables are named after the argument variables (``VarK`` for the K-th variable of the new
    table otherwise), unless 'NewVariableNames' names them; 'Before' and 'After' take a variable name or
    number.

        T = addvars(table([1; 2]), [3; 4], 'NewVariableNames', 'b')
    """
    t = _table(t, "addvars")
    data, options = split_options(args, ("before", "after", "newvariablenames"), "addvars")
    at = _location(t, options, len(data))
    if "newvariablenames" in options:
        names = names_arg(options["newvariablenames"], "NewVariableNames")
    else:
        found = ctx.argument_names()[1:]
        names = [found[k] if k < len(found) and found[k] else f"Var{at + k + 1}" for k in range(len(data))]
    check_names(names, len(data))
    for value in data:
        if size_of(value)[0] != t.height:
            raise MatlabError("MATLAB:table:RowDimensionMismatch", "The new variables must have as many rows "
                              "as the table.")
    out = _insert(t, at, list(data), names)
    check_names(out.names, len(out.names))
    return out


@builtin("removevars", family="table")
def removevars(t, vars):
    """T2 = removevars(T, vars)  the table without the variables vars (names, numbers or a mask).

        T = removevars(table([1; 2], [3; 4]), 'Var1')
    """
    t = _table(t, "removevars")
    return remove_variables(t, variable_indices(t, vars))


@builtin("renamevars", family="table")
def renamevars(t, vars, names):
    """T2 = renamevars(T, vars, newNames)  the table with the variables vars renamed.

    vars names or numbers the variables; newNames has one name each.

        T = renamevars(table([1; 2]), 'Var1', 'x')
    """
    t = _table(t, "renamevars")
    picks = variable_indices(t, vars)
    new = names_arg(names, "VariableNames")
    if len(new) != len(picks):
        raise MatlabError("MATLAB:table:renamevars:NumNamesMismatch", "The number of new names must match the "
                          "number of variables to rename.")
    renamed = list(t.names)
    for k, name in zip(picks, new):
        renamed[k] = name
    return replace(t, names=check_names(renamed, len(renamed)))


@builtin("movevars", family="table")
def movevars(t, vars, *args):
    """T2 = movevars(T, vars, 'Before', where), movevars(T, vars, 'After', where)
    The table with the variables vars moved beside another variable (to the end without a location).

        T = movevars(table(1, 2, 3), 'Var3', 'Before', 'Var1')
    """
    t = _table(t, "movevars")
    _, options = split_options(args, ("before", "after"), "movevars")
    picks = variable_indices(t, vars)
    rest = remove_variables(t, picks)
    if "before" in options or "after" in options:
        anchor = _location(t, options, len(picks))
        at = sum(1 for k in range(anchor) if k not in picks)
    else:
        at = len(rest.variables)
    moved = t.with_columns([t.variables[k] for k in picks], [t.names[k] for k in picks], picks)
    return _insert(rest, at, moved.variables, moved.names)


CONVERSIONS = ("double", "single", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
               "logical", "string", "cellstr", "char", "categorical")


@builtin("convertvars", family="table")
def convertvars(ctx, t, vars, kind):
    """T2 = convertvars(T, vars, dataType), convertvars(T, vars, func)
    The table with the variables vars converted to another class, or passed through a function.

    dataType is 'double', 'single', an integer class, 'logical', 'string', 'cellstr', 'char' or
    'categorical' (the function of that name is applied to each variable); func is a function handle (it
    must keep the number of rows).

        T = convertvars(table({'1'; '2'}), 'Var1', 'string')
    """
    t = _table(t, "convertvars")
    if type(kind) is FunctionHandle:
        func = kind
    else:
        word = option_name(kind)
        if word not in CONVERSIONS:
            raise MatlabError("MATLAB:table:convertvars:UnsupportedType", f"Converting table variables to "
                              f"'{text_arg(kind, 'convertvars')}' is not supported: use one of {', '.join(CONVERSIONS)} "
                              "or a function handle.")
        func = ctx.make_handle(word)
    variables = list(t.variables)
    for k in variable_indices(t, vars):
        value = ctx.call(func, [variables[k]], 1)[0]
        if size_of(value)[0] != t.height:
            raise MatlabError("MATLAB:table:convertvars:HeightMismatch", "The converted variable must keep the "
                              "table's number of rows.")
        variables[k] = value
    return t.with_rows(variables, t.height, t.row_names)


# ---- calculations


def _function_name(func: Value) -> str:
    """The name MATLAB gives a function's results: its name, or 'Fun' for an anonymous function."""
    if type(func) is not FunctionHandle:
        raise MatlabError("MATLAB:table:InvalidFunction", "The function must be a function handle.")
    return "Fun" if func.params is not None else func.text.lstrip("@")


def _format(options: dict[str, Value], default: str, fname: str) -> str:
    word = option_name(options.get("outputformat", CharArray.from_str(default)))
    if word not in ("table", "uniform", "cell"):
        raise MatlabError(f"MATLAB:{fname}:InvalidOutputFormat", "OutputFormat must be 'table', 'uniform' or "
                          "'cell'.")
    return word


def _input_variables(t: Table, options: dict[str, Value]) -> list[int]:
    return variable_indices(t, options["inputvariables"]) if "inputvariables" in options else \
        list(range(len(t.variables)))


def _uniform(results: list[Value], fname: str) -> Value:
    if any(np.prod(size_of(r)) != 1 or class_of(r) in ("cell", "struct", "table") for r in results):
        raise MatlabError(f"MATLAB:{fname}:NotAScalarOutput", "With 'OutputFormat' 'uniform', the function must "
                          "return a scalar each time.")
    return horzcat(results) if results else np.zeros((1, 0))


def _cell_row(values: list[Value]) -> CellArray:
    data = np.empty((1, len(values)), dtype=object)
    for k, v in enumerate(values):
        data[0, k] = v
    return CellArray(data)


@builtin("varfun", family="table")
def varfun(ctx, func, t, *args):
    """B = varfun(func, T), varfun(..., 'InputVariables', vars, 'GroupingVariables', groups,
    'OutputFormat', 'table' | 'uniform' | 'cell')
    Apply a function to each variable of a table.

    The results form a table whose variables are named ``func_var`` (``Fun_var`` for an anonymous
    function); with 'GroupingVariables' the function gets each group's rows, and the result has the
    grouping variables, a GroupCount and one row per group. 'uniform' gives a row of the (scalar)
    results, 'cell' a cell row.

        B = varfun(@mean, table([1; 2; 3], [4; 5; 6]))     % mean_Var1 = 2, mean_Var2 = 5
    """
    t = _table(t, "varfun")
    _, options = split_options(args, ("inputvariables", "groupingvariables", "outputformat"), "varfun")
    fmt = _format(options, "table", "varfun")
    prefix = _function_name(func)
    groups = variable_indices(t, options["groupingvariables"]) if "groupingvariables" in options else None
    picks = [k for k in _input_variables(t, options) if groups is None or k not in groups]
    if groups is not None:
        if fmt != "table":
            raise MatlabError("MATLAB:varfun:GroupedOutputFormat", "With 'GroupingVariables', varfun gives a table.")
        return _grouped(ctx, t, groups, [(func, prefix)], picks)
    results = [ctx.call(func, [t.variables[k]], 1)[0] for k in picks]
    if fmt == "uniform":
        return _uniform(results, "varfun")
    if fmt == "cell":
        return _cell_row(results)
    heights = {size_of(r)[0] for r in results}
    if len(heights) > 1:
        raise MatlabError("MATLAB:table:varfun:OutputSizeMismatch", "The function must return the same number "
                          "of rows for every variable.")
    names = [f"{prefix}_{t.names[k]}" for k in picks]
    rows = heights.pop() if heights else 0
    row_names = t.row_names if t.row_names is not None and rows == t.height else None
    out = Table(results, check_names(names, len(names)), rows, row_names)
    return out


@builtin("rowfun", family="table")
def rowfun(ctx, func, t, *args):
    """B = rowfun(func, T), rowfun(..., 'InputVariables', vars, 'OutputVariableNames', names,
    'NumOutputs', n, 'SeparateInputs', tf, 'OutputFormat', 'table' | 'uniform' | 'cell')
    Apply a function to each row of a table.

    The function gets the row's value of each variable as a separate argument (a cell variable gives
    its content; 'SeparateInputs', false passes one row vector instead) and returns n outputs; each output
    becomes a variable of the result (named Var1... unless 'OutputVariableNames' names them).

        B = rowfun(@plus, table([1; 2], [3; 4]), 'OutputVariableNames', 'Sum')    % Sum = [4; 6]
    """
    t = _table(t, "rowfun")
    _, options = split_options(args, ("inputvariables", "outputvariablenames", "numoutputs", "separateinputs",
                                      "outputformat"), "rowfun")
    fmt = _format(options, "table", "rowfun")
    picks = _input_variables(t, options)
    count = int(count_value(options["numoutputs"], "rowfun", "NumOutputs")) if "numoutputs" in options else 1
    separate = bool(np.asarray(indexing.storage(options["separateinputs"])).ravel()[0]) \
        if "separateinputs" in options else True
    outputs: list[list[Value]] = [[] for _ in range(count)]
    for i in range(t.height):
        values = [row_value(t.variables[k], i) for k in picks]
        call_args = values if separate else [horzcat(values)]
        results = ctx.call(func, call_args, count)
        if len(results) < count:
            raise MatlabError("MATLAB:table:rowfun:TooFewOutputs", f"The function returned {len(results)} "
                              f"outputs; 'NumOutputs' asks for {count}.")
        for j in range(count):
            outputs[j].append(results[j])
    if fmt == "uniform":
        return tuple(vertcat(o) if o else np.zeros((0, 1)) for o in outputs)[0] if count == 1 else \
            tuple(vertcat(o) for o in outputs)
    if fmt == "cell":
        cells = np.empty((t.height, count), dtype=object)
        for j, column in enumerate(outputs):
            for i, v in enumerate(column):
                cells[i, j] = v
        return CellArray(cells)
    names = names_arg(options["outputvariablenames"], "OutputVariableNames") if "outputvariablenames" in options \
        else [f"Var{j + 1}" for j in range(count)]
    columns = [contents_column(o) if o else np.zeros((0, 1)) for o in outputs]
    return Table(columns, check_names(names, count), t.height, t.row_names)


# ---- groups


def _group_numbers(keys: list[list[np.ndarray]], missing: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Group numbers (1-based, NaN for rows with a missing key) in sorted order of the keys, and the
    first row of each group."""
    flat = [k for columns in keys for k in columns]
    rows = missing.size
    if not flat:
        return np.ones(rows), np.array([0] if rows else [], dtype=np.int64)
    stacked = np.stack(flat, axis=1)
    kept = np.flatnonzero(~missing)
    unique, first, inverse = np.unique(stacked[kept], axis=0, return_index=True, return_inverse=True)
    numbers = np.full(rows, np.nan)
    numbers[kept] = inverse.ravel() + 1.0
    return numbers, kept[first]


def _missing(value: Value) -> np.ndarray:
    """Rows of a grouping variable that hold a missing value (NaN, NaT, '' or <missing>)."""
    rows = size_of(value)[0]
    if type(value) is CellArray:
        return np.array([type(v) is CharArray and v.codes.size == 0 for v in value.data[:, 0]], dtype=bool)
    if type(value) is StringArray:
        return np.array([v is None for v in value.data[:, 0]], dtype=bool)
    data = value.data if isinstance(value, TimeArray) else indexing.storage(value)
    if data.dtype.kind in "fc":
        return np.isnan(data.reshape(rows, math.prod(size_of(value)[1:]), order="F")).any(axis=1)
    return np.zeros(rows, dtype=bool)


def groups_of(variables: list[Value], include_missing: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Group numbers of rows (findgroups) and the first row of each group. ``include_missing``: a missing
    value is a value of its own, sorted after the others (groupsummary's and groupcounts' missing
    groups), not a row in no group."""
    heights = {size_of(v)[0] for v in variables}
    if len(heights) > 1:
        raise MatlabError("MATLAB:findgroups:InputSizeMismatch", "The grouping variables must have the same "
                          "number of rows.")
    rows = heights.pop() if heights else 0
    missing = np.zeros(rows, dtype=bool)
    if include_missing:
        keys = []
        for v in variables:
            gone = _missing(v)
            keys.append([gone.astype(np.float64)] + [np.where(gone, 0, k) for k in sort_keys(v)])
        return _group_numbers(keys, missing)
    for v in variables:
        missing |= _missing(v)
    return _group_numbers([sort_keys(v) for v in variables], missing)


def _as_column(value: Value) -> Value:
    """A row vector as a column (findgroups and splitapply read vectors either way)."""
    shape = size_of(value)
    if len(shape) == 2 and shape[0] == 1 and shape[1] != 1 and not is_table(value):
        return indexing.index(value, [indexing.MAGIC_COLON])
    return value


@builtin("findgroups", family="table")
def findgroups(*args, nargout=1):
    """G = findgroups(A1, ..., An), [G, ID1, ..., IDn] = findgroups(...), [G, TID] = findgroups(T)
    Group numbers of the rows of grouping variables, numbered in the sorted order of their values.

    A grouping variable is a numeric, logical, string or datetime vector or a cell array of character
    vectors (all of one length), or a table (its variables). Rows with a missing value (NaN, '',
    <missing>) get group NaN. ID1... (or the table TID) list each group's values.

        G = findgroups([5; 3; 5; 1])      % [3; 2; 3; 1]
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    if len(args) == 1 and is_table(args[0]):
        t = args[0]
        numbers, first = groups_of(t.variables)
        ids = (_rows(t, first.astype(np.float64)),)
    else:
        variables = [_as_column(a) for a in args]
        numbers, first = groups_of(variables)
        ids = tuple(take_rows(v, first.astype(np.float64)) for v in variables)
    row = len(args) == 1 and not is_table(args[0]) and size_of(args[0])[0] == 1 and size_of(args[0])[1] != 1
    g = numbers.reshape((1, -1) if row else (-1, 1))
    return ((g,) + ids)[:max(nargout, 1)]


def _group_index(g: Value) -> np.ndarray:
    values = np.asarray(indexing.storage(g)) if class_of(g) not in ("cell", "string", "struct", "table") else None
    if values is None or values.dtype.kind not in "fiub":
        raise MatlabError("MATLAB:splitapply:InvalidGroupNumbers", "The group numbers must be positive integers "
                          "or NaN.")
    numbers = values.astype(np.float64).ravel()
    finite = numbers[~np.isnan(numbers)]
    if np.any(finite < 1) or np.any(finite != np.round(finite)) or np.any(np.isinf(finite)):
        raise MatlabError("MATLAB:splitapply:InvalidGroupNumbers", "The group numbers must be positive integers "
                          "or NaN.")
    return numbers


@builtin("splitapply", family="table")
def splitapply(ctx, func, *args, nargout=1):
    """Y = splitapply(func, X, G), splitapply(func, X1, ..., Xn, G), [Y1, ..., Ym] = splitapply(...)
    Apply a function to the groups of rows that the group numbers G give.

    For each group k = 1, 2, ... the function gets the rows of each X (a table's variables, one argument
    each) whose G is k, and its outputs for the groups are stacked vertically. Rows with NaN in G are left
    out; every group number from 1 to max(G) must occur.

        splitapply(@sum, [1; 2; 3; 4], [1; 2; 1; 2])     % [4; 6]
    """
    if len(args) < 2:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    numbers = _group_index(args[-1])
    data: list[Value] = []
    for x in args[:-1]:
        data.extend(x.variables if is_table(x) else [_as_column(x)])
    if any(size_of(x)[0] != numbers.size for x in data):
        raise MatlabError("MATLAB:splitapply:InputSizeMismatch", "The data and the group numbers must have the "
                          "same number of rows.")
    count = int(np.nanmax(numbers)) if np.isfinite(numbers).any() else 0
    outputs: list[list[Value]] = [[] for _ in range(max(nargout, 1))]
    for k in range(1, count + 1):
        rows = np.flatnonzero(numbers == k)
        if not rows.size:
            raise MatlabError("MATLAB:splitapply:MissingGroupNums", f"Group {k} has no rows: the group numbers "
                              "must include every integer from 1 to the largest.")
        results = ctx.call(func, [take_rows(x, rows) for x in data], max(nargout, 1))
        if len(results) < len(outputs):
            raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
        for j, out in enumerate(outputs):
            out.append(results[j])
    return tuple(vertcat(o) if o else np.zeros((0, 0)) for o in outputs)


METHODS = {"mean": "mean", "sum": "sum", "min": "min", "max": "max", "median": "median", "std": "std",
           "var": "var", "mode": "mode", "range": "range", "nummissing": None, "numel": "numel"}


def _group_counts(numbers: np.ndarray, count: int) -> np.ndarray:
    """The number of rows in each of ``count`` groups (a column; rows of group NaN are in none)."""
    kept = numbers[~np.isnan(numbers)].astype(np.int64) - 1
    return np.bincount(kept, minlength=count).astype(np.float64).reshape(-1, 1)


def _grouped(ctx, t: Table, groups: list[int], methods: list[tuple[Value, str]], picks: list[int],
             include_empty: bool = False, include_missing: bool = True) -> Table:
    """One row per group: the grouping variables, GroupCount, and ``method_var`` for each method and
    data variable (the method called on the group's rows). With ``include_empty``, every combination of
    the categories of categorical grouping variables (and the values of the others) is a group; with
    ``include_missing`` (MATLAB's default), a missing grouping value makes groups of its own, last."""
    variables = [t.variables[k] for k in groups]
    if include_empty:
        numbers, columns = _all_groups(variables, include_missing)
        count = size_of(columns[0])[0] if columns else 1
    else:
        numbers, first = groups_of(variables, include_missing)
        count = first.size
        columns = [take_rows(v, first.astype(np.float64)) for v in variables]
    names = [t.names[k] for k in groups]
    columns.append(_group_counts(numbers, count))
    names.append("GroupCount")
    members = [np.flatnonzero(numbers == g + 1) for g in range(count)]
    for k in picks:
        for func, prefix in methods:
            results = [ctx.call(func, [take_rows(t.variables[k], rows)], 1)[0] for rows in members]
            columns.append(vertcat(results) if results else np.zeros((0, 1)))
            names.append(f"{prefix}_{t.names[k]}")
    return Table(columns, check_names(fresh_names(names, []), len(names)), count)


def _all_groups(variables: list[Value], include_missing: bool) -> tuple[np.ndarray, list[Value]]:
    """Group numbers of rows (NaN where a value is missing, unless ``include_missing``) and the grouping
    values of each group, where groups are all combinations (the first variable varying slowest) of each
    categorical variable's categories, in their order (then <undefined> where a row has it and missing
    groups are included), and each other variable's values, sorted (MATLAB's IncludeEmptyGroups)."""
    per: list[np.ndarray] = []
    levels: list[Value] = []
    for v in variables:
        if type(v) is CategoricalArray:
            codes, n = v.data[:, 0] - 1.0, len(v.cats)
            undefined = include_missing and bool(np.isnan(codes).any())
            per.append(np.where(np.isnan(codes), n, codes) if undefined else codes)
            levels.append(v.like(np.append(np.arange(1.0, n + 1), [np.nan] * undefined).reshape(-1, 1)))
        else:
            numbers, first = groups_of([v], include_missing)
            per.append(numbers - 1.0)
            levels.append(take_rows(v, first.astype(np.float64)))
    sizes = [size_of(level)[0] for level in levels]
    numbers = np.zeros(per[0].size if per else 0)
    for p, n in zip(per, sizes):
        numbers = numbers * n + p
    grid = np.indices(sizes).reshape(len(sizes), -1)
    return numbers + 1.0, [take_rows(level, grid[j].astype(np.float64)) for j, level in enumerate(levels)]


GROUP_OPTIONS = {"includeemptygroups": "IncludeEmptyGroups", "includemissinggroups": "IncludeMissingGroups"}


def _group_options(args: tuple, fname: str) -> tuple[tuple, bool, bool]:
    """``args`` without their trailing 'IncludeEmptyGroups' and 'IncludeMissingGroups' pairs, and the two
    flags (MATLAB's defaults: false, true)."""
    flags = {"includeemptygroups": False, "includemissinggroups": True}
    while len(args) >= 2 and option_name(args[-2]) in GROUP_OPTIONS:
        name, flag = option_name(args[-2]), args[-1]
        if type(flag) not in (bool, float) and not (type(flag) is np.ndarray and flag.size == 1):
            raise MatlabError(f"MATLAB:{fname}:Invalid{GROUP_OPTIONS[name]}", f"'{GROUP_OPTIONS[name]}' must be "
                              "true or false.")
        flags[name] = bool(np.asarray(flag).flat[0])
        args = args[:-2]
    return args, flags["includeemptygroups"], flags["includemissinggroups"]


@builtin("groupsummary", family="table")
def groupsummary(ctx, t, groupvars, *args):
    """G = groupsummary(T, groupvars), groupsummary(T, groupvars, method), groupsummary(T, groupvars,
    method, datavars), groupsummary(..., 'IncludeEmptyGroups', tf, 'IncludeMissingGroups', tf)
    Summary of each group of a table's rows: the group's values, its number of rows and statistics.

    groupvars names the grouping variables; method is 'mean', 'sum', 'min', 'max', 'median', 'std',
    'var', 'mode', 'range', 'numel', a function handle, or a cell of them ('all' is not supported); the
    statistics are computed for datavars (every other variable by default) and named ``method_var``.
    With 'IncludeEmptyGroups', true every combination of the categories of categorical grouping
    variables (and the values of the others) is a group, empty ones too. A missing grouping value (NaN,
    '', <missing>, <undefined>) makes groups of its own, after the others, unless 'IncludeMissingGroups'
    is false (then those rows are left out).

        G = groupsummary(table([1; 1; 2], [10; 20; 30]), 'Var1', 'mean')    % mean_Var2 = [15; 30]
    """
    t = _table(t, "groupsummary")
    groups = variable_indices(t, groupvars)
    args, include_empty, include_missing = _group_options(args, "groupsummary")
    methods: list[tuple[Value, str]] = []
    if args:
        spec = args[0]
        items = list(spec.data.ravel(order="F")) if type(spec) is CellArray else [spec]
        for item in items:
            if type(item) is FunctionHandle:
                methods.append((item, f"fun{len(methods) + 1}"))
                continue
            word = option_name(item)
            if word not in METHODS or METHODS[word] is None:
                raise MatlabError("MATLAB:groupsummary:InvalidMethodOption", f"'{text_arg(item, 'groupsummary')}' "
                                  f"is not a supported method: use one of {', '.join(m for m in METHODS if METHODS[m])}, "
                                  "or a function handle.")
            methods.append((ctx.make_handle(METHODS[word]), word))
    picks = variable_indices(t, args[1]) if len(args) > 1 else [k for k in range(len(t.variables)) if k not in groups]
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    return _grouped(ctx, t, groups, methods, picks if methods else [], include_empty, include_missing)


@builtin("groupcounts", family="table")
def groupcounts(ctx, a, *args, nargout=1):
    """G = groupcounts(T, groupvars), groupcounts(T, groupvars, 'IncludeEmptyGroups', tf, 'IncludeMissingGroups', tf),
    B = groupcounts(A), [B, BG, BP] = groupcounts(A)
    Number of rows in each group, in the sorted order of the groups (with 'IncludeEmptyGroups', true
    also the empty groups of categorical grouping variables, as groupsummary).

    For a table, G has the values of the grouping variables groupvars for each group, its number of
    rows (GroupCount) and its share of the rows in percent (Percent). For a column vector A (numbers,
    logicals, strings, a cell array of character vectors), B is each group's count, BG its value and BP
    its percent. Missing grouping values (NaN, <missing>, '') are a group of their own, after the others,
    unless 'IncludeMissingGroups' is false. Several grouping columns in an array and the other options
    are not supported.

        G = groupcounts(table([1; 2; 1], 'VariableNames', {'x'}), 'x')    % GroupCount [2; 1]
    """
    if is_table(a):
        args, include_empty, include_missing = _group_options(args, "groupcounts")
        if len(args) != 1:
            raise MatlabError("MATLAB:groupcounts:InvalidInputs", "groupcounts of a table takes the grouping "
                              "variables and no options but 'IncludeEmptyGroups' and 'IncludeMissingGroups' here.")
        t = _table(a, "groupcounts")
        groups = variable_indices(t, args[0])
        g = _grouped(ctx, t, groups, [], [], include_empty, include_missing)
        percent = 100.0 * g.variables[-1] / max(t.height, 1)
        return Table(g.variables + [percent], check_names(g.names + ["Percent"], len(g.names) + 1), g.height)
    args, include_empty, include_missing = _group_options(args, "groupcounts")
    shape = size_of(a)
    if args or include_empty or len(shape) != 2 or shape[1] != 1 and shape[0] != 0:
        raise MatlabError("MATLAB:groupcounts:InvalidInputs", "groupcounts of an array takes one column "
                          "vector and no options but 'IncludeMissingGroups' here (several grouping columns are "
                          "not supported).")
    numbers, first = groups_of([a], include_missing)
    counts = _group_counts(numbers, first.size)
    if nargout < 2:
        return counts
    return counts, take_rows(a, first.astype(np.float64)), 100.0 * counts / max(numbers.size, 1)


# ---- joins


def _join_keys(a: Table, b: Table, options: dict[str, Value], fname: str) -> tuple[list[int], list[int]]:
    """The key variables of the left and right tables: 'Keys' (names in both), 'LeftKeys' and
    'RightKeys', or every variable name they share."""
    if "keys" in options:
        left, right = variable_indices(a, options["keys"]), variable_indices(b, options["keys"])
    elif "leftkeys" in options or "rightkeys" in options:
        if not ("leftkeys" in options and "rightkeys" in options):
            raise MatlabError(f"MATLAB:table:{fname}:MissingKeys", "Specify both 'LeftKeys' and 'RightKeys'.")
        left, right = variable_indices(a, options["leftkeys"]), variable_indices(b, options["rightkeys"])
    else:
        common = [n for n in a.names if n in b.names]
        left, right = [a.names.index(n) for n in common], [b.names.index(n) for n in common]
    if not left or len(left) != len(right):
        raise MatlabError(f"MATLAB:table:{fname}:NoKeyVars", "The tables must have key variables: common "
                          "variable names, or 'Keys' (or 'LeftKeys' and 'RightKeys').")
    return left, right


def _key_groups(a: Table, b: Table, left: list[int], right: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Group numbers of the key values of each row of a and of b, numbered over both (sorted order)."""
    stacked = [vertcat([a.variables[i], b.variables[j]]) for i, j in zip(left, right)]
    numbers, _ = groups_of(stacked)
    return numbers[:a.height], numbers[a.height:]


def _joined(a: Table, b: Table, rows_a: np.ndarray, rows_b: np.ndarray, right_keys: list[int], fname: str) -> Table:
    picked_a = _rows(a, rows_a.astype(np.float64))
    extra = [k for k in range(len(b.variables)) if k not in right_keys]
    clash = [b.names[k] for k in extra if b.names[k] in a.names]
    if clash:
        raise MatlabError(f"matfuse:{fname}:DuplicateVarNames", f"Both tables have a variable '{clash[0]}' that is "
                          "no key: rename it first (renamevars); the renaming MATLAB does is not supported.")
    variables = picked_a.variables + [take_rows(b.variables[k], rows_b) for k in extra]
    names = picked_a.names + [b.names[k] for k in extra]
    return Table(variables, check_names(names, len(names)), int(rows_a.size), picked_a.row_names)


def _join_table(ctx, a, b, *args, nargout=1):
    """join(A, B), join(A, B, 'Keys', keys), join(A, B, 'LeftKeys', lk, 'RightKeys', rk) of tables: A with
    the variables of B whose key values match each row of A (B's key values unique and covering A's);
    C has A's rows in order, A's variables, then B's other than its keys."""
    a, b = _table(a, "join"), _table(b, "join")
    _, options = split_options(args, ("keys", "leftkeys", "rightkeys"), "join")
    left, right = _join_keys(a, b, options, "join")
    ga, gb = _key_groups(a, b, left, right)
    if np.unique(gb[~np.isnan(gb)]).size != np.count_nonzero(~np.isnan(gb)):
        raise MatlabError("MATLAB:table:join:DuplicateRightKeyVarValues", "The key variables for the right table "
                          "must have unique values.")
    where = {g: j for j, g in enumerate(gb)}
    if any(np.isnan(g) or g not in where for g in ga):
        raise MatlabError("MATLAB:table:join:LeftKeyValueNotFound", "The key variables for the right table must "
                          "contain all values in the key variables for the left table.")
    rows_b = np.array([where[g] for g in ga], dtype=np.int64)
    return _joined(a, b, np.arange(a.height), rows_b, right, "join")


@builtin("innerjoin", family="table")
def innerjoin(a, b, *args, nargout=1):
    """C = innerjoin(A, B), innerjoin(A, B, 'Keys', keys), [C, ia, ib] = innerjoin(...)
    The rows of A and B whose key values match, one row for each matching pair, sorted by the keys.

    The keys are the variables both tables have (or those named by 'Keys', or 'LeftKeys' and
    'RightKeys'); C has A's variables, then B's variables other than its keys; ia and ib give the rows
    of A and B each row of C comes from.

        C = innerjoin(table([1; 2; 3], 'VariableNames', {'id'}), table([3; 1], [30; 10], 'VariableNames', {'id', 'v'}))
    """
    a, b = _table(a, "innerjoin"), _table(b, "innerjoin")
    _, options = split_options(args, ("keys", "leftkeys", "rightkeys"), "innerjoin")
    left, right = _join_keys(a, b, options, "innerjoin")
    ga, gb = _key_groups(a, b, left, right)
    pairs = sorted((g, i, j) for i, g in enumerate(ga) if not np.isnan(g)
                   for j in np.flatnonzero(gb == g))
    rows_a = np.array([i for _, i, _ in pairs], dtype=np.int64)
    rows_b = np.array([j for _, _, j in pairs], dtype=np.int64)
    out = _joined(a, b, rows_a, rows_b, right, "innerjoin")
    return (out, (rows_a + 1.0).reshape(-1, 1), (rows_b + 1.0).reshape(-1, 1))[:max(nargout, 1)]


def _unique_table(ctx, t, *args, nargout=1):
    """unique(T): the distinct rows of a table in sorted order, [C, ia, ic] as for arrays (C = T(ia, :),
    T = C(ic, :)); a row with a missing value is distinct from every other."""
    t = _table(t, "unique")
    if args:
        raise MatlabError("MATLAB:table:unique:UnsupportedOption", "unique of a table takes no options here.")
    missing = np.zeros(t.height, dtype=bool)
    for v in t.variables:
        missing |= _missing(v)
    keys = [sort_keys(v) for v in t.variables] + [[np.where(missing, np.arange(t.height), -1)]]
    numbers, first = _group_numbers(keys, np.zeros(t.height, dtype=bool))
    out = _rows(t, first.astype(np.float64))
    return (out, (first + 1.0).reshape(-1, 1), numbers.reshape(-1, 1))[:max(nargout, 1)]


def _missing_table(ctx, t, *args, nargout=1):
    """ismissing(T): a logical array with one column per column of each variable."""
    t = _table(t, "ismissing")
    if args:
        raise MatlabError("MATLAB:table:ismissing:UnsupportedOption", "ismissing of a table takes no indicators "
                          "here.")
    columns = [_missing_columns(v) for v in t.variables]
    return np.concatenate(columns, axis=1) if columns else np.zeros((t.height, 0), dtype=bool)


def _missing_columns(value: Value) -> np.ndarray:
    rows = size_of(value)[0]
    if type(value) in (CellArray, StringArray) and size_of(value)[1:] != (1,):
        return np.stack([_missing(indexing.index(value, [indexing.MAGIC_COLON, float(j + 1)]))
                         for j in range(int(np.prod(size_of(value)[1:])))], axis=1)
    if type(value) in (CellArray, StringArray) or type(value) is CharArray:
        return _missing(value).reshape(rows, 1) if type(value) is not CharArray else np.zeros((rows, 1), bool)
    data = value.data if isinstance(value, TimeArray) else indexing.storage(value)
    data = data.reshape(rows, -1, order="F")
    return np.isnan(data) if data.dtype.kind in "fc" else np.zeros(data.shape, dtype=bool)


def _rmmissing_table(ctx, t, *args, nargout=1):
    """rmmissing(T): the table without the rows that hold a missing value; [R, removed] gives the mask."""
    t = _table(t, "rmmissing")
    if args:
        raise MatlabError("MATLAB:table:rmmissing:UnsupportedOption", "rmmissing of a table takes no options "
                          "here.")
    removed = _missing_table(ctx, t).any(axis=1) if t.variables else np.zeros(t.height, dtype=bool)
    out = _rows(t, np.flatnonzero(~removed).astype(np.float64))
    return (out, removed.reshape(-1, 1))[:max(nargout, 1)]


def _length(ctx, *args, nargout=1):
    raise MatlabError("MATLAB:table:UndefinedLengthFunction", "Undefined function 'LENGTH' for input arguments of "
                      "type 'table'. Use the height, width, or size functions instead.")


@after_load
def _register_methods() -> None:
    set_overload("sortrows", Table, _sortrows_table)
    set_overload("length", Table, _length)
    set_overload("unique", Table, _unique_table)
    set_overload("join", Table, _join_table)
    set_overload("ismissing", Table, _missing_table)
    set_overload("rmmissing", Table, _rmmissing_table)
