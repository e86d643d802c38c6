"""find sort flip circshift permute squeeze kron; expected values recorded from GNU Octave."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import StringArray
from numeric_fakes import arr, call, cellstr, same, text, texts

EMPTY = np.zeros((0, 0))



@pytest.mark.parametrize("x, expected", [
    (EMPTY, EMPTY),
    (np.zeros((1, 0)), np.zeros((1, 0))),
    (0.0, EMPTY),
    (5.0, 1.0),
    (arr([0, 0]), np.zeros((1, 0))),
    (arr([[0], [0]]), np.zeros((0, 1))),
    (np.zeros((2, 2)), np.zeros((0, 1))),
    (arr([0, 3, 0, 4]), arr([2, 4])),
    (arr([[0, 1], [1, 0]]), arr([[2], [3]])),
    (arr([0, np.nan]), 2.0),
    (arr([[True, False]], bool), 1.0),
])
def test_find_shapes(x, expected):
    same(call("find", x), expected)


def test_find_forms():
    same(call("find", arr([0, 3, 0, 4, 5]), 2.0, text("last")), arr([4, 5]))
    same(call("find", arr([0, 3, 0, 4, 5]), 2.0), arr([2, 4]))
    same(call("find", arr([0, 3, 0, 4, 5]), 9.0, text("first")), arr([2, 4, 5]))
    r, c, v = call("find", np.array([[0, 2], [3, 0]], np.int8), nargout=3)
    same(r, arr([[2], [1]]))
    same(c, arr([[1], [2]]))
    same(v, np.array([[3], [2]], np.int8))
    r, c = call("find", np.ones((1, 2, 2)), nargout=2)
    same(c, arr([[1], [2], [3], [4]]))
    with pytest.raises(MatlabError, match="'first' or 'last'"):
        call("find", arr([1]), 1.0, text("middle"))


def test_sort():
    s, i = call("sort", arr([3, np.nan, 1, 2, 1]), text("descend"), nargout=2)
    same(s, arr([np.nan, 3, 2, 1, 1]))
    same(i, arr([2, 1, 4, 3, 5]))
    s, i = call("sort", arr([3, np.nan, 1, 2, 1]), nargout=2)
    same(s, arr([1, 1, 2, 3, np.nan]))
    same(i, arr([3, 5, 4, 1, 2]))
    same(call("sort", arr([[3, 1], [1, 2]]), 2.0), arr([[1, 3], [1, 2]]))
    same(call("sort", arr([[3, 1], [1, 2]])), arr([[1, 1], [3, 2]]))
    same(call("sort", arr([[3, 1], [1, 2]]), 2.0, text("descend")), arr([[3, 1], [2, 1]]))
    same(call("sort", arr([1 + 1j, -2, 0.5], np.complex128)), arr([0.5, 1 + 1j, -2], np.complex128))
    same(call("sort", np.array([[3, -1]], np.int8)), np.array([[-1, 3]], np.int8))
    assert call("sort", text("hello")).to_str() == "ehllo"
    same(call("sort", arr([3, 1]), 3.0), arr([3, 1]))
    same(call("sort", EMPTY), EMPTY)
    with pytest.raises(MatlabError, match="'ascend' or 'descend'"):
        call("sort", arr([1]), text("up"))


def test_sort_string_vectors_missing_last():
    data = np.empty((1, 4), dtype=object)
    data[0, :] = ["pear", None, "apple", "fig"]
    s, i = call("sort", StringArray(data), nargout=2)
    assert type(s) is StringArray and s.data.tolist() == [["apple", "fig", "pear", None]]
    same(i, arr([3, 4, 1, 2]))


def test_sort_cellstr():
    s, i = call("sort", cellstr("pear", "apple", "fig"), nargout=2)
    assert texts(s) == ["apple", "fig", "pear"] and s.shape == (1, 3)
    same(i, arr([2, 3, 1]))
    assert texts(call("sort", cellstr("b", "a", "c", column=True), text("descend"))) == ["c", "b", "a"]


def test_flips():
    same(call("fliplr", arr([[1, 2], [3, 4]])), arr([[2, 1], [4, 3]]))
    same(call("flipud", arr([[1, 2], [3, 4]])), arr([[3, 4], [1, 2]]))
    same(call("flip", arr([1, 2, 3])), arr([3, 2, 1]))
    same(call("flip", arr([[1], [2]])), arr([[2], [1]]))
    same(call("flip", arr([[1, 2], [3, 4]]), 2.0), arr([[2, 1], [4, 3]]))
    same(call("flip", arr([1, 2]), 3.0), arr([1, 2]))
    assert call("fliplr", text("abc")).to_str() == "cba"
    assert texts(call("fliplr", cellstr("a", "b"))) == ["b", "a"]
    same(call("flipud", 5.0), 5.0)


def test_circshift():
    same(call("circshift", arr([1, 2, 3, 4]), 1.0), arr([4, 1, 2, 3]))
    same(call("circshift", arr([[1, 2], [3, 4], [5, 6]]), -1.0), arr([[3, 4], [5, 6], [1, 2]]))
    same(call("circshift", arr([[1, 2, 3], [4, 5, 6]]), 1.0, 2.0), arr([[3, 1, 2], [6, 4, 5]]))
    same(call("circshift", arr([[1, 2, 3], [4, 5, 6]]), arr([1, 1])), arr([[6, 4, 5], [3, 1, 2]]))


def test_permute_squeeze():
    a = np.arange(24.0).reshape((2, 3, 4), order="F")
    p = call("permute", a, arr([3, 1, 2]))
    assert p.shape == (4, 2, 3) and p[1, 0, 2] == a[0, 2, 1]
    same(call("ipermute", p, arr([3, 1, 2])), a)
    same(call("permute", arr([[1, 2]]), arr([2, 1])), arr([[1], [2]]))
    assert call("permute", arr([[1, 2]]), arr([3, 2, 1])).shape == (1, 2)
    assert call("permute", arr([[1, 2]]), arr([1, 3, 2])).shape == (1, 1, 2)
    same(call("squeeze", np.ones((1, 1, 3))), np.ones((3, 1)))
    assert call("squeeze", np.ones((1, 1, 3, 2))).shape == (3, 2)
    same(call("squeeze", arr([1, 2])), arr([1, 2]))
    with pytest.raises(MatlabError, match="at least N elements"):
        call("permute", a, arr([2, 1]))
    with pytest.raises(MatlabError, match="invalid permutation"):
        call("permute", a, arr([1, 1, 2]))


def test_kron():
    same(call("kron", arr([1, 2]), arr([[1], [2]])), arr([[1, 2], [2, 4]]))
    same(call("kron", np.eye(2), arr([[1, 2]])), arr([[1, 2, 0, 0], [0, 0, 1, 2]]))
    same(call("kron", np.array([[2]], np.int8), arr([1.4, 1.6])), np.array([[3, 3]], np.int8))
