"""Control builtins: error, warning, lastwarn, assert, MException/throw/rethrow/getReport, isequal,
isequaln, feval, func2str, str2func, isvarname.

Message arguments follow MATLAB: ``f(msg)`` uses msg literally; ``f(fmt, A1, ...)`` formats like
sprintf; ``f(id, fmt, A1, ...)`` when the first argument looks like an identifier (``component:mnemonic``,
no spaces) and more arguments follow.
"""
from __future__ import annotations

import re

import numpy as np

from ..categoricals import CategoricalArray, text_items
from ..errors import MatlabError, StackFrame
from ..table_ops import equal as table_equal
from ..tables import Table
from ..times import TimeArray
from ..values import (CellArray, CharArray, FunctionHandle, StringArray, StructArray, Value,
                      to_array)
from .printf import format_text
from .registry import builtin
from .textutil import char_value, is_text_scalar, option_name, text_arg

IDENTIFIER = re.compile(r"^[A-Za-z][\w-]*(:[\w-]+)+$")
KEYWORDS = frozenset(("break", "case", "catch", "classdef", "continue", "else", "elseif", "end", "for",
                      "function", "global", "if", "otherwise", "parfor", "persistent", "return", "spmd",
                      "switch", "try", "while"))


def message_args(args: tuple, fname: str) -> tuple[str, str]:
    """(identifier, message) from MATLAB's msg / fmt, A... / id, fmt, A... argument forms."""
    first = text_arg(args[0], fname, "Message")
    if len(args) == 1:
        return "", first
    if IDENTIFIER.match(first):
        return first, format_text(text_arg(args[1], fname, "Message"), list(args[2:]))
    return "", format_text(first, list(args[1:]))


def _field_text(s: StructArray, name: str) -> str:
    value = s.data.flat[0].get(name) if s.data.size else None
    return value.to_str() if type(value) is CharArray else ("" if value is None else text_arg(value, name))


def _stack_frames(s: StructArray) -> list[StackFrame]:
    stack = s.data.flat[0].get("stack") if s.data.size else None
    if type(stack) is not StructArray:
        return []
    frames = []
    for rec in stack.data.ravel(order="F"):
        line = rec.get("line", 0.0)
        frames.append(StackFrame(name=_text_or_empty(rec.get("name")), line=int(np.asarray(line).flat[0]),
                                 file=_text_or_empty(rec.get("file"))))
    return frames


def _text_or_empty(value: Value) -> str:
    return value.to_str() if type(value) is CharArray else ""


def _error_of(value: Value, fname: str) -> MatlabError:
    """The MatlabError an MException (or error struct) describes."""
    if type(value) is not StructArray or not {"message", "identifier"} <= set(value.fields):
        raise MatlabError(f"MATLAB:{fname}:invalidInput",
                          "Input must be an MException object or a struct with fields message and "
                          "identifier.")
    return MatlabError(_field_text(value, "identifier"), _field_text(value, "message"), _stack_frames(value))


@builtin("error", family="control")
def error(*args):
    """error(msg), error(fmt, A1, ...), error(id, fmt, A1, ...), error(errStruct)  throw an error.

    With one argument msg is used as is; with more it is a sprintf format. An error identifier
    (component:mnemonic) may come first. An empty message does nothing.

        error('myPkg:badValue', 'Value %d is too large.', 7)
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    if type(args[0]) is StructArray:
        err = _error_of(args[0], "error")
    elif type(args[0]) is np.ndarray and args[0].size == 0:
        return None
    else:
        err = MatlabError(*message_args(args, "error"))
    if err.message:
        raise err
    return None


def _warning_enabled(state, identifier: str) -> bool:
    return "all" not in state.warnings_off and identifier not in state.warnings_off


def _set_warning_state(ctx, state: str, identifier: str) -> None:
    off = ctx.state.warnings_off
    if state == "off":
        off.add(identifier)
    elif identifier == "all":
        off.clear()
    else:
        off.discard(identifier)


@builtin("warning", family="control")
def warning(ctx, *args, nargout=0):
    """warning(msg), warning(id, fmt, A1, ...), warning('off'|'on', id|'all'), warning('query', id)

    Prints "Warning: message" unless that warning (or all warnings) has been turned off, and records it
    for lastwarn. warning('off', id) and warning('on', id) change the state of one identifier, or of all
    with 'all' (or no identifier); warning('query', id) returns its state as a struct, and so do 'on'
    and 'off' (the state before the change) when an output is requested.

        warning('off', 'MATLAB:singularMatrix')
        warning('Results may be inaccurate: %s', 'tol')
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    command = option_name(args[0])
    if command in ("on", "off", "query") and len(args) <= 2:
        identifier = text_arg(args[1], "warning", "Identifier") if len(args) == 2 else "all"
        state = "on" if _warning_enabled(ctx.state, identifier) else "off"
        previous = StructArray.scalar({"identifier": char_value(identifier), "state": char_value(state)})
        if command != "query":
            _set_warning_state(ctx, command, identifier)
        return previous if command == "query" or nargout > 0 else None
    identifier, message = message_args(args, "warning")
    if message and _warning_enabled(ctx.state, identifier):
        ctx.state.last_warning = (message, identifier)
        ctx.warn(identifier, message)
    return None


@builtin("lastwarn", family="control")
def lastwarn(ctx, *args, nargout=1):
    """[msg, id] = lastwarn, lastwarn(msg, id)  the last warning issued (or set it).

    The message and identifier are char vectors ('' when no warning was issued); lastwarn(msg, id)
    replaces them and returns the previous message.

        warning('x:y', 'careful'); [m, id] = lastwarn   % 'careful', 'x:y'
    """
    return _last(ctx, "last_warning", "lastwarn", args, nargout)


@builtin("lasterr", family="control")
def lasterr(ctx, *args, nargout=1):
    """[msg, id] = lasterr, lasterr(msg, id)  the last error raised (or set it).

    Any error counts, caught by try/catch or not; the message and identifier are char vectors ('' before
    the first error); lasterr(msg, id) replaces them and returns the previous message. MException
    values (catch err) are the recommended way to read an error.

        try, error('a:b', 'boom'); catch, end; [m, id] = lasterr   % 'boom', 'a:b'
    """
    return _last(ctx, "last_error", "lasterr", args, nargout)


def _last(ctx, field: str, fname: str, args: tuple, nargout: int):
    """lastwarn / lasterr: the recorded (message, identifier) of the session state, optionally replaced."""
    message, identifier = getattr(ctx.state, field)
    if args:
        new_message = text_arg(args[0], fname, "Message")
        new_id = text_arg(args[1], fname, "Identifier") if len(args) > 1 else ""
        setattr(ctx.state, field, (new_message, new_id))
    if nargout > 1:
        return char_value(message), char_value(identifier)
    return char_value(message)


@builtin("assert", family="control")
def assert_(cond, *args):
    """assert(cond), assert(cond, msg), assert(cond, fmt, A1, ...), assert(cond, id, fmt, A1, ...)

    Throws an error when cond is false ("Assertion failed." unless a message is given). cond must be a
    logical or numeric scalar.

        assert(x > 0, 'x must be positive, got %g', x)
    """
    if type(cond) not in (float, bool, np.ndarray) or to_array(cond).size != 1 \
            or to_array(cond).dtype.kind not in "biuf":
        raise MatlabError("MATLAB:assertion:LogicalScalar",
                          "The condition input argument must be a scalar logical or a scalar numeric value.")
    if bool(to_array(cond).flat[0]):
        return None
    if not args:
        raise MatlabError("MATLAB:assertion:failed", "Assertion failed.")
    raise MatlabError(*message_args(args, "assert"))


# -- MException ------------------------------------------------------------------------------------

def _empty_stack() -> StructArray:
    return StructArray(["file", "name", "line"], np.empty((0, 1), dtype=object))


def make_exception(identifier: str, message: str) -> StructArray:
    """An MException value (struct-like: identifier, message, stack)."""
    return StructArray.scalar({"identifier": char_value(identifier), "message": char_value(message),
                               "stack": _empty_stack()}, classname="MException")


@builtin("MException", family="control")
def mexception(identifier, fmt, *args):
    """MException(errID, msg, A1, ...)  create an exception object (without throwing it).

    msg is a sprintf format applied to A1, ...; the object has fields identifier, message and stack and
    can be thrown with throw(ME).

        ME = MException('myPkg:notFound', 'File %s not found.', 'a.txt');
    """
    ident = text_arg(identifier, "MException", "Identifier")
    if ident and not IDENTIFIER.match(ident):
        raise MatlabError("MATLAB:MException:invalidIdentifier",
                          f"The identifier '{ident}' is not valid: use component:mnemonic.")
    return make_exception(ident, format_text(text_arg(fmt, "MException", "Message"), list(args)))


@builtin("throw", family="control", aliases=("throwAsCaller",))
def throw(err):
    """throw(ME)  throw the error described by MException ME.

    The error's stack starts afresh where it is thrown (rethrow keeps the original one).

        throw(MException('a:b', 'failed'))
    """
    exc = _error_of(err, "throw")
    exc.stack = []
    raise exc


@builtin("rethrow", family="control")
def rethrow(err):
    """rethrow(ME) or rethrow(errStruct)  throw a caught error again, keeping its stack.

    The identifier, message and stack come from ME's fields.

        try, error('x:y', 'bad'), catch e, rethrow(e), end
    """
    raise _error_of(err, "rethrow")


@builtin("getReport", family="control")
def get_report(err, *options):
    """getReport(ME)  the error message of MException ME, as text.

    Returns the message text only (no stack listing).

        getReport(MException('a:b', 'oops'))   % 'oops'
    """
    return char_value(_error_of(err, "getReport").message)


# -- equality ---------------------------------------------------------------------------------------

_NUMERIC_TYPES = (float, bool, complex, np.ndarray, CharArray)


def values_equal(a: Value, b: Value, nan_equal: bool = False) -> bool:
    """MATLAB's isequal (isequaln with nan_equal): same size and values, numeric class ignored."""
    ta, tb = type(a), type(b)
    if ta in _NUMERIC_TYPES and tb in _NUMERIC_TYPES:
        return _arrays_equal(to_array(a), to_array(b), nan_equal)
    if CategoricalArray in (ta, tb):
        return _categoricals_equal(a, b, nan_equal)
    if StringArray in (ta, tb):
        return _strings_equal(a, b)
    if ta is not tb:
        return False
    if ta is CellArray:
        return a.shape == b.shape and all(values_equal(x, y, nan_equal)
                                          for x, y in zip(a.data.flat, b.data.flat))
    if ta is StructArray:
        return _structs_equal(a, b, nan_equal)
    if ta is FunctionHandle:
        return a is b or (a.params is None and b.params is None and a.name == b.name)
    if isinstance(a, TimeArray):        # datetime, duration: the instants or lengths (not the Format)
        return _arrays_equal(a.data, b.data, nan_equal)
    if ta is Table:
        return table_equal(a, b, lambda x, y: values_equal(x, y, nan_equal))
    return a is b       # handle objects: the same object


def _categoricals_equal(a: Value, b: Value, nan_equal: bool) -> bool:
    """A categorical array beside a categorical array or text: the same size and category names
    (<undefined> equal to <undefined> only for isequaln)."""
    names = []
    for v in (a, b):
        found = (v.texts(), v.shape) if type(v) is CategoricalArray else text_items(v)
        if found is None:
            return False
        names.append(found)
    (x, sx), (y, sy) = names
    if sx != sy:
        return False
    return all(p == q and (p is not None or nan_equal) for p, q in zip(x, y))


def _arrays_equal(a: np.ndarray, b: np.ndarray, nan_equal: bool) -> bool:
    if a.shape != b.shape:
        return False
    same = a == b
    if nan_equal and a.dtype.kind in "fc" and b.dtype.kind in "fc":
        same = same | (np.isnan(a) & np.isnan(b))
    return bool(np.all(same))


def _strings_equal(a: Value, b: Value) -> bool:
    def items(v: Value) -> tuple[tuple[int, ...], list] | None:
        if type(v) is StringArray:
            return v.shape, list(v.data.ravel(order="F"))
        if is_text_scalar(v):
            return (1, 1), [v.to_str()]
        return None
    ia, ib = items(a), items(b)
    return ia is not None and ib is not None and ia[0] == ib[0] and \
        all(x is not None and x == y for x, y in zip(ia[1], ib[1]))


def _structs_equal(a: StructArray, b: StructArray, nan_equal: bool) -> bool:
    if a.classname != b.classname or a.shape != b.shape or set(a.fields) != set(b.fields):
        return False
    return all(values_equal(ra[f], rb[f], nan_equal)
               for ra, rb in zip(a.data.flat, b.data.flat) for f in a.fields)


@builtin("isequal", family="control")
def isequal(a, b, *more):
    """isequal(A, B, ...)  true if all inputs have the same size and contents.

    Numeric classes are not compared (isequal(1, int8(1)) is true, and a char equals its codes); cell
    arrays and structs are compared element by element (struct field order does not matter). NaN is
    not equal to NaN (see isequaln).

        isequal([1 2], [1 2], [1 2])   % true
    """
    return all(values_equal(a, other) for other in (b, *more))


@builtin("isequaln", family="control")
def isequaln(a, b, *more):
    """isequaln(A, B, ...)  like isequal, but NaN values are equal to each other.

    Every other rule is that of isequal.

        isequaln([1 NaN], [1 NaN])   % true
    """
    return all(values_equal(a, other, nan_equal=True) for other in (b, *more))


# -- functions by name ------------------------------------------------------------------------------

@builtin("feval", family="control")
def feval(ctx, fn, *args, nargout=1):
    """[y1, ..., yn] = feval(fn, x1, ..., xm)  call a function given by handle or by name.

    Outputs are those of the called function; a name is resolved like a call written in the code
    (variables first, then functions).

        feval('max', [3 1 2])   % 3
        feval(@plus, 1, 2)      % 3
    """
    if type(fn) is not FunctionHandle:
        fn = text_arg(fn, "feval", "Function name")
    outputs = tuple(ctx.call(fn, list(args), nargout))
    if not outputs:
        return None
    return outputs if nargout > 1 else outputs[0]


@builtin("func2str", family="control")
def func2str(fn):
    """func2str(fh)  the text of a function handle: 'sin' for @sin, '@(x)x+1' for an anonymous function.

    The text is what the handle displays, without the @ for named functions.

        func2str(@(x) x.^2)   % '@(x)x.^2'
    """
    if type(fn) is not FunctionHandle:
        raise MatlabError("MATLAB:func2str:InputNotFunctionHandle", "Input must be a function handle.")
    return CharArray.from_str(fn.text)


@builtin("str2func", family="control")
def str2func(ctx, text):
    """str2func(str)  a function handle from a function name or anonymous function text.

    Anonymous function text is compiled in the calling workspace's engine; a plain name gives a named
    handle.

        f = str2func('@(x) x + 1'); f(2)   % 3
    """
    return ctx.make_handle(text_arg(text, "str2func", "Input"))


@builtin("isvarname", family="control")
def isvarname(s):
    """isvarname(s)  true if s is a valid variable name (a letter, then letters, digits or underscores,

    Only the text is checked, not whether such a variable exists.
    at most 63 characters, not a keyword).

        isvarname('x_1')   % true
    """
    if not is_text_scalar(s):
        return False
    name = text_arg(s, "isvarname")
    return bool(re.fullmatch(r"[A-Za-z]\w{0,62}", name, re.ASCII)) and name not in KEYWORDS
