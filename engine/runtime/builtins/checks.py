"""Checking the arguments of a function: narginchk, nargoutchk, nargin/nargout of a named function,
validateattributes and validatestring. Messages and identifiers are MATLAB's."""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..values import (INTEGER_CLASSES, CellArray, CharArray, FunctionHandle, StringArray, Value, class_of,
                      size_of, to_array)
from .registry import builtin
from .sizes import real_values
from .textutil import char_row, is_text_scalar, option_name, string_value, text_arg, texts_of


# -- argument counts --------------------------------------------------------------------------------

def _bound(value: Value, fname: str) -> float:
    number = real_values(value, fname, "A limit") if not isinstance(value, CharArray) else np.zeros(0)
    if number.size != 1 or math.isnan(number.flat[0]) or \
            (math.isfinite(number.flat[0]) and not float(number.flat[0]).is_integer()):
        raise MatlabError(f"MATLAB:{fname}:invalidInput", "Limits must be integer scalars (or Inf).")
    return float(number.flat[0])


def _caller(ctx, fname: str) -> tuple[int, int]:
    counts = ctx.caller_counts()
    if counts is None:
        raise MatlabError(f"MATLAB:{fname}:notInFunction",
                          f"You can only call {fname} from within a MATLAB function.")
    return counts


@builtin("narginchk", family="checks")
def narginchk(ctx, low, high):
    """narginchk(minArgs, maxArgs)  error unless the calling function got minArgs..maxArgs inputs.

    maxArgs may be Inf. Raises MATLAB:narginchk:notEnoughInputs or MATLAB:narginchk:tooManyInputs.

        function f(a, b, c)
            narginchk(2, 3)   % f(1) is an error
    """
    lo, hi = _bound(low, "narginchk"), _bound(high, "narginchk")
    count = _caller(ctx, "narginchk")[0]
    if count < lo:
        raise MatlabError("MATLAB:narginchk:notEnoughInputs", "Not enough input arguments.")
    if count > hi:
        raise MatlabError("MATLAB:narginchk:tooManyInputs", "Too many input arguments.")


@builtin("nargoutchk", family="checks")
def nargoutchk(ctx, low, high):
    """nargoutchk(minArgs, maxArgs)  error unless the calling function was asked for minArgs..maxArgs outputs.

    maxArgs may be Inf. Raises MATLAB:nargoutchk:notEnoughOutputs or MATLAB:nargoutchk:tooManyOutputs.

        function varargout = f()
            nargoutchk(1, 2)
    """
    lo, hi = _bound(low, "nargoutchk"), _bound(high, "nargoutchk")
    count = _caller(ctx, "nargoutchk")[1]
    if count < lo:
        raise MatlabError("MATLAB:nargoutchk:notEnoughOutputs", "Not enough output arguments.")
    if count > hi:
        raise MatlabError("MATLAB:nargoutchk:tooManyOutputs", "Too many output arguments.")


def _arity(ctx, name: Value | None, which: int, fname: str) -> float:
    if name is None:
        raise MatlabError(f"MATLAB:{fname}:notInFunction",
                          f"You can only call {fname} from within a MATLAB function.")
    if type(name) is FunctionHandle:
        text = name.name
        if text is None:
            return float(len(name.params or []) if which == 0 else 1)
    else:
        text = text_arg(name, fname, "Function name")
    counts = ctx.function_arity(text)
    if counts is None:
        if ctx.function_exists(text) == "builtin":
            raise MatlabError(f"MATLAB:{fname}:builtinFunction",
                              f"{fname}('{text}') is supported for function files and local functions, not "
                              "for builtin functions.")
        raise MatlabError("MATLAB:narginout:functionDoesnotExist", f"Function '{text}' does not exist.")
    return float(counts[which])


@builtin("nargin", family="checks")
def nargin(ctx, name=None):
    """nargin(fname)  the number of inputs function fname declares (negative when it takes varargin).

    fname is a function name or handle (a local function or a function file; an anonymous function gives
    its parameter count). Plain nargin inside a function is the number of inputs it was called with.

        nargin('myfun')   % 2 for function y = myfun(a, b)
    """
    return _arity(ctx, name, 0, "nargin")


@builtin("nargout", family="checks")
def nargout_(ctx, name=None):
    """nargout(fname)  the number of outputs function fname declares (negative when it has varargout).

    fname is a function name or handle (a local function or a function file; an anonymous function gives
    1). Plain nargout inside a function is the number of outputs it was asked for.

        nargout('myfun')   % 1 for function y = myfun(a, b)
    """
    return _arity(ctx, name, 1, "nargout")


# -- validateattributes -----------------------------------------------------------------------------

_CLASS_GROUPS = {
    "numeric": ("double", "single", *INTEGER_CLASSES), "float": ("double", "single"),
    "integer": INTEGER_CLASSES,
}


def _numbers(a: Value) -> np.ndarray:
    if isinstance(a, (CellArray, StringArray)) or class_of(a) in ("struct", "function_handle"):
        return np.zeros(0)
    return np.asarray(to_array(a))


def _real_numbers(a: Value) -> np.ndarray:
    return _numbers(a).real.astype(np.float64).ravel(order="F")


def _monotone(a: Value, test: Callable[[np.ndarray], bool]) -> bool:
    x = _real_numbers(a)
    return not np.isnan(x).any() and bool(test(np.diff(x)))


_PREDICATES: dict[str, tuple[str, str, Callable[[Value], bool]]] = {
    # attribute: (identifier suffix, what the message says the input should be, test)
    "2d": ("expected2D", "two-dimensional", lambda a: len(size_of(a)) == 2),
    "3d": ("expected3D", "three-dimensional or less", lambda a: len(size_of(a)) <= 3),
    "column": ("expectedColumn", "a column vector", lambda a: len(size_of(a)) == 2 and size_of(a)[1] == 1),
    "row": ("expectedRow", "a row vector", lambda a: len(size_of(a)) == 2 and size_of(a)[0] == 1),
    "scalar": ("expectedScalar", "a scalar", lambda a: size_of(a) == (1, 1)),
    "vector": ("expectedVector", "a vector",
               lambda a: len(size_of(a)) == 2 and 1 in size_of(a)),
    "square": ("expectedSquare", "a square matrix",
               lambda a: len(size_of(a)) == 2 and size_of(a)[0] == size_of(a)[1]),
    "nonempty": ("expectedNonempty", "nonempty", lambda a: 0 not in size_of(a)),
    "nonsparse": ("expectedNonsparse", "nonsparse", lambda a: True),
    "binary": ("expectedBinary", "binary", lambda a: bool(np.isin(_numbers(a), (0, 1)).all())),
    "even": ("expectedEven", "even", lambda a: bool((np.mod(_real_numbers(a), 2) == 0).all())),
    "odd": ("expectedOdd", "odd", lambda a: bool((np.mod(_real_numbers(a), 2) == 1).all())),
    "integer": ("expectedInteger", "integer-valued",
                lambda a: bool(np.isfinite(_real_numbers(a)).all() and
                               (np.floor(_real_numbers(a)) == _real_numbers(a)).all())),
    "real": ("expectedReal", "real", lambda a: not np.iscomplexobj(_numbers(a))),
    "finite": ("expectedFinite", "finite", lambda a: bool(np.isfinite(_numbers(a)).all())),
    "nonnan": ("expectedNonNaN", "non-NaN", lambda a: not bool(np.isnan(_numbers(a)).any())),
    "nonnegative": ("expectedNonnegative", "nonnegative", lambda a: bool((_real_numbers(a) >= 0).all())),
    "nonzero": ("expectedNonZero", "nonzero", lambda a: bool((_numbers(a) != 0).all())),
    "positive": ("expectedPositive", "positive", lambda a: bool((_real_numbers(a) > 0).all())),
    "decreasing": ("expectedDecreasing", "decreasing valued",
                   lambda a: _monotone(a, lambda d: (d < 0).all())),
    "increasing": ("expectedIncreasing", "increasing valued",
                   lambda a: _monotone(a, lambda d: (d > 0).all())),
    "nondecreasing": ("expectedNondecreasing", "nondecreasing valued",
                      lambda a: _monotone(a, lambda d: (d >= 0).all())),
    "nonincreasing": ("expectedNonincreasing", "nonincreasing valued",
                      lambda a: _monotone(a, lambda d: (d <= 0).all())),
    "diag": ("expectedDiag", "diagonal",
             lambda a: len(size_of(a)) == 2 and not np.any(_numbers(a) - np.diag(np.diag(_numbers(a))))),
}
_COMPARISONS: dict[str, tuple[str, Callable[[np.ndarray, float], np.ndarray]]] = {
    ">": ("notGreater", np.greater), ">=": ("notGreaterEqual", np.greater_equal),
    "<": ("notLess", np.less), "<=": ("notLessEqual", np.less_equal),
}
_COUNTS: dict[str, tuple[str, str, Callable[[Value], float]]] = {
    "numel": ("incorrectNumel", "number of elements", lambda a: float(np.prod(size_of(a)))),
    "ncols": ("incorrectNumcols", "number of columns", lambda a: float(size_of(a)[1])),
    "nrows": ("incorrectNumrows", "number of rows", lambda a: float(size_of(a)[0])),
    "ndims": ("incorrectNumdims", "number of dimensions", lambda a: float(len(size_of(a)))),
}


class _Subject:
    """Who is being validated, for the messages: 'input', 'x', 'input number 2, x,' ..."""

    def __init__(self, fname: str, var: str, index: int | None):
        self.fname, self.var, self.index = fname, var, index

    def name(self) -> str:
        if self.index is not None:
            return f"input number {self.index}, {self.var}," if self.var else f"input number {self.index}"
        return self.var or "input"

    def fail(self, suffix: str, text: str) -> MatlabError:
        prefix = f"MATLAB:{self.fname}:" if self.fname else "MATLAB:"
        return MatlabError(prefix + suffix, f"Expected {self.name()} {text}")


def _subject(rest: list[Value]) -> _Subject:
    """The optional (argIndex) or (funcName, varName, argIndex) arguments."""
    if len(rest) == 1 and not is_text_scalar(rest[0]):
        return _Subject("", "", _arg_index(rest[0]))
    if len(rest) > 3:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    fname = text_arg(rest[0], "validateattributes", "Function name") if rest else ""
    var = text_arg(rest[1], "validateattributes", "Variable name") if len(rest) > 1 else ""
    index = _arg_index(rest[2]) if len(rest) > 2 else None
    return _Subject(fname, var, index)


def _arg_index(value: Value) -> int:
    index = _bound(value, "validateattributes")
    if not (1 <= index < np.inf and index == int(index)):
        raise MatlabError("MATLAB:validateattributes:badArgPosition", "The argument index must be a positive "
                          "integer.")
    return int(index)


def _check_class(a: Value, classes: Value, who: _Subject) -> None:
    names = [n or "" for n in texts_of(classes, "validateattributes").items] if not (
        type(classes) is CellArray and classes.data.size == 0) else []
    cls = class_of(a)
    if names and not any(cls == n or cls in _CLASS_GROUPS.get(n, ()) for n in names):
        raise who.fail("invalidType", f"to be one of these types:\n\n{', '.join(names)}\n\n"
                                      f"Instead its type was {cls}.")


def _attribute_list(attributes: Value) -> list[Value]:
    if type(attributes) is not CellArray:
        raise MatlabError("MATLAB:validateattributes:badAttributeList",
                          "Attributes must be given as a cell array.")
    return list(attributes.data.ravel(order="F"))


def _check_attributes(a: Value, items: list[Value], who: _Subject) -> None:
    k = 0
    while k < len(items):
        name = option_name(items[k])
        k += 1
        if name in _PREDICATES:
            suffix, text, test = _PREDICATES[name]
            if not test(a):
                raise who.fail(suffix, f"to be {text}.")
        elif name in _COMPARISONS or name in _COUNTS or name == "size":
            if k >= len(items):
                raise MatlabError("MATLAB:validateattributes:missingValue",
                                  f"The '{name}' attribute must be followed by a value.")
            _check_valued(a, name, items[k], who)
            k += 1
        else:
            raise MatlabError("MATLAB:validateattributes:badAttributeName",
                              f"'{name}' is not a valid attribute." if name else "Attributes must be names.")


def _check_valued(a: Value, name: str, value: Value, who: _Subject) -> None:
    bound = real_values(value, "validateattributes", f"The value of '{name}'").ravel()
    if bound.size == 0 or (name != "size" and bound.size != 1):
        raise MatlabError("MATLAB:validateattributes:badValue", f"The value of '{name}' must be a number.")
    if name == "size":
        actual = size_of(a)
        want = bound.tolist()
        if len(want) != len(actual) or any(not math.isnan(w) and w != n for w, n in zip(want, actual)):
            shown = "x".join("N" if math.isnan(w) else f"{w:.15g}".replace("inf", "Inf") for w in want)
            raise who.fail("incorrectSize", f"to be of size {shown} when it is actually size "
                                            f"{'x'.join(str(n) for n in actual)}.")
        return
    limit = float(bound[0])
    shown = f"{limit:g}"
    if name in _COMPARISONS:
        suffix, compare = _COMPARISONS[name]
        if not bool(compare(_real_numbers(a), limit).all()):
            raise who.fail(suffix, f"to be an array with all of the values {name} {shown}.")
        return
    suffix, text, measure = _COUNTS[name]
    if measure(a) != limit:
        raise who.fail(suffix, f"to be an array with {text} equal to {shown}.")


@builtin("validateattributes", family="checks")
def validateattributes(a, classes, attributes, *rest):
    """validateattributes(A, classes, attributes, ...)  error unless A has a class and attributes.

    Forms: (A, classes, attributes), (..., argIndex), (..., funcName, varName, argIndex). Error unless A has one of classes (class names, or 'numeric', 'float', 'integer'; {} allows any) and
    every attribute: '2d' '3d' 'column' 'row' 'scalar' 'vector' 'square' 'nonempty' 'nonsparse' 'binary'
    'even' 'odd' 'integer' 'real' 'finite' 'nonnan' 'nonnegative' 'nonzero' 'positive' 'decreasing'
    'increasing' 'nondecreasing' 'nonincreasing' 'diag', and with a value '>' '>=' '<' '<=' 'numel'
    'ncols' 'nrows' 'ndims' 'size' (NaN in a size matches any length). The error names funcName, varName
    and argIndex when given (identifier MATLAB:funcName:expectedPositive, ...).

        validateattributes(x, {'numeric'}, {'positive', 'integer'}, 'myfun', 'x', 1)
    """
    who = _subject(list(rest))
    _check_class(a, classes, who)
    _check_attributes(a, _attribute_list(attributes), who)


@builtin("validatestring", family="checks")
def validatestring(text, valid, *rest):
    """validatestring(str, validStrings), (..., funcName, varName, argIndex)  the valid text str stands for.

    str matches a valid text that starts with it, ignoring case; an exact match, or a match that every
    other match starts with, wins over longer ones. Returns that valid text (a string for string input);
    no match or an ambiguous one is an error.

        validatestring('app', {'apple', 'pear'})   % 'apple'
    """
    who = _subject(list(rest))
    options = [o or "" for o in texts_of(valid, "validatestring").items]
    given = text_arg(text, "validatestring", "Input")
    matches = [o for o in options if given and o.lower().startswith(given.lower())]
    listing = ", ".join(f"'{o}'" for o in options)
    if not matches:
        raise who.fail("unrecognizedStringChoice",
                       f"to match one of these values:\n\n{listing}\n\n"
                       f"The input, '{given}', did not match any of the valid values.")
    shortest = min(matches, key=len)
    if not all(m.lower().startswith(shortest.lower()) for m in matches):
        raise who.fail("ambiguousStringChoice", f"to match one of these values:\n\n{listing}\n\n"
                                                f"The input, '{given}', matched more than one valid value.")
    return string_value([shortest]) if type(text) is StringArray else char_row(shortest)
