"""Reductions and rearrangements of 3-d arrays along each dimension: values recorded from GNU Octave
(stored in column-major order with their MATLAB size)."""
import numpy as np
import pytest

from engine.runtime.values import CharArray
from numeric_fakes import arr, call, same

A = np.arange(1.0, 25.0).reshape((2, 3, 4), order="F")
A[1, 1, 2] = np.nan
B = np.mod(np.arange(1.0, 25.0) * 7, 11).reshape((2, 3, 4), order="F")
E = np.zeros((0, 0))

EXPECTED = {
    's3': (np.array([40., 44., 48., np.nan, 56., 60.], dtype=float), (2, 3)),
    'm3': (np.array([ 7., 10., 10.,  6.,  9.,  9.], dtype=float), (2, 3)),
    'ix': (np.array([1., 3., 1., 1., 3., 1.], dtype=float), (2, 3)),
    'mv': (np.array([4.75, 5.  , 5.25], dtype=float), (1, 3)),
    'md': (np.array([7., 6., 5., 4., 6., 5., 4., 3.], dtype=float), (2, 1, 4)),
    'sd': (np.array([2.581988897471611, 4.203173404306164, 2.581988897471611, 2.581988897471611,
                    4.203173404306164, 2.581988897471611], dtype=float), (2, 3)),
    'cs': (np.array([ 7.,  3., 10.,  6.,  2.,  9., 12.,  4., 18., 10.,  2., 16., 15., 14., 24., 12., 11., 21., 16.,
         22., 28., 12., 18., 24.], dtype=float), (2, 3, 4)),
    'so': (np.array([ 7., 10., 10.,  6.,  9.,  9.,  5.,  8.,  8.,  4.,  7.,  7.,  3.,  3.,  6.,  2.,  2.,  5.,  1.,
          1.,  4.,  0.,  0.,  3.], dtype=float), (2, 3, 4)),
    'c3': (np.array([ 1.,  8.,  4.,  0.,  7.,  3.,  7.,  3., 10.,  6.,  2.,  9.,  5.,  1.,  8.,  4.,  0.,  7.,  3.,
         10.,  6.,  2.,  9.,  5.], dtype=float), (2, 3, 4)),
    'mn': (np.array([1., 2., 3., 4., 5., 6.], dtype=float), (2, 3)),
    'sv': (np.array([62., 58.], dtype=float), (2, 1)),
    'an': (np.array([False,  True,  True, False, False, False], dtype=bool), (2, 3)),
    'fl': (np.array([ 1.,  8.,  4.,  0.,  7.,  3.,  3., 10.,  6.,  2.,  9.,  5.,  5.,  1.,  8.,  4.,  0.,  7.,  7.,
          3., 10.,  6.,  2.,  9.], dtype=float), (2, 3, 4)),
}

CASES = {
    "s3": lambda: call("sum", A, 3.0),
    "m3": lambda: call("max", B, E, 3.0),
    "ix": lambda: call("max", B, E, 3.0, nargout=2)[1],
    "mv": lambda: call("mean", B, arr([1, 3])),
    "md": lambda: call("median", B, 2.0),
    "sd": lambda: call("std", B, 0.0, 3.0),
    "cs": lambda: call("cumsum", B, 3.0),
    "so": lambda: call("sort", B, 3.0, CharArray.from_str("descend")),
    "c3": lambda: call("circshift", B, 1.0, 3.0),
    "mn": lambda: call("min", A, E, 3.0),
    "sv": lambda: call("sum", B, arr([2, 3])),
    "an": lambda: call("any", B > 9, 3.0),
    "fl": lambda: call("flip", B, 3.0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_three_dimensional(name):
    flat, shape = EXPECTED[name]
    expected = flat.reshape(shape, order="F")
    if name == "sd":
        np.testing.assert_allclose(CASES[name](), expected, rtol=1e-14)
    else:
        same(CASES[name](), expected)
