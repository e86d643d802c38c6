"""gpu_permute against numpy: transposes and N-d permutations, every class it keeps, empties; the
tiled transpose (transpose.wgsl) at tile edges, bit for bit."""
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


@pytest.mark.parametrize("shape", [(1, 1), (1, 40), (40, 1), (31, 33), (32, 32), (33, 64), (64, 96),
                                   (100, 3), (3, 100), (257, 129)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, bool])
def test_tiled_transpose_moves_every_bit(gpu64, shape, dtype):
    """A matrix's transpose (32 x 32 tiles through workgroup memory) at sizes around and between the
    tiles: every element's bits unchanged (NaN payloads, -0)."""
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    array = rng.standard_normal(shape) > 0 if dtype is bool else rng.standard_normal(shape).astype(dtype)
    if dtype is not bool:
        array.flat[0], array.flat[-1] = -0.0, np.nan
        array.view(np.uint32 if dtype is np.float32 else np.uint64).flat[-1] |= 5     # a NaN payload
    got = gpu_permute(upload(array), (2, 1)).download()
    assert got.dtype == array.dtype and got.shape == array.T.shape
    assert np.ascontiguousarray(got).tobytes() == np.ascontiguousarray(array.T).tobytes()
