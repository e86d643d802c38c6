"""polyfit polyval trapz cumtrapz interp1; expected values recorded from GNU Octave."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CharArray
from numeric_fakes import arr, call, close, same

T = CharArray.from_str
X = arr([1, 2, 3])
V = arr([10, 20, 30])


def test_polyfit_polyval():
    x = arr(range(6))
    close(call("polyfit", x, x * x - 3 * x + 1, 2.0), arr([1, -3, 1]), rtol=1e-13)
    close(call("polyfit", X, arr([2, 4, 7]), 1.0), arr([2.4999999999999996, -0.6666666666666654]), rtol=1e-14)
    same(call("polyval", arr([1, -3, 1]), arr([[0, 1], [2, 3]])), arr([[1, -1], [-1, 1]]))
    same(call("polyval", arr([1, 2]), np.float32([[1]])), np.float32([[3]]))
    same(call("polyval", np.zeros((0, 0)), arr([1, 2])), arr([0, 0]))
    with pytest.raises(MatlabError, match="same number of elements"):
        call("polyfit", X, arr([1, 2]), 1.0)


@pytest.mark.parametrize("name, args, expected", [
    ("trapz", (X,), 4.0),
    ("trapz", (arr([0, 1, 3]), X), 6.5),
    ("trapz", (0.5, X), 2.0),
    ("trapz", (arr([[1, 2], [3, 4]]),), arr([2, 3])),
    ("trapz", (arr([[1, 2], [3, 4]]), 2.0), arr([[1.5], [3.5]])),
    ("trapz", (X, 1.0), arr([0, 0, 0])),
    ("trapz", (np.zeros((0, 3)),), arr([0, 0, 0])),
    ("cumtrapz", (X,), arr([0, 1.5, 4])),
    ("cumtrapz", (arr([[1, 2], [3, 4]]),), arr([[0, 0], [2, 3]])),
    # complex Y and X (a corpus program integrates a DFT): Octave 3.5+1i, [0, 1+0.5i, 6+0.5i], 4-1i
    ("trapz", (np.array([[1 + 2j, 3 - 1j, 2j]]),), 3.5 + 1j),
    ("cumtrapz", (arr([0, 1, 3]), np.array([[1j, 2, 3]])), np.array([[0, 1 + 0.5j, 6 + 0.5j]])),
    ("trapz", (np.array([[0, 1 + 1j, 2]]), arr([1, 2, 3])), 4 - 1j),
])
def test_trapz(name, args, expected):
    same(call(name, *args), expected)


@pytest.mark.parametrize("args, expected", [
    ((X, V, arr([1.5, 2.5, 4, 0])), arr([15, 25, np.nan, np.nan])),
    ((X, V, arr([1.5, 2.4, 2.6]), T("nearest")), arr([20, 20, 30])),
    ((X, V, arr([2.5, 1.5]), T("nearest")), arr([30, 20])),
    ((X, V, arr([4, 0]), T("linear"), T("extrap")), arr([40, 0])),
    ((X, V, arr([0, 4]), T("nearest"), T("extrap")), arr([10, 30])),
    ((X, V, arr([[1.5], [2.5]]), T("previous")), arr([[10], [20]])),
    ((X, V, arr([1.5, 2.5]), T("next")), arr([20, 30])),
    ((X, V, arr([1.5, 3, 4]), T("linear"), 0.0), arr([15, 30, 0])),
    ((V, 2.5), 25.0),
    ((arr([3, 1, 2]), arr([30, 10, 20]), 1.5), 15.0),
])
def test_interp1(args, expected):
    same(call("interp1", *args), expected)


def test_interp1_errors():
    with pytest.raises(MatlabError, match="unique points"):
        call("interp1", arr([1, 1, 2]), V, 1.5)
    with pytest.raises(MatlabError, match="same length"):
        call("interp1", arr([1, 2]), V, 1.5)
    with pytest.raises(MatlabError, match="supports the methods"):
        call("interp1", X, V, 1.5, T("quadratic"))


def test_interp1_makima():
    """interp1's documented 'makima' method (two programs of a DSP book in the fifth corpus round): makima's
    values inside, extrapolated by default as pchip and spline are, or the fill value outside."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("x = [1 2 4 5 7 8]; v = [0 1 1 3 2 2.5]; q = [0.5 1.5 3 4.5 6 7.5 9]; "
                  "a = interp1(x, v, q, 'makima'); b = makima(x, v, q); c = interp1(x, v, q, 'makima', -1); "
                  "d = interp1(1:5, 2 * (1:5), [0 1.5 6], 'makima');")
    assert r.error is None, r.error
    a, b, c = s.get("a"), s.get("b"), s.get("c")
    assert np.array_equal(a, b) and np.isfinite(a).all()
    assert c[0, 0] == -1 and c[0, -1] == -1 and np.array_equal(c[0, 1:-1], a[0, 1:-1])
    assert np.allclose(s.get("d"), [[0.0, 3.0, 12.0]], rtol=0, atol=1e-14)    # data on a line: the line


def test_polyfit_past_the_number_of_points_gives_matlabs_basic_solution():
    """A degree of at least numel(x) has many exact fits: MATLAB's polyfit solves V \\ y (QR with column
    pivoting: at most numel(x) nonzero coefficients) and warns PolyNotUnique; numpy's minimum-norm
    lstsq gave another fit with no zero (a sarwarbeing-ai corpus program fits degree 9 to 9 points)."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("x = [0.2 0.4 0.6 0.8 1 2 4 6 8]; y = [-80 -30 -20 -15 -20 0 20 40 80]; "
                  "p = polyfit(x, y, 9); q = (x(:) .^ (9:-1:0)) \\ y(:); fit = polyval(p, x) - y;")
    assert r.error is None
    assert "Warning: Polynomial is not unique; degree >= number of data points." in r.stdout
    p = s.get("p")
    assert p.shape == (1, 10) and np.count_nonzero(p) == 9
    np.testing.assert_array_equal(p.ravel(), s.get("q").ravel())
    assert np.abs(s.get("fit")).max() < 1e-6
    # one point, degree 1: [1 1] \ 2 is [2; 0] (ops' basic solution), so p = [2 0] at x = 1
    r = s.execute("p1 = polyfit(1, 2, 1);")
    assert s.get("p1").tolist() == [[2.0, 0.0]] and "not unique" in r.stdout
