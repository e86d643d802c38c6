"""Reductions (sum prod mean median std var max min any all cumsum cumprod); expected values recorded
from GNU Octave, and from MATLAB's documentation where the two differ (integer sums stay integer)."""
import numpy as np
import pytest

from engine.runtime.builtins.registry import BUILTINS
from engine.runtime.errors import MatlabError
from engine.runtime.values import CharArray
from numeric_fakes import arr, call, close, same

A = arr([[1, 2, 3], [4, 5, 6]])
EMPTY = np.zeros((0, 0))


def text(s: str) -> CharArray:
    return CharArray.from_str(s)


@pytest.mark.parametrize("name, args, expected", [
    ("sum", (A,), arr([5, 7, 9])),
    ("sum", (A, 2.0), arr([[6], [15]])),
    ("sum", (A, 3.0), A),
    ("sum", (A, text("all")), 21.0),
    ("sum", (np.ones((2, 3, 4)), arr([1, 3])), arr([8, 8, 8])),
    ("sum", (np.ones((2, 3)), arr([1, 2])), 6.0),
    ("sum", (arr([1, np.nan, 2]), text("omitnan")), 3.0),
    ("sum", (arr([1, np.nan, 2]),), np.nan),
    ("sum", (np.ones((2, 2), bool),), arr([2, 2])),
    ("sum", (np.array([[100, 100]], np.int8),), np.array([[127]], np.int8)),
    ("sum", (np.array([[100, 100]], np.int8), text("double")), 200.0),
    ("sum", (np.float32([[1, 2]]),), np.float32([[3]])),
    ("sum", (arr([1, 2]), text("native")), 3.0),
    ("sum", (EMPTY,), 0.0),
    ("sum", (np.zeros((0, 3)),), arr([0, 0, 0])),
    ("sum", (np.zeros((3, 0)),), np.zeros((1, 0))),
    ("sum", (CharArray.from_str("ab"),), 195.0),
    ("prod", (A,), arr([4, 10, 18])),
    ("prod", (EMPTY,), 1.0),
    ("prod", (np.array([[100, 2]], np.int8),), np.array([[127]], np.int8)),
    ("mean", (A, 2.0), arr([[2], [5]])),
    ("mean", (EMPTY,), np.nan),
    ("mean", (np.zeros((0, 3)),), arr([np.nan, np.nan, np.nan])),
    ("mean", (np.array([[1, 2]], np.int8),), 1.5),
    ("mean", (np.array([[1, 2]], np.int8), text("native")), np.array([[2]], np.int8)),
    ("mean", (np.float32([[1, 2, 4]]),), np.float32([[7 / 3]])),
    ("mean", (arr([1, np.nan, 3]), text("omitnan")), 2.0),
    ("median", (arr([4, 1, 3, 2]),), 2.5),
    ("median", (A, 2.0), arr([[2], [5]])),
    ("median", (arr([[2, 4], [6, 8]]),), arr([4, 6])),
    ("median", (arr([np.nan, 1, 2]),), np.nan),
    ("median", (arr([np.nan, 1, 2]), text("omitnan")), 1.5),
    ("median", (np.array([[1, 2]], np.int8),), np.array([[2]], np.int8)),
    ("median", (EMPTY,), np.nan),
])
def test_sum_prod_mean_median(name, args, expected):
    same(call(name, *args), expected)


@pytest.mark.parametrize("name, args, expected", [
    ("std", (A,), arr([2.1213203435596424] * 3)),
    ("var", (A, 1.0, 2.0), arr([[0.6666666666666666], [0.6666666666666666]])),
    ("std", (A, 0.0, 2.0), arr([[1], [1]])),
    ("std", (A, np.zeros((0, 0)), 2.0), arr([[1], [1]])),
    ("std", (arr([1, 2, 3, 4]),), 1.2909944487358056),
    ("var", (arr([1, 2, 3, 4]), 1.0), 1.25),
    ("var", (5.0,), 0.0),
    ("var", (arr([1, np.nan, 3]),), np.nan),
    ("var", (arr([1, np.nan, 3]), 0.0, text("omitnan")), 2.0),
    ("var", (A, 0.0, text("all")), 3.5),
    ("std", (np.float32([[1, 2, 3, 4]]),), np.float32([[1.2909944]])),
    ("var", (EMPTY,), np.nan),
])
def test_std_var(name, args, expected):
    close(call(name, *args), expected, rtol=1e-15 if not isinstance(expected, np.ndarray)
          or expected.dtype == np.float64 else 1e-7)


def test_std_second_output_is_mean():
    s, m = call("std", A, 0.0, 2.0, nargout=2)
    same(s, arr([[1], [1]]))
    same(m, arr([[2], [5]]))


@pytest.mark.parametrize("name, args, nargout, expected", [
    ("max", (A, EMPTY, 2.0), 1, arr([[3], [6]])),
    ("min", (A, EMPTY, 2.0), 2, (arr([[1], [4]]), arr([[1], [1]]))),
    ("max", (arr([np.nan, 3, np.nan, 5, 5]),), 2, (5.0, 4.0)),
    ("min", (arr([np.nan, np.nan]),), 2, (np.nan, 1.0)),
    ("max", (arr([np.nan, -np.inf]),), 2, (-np.inf, 2.0)),
    ("max", (arr([1, np.nan]), EMPTY, text("includenan")), 2, (np.nan, 2.0)),
    ("min", (arr([[4, np.nan, 2], [1, 5, np.nan]]),), 1, arr([1, 5, 2])),
    ("max", (arr([[1, 5], [7, 2]]), EMPTY, text("all")), 2, (7.0, 2.0)),
    ("max", (arr([[1, 5], [7, 2]]), EMPTY, arr([1, 2])), 1, 7.0),
    ("max", (A, 3.0), 1, arr([[3, 3, 3], [4, 5, 6]])),
    ("max", (arr([1, np.nan]), arr([np.nan, np.nan])), 1, arr([1, np.nan])),
    ("max", (arr([1, np.nan]), 0.5, text("includenan")), 1, arr([1, np.nan])),
    ("max", (arr([[1, 5], [7, 2]]), arr([[3], [4]])), 1, arr([[3, 5], [7, 4]])),
    ("min", (np.array([[5, -3]], np.int8), 2.7), 1, np.array([[3, -3]], np.int8)),
    ("max", (arr([1 + 1j, -2, 1 - 1j], np.complex128),), 1, -2.0),
    ("max", (arr([True, False], bool),), 1, True),
    ("max", (CharArray.from_str("abc"),), 1, 99.0),
    ("min", (arr([3, 1, 1]),), 2, (1.0, 2.0)),
    ("max", (EMPTY,), 1, EMPTY),
    ("max", (np.zeros((0, 3)),), 1, np.zeros((0, 3))),
    ("max", (np.zeros((3, 0)),), 1, np.zeros((1, 0))),
])
def test_max_min(name, args, nargout, expected):
    result = call(name, *args, nargout=nargout)
    if nargout == 1:
        same(result, expected)
    else:
        for got, want in zip(result, expected):
            same(got, want)


def test_max_errors():
    with pytest.raises(MatlabError, match="two matrices to compare and two output"):
        call("max", A, A, nargout=2)
    with pytest.raises(MatlabError, match="working dimension"):
        call("max", A, A, 2.0)
    with pytest.raises(MatlabError, match="Invalid option 'bogus'"):
        call("max", A, EMPTY, text("bogus"))


@pytest.mark.parametrize("name, args, expected", [
    ("any", (A > 5,), arr([False, False, True], bool)),
    ("all", (A > 0, 2.0), arr([[True], [True]], bool)),
    ("any", (np.nan,), False),
    ("all", (np.nan,), True),
    ("any", (arr([0, np.nan]),), False),
    ("any", (EMPTY,), False),
    ("all", (EMPTY,), True),
    ("any", (np.zeros((0, 3)),), arr([False, False, False], bool)),
    ("any", (A, text("all")), True),
    ("all", (arr([[1, 0], [1, 1]]), arr([1, 2])), False),
])
def test_any_all(name, args, expected):
    same(call(name, *args), expected)


@pytest.mark.parametrize("name, args, expected", [
    ("cumsum", (A,), arr([[1, 2, 3], [5, 7, 9]])),
    ("cumprod", (A, 2.0), arr([[1, 2, 6], [4, 20, 120]])),
    ("cumsum", (arr([1, 2, 3]), text("reverse")), arr([6, 5, 3])),
    ("cumsum", (arr([1, np.nan, 2]), text("omitnan")), arr([1, 1, 3])),
    ("cumsum", (arr([True, True], bool),), arr([1, 2])),
    ("cumsum", (np.array([[100, 100]], np.int8),), np.array([[100, 127]], np.int8)),
    ("cumsum", (A, 3.0), A),
    ("cumsum", (EMPTY,), EMPTY),
])
def test_cumulative(name, args, expected):
    same(call(name, *args), expected)


def test_dimension_errors():
    with pytest.raises(MatlabError, match="Dimension argument must be a positive integer"):
        call("sum", A, 0.0)
    with pytest.raises(MatlabError, match="Dimension argument must be a positive integer"):
        call("sum", A, 1.5)
    with pytest.raises(MatlabError, match="one weight per element"):
        call("std", A, arr([1, 2, 3, 4, 5]))          # a weight vector must match the dimension
    with pytest.raises(MatlabError, match="must be 0, 1 or a vector"):
        call("std", A, 2.0)
    with pytest.raises(MatlabError, match="incorrect argument data type"):
        call("var", np.array([[1, 2]], np.int8))


def test_registered_as_reductions():
    for name in ("sum", "prod", "mean", "median", "std", "var", "max", "min", "any", "all"):
        assert BUILTINS[name].fusion == "reduction"
        assert BUILTINS[name].help.startswith(f"{name}(")


@pytest.mark.parametrize("name, args, expected", [
    ("cummax", (arr([1, 3, 2, 5, 4]),), arr([1, 3, 3, 5, 5])),
    ("cummin", (arr([5, 3, 4, 1, 2]),), arr([5, 3, 3, 1, 1])),
    ("cummax", (arr([1, np.nan, 0, 3]),), arr([1, 1, 1, 3])),
    ("cummax", (arr([1, np.nan, 0, 3]), text("includenan")), arr([1, np.nan, np.nan, np.nan])),
    ("cummax", (arr([[1], [3], [2]]),), arr([[1], [3], [3]])),
    ("cummax", (arr([1, 3, 2]), text("reverse")), arr([3, 3, 2])),
    ("cummin", (np.array([[3, 1, 2]], np.int8),), np.array([[3, 1, 1]], np.int8)),
    ("diff", (arr([1, 4, 9, 16]),), arr([3, 5, 7])),
    ("diff", (arr([1, 4, 9, 16]), 2.0), arr([2, 2])),
    ("diff", (arr([[1, 2], [4, 8]]), 1.0, 2.0), arr([[1], [4]])),
    ("diff", (arr([1, 2]), 5.0), EMPTY),        # diff(diff([1 2])) is diff(1): the differences run out
    ("diff", (EMPTY,), EMPTY),
    ("diff", (5.0,), EMPTY),
    ("diff", (np.array([[100, -100]], np.int8),), np.array([[-128]], np.int8)),
    ("nnz", (arr([1, 0, np.nan, 0]),), 2.0),
    ("mode", (arr([1, 2, 2, 3, 3]),), 2.0),
    ("mode", (arr([[1, 1], [2, 3]]), 2.0), arr([[1], [2]])),
    ("mode", (arr([np.nan, np.nan, 1]),), 1.0),
    ("mode", (EMPTY,), np.nan),   # MATLAB's documented value (Octave gives 1x0)
    ("mode", (np.array([[1, 1, 2]], np.int8),), np.array([[1]], np.int8)),
])
def test_running_extremes_diff_nnz_mode(name, args, expected):
    same(call(name, *args), expected)


def test_mode_frequency():
    m, f = call("mode", arr([[1, 2], [1, 3], [2, 3]]), nargout=2)
    same(m, arr([1, 3]))
    same(f, arr([2, 2]))


@pytest.mark.parametrize("a, b", [(1.0, 2.0), (2.0, 1.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan),
                                  (-0.0, 0.0), (-np.inf, np.inf)])
def test_scalar_max_min_match_array_path(a, b):
    for name in ("max", "min"):
        scalar = call(name, a, b)
        array = call(name, arr([a, a]), arr([b, b]))[0, 0]
        assert type(scalar) is float
        assert scalar == array or (np.isnan(scalar) and np.isnan(array))


def test_int64_sums_are_exact_and_saturate():
    big = np.array([[9007199254740993, 1]], np.int64)
    same(call("sum", big), np.array([[9007199254740994]], np.int64))
    same(call("sum", np.array([[2 ** 62, 2 ** 62]], np.int64)), np.array([[2 ** 63 - 1]], np.int64))
    same(call("prod", np.array([[2 ** 40, 2 ** 40]], np.uint64)), np.array([[2 ** 64 - 1]], np.uint64))
    same(call("sum", np.array([[2 ** 62, 2 ** 62]], np.int64), 2.0), np.array([[2 ** 63 - 1]], np.int64))
