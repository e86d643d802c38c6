"""Helpers shared by the runtime tests: arrays of a given class, and exact comparison."""
import numpy as np


def arr(rows, dtype=np.float64):
    return np.array(rows, dtype=dtype)


def same(out, expected):
    """Exact equality of value, class (dtype) and shape."""
    expected = np.asarray(expected)
    assert isinstance(out, np.ndarray), out
    assert out.dtype == expected.dtype and out.shape == expected.shape, (out.dtype, out.shape)
    assert np.array_equal(out, expected), out
