"""Conformance: Session.get conversions (DESIGN.md's contract) of values that MATLAB code produced."""
import numpy as np
import pytest

CODE = """a = 5; b = [1 2; 3 4]; c = 'abc'; d = ['ab'; 'cd']; e = "str"; f = ["a", "b"]; g = {1, 'x'};
h.p = 1; h.q = 'z'; k = struct('v', {1, 2}); l = true; m = int8([1 2]); n = single(2.5); o = 1+2i;
p = ''; q = zeros(0, 3); t = {}; u = uint64(5); w = reshape(1:8, 2, 2, 2);"""


@pytest.fixture(scope="module")
def got(session):
    session.execute("clear all")
    r = session.execute(CODE)
    assert r.error is None, r.error
    return session.get


def same_array(value, expected):
    assert type(value) is np.ndarray and value.dtype == expected.dtype and value.shape == expected.shape
    assert np.array_equal(value, expected)


def test_numbers_are_2d_arrays_of_their_class(got):
    same_array(got("a"), np.array([[5.0]]))
    same_array(got("b"), np.array([[1.0, 2.0], [3.0, 4.0]]))
    same_array(got("l"), np.array([[True]]))
    same_array(got("m"), np.array([[1, 2]], dtype=np.int8))
    same_array(got("n"), np.array([[2.5]], dtype=np.float32))
    same_array(got("o"), np.array([[1 + 2j]]))
    same_array(got("q"), np.zeros((0, 3)))
    same_array(got("u"), np.array([[5]], dtype=np.uint64))
    same_array(got("w"), np.arange(1.0, 9.0).reshape((2, 2, 2), order="F"))


def test_text(got):
    assert got("c") == "abc" and got("e") == "str"
    same_array(got("d"), np.array([["a", "b"], ["c", "d"]], dtype="<U1"))
    same_array(got("f"), np.array([["a", "b"]], dtype=object))


def test_empty_char_is_an_empty_str(got):
    assert got("p") == ""


def test_containers(got):
    g = got("g")
    assert g.shape == (1, 2) and g.dtype == object
    same_array(g[0, 0], np.array([[1.0]]))
    assert g[0, 1] == "x"
    h = got("h")
    assert list(h) == ["p", "q"] and h["q"] == "z"
    same_array(h["p"], np.array([[1.0]]))
    k = got("k")
    assert k.shape == (1, 2) and [d["v"][0, 0] for d in k.ravel()] == [1.0, 2.0]
    t = got("t")
    assert t.shape == (0, 0) and t.dtype == object
