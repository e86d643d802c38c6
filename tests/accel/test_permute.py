"""gpu_permute against numpy: transposes and N-d permutations, every class it keeps, empties."""
import numpy as np
import pytest

from engine.accel.kernels import gpu_permute
from engine.accel.residency import upload


def expected(array, order):
    padded = array.reshape(array.shape + (1,) * (len(order) - array.ndim))
    out = np.transpose(padded, [k - 1 for k in order])
    while out.ndim > 2 and out.shape[-1] == 1:
        out = out.reshape(out.shape[:-1])
    return out


@pytest.mark.parametrize("array, order", [
    (np.arange(15.0).reshape(3, 5), (2, 1)),
    (np.arange(24, dtype=np.float32).reshape(2, 3, 4), (3, 1, 2)),
    (np.arange(16).reshape(4, 4) % 3 == 0, (2, 1)),
    (np.arange(6.0).reshape(2, 3), (3, 2, 1)),
    (np.arange(6.0).reshape(2, 3), (1, 2, 3)),
    (np.arange(120.0).reshape(2, 3, 4, 5), (4, 2, 3, 1)),
    (np.zeros((0, 3)), (2, 1)),
    (np.random.default_rng(1).standard_normal((300, 1001)), (2, 1)),
])
def test_permute_matches_numpy(gpu64, array, order):
    got = gpu_permute(upload(array), order).download()
    want = expected(array, order)
    assert got.dtype == array.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)
