"""Cell and struct builtins: cell, struct, fieldnames, isfield, rmfield, setfield, getfield, cell2mat,
num2cell, struct2cell and deal. cellfun and arrayfun live in funcall.py."""
from __future__ import annotations

import numpy as np

from ..categoricals import CategoricalArray
from ..errors import MatlabError
from ..indexing import MAGIC_COLON, assign, check_field_name, index
from ..times import TimeArray
from ..values import (CellArray, CharArray, FunctionHandle, StringArray, StructArray, Value, class_of,
                      normalize_shape, simplify, size_of, to_array)
from .registry import builtin
from .sizes import real_values, size_from_args
from .textutil import cell_value, char_value, text_arg, texts_of


def element(value: Value, k: int) -> Value:
    """Element k (0-based, column-major) of any value, as a 1x1 value of the same class."""
    t = type(value)
    if t in (float, bool, complex, FunctionHandle):
        return value
    if t is np.ndarray:
        return simplify(value.ravel(order="F")[k:k + 1].reshape(1, 1))
    if t is CharArray:
        return CharArray(value.codes.ravel(order="F")[k:k + 1].reshape(1, 1))
    if isinstance(value, TimeArray) or t is CategoricalArray:
        return value.like(value.data.ravel(order="F")[k:k + 1].reshape(1, 1))
    if t is StructArray:
        data = np.empty((1, 1), dtype=object)
        data[0, 0] = value.data.ravel(order="F")[k]
        return StructArray(list(value.fields), data, value.classname)
    data = np.empty((1, 1), dtype=object)
    data[0, 0] = value.data.ravel(order="F")[k]
    return type(value)(data)


@builtin("cell", family="cells")
def cell(*args):
    """cell(n), cell(m, n, ...), cell([m n ...])  a cell array of empty matrices.

    Negative sizes count as 0; every element starts as the 0x0 double [].

        c = cell(2, 3);   % 2x3 cell, each element []
    """
    return CellArray.empty(size_from_args(list(args), "cell"))


# -- structs ----------------------------------------------------------------------------------------

def _require_struct(s: Value, fname: str) -> StructArray:
    if type(s) is not StructArray:
        raise MatlabError(f"MATLAB:{fname}:InvalidInput",
                          f"Invalid input argument of type '{class_of(s)}'. Input must be a structure.")
    return s


def _field_name(value: Value, fname: str) -> str:
    return text_arg(value, fname, "Field name")


def struct_value(fields: list[str], records: list[dict], shape: tuple[int, ...],
                 classname: str = "struct") -> StructArray:
    """A struct array of ``shape`` from per-element dicts (column-major), each with exactly ``fields``."""
    data = np.empty(len(records), dtype=object)
    data[:] = records
    return StructArray(list(fields), data.reshape(shape, order="F"), classname)


@builtin("struct", family="cells")
def struct(*args):
    """struct(field1, value1, ..., fieldN, valueN)  create a struct or struct array.

    struct() is a scalar struct with no fields and struct([]) a 0x0 one. A cell array value spreads
    over a struct array of its size (1x1 cells give every element the same content), so
    struct('a', {1, 2}) is 1x2 and struct('a', {{1, 2}}) is scalar with a cell in field a.

        s = struct('name', 'x', 'value', 3);
    """
    if len(args) == 1 and type(args[0]) is StructArray:
        return args[0]
    if len(args) == 1 and type(args[0]) is np.ndarray and args[0].size == 0:
        return StructArray([], np.empty((0, 0), dtype=object))
    if len(args) % 2:
        raise MatlabError("MATLAB:struct:FieldsAndValuesMustComeInPairs" if len(args) > 1 else
                          "MATLAB:struct:InvalidInput", "Field and value input arguments must come in pairs.")
    names = [check_field_name(_field_name(args[k], "struct")) for k in range(0, len(args), 2)]
    if len(set(names)) != len(names):
        raise MatlabError("MATLAB:struct:DuplicateFieldName", "Duplicate field names are not allowed.")
    values = list(args[1::2])
    shapes = {v.shape for v in values if type(v) is CellArray and v.data.size != 1}
    if len(shapes) > 1:
        raise MatlabError("MATLAB:struct:dimensionMismatch",
                          "Array dimensions of cell array values must match (or be 1x1).")
    shape = shapes.pop() if shapes else (1, 1)
    count = int(np.prod(shape))
    columns = [_spread(v, count) for v in values]
    records = [{n: col[k] for n, col in zip(names, columns)} for k in range(count)]
    return struct_value(names, records, shape)


def _spread(value: Value, count: int) -> list[Value]:
    if type(value) is not CellArray:
        return [value] * count
    flat = value.data.ravel(order="F")
    return [flat[0]] * count if flat.size == 1 else list(flat)


@builtin("fieldnames", family="cells")
def fieldnames(s):
    """fieldnames(S)  the field names of a struct, as a column cell array of char.

    Also works on objects modelled as structs, such as MException values.

        fieldnames(struct('a', 1, 'b', 2))   % {'a'; 'b'}
    """
    fields = _require_struct(s, "fieldnames").fields
    return cell_value([char_value(f) for f in fields], (len(fields), 1))


@builtin("isfield", family="cells")
def isfield(s, names):
    """isfield(S, name)  true if struct S has the field; with a cell array of names, a logical array.

    A non-struct S gives false.

        isfield(struct('a', 1), {'a', 'b'})   % [1 0]
    """
    fields = set(s.fields) if type(s) is StructArray else set()
    if type(names) is CellArray:
        flags = [type(v) is CharArray and v.to_str() in fields for v in names.data.ravel(order="F")]
        return simplify(np.array(flags, dtype=np.bool_).reshape(names.shape, order="F"))
    if type(names) is StringArray and names.data.size != 1:
        flags = [v in fields for v in names.data.ravel(order="F")]
        return simplify(np.array(flags, dtype=np.bool_).reshape(names.shape, order="F"))
    if type(names) not in (CharArray, StringArray):
        return False
    return text_arg(names, "isfield") in fields


@builtin("rmfield", family="cells")
def rmfield(s, names):
    """rmfield(S, field) or rmfield(S, {f1, f2, ...})  remove fields from a struct array.

    Every named field must exist; the remaining fields keep their order.

        rmfield(struct('a', 1, 'b', 2), 'a')   % struct with field b
    """
    s = _require_struct(s, "rmfield")
    drop = [n for n in texts_of(names, "rmfield").items if n is not None]
    for name in drop:
        if name not in s.fields:
            raise MatlabError("MATLAB:rmfield:InvalidFieldname", f"A field named '{name}' doesn't exist.")
    keep = [f for f in s.fields if f not in drop]
    records = [{f: rec[f] for f in keep} for rec in s.data.ravel(order="F")]
    return struct_value(keep, records, s.shape, s.classname)


def _get(s: Value, name: str) -> Value:
    if type(s) is not StructArray or name not in s.fields:
        raise MatlabError("MATLAB:nonExistentField", f'Unrecognized field name "{name}".')
    if s.data.size == 0:
        raise MatlabError("MATLAB:index:expected_one_output_from_expression",
                          "Expected one output from a curly brace or dot indexing expression, but there "
                          "were 0 results.")
    return s.data.ravel(order="F")[0][name]


def _path(args: tuple, fname: str) -> list[tuple[str, object]]:
    """getfield/setfield arguments as an indexing path: a cell {i, j} is ('()', [i, j]), a name is
    ('.', name)."""
    return [("()", list(a.data.ravel(order="F"))) if type(a) is CellArray else (".", _field_name(a, fname))
            for a in args]


@builtin("getfield", family="cells")
def getfield(s, *fields):
    """getfield(S, field1, ..., fieldN), getfield(S, {i, j}, field, {k}, ...)  a (nested) field's value.

    Names go down the fields (S.field1.field2); a cell of subscripts between them indexes the value
    reached so far, as S(i, j).field(k) does. For a struct array without subscripts the first element is
    used.

        getfield(struct('a', struct('b', 5)), 'a', 'b')   % 5
        getfield(struct('v', [4 5 6]), 'v', {2})           % 5
    """
    if not fields:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    value = s
    for kind, arg in _path(fields, "getfield"):
        value = index(value, arg) if kind == "()" else _get(value, arg)
    return value


@builtin("setfield", family="cells")
def setfield(s, *args):
    """setfield(S, field1, ..., fieldN, value), setfield(S, {i, j}, field, {k}, ..., value)  set a field.

    Returns S with S.field1...fieldN (or S(i, j).field(k)...) set to value; missing fields are created.

        s = setfield(struct(), 'a', 1);           % s.a == 1
        s = setfield(s, 'a', {3}, 7);             % s.a == [1 0 7]
    """
    if len(args) < 2:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    path = _path(args[:-1], "setfield")
    if type(s) is not StructArray and not (type(s) is np.ndarray and s.size == 0) and path[0][0] == ".":
        raise MatlabError("MATLAB:setfield:InvalidInput", "Input must be a structure.")
    for kind, name in path:
        if kind == ".":
            check_field_name(name)
    return assign(s, path, args[-1])


# -- conversions ------------------------------------------------------------------------------------

_CONCATENABLE = ("double", "single", "logical", "char", "int8", "int16", "int32", "int64",
                 "uint8", "uint16", "uint32", "uint64")


@builtin("cell2mat", family="cells")
def cell2mat(c):
    """cell2mat(C)  concatenate the contents of a cell array into one array.

    Every element must have the same class (numeric, logical or char); each row of C is joined
    horizontally and the rows vertically, so the pieces must fit like a block matrix (N-D pieces too,
    their sizes past the second agreeing).

        cell2mat({[1 2], 3; [4 5], 6})   % [1 2 3; 4 5 6]
    """
    if type(c) is not CellArray:
        raise MatlabError("MATLAB:cell2mat:InvalidInput", "Input must be a cell array.")
    if c.data.size == 0:
        return np.zeros((0, 0))
    if c.data.ndim > 2:
        raise MatlabError("MATLAB:cell2mat:UnsupportedDims", "cell2mat supports 2-D cell arrays only.")
    classes = {class_of(v) for v in c.data.flat}
    if not classes <= set(_CONCATENABLE):
        raise MatlabError("MATLAB:cell2mat:UnsupportedCellContent",
                          "cell2mat does not support cell arrays containing cell arrays, structs or objects.")
    if len(classes) > 1:
        raise MatlabError("MATLAB:cell2mat:MixedDataTypes",
                          "All contents of the input cell array must be of the same data type.")
    blocks = [[v.codes if type(v) is CharArray else to_array(v) for v in row] for row in c.data]
    ndim = max(b.ndim for row in blocks for b in row)
    blocks = [[b.reshape(b.shape + (1,) * (ndim - b.ndim)) for b in row] for row in blocks]
    try:
        arr = np.concatenate([np.concatenate(row, axis=1) for row in blocks], axis=0)
    except ValueError:
        raise MatlabError("MATLAB:catenate:dimensionMismatch",
                          "Dimensions of arrays being concatenated are not consistent.") from None
    arr = arr.reshape(normalize_shape(arr.shape))
    if classes == {"char"}:
        return CharArray(arr)
    return arr.item() if arr.shape == (1, 1) and arr.dtype in (np.float64, np.bool_) else arr


@builtin("num2cell", family="cells")
def num2cell(a, dims=None):
    """num2cell(A), num2cell(A, dims)  a cell array holding the elements (or slices) of A.

    Works for numeric, logical, char, string, struct and cell arrays; each element becomes a 1x1 value
    of the same class. With dims, the dimensions listed are kept whole: num2cell(A, 1) holds the
    columns of A in a 1-by-n cell, num2cell(A, 2) its rows in an m-by-1 cell.

        num2cell([1 2 3])      % {1, 2, 3}
        num2cell([1 2; 3 4], 1)   % {[1; 3], [2; 4]}
    """
    if dims is not None:
        return _slices(a, dims)
    shape = size_of(a)
    if type(a) is np.ndarray and a.dtype.kind in "fbc" and a.dtype.itemsize in (1, 8, 16) \
            and a.dtype != np.complex64:
        flat = a.ravel(order="F")       # double, logical, complex double: Python scalars (fast path)
        items = flat.tolist() if a.dtype.kind != "c" else [z if z.imag else z.real for z in flat.tolist()]
        return cell_value(items, shape)
    return cell_value([element(a, k) for k in range(int(np.prod(shape)))], shape)


def _slices(a: Value, dims: Value) -> CellArray:
    """num2cell(A, dims): one cell per position of the dimensions not in dims."""
    listed = real_values(dims, "num2cell", "Dimensions").ravel()
    if not listed.size or np.any(~np.isfinite(listed) | (listed < 1) | (listed != np.floor(listed))) \
            or listed.max() > 32:
        raise MatlabError("MATLAB:num2cell:InvalidDimension", "Dimensions must be positive integers.")
    keep = sorted({int(d) - 1 for d in listed})
    shape = size_of(a)
    ndim = max(len(shape), keep[-1] + 1)
    full = tuple(shape) + (1,) * (ndim - len(shape))
    out_shape = tuple(1 if k in keep else n for k, n in enumerate(full))
    items = []
    for position in np.ndindex(*out_shape[::-1]):
        position = position[::-1]
        subs = [MAGIC_COLON if k in keep else float(position[k] + 1) for k in range(ndim)]
        items.append(index(a, subs))
    return cell_value(items, normalize_shape(out_shape))


@builtin("struct2cell", family="cells")
def struct2cell(s):
    """struct2cell(S)  the field values of a struct as a cell array.

    For a scalar struct the result is a column (one row per field); for an m-by-n struct array it is
    numFields-by-m-by-n.

        struct2cell(struct('a', 1, 'b', 'x'))   % {1; 'x'}
    """
    s = _require_struct(s, "struct2cell")
    shape = (len(s.fields),) + s.shape
    out = np.empty(shape, dtype=object)
    for position in np.ndindex(*s.shape):
        record = s.data[position]
        for f, name in enumerate(s.fields):
            out[(f,) + position] = record[name]
    return CellArray(out.reshape(normalize_shape(shape), order="F"))


@builtin("deal", family="cells")
def deal(*args, nargout=1):
    """[A1, ..., An] = deal(X1, ..., Xn) or deal(X)  copy inputs to outputs.

    With one input every output gets a copy of it; otherwise there must be one input per output.

        [a, b] = deal(1, 2);   % a = 1, b = 2
    """
    count = max(nargout, 1)
    if len(args) == 1:
        return tuple(args * count) if count > 1 else args[0]
    if len(args) != count:
        raise MatlabError("MATLAB:deal:narginchk", "The number of outputs should match the number of inputs.")
    return tuple(args) if count > 1 else args[0]


@builtin("mat2cell", family="cells")
def mat2cell(a, *sizes):
    """mat2cell(A, r), mat2cell(A, r, c), mat2cell(A, d1, ..., dn)  cut an array into a cell array of blocks.

    r lists the heights of the blocks (they add up to size(A, 1)), c their widths (adding up to
    size(A, 2); left out, every block is A's full width); likewise for more dimensions. Block {i, j} is
    A(rows of block i, columns of block j), of A's class.

        mat2cell(magic(4), [1 3], [2 2])   % 2x2 cell: 1x2, 1x2, 3x2, 3x2 blocks
    """
    if not sizes:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    shape = size_of(a)
    ndim = max(len(shape), len(sizes))
    full = tuple(shape) + (1,) * (ndim - len(shape))
    parts = [real_values(v, "mat2cell", "Block sizes").ravel() for v in sizes]
    parts += [np.array([float(n)]) for n in full[len(parts):]]
    for d, (lengths, n) in enumerate(zip(parts, full)):
        if np.any((lengths < 0) | (lengths != np.floor(lengths))) or lengths.sum() != n:
            raise MatlabError("MATLAB:mat2cell:DimensionMismatch",
                              f"Input arguments, D1 through D{ndim}, must sum to each dimension of the input "
                              f"matrix size, [{' '.join(str(k) for k in full)}].")
    starts = [np.concatenate(([0], np.cumsum(p)[:-1])).astype(int) for p in parts]
    counts = tuple(len(p) for p in parts)
    items = []
    for block in np.ndindex(*counts[::-1]):
        block = block[::-1]
        subs = [np.arange(starts[d][k] + 1, starts[d][k] + parts[d][k] + 1, dtype=np.float64).reshape(1, -1)
                for d, k in enumerate(block)]
        items.append(index(a, subs))
    return cell_value(items, normalize_shape(counts))
