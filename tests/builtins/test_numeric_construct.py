"""Construction and size builtins; expected values recorded from GNU Octave (MATLAB where they differ)."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray
from numeric_fakes import arr, call, same

M4 = arr([[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])


def text(s: str) -> CharArray:
    return CharArray.from_str(s)


@pytest.mark.parametrize("args, expected", [
    ((), 0.0),
    ((2.0,), np.zeros((2, 2))),
    ((2.0, 3.0), np.zeros((2, 3))),
    ((arr([2, 0, 3]),), np.zeros((2, 0, 3))),
    ((2.0, 3.0, 1.0), np.zeros((2, 3))),
    ((-1.0, 2.0), np.zeros((0, 2))),
    ((1.0, 2.0, text("int8")), np.zeros((1, 2), np.int8)),
    ((2.0, text("single")), np.zeros((2, 2), np.float32)),
    ((1.0, 2.0, text("like"), np.array([[1]], np.uint16)), np.zeros((1, 2), np.uint16)),
    ((1.0, 1.0, text("like"), 1j), 0j),
    ((text("logical"),), False),
])
def test_zeros_forms(args, expected):
    same(call("zeros", *args), expected)


def test_ones_and_eye():
    same(call("ones", 1.0, 3.0, text("like"), np.array([[1]], np.int8)), np.ones((1, 3), np.int8))
    same(call("eye", 2.0, 3.0, text("int16")), arr([[1, 0, 0], [0, 1, 0]], np.int16))
    same(call("eye", arr([3, 2])), arr([[1, 0], [0, 1], [0, 0]]))
    same(call("eye", 0.0), np.zeros((0, 0)))
    same(call("eye"), 1.0)
    with pytest.raises(MatlabError, match="N-dimensional"):
        call("eye", 2.0, 2.0, 2.0)


@pytest.mark.parametrize("args, message", [
    ((2.5,), "Size inputs must be integers."),
    ((1.0, text("int7")), "does not support class 'int7'"),
    ((np.ones((2, 2)),), "Size vector must be a row vector"),
    ((arr([1, 2]), 3.0), "Size inputs must be scalar."),
])
def test_size_argument_errors(args, message):
    with pytest.raises(MatlabError, match=message):
        call("zeros", *args)


def test_linspace():
    # MATLAB's linspace.m computes d1 + (k*(d2-d1))/n1; Octave's d1 + k*((d2-d1)/n1) ends ...667 at k=4
    same(call("linspace", 0.0, 1.0, 7.0),
         arr([0., 0.16666666666666666, 0.3333333333333333, 0.5, 0.6666666666666666, 0.8333333333333334, 1.]))
    assert call("linspace", 0.0, 1.0, 11.0)[0, 3] == 0.3
    same(call("linspace", 1.0, 10.0, 4.0), arr([1, 4, 7, 10]))
    same(call("linspace", -1.0, 1.0, 3.0), arr([-1, 0, 1]))
    same(call("linspace", np.float32(0).reshape(1, 1), 1.0, 3.0), arr([0, 0.5, 1], np.float32))
    same(call("linspace", 1.0, 2.0, 0.0), np.zeros((1, 0)))
    same(call("linspace", 1.0, 2.0, 1.0), 2.0)
    assert call("linspace", 0.0, 1.0).shape == (1, 100)


@pytest.mark.parametrize("threads", ["1", "3"])
@pytest.mark.parametrize("d1, d2, n", [(-3.0, 3.0, 200_003), (1e308, -1e308, 150_001),
                                       (1e308, 1.7e308, 140_000), (2.5, 2.5, 131_073)])
def test_long_linspace_computed_in_parts_is_the_formula(d1, d2, n, threads, monkeypatch):
    """A row longer than one part (LINSPACE_PART elements) is computed part by part on several threads:
    element for element linspace.m's formula (its overflow forms included), ends exact."""
    monkeypatch.setenv("MATFUSE_CPU_THREADS", threads)
    k, n1 = np.arange(n, dtype=np.float64), n - 1
    with np.errstate(all="ignore"):
        if np.isinf((d2 - d1) * (n1 - 1)):
            y = d1 + (d2 / n1) * k - (d1 / n1) * k if np.isinf(d2 - d1) else d1 + k * ((d2 - d1) / n1)
        else:
            y = d1 + k * (d2 - d1) / n1
    y[0], y[-1] = d1, d2
    if d1 == d2:
        y[:] = d1
    same(call("linspace", d1, d2, float(n)), y.reshape(1, n))


def test_repmat():
    same(call("repmat", arr([[1, 2], [3, 4]]), 1.0, 2.0, 2.0),
         np.array([[[1., 1.], [2., 2.], [1., 1.], [2., 2.]], [[3., 3.], [4., 4.], [3., 3.], [4., 4.]]]))
    same(call("repmat", 7.0, 2.0), np.full((2, 2), 7.0))
    same(call("repmat", arr([1, 2]), arr([2, 1])), arr([[1, 2], [1, 2]]))
    cells = call("repmat", CellArray(np.array([[1.0]], dtype=object)), 1.0, 2.0)
    assert type(cells) is CellArray and cells.shape == (1, 2)
    assert call("repmat", text("ab"), 1.0, 2.0).to_str() == "abab"


def test_reshape():
    same(call("reshape", arr(range(1, 13)), np.zeros((0, 0)), 3.0, 2.0),
         np.arange(1., 13.).reshape((2, 3, 2), order="F"))
    same(call("reshape", arr(range(1, 7)), arr([3, 2])), arr([[1, 4], [2, 5], [3, 6]]))
    same(call("reshape", arr(range(1, 7)), 2.0, 3.0, 1.0), arr([[1, 3, 5], [2, 4, 6]]))
    with pytest.raises(MatlabError, match="Number of elements must not change"):
        call("reshape", arr(range(6)), 4.0, 2.0)
    with pytest.raises(MatlabError, match="Product of known dimensions, 2, not divisible into total "
                                          "number of elements, 5."):
        call("reshape", arr(range(5)), 2.0, np.zeros((0, 0)))


def test_meshgrid():
    x, y = call("meshgrid", arr([1, 2, 3]), arr([10, 20]), nargout=2)
    same(x, arr([[1, 2, 3], [1, 2, 3]]))
    same(y, arr([[10, 10, 10], [20, 20, 20]]))
    x, y, z = call("meshgrid", arr([1, 2]), nargout=3)
    assert x.shape == y.shape == z.shape == (2, 2, 2)
    same(z[:, :, 1], np.full((2, 2), 2.0))


def test_diag():
    same(call("diag", arr([[1, 2], [3, 4], [5, 6]]), -1.0), arr([[3], [6]]))
    same(call("diag", arr([1, 2]), -2.0), arr([[0, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 2, 0, 0]]))
    same(call("diag", 5.0, 1.0), arr([[0, 5], [0, 0]]))
    same(call("diag", np.zeros((0, 3))), np.zeros((0, 1)))
    same(call("diag", np.zeros((0, 0))), np.zeros((0, 0)))
    same(call("diag", np.zeros((1, 0))), np.zeros((0, 0)))
    same(call("diag", M4), arr([[16], [11], [6], [1]]))


def test_tril_triu():
    same(call("tril", M4, -1.0), arr([[0, 0, 0, 0], [5, 0, 0, 0], [9, 7, 0, 0], [4, 14, 15, 0]]))
    same(call("triu", M4.astype(np.int8), 1.0),
         arr([[0, 2, 3, 13], [0, 0, 10, 8], [0, 0, 0, 12], [0, 0, 0, 0]], np.int8))


@pytest.mark.parametrize("n, expected", [
    (0, np.zeros((0, 0))),
    (1, 1.0),
    (2, arr([[1, 3], [4, 2]])),   # MATLAB's (Octave gives [4 3; 1 2])
    (3, arr([[8, 1, 6], [3, 5, 7], [4, 9, 2]])),
    (4, M4),
    (6, arr([[35, 1, 6, 26, 19, 24], [3, 32, 7, 21, 23, 25], [31, 9, 2, 22, 27, 20],
             [8, 28, 33, 17, 10, 15], [30, 5, 34, 12, 14, 16], [4, 36, 29, 13, 18, 11]])),
    (10, arr([[92, 99, 1, 8, 15, 67, 74, 51, 58, 40], [98, 80, 7, 14, 16, 73, 55, 57, 64, 41],
              [4, 81, 88, 20, 22, 54, 56, 63, 70, 47], [85, 87, 19, 21, 3, 60, 62, 69, 71, 28],
              [86, 93, 25, 2, 9, 61, 68, 75, 52, 34], [17, 24, 76, 83, 90, 42, 49, 26, 33, 65],
              [23, 5, 82, 89, 91, 48, 30, 32, 39, 66], [79, 6, 13, 95, 97, 29, 31, 38, 45, 72],
              [10, 12, 94, 96, 78, 35, 37, 44, 46, 53], [11, 18, 100, 77, 84, 36, 43, 50, 27, 59]])),
])
def test_magic(n, expected):
    same(call("magic", float(n)), expected)


@pytest.mark.parametrize("n", [5, 8, 12, 14])
def test_magic_sums(n):
    m = call("magic", float(n))
    total = n * (n * n + 1) / 2
    assert sorted(m.ravel()) == list(range(1, n * n + 1))
    assert np.all(m.sum(0) == total) and np.all(m.sum(1) == total) and np.trace(m) == total


def test_size():
    a = np.zeros((2, 3, 4))
    same(call("size", a), arr([2, 3, 4]))
    same(call("size", a, 3.0), 4.0)
    same(call("size", a, 5.0), 1.0)
    same(call("size", a, arr([1, 3])), arr([2, 4]))
    same(call("size", a, 1.0, 2.0), arr([2, 3]))
    assert call("size", a, nargout=2) == (2.0, 12.0)
    assert call("size", np.zeros((2, 3)), nargout=4) == (2.0, 3.0, 1.0, 1.0)
    assert call("size", a, 1.0, 3.0, nargout=2) == (2.0, 4.0)
    same(call("size", text("abc")), arr([1, 3]))
    with pytest.raises(MatlabError, match="Dimension argument must be a positive integer"):
        call("size", a, 0.0)


@pytest.mark.parametrize("name, value, expected", [
    ("numel", np.zeros((2, 3, 4)), 24.0),
    ("length", np.zeros((3, 7)), 7.0),
    ("length", np.zeros((3, 0)), 0.0),
    ("ndims", np.zeros((2, 3, 4)), 3.0),
    ("ndims", 5.0, 2.0),
    ("isempty", np.zeros((0, 3)), True),
    ("isempty", text(""), True),
    ("isempty", 0.0, False),
    ("isscalar", 5.0, True),
    ("isscalar", text("ab"), False),
    ("isvector", arr([1, 2]), True),
    ("isvector", np.zeros((1, 1, 3)), False),
    ("isvector", np.zeros((2, 2)), False),
    ("ismatrix", np.zeros((2, 0)), True),
    ("ismatrix", np.zeros((2, 3, 4)), False),
    ("isrow", text("abc"), True),
    ("isrow", arr([[1], [2]]), False),
    ("iscolumn", arr([[1], [2]]), True),
    ("iscolumn", np.zeros((1, 2)), False),
])
def test_size_predicates(name, value, expected):
    same(call(name, value), expected)


NUMERIC_MODULES = {"construct", "sizes", "elementwise", "reductions", "linalg", "arrays", "sets", "random",
                   "numerical"}


def test_every_numeric_builtin_has_help():
    from engine.runtime.builtins.registry import BUILTINS
    entries = [b for b in BUILTINS.values() if b.impl.__module__.rsplit(".", 1)[1] in NUMERIC_MODULES]
    assert len(entries) >= 95
    for entry in entries:
        signature, *rest = entry.help.split("\n\n")
        assert f"{entry.name}(" in signature.splitlines()[0], entry.name
        assert len(rest) >= 2, entry.name   # a paragraph and an example


def test_ndgrid():
    x, y = call("ndgrid", arr([1, 2]), arr([1, 2, 3]), nargout=2)
    same(x, arr([[1, 1, 1], [2, 2, 2]]))
    same(y, arr([[1, 2, 3], [1, 2, 3]]))
    same(call("ndgrid", arr([1, 2])), arr([[1], [2]]))
    x, y = call("ndgrid", arr([1, 2]), nargout=2)
    same(y, arr([[1, 2], [1, 2]]))


def test_sub2ind_ind2sub():
    same(call("sub2ind", arr([3, 4]), 2.0, 3.0), 8.0)
    same(call("sub2ind", arr([3, 4, 2]), arr([1, 2]), arr([1, 4]), arr([2, 2])), arr([13, 23]))
    same(call("sub2ind", arr([3, 4, 2]), 3.0, 8.0), 24.0)
    assert call("ind2sub", arr([3, 4]), 8.0, nargout=2) == (2.0, 3.0)
    r, c = call("ind2sub", arr([3, 4, 2]), arr([8, 24]), nargout=2)
    same(r, arr([2, 3]))
    same(c, arr([3, 8]))
    assert call("ind2sub", arr([3, 4]), 8.0, nargout=3) == (2.0, 3.0, 1.0)
    same(call("ind2sub", arr([3, 4]), 8.0), 8.0)
    with pytest.raises(MatlabError, match="Out of range subscript."):
        call("sub2ind", arr([3, 4]), 4.0, 1.0)
    with pytest.raises(MatlabError, match="Index out of range."):
        call("ind2sub", arr([3, 4]), 13.0, nargout=2)


def test_string_scalar_options():
    from engine.runtime.values import StringArray
    from numeric_fakes import FakeContext

    def s(t: str) -> StringArray:
        return StringArray.scalar(t)
    A = arr([[1, 5], [7, 2]])
    same(call("zeros", 1.0, 2.0, s("int8")), np.zeros((1, 2), np.int8))
    same(call("sum", A, s("all")), 15.0)
    assert call("max", A, np.zeros((0, 0)), s("all"), nargout=2) == (7.0, 2.0)
    same(call("sort", arr([1, 3, 2]), s("descend")), arr([3, 2, 1]))
    same(call("unique", arr([3, 1, 3]), s("stable")), arr([3, 1]))
    same(call("norm", arr([3, 4]), s("fro")), 5.0)
    same(call("cumsum", arr([1, 2]), s("reverse")), arr([3, 2]))
    ctx = FakeContext()
    call("rng", s("default"), ctx=ctx, nargout=0)
    assert f"{call('rand', ctx=ctx):.16g}" == "0.8147236863931789"
    assert call("ismember", s("b"), CellArray(np.array([[text("a"), text("b")]], dtype=object))) is True
