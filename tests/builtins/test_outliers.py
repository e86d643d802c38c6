"""isoutlier, rmoutliers, filloutliers, run as a user runs them. Expected values: MATLAB's documentation
examples (the vector A below: outliers at 100 and 300 by the median, 300 alone by the mean; filloutliers'
'linear' example), and values worked out from the definitions (scaled MAD c = 1.4826...). Octave 7 has
none of these functions."""
import numpy as np
import pytest

from engine import Session

A = "A = [57 59 60 100 59 58 57 58 300 61 62 60 62 58 57];"
MAD = 1.482602218505602                      # -1/(sqrt(2)*erfcinv(3/2))


def run(code: str) -> Session:
    s = Session(device="cpu")
    r = s.execute(code)
    assert r.error is None, r.error
    return s


def test_isoutlier_methods_of_matlabs_examples():
    s = run(A + "a = isoutlier(A); b = isoutlier(A, 'mean'); [~, L, U, C] = isoutlier(A);")
    assert s.get("a").dtype == bool and np.flatnonzero(s.get("a")).tolist() == [3, 8]
    assert np.flatnonzero(s.get("b")).tolist() == [8]
    # median 59, |A - 59| has median 2: L, U = 59 -/+ 3 * 2 * MAD
    assert s.get("C") == 59 and np.isclose(s.get("L"), 59 - 6 * MAD) and np.isclose(s.get("U"), 59 + 6 * MAD)


def test_isoutlier_along_a_dimension_with_a_threshold_and_nan():
    s = run("M = [1 2 3; 2 2 2; 100 2 1; 1 9 2]; a = isoutlier(M); b = isoutlier(M, 2); "
            "c = isoutlier([1 2 3 4 50], 'ThresholdFactor', 100); e = isoutlier([1 2 3 4 50]); "
            "d = isoutlier(single([1 2 NaN 100 2 3])); "
            "[~, L] = isoutlier(single([1 2 NaN 100 2 3])); k = class(L);")
    np.testing.assert_array_equal(s.get("a"), [[0, 0, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(s.get("b"), [[0, 0, 0], [0, 0, 0], [1, 0, 0], [0, 1, 0]])
    assert not s.get("c").any() and s.get("e").ravel().tolist() == [0, 0, 0, 0, 1]    # MAD 1: 47 > 3 * 1.48
    np.testing.assert_array_equal(s.get("d"), [[0, 0, 0, 1, 0, 0]])       # NaN is not an outlier
    assert s.get("k") == "single" and np.isclose(s.get("L"), 2 - 3 * MAD, rtol=1e-6)


def test_isoutlier_moving_window_finds_a_local_outlier():
    """A spike in a sine is an outlier of its window (by the mean only in a window long enough: one of n
    values is at most (n-1)/sqrt(n) sample standard deviations from their mean, under 3 for n = 7)."""
    s = run("x = sin(linspace(0, 6, 50)); x(20) = 3; a = find(isoutlier(x, 'movmedian', 7)); "
            "y = x; y(20) = 10; b = find(isoutlier(y, 'movmean', [10 10])); c = any(isoutlier(y, 'movmean', 7)); "
            "[~, L, U, C] = isoutlier(x, 'movmedian', 7); n = isequal(size(L), size(x), size(C));")
    assert s.get("a").ravel().tolist() == [20] and s.get("b").ravel().tolist() == [20]
    assert not s.get("c") and s.get("n")


def test_rmoutliers_vectors_rows_and_columns():
    s = run(A + "[B, t] = rmoutliers(A); M = [1 2; 2 3; 100 2; 1 200; 2 2; 1 3]; [R, r] = rmoutliers(M); "
            "[K, k] = rmoutliers(M', 2); R2 = rmoutliers(M, 'MinNumOutliers', 2);")
    assert s.get("B").ravel().tolist() == [57, 59, 60, 59, 58, 57, 58, 61, 62, 60, 62, 58, 57]
    assert np.flatnonzero(s.get("t")).tolist() == [3, 8]
    np.testing.assert_array_equal(s.get("R"), [[1, 2], [2, 3], [2, 2], [1, 3]])
    assert s.get("r").shape == (6, 1) and np.flatnonzero(s.get("r")).tolist() == [2, 3]
    np.testing.assert_array_equal(s.get("K"), np.array([[1, 2], [2, 3], [2, 2], [1, 3]]).T)
    assert s.get("k").shape == (1, 6)
    assert s.get("R2").shape == (6, 2)


def test_filloutliers_methods():
    s = run(A + "a = filloutliers([60 59 49 49 58 100 61 57 48 58], 'linear'); b = filloutliers(A, 'center'); "
            "c = filloutliers(A, 'clip'); d = filloutliers(A, 0); [e, tf] = filloutliers([1; 2; 3; 50; 2], 'previous'); "
            "f = filloutliers([1 NaN 2 40 2 1], 'nearest');")
    assert s.get("a").ravel().tolist() == [60, 59, 49, 49, 58, 59.5, 61, 57, 48, 58]
    b = s.get("b").ravel()
    assert b[3] == 59 and b[8] == 59 and b[0] == 57
    c = s.get("c").ravel()
    assert np.isclose(c[3], 59 + 6 * MAD) and np.isclose(c[8], 59 + 6 * MAD) and c[1] == 59
    assert s.get("d").ravel()[[3, 8]].tolist() == [0, 0]
    assert s.get("e").ravel().tolist() == [1, 2, 3, 3, 2] and s.get("tf").ravel().tolist() == [0, 0, 0, 1, 0]
    f = s.get("f").ravel()
    assert np.isnan(f[1]) and f[3] == 2                      # NaN stays; the outlier takes a neighbour


@pytest.mark.parametrize("code, ident", [
    ("isoutlier([1 2 3], 'quartiles')", "MATLAB:isoutlier:UnsupportedMethod"),
    ("isoutlier([1 2 3], 'movmedian')", "MATLAB:isoutlier:MissingWindowLength"),
    ("isoutlier([1 2 3], 'SamplePoints', 1:3)", "MATLAB:isoutlier:InvalidParameterName"),
    ("isoutlier([1 2 3], 'ThresholdFactor', -1)", "MATLAB:isoutlier:InvalidThresholdFactor"),
    ("isoutlier([1i 2])", "MATLAB:isoutlier:ComplexData"),
    ("filloutliers([1 2 3], 'bogus')", "MATLAB:filloutliers:InvalidParameterName"),
    ("rmoutliers(ones(2, 2, 2))", "MATLAB:rmoutliers:NDArrays"),
])
def test_outlier_errors(code, ident):
    r = Session(device="cpu").execute(f"x = {code};")
    assert r.error is not None and r.error.identifier == ident, r.error
