"""Set operations: unique union intersect setdiff setxor ismember.

Each works on the elements of numeric, logical and char arrays, on the rows of matrices ('rows'), or on
texts: cell arrays of character vectors and string arrays (a char row then counts as one text; a result
is a string array when an input is one). A <missing> string equals nothing and sorts last. All of them rest on one grouping
step (``_grouping``): sort the elements stably, mark where each differs from the one before, and number
the groups. NaN never equals anything, so every NaN is its own group (unique keeps all NaNs, ismember
never finds one). Outputs are sorted unless 'stable' asks for order of first appearance; index outputs are
1-based column vectors, pointing at first occurrences (MATLAB's behaviour since R2013a).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import MatlabError
from ..semantics import cast_result, result_class, to_value
from ..values import CellArray, CharArray, StringArray, Value, class_of, size_of
from .arrays import ascending_order, cell_of, cell_texts, is_cellstr
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin
from .sizes import numeric_array, option_text


@dataclass
class Items:
    """The elements a set operation compares: numbers (1-d array), rows (2-d array) or texts (list;
    None is a <missing> string); ``strings`` when text results are string arrays."""
    kind: str
    data: np.ndarray | list[str | None]
    strings: bool = False

    def __len__(self) -> int:
        return len(self.data)

    def take(self, positions: np.ndarray) -> "Items":
        if self.kind == "texts":
            return Items("texts", [self.data[k] for k in positions], self.strings)
        return Items(self.kind, self.data[positions])

    def concat(self, other: "Items") -> "Items":
        if self.kind == "texts":
            return Items("texts", list(self.data) + list(other.data), self.strings or other.strings)
        return Items(self.kind, np.concatenate([self.data, other.data]))

    def sorted_order(self) -> tuple[np.ndarray, np.ndarray]:
        """A stable sorting permutation, and where each sorted element differs from its predecessor."""
        if self.kind == "texts":
            key = [(x is None, x or "") for x in self.data]
            order = np.array(sorted(range(len(self.data)), key=key.__getitem__), dtype=np.intp)
            ordered = [self.data[k] for k in order]
            return order, np.array([x != y or x is None for x, y in zip(ordered[1:], ordered[:-1])], dtype=bool)
        if self.kind == "rows":
            columns = [self.data[:, j] for j in range(self.data.shape[1])][::-1]
            order = np.lexsort(columns) if columns else np.arange(len(self.data))
            ordered = self.data[order]
            differs = (ordered[1:] != ordered[:-1]).any(axis=1) if len(ordered) else np.zeros(0, bool)
            return order, differs
        order = ascending_order(self.data, 0)
        ordered = self.data[order]
        differs = ordered[1:] != ordered[:-1]
        if ordered.dtype.kind in "fc":
            differs |= np.isnan(ordered[1:])
        return order, differs


def _grouping(items: Items, stable: bool = False, last: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Representatives (0-based positions: first occurrences, or last with ``last``) of the distinct
    elements in output order (sorted, or by first appearance with ``stable``), and the output position of
    every element."""
    order, differs = items.sorted_order()
    if not len(items):
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    starts = np.concatenate([[True], differs])
    group = np.empty(len(items), dtype=np.intp)
    group[order] = np.cumsum(starts) - 1
    firsts = order[starts]
    reps = order[np.concatenate([differs, [True]])] if last else firsts
    if stable:
        appearance = np.argsort(firsts, kind="stable")
        rank = np.empty_like(appearance)
        rank[appearance] = np.arange(appearance.size)
        reps, group = reps[appearance], rank[group]
    return reps, group


@dataclass
class Options:
    stable: bool = False
    rows: bool = False
    last: bool = False


def _options(fname: str, args: tuple[Value, ...], allowed: tuple[str, ...]) -> Options:
    opts = Options()
    for arg in args:
        word = (option_text(arg) or "").lower()
        if word not in allowed:
            raise MatlabError(f"MATLAB:{fname.upper()}:UnknownInput",
                              f"Unknown option for {fname}: use {', '.join(repr(w) for w in allowed)}.")
        if word in ("stable", "sorted"):
            opts.stable = word == "stable"
        elif word == "rows":
            opts.rows = True
        elif word in ("first", "last"):
            opts.last = word == "last"
    return opts


def _items(value: Value, fname: str, rows: bool, texts: str | None) -> Items:
    """The elements of an argument; ``texts`` ("cell" or "string", see _text_kind) when the operation
    compares texts."""
    if texts:
        strings = texts == "string"
        if type(value) is StringArray:
            return Items("texts", list(value.data.ravel(order="F")), strings)
        if is_cellstr(value):
            return Items("texts", cell_texts(value), strings)
        if option_text(value) is not None:
            return Items("texts", [option_text(value)], strings)
        raise MatlabError(f"MATLAB:{fname}:InputClass", "Cell array inputs must be cell arrays of "
                          "character vectors, combined with cell arrays of character vectors or text.")
    check_classes(fname, (value,), ANY_NUMERIC)
    arr = numeric_array(value, fname)
    if rows:
        if arr.ndim != 2:
            raise MatlabError(f"MATLAB:{fname}:NotAMatrix", "Inputs must be 2-D matrices with the 'rows' "
                              "option.")
        return Items("rows", arr)
    return Items("numbers", arr.ravel(order="F"))


def _text_kind(*values: Value) -> str | None:
    """"string" when an argument is a string array, "cell" when one is a cell array, else None."""
    types = {type(v) for v in values}
    return "string" if StringArray in types else "cell" if CellArray in types else None


def _is_row(value: Value) -> bool:
    shape = size_of(value)
    return len(shape) == 2 and shape[0] == 1


def _result(items: Items, cls: str, row: bool) -> Value:
    """The engine value of a set result: a cell of texts, a matrix of rows, or a row/column of numbers."""
    n = len(items)
    if items.kind == "texts":
        shape = (1, n) if row else (n, 1)
        if items.strings:
            return StringArray(np.array(list(items.data) or [], dtype=object).reshape(shape))
        return cell_of(list(items.data), shape)
    data = items.data if items.kind == "rows" else items.data.reshape((1, n) if row else (n, 1))
    if cls == "char":
        return CharArray(data.astype(np.uint16))
    return to_value(cast_result(data, cls))


def _pair_class(a: Value, b: Value) -> str:
    ca, cb = class_of(a), class_of(b)
    return ca if ca == cb else result_class(a, b)


def _index_column(positions: np.ndarray) -> Value:
    return to_value(positions.reshape(-1, 1).astype(np.float64) + 1)


@builtin("unique", family="set")
def unique(a: Value, *args: Value, nargout: int = 1) -> Value:
    """unique(A), unique(A, 'stable'), unique(A, 'rows'), unique(..., 'last'), [C, ia, ic] = unique(...)

    The distinct values of A, sorted (or in order of first appearance with 'stable'), as a row if A is a
    row vector and a column otherwise; with 'rows' the distinct rows of a matrix. C = A(ia) and
    A = C(ic); ia holds the first occurrence of each value ('last': the last). NaN values are all
    distinct. Works on numeric, logical and char arrays, cell arrays of character vectors and string arrays.

        [c, ia, ic] = unique([3 1 3 2])    % c = [1 2 3], ia = [2; 4; 1], ic = [3; 1; 3; 2]
    """
    opts = _options("unique", args, ("sorted", "stable", "rows", "first", "last"))
    if opts.rows and _text_kind(a):
        raise MatlabError("MATLAB:UNIQUE:RowsFlagAllowedForCellstr", "'rows' is not supported for cell "
                          "arrays of character vectors.")
    items = _items(a, "unique", opts.rows, _text_kind(a))
    reps, group = _grouping(items, opts.stable, opts.last)
    value = _result(items.take(reps), class_of(a), _is_row(a))
    if items.kind == "numbers" and size_of(a) == (0, 0):
        value = CharArray(value.codes.reshape(0, 0)) if type(value) is CharArray else value.reshape(0, 0)
    return (value, _index_column(reps), _index_column(group))[:max(nargout, 1)]


def _membership(a: Items, s: Items) -> tuple[np.ndarray, np.ndarray]:
    """For each element of ``a``: whether ``s`` holds it, and the lowest such position in ``s``."""
    reps, group = _grouping(s.concat(a))
    first = reps[group[len(s):]]
    found = first < len(s)
    return found, np.where(found, first, -1)


@builtin("ismember", family="set")
def ismember(a: Value, s: Value, *args: Value, nargout: int = 1) -> Value:
    """tf = ismember(A, S), [tf, loc] = ismember(A, S), ismember(A, S, 'rows')

    True for each element of A found in S (NaN is never found), and with a second output the lowest
    index in S of each found element (0 where not found). With 'rows', rows of A are looked up among the
    rows of S and the results are column vectors. For text, A may be a character vector or a cell array
    of them and S a cell array of character vectors.

        [tf, loc] = ismember([1 5 2], [2 2 1])    % tf = [1 0 1], loc = [3 0 1]
    """
    opts = _options("ismember", args, ("rows",))
    texts = _text_kind(a, s)
    found, where = _membership(_items(a, "ismember", opts.rows, texts),
                               _items(s, "ismember", opts.rows, texts))
    if opts.rows:
        shape = (len(found), 1)
    elif texts and option_text(a) is not None:
        shape = (1, 1)
    else:
        shape = size_of(a)
    tf = to_value(found.reshape(shape, order="F"))
    loc = to_value((where + 1.0).reshape(shape, order="F"))
    return (tf, loc)[:max(nargout, 1)]


def _two_sets(fname: str, a: Value, b: Value, args: tuple[Value, ...]) -> tuple[Items, Items, Options]:
    """The elements of A and B and the options. Numbers of two classes are compared in the class of the
    result, as MATLAB concatenates them: union(int8(1), 0.6) holds one 1."""
    opts = _options(fname, args, ("sorted", "stable", "rows"))
    texts = _text_kind(a, b)
    items = [_items(v, fname, opts.rows, texts) for v in (a, b)]
    if not texts and class_of(a) != class_of(b):
        cls = _pair_class(a, b)
        items = [Items(i.kind, cast_result(i.data, cls)) for i in items]
    return items[0], items[1], opts


def _row_result(a: Value, b: Value) -> bool:
    """Set results of two inputs are rows when both inputs are row vectors, else columns."""
    return _is_row(a) and _is_row(b)


def _output(items: Items, picked: Items, a: Value, b: Value) -> Value:
    cls = "cell" if items.kind == "texts" else _pair_class(a, b)
    return _result(picked, cls, _row_result(a, b))


def _value_order(positions: np.ndarray, items: Items, stable: bool) -> np.ndarray:
    """Permutation putting the distinct elements at ``positions`` (given in order of appearance) in
    sorted order, or leaving them in order of appearance for 'stable'."""
    if stable or not positions.size:
        return np.arange(positions.size)
    order, _ = items.take(positions).sorted_order()
    return order


@builtin("union", family="set")
def union(a: Value, b: Value, *args: Value, nargout: int = 1) -> Value:
    """union(A, B), union(A, B, 'stable'), union(A, B, 'rows'), [C, ia, ib] = union(...)

    The values in A or B without repetitions, sorted (or in order of appearance, A first, with 'stable').
    C is a row if A and B are row vectors and a column otherwise. C is made of A(ia) and of B(ib) for the
    values that are only in B.

        union([3 1], [2 1])    % 1 2 3
    """
    ia_items, ib_items, opts = _two_sets("union", a, b, args)
    both = ia_items.concat(ib_items)
    reps, _ = _grouping(both, opts.stable)
    value = _output(both, both.take(reps), a, b)
    in_a = reps < len(ia_items)
    return (value, _index_column(reps[in_a]), _index_column(reps[~in_a] - len(ia_items)))[:max(nargout, 1)]


@builtin("intersect", family="set")
def intersect(a: Value, b: Value, *args: Value, nargout: int = 1) -> Value:
    """intersect(A, B), intersect(A, B, 'stable'), intersect(A, B, 'rows'), [C, ia, ib] = intersect(...)

    The values common to A and B without repetitions, sorted (or in order of appearance in A with
    'stable'), with C = A(ia) and C = B(ib) (first occurrences). C is a row if A and B are row vectors.

        [c, ia, ib] = intersect([5 1 3], [3 5 7])    % c = [3 5], ia = [3; 1], ib = [1; 2]
    """
    items_a, items_b, opts = _two_sets("intersect", a, b, args)
    reps, _ = _grouping(items_a, stable=True)
    found, where = _membership(items_a.take(reps), items_b)
    keep, loc = reps[found], where[found]
    order = _value_order(keep, items_a, opts.stable)
    keep, loc = keep[order], loc[order]
    value = _output(items_a, items_a.take(keep), a, b)
    return (value, _index_column(keep), _index_column(loc))[:max(nargout, 1)]


@builtin("setdiff", family="set")
def setdiff(a: Value, b: Value, *args: Value, nargout: int = 1) -> Value:
    """setdiff(A, B), setdiff(A, B, 'stable'), setdiff(A, B, 'rows'), [C, ia] = setdiff(...)

    The values of A that are not in B, without repetitions, sorted (or in order of appearance with
    'stable'), with C = A(ia). C is a row if A and B are row vectors.

        setdiff([5 1 3 1], [3])    % 1 5
    """
    items_a, items_b, opts = _two_sets("setdiff", a, b, args)
    reps, _ = _grouping(items_a, stable=True)
    found, _ = _membership(items_a.take(reps), items_b)
    keep = reps[~found]
    keep = keep[_value_order(keep, items_a, opts.stable)]
    return (_output(items_a, items_a.take(keep), a, b), _index_column(keep))[:max(nargout, 1)]


@builtin("setxor", family="set")
def setxor(a: Value, b: Value, *args: Value, nargout: int = 1) -> Value:
    """setxor(A, B), setxor(A, B, 'stable'), setxor(A, B, 'rows'), [C, ia, ib] = setxor(...)

    The values in exactly one of A and B, without repetitions, sorted (or in order of appearance, A
    first, with 'stable'). C is made of A(ia) and B(ib). C is a row if A and B are row vectors.

        setxor([1 2 3], [3 4])    % 1 2 4
    """
    items_a, items_b, opts = _two_sets("setxor", a, b, args)
    reps_a, _ = _grouping(items_a, stable=True)
    reps_b, _ = _grouping(items_b, stable=True)
    only_a = reps_a[~_membership(items_a.take(reps_a), items_b)[0]]
    only_b = reps_b[~_membership(items_b.take(reps_b), items_a)[0]]
    both = items_a.concat(items_b)
    picked = np.concatenate([only_a, only_b + len(items_a)])
    picked = picked[_value_order(picked, both, opts.stable)]
    in_a = picked < len(items_a)
    value = _output(both, both.take(picked), a, b)
    return (value, _index_column(picked[in_a]), _index_column(picked[~in_a] - len(items_a)))[:max(nargout, 1)]
