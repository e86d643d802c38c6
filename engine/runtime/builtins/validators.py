"""Validation functions (mustBe*): each raises MATLAB:validators:<name> with MATLAB's message when its
value fails, and returns nothing. The numeric ones take numeric and logical values (a value of
another class fails mustBeNumeric's test first where MATLAB's does); empty values pass the element tests.
"""
from __future__ import annotations

import os
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..values import CharArray, StringArray, Value, class_of, size_of
from .arrays import is_cellstr
from .elementwise import ANY_NUMERIC
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import texts_of


_RAISES = ("For checking the inputs of a function: when the value fails it raises "
           "MATLAB:validators:{name}, \"{message}\"; it returns nothing.")


def _fail(name: str, message: str) -> MatlabError:
    return MatlabError(f"MATLAB:validators:{name}", message)


def _numbers(name: str, value: Value) -> np.ndarray:
    if class_of(value) not in ANY_NUMERIC or type(value) is CharArray:
        raise _fail(name, "Value must be numeric or logical.")
    return numeric_array(value, name)


def _element_check(name: str, test: Callable[[np.ndarray], np.ndarray], message: str, summary: str,
                   example: str) -> None:
    """Register ``name``: every element of a numeric or logical value must pass ``test``."""
    def check(value: Value) -> None:
        arr = _numbers(name, value)
        if arr.size and not bool(np.all(test(arr))):
            raise _fail(name, message)
    check.__doc__ = f"{name}(value)  {summary}\n\n{_RAISES.format(name=name, message=message)}\n\n    {example}\n"
    builtin(name, family="checks")(check)


def _real(arr: np.ndarray) -> np.ndarray:
    return arr.real if not np.iscomplexobj(arr) else np.where(arr.imag == 0, arr.real, np.nan)


_element_check("mustBePositive", lambda a: _real(a) > 0, "Value must be positive.",
               "error unless every element is real and greater than zero.", "mustBePositive([1 2 3])    % passes")
_element_check("mustBeNonnegative", lambda a: _real(a) >= 0, "Value must be nonnegative.",
               "error unless every element is real and at least zero.", "mustBeNonnegative([0 2])    % passes")
_element_check("mustBeNegative", lambda a: _real(a) < 0, "Value must be negative.",
               "error unless every element is real and less than zero.", "mustBeNegative(-1)    % passes")
_element_check("mustBeNonpositive", lambda a: ~(_real(a) > 0), "Value must not be positive.",
               "error if any element is greater than zero.", "mustBeNonpositive([0 -2])    % passes")
_element_check("mustBeNonzero", lambda a: a != 0, "Value must not be zero.",
               "error if any element is zero.", "mustBeNonzero([1 -1])    % passes")
_element_check("mustBeFinite", np.isfinite, "Value must be finite.",
               "error if any element is Inf, -Inf or NaN.", "mustBeFinite([1 Inf])    % error")
_element_check("mustBeNonNan", lambda a: ~np.isnan(a), "Value must be nonNaN.",
               "error if any element is NaN.", "mustBeNonNan([1 NaN])    % error")
_element_check("mustBeInteger", lambda a: np.isfinite(_real(a)) & (_real(a) == np.floor(_real(a))),
               "Value must be integer.", "error unless every element is a real whole number.",
               "mustBeInteger(2.5)    % error")


def _kind_check(name: str, test: Callable[[Value], bool], message: str, summary: str, example: str) -> None:
    """Register ``name``: the value as a whole must pass ``test``."""
    def check(value: Value) -> None:
        if not test(value):
            raise _fail(name, message)
    check.__doc__ = f"{name}(value)  {summary}\n\n{_RAISES.format(name=name, message=message)}\n\n    {example}\n"
    builtin(name, family="checks")(check)


def _texts(value: Value) -> list[str | None]:
    """The pieces of a text value (a char row is one)."""
    return texts_of(value, "validators").items


def _is_text(value: Value) -> bool:
    return type(value) in (CharArray, StringArray) or is_cellstr(value)


def _is_text_scalar(value: Value) -> bool:
    if type(value) is StringArray:
        return value.shape == (1, 1)
    return type(value) is CharArray and (value.shape[0] == 1 or value.codes.size == 0) and len(value.shape) == 2


_kind_check("mustBeNumeric", lambda v: class_of(v) in ANY_NUMERIC and class_of(v) not in ("logical", "char"),
            "Value must be numeric.", "error unless the value is of a numeric class.", "mustBeNumeric('a')    % error")
_kind_check("mustBeNumericOrLogical", lambda v: class_of(v) in ANY_NUMERIC and class_of(v) != "char",
            "Value must be numeric or logical.", "error unless the value is numeric or logical.",
            "mustBeNumericOrLogical(true)    % passes")
_kind_check("mustBeReal", lambda v: class_of(v) in ANY_NUMERIC and not np.iscomplexobj(numeric_array(v, "mustBeReal")),
            "Value must be real.", "error unless the value is numeric or logical with no imaginary part.",
            "mustBeReal(1 + 2i)    % error")
_kind_check("mustBeNonempty", lambda v: 0 not in size_of(v), "Value must not be empty.",
            "error if the value is empty (a dimension of size 0).", "mustBeNonempty([])    % error")
_kind_check("mustBeScalarOrEmpty", lambda v: np.prod(size_of(v)) <= 1, "Value must be scalar or empty.",
            "error unless the value has one element or none.", "mustBeScalarOrEmpty([1 2])    % error")
_kind_check("mustBeVector", lambda v: len(size_of(v)) == 2 and 1 in size_of(v),
            "Value must be a 1-by-n vector or an n-by-1 vector.",
            "error unless the value is a row or a column (a scalar is both).", "mustBeVector(ones(2))    % error")
_kind_check("mustBeText", _is_text,
            "Value must be a character vector, string array, or cell array of character vectors.",
            "error unless the value is text: char, string, or a cell array of character vectors.",
            "mustBeText({'a', 'b'})    % passes")
_kind_check("mustBeTextScalar", _is_text_scalar, "Value must be a character vector or string scalar.",
            "error unless the value is one piece of text: a character row vector or a string scalar.",
            "mustBeTextScalar([\"a\" \"b\"])    % error")
_kind_check("mustBeNonzeroLengthText", lambda v: _is_text(v) and all(_texts(v)),
            "Value must be text with one or more characters.",
            "error unless the value is text and no piece of it is empty.", "mustBeNonzeroLengthText(\"\")    % error")


def _bound_text(c: np.ndarray) -> str:
    return f"{c.item():.15g}" if c.size == 1 else str(c)


def _comparison(name: str, relation: Callable[[np.ndarray, np.ndarray], np.ndarray], words: str,
                example: str) -> None:
    """Register ``name(value, c)``: every element of value must be ``words`` c."""
    def check(value: Value, c: Value) -> None:
        arr, bound = _numbers(name, value), _numbers(name, c)
        if bound.size != 1:
            raise MatlabError(f"MATLAB:validators:{name}", "The bound must be a scalar.")
        if arr.size and not bool(np.all(relation(_real(arr), _real(bound).ravel()[0]))):
            raise _fail(name, f"Value must be {words} {_bound_text(_real(bound))}.")
    summary = f"error unless every element of value is {words} c."
    message = f"Value must be {words} c."
    check.__doc__ = f"{name}(value, c)  {summary}\n\n{_RAISES.format(name=name, message=message)}\n\n    {example}\n"
    builtin(name, family="checks")(check)


_comparison("mustBeGreaterThan", np.greater, "greater than", "mustBeGreaterThan(5, 2)    % passes")
_comparison("mustBeGreaterThanOrEqual", np.greater_equal, "greater than or equal to",
            "mustBeGreaterThanOrEqual(2, 2)    % passes")
_comparison("mustBeLessThan", np.less, "less than", "mustBeLessThan(5, 2)    % error")
_comparison("mustBeLessThanOrEqual", np.less_equal, "less than or equal to", "mustBeLessThanOrEqual(2, 2)    % passes")

BOUND_FLAGS = ("inclusive", "exclusive", "exclude-lower", "exclude-upper")


@builtin("mustBeInRange", family="checks")
def mustBeInRange(value: Value, lower: Value, upper: Value, *flags: Value) -> None:
    """mustBeInRange(value, lower, upper), mustBeInRange(..., boundflag)  error unless every element is
    within [lower, upper].

    Flags 'inclusive' (the default), 'exclusive', 'exclude-lower' and 'exclude-upper' leave the bounds
    in or out. Raises MATLAB:validators:mustBeInRange with MATLAB's message naming the range.

        mustBeInRange(255, 0, 1)    % Value must be greater than or equal to 0, and less than or equal to 1.
    """
    arr = _real(_numbers("mustBeInRange", value))
    low, high = (_real(_numbers("mustBeInRange", b)).ravel() for b in (lower, upper))
    words = [(option_text(f) or "").lower() for f in flags]
    if any(w not in BOUND_FLAGS for w in words) or low.size != 1 or high.size != 1:
        raise MatlabError("MATLAB:validators:mustBeInRange",
                          "The bounds must be scalars and the flags 'inclusive', 'exclusive', 'exclude-lower' "
                          "or 'exclude-upper'.")
    open_low = "exclusive" in words or "exclude-lower" in words
    open_high = "exclusive" in words or "exclude-upper" in words
    ok = (arr > low[0] if open_low else arr >= low[0]) & (arr < high[0] if open_high else arr <= high[0])
    if arr.size and not bool(np.all(ok)):
        raise _fail("mustBeInRange", f"Value must be greater than {'' if open_low else 'or equal to '}"
                    f"{_bound_text(low)}, and less than {'' if open_high else 'or equal to '}{_bound_text(high)}.")


@builtin("mustBeMember", family="checks")
def mustBeMember(value: Value, members: Value) -> None:
    """mustBeMember(value, S)  error unless every element of value is an element of S.

    Numbers compare by value; text (char, string, cell array of character vectors) compares
    case-sensitively with the texts of S. Raises MATLAB:validators:mustBeMember.

        mustBeMember('red', {'red', 'green'})    % passes
    """
    if _is_text(value) and _is_text(members):
        wanted, allowed = _texts(value), _texts(members)
        ok = all(t in allowed for t in wanted)
        listing = "\n".join(f"    '{t}'" for t in allowed)
    elif class_of(value) in ANY_NUMERIC and class_of(members) in ANY_NUMERIC:
        allowed_numbers = numeric_array(members, "mustBeMember").ravel()
        ok = bool(np.all(np.isin(numeric_array(value, "mustBeMember"), allowed_numbers)))
        listing = "\n".join(f"    {v:.15g}" for v in allowed_numbers.astype(np.float64))
    else:
        ok, listing = False, ""
    if not ok:
        raise _fail("mustBeMember", f"Value must be a member of this set:\n{listing}")


def _paths(name: str, value: Value) -> list[str]:
    if not _is_text(value):
        raise _fail(name, "Value must be a character vector, string array, or cell array of character vectors.")
    return _texts(value)


@builtin("mustBeFile", family="checks")
def mustBeFile(path: Value) -> None:
    """mustBeFile(path)  error unless each path names an existing file.

    Raises MATLAB:validators:mustBeFile, naming the missing files.

        mustBeFile('data.csv')
    """
    missing = [p for p in _paths("mustBeFile", path) if not os.path.isfile(p)]
    if missing:
        raise _fail("mustBeFile", "The following files do not exist: " + ", ".join(f"'{p}'" for p in missing) + ".")


@builtin("mustBeFolder", family="checks")
def mustBeFolder(path: Value) -> None:
    """mustBeFolder(path)  error unless each path names an existing folder.

    Raises MATLAB:validators:mustBeFolder, naming the missing folders.

        mustBeFolder(tempdir)    % passes
    """
    missing = [p for p in _paths("mustBeFolder", path) if not os.path.isdir(p)]
    if missing:
        raise _fail("mustBeFolder", "The following folders do not exist: " + ", ".join(f"'{p}'" for p in missing) + ".")


@builtin("mustBeA", family="checks")
def mustBeA(value: Value, classes: Value) -> None:
    """mustBeA(value, classNames)  error unless the value's class is one of classNames.

    classNames is text: one class name, or several (string array or cell array). 'numeric' and
    'float' are not class names here; name the classes. Raises MATLAB:validators:mustBeA.

        mustBeA(5, ["double" "single"])    % passes
    """
    if not _is_text(classes):
        raise MatlabError("MATLAB:validators:mustBeA", "Class names must be text.")
    names = _texts(classes)
    if class_of(value) not in names:
        raise _fail("mustBeA", "Value must be one of the following types: " + ", ".join(f"'{n}'" for n in names) + ".")


