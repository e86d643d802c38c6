"""Type builtins: class conversions (double, single, intN, uintN, logical, char, string), class tests
(class, isa, isnumeric, ...), class limits (intmax, realmax, eps, ...) and constants (pi, Inf, NaN, i,
true, false). Casting rules (round half away, saturation, NaN -> 0) come from runtime/semantics.py.
Size arguments are read with the numeric family's helpers (construct.split_class, sizes.size_from_args)."""
from __future__ import annotations

import math

import numpy as np

from ..errors import MatlabError
from ..semantics import cast_result, char_codes
from ..values import (DTYPE_OF_CLASS, INTEGER_CLASSES, CellArray, CharArray, HandleObject, StringArray,
                      StructArray, Value, class_of, simplify, to_array, utf16_codes)
from .construct import split_class
from .registry import VALUE_CLASSES, builtin
from .sizes import size_from_args
from .textnum import str2double
from .textutil import WHITESPACE, cell_value, char_value, is_char_row, option_name, string_value, text_arg

NUMERIC_CLASSES = ("double", "single") + INTEGER_CLASSES
FLOAT_CLASSES = ("double", "single")


def _conversion_error(target: str, value: Value) -> MatlabError:
    return MatlabError("MATLAB:invalidConversion",
                       f"Conversion to {target} from {class_of(value)} is not possible.")


def _filled(value: float | bool, args: tuple, fname: str) -> Value:
    """Inf/NaN/true/false with size arguments (and, for Inf and NaN, 'double'/'single'/'like', p)."""
    if type(value) is bool:
        rest, cls = list(args), "logical"
    else:
        rest, cls, _ = split_class(args, fname, FLOAT_CLASSES)
    return simplify(np.full(size_from_args(rest, fname), value, dtype=DTYPE_OF_CLASS[cls]))


# -- numeric conversions ----------------------------------------------------------------------------

def to_class(value: Value, cls: str) -> Value:
    """``value`` converted to numeric or logical class ``cls`` with MATLAB's casting rules."""
    t = type(value)
    if t is StringArray and cls in FLOAT_CLASSES:
        number = str2double(value)
        return simplify(cast_result(to_array(number), cls))
    if t not in (float, bool, complex, np.ndarray, CharArray):
        raise _conversion_error(cls, value)
    arr = to_array(value)
    return simplify(cast_result(arr, cls))


def _register_conversion(cls: str) -> None:
    limits = "" if cls in FLOAT_CLASSES else (" Values are rounded to the nearest integer (halves away "
                                              "from zero), saturate at the class limits, and NaN becomes 0.")

    def convert(x):
        return to_class(x, cls)
    convert.__doc__ = (f"{cls}(X)  convert X to class {cls}.\n\n"
                       f"Converts numeric, logical and char values (a char gives its character codes)."
                       f"{limits}\n\n    {cls}('A')   % 65")
    builtin(cls, family="types")(convert)


for _cls in NUMERIC_CLASSES:
    _register_conversion(_cls)


@builtin("logical", family="types")
def logical(x):
    """logical(X)  convert numeric values to logical: nonzero is true.

    NaN cannot be converted and raises an error; char, cell and struct inputs are not convertible.

        logical([2 0 -1])   % [1 0 1]
    """
    if type(x) not in (float, bool, complex, np.ndarray):
        raise _conversion_error("logical", x)
    arr = to_array(x)
    if arr.dtype.kind in "fc" and np.isnan(arr).any():
        raise MatlabError("MATLAB:nologicalnan", "NaN's cannot be converted to logicals.")
    return simplify(arr != 0)


@builtin("cast", family="types")
def cast(x: Value, *args: Value) -> Value:
    """cast(A, newclass), cast(A, 'like', p)  convert A to a numeric class, logical or char.

    newclass is 'double', 'single', an integer class, 'logical' or 'char'; with 'like', the class (and
    complexity) of p. The rules are those of the conversion functions: cast(A, 'int8') is int8(A).

        cast([1.6 -2.5], 'int16')    % [2 -3]
    """
    if len(args) == 2 and option_name(args[0]) == "like":
        p = args[1]
        target = class_of(p)
        if target not in NUMERIC_CLASSES + ("logical", "char"):
            raise MatlabError("MATLAB:cast:UnsupportedPrototype", f"cast with 'like' does not support a "
                              f"prototype of class {target}.")
        out = cast(x, CharArray.from_str(target))
        if target in FLOAT_CLASSES and np.iscomplexobj(to_array(p)):
            return to_array(out).astype(np.complex64 if target == "single" else np.complex128)
        return out
    if len(args) != 1 or option_name(args[0]) is None:
        raise MatlabError("MATLAB:cast:UnsupportedClass", "cast takes a class name, or 'like' and a prototype.")
    target = option_name(args[0])
    if target in NUMERIC_CLASSES:
        return to_class(x, target)
    if target == "logical":
        return logical(x)
    if target == "char":
        return x if type(x) is CharArray else CharArray(char_codes(x))
    raise MatlabError("MATLAB:cast:UnsupportedClass", f"Unsupported data type '{target}' for cast.")


# -- char and string --------------------------------------------------------------------------------

def char_rows(value: Value) -> list[str]:
    """The rows a value contributes to char(...)."""
    t = type(value)
    if t is CharArray:
        return value.rows() if value.codes.size else [""]
    if t is StringArray:
        return ["" if s is None else s for s in value.data.ravel(order="F")]
    if t is CellArray:
        rows: list[str] = []
        for v in value.data.ravel(order="F"):
            if type(v) is not CharArray:
                raise MatlabError("MATLAB:char:CellsMustContainChars",
                                  "Cell elements must be character arrays.")
            rows.extend(char_rows(v))
        return rows
    if t in (float, bool, np.ndarray):
        codes = char_codes(value)
        return CharArray(codes).rows() if codes.size else [""]
    raise _conversion_error("char", value)


def pad_rows(rows: list[str]) -> CharArray:
    """The rows as a char matrix, padded with spaces; widths count UTF-16 code units (a character outside
    the BMP is two chars, as in MATLAB)."""
    units = [utf16_codes(r) for r in rows]
    width = max((u.size for u in units), default=0)
    codes = np.full((len(rows), width), ord(" "), dtype=np.uint16)
    for k, u in enumerate(units):
        codes[k, :u.size] = u
    return CharArray(codes)


@builtin("char", family="types")
def char(*args):
    """char(X), char(A1, ..., An)  convert to a char array.

    Numbers become the characters with those codes; a cell array of char, a string array or several
    arguments become the rows of a char matrix, padded with spaces to the longest.

        char(72, 105)          % ['H'; 'i']
        char({'a', 'bcd'})     % ['a  '; 'bcd']
    """
    if not args:
        return CharArray(np.zeros((0, 0), dtype=np.uint16))
    if len(args) == 1 and type(args[0]) is CharArray:
        return args[0]
    if len(args) == 1 and type(args[0]) in (float, bool, np.ndarray):
        return CharArray(char_codes(args[0]).copy())
    return pad_rows([row for a in args for row in char_rows(a)])


def number_texts(values: list) -> list[str]:
    """How string(X) writes the elements of X: whole numbers in full, others with the precision
    num2str picks for the whole array (5 significant digits for values below 10, one more per decade of
    the largest magnitude: string(pi) is "3.1416", string([pi 100]) gives "3.14159")."""
    finite = [abs(v) for v in values if not isinstance(v, (bool, np.bool_)) and math.isfinite(abs(v))]
    largest = max(finite, default=0.0)
    digits = min(max(math.ceil(math.log10(largest)) + 4 if largest > 0 else 5, 5), 17)
    return [_number_text(v, digits) for v in values]


def _number_text(value: float | complex | bool, digits: int) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "true" if value else "false"
    if isinstance(value, complex):
        imag = _number_text(value.imag, digits)
        return f"{_number_text(value.real, digits)}{'' if imag.startswith('-') else '+'}{imag}i"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Inf" if value > 0 else "-Inf"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.{digits}g}"


@builtin("string", family="types")
def string(x):
    """string(X)  convert to a string array.

    Char row vectors become one string (a char matrix one string per row); cell arrays of char keep
    their shape; numbers are written as num2str writes them (string(pi) is "3.1416"); logical
    values become "true"/"false".

        string(5)       % "5"
        string({'a', 'bc'})   % ["a", "bc"]
    """
    t = type(x)
    if t is StringArray:
        return x
    if t is CharArray:
        if is_char_row(x) or x.codes.size == 0:
            return string_value([x.to_str()], (1, 1))
        return string_value(x.rows(), (x.shape[0], 1))
    if t is CellArray:
        return string_value([text_arg(v, "string", "Each cell element") for v in x.data.ravel(order="F")],
                            x.shape)
    if t in (float, bool, complex, np.ndarray):
        arr = to_array(x)
        return string_value(number_texts(arr.ravel(order="F").tolist()), arr.shape)
    raise _conversion_error("string", x)


@builtin("cellstr", family="types")
def cellstr(x):
    """cellstr(A)  convert to a cell array of character vectors.

    Each row of a char array becomes one cell (trailing whitespace removed); a string array keeps its
    shape; a cell array of char is returned as is.

        cellstr(['ab '; 'cde'])   % {'ab'; 'cde'}
    """
    t = type(x)
    if t is CellArray:
        if not all(type(v) is CharArray for v in x.data.flat):
            raise MatlabError("MATLAB:cellstr:MustContainText",
                              "Cell array elements must be character arrays.")
        return x
    if t is CharArray:
        rows = [r.rstrip(WHITESPACE + "\0") for r in x.rows()] if x.codes.size else [""]
        return cell_value([char_value(r) for r in rows], (len(rows), 1))
    if t is StringArray:
        return cell_value([char_value(v or "") for v in x.data.ravel(order="F")], x.shape)
    raise MatlabError("MATLAB:cellstr:InputClass",
                      "Input must be a string, a character array or a cell array of character vectors.")


# -- class tests ------------------------------------------------------------------------------------

@builtin("class", family="types")
def class_(x):
    """class(X)  the class name of X, as a char vector.

    Objects the engine models as structs report their own class (an MException reports 'MException').

        class(int8(1))   % 'int8'
    """
    return CharArray.from_str(class_of(x))


_CATEGORIES: dict[str, tuple[str, ...]] = {
    "numeric": NUMERIC_CLASSES, "float": FLOAT_CLASSES, "integer": INTEGER_CLASSES,
}


@builtin("isa", family="types")
def isa(x, name):
    """isa(X, className)  true if X is of class className or in category 'numeric', 'float' or 'integer'.

    The category names take precedence over class names; isa never errors for an unknown class name.

        isa(int8(3), 'integer')   % true
    """
    wanted = text_arg(name, "isa", "Class name")
    if wanted == "handle" and isinstance(x, HandleObject):
        return True
    cls = class_of(x)
    return cls in _CATEGORIES.get(wanted, (wanted,))


@builtin("isobject", family="types")
def isobject(x):
    """isobject(X)  true if X is an object of a class (a containers.Map, an MException, a parallel pool, a
    datetime, duration, categorical or table), not a built-in array, string, cell, struct or function handle.

    Handle objects (containers.Map), value classes and the property objects the engine models as structs
    count.

        isobject(containers.Map())   % true; isobject(struct()) is false
    """
    return isinstance(x, (HandleObject, *VALUE_CLASSES)) or (type(x) is StructArray and x.classname != "struct")


def _register_test(name: str, classes: tuple[str, ...], what: str, example: str) -> None:
    def test(x):
        return class_of(x) in classes
    test.__doc__ = (f"{name}(X)  true if X is {what}.\n\n"
                    f"Looks at the class of X only (any size, empty arrays included).\n\n"
                    f"    {example}")
    builtin(name, family="types")(test)


for _name, _classes, _what, _example in (
        ("isnumeric", NUMERIC_CLASSES, "numeric (double, single or an integer class)",
         "isnumeric(int8(1))   % true; isnumeric(true) is false"),
        ("isfloat", FLOAT_CLASSES, "double or single", "isfloat(single(1))   % true"),
        ("isinteger", INTEGER_CLASSES, "of an integer class", "isinteger(3)   % false: 3 is a double"),
        ("islogical", ("logical",), "logical", "islogical(1 > 0)   % true"),
        ("ischar", ("char",), "a char array", "ischar('a')   % true; ischar(\"a\") is false"),
        ("isstring", ("string",), "a string array", "isstring(\"a\")   % true"),
        ("iscell", ("cell",), "a cell array", "iscell({1, 'a'})   % true"),
        ("isstruct", ("struct",), "a struct array", "isstruct(struct('a', 1))   % true")):
    _register_test(_name, _classes, _what, _example)


@builtin("iscellstr", family="types")
def iscellstr(x):
    """iscellstr(C)  true if C is a cell array whose every element is a char array.

    An empty cell array counts as a cell array of char; string arrays do not.

        iscellstr({'a', 'bc'})   % true
    """
    return type(x) is CellArray and all(type(v) is CharArray for v in x.data.flat)


# -- class limits -----------------------------------------------------------------------------------

def _class_name(args: tuple, fname: str, allowed: tuple[str, ...], default: str) -> str:
    """The class a limit function is asked about: a class name, or the class of p in ('like', p)."""
    if not args:
        return default
    if len(args) == 2 and option_name(args[0]) == "like":
        name = class_of(args[1])
        if name not in allowed:
            raise MatlabError(f"MATLAB:{fname}:invalidPrototype", f"The prototype for {fname} must be of "
                              f"class {', '.join(allowed)}, not {name}.")
        return name
    name = option_name(args[0]) if len(args) == 1 else None
    if name not in allowed:
        raise MatlabError(f"MATLAB:{fname}:invalidClassName",
                          f"Invalid class name for {fname}: the argument must be one of "
                          f"{', '.join(allowed)}.")
    return name


def _integer_limit(args: tuple, fname: str, attr: str) -> np.ndarray:
    cls = _class_name(args, fname, INTEGER_CLASSES, "int32")
    dtype = DTYPE_OF_CLASS[cls]
    return np.array([[getattr(np.iinfo(dtype), attr)]], dtype=dtype)


@builtin("intmax", family="types")
def intmax(*args):
    """intmax, intmax(className), intmax('like', p)  the largest value of an integer class (default
    'int32').

    The result has that integer class; the argument is one of int8, int16, int32, int64, uint8, uint16,
    uint32, uint64.

        intmax('uint8')   % 255
    """
    return _integer_limit(args, "intmax", "max")


@builtin("intmin", family="types")
def intmin(*args):
    """intmin, intmin(className), intmin('like', p)  the smallest value of an integer class (default
    'int32').

    The result has that integer class; the argument is one of int8, int16, int32, int64, uint8, uint16,
    uint32, uint64.

        intmin('int8')   % -128
    """
    return _integer_limit(args, "intmin", "min")


def _float_limit(args: tuple, fname: str, attr: str) -> Value:
    cls = _class_name(args, fname, FLOAT_CLASSES, "double")
    return simplify(np.array([[getattr(np.finfo(DTYPE_OF_CLASS[cls]), attr)]], dtype=DTYPE_OF_CLASS[cls]))


@builtin("realmax", family="types")
def realmax(*args):
    """realmax, realmax(className), realmax('like', p)  the largest finite floating-point number.

    The argument is 'double' (default) or 'single'; the result has that class.

        realmax   % 1.7977e+308
    """
    return _float_limit(args, "realmax", "max")


@builtin("realmin", family="types")
def realmin(*args):
    """realmin, realmin(className), realmin('like', p)  the smallest positive normalized floating-point
    number.

    The argument is 'double' (default) or 'single'; smaller positive values are denormal.

        realmin('single')   % 1.1755e-38
    """
    return _float_limit(args, "realmin", "tiny")


@builtin("flintmax", family="types")
def flintmax(*args):
    """flintmax, flintmax(className), flintmax('like', p)  the largest consecutive integer of a
    floating-point class: 2^53 for double, 2^24 for single.

    Every integer from -flintmax to flintmax is exactly representable; flintmax + 1 is not.

        flintmax   % 9.0072e+15
    """
    cls = _class_name(args, "flintmax", FLOAT_CLASSES, "double")
    dtype = DTYPE_OF_CLASS[cls]
    return simplify(np.array([[2.0 ** (np.finfo(dtype).nmant + 1)]], dtype=dtype))


@builtin("eps", family="types")
def eps(*args):
    """eps, eps(X), eps(className), eps('like', p)  floating-point relative accuracy.

    eps is the distance from 1.0 to the next double (2^-52); eps(X) is the distance from abs(X) to the
    next larger number of X's class, element by element (NaN for Inf and NaN; eps(realmax) is the spacing
    of the numbers near realmax, 2^971).

        eps(1000)   % 1.1369e-13
    """
    if not args or option_name(args[0]) is not None:
        return _float_limit(args, "eps", "eps")     # a class name, or ('like', p)
    x = args[0]
    if class_of(x) not in FLOAT_CLASSES or len(args) > 1:
        raise MatlabError("MATLAB:eps:invalidInput", "eps(X) requires X to be double or single.")
    arr = np.abs(to_array(x))
    with np.errstate(invalid="ignore", over="ignore"):
        gap = np.spacing(arr)
        top = np.isinf(gap) & np.isfinite(arr)         # realmax: the spacing of its binade, not Inf
        gap[top] = np.spacing(np.nextafter(arr[top], 0))
        return simplify(gap.astype(arr.dtype))


# -- constants --------------------------------------------------------------------------------------

@builtin("pi", family="types")
def pi():
    """pi  the ratio of a circle's circumference to its diameter, 3.14159...

    The double closest to the true value.

        2 * pi   % 6.2832
    """
    return math.pi


@builtin("Inf", family="types", aliases=("inf",))
def inf(*args):
    """Inf, Inf(n), Inf(m, n, ...), Inf(..., 'single')  positive infinity, or an array of it.

    Size arguments work as for zeros; a trailing 'single' (or 'like', p) gives class single. Also
    spelled inf.

        Inf(1, 3)   % [Inf Inf Inf]
    """
    return _filled(math.inf, args, "Inf")


@builtin("NaN", family="types", aliases=("nan",))
def nan(*args):
    """NaN, NaN(n), NaN(m, n, ...), NaN(..., 'single')  Not-a-Number, or an array of it.

    Size arguments work as for zeros; a trailing 'single' (or 'like', p) gives class single. NaN
    compares unequal to everything, itself included. Also spelled nan.

        NaN(2, 3)   % 2x3 of NaN
    """
    return _filled(math.nan, args, "NaN")


@builtin("i", family="types", aliases=("j",))
def imaginary_unit():
    """i, j  the imaginary unit, sqrt(-1).

    Complex results whose imaginary parts are all zero become real again. The literal 1i is the
    parser's.

        3 + 4*i   % 3.0000 + 4.0000i
    """
    return 1j


@builtin("true", family="types")
def true(*args):
    """true, true(n), true(m, n, ...)  logical 1, or an array of it.

    Size arguments work as for zeros; the result is a logical array.

        true(2)   % [1 1; 1 1]
    """
    return _filled(True, args, "true")


@builtin("false", family="types")
def false(*args):
    """false, false(n), false(m, n, ...)  logical 0, or an array of it.

    Size arguments work as for zeros; the result is a logical array.

        false(1, 3)   % [0 0 0]
    """
    return _filled(False, args, "false")
