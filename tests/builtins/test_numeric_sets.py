"""unique union intersect setdiff setxor ismember; expected values recorded from GNU Octave, and from
MATLAB's documentation where they differ (ismember's loc is the lowest index since R2013a)."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from numeric_fakes import arr, call, cellstr, same, text, texts

EMPTY = np.zeros((0, 0))



def col(*values) -> np.ndarray:
    return arr(values).reshape(-1, 1)


def check(outputs, *expected):
    for got, want in zip(outputs, expected):
        same(got, want)


def test_unique():
    check(call("unique", arr([3, 1, np.nan, 1, 3, np.nan]), nargout=3),
          arr([1, 3, np.nan, np.nan]), col(2, 1, 3, 6), col(2, 1, 3, 1, 2, 4))
    check(call("unique", arr([[3], [1], [2], [1]]), text("stable"), nargout=3),
          col(3, 1, 2), col(1, 2, 3), col(1, 2, 3, 2))
    check(call("unique", arr([5, 5, 7]), text("last"), nargout=2), arr([5, 7]), col(2, 3))
    same(call("unique", arr([[2, 1], [1, 2]])), col(1, 2))
    same(call("unique", EMPTY), EMPTY)
    same(call("unique", 4.0), 4.0)
    same(call("unique", np.array([[3, 3, 1]], np.uint8)), np.array([[1, 3]], np.uint8))
    assert call("unique", text("hello")).to_str() == "ehlo"
    with pytest.raises(MatlabError, match="Unknown option"):
        call("unique", arr([1]), text("bogus"))


def test_unique_rows_and_cellstr():
    check(call("unique", arr([[1, 2], [0, 1], [1, 2]]), text("rows"), nargout=3),
          arr([[0, 1], [1, 2]]), col(2, 1), col(2, 1, 2))
    same(call("unique", arr([[1, 2], [0, 1], [1, 2]]), text("rows"), text("stable")), arr([[1, 2], [0, 1]]))
    u, i, j = call("unique", cellstr("b", "a", "b"), nargout=3)
    assert texts(u) == ["a", "b"] and u.shape == (1, 2)
    check((i, j), col(2, 1), col(2, 1, 2))
    assert texts(call("unique", cellstr("b", "a", "b", column=True), text("stable"))) == ["b", "a"]


def test_union():
    check(call("union", arr([3, 1, np.nan]), arr([2, 1, np.nan]), nargout=3),
          arr([1, 2, 3, np.nan, np.nan]), col(2, 1, 3), col(1, 3))
    same(call("union", arr([[1], [2]]), arr([2, 3])), col(1, 2, 3))
    same(call("union", arr([3, 1]), arr([2, 1]), text("stable")), arr([3, 1, 2]))
    same(call("union", np.array([[1, 2]], np.int8), np.array([[3]], np.int8)), np.array([[1, 2, 3]], np.int8))
    same(call("union", EMPTY, arr([2, 1])), col(1, 2))
    same(call("union", arr([[1, 2], [3, 4]]), arr([[1, 2], [0, 0]]), text("rows")),
         arr([[0, 0], [1, 2], [3, 4]]))
    assert texts(call("union", cellstr("b", "a"), text("c"))) == ["a", "b", "c"]


def test_intersect():
    check(call("intersect", arr([5, 1, 3, 5]), arr([3, 5, 7]), nargout=3), arr([3, 5]), col(3, 1), col(1, 2))
    check(call("intersect", arr([5, 1, 3, 5]), arr([3, 5, 7]), text("stable"), nargout=3),
          arr([5, 3]), col(1, 3), col(2, 1))
    same(call("intersect", arr([1, 2, 3]), arr([[2], [3]])), col(2, 3))
    same(call("intersect", arr([np.nan, 1]), arr([np.nan, 1])), 1.0)
    assert texts(call("intersect", cellstr("x", "y"), cellstr("y", "z"))) == ["y"]


def test_setdiff_setxor():
    check(call("setdiff", arr([5, 1, 3, 1, np.nan]), 3.0, nargout=2), arr([1, 5, np.nan]), col(2, 1, 5))
    same(call("setdiff", arr([5, 1, 3, 1]), 3.0, text("stable")), arr([5, 1]))
    same(call("setdiff", arr([1, 2]), arr([1, 2])), np.zeros((1, 0)))
    check(call("setxor", arr([1, 2, 3]), arr([3, 4]), nargout=3), arr([1, 2, 4]), col(1, 2), 2.0)
    assert texts(call("setdiff", cellstr("a", "b", "c"), cellstr("b"))) == ["a", "c"]


def test_ismember():
    # MATLAB (R2013a+) gives the lowest index in S; Octave gives 2 for the repeated 2
    check(call("ismember", arr([1, 5, 2, np.nan]), arr([2, 2, 1, np.nan]), nargout=2),
          arr([True, False, True, False], bool), arr([3, 0, 1, 0]))
    check(call("ismember", arr([[1, 2], [3, 4], [1, 2]]), arr([[1, 2], [5, 6]]), text("rows"), nargout=2),
          col(True, False, True).astype(bool), col(1, 0, 1))
    assert call("ismember", 2.0, arr([1, 2])) is True
    same(call("ismember", text("abc"), text("cb")), arr([False, True, True], bool))
    assert call("ismember", text("b"), cellstr("a", "b")) is True
    check(call("ismember", cellstr("a", "q", "b"), cellstr("b", "a"), nargout=2),
          arr([True, False, True], bool), arr([2, 0, 1]))
    with pytest.raises(MatlabError, match="cell arrays of character vectors"):
        call("ismember", 1.0, cellstr("a"))
