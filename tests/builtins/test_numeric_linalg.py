"""dot cross norm det inv trace rank; expected values recorded from GNU Octave."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError, warnings_to
from engine.runtime.values import CharArray
from numeric_fakes import arr, call, close, same

M3 = arr([[8, 1, 6], [3, 5, 7], [4, 9, 2]])
M4 = arr([[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])


def text(s: str) -> CharArray:
    return CharArray.from_str(s)


def test_dot():
    same(call("dot", arr([1, 2, 3]), arr([[4], [5], [6]])), 32.0)
    same(call("dot", arr([[1, 2], [3, 4]]), arr([[1, 2], [3, 4]])), arr([10, 20]))
    same(call("dot", arr([[1, 2], [3, 4]]), arr([[1, 2], [3, 4]]), 2.0), arr([[5], [25]]))
    same(call("dot", arr([1j, 2], np.complex128), arr([1j, 2], np.complex128)), 5.0)
    same(call("dot", np.float32([[1, 2]]), arr([3, 4])), np.float32([[11]]))
    with pytest.raises(MatlabError, match="A and B must be same size."):
        call("dot", arr([1, 2]), arr([1, 2, 3]))


def test_cross():
    same(call("cross", arr([1, 0, 0]), arr([0, 1, 0])), arr([0, 0, 1]))
    same(call("cross", arr([1, 2, 3]), arr([[4], [5], [6]])), arr([-3, 6, -3]))
    same(call("cross", arr([[1, 0], [0, 1], [0, 0]]), arr([[0, 0], [1, 0], [0, 1]])),
         arr([[0, 1], [0, 0], [1, 0]]))
    with pytest.raises(MatlabError, match="dimension of length 3"):
        call("cross", arr([1, 2]), arr([3, 4]))


@pytest.mark.parametrize("args, expected", [
    ((arr([3, 4]),), 5.0),
    ((arr([3, -4]), np.inf), 4.0),
    ((arr([3, -4]), text("inf")), 4.0),
    ((arr([3, -4]), -np.inf), 3.0),
    ((arr([3, -4]), 1.0), 7.0),
    ((arr([3, 4]), text("fro")), 5.0),
    ((M4,), 34.0),
    ((M4, 1.0), 34.0),
    ((M4, np.inf), 34.0),
    ((M3, text("fro")), 16.881943016134134),
    ((np.zeros((0, 0)),), 0.0),
    ((np.float32([[3, 4]]),), np.float32([[5]])),
])
def test_norm(args, expected):
    close(call("norm", *args), expected)


def test_norm_p_and_errors():
    close(call("norm", arr([1, 2, 3]), 3.0), 3.3019272488946267)
    with pytest.raises(MatlabError, match="matrix norms available are 1, 2, inf"):
        call("norm", M3, 3.0)
    with pytest.raises(MatlabError, match="incorrect argument data type"):
        call("norm", np.array([[1]], np.int8))


def test_det():
    close(call("det", arr([[1, 2], [3, 4]])), -2.0)
    close(call("det", M3), -360.0)
    same(call("det", np.zeros((0, 0))), 1.0)
    same(call("det", np.float32([[2, 0], [0, 3]])), np.float32([[6]]))
    with pytest.raises(MatlabError, match="Matrix must be square."):
        call("det", np.ones((2, 3)))


def test_inv():
    warnings = []
    with warnings_to(lambda *w: warnings.append(w)):
        close(call("inv", M3),
              arr([[0.14722222222222223, -0.14444444444444443, 0.06388888888888887],
                   [-0.06111111111111111, 0.02222222222222222, 0.10555555555555556],
                   [-0.01944444444444445, 0.18888888888888888, -0.10277777777777776]]), rtol=1e-13)
        same(call("inv", arr([[2, 0], [0, 4]])), arr([[0.5, 0], [0, 0.25]]))
        same(call("inv", 4.0), 0.25)
        same(call("inv", np.zeros((0, 0))), np.zeros((0, 0)))
    assert warnings == []


def test_inv_singular_warns():
    warnings = []
    with warnings_to(lambda *w: warnings.append(w)):
        same(call("inv", arr([[1, 2], [2, 4]])), np.full((2, 2), np.inf))
        same(call("inv", 0.0), np.inf)
        assert warnings == [("MATLAB:singularMatrix", "Matrix is singular to working precision.")] * 2
        warnings.clear()
        call("inv", M4)
        assert warnings == [("MATLAB:nearlySingularMatrix", "Matrix is close to singular or badly "
                             "scaled. Results may be inaccurate. RCOND =  1.306145e-17.")]
        with pytest.raises(MatlabError, match="Matrix must be square."):
            call("inv", np.ones((2, 3)))
        with pytest.raises(MatlabError, match="incorrect argument data type"):
            call("inv", np.array([[1]], np.int8))


def test_trace_rank():
    same(call("trace", M3), 15.0)
    same(call("trace", np.array([[100, 0], [0, 100]], np.int8)), np.array([[127]], np.int8))
    same(call("trace", np.zeros((0, 0))), 0.0)
    same(call("rank", M4), 3.0)
    same(call("rank", np.eye(3)), 3.0)
    same(call("rank", arr([[1, 2], [2, 4.000001]]), 1e-3), 1.0)
    same(call("rank", np.zeros((0, 0))), 0.0)
    with pytest.raises(MatlabError, match="Matrix must be square."):
        call("trace", np.ones((2, 3)))


def test_eig():
    close(call("eig", M3), arr([[15.000000000000004], [4.898979485566361], [-4.8989794855663575]]), rtol=1e-13)
    same(call("eig", arr([[2, 0], [0, 1]])), arr([[1], [2]]))
    same(call("eig", arr([[0, 1], [-1, 0]])), arr([[1j], [-1j]], np.complex128))
    v, d = call("eig", arr([[2, 1], [1, 2]]), nargout=2)
    close(v, arr([[-0.7071067811865475, 0.7071067811865475], [0.7071067811865475, 0.7071067811865475]]))
    close(d, arr([[1, 0], [0, 3]]))
    v, d = call("eig", M3, nargout=2)
    close(v, arr([[-0.577350269189626, -0.8130525295851414, -0.34164800879410995],
                  [-0.5773502691896258, 0.4714045207910319, -0.4714045207910316],
                  [-0.5773502691896256, 0.3416480087941104, 0.8130525295851416]]), rtol=1e-12)
    _, d = call("eig", M3, text("vector"), nargout=2)
    assert d.shape == (3, 1)
    assert call("eig", M3, text("matrix")).shape == (3, 3)
    close(call("eig", M3, M3), arr([[1], [1], [1]]), rtol=1e-13)       # the pencil (A, A)
    with pytest.raises(MatlabError, match="options"):
        call("eig", M3, text("bogus"))


def test_svd():
    close(call("svd", M3), arr([[14.999999999999998], [6.92820323027551], [3.464101615137755]]), rtol=1e-13)
    a = arr([[1, 2], [3, 4], [5, 6]])
    u, s, v = call("svd", a, nargout=3)
    close(u, arr([[-0.2298476964000714, 0.8834610176985254, 0.40824829046386274],
                  [-0.5247448187602937, 0.24078249213254635, -0.8164965809277261],
                  [-0.8196419411205158, -0.4018960334334318, 0.40824829046386313]]), rtol=1e-12)
    close(s, arr([[9.52551809156511, 0], [0, 0.5143005806586441], [0, 0]]), rtol=1e-13)
    close(v, arr([[-0.6196294838293405, -0.7848944532670524], [-0.7848944532670524, 0.6196294838293405]]),
          rtol=1e-13)
    for econ in (text("econ"), 0.0):
        u, s, v = call("svd", a, econ, nargout=3)
        assert (u.shape, s.shape, v.shape) == ((3, 2), (2, 2), (2, 2))
        np.testing.assert_allclose(u @ s @ v.T, a, rtol=1e-13)


def test_pinv_cond():
    close(call("pinv", arr([[1, 2], [2, 4]])), arr([[0.04, 0.08], [0.08, 0.16]]), rtol=1e-13)
    same(call("pinv", np.zeros((0, 3))), np.zeros((3, 0)))
    close(call("cond", M3), 4.330127018922193, rtol=1e-14)
    close(call("cond", M3, 1.0), 5.333333333333333, rtol=1e-14)
    same(call("cond", arr([[1, 0], [0, 100]])), 100.0)
    same(call("cond", arr([[1, 0], [0, 0]])), np.inf)


def test_chol():
    close(call("chol", arr([[4, 2], [2, 3]])), arr([[2, 1], [0, 1.4142135623730951]]))
    close(call("chol", arr([[4, 2], [2, 3]]), text("lower")), arr([[2, 0], [1, 1.4142135623730951]]))
    r, p = call("chol", arr([[4, 2, 1], [2, 1, 0], [1, 0, 5]]), nargout=2)
    same(r, 2.0)
    same(p, 2.0)
    with pytest.raises(MatlabError, match="Matrix must be positive definite."):
        call("chol", arr([[1, 2], [2, 1]]))


def test_lu_qr():
    a = arr([[1, 2], [3, 4]])
    l, u, p = call("lu", a, nargout=3)
    close(l, arr([[1, 0], [0.3333333333333333, 1]]))
    close(u, arr([[3, 4], [0, 0.6666666666666667]]))
    same(p, arr([[0, 1], [1, 0]]))
    l, _ = call("lu", a, nargout=2)
    close(l, arr([[0.3333333333333333, 1], [1, 0]]))
    close(call("lu", a), arr([[3, 4], [0.3333333333333333, 0.6666666666666667]]))
    q, r = call("qr", arr([[3, 1], [4, 2]]), nargout=2)
    close(q, arr([[-0.6000000000000001, -0.8], [-0.8, 0.6]]))
    close(r, arr([[-5, -2.2], [0, 0.3999999999999999]]), rtol=1e-13)
    r = call("qr", arr([[3, 1], [4, 2], [0, 1]]))   # R2022a and later: the R factor only
    close(r, arr([[-5, -2.2], [0, -1.0770329614269007], [0, 0]]), rtol=1e-13)
    q, r = call("qr", arr([[3, 1], [4, 2], [0, 1]]), 0.0, nargout=2)
    assert q.shape == (3, 2) and r.shape == (2, 2)
    _, _, p = call("qr", arr([[1, 3], [2, 4]]), nargout=3)
    same(p, arr([[0, 1], [1, 0]]))


def test_eigs_of_a_generalized_problem():
    """A corpus program's modes of a bar: [V, D] = eigs(Khat, Mhat, Nmodes, 'sm') was refused. Values from
    Octave (its eigs(K, M, 3, 'sa') for 'smallestreal', which its eigs lacks); V is B-orthonormal."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("K = [2 -1 0 0; -1 2 -1 0; 0 -1 2 -1; 0 0 -1 1]; M = diag([2 2 2 1]); "
                  "d = eigs(K, M, 2, 'sm'); [V, D] = eigs(sparse(K), sparse(M), 3, 'smallestreal'); "
                  "d2 = eigs(K, M, 2, -0.1); d3 = eigs(K, M); "
                  "[W, E] = eigs([1 2; 3 4], [2 0; 0 1], 2); s1 = eigs(6, 2, 1, 'sm'); "
                  "s2 = eigs(6, 1, 4, 'Tolerance', 1e-8);")
    assert r.error is None
    small = [[0.0761204674887133], [0.61731656763491]]
    np.testing.assert_allclose(s.get("d"), small)
    np.testing.assert_allclose(s.get("d2"), small)
    np.testing.assert_allclose(np.diag(s.get("D")).reshape(-1, 1), small + [[1.38268343236509]])
    np.testing.assert_allclose(s.get("d3"), [[1.9238795325112865], [1.3826834323650894]] + small[::-1])
    K, M, V, D = (s.get(n) for n in "KMVD")
    np.testing.assert_allclose(K @ V, M @ V @ D, atol=1e-12)
    np.testing.assert_allclose(V.T @ M @ V, np.eye(3), atol=1e-12)
    np.testing.assert_allclose(np.diag(s.get("E")), [4.712214450449024, -0.2122144504490262])
    # a 1-by-1 A: (A, B, k, sigma) and (A, k, sigma, Name, Value); s1 from Octave
    np.testing.assert_allclose([s.get("s1")[0, 0], s.get("s2")[0, 0]], [2.9999999999999996, 6.0])
    W = s.get("W")          # A not symmetric, B positive definite: each vector of unit B-norm
    np.testing.assert_allclose(np.einsum("ij,ij->j", W, np.diag([2.0, 1.0]) @ W), [1.0, 1.0])


def test_eigs_picks_the_eigenvalues_sigma_asks_for():
    """eigs through a Session (sparse input included). Octave's eigs gives the same values; its order
    for 'smallestabs' and a numeric sigma is ARPACK's (descending), while MATLAB's documentation shows
    them nearest first (|lambda| ascending, |lambda - sigma| ascending), which matfuse follows."""
    from engine import Session
    s = Session(device="cpu")
    r = s.execute("d1 = eigs(diag(1:10), 3); d2 = eigs(diag(1:10), 2, 'smallestabs'); "
                  "d3 = eigs(sparse(diag(1:10)), 2, 4.2); [V, D, flag] = eigs(diag([3 1 2]), 2); "
                  "e = eigs([2 1 0; 1 3 1; 0 1 4], 2, 'la'); d6 = eigs(magic(4)); "
                  "t = eigs(diag(1:10), 3, 'largestabs', 'Tolerance', 1e-10);")
    assert r.error is None
    np.testing.assert_allclose(s.get("d1"), [[10], [9], [8]])
    np.testing.assert_allclose(s.get("d2"), [[1], [2]])
    np.testing.assert_allclose(s.get("d3"), [[4], [5]])
    np.testing.assert_allclose(s.get("D"), [[3, 0], [0, 2]])
    assert s.get("flag") == 0 and s.get("V").shape == (3, 2)
    np.testing.assert_allclose(s.get("e"), [[4.732050807568877], [3.0]])        # octave
    assert s.get("d6").shape == (4, 1) and abs(s.get("d6")[0, 0] - 34) < 1e-12
    np.testing.assert_allclose(s.get("t"), [[10], [9], [8]])
    for code, ident in [("eigs(diag(1:3), 5)", "MATLAB:eigs:InvalidK"), ("eigs(@(x) x, 3)", "MATLAB:eigs:unsupported"),
                        ("eigs(eye(3), eye(2), 2)", "MATLAB:eigs:BsizeMismatch"),
                        ("eigs(diag(1:3), 2, 'bothendsreal')", "MATLAB:eigs:unsupported"),
                        ("eigs(diag(1:3), 2, 'sm', 'Tolerance')", "MATLAB:eigs:ArgNameValueMismatch")]:
        assert s.execute(code).error.identifier == ident, code
