"""Operator builtins: the functional names of MATLAB's operators (plus, mtimes, eq, colon, horzcat, ...).

Each calls the same implementation the VM uses for the operator (runtime/ops.py, runtime/concat.py), so
``plus(a, b)`` and ``a + b`` cannot disagree.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from .. import concat, ops
from ..errors import MatlabError
from ..values import Value
from .registry import Operation, builtin


def _binary(name: str, symbol: str, fn: Callable[[Value, Value], Value], what: str, example: str,
            op: Operation | None = None, fusion: str = "none") -> None:
    def operator(a, b):
        return fn(a, b)
    operator.__doc__ = (f"{name}(A, B)  {what}; the function form of A {symbol} B.\n\n"
                        f"Same rules as the operator {symbol} (class promotion, implicit expansion, integer "
                        f"saturation).\n\nExample:\n    {example}")
    builtin(name, "operators", fusion=fusion, op=op)(operator)


def _unary(name: str, symbol: str, fn: Callable[[Value], Value], what: str, example: str,
           op: Operation | None = None) -> None:
    def operator(a):
        return fn(a)
    operator.__doc__ = (f"{name}(A)  {what}; the function form of {symbol}.\n\n"
                        f"Same rules as the operator {symbol}.\n\nExample:\n    {example}")
    builtin(name, "operators", op=op)(operator)


def _infix(wgsl: str, **facts) -> Operation:
    return Operation(arity=2, wgsl=wgsl, **facts)


def _compare(wgsl: str) -> Operation:
    return Operation(arity=2, wgsl=wgsl, result="logical")


def _logical(wgsl: str) -> Operation:
    """and, or, xor: NaN operands are an error in MATLAB (the kernels flag them; the CPU raises it)."""
    return Operation(arity=2, wgsl=wgsl, result="logical", check="{m}_isnan({a}) || {m}_isnan({b})")


for _args in (
        ("plus", "+", ops.plus, "elementwise sum (strings concatenate)", "plus([1 2], 10)   % [11 12]",
         _infix("({a} + {b})", nonneg="kept", host=np.add)),
        ("minus", "-", ops.minus, "elementwise difference", "minus(int8(3), 5)   % int8 0 (saturated)",
         _infix("({a} - {b})", host=np.subtract)),
        ("times", ".*", ops.times, "elementwise product", "times([1 2; 3 4], [10 100])   % [10 200; 30 400]",
         _infix("({a} * {b})", nonneg="kept", host=np.multiply)),
        ("rdivide", "./", ops.rdivide, "elementwise right division", "rdivide(1, [2 4])   % [0.5 0.25]",
         _infix("{m}_div({a}, {b})", nonneg="kept", host=np.divide)),
        ("ldivide", ".\\", ops.ldivide, "elementwise left division (B ./ A)", "ldivide(2, 6)   % 3",
         _infix("{m}_div({b}, {a})", nonneg="kept")),
        ("power", ".^", ops.power, "elementwise power (negative base, fractional power is complex)",
         "power([1 2 3], 2)   % [1 4 9]",
         _infix("{m}_pow({a}, {b})", check="{a} < 0.0 && !({b} == trunc({b}))", costly=True)),
        ("eq", "==", ops.eq, "equality, elementwise (logical)", "eq('abc', 'abd')   % [1 1 0]",
         _compare("({a} == {b})")),
        ("ne", "~=", ops.ne, "inequality, elementwise (logical)", "ne(1:3, 2)   % [1 0 1]",
         _compare("!({a} == {b})")),
        ("lt", "<", ops.lt, "less than, elementwise (logical)", "lt(1:3, 2)   % [1 0 0]",
         _compare("({a} < {b})")),
        ("le", "<=", ops.le, "less than or equal, elementwise (logical)", "le(1:3, 2)   % [1 1 0]",
         _compare("({a} <= {b})")),
        ("gt", ">", ops.gt, "greater than, elementwise (logical)", "gt(1:3, 2)   % [0 0 1]",
         _compare("({a} > {b})")),
        ("ge", ">=", ops.ge, "greater than or equal, elementwise (logical)", "ge(1:3, 2)   % [0 1 1]",
         _compare("({a} >= {b})")),
        ("and", "&", ops.and_, "elementwise logical AND (NaN is an error)",
         "and([1 0 1], [1 1 0])   % [1 0 0]",
         _logical("(!({a} == 0.0) && !({b} == 0.0))")),
        ("or", "|", ops.or_, "elementwise logical OR (NaN is an error)", "or([1 0 0], [0 0 1])   % [1 0 1]",
         _logical("(!({a} == 0.0) || !({b} == 0.0))")),
        ("xor", "xor", ops.xor, "elementwise exclusive OR", "xor([1 1 0], [1 0 0])   % [0 1 0]",
         _logical("(!({a} == 0.0) != !({b} == 0.0))")),
):
    _binary(*_args)

_binary("mtimes", "*", ops.mtimes, "matrix product (elementwise when either is scalar)",
        "mtimes([1 2], [3; 4])   % 11", fusion="matmul")
_binary("mrdivide", "/", ops.mrdivide, "solve X*B = A (least squares when B is not square)",
        "mrdivide([5 6], [1 2; 3 4])   % [-1 2]")
_binary("mldivide", "\\", ops.mldivide, "solve A*X = B (least squares when A is not square)",
        "mldivide([1 2; 3 4], [5; 6])   % [-4; 4.5]")
_binary("mpower", "^", ops.mpower, "matrix power (square matrix and scalar)",
        "mpower([1 1; 0 1], 3)   % [1 3; 0 1]")

for _args in (
        ("uminus", "-A", ops.uminus, "negation (integers saturate)", "uminus(int8(-128))   % 127",
         Operation(wgsl="{m}_neg({a})", host=np.negative)),          # a sign-bit flip: keeps -0 on every driver
        ("uplus", "+A", ops.uplus, "unary plus (char and logical become double)", "uplus('a')   % 97",
         Operation(wgsl="{a}")),
        ("not", "~A", ops.not_, "logical NOT (NaN is an error)", "not([1 0 2])   % [0 1 0]",
         Operation(wgsl="({a} == 0.0)", result="logical", check="{m}_isnan({a})")),
):
    _unary(*_args)

_unary("transpose", "A.'", ops.transpose, "transpose without conjugation", "transpose([1 2 3])   % [1; 2; 3]")
_unary("ctranspose", "A'", ops.ctranspose, "complex conjugate transpose",
       "ctranspose([1+2i 3])   % [1-2i; 3]")


@builtin("colon", "operators")
def colon(a, b, c=None):
    """colon(J, K) or colon(J, I, K)  the range J:K or J:I:K.

    A row vector from J to K in steps of I (default 1); empty (1x0) when the range is empty. Integer
    operands give an integer range, char endpoints a char row.

    Example:
        colon(1, 2, 7)   % [1 3 5 7]
    """
    return ops.colon(a, None, b) if c is None else ops.colon(a, b, c)


@builtin("horzcat", "operators")
def horzcat(*values):
    """horzcat(A, B, ...)  horizontal concatenation, the same as [A, B, ...].

    Operands must have the same number of rows; [] operands are skipped. Class rules as for [ ].

    Example:
        horzcat([1 2], 3)   % [1 2 3]
    """
    return concat.horzcat(list(values))


@builtin("vertcat", "operators")
def vertcat(*values):
    """vertcat(A, B, ...)  vertical concatenation, the same as [A; B; ...].

    Operands must have the same number of columns; [] operands are skipped. Class rules as for [ ].

    Example:
        vertcat([1 2], [3 4])   % [1 2; 3 4]
    """
    return concat.vertcat(list(values))


@builtin("cat", "operators")
def cat(dim, *values):
    """cat(DIM, A, B, ...)  concatenation along dimension DIM.

    cat(1, ...) is vertcat, cat(2, ...) is horzcat; DIM 3 and above build N-D arrays.

    Example:
        size(cat(3, [1 2], [3 4]))   % [1 2 2]
    """
    return concat.cat(_dimension(dim), list(values))


def _dimension(dim: Value) -> int:
    value = dim.item() if type(dim) is np.ndarray and dim.size == 1 and dim.dtype.kind in "fiu" else dim
    if type(value) in (float, int) and 1 <= value < math.inf and value == int(value):
        return int(value)
    raise MatlabError("MATLAB:catenate:invalidDimension", "Dimension must be a real positive integer scalar.")
