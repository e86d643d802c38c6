"""gpu_matmul against numpy for single and double, tile edges, empty and scalar operands."""
import numpy as np
import pytest

from engine.accel.kernels import gpu_matmul
from engine.accel.residency import upload
from engine.runtime.errors import MatlabError


@pytest.mark.parametrize("m, k, n", [(1, 1, 1), (3, 1, 4), (17, 33, 5), (16, 16, 16), (64, 65, 63),
                                     (1, 200, 1), (130, 47, 129), (5, 0, 7), (0, 3, 4), (3, 4, 0),
                                     # around the 128x128 block and the k-tile of 8
                                     (128, 8, 128), (129, 9, 257), (255, 7, 1), (1, 300, 130),
                                     (256, 16, 127)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_products(gpu64, m, k, n, dtype):
    rng = np.random.default_rng(m * 1000 + k * 10 + n)
    a = rng.standard_normal((m, k)).astype(dtype)
    b = rng.standard_normal((k, n)).astype(dtype)
    got = gpu_matmul(upload(a), upload(b)).download()
    expected = a.astype(np.float64) @ b.astype(np.float64)
    assert got.shape == (m, n) and got.dtype == dtype
    tol = 1e-13 if dtype == np.float64 else 1e-5
    np.testing.assert_allclose(got, expected, rtol=tol, atol=tol * max(k, 1))


def test_classes_and_special_values(gpu64):
    a = np.array([[1.0, np.inf], [np.nan, 2.0]])
    b = np.array([[1.0], [0.5]])
    np.testing.assert_array_equal(gpu_matmul(upload(a), upload(b)).download(), a @ b)
    single = gpu_matmul(upload(a.astype(np.float32)), upload(b))
    assert single.cls == "single"
    logical = gpu_matmul(upload(np.array([[True, True]])), upload(np.array([[2.0], [3.0]])))
    assert logical.cls == "double" and logical.download()[0, 0] == 5.0
    scaled = gpu_matmul(upload(np.array([[2.0]])), upload(a))
    np.testing.assert_array_equal(scaled.download(), 2.0 * a)


def test_inner_dimension_mismatch(gpu64):
    with pytest.raises(MatlabError) as err:
        gpu_matmul(upload(np.zeros((2, 3))), upload(np.zeros((2, 3))))
    assert err.value.identifier == "MATLAB:innerdim"
    with pytest.raises(MatlabError):
        gpu_matmul(upload(np.zeros((2, 3, 2))), upload(np.zeros((2, 3))))
