"""Functions from expression text, as older MATLAB code makes them: inline, vectorize, formula, argnames.

inline(expr) is a function handle here (class 'function_handle'; MATLAB's inline objects are of
class 'inline', a class MATLAB no longer recommends) made from the anonymous function text
@(args) expr, so it is called, passed to feval, fzero or ode45 and displayed like any handle.
"""
from __future__ import annotations

import re

from ..context import CallContext
from ..errors import MatlabError
from ..values import FunctionHandle, Value
from .registry import builtin
from .sizes import count_value, option_text
from .textutil import char_row, text_arg


def _argument_of(expr: str) -> str:
    """MATLAB's rule: an isolated lower-case letter other than i and j (not part of a longer word); of
    several, the one closest to x in the alphabet (the later one on a tie); x when there is none."""
    letters = {m.group(0) for m in re.finditer(r"(?<![A-Za-z0-9_.])[a-z](?![A-Za-z0-9_])", expr)} - {"i", "j"}
    if not letters:
        return "x"
    return min(letters, key=lambda c: (abs(ord(c) - ord("x")), -ord(c)))


@builtin("inline", family="control")
def inline(ctx: CallContext, expr: Value, *args: Value) -> Value:
    """f = inline(expr), inline(expr, arg1, arg2, ...), inline(expr, n)  a function from expression text.

    The arguments are named, or (n) x, P1, ..., Pn, or found in the text: the isolated lower-case letter
    other than i and j closest to x in the alphabet (x if there is none). The result is a function
    handle @(args) expr (MATLAB's inline objects have class 'inline').

        f = inline('t^2 - 1');  f(3)    % 8
        g = inline('a*x + b', 'x', 'a', 'b');  g(2, 3, 1)    % 7
    """
    text = text_arg(expr, "inline", "The expression")
    if not args:
        names = [_argument_of(text)]
    elif len(args) == 1 and option_text(args[0]) is None:
        names = ["x"] + [f"P{k}" for k in range(1, int(count_value(args[0], "inline", "n")) + 1)]
    else:
        names = [text_arg(a, "inline", "An argument name") for a in args]
    if not all(re.fullmatch(r"[A-Za-z]\w*", n) for n in names):
        raise MatlabError("MATLAB:inline:InvalidArgument", "Argument names must be valid variable names.")
    return ctx.make_handle(f"@({', '.join(names)}) {text}")


def _dotted(text: str) -> str:
    return re.sub(r"(?<!\.)([*/^])", r".\1", text)


@builtin("vectorize", family="control")
def vectorize(ctx: CallContext, f: Value) -> Value:
    """v = vectorize(text), vectorize(f)  the elementwise form of an expression: * / ^ become .* ./ .^.

    For text, the text; for a function handle made by inline (or any anonymous function), a handle of
    the rewritten expression.

        vectorize('x^2*y')    % 'x.^2.*y'
    """
    if type(f) is FunctionHandle:
        if f.params is None:
            return f
        return ctx.make_handle(_dotted(f.text))
    return char_row(_dotted(text_arg(f, "vectorize", "Input")))


def _anonymous(fname: str, f: Value) -> FunctionHandle:
    if type(f) is not FunctionHandle or f.params is None:
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", "The input must be an inline function (a handle made "
                          "by inline or an anonymous function).")
    return f


@builtin("formula", family="control")
def formula(f: Value) -> Value:
    """text = formula(f)  the expression of an inline function (or of an anonymous function).

    The text as the handle keeps it, which drops spaces (MATLAB's inline objects keep them).

        formula(inline('t^2-1'))    % 't^2-1'
    """
    fn = _anonymous("formula", f)
    return char_row(fn.text[fn.text.index(")") + 1:].strip())


@builtin("argnames", family="control")
def argnames(f: Value) -> Value:
    """names = argnames(f)  the argument names of an inline function, as a column cell array.

    Works on any anonymous function; a named handle (@sin) has no argument names and is an error.

        argnames(inline('a*x + b', 'x', 'a', 'b'))    % {'x'; 'a'; 'b'}
    """
    from .textutil import cell_value
    names = _anonymous("argnames", f).params
    return cell_value([char_row(n) for n in names], (len(names), 1))
