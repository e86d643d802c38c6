"""categorical (runtime/categoricals.py): its constructor, its categories, counts and conversions, and
its methods of builtins that also take other arrays (sort, unique, ismember, char, string, double...).

MATLAB's documentation is the reference: GNU Octave has no categorical. A method that only moves or
picks elements (sort, unique, reshape, mode, and min and max of ordinal arrays) runs the numeric builtin
on the codes (their order is the category order, <undefined> is NaN) and gives the result back the
categories; the set functions do so on the codes of both operands in the union of their categories.
Not supported: the product of categoricals.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np

from ..categoricals import UNDEFINED, CategoricalArray, codes_for, elements, is_categorical, join, text_items
from ..display.containers import dims_text
from ..errors import MatlabError
from ..time_text import time_texts
from ..times import TimeArray
from ..values import CharArray, Value, class_of, is_array_like, normalize_shape, simplify, to_array
from .datetimes import operator_method
from .output import num2str_rows
from .registry import BUILTINS, after_load, builtin, call_host, set_overload
from .sparsefun import OPERATORS, UNARY_OPERATORS
from .textutil import cell_value, option_name, string_value
from .types import pad_rows


def _categorical(value: Value, fname: str) -> CategoricalArray:
    if not is_categorical(value):
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments of "
                          f"type '{class_of(value)}'.")
    return value


def _flag(value: Value, name: str) -> bool:
    if is_array_like(value) and to_array(value).size == 1 and not np.iscomplexobj(to_array(value)):
        return bool(to_array(value).flat[0])
    raise MatlabError("MATLAB:categorical:InvalidFlag", f"The '{name}' value must be true or false.")


def _names(value: Value, fname: str, what: str = "Category names") -> list[str]:
    """Category names given as text or a categorical array (column-major)."""
    if is_categorical(value):
        return [n for n in value.texts() if n is not None]
    found = text_items(value)
    if found is None or any(n is None for n in found[0]):
        raise MatlabError(f"MATLAB:categorical:{fname}:InvalidNames", f"{what} must be a nonempty character "
                          "vector, a cell array of nonempty character vectors, or a string array.")
    return found[0]


def _number_name(v: float) -> str:
    return num2str_rows(np.array([[v]]), None)[0].strip()


def _values(a: Value) -> tuple[list | np.ndarray, str, tuple[int, ...]]:
    """The elements of a categorical's input in column-major order and their kind: 'text' (a list, None
    where missing); 'number' or 'logical' (a float64 array, NaN where missing); or, for datetimes and
    durations, the input itself (its seconds, NaN where missing); and the input's shape."""
    if is_categorical(a):
        return a.texts(), "text", a.shape
    found = text_items(a)
    if found is not None:
        return found[0], "text", found[1]
    if type(a) is CharArray:        # a char matrix: one element per row
        rows = a.rows()
        return [r.strip() or None for r in rows], "text", (len(rows), 1)
    if is_array_like(a) and not np.iscomplexobj(to_array(a)):
        arr = to_array(a)
        return arr.ravel(order="F").astype(np.float64), "logical" if arr.dtype == np.bool_ else "number", arr.shape
    if isinstance(a, TimeArray):        # the instants or lengths (NaN is NaT), named in a's format
        return a.data.ravel(order="F"), a, a.shape
    raise MatlabError("MATLAB:categorical:UnsupportedInput", "Input must be a numeric, logical, datetime, duration, "
                      "string, or categorical array, or a cell array of character vectors, not a value of type "
                      f"'{class_of(a)}'.")


def _positions(items, valueset) -> np.ndarray:
    """The position (0-based) in valueset of each element, -1 for one not in it; a missing element (None,
    NaN) is at the position of a missing value in valueset, if it has one."""
    if type(items) is list:
        index = {v: k for k, v in enumerate(valueset)}
        return np.array([index.get(v, -1) for v in items], dtype=np.intp)
    missing = np.flatnonzero(np.isnan(valueset))
    found = np.full(items.size, missing[0] if missing.size else -1, dtype=np.intp)
    present = np.flatnonzero(~np.isnan(valueset))
    if present.size:
        order = present[np.argsort(valueset[present], kind="stable")]
        ordered = valueset[order]
        at = np.clip(np.searchsorted(ordered, items), 0, ordered.size - 1)
        found = np.where(np.isnan(items), found, np.where(ordered[at] == items, order[at], -1))
    return found


def _family(kind) -> str:
    """What a value set must match: text, numbers (and logical values), datetimes, or durations."""
    if isinstance(kind, TimeArray):
        return kind.matlab_class
    return "text" if kind == "text" else "number"


def _default_names(valueset, kind) -> list[str]:
    """Category names of the values: the text, 'false' and 'true', numbers as num2str writes them,
    datetimes and durations in their format; a missing value has none."""
    if kind == "text":
        names = list(valueset)
    elif kind == "logical":
        names = ["true" if v else "false" for v in valueset]
    elif kind == "number":
        names = [None if np.isnan(v) else _number_name(v) for v in valueset]
    else:
        texts = time_texts(kind.like(valueset.reshape(1, -1)))
        names = [None if np.isnan(v) else t for v, t in zip(valueset, texts)]
    if any(n is None for n in names):
        raise MatlabError("MATLAB:categorical:MissingCategoryName", "A missing value in the value set needs a "
                          "category name: give catnames.")
    return names


@builtin("categorical", family="categorical")
def categorical(a, *args):
    """C = categorical(A), categorical(A, valueset), categorical(A, valueset, catnames), ..., 'Ordinal', tf,
    ..., 'Protected', tf  Array of values from a finite set of named categories.

    A is a cell array of character vectors, a string array, a numeric, logical, datetime or duration
    array, or a categorical array. The categories are A's unique values in sorted order (text trimmed of
    leading and trailing white space; numbers named as num2str writes them, logical values 'false' and
    'true', datetimes and durations in their format), or the values of valueset in its order, named by
    catnames where given (repeated names merge categories; a missing value in valueset takes the
    missing elements). '', <missing>, NaN, NaT and values not in valueset are otherwise <undefined>.
    An ordinal array's categories have a mathematical order (< and > compare by it) and are protected:
    assignment cannot add categories.

        C = categorical({'b', 'a', 'b'})      % categories {'a'; 'b'}
    """
    positional = list(args)
    options: dict[str, Value] = {}
    while len(positional) >= 2 and option_name(positional[-2]) in ("ordinal", "protected"):
        options[option_name(positional[-2])] = positional[-1]
        positional = positional[:-2]
    if len(positional) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    ordinal = _flag(options["ordinal"], "Ordinal") if "ordinal" in options else \
        (a.ordinal if is_categorical(a) and not positional else False)
    protected = ordinal or (_flag(options["protected"], "Protected") if "protected" in options else False)
    items, kind, shape = _values(a)
    if not positional:
        set_kind = kind
        if is_categorical(a):
            valueset = list(a.cats)
        elif kind == "text":
            valueset = sorted({v for v in items if v is not None})
        else:
            valueset = np.unique(items[~np.isnan(items)])
    else:
        valueset, set_kind, _ = _values(positional[0])
        if _family(kind) != _family(set_kind):
            raise MatlabError("MATLAB:categorical:ValuesetTypeMismatch", "The value set must be of the same type "
                              "as the data.")
        distinct = len(set(valueset)) if set_kind == "text" else np.unique(valueset).size
        if distinct != len(valueset):
            raise MatlabError("MATLAB:categorical:DuplicatedValues", "The value set contains repeated values.")
    if len(positional) < 2:
        names = _default_names(valueset, set_kind)
    else:
        names = _names(positional[1], "categorical", "Category names")
        if len(names) != len(valueset):
            raise MatlabError("MATLAB:categorical:WrongNumCategoryNames", "The number of category names must "
                              "equal the number of values in the value set.")
    if len(set(names)) != len(names) and (ordinal or len(positional) < 2):
        raise MatlabError("MATLAB:categorical:DuplicatedCatNames", "Category names must be unique.")
    cats = tuple(dict.fromkeys(names))                        # a repeated catname merges its values
    slot = {n: k + 1.0 for k, n in enumerate(cats)}
    code_of_position = np.array([slot[n] for n in names] + [np.nan])       # [-1]: no position
    codes = code_of_position[_positions(items, valueset)]
    return CategoricalArray(codes.reshape(normalize_shape(shape), order="F"), cats, ordinal, protected)


@builtin("iscategorical", family="categorical")
def iscategorical(x):
    """tf = iscategorical(A)  true if A is a categorical array.

        iscategorical(categorical({'a'}))    % true
    """
    return is_categorical(x)


@builtin("categories", family="categorical")
def categories(c, *args):
    """names = categories(C), categories(C, 'OutputType', type)  the categories of a categorical array, in
    their order (also those no element belongs to), as a column: a cell array of character vectors, or
    with OutputType 'string' a string array, 'categorical' a categorical array ('char' is the cell).

        categories(categorical({'b', 'a'}))    % {'a'; 'b'}
    """
    c = _categorical(c, "categories")
    kind = "char"
    if args:
        if len(args) != 2 or option_name(args[0]) != "outputtype" or \
                option_name(args[1]) not in ("char", "string", "categorical"):
            raise MatlabError("MATLAB:categorical:categories:InvalidOutputType", "Use 'OutputType' with 'char', "
                              "'string' or 'categorical'.")
        kind = option_name(args[1])
    k = len(c.cats)
    if kind == "string":
        return string_value(list(c.cats), (k, 1))
    if kind == "categorical":
        return c.like(np.arange(1.0, k + 1).reshape(k, 1))
    return cell_value([CharArray.from_str(n) for n in c.cats], (k, 1))


@builtin("isundefined", family="categorical")
def isundefined(c):
    """tf = isundefined(C)  true where an element of the categorical array C is <undefined>.

        isundefined(categorical({'a', ''}))    % [0 1]
    """
    return simplify(np.isnan(_categorical(c, "isundefined").data))


@builtin("isordinal", family="categorical")
def isordinal(c):
    """tf = isordinal(C)  true if the categorical array C is ordinal (its categories are ordered)."""
    return _categorical(c, "isordinal").ordinal


@builtin("isprotected", family="categorical")
def isprotected(c):
    """tf = isprotected(C)  true if the categories of C are protected (assignment cannot add any)."""
    return _categorical(c, "isprotected").protected


@builtin("iscategory", family="categorical")
def iscategory(c, names):
    """tf = iscategory(C, catnames)  true for each name in catnames that is a category of C (of
    catnames' size).

        iscategory(categorical({'a'}), {'a', 'b'})    % [1 0]
    """
    cats = set(_categorical(c, "iscategory").cats)
    found = text_items(names)
    if found is None:
        raise MatlabError("MATLAB:categorical:iscategory:InvalidNames", "Category names must be text.")
    items, shape = found
    return simplify(np.array([n in cats for n in items], dtype=bool).reshape(shape, order="F"))


def _recoded(c: CategoricalArray, cats: tuple[str, ...], new_code: np.ndarray) -> CategoricalArray:
    """``c`` with categories ``cats``, its codes mapped through ``new_code`` (index: old code - 1;
    NaN makes elements undefined)."""
    data = c.data.copy()
    defined = ~np.isnan(data)
    data[defined] = new_code[data[defined].astype(np.int64) - 1]
    return c.with_cats(data, cats)


@builtin("addcats", family="categorical")
def addcats(c, newcats, *args):
    """B = addcats(A, newcats), addcats(A, newcats, 'Before', where), addcats(A, newcats, 'After', where)
    Add categories (no element belongs to them yet): at the end, or before or after category where (an
    ordinal array needs the position).

        categories(addcats(categorical({'a'}), 'c'))    % {'a'; 'c'}
    """
    c = _categorical(c, "addcats")
    names = list(dict.fromkeys(_names(newcats, "addcats")))
    clash = [n for n in names if n in c.cats]
    if clash:
        raise MatlabError("MATLAB:categorical:addcats:DuplicateCategoryNames",
                          f"The category '{clash[0]}' is already a category of the array.")
    at = len(c.cats)
    if args:
        where = option_name(args[0]) if len(args) == 2 else None
        if where not in ("before", "after"):
            raise MatlabError("MATLAB:categorical:addcats:InvalidPosition", "Use 'Before' or 'After' and a "
                              "category name to say where the new categories go.")
        anchor = _names(args[1], "addcats")
        if len(anchor) != 1 or anchor[0] not in c.cats:
            raise MatlabError("MATLAB:categorical:addcats:UnrecognizedCategory", "The position must be one "
                              "category of the array.")
        at = c.cats.index(anchor[0]) + (where == "after")
    elif c.ordinal:
        raise MatlabError("MATLAB:categorical:addcats:NoBeforeOrAfter", "Adding categories to an ordinal "
                          "categorical array needs 'Before' or 'After' to place them.")
    cats = c.cats[:at] + tuple(names) + c.cats[at:]
    old = np.arange(1.0, len(c.cats) + 1)
    return _recoded(c, cats, old + len(names) * (old > at))


@builtin("removecats", family="categorical")
def removecats(c, oldcats=None):
    """B = removecats(A), removecats(A, oldcats)  Remove categories: those no element belongs to, or
    the categories oldcats (their elements become <undefined>).

        categories(removecats(categorical({'a'}, {'a', 'b'})))    % {'a'}
    """
    c = _categorical(c, "removecats")
    if oldcats is None:
        used = np.zeros(len(c.cats), dtype=bool)
        used[np.unique(c.data[~np.isnan(c.data)]).astype(np.int64) - 1] = True
    else:
        gone = set(_names(oldcats, "removecats"))
        used = np.array([n not in gone for n in c.cats], dtype=bool)
    new_code = np.where(used, np.cumsum(used), np.nan)
    return _recoded(c, tuple(n for n, u in zip(c.cats, used) if u), new_code)


@builtin("renamecats", family="categorical")
def renamecats(c, *args):
    """B = renamecats(A, newnames), renamecats(A, oldnames, newnames)  Rename all categories (in
    order), or the categories oldnames; the elements keep their categories.

        renamecats(categorical({'a', 'b'}), {'x', 'y'})    % x y
    """
    c = _categorical(c, "renamecats")
    if len(args) not in (1, 2):
        raise MatlabError("MATLAB:minrhs" if not args else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if not args else "Too many input arguments.")
    new = _names(args[-1], "renamecats")
    old = _names(args[0], "renamecats") if len(args) == 2 else list(c.cats)
    if len(old) != len(new):
        raise MatlabError("MATLAB:categorical:renamecats:IncorrectNumNames", "The number of new names must "
                          "equal the number of categories renamed.")
    unknown = [n for n in old if n not in c.cats]
    if unknown:
        raise MatlabError("MATLAB:categorical:renamecats:InvalidNames", f"'{unknown[0]}' is not a category.")
    mapping = dict(zip(old, new))
    cats = tuple(mapping.get(n, n) for n in c.cats)
    if len(set(cats)) != len(cats):
        raise MatlabError("MATLAB:categorical:renamecats:DuplicateNames", "Category names must be unique.")
    return c.with_cats(c.data, cats)


@builtin("mergecats", family="categorical")
def mergecats(c, oldcats, newcat=None):
    """B = mergecats(A, oldcats), mergecats(A, oldcats, newcat)  Merge categories into one: the first of
    oldcats (or newcat), in the place of the first of them (of consecutive categories, for an ordinal
    array).

        mergecats(categorical({'a', 'b', 'c'}), {'a', 'b'}, 'ab')    % ab ab c
    """
    c = _categorical(c, "mergecats")
    old = list(dict.fromkeys(_names(oldcats, "mergecats")))
    unknown = [n for n in old if n not in c.cats]
    if unknown:
        raise MatlabError("MATLAB:categorical:mergecats:InvalidCategories", f"'{unknown[0]}' is not a category.")
    positions = sorted(c.cats.index(n) for n in old)
    if c.ordinal and positions != list(range(positions[0], positions[0] + len(positions))):
        raise MatlabError("MATLAB:categorical:mergecats:NonconsecutiveCategories", "Only consecutive categories "
                          "of an ordinal categorical array can be merged.")
    name = _names(newcat, "mergecats")[0] if newcat is not None else old[0]
    if name in c.cats and name not in old:
        raise MatlabError("MATLAB:categorical:mergecats:DuplicateName", f"'{name}' is already a category.")
    keep = [k for k in range(len(c.cats)) if k not in positions[1:]]
    cats = tuple(name if k == positions[0] else c.cats[k] for k in keep)
    slot = {k: float(j + 1) for j, k in enumerate(keep)}
    new_code = np.array([slot[positions[0]] if k in positions else slot[k] for k in range(len(c.cats))])
    return _recoded(c, cats, new_code)


@builtin("reordercats", family="categorical")
def reordercats(c, neworder=None):
    """B = reordercats(A), reordercats(A, neworder)  Put the categories in alphabetical order, or in the
    order neworder gives (names, or positions in the old order); the elements keep their categories.

        categories(reordercats(categorical({'a', 'b'}), {'b', 'a'}))    % {'b'; 'a'}
    """
    c = _categorical(c, "reordercats")
    if neworder is None:
        order = sorted(range(len(c.cats)), key=lambda k: c.cats[k])
    elif is_array_like(neworder) and type(neworder) is not CharArray:
        positions = to_array(neworder).ravel(order="F").astype(np.float64)
        if sorted(positions.tolist()) != list(range(1, len(c.cats) + 1)):
            raise MatlabError("MATLAB:categorical:reordercats:InvalidNeworder", "The new order must be a "
                              "permutation of the category positions.")
        order = [int(p) - 1 for p in positions]
    else:
        names = _names(neworder, "reordercats")
        if sorted(names) != sorted(c.cats):
            raise MatlabError("MATLAB:categorical:reordercats:InvalidNeworder", "The new order must name every "
                              "category exactly once.")
        order = [c.cats.index(n) for n in names]
    new_code = np.empty(len(c.cats))
    new_code[order] = np.arange(1.0, len(c.cats) + 1)
    return _recoded(c, tuple(c.cats[k] for k in order), new_code)


@builtin("setcats", family="categorical")
def setcats(c, newcats):
    """B = setcats(A, newcats)  Make newcats the categories, in its order: an element whose category is
    among them keeps it, the others become <undefined>.

        string(setcats(categorical({'a', 'b'}), {'b', 'c'}))    % <missing> "b"
    """
    c = _categorical(c, "setcats")
    names = _names(newcats, "setcats")
    if len(set(names)) != len(names):
        raise MatlabError("MATLAB:categorical:setcats:DuplicateNames", "Category names must be unique.")
    index = {n: k + 1.0 for k, n in enumerate(names)}
    return _recoded(c, tuple(names), np.array([index.get(n, np.nan) for n in c.cats]))


def _count_dim(shape: tuple[int, ...], dim) -> int:
    if dim is not None:
        d = to_array(dim)
        if d.size != 1 or d.flat[0] != int(d.flat[0]) or d.flat[0] < 1:
            raise MatlabError("MATLAB:getdimarg:invalidDim", "Dimension argument must be a positive integer "
                              "scalar within indexing range.")
        return int(d.flat[0]) - 1
    return next((k for k, n in enumerate(shape) if n != 1), 0)


@builtin("countcats", family="categorical")
def countcats(c, dim=None):
    """B = countcats(C), countcats(C, dim)  The number of elements in each category (in category order,
    empty categories counted 0, <undefined> in none), along the first dimension that is not 1 or dim.

        countcats(categorical({'a', 'b', 'a'}))    % [2 1]
    """
    c = _categorical(c, "countcats")
    axis = _count_dim(c.shape, dim)
    data = c.data.reshape(c.shape + (1,) * (axis + 1 - len(c.shape)))
    counts = np.stack([(data == k + 1).sum(axis=axis) for k in range(len(c.cats))], axis=axis) \
        if c.cats else np.zeros(data.shape[:axis] + (0,) + data.shape[axis + 1:])
    return simplify(counts.astype(np.float64).reshape(normalize_shape(counts.shape), order="F"))


@builtin("summary", family="categorical")
def summary(ctx, c):
    """summary(C)  Print the size of a categorical array, then each category (and <undefined>) with the
    number of elements in it: names over counts for a row vector, a row per category otherwise (the
    counts of each column of a matrix side by side).

        summary(categorical({'a', 'b', 'a'}))
    """
    c = _categorical(c, "summary")
    names = list(c.cats) + [UNDEFINED]
    data = c.data.reshape(c.shape[0], math.prod(c.shape[1:]) or 1, order="F") if c.shape[0] != 1 \
        else c.data.reshape(-1, 1, order="F")
    counts = [[int(k) for k in (data == code).sum(axis=0)] for code in range(1, len(c.cats) + 1)]
    counts.append([int(k) for k in np.isnan(data).sum(axis=0)])
    names_given = ctx.argument_names()
    head = f"{names_given[0]}: " if names_given and names_given[0] else ""
    lines = [f"{head}{dims_text(c.shape)} categorical", ""]
    if len(c.shape) == 2 and c.shape[0] == 1 and c.shape[1] != 1:
        widths = [max(len(n), len(str(k[0]))) for n, k in zip(names, counts)]
        lines += ["".join(f"     {n.ljust(w)} " for n, w in zip(names, widths)),
                  "".join(f"     {str(k[0]).ljust(w)} " for k, w in zip(counts, widths))]
    else:
        width = max(len(n) for n in names)
        digits = [max(len(str(row[j])) for row in counts) for j in range(data.shape[1])]
        lines += [f"     {n.ljust(width)} " + "".join(f"     {str(k).rjust(d)} " for k, d in zip(row, digits))
                  for n, row in zip(names, counts)]
    ctx.write("".join(line + "\n" for line in lines))


# ---- methods of other builtins


def _plain(name: str, ctx, args: list, nargout: int) -> tuple:
    """The numeric builtin ``name`` on ``args`` (no method dispatch)."""
    return call_host(replace(BUILTINS[name], overloads=()), ctx, args, nargout)


def _on_codes(name: str) -> Callable:
    """A method that runs ``name`` on a categorical's codes and gives its first output the categories."""
    def method(ctx, c, *rest, nargout=1):
        if any(is_categorical(r) for r in rest):
            raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{name}' for these categorical "
                              "arguments.")
        outs = _plain(name, ctx, [c.data, *rest], max(nargout, 1))
        head = np.asarray(outs[0], dtype=np.float64)
        return (c.like(head.reshape(np.shape(outs[0]) or (1, 1))), *outs[1:])
    return method


def _on_joined_codes(name: str) -> Callable:
    """A set operation (union, intersect, setdiff, setxor) of a categorical and a categorical or text: run
    on their codes in the union of their categories (the first categorical's first), its first output
    an array of those categories."""
    def method(ctx, a, b, *rest, nargout=1):
        joined = join([a, b])
        outs = _plain(name, ctx, [elements(joined, a), elements(joined, b), *rest], max(nargout, 1))
        head = np.asarray(outs[0], dtype=np.float64)
        return (joined.like(head.reshape(np.shape(outs[0]) or (1, 1))), *outs[1:])
    return method


def _histcounts(ctx, c, *rest, nargout=1):
    """[N, names] = histcounts(C), histcounts(C, categories): the number of elements in each category
    (of C, or of those named) as a row, and the categories as a cell row."""
    if len(rest) > 1:
        raise MatlabError("MATLAB:histcounts:categoricalOptions", "histcounts of a categorical array takes "
                          "only the categories to count.")
    names = _names(rest[0], "histcounts") if rest else list(c.cats)
    counts = np.array([[float(np.sum(c.data == c.cats.index(n) + 1)) if n in c.cats else 0.0 for n in names]])
    return simplify(counts), cell_value([CharArray.from_str(n) for n in names], (1, len(names)))


def _names_of(value: Value) -> tuple[list[str | None], tuple[int, ...]]:
    if is_categorical(value):
        return value.texts(), value.shape
    found = text_items(value)
    if found is None:
        raise MatlabError("MATLAB:categorical:ismember:TypeMismatch", "A categorical array can be compared only "
                          f"with another categorical array or with text, not with a value of type "
                          f"'{class_of(value)}'.")
    return found


def _ismember(ctx, a, s, *rest, nargout=1):
    """ismember of categoricals: by category name; <undefined> is a member of nothing."""
    if rest:
        raise MatlabError("MATLAB:categorical:ismember:UnsupportedOption", "ismember of categorical arrays takes "
                          "no options.")
    items, shape = _names_of(a)
    pool, _ = _names_of(s)
    first: dict[str, int] = {}
    for k, n in enumerate(pool):
        if n is not None:
            first.setdefault(n, k + 1)
    loc = np.array([0 if n is None else first.get(n, 0) for n in items], dtype=np.float64)
    loc = loc.reshape(normalize_shape(shape), order="F")
    return simplify(loc > 0), simplify(loc)


def _ismissing(ctx, c, indicator=None, nargout=1):
    """ismissing of a categorical: its <undefined> elements, or (with indicator) those whose category
    indicator names, the default indicator then ignored as MATLAB does."""
    if indicator is None:
        return simplify(np.isnan(c.data))
    names = set(_names_of(indicator)[0]) - {None}
    return simplify(np.array([n in names for n in c.texts()], dtype=bool).reshape(c.shape, order="F"))


def _extreme(name: str) -> Callable:
    """min and max of ordinal categoricals: by category order (<undefined> left out), of one array, of two
    (the second categorical or category names) or along a dimension."""
    def method(ctx, *args, nargout=1):
        first = next(a for a in args if is_categorical(a))
        if not first.ordinal:
            raise MatlabError("MATLAB:categorical:NotOrdinal", "Relational comparisons are not allowed for "
                              "non-ordinal categorical arrays.")
        plain = [a.data if a is first else codes_for(first, a)[0] if k < 2 and not _is_empty(a) else a
                 for k, a in enumerate(args)]
        outs = _plain(name, ctx, plain, max(nargout, 1))
        head = np.asarray(outs[0], dtype=np.float64)
        return (first.like(head.reshape(np.shape(outs[0]) or (1, 1))), *outs[1:])
    return method


def _is_empty(value: Value) -> bool:
    return type(value) is np.ndarray and value.size == 0


def _text_of(names: list[str | None]) -> list[str]:
    return [UNDEFINED if n is None else n for n in names]


def _char(ctx, c, nargout=1):
    return pad_rows(_text_of(c.texts()))


def _string(ctx, c, nargout=1):
    return string_value(c.texts(), c.shape)


def _cellstr(ctx, c, nargout=1):
    return cell_value([CharArray.from_str(n) for n in _text_of(c.texts())], c.shape)


def _double(ctx, c, nargout=1):
    return simplify(c.data.copy())


def _single(ctx, c, nargout=1):
    return c.data.astype(np.float32)


ON_CODES = ("sort", "unique", "flip", "fliplr", "flipud", "circshift", "repmat", "reshape", "permute", "squeeze",
            "mode")                 # they move elements, or (mode) pick one: the codes say which


@after_load
def _register_methods() -> None:
    for name in ON_CODES:
        set_overload(name, CategoricalArray, _on_codes(name))
    for name in ("union", "intersect", "setdiff", "setxor"):
        set_overload(name, CategoricalArray, _on_joined_codes(name))
    for name in ("min", "max"):
        set_overload(name, CategoricalArray, _extreme(name))
    for name, form in (("ismember", _ismember), ("ismissing", _ismissing), ("histcounts", _histcounts),
                       ("char", _char), ("string", _string), ("cellstr", _cellstr), ("double", _double),
                       ("single", _single)):
        set_overload(name, CategoricalArray, form)
    for name, symbol in OPERATORS.items():
        set_overload(name, CategoricalArray, operator_method(symbol, 2))
    for name, symbol in UNARY_OPERATORS.items():
        set_overload(name, CategoricalArray, operator_method(symbol, 1))
