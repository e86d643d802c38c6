"""Struct arrays from cells and back in another order: cell2struct and orderfields."""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..indexing import check_field_name
from ..values import CellArray, CharArray, StructArray, Value, class_of, normalize_shape, size_of
from .cells import struct_value
from .registry import builtin
from .sizes import clamp_axis, count_value, real_values
from .textutil import texts_of


def _field_names(fields: Value, fname: str) -> list[str]:
    if type(fields) is CharArray and fields.codes.size and fields.shape[0] > 1:
        names = [row.rstrip() for row in fields.rows()]
    else:
        names = [n or "" for n in texts_of(fields, fname).items]
    return [check_field_name(n) for n in names]


@builtin("cell2struct", family="cells")
def cell2struct(c, fields, dim=1.0):
    """cell2struct(C, fields, dim)  a struct array whose fields hold the cells of C along dimension dim.

    fields (a cell array of char, a string array or a char matrix) names size(C, dim) fields; the struct
    array has C's size without dimension dim (an m-by-n C gives an n-by-1 struct for dim 1 and an
    m-by-1 struct for dim 2). dim defaults to 1.

        s = cell2struct({1; 'x'}, {'a', 'b'}, 1);   % s.a = 1, s.b = 'x'
    """
    if type(c) is not CellArray:
        raise MatlabError("MATLAB:cell2struct:ArgumentMustBeCell", "First argument must be a cell array.")
    names = _field_names(fields, "cell2struct")
    shape = size_of(c)
    axis = clamp_axis(_dimension(dim), len(shape))
    shape = shape + (1,) * (axis + 1 - len(shape))
    if len(names) != shape[axis]:
        raise MatlabError("MATLAB:cell2struct:InvalidNumberOfFields",
                          "Number of field names must match number of fields in new structure.")
    if len(set(names)) != len(names):
        raise MatlabError("MATLAB:cell2struct:DuplicateFieldNames", "Field names must be unique.")
    data = np.moveaxis(c.data.reshape(shape, order="F"), axis, 0)
    rest = data.shape[1:]
    out_shape = normalize_shape(rest + (1,) if len(rest) == 1 else rest)
    columns = data.reshape(len(names), int(np.prod(rest)), order="F")
    records = [dict(zip(names, columns[:, k])) for k in range(columns.shape[1])]
    return struct_value(names, records, out_shape)


def _dimension(dim: Value) -> int:
    number = count_value(dim, "cell2struct", "Dimension")
    if number < 1:
        raise MatlabError("MATLAB:cell2struct:InvalidDimension", "Dimension must be a positive integer.")
    return int(number) - 1


@builtin("orderfields", family="cells")
def orderfields(s, order=None, nargout=1):
    """[S, perm] = orderfields(S1), orderfields(S1, S2), orderfields(S1, names), orderfields(S1, perm)

    S1 with its fields reordered: alphabetically (ASCII order, uppercase before lowercase), like the
    fields of struct S2, in the order of a cell array of names, or by a permutation vector. perm is the
    column of old positions of the new fields.

        s = orderfields(struct('b', 1, 'a', 2));   % fields a, b
    """
    if type(s) is not StructArray:
        raise MatlabError("MATLAB:orderfields:InvalidInput",
                          f"Invalid input argument of type '{class_of(s)}'. Input must be a structure.")
    current = list(s.fields)
    if order is None:
        new = sorted(current)
    elif type(order) is StructArray:
        new = list(order.fields)
    elif isinstance(order, (CharArray, CellArray)) or class_of(order) == "string":
        new = [n or "" for n in texts_of(order, "orderfields").items]
    else:
        positions = real_values(order, "orderfields", "The permutation").ravel()
        if sorted(positions.tolist()) != list(range(1, len(current) + 1)):
            raise MatlabError("MATLAB:orderfields:InvalidPermutation",
                              "The permutation must hold each field position once.")
        new = [current[int(k) - 1] for k in positions]
    if sorted(new) != sorted(current):
        raise MatlabError("MATLAB:orderfields:FieldsDoNotMatch",
                          "The structures or names must have the same fields as the input.")
    result = StructArray(new, s.data, s.classname)
    if nargout < 2:
        return result
    perm = np.array([[current.index(name) + 1.0] for name in new]).reshape(-1, 1)
    return result, perm
