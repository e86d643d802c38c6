"""Indexing, assignment and concatenation of tables (runtime/tables.py); indexing.py and concat.py send
table values here.

    T(rows, vars)            a table (rows by number, mask or row name; vars by number, mask, name, names)
    T{rows, vars}            the variables' rows concatenated side by side (one array)
    T.name, T.(name)         a variable; T.Properties, T.Row (row names), T.Variables (T{:,:})
    T.name = v, T.name(k) = v, T.Properties.VariableNames = ..., T(rows, vars) = table or cell or array,
    T{rows, vars} = array, T(rows, :) = [], T(:, vars) = [], T.name = []
    [T1; T2] (variables matched by name), [T1, T2] (same height), [T; {cell row}]

Rows past the height grow every variable (numbers with 0, text with '' or <missing>, dates with NaT).
A single subscript (``T(k)``) is MATLAB's error: tables take a row and a variable subscript.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from . import concat as concatenation
from . import indexing
from .categoricals import CategoricalArray
from .errors import MatlabError, check_size
from .tables import (Table, check_names, fresh_names, properties, row_indices, row_mismatch, set_properties,
                     text_list, unknown_variable, variable_indices)
from .times import TimeArray
from .values import CellArray, CharArray, StringArray, StructArray, Value, size_of


def _linear() -> MatlabError:
    return MatlabError("MATLAB:table:LinearSubscript", "Subscripting into a table using one subscript (as in "
                       "t(i)) is not supported. Specify a row subscript and a variable subscript, as in "
                       "t(rows,vars).")


def _two_subscripts(args: list) -> tuple[Value, Value]:
    if len(args) != 2:
        raise _linear() if len(args) == 1 else MatlabError(
            "MATLAB:table:NDSubscript", "Tables have two dimensions: use a row and a variable subscript.")
    return args[0], args[1]


# ---- rows of one variable


def row_args(value: Value, rows: np.ndarray) -> list:
    """Subscripts that pick 0-based ``rows`` of a variable (all its other dimensions)."""
    picked = (rows.astype(np.float64) + 1.0).reshape(-1, 1)
    return [picked] + [indexing.MAGIC_COLON] * (len(size_of(value)) - 1)


def take_rows(value: Value, rows: np.ndarray) -> Value:
    return indexing.index(value, row_args(value, rows))


def _fill(value: Value) -> Value:
    """What a variable's new rows hold when a table grows."""
    if type(value) is CellArray:
        return CellArray(np.array([[CharArray(np.zeros((0, 0), dtype=np.uint16))]], dtype=object))
    if type(value) is StringArray:
        return StringArray.scalar(None)
    if type(value) is CharArray:
        return CharArray.from_str(" ")
    if isinstance(value, TimeArray) or type(value) is CategoricalArray:    # NaT, <undefined>
        return value.like(np.full((1, 1), np.nan))
    if type(value) is StructArray:
        raise MatlabError("MATLAB:table:GrowStruct", "A table with a struct variable cannot grow by assignment.")
    return 0.0


def grown(value: Value, height: int) -> Value:
    """A variable with rows added up to ``height`` (see _fill)."""
    have = size_of(value)[0]
    if have >= height:
        return value
    return indexing.assign_paren(value, row_args(value, np.arange(have, height)), _fill(value))


# ---- reading


def index(table: Table, args: list) -> Table:
    """``T(rows, vars)``: a table of those rows and variables."""
    if not args:
        return table
    row_arg, var_arg = _two_subscripts(args)
    rows = row_indices(table, row_arg)
    picks = variable_indices(table, var_arg)
    every_row = indexing.is_colon(row_arg)
    variables = [table.variables[k] if every_row else take_rows(table.variables[k], rows) for k in picks]
    names = [table.names[k] for k in picks]
    if len(set(names)) != len(names):
        names = fresh_names(names, [])
    out = table.with_columns(variables, names, picks)
    row_names = None if table.row_names is None else [table.row_names[k] for k in rows]
    return out.with_rows(variables, len(rows), row_names)


def brace(table: Table, args: list) -> Value:
    """``T{rows, vars}``: the selected rows of the selected variables, concatenated horizontally."""
    row_arg, var_arg = _two_subscripts(args)
    rows = row_indices(table, row_arg)
    picks = variable_indices(table, var_arg)
    parts = [table.variables[k] if indexing.is_colon(row_arg) else take_rows(table.variables[k], rows)
             for k in picks]
    if not parts:
        return np.zeros((len(rows), 0))
    return parts[0] if len(parts) == 1 else concatenation.horzcat(parts)


def field(table: Table, name: str) -> Value:
    """``T.name``: a variable, the properties, the row names or all the data."""
    if name in table.names:
        return table.variables[table.names.index(name)]
    if name == "Properties":
        return properties(table)
    if name == table.dimension_names[0]:
        return properties(table).data[0, 0]["RowNames"]
    if name == table.dimension_names[1]:
        return brace(table, [indexing.MAGIC_COLON, indexing.MAGIC_COLON])
    raise unknown_variable(name)


# ---- assignment


def assign(table: Table, path: list, rhs: Value) -> Table:
    """The table after ``T<path> = rhs``."""
    kind, arg = path[0]
    rest = path[1:]
    if kind == ".":
        return _assign_dot(table, arg, rest, rhs)
    if kind == "{}":
        return _assign_brace(table, arg, rest, rhs)
    if rest:
        if rest[0][0] != ".":
            raise MatlabError("MATLAB:index:parenMustBeLast", "()-indexing must appear last in an index expression.")
        part = assign(index(table, arg), rest, rhs)
        return _assign_paren(table, arg, part)
    if type(rhs) is np.ndarray and rhs.shape == (0, 0) and rhs.dtype == np.float64:
        return delete(table, arg)
    return _assign_paren(table, arg, rhs)


def _assign_dot(table: Table, name: str, rest: list, rhs: Value) -> Table:
    if name == "Properties":
        props = indexing.assign(properties(table), rest, rhs) if rest else rhs
        if type(props) is not StructArray or props.classname != "matlab.tabular.TableProperties":
            raise MatlabError("MATLAB:table:InvalidPropertiesAssignment",
                              "T.Properties must be assigned a table's properties.")
        return set_properties(table, props)
    if name == table.dimension_names[0] and name not in table.names:
        return _assign_dot(table, "Properties", [(".", "RowNames")] + rest, rhs)
    if name in table.names:
        current = table.variables[table.names.index(name)]
    elif rest:
        current = None
    else:
        check_names([name], 1)
        current = None
    if not rest and type(rhs) is np.ndarray and rhs.shape == (0, 0) and rhs.dtype == np.float64 and \
            current is not None:
        return remove_variables(table, [table.names.index(name)])
    value = indexing.assign(current, rest, rhs) if rest else rhs
    return set_variable(table, name, value, expand=not rest)


def set_variable(table: Table, name: str, value: Value, expand: bool = True) -> Table:
    """The table with variable ``name`` set to ``value`` (added at the end if new); a scalar fills
    every row (``expand``); an empty table takes the value's height."""
    rows = size_of(value)[0]
    if not table.variables and table.height == 0 and table.row_names is None:
        height = rows
    else:
        height = table.height
        if rows != height:
            if not (expand and np.prod(size_of(value)) == 1):
                raise row_mismatch()
            value = indexing.index(value, [np.ones((height, 1))])
    variables = list(table.variables)
    names = list(table.names)
    keep: list = list(range(len(names)))
    if name in names:
        variables[names.index(name)] = value
    else:
        variables.append(value)
        names.append(name)
        keep.append(None)
    return table.with_columns(variables, names, keep).with_rows(variables, height, table.row_names)


def remove_variables(table: Table, picks: list[int]) -> Table:
    keep = [k for k in range(len(table.variables)) if k not in set(picks)]
    return table.with_columns([table.variables[k] for k in keep], [table.names[k] for k in keep], keep)


def _targets(table: Table, args: list) -> tuple[np.ndarray, list[int], int, bool]:
    """Rows (0-based) and variables an assignment writes, the new height, and whether it is every row."""
    row_arg, var_arg = _two_subscripts(args)
    rows = row_indices(table, row_arg, grow=True)
    picks = variable_indices(table, var_arg)
    height = max(table.height, int(rows.max()) + 1 if rows.size else 0)
    check_size((height, max(len(table.variables), 1)), 8)      # MATLAB's size limit for growth
    return rows, picks, height, indexing.is_colon(row_arg)


def _store(table: Table, rows: np.ndarray, picks: list[int], height: int, parts: list[Value]) -> Table:
    """Write ``parts`` (one per picked variable, ``len(rows)`` rows each) into those rows; every
    variable grows to ``height``."""
    variables = [grown(v, height) for v in table.variables]
    for k, part in zip(picks, parts):
        variables[k] = indexing.assign_paren(variables[k], row_args(variables[k], rows), part)
    row_names = table.row_names
    if row_names is not None and height > table.height:
        row_names = row_names + [f"Row{k + 1}" for k in range(table.height, height)]
    return table.with_rows(variables, height, row_names)


def _widths(table: Table, picks: list[int]) -> list[int]:
    return [int(np.prod(size_of(table.variables[k])[1:])) for k in picks]


def _split_columns(value: Value, widths: list[int]) -> list[Value]:
    """An array cut into pieces of ``widths`` columns (one per variable); a scalar goes to each."""
    if np.prod(size_of(value)) == 1:
        return [value] * len(widths)
    if size_of(value)[1] != sum(widths):
        raise MatlabError("MATLAB:table:AssignmentDimensionMismatch", "The number of columns on the right side "
                          "does not match the number of table variables being assigned to.")
    starts = np.cumsum([0] + widths)
    return [indexing.index(value, [indexing.MAGIC_COLON, np.arange(a + 1, b + 1, dtype=np.float64).reshape(1, -1)])
            for a, b in zip(starts[:-1], starts[1:])]


def _cell_parts(table: Table, picks: list[int], cell: CellArray) -> list[Value]:
    """A cell array's columns as the values of the picked variables: cell variables take the cells,
    others the contents stacked."""
    if cell.data.ndim != 2 or cell.shape[1] != len(picks):
        raise MatlabError("MATLAB:table:AssignmentDimensionMismatch", "The right side must have one cell per "
                          "table variable being assigned to.")
    parts = []
    for j, k in enumerate(picks):
        column = CellArray(cell.data[:, j:j + 1].copy())
        if type(table.variables[k]) is CellArray:
            parts.append(column)
        else:
            parts.append(concatenation.vertcat(list(column.data.ravel())))
    return parts


def _assign_paren(table: Table, args: list, rhs: Value) -> Table:
    """``T(rows, vars) = rhs``: a table, a cell array (one cell per row and variable), or an array."""
    row_arg, var_arg = _two_subscripts(args)
    if type(rhs) is Table and indexing.is_colon(row_arg) and not indexing.is_colon(var_arg) and \
            _new_names(table, var_arg):
        out = table
        for name, value in zip(_new_names(table, var_arg), rhs.variables):
            out = set_variable(out, name, value)
        return out
    rows, picks, height, _ = _targets(table, args)
    if type(rhs) is Table:
        if rhs.shape != (len(rows), len(picks)) and rhs.shape != (1, len(picks)):
            raise MatlabError("MATLAB:table:AssignmentDimensionMismatch", "The right side table must have as many "
                              "rows and variables as the left side selects.")
        parts = list(rhs.variables)
    elif type(rhs) is CellArray:
        parts = _cell_parts(table, picks, rhs)
    else:
        parts = _split_columns(rhs, _widths(table, picks))
    return _store(table, rows, picks, height, parts)


def _new_names(table: Table, arg: Value) -> list[str] | None:
    """Names in a variable subscript when none of them is a variable yet (``T(:, 'new') = ...``)."""
    names = text_list(arg) if type(arg) in (CharArray, StringArray, CellArray) else None
    if names and all(n not in table.names for n in names):
        return names
    return None


def _assign_brace(table: Table, args: list, rest: list, rhs: Value) -> Table:
    """``T{rows, vars} = rhs`` (and ``T{r, v}(k) = rhs``, ``T{r, v}.f = rhs``)."""
    if rest:
        rhs = indexing.assign(brace(table, args), rest, rhs)
    row_arg, var_arg = _two_subscripts(args)
    names = _new_names(table, var_arg)
    if names and len(names) == 1 and indexing.is_colon(row_arg):
        return set_variable(table, names[0], rhs)
    rows, picks, height, _ = _targets(table, args)
    return _store(table, rows, picks, height, _split_columns(rhs, _widths(table, picks)))


def delete(table: Table, args: list) -> Table:
    """``T(rows, :) = []`` or ``T(:, vars) = []``."""
    row_arg, var_arg = _two_subscripts(args)
    if indexing.is_colon(var_arg):
        rows = row_indices(table, row_arg)
        keep = np.setdiff1d(np.arange(table.height), rows)
        variables = [take_rows(v, keep) for v in table.variables]
        row_names = None if table.row_names is None else [table.row_names[k] for k in keep]
        return table.with_rows(variables, int(keep.size), row_names)
    if indexing.is_colon(row_arg):
        return remove_variables(table, variable_indices(table, var_arg))
    raise MatlabError("MATLAB:table:NullAssignmentInvalid", "To delete rows or variables of a table, one of the "
                      "subscripts must be ':'.")


# ---- concatenation


def concat(dim: int, values: list) -> Table:
    """``[T1; T2]`` (dim 1) or ``[T1, T2]`` (dim 2); [] operands are left out, a cell array beside a
    table in a vertical concatenation is read as rows of it."""
    first = next(v for v in values if type(v) is Table)
    parts = [_as_table(v, first) for v in values if not _is_null(v)]
    if dim == 1:
        return _vertical(parts)
    if dim == 2:
        return _horizontal(parts)
    raise MatlabError("MATLAB:table:cat:InvalidDim", "Tables can be concatenated only along dimensions 1 and 2.")


def _is_null(value: Value) -> bool:
    return type(value) is np.ndarray and value.size == 0


def _as_table(value: Value, like: Table) -> Table:
    if type(value) is Table:
        return value
    if type(value) is CellArray and value.data.ndim == 2 and value.shape[1] == len(like.names):
        rows = value.shape[0]
        parts = _cell_parts(like, list(range(len(like.names))), value)
        return Table(parts, list(like.names), rows)
    raise MatlabError("MATLAB:table:cat:NonTableInput", "All inputs to table concatenation must be tables, or "
                      "cell arrays with one cell per table variable.")


def _vertical(parts: list[Table]) -> Table:
    base = parts[0]
    with_names = [p.row_names is not None for p in parts if p.height]
    if any(with_names) and not all(with_names):
        raise MatlabError("MATLAB:table:vertcat:MissingRowNames", "Cannot concatenate a table with row names "
                          "and a table without row names.")
    for p in parts[1:]:
        if sorted(p.names) != sorted(base.names):
            raise MatlabError("MATLAB:table:vertcat:UnequalVarNames", "All tables being vertically concatenated "
                              "must have the same variable names.")
    variables = [concatenation.vertcat([p.variables[p.names.index(name)] for p in parts]) for name in base.names]
    height = sum(p.height for p in parts)
    row_names = None
    if all(with_names) and with_names:
        row_names = [n for p in parts if p.height for n in p.row_names]
        check_names(row_names, height, "RowNames")
    return base.with_rows(variables, height, row_names)


def _horizontal(parts: list[Table]) -> Table:
    base = parts[0]
    if any(p.height != base.height for p in parts):
        raise MatlabError("MATLAB:table:horzcat:SizeMismatch", "All tables being horizontally concatenated must "
                          "have the same number of rows.")
    names = [n for p in parts for n in p.names]
    check_names(names, len(names))
    variables = [v for p in parts for v in p.variables]
    units = _joined([p.units for p in parts], [len(p.names) for p in parts])
    descriptions = _joined([p.descriptions for p in parts], [len(p.names) for p in parts])
    return replace(base, variables=variables, names=names, units=units, descriptions=descriptions)


def _joined(metas: list, counts: list[int]) -> list[str] | None:
    if all(m is None for m in metas):
        return None
    return [x for m, n in zip(metas, counts) for x in (m if m is not None else [""] * n)]


# ---- equality


def equal(a: Table, b: Value, values_equal) -> bool:
    """isequal of a table and a value: same size, variable names, row names and variables."""
    if type(b) is not Table or a.shape != b.shape or a.names != b.names or a.row_names != b.row_names:
        return False
    return all(values_equal(x, y) for x, y in zip(a.variables, b.variables))

