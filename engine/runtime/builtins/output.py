"""Output builtins: disp, display, format, and the number-to-text conversions num2str, int2str and
mat2str. Display layout itself lives in engine/runtime/display/."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from ..context import DisplayFormat
from ..display import disp_to, display_to
from ..errors import MatlabError
from ..semantics import from_parts
from ..values import (CharArray, StringArray, StructArray, Value, class_of, is_array_like,
                      fold_columns, to_array)
from .printf import format_text
from .registry import builtin
from .textutil import char_value, text_arg

NUMERIC_STYLE = {"g": False, "e": False, "rat": False}     # what a numeric style turns off
FORMAT_STYLES = {"short": {**NUMERIC_STYLE, "long": False}, "long": {**NUMERIC_STYLE, "long": True},
                 "shortg": {**NUMERIC_STYLE, "long": False, "g": True},
                 "longg": {**NUMERIC_STYLE, "long": True, "g": True},
                 "shorte": {**NUMERIC_STYLE, "long": False, "e": True},
                 "longe": {**NUMERIC_STYLE, "long": True, "e": True},
                 "g": {**NUMERIC_STYLE, "g": True}, "e": {**NUMERIC_STYLE, "e": True},   # "format long g"
                 "rat": {**NUMERIC_STYLE, "rat": True}, "rational": {**NUMERIC_STYLE, "rat": True},
                 "compact": {"compact": True}, "loose": {"compact": False}}
OTHER_MATLAB_STYLES = ("shorteng", "longeng", "bank", "hex", "+", "eng")


@builtin("disp", family="output")
def disp(ctx, value):
    """disp(X)  display the value of X without printing its name.

    Numbers use the same layout as an unsuppressed statement, text prints as is, cells and structs
    print their contents; an empty value prints nothing.

        disp([1 2 3])        %      1     2     3
    """
    disp_to(ctx.write, value, ctx.state.format, ctx.state.output_limit)


def _name_of(ctx) -> str | None:
    """The variable the caller passed as display's argument; None for any other expression (the value
    of ``floor(v)`` may be the very object ``v`` holds, and is still shown without a name)."""
    names = ctx.argument_names()
    return names[0] or None if names else None


@builtin("display", family="output")
def display(ctx, value):
    """display(X)  show X as a statement without a semicolon does.

    The name line uses the variable that holds X when the argument is a variable of the workspace;
    otherwise the value is shown without a name.

        x = [1 2]; display(x)      % x = 1×2 / 1 2
    """
    display_to(ctx.write, _name_of(ctx), value, ctx.state.format, ctx.state.output_limit)


def _format_options(fmt: DisplayFormat) -> StructArray:
    numeric = "rational" if fmt.rat else \
        ("long" if fmt.long else "short") + ("G" if fmt.g else "E" if fmt.e else "")
    return StructArray.scalar({"NumericFormat": char_value(numeric),
                               "LineSpacing": char_value("compact" if fmt.compact else "loose")},
                              classname="DisplayFormatOptions")


def _set_format(fmt: DisplayFormat, chosen: DisplayFormat) -> None:
    """Make the session's format (one object, shared by every frame) what ``chosen`` says."""
    for item in dataclasses.fields(DisplayFormat):
        setattr(fmt, item.name, getattr(chosen, item.name))


def _apply_format(fmt: DisplayFormat, arg: Value) -> None:
    if type(arg) is StructArray and arg.classname == "DisplayFormatOptions":
        opts = arg.data[0, 0]
        for key in ("NumericFormat", "LineSpacing"):
            _apply_format(fmt, opts[key])
        return
    style = text_arg(arg, "format", "Format style").strip().lower()
    if style == "default":
        _set_format(fmt, DisplayFormat())
    elif style in FORMAT_STYLES:
        for attr, flag in FORMAT_STYLES[style].items():
            setattr(fmt, attr, flag)
    elif style in OTHER_MATLAB_STYLES:
        raise MatlabError("matfuse:format:unsupported",
                          f"format {style} is not supported; use short, long, shortG, longG, shortE, "
                          f"longE, rat, compact or loose.")
    else:
        raise MatlabError("MATLAB:format:UnknownOption", f"Unrecognized format option '{style}'.")


@builtin("format", family="output")
def format_(ctx, *styles, nargout=0):
    """format STYLE  set how values are displayed: short, long, shortG, longG, shortE, longE, rat,
    compact, loose; format alone resets.

    ``format long`` shows 15 decimals (7 for single), ``format short`` 4; ``format shortG`` and
    ``format longG`` (also ``format long g``) write non-integers with 5 [15] significant digits in fixed
    or e-notation, whichever is shorter, in columns 13 [25] wide; ``format shortE`` and ``format longE``
    (also ``format short e``) write them in e-notation with 4 [15] decimals; ``format rat`` (also
    ``format rational``) writes real double and single arrays as ratios of small integers, as ``rats``
    does (``355/113``; ``*`` for an element that does not fit); ``format compact`` removes the
    blank lines that ``format loose`` (the default) puts around displayed values. ``old = format(...)``
    returns the settings in effect before the call, which ``format(old)`` restores; ``f = format``
    only reads them.

        format long; pi      % ans = 3.141592653589793
    """
    fmt: DisplayFormat = ctx.state.format
    previous = _format_options(fmt)
    chosen = dataclasses.replace(fmt) if (styles or nargout) else DisplayFormat()
    for style in styles:
        _apply_format(chosen, style)      # every style is checked before any takes effect
    _set_format(fmt, chosen)
    return previous if nargout > 0 else None


# ---- number to text ------------------------------------------------------------------------------

def _numeric_arg(value: Value, fname: str) -> np.ndarray:
    if not is_array_like(value):
        raise MatlabError(f"MATLAB:{fname}:nonNumericInput", f"Input to {fname} must be numeric or logical.")
    arr = to_array(value)
    return fold_columns(arr)


def _empty_char() -> CharArray:
    """MATLAB's '' (0x0), what num2str and int2str return for empty input."""
    return CharArray(np.zeros((0, 0), dtype=np.uint16))


def _char_rows(rows: list[str]) -> CharArray:
    """A char matrix of ``rows`` (padded on the right); '' when there are none."""
    if not rows or not any(rows):
        return _empty_char()
    width = max(len(r) for r in rows)
    codes = np.array([[ord(ch) for ch in r.ljust(width)] for r in rows], dtype=np.uint16)
    return CharArray(codes.reshape(len(rows), width))


def _trim_common_indent(rows: list[str]) -> list[str]:
    indent = min((len(r) - len(r.lstrip(" ")) for r in rows if r.strip()), default=0)
    return [r[indent:].rstrip() for r in rows]


def _special(v: float) -> str | None:
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Inf" if v > 0 else "-Inf"
    return None


def _real_g(v: float, digits: int) -> str:
    return _special(v) or f"{v + 0.0:.{digits}g}"


def _num_element(z, digits: int | None, integer: bool) -> str:
    """One element as num2str writes it: integers in full, others with ``digits`` significant digits."""
    if isinstance(z, complex) or np.iscomplexobj(z):
        re, im = complex(z).real, complex(z).imag
        sign = "-" if im < 0 else "+"
        return f"{_num_element(re, digits, integer)}{sign}{_num_element(abs(im), digits, integer)}i"
    v = float(z)
    if integer:
        return _special(v) or str(int(v))
    return _real_g(v, digits)


def _default_digits(arr: np.ndarray) -> int:
    """MATLAB's num2str precision: four digits after the leading one, at least 5 and at most 16."""
    finite = np.abs(arr[np.isfinite(arr)]) if arr.dtype.kind != "c" else np.abs(
        np.concatenate([arr.real[np.isfinite(arr.real)], arr.imag[np.isfinite(arr.imag)]]))
    top = float(np.max(finite)) if finite.size else 0.0
    lead = math.floor(math.log10(top)) if top > 0 else 0
    return min(max(lead + 5, 5), 16)


def _is_integer_valued(arr: np.ndarray) -> bool:
    if arr.dtype.kind in "iub":
        return True
    parts = [arr.real, arr.imag] if arr.dtype.kind == "c" else [arr]
    return all(np.all(p[np.isfinite(p)] == np.round(p[np.isfinite(p)])) for p in parts)


def num2str_rows(arr: np.ndarray, digits: int | None) -> list[str]:
    """The rows of num2str's result for a 2-D numeric array (precision ``digits`` or MATLAB's default)."""
    integer = digits is None and _is_integer_valued(arr)
    if not integer and digits is None:
        digits = _default_digits(arr)
    texts = [[_num_element(v, digits, integer) for v in row] for row in arr]
    if arr.size == 1:
        return [texts[0][0]]
    if integer:
        width = max(len(t) for row in texts for t in row) + 2
    else:
        width = digits + 7 + (arr.dtype.kind == "c") * (digits + 3)
    return _trim_common_indent(["".join(t.rjust(width) for t in row) for row in texts])


MAX_DIGITS = 1100     # past a double's longest exact expansion (767 digits): more digits add nothing


def _precision(value: Value, fname: str) -> int:
    """A number-of-digits argument: a real numeric scalar of at least 1 (truncated; capped at
    MAX_DIGITS), else MATLAB's invalid-precision error."""
    arr = to_array(value) if is_array_like(value) and type(value) is not CharArray else np.zeros(0)
    number = float(np.real(arr.reshape(-1)[0])) if arr.size else math.nan
    if not 1 <= number < math.inf:
        raise MatlabError(f"MATLAB:{fname}:invalidPrecision", "Precision must be a positive integer.")
    return int(min(number, MAX_DIGITS))


@builtin("num2str", family="output")
def num2str(x, precision=None):
    """num2str(X)  convert numbers to text; num2str(X, N) with N significant digits; num2str(X, FORMAT)
    with a sprintf format applied to each row.

    Whole numbers print in full; other values get four digits after the leading one (at least five
    significant digits); matrices become char matrices with aligned columns.

        num2str(pi)          % '3.1416'
    """
    if type(x) is CharArray:
        return x
    arr = _numeric_arg(x, "num2str")
    if arr.size == 0:
        return _empty_char()
    if precision is not None and type(precision) in (CharArray, StringArray):
        fmt = text_arg(precision, "num2str", "Format")
        return _char_rows([format_text(fmt, [row.reshape(1, -1).copy()]) for row in arr])
    digits = None
    if precision is not None:
        digits = _precision(precision, "num2str")
    return _char_rows(num2str_rows(arr, digits))


def _matlab_round(arr: np.ndarray) -> np.ndarray:
    """Round half away from zero, as MATLAB's round."""
    if arr.dtype.kind in "iub":
        return arr
    if arr.dtype.kind == "c":
        return from_parts(_matlab_round(arr.real), _matlab_round(arr.imag))
    return np.sign(arr) * np.floor(np.abs(arr) + 0.5)


@builtin("int2str", family="output")
def int2str(x):
    """int2str(X)  round X to integers and convert them to text (a char matrix for a matrix).

    Rounds half away from zero, then writes the numbers as num2str writes integers.

        int2str(2.5)         % '3'
    """
    if type(x) is CharArray:
        x = to_array(x)
    arr = _numeric_arg(x, "int2str")
    if arr.size == 0:
        return _empty_char()
    return _char_rows(num2str_rows(_matlab_round(arr), None))


# ---- mat2str -------------------------------------------------------------------------------------

def _mat2str_element(v, digits: int, cls: str) -> str:
    if cls == "logical":
        return "true" if v else "false"
    if cls != "double" and cls != "single":
        return str(int(v))
    if isinstance(v, (complex, np.complexfloating)):
        re, im = float(v.real) + 0.0, float(v.imag) + 0.0
        sign = "-" if im < 0 else "+"
        return f"{_real_g(re, digits)}{sign}{_real_g(abs(im), digits)}i"
    return _real_g(float(v), digits)


def _mat2str_char(value: CharArray) -> str:
    rows = ["'" + r.replace("'", "''") + "'" for r in value.rows()]
    return rows[0] if len(rows) == 1 else "[" + ";".join(rows) + "]"


def _mat2str_numeric(arr: np.ndarray, digits: int, cls: str) -> str:
    if arr.size == 0:
        maker = "false" if cls == "logical" else "zeros"
        return f"{maker}({arr.shape[0]},{arr.shape[1]})"
    rows = [" ".join(_mat2str_element(v, digits, cls) for v in row) for row in arr]
    return rows[0] if arr.size == 1 else "[" + ";".join(rows) + "]"


@builtin("mat2str", family="output")
def mat2str(x, *options):
    """mat2str(A)  the MATLAB expression that recreates a 2-D matrix; mat2str(A, N) uses N significant
    digits (15 by default, 7 for single); mat2str(A, 'class') adds the class name for non-double values.

    Rows are separated by ``;`` and elements by spaces; logical values print as true/false and char
    arrays as quoted text.

        mat2str([1 2;3 4])   % '[1 2;3 4]'
    """
    digits, with_class = (7 if class_of(x) == "single" else 15), False
    for opt in options:
        if type(opt) in (CharArray, StringArray):
            if text_arg(opt, "mat2str", "Option").lower() != "class":
                raise MatlabError("MATLAB:mat2str:InvalidOption", "Option must be 'class'.")
            with_class = True
        else:
            digits = _precision(opt, "mat2str")
    if type(x) is CharArray:
        if x.codes.ndim > 2:
            raise MatlabError("MATLAB:mat2str:TwoDInput", "Input matrix must be 2-D.")
        text = "''" if x.codes.size == 0 else _mat2str_char(x)
        return char_value(f"char({text})" if with_class else text)
    if type(x) is StringArray and x.shape == (1, 1) and x.data[0, 0] is not None:
        return char_value('"' + x.data[0, 0].replace('"', '""') + '"')
    if not is_array_like(x):
        raise MatlabError("MATLAB:mat2str:NumericInput",
                          "Input matrix must be a numeric, logical, or character array.")
    arr = to_array(x)
    if arr.ndim > 2:
        raise MatlabError("MATLAB:mat2str:TwoDInput", "Input matrix must be 2-D.")
    cls = class_of(x)
    text = _mat2str_numeric(arr, digits, cls)
    return char_value(f"{cls}({text})" if with_class and cls not in ("double", "logical") else text)
