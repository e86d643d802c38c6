"""table: MATLAB's table of named variables (columns) that share one height.

    Table   variables: engine values, each with ``height`` rows (numeric, logical, char, string, cell,
                       datetime, duration or struct arrays; a variable may have several columns),
            names: one variable name each (any non-empty text, unique), height, row_names (None, or
            one unique text per row), and the metadata properties (Description, UserData,
            DimensionNames, VariableUnits, VariableDescriptions)

A table is a value (MATLAB value semantics, never changed in place) of class ``table``; its size is
height-by-number-of-variables. Indexing, assignment and concatenation are in table_ops.py (indexing.py
and concat.py send tables there), the display in display/tabular.py, the builtins in builtins/tables.py
and builtins/tablefun.py. This module holds the value, the reading of row and variable subscripts and
``T.Properties``. MATLAB's documentation is the reference: GNU Octave has no table.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from .errors import MatlabError
from .values import CellArray, CharArray, StringArray, StructArray, Value, class_of, size_of

DIMENSION_NAMES = ("Row", "Variables")
PROPERTY_NAMES = ("Description", "UserData", "DimensionNames", "VariableNames", "VariableDescriptions",
                  "VariableUnits", "VariableContinuity", "RowNames", "CustomProperties")


@dataclass(eq=False)
class Table:
    variables: list
    names: list[str]
    height: int
    row_names: list[str] | None = None
    description: str = ""
    user_data: Value = field(default_factory=lambda: np.zeros((0, 0)))
    dimension_names: tuple[str, str] = DIMENSION_NAMES
    units: list[str] | None = None              # VariableUnits: None (never set) or one text each
    descriptions: list[str] | None = None       # VariableDescriptions, likewise
    matlab_class = "table"

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, len(self.variables))

    def with_columns(self, variables: list, names: list[str], keep: list[int] | None = None) -> "Table":
        """This table's rows and table metadata with new variables; ``keep`` gives, for each new
        variable, the old one whose units and description it keeps (None: new variables have none)."""
        def picked(meta: list[str] | None) -> list[str] | None:
            if meta is None:
                return None
            return [meta[k] if keep is not None and k is not None else "" for k in (keep or [None] * len(names))]
        return replace(self, variables=variables, names=names, units=picked(self.units),
                       descriptions=picked(self.descriptions))

    def with_rows(self, variables: list, height: int, row_names: list[str] | None) -> "Table":
        """This table's variable names and metadata with new rows."""
        return replace(self, variables=variables, height=height, row_names=row_names)


def is_table(value: Value) -> bool:
    return type(value) is Table


def height_of(value: Value) -> int:
    return int(size_of(value)[0])


# ---- errors


def unknown_variable(name: str) -> MatlabError:
    return MatlabError("MATLAB:table:UnrecognizedVarName", f"Unrecognized table variable name '{name}'.")


def unequal_heights() -> MatlabError:
    return MatlabError("MATLAB:table:UnequalVarLengths", "All table variables must have the same number of rows.")


def row_mismatch() -> MatlabError:
    return MatlabError("MATLAB:table:RowDimensionMismatch", "To assign to or create a variable in a table, the "
                       "number of rows must match the height of the table.")


# ---- names


def text_list(value: Value) -> list[str] | None:
    """The texts of a char row, string array or cell array of char rows; None for anything else."""
    t = type(value)
    if t is CharArray and (value.shape[0] == 1 or value.codes.size == 0):
        return [value.to_str()]
    if t is StringArray and all(v is not None for v in value.data.flat):
        return list(value.data.ravel(order="F"))
    if t is CellArray and all(type(v) is CharArray and (v.shape[0] == 1 or v.codes.size == 0)
                              for v in value.data.flat):
        return [v.to_str() for v in value.data.ravel(order="F")]
    return None


def check_names(names: list[str], count: int, what: str = "VariableNames") -> list[str]:
    """Variable (or row) names as MATLAB requires them: one per variable, non-empty, unique."""
    if len(names) != count:
        raise MatlabError(f"MATLAB:table:IncorrectNumberOf{'VarNames' if what == 'VariableNames' else 'RowNames'}",
                          f"The {what} property must contain one name for each "
                          f"{'variable' if what == 'VariableNames' else 'row'} in the table.")
    seen: set[str] = set()
    for name in names:
        if not name.strip():
            raise MatlabError("MATLAB:table:InvalidVarNames" if what == "VariableNames" else
                              "MATLAB:table:InvalidRowNames", f"{what} must be nonempty and not only blanks.")
        if what == "VariableNames" and len(name) > 63:
            raise MatlabError("MATLAB:table:VariableNameLengthMax", f"'{name}' is longer than the maximum allowed "
                              "length for a table variable name.")
        if name in seen:
            kind = "variable" if what == "VariableNames" else "row"
            raise MatlabError(f"MATLAB:table:Duplicate{'VarNames' if kind == 'variable' else 'RowNames'}",
                              f"Duplicate table {kind} name: '{name}'.")
        seen.add(name)
    if what == "VariableNames":
        for name in names:
            if name in ("Properties", "RowNames", "VariableNames") or name in DIMENSION_NAMES:
                raise MatlabError("MATLAB:table:ReservedVarName", f"'{name}' is a reserved name and cannot be "
                                  "used as a variable name.")
    return names


def names_arg(value: Value, what: str) -> list[str]:
    names = text_list(value)
    if names is None:
        raise MatlabError("MATLAB:table:InvalidVarNames" if what == "VariableNames" else "MATLAB:table:InvalidRowNames",
                          f"{what} must be a character vector, a string array or a cell array of character "
                          "vectors.")
    return names


def default_names(count: int, start: int = 1) -> list[str]:
    return [f"Var{k}" for k in range(start, start + count)]


def fresh_names(names: list[str], taken: list[str]) -> list[str]:
    """``names`` made unique against ``taken`` (and each other) as MATLAB does: ``x`` becomes ``x_1``."""
    used = set(taken)
    out = []
    for name in names:
        candidate, k = name, 1
        while candidate in used:
            candidate, k = f"{name}_{k}", k + 1
        used.add(candidate)
        out.append(candidate)
    return out


# ---- subscripts


def variable_index(table: Table, name: str) -> int:
    try:
        return table.names.index(name)
    except ValueError:
        raise unknown_variable(name) from None


def numbered_variable(table: Table, value: Value) -> str:
    """The name of the variable that a number picks in ``T.(k)``."""
    picks = variable_indices(table, value)
    if len(picks) != 1:
        raise MatlabError("MATLAB:table:IllegalDynamicVarName", "A dynamic variable subscript T.(k) must pick one "
                          "variable.")
    return table.names[picks[0]]


def variable_indices(table: Table, arg: Value) -> list[int]:
    """The 0-based variables that a subscript picks: ':', a name, names (cellstr, string), numbers or a
    logical mask."""
    from .indexing import is_colon, subscript
    count = len(table.variables)
    if is_colon(arg):
        return list(range(count))
    if type(arg) in (CharArray, StringArray, CellArray, StructArray):
        names = text_list(arg)
        if names is None:
            raise MatlabError("MATLAB:table:InvalidVarSubscript", "Table variable subscripts must be real "
                              "positive integers, logicals, character vectors, or cell arrays of character vectors.")
        return [variable_index(table, name) for name in names]
    idx, _ = subscript(arg)
    if idx.size and idx.max() >= count:
        raise MatlabError("MATLAB:table:VarIndexOutOfRange", "Variable index exceeds table dimensions.")
    return [int(k) for k in idx]


def row_indices(table: Table, arg: Value, grow: bool = False) -> np.ndarray:
    """The 0-based rows that a subscript picks: ':', row names (char, cellstr, string), numbers or a
    logical mask; ``grow`` allows numbers past the height (assignment)."""
    from .indexing import is_colon, subscript
    if is_colon(arg):
        return np.arange(table.height)
    if type(arg) in (CharArray, StringArray, CellArray):
        names = text_list(arg)
        if names is None:
            raise MatlabError("MATLAB:table:InvalidRowSubscript", "Table row subscripts must be real positive "
                              "integers, logicals, or row names.")
        return np.array([_row_position(table, n) for n in names], dtype=np.int64)
    idx, _ = subscript(arg)
    if idx.size and idx.max() >= table.height and (not grow or class_of(arg) == "logical"):
        raise MatlabError("MATLAB:table:RowIndexOutOfRange", "Row index exceeds table dimensions.")
    return idx


def _row_position(table: Table, name: str) -> int:
    if table.row_names is None or name not in table.row_names:
        raise MatlabError("MATLAB:table:UnrecognizedRowName", f"Unrecognized row name '{name}'.")
    return table.row_names.index(name)


# ---- T.Properties


def _cell_row(texts: list[str]) -> CellArray:
    data = np.empty((1, len(texts)), dtype=object)
    for k, text in enumerate(texts):
        data[0, k] = CharArray.from_str(text) if text else CharArray(np.zeros((0, 0), dtype=np.uint16))
    return CellArray(data)


def _cell_column(texts: list[str]) -> CellArray:
    cell = _cell_row(texts)
    return CellArray(cell.data.reshape(-1, 1))


def properties(table: Table) -> StructArray:
    """``T.Properties``: a TableProperties value (a struct-like value of that class)."""
    empty_cell = CellArray(np.empty((0, 0), dtype=object))
    values = {
        "Description": CharArray.from_str(table.description) if table.description else
        CharArray(np.zeros((0, 0), dtype=np.uint16)),
        "UserData": table.user_data,
        "DimensionNames": _cell_row(list(table.dimension_names)),
        "VariableNames": _cell_row(table.names),
        "VariableDescriptions": empty_cell if table.descriptions is None else _cell_row(table.descriptions),
        "VariableUnits": empty_cell if table.units is None else _cell_row(table.units),
        "VariableContinuity": np.zeros((0, 0)),
        "RowNames": CellArray(np.empty((0, 0), dtype=object)) if table.row_names is None else
        _cell_column(table.row_names),
        "CustomProperties": StructArray.scalar({}),
    }
    return StructArray.scalar(values, "matlab.tabular.TableProperties")


def set_properties(table: Table, props: StructArray) -> Table:
    """The table after ``T.Properties...= value`` changed the properties value ``props``."""
    values = props.data[0, 0]
    for name in props.fields:
        if name not in PROPERTY_NAMES:
            raise MatlabError("MATLAB:table:UnknownProperty", f"Unrecognized property '{name}' for class 'table'.")
    count = len(table.variables)
    names = check_names(names_arg(values["VariableNames"], "VariableNames"), count)
    rows = values["RowNames"]
    row_names = None if size_of(rows)[0] * size_of(rows)[1] == 0 else \
        check_names(names_arg(rows, "RowNames"), table.height, "RowNames")
    dims = names_arg(values["DimensionNames"], "DimensionNames")
    if len(dims) != 2:
        raise MatlabError("MATLAB:table:IncorrectNumberOfDimNames", "The DimensionNames property must contain "
                          "two names.")
    description = values["Description"]
    text = text_list(description)
    if text is None or len(text) != 1:
        raise MatlabError("MATLAB:table:InvalidDescription", "Description must be a character vector or string "
                          "scalar.")
    return replace(table, names=names, row_names=row_names, dimension_names=(dims[0], dims[1]),
                   description=text[0], user_data=values["UserData"],
                   units=_metadata(values["VariableUnits"], count, "VariableUnits"),
                   descriptions=_metadata(values["VariableDescriptions"], count, "VariableDescriptions"))


def _metadata(value: Value, count: int, what: str) -> list[str] | None:
    if size_of(value)[0] * size_of(value)[1] == 0:
        return None
    texts = names_arg(value, what)
    if len(texts) != count:
        raise MatlabError(f"MATLAB:table:IncorrectNumberOf{what}", f"The {what} property must contain one "
                          "entry for each variable in the table.")
    return texts
