"""categorical: MATLAB's arrays of values from a finite set of named categories.

    CategoricalArray   data: category codes (float64, MATLAB's size; 1 is the first category, NaN is
                       <undefined>), cats: the category names in their order, ordinal: whether the
                       order is mathematical (< and > compare by it), protected: whether assignment
                       is refused new categories (an ordinal array always is)

A value (MATLAB value semantics, never changed in place) like datetime and duration (times.py):
indexing, deletion, growth (new elements <undefined>), sorting and grouping work on ``data`` (the codes
sort in category order and <undefined> behaves as NaN does), and ``like`` rebuilds an array of the same
categories. What needs the names goes through the functions here: ``codes_for`` (text or another
categorical as codes of an array, adding categories where it may), ``join`` (the categories of a
concatenation), ``texts`` (the names of the elements). The operators are in ``route`` below; the
builtins (categorical, categories, addcats, countcats, summary...) in builtins/categoricals.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .errors import MatlabError
from .semantics import broadcast_shape, expand_dims
from .values import CellArray, CharArray, StringArray, Value, as_matrix, class_of, simplify

UNDEFINED = "<undefined>"


@dataclass(eq=False)
class CategoricalArray:
    data: np.ndarray
    cats: tuple[str, ...]
    ordinal: bool = False
    protected: bool = False
    matlab_class = "categorical"

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape

    def like(self, data: np.ndarray) -> "CategoricalArray":
        """An array of these categories holding the codes ``data`` (already in MATLAB shape)."""
        return CategoricalArray(np.asarray(data, dtype=np.float64), self.cats, self.ordinal, self.protected)

    def with_cats(self, data: np.ndarray, cats: tuple[str, ...]) -> "CategoricalArray":
        return CategoricalArray(np.asarray(data, dtype=np.float64), tuple(cats), self.ordinal, self.protected)

    def texts(self) -> list[str | None]:
        """The category name of each element, column-major; None where <undefined>."""
        names = np.empty(len(self.cats) + 1, dtype=object)
        names[1:] = self.cats
        flat = self.data.ravel(order="F")
        return names[np.where(np.isnan(flat), 0, flat).astype(np.intp)].tolist()


def is_categorical(value: Value) -> bool:
    return type(value) is CategoricalArray


def text_items(value: Value) -> tuple[list[str | None], tuple[int, ...]] | None:
    """The texts of a char row (one element), string array or cell array of char rows, column-major,
    trimmed of leading and trailing white space as categorical reads them ('', <missing> and the name
    '<undefined>' are None); None for any other value."""
    t = type(value)
    if t is CharArray and (value.codes.size == 0 or value.shape[0] == 1):
        items, shape = [value.to_str()], (1, 1)
    elif t is StringArray:
        items, shape = list(value.data.ravel(order="F")), value.shape
    elif t is CellArray and all(type(v) is CharArray and (v.codes.size == 0 or v.shape[0] == 1)
                                for v in value.data.flat):
        items, shape = [v.to_str() for v in value.data.ravel(order="F")], value.shape
    else:
        return None
    trimmed = [None if s is None else s.strip() for s in items]
    return [s if s and s != UNDEFINED else None for s in trimmed], shape


def codes_of(names: list[str | None], cats: tuple[str, ...]) -> np.ndarray:
    """Codes (NaN for None and for names that are no category) of ``names`` in ``cats``."""
    index = {c: k + 1.0 for k, c in enumerate(cats)}
    return np.array([np.nan if n is None else index.get(n, np.nan) for n in names], dtype=np.float64)


def not_protected(c: CategoricalArray, names) -> MatlabError:
    kind = "an ordinal" if c.ordinal else "a protected"
    missing = next(n for n in names if n is not None and n not in c.cats)
    return MatlabError("MATLAB:categorical:ProtectedForAssign",
                       f"Unable to use '{missing}': it is not a category of {kind} categorical array. Use "
                       "ADDCATS to add it first.")


def codes_for(base: CategoricalArray, value: Value) -> tuple[np.ndarray, tuple[str, ...]]:
    """``value`` (a categorical, or text) as codes of ``base``'s categories in its shape, and the
    categories with those it brings added at the end (a protected ``base`` takes none: MATLAB's error).
    Anything else is MATLAB's conversion error."""
    if type(value) is CategoricalArray:
        if base.ordinal or value.ordinal:
            if value.cats != base.cats or value.ordinal != base.ordinal:
                raise MatlabError("MATLAB:categorical:OrdinalCategoriesMismatch", "Ordinal categorical arrays "
                                  "must have the same categories, in the same order, to be combined or compared.")
            return value.data, base.cats
        return _recode(base, value)
    found = text_items(value)
    if found is None:
        raise MatlabError("MATLAB:categorical:InvalidType", f"Unable to combine a value of type "
                          f"'{class_of(value)}' with a categorical array: use text or a categorical array.")
    names, shape = found
    new = [n for n in dict.fromkeys(names) if n is not None and n not in base.cats]
    if new and (base.protected or base.ordinal):
        raise not_protected(base, new)
    cats = base.cats + tuple(new)
    return codes_of(names, cats).reshape(shape, order="F"), cats


def _recode(base: CategoricalArray, value: CategoricalArray) -> tuple[np.ndarray, tuple[str, ...]]:
    """The codes of the categorical ``value`` in ``base``'s categories, to which all of ``value``'s are
    added (a protected ``base`` takes none: its error where an element names one)."""
    if value.cats == base.cats:
        return value.data, base.cats
    new = [n for n in value.cats if n not in base.cats]
    if new and base.protected:
        used = set(value.texts())
        if any(n in used for n in new):
            raise not_protected(base, [n for n in new if n in used])
        new = []
    cats = base.cats + tuple(new)
    return translated(value, cats), cats


def translated(value: CategoricalArray, cats: tuple[str, ...]) -> np.ndarray:
    """The codes of ``value`` as codes of the categories ``cats`` (NaN where its category is not one)."""
    index = {c: k + 1.0 for k, c in enumerate(cats)}
    lookup = np.array([np.nan] + [index.get(c, np.nan) for c in value.cats])
    return lookup[np.where(np.isnan(value.data), 0, value.data).astype(np.intp)]


def join(values: list) -> CategoricalArray:
    """An empty array of the categories and ordinality of a concatenation with a categorical operand:
    the first categorical's categories, then those the other operands (categorical or text) bring in
    their order (ordinal arrays must all have the same ones); [] adds none."""
    first = next(v for v in values if type(v) is CategoricalArray)
    cats = first.cats
    for v in values:
        if v is not first and not (type(v) is np.ndarray and v.size == 0):
            cats = codes_for(first.with_cats(first.data, cats), v)[1]
    return first.with_cats(np.zeros((0, 0)), cats)


def elements(base: CategoricalArray, value: Value) -> np.ndarray:
    """An operand of a concatenation as codes of ``base`` (its categories already joined)."""
    if type(value) is np.ndarray and value.size == 0:
        return np.zeros(value.shape)
    return codes_for(base, value)[0]


# ---- operators


def _unsupported(op: str) -> MatlabError:
    return MatlabError("MATLAB:UndefinedFunction",
                       f"Operator '{op}' is not supported for operands of type 'categorical'.")


def _operand_codes(c: CategoricalArray, other: Value) -> np.ndarray:
    """``other`` as codes of ``c``'s categories for a comparison: a name that is no category gives NaN
    (equal to nothing) where == and ~= compare; < and > need categories of the ordinal ``c``."""
    if type(other) is CategoricalArray:
        if c.ordinal or other.ordinal:
            return codes_for(c, other)[0]
        return other.data if other.cats == c.cats else translated(other, c.cats)
    found = text_items(other)
    if found is None:
        raise MatlabError("MATLAB:categorical:InvalidComparisonTypes", "A categorical array can be compared only "
                          f"with another categorical array or with text, not with a value of type "
                          f"'{class_of(other)}'.")
    names, shape = found
    return codes_of(names, c.cats).reshape(shape, order="F")


def compare(op: str, a: Value, b: Value) -> Value:
    """``a op b`` where one operand is a categorical array: == and ~= by category name (<undefined>
    equals nothing), < <= > >= by category order of ordinal arrays only."""
    c = a if type(a) is CategoricalArray else b
    if op not in ("==", "~="):
        for v in (a, b):
            if type(v) is CategoricalArray and not v.ordinal:
                raise MatlabError("MATLAB:categorical:NotOrdinal", "Relational comparisons are not allowed for "
                                  "non-ordinal categorical arrays.")
        for v in (a, b):
            found = text_items(v) if type(v) is not CategoricalArray else None
            unknown = [n for n in (found[0] if found else []) if n is not None and n not in c.cats]
            if unknown:
                raise MatlabError("MATLAB:categorical:InvalidOrdinalComparison", f"Unable to compare with "
                                  f"'{unknown[0]}': it is not a category of the ordinal categorical array.")
    left = a.data if a is c else _operand_codes(c, a)
    right = b.data if b is c else _operand_codes(c, b)
    broadcast_shape(left.shape, right.shape)        # MATLAB's error for incompatible sizes
    x, y = expand_dims([left, right])
    with np.errstate(invalid="ignore"):
        result = {"==": np.equal, "~=": np.not_equal, "<": np.less, "<=": np.less_equal, ">": np.greater,
                  ">=": np.greater_equal}[op](x, y)
    return simplify(as_matrix(result))


COMPARISONS = ("==", "~=", "<", "<=", ">", ">=")
TRANSPOSES = ("'", ".'")


def route(binary: dict[str, Callable], unary: dict[str, Callable]) -> None:
    """Wrap ops.py's operator tables in place so that categorical operands come here: comparisons, and
    the transposes; every other operator is MATLAB's error."""
    for op, fn in binary.items():
        binary[op] = _routed_binary(op, fn)
    for op, fn in unary.items():
        unary[op] = _routed_unary(op, fn)


def _routed_binary(op: str, plain: Callable) -> Callable:
    def operator(a: Value, b: Value) -> Value:
        if type(a) is CategoricalArray or type(b) is CategoricalArray:
            if op not in COMPARISONS:
                raise _unsupported(op)
            return compare(op, a, b)
        return plain(a, b)
    operator.__name__ = plain.__name__
    return operator


def _routed_unary(op: str, plain: Callable) -> Callable:
    def operator(a: Value) -> Value:
        if type(a) is CategoricalArray:
            if op not in TRANSPOSES:
                raise _unsupported(op)
            return a.like(as_matrix(np.asarray(plain(a.data), dtype=np.float64)))
        return plain(a)
    operator.__name__ = plain.__name__
    return operator
