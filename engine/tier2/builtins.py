"""The builtins tier 2 compiles, each with what it computes in the generated code.

A ``ScalarFunction`` takes real double scalars. ``template`` is the expression the generated code
computes (over ``{0}``, ``{1}``; ``kernels`` names the helpers of kernels.py) and ``bail`` a condition
on the arguments where the interpreter's answer is not that expression: a complex result (``sqrt`` of a
negative number), or a case the scalar path declines (``mod`` of non-finite values). There the compiled
loop hands the call back to the interpreter. Every expression gives exactly the interpreter's value (its
scalar paths: runtime/builtins/elementwise.py, reductions.py); tests/tier2 checks them against it.

Not here on purpose: ``exp``, ``log``, ``tan``, ``atan``, ``sinh``... The interpreter computes them with
numpy, whose vectorised (AVX-512) versions differ from the C library that compiled code calls in the
last bit for a few values in a thousand on this machine's CPU, so a compiled loop would not be
bit-identical to the interpreter; loops calling them stay in tier 1 (``%fusion tier2`` says so).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

BIG = "1.7976931348623157e308"


@dataclass(frozen=True)
class ScalarFunction:
    arity: int
    template: str
    bail: str = ""
    result: str = "f8"


def _finite_quotient(x: str, y: str) -> str:
    return f"{y} != 0.0 and not (abs({x} / {y}) <= {BIG} and abs({y}) <= {BIG})"


SCALAR_FUNCTIONS: dict[str, ScalarFunction] = {
    "abs": ScalarFunction(1, "abs({0})"),
    "floor": ScalarFunction(1, "np.floor({0})"),
    "ceil": ScalarFunction(1, "np.ceil({0})"),
    "fix": ScalarFunction(1, "np.trunc({0})"),
    "round": ScalarFunction(1, "kernels.round_half_away({0})"),
    "sign": ScalarFunction(1, "kernels.signum({0})"),
    "sqrt": ScalarFunction(1, "math.sqrt({0})", "{0} < 0.0"),
    "sin": ScalarFunction(1, "math.sin({0})"),
    "cos": ScalarFunction(1, "math.cos({0})"),
    "mod": ScalarFunction(2, "kernels.mod({0}, {1})", _finite_quotient("{0}", "{1}")),
    "rem": ScalarFunction(2, "kernels.rem({0}, {1})", _finite_quotient("{0}", "{1}")),
    "max": ScalarFunction(2, "({0} if {0} >= {1} or {1} != {1} else {1})"),
    "min": ScalarFunction(2, "({0} if {0} <= {1} or {1} != {1} else {1})"),
    "isnan": ScalarFunction(1, "({0} != {0})", result="b1"),
    "isinf": ScalarFunction(1, "math.isinf({0})", result="b1"),
    "isfinite": ScalarFunction(1, "math.isfinite({0})", result="b1"),
}

# transcendentals the interpreter computes with numpy's vectorised code (see the module docstring)
NOT_BIT_EXACT = {"exp", "log", "log2", "log10", "log1p", "expm1", "tan", "asin", "acos", "atan", "atan2", "sinh",
                 "cosh", "tanh", "asinh", "acosh", "atanh", "hypot", "power", "nthroot", "cbrt"}

# builtins on a matrix: name -> number of arguments (the matrix, then double scalars)
ARRAY_QUERIES: dict[str, int] = {"numel": 1, "length": 1, "size": 2}

# builtins called with no arguments that are constants
CONSTANTS: dict[str, float | bool] = {"pi": math.pi, "eps": 2.0 ** -52, "Inf": math.inf, "inf": math.inf,
                                      "NaN": math.nan, "nan": math.nan, "true": True, "false": False}
