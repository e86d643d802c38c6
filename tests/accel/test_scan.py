"""gpu_cumsum against numpy: every dimension, chunk boundaries (one, two and many chunks per line),
long lines above a million elements, logical and single inputs, NaN/Inf and empties."""
import numpy as np
import pytest

from engine.accel.kernels import SCAN_CHUNK, gpu_cumsum
from engine.accel.residency import upload

RNG = np.random.default_rng(3)


def expected(array, dim):
    padded = array.reshape(array.shape + (1,) * (dim - array.ndim)) if dim > array.ndim else array
    work = np.float32 if array.dtype == np.float32 else np.float64
    return np.cumsum(padded.astype(work), axis=dim - 1).reshape(array.shape)


@pytest.mark.parametrize("shape, dim", [
    ((5, 4), 1), ((5, 4), 2), ((2, 3, 4), 3), ((2, 3), 3), ((SCAN_CHUNK, 3), 1), ((SCAN_CHUNK + 1, 2), 1),
    ((3, 2 * SCAN_CHUNK + 5), 2), ((1, 1_200_001), 2), ((7, 300, 5), 2), ((0, 4), 1), ((4, 0), 2),
])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_cumsum_matches_numpy(gpu64, shape, dim, dtype):
    array = RNG.standard_normal(shape).astype(dtype)
    got = gpu_cumsum(upload(array), dim).download()
    want = expected(array, dim)
    assert got.dtype == dtype and got.shape == want.shape
    scale = np.maximum(1.0, np.abs(want)) * (1e-13 if dtype == np.float64 else 2e-4)
    assert np.all(np.abs(got - want) <= scale * np.sqrt(max(shape[dim - 1] if dim <= len(shape) else 1, 1)))


def test_logical_nan_and_inf(gpu64):
    mask = RNG.standard_normal((300, 3)) > 0
    got = gpu_cumsum(upload(mask), 1).download()
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got, np.cumsum(mask, axis=0))
    special = np.array([[1.0, np.nan, 2.0, np.inf, -np.inf, 3.0]])
    np.testing.assert_array_equal(gpu_cumsum(upload(special), 2).download(), np.cumsum(special, axis=1))
