"""The builtins' scalar paths (their registry entries' ``scalar``), which the VM calls directly for real
double scalars: each must give exactly what the full builtin gives (same value, NaN-ness and sign of
zero)."""
import itertools
import math

import numpy as np
import pytest

from engine.runtime.builtins.registry import BUILTINS, load_all
from vmhelp import ok

GRID = (0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 3.0, -3.0, 0.1, -7.25, 1e-310, 700.0, 709.5, -745.0,
        1e300, -1e300, math.pi, math.inf, -math.inf, math.nan)
PATHS = sorted((name, entry.impl) for name, entry in load_all().items() if entry.scalar is not None)


def same(a, b) -> bool:
    """Identical double values: NaN equals NaN, 0 and -0 differ."""
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


def test_the_benchmark_builtins_have_scalar_paths():
    names = {name for name, _ in PATHS}
    assert {"mod", "rem", "abs", "floor", "ceil", "fix", "round", "sqrt", "exp", "sin", "cos", "isnan"} <= names


@pytest.mark.parametrize("name,impl", PATHS, ids=[name for name, _ in PATHS])
def test_scalar_path_equals_the_array_path(name, impl):
    arity, path = BUILTINS[name].scalar
    for xs in itertools.product(GRID, repeat=arity):
        fast = path(*xs)
        if fast is None:
            continue                   # declined: the full call runs
        full = impl(*(np.array([[x]]) for x in xs))
        assert type(fast) in (float, bool), (name, xs, fast)
        assert np.asarray(full).dtype.kind in "fb", (name, xs, full)
        assert same(fast, np.asarray(full).item()), (name, xs, fast, full)


def test_mod_and_rem_zero_signs_follow_octave():
    # mod: a zero result has the sign of y; rem: of x (Octave 7: 1/mod(-0,3) = Inf, 1/rem(-0,3) = -Inf)
    s = ok("a = 1/mod(-0, 3); b = 1/mod(-0, -3); c = 1/mod(6, -3); d = 1/rem(-0, 3); e = 1/rem(-6, 3);"
           "f = 1./mod([-0 -0 6], [3 -3 -3]); g = 1./rem([-0 0 -6], [3 -3 3]); h = 1/mod(-0, 0);")
    assert [s.get(k)[0, 0] for k in "abcde"] == [math.inf, -math.inf, -math.inf, -math.inf, -math.inf]
    assert s.get("f").tolist() == [[math.inf, -math.inf, -math.inf]]
    assert s.get("g").tolist() == [[-math.inf, math.inf, -math.inf]]
    assert s.get("h")[0, 0] == -math.inf


def test_vm_fast_path_matches_the_full_call_in_a_loop():
    # the loop runs the builtins on scalars (fast path); the vector forms run the array path (sqrt of
    # a real array only: one negative element makes the whole array complex)
    s = ok("""
    xs = [-7.5 -3 -0 0 0.5 2 3 10 NaN Inf -Inf];
    ys = [-0 0 0.5 2 NaN Inf];
    for k = 1:numel(ys)
        q(k) = sqrt(ys(k));
    end
    for k = 1:numel(xs)
        m(k) = mod(xs(k), 3); r(k) = rem(xs(k), -2); a(k) = abs(xs(k));
        f(k) = floor(xs(k)); c(k) = ceil(xs(k)); o(k) = round(xs(k)); n(k) = isnan(xs(k));
    end
    m2 = mod(xs, 3); r2 = rem(xs, -2); a2 = abs(xs); q2 = sqrt(ys); f2 = floor(xs); c2 = ceil(xs);
    o2 = round(xs); n2 = isnan(xs);
    """)
    for name in "mraqfcon":
        fast, full = s.get(name), s.get(name + "2")
        assert fast.dtype == full.dtype, name
        pairs = zip(fast.ravel(), full.ravel())
        assert all(same(x.real, y.real) and same(x.imag, y.imag) for x, y in pairs), name


def test_fast_path_only_for_matching_calls():
    # two-argument round, a complex result, a non-double argument and a user function shadowing a
    # builtin all take the general path
    s = ok("""
    a = round(2.567, 2); b = sqrt(-4); c = abs(int8(-128)); d = mod(int8(-7), int8(3));
    for k = 1:2
        e = sqrt(-4); g = mod(true, 2);
    end
    """)
    assert s.get("a")[0, 0] == 2.57 and s.get("b")[0, 0] == 2j and s.get("e")[0, 0] == 2j
    assert s.get("c").dtype == np.int8 and s.get("c")[0, 0] == 127 and s.get("d")[0, 0] == 2
    assert s.get("g")[0, 0] == 1.0
