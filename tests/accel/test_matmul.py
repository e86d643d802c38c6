"""gpu_matmul against numpy for single and double, tile edges, empty and scalar operands, thin and
split-k products, every tiling the sweep tries; how matmul_tiling picks a launch."""
import numpy as np
import pytest

from engine.accel import kernels, matmul_tiling
from engine.accel.kernels import gpu_matmul
from engine.accel.matmul_tiling import (FLAT, NARROW, TILINGS, WORKGROUP_STORAGE, Launch, Tiling,
                                        product_launch, split)
from engine.accel.residency import upload
from engine.runtime.errors import MatlabError


@pytest.mark.parametrize("m, k, n", [(1, 1, 1), (3, 1, 4), (17, 33, 5), (16, 16, 16), (64, 65, 63),
                                     (1, 200, 1), (130, 47, 129), (5, 0, 7), (0, 3, 4), (3, 4, 0),
                                     # around the 128x128 block and the k-tile of 8
                                     (128, 8, 128), (129, 9, 257), (255, 7, 1), (1, 300, 130),
                                     (256, 16, 127),
                                     # vec4 reads (m and k multiples of 4), thin results, split-k
                                     (128, 64, 132), (300, 64, 1), (1, 64, 300), (2, 70, 3), (64, 1000, 64),
                                     (4, 1, 4), (1, 5, 1), (7, 4096, 1)])
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


@pytest.mark.parametrize("tiling", [Tiling(128, 128, 8, 8, 8, fma=False), Tiling(128, 128, 16, 8, 8),
                                    Tiling(64, 128, 8, 4, 8), Tiling(128, 64, 8, 8, 4), Tiling(64, 64, 16, 4, 4),
                                    NARROW, FLAT,
                                    # warp shapes and one k-tile a loop pass
                                    Tiling(128, 128, 8, 4, 8, warp=4), Tiling(128, 128, 8, 8, 8, warp=2, pair=False),
                                    Tiling(64, 64, 8, 4, 4, warp=8, pair=False), Tiling(128, 128, 4, 8, 8, pair=False),
                                    # workgroup tiles as rows of vec2
                                    Tiling(128, 128, 8, 4, 8, warp=4, vec2=True),
                                    Tiling(64, 64, 8, 4, 4, pair=False, vec2=True),
                                    # k-tiles of 12: 384 vec4 of each operand for 512 invocations
                                    Tiling(128, 128, 12, 4, 8, warp=2, pair=False, vec2=True),
                                    # the next k-tile's loads later in the tile; fragments read a k-step ahead
                                    Tiling(128, 128, 8, 4, 8, warp=2, pair=False, vec2=True, fetch=6),
                                    Tiling(64, 64, 8, 4, 4, pair=False, vec2=True, fetch=4, ahead=True),
                                    Tiling(128, 128, 8, 8, 8, warp=4, ahead=True),
                                    # A's and B's loads at their own k-steps; the stores before the last
                                    Tiling(128, 128, 8, 4, 8, warp=2, pair=False, vec2=True, fetch=1, fetch_b=4, put=6,
                                           ahead=True),
                                    Tiling(64, 64, 8, 4, 4, vec2=True, fetch=3, fetch_b=0, put=5), *TILINGS["f64"]])
@pytest.mark.parametrize("splits", [1, 3])
def test_every_tiling_and_split(gpu64, tiling, splits):
    """The tilings benchmarks/gpu/matmul_sweep.py compares, whole and split along k, at odd sizes and
    at sizes read as vec4, both classes (those that fit the adapter's workgroup memory)."""
    limit = int(gpu64.device.limits["max-compute-workgroup-storage-size"])
    for dtype in (np.float64, np.float32):
        if tiling.workgroup_bytes(np.dtype(dtype).itemsize) > limit:
            continue
        for m, k, n in ((131, 77, 70), (132, 96, 68)):
            rng = np.random.default_rng(m + k + n)
            a, b = rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype)
            got = gpu_matmul(upload(a), upload(b), Launch(tiling, splits)).download()
            tol = 1e-13 if dtype == np.float64 else 1e-5
            np.testing.assert_allclose(got, a.astype(np.float64) @ b.astype(np.float64), rtol=tol, atol=tol * k)


@pytest.mark.parametrize("m, k, n", [(132, 40, 68), (131, 40, 70), (7, 4096, 8)])
def test_large_double_products_read_b_from_its_transpose(gpu64, monkeypatch, m, k, n):
    """A large double product (every product here) reads B from a transposed copy when n is a whole
    number of vec4 (matmul_tiling.relaid), else as stored."""
    monkeypatch.setattr(matmul_tiling, "RELAY_FLOPS", 0)
    made, permute = [], kernels.gpu_permute
    monkeypatch.setattr(kernels, "gpu_permute", lambda x, order: made.append(x.shape) or permute(x, order))
    rng = np.random.default_rng(n)
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    np.testing.assert_allclose(gpu_matmul(upload(a), upload(b)).download(), a @ b, rtol=1e-13, atol=1e-13 * k)
    assert made == ([(k, n)] if n % 4 == 0 else [])


def test_mixed_classes_read_as_stored(gpu64):
    """A single operand times a double one is single; the double one is converted element by element
    (not read as vec4 of the compute type), the single one as vec4."""
    rng = np.random.default_rng(5)
    a, b = rng.standard_normal((132, 40)).astype(np.float32), rng.standard_normal((40, 8))
    got = gpu_matmul(upload(a), upload(b))
    assert got.cls == "single"
    np.testing.assert_allclose(got.download(), a @ b.astype(np.float32), rtol=1e-5, atol=1e-4)


def test_launch_choice():
    """Thin results take a block one vec4 wide and split k to fill the GPU; square ones the class's
    tiling whole; every tiling fits the workgroup memory every adapter here has."""
    assert product_launch("f32", 4096, 4096, 1) == Launch(NARROW, 8)
    assert product_launch("f64", 1, 4096, 4096) == Launch(FLAT, 8)
    assert product_launch("f32", 4096, 4096, 4096) == Launch(TILINGS["f32"][0], 1)
    assert product_launch("f64", 64, 64, 64).splits == 2          # 1 block, 8 k-tiles: 4 per split
    assert split(TILINGS["f32"][0], 100, 3, 100).splits == 1      # k too short to share
    for t, tilings in TILINGS.items():                             # the last fits every adapter
        assert tilings[-1].workgroup_bytes(4 if t == "f32" else 8) <= WORKGROUP_STORAGE
    # double's first tiling takes 48 KiB (the H100's Vulkan limit is 49,152 bytes), the last 32
    assert product_launch("f64", 4096, 4096, 4096) == Launch(TILINGS["f64"][-1], 1)
    assert product_launch("f64", 4096, 4096, 4096, 49152) == Launch(TILINGS["f64"][0], 1)
    assert product_launch("f64", 4096, 4096, 4096, 49151) == Launch(TILINGS["f64"][-1], 1)
    with pytest.raises(ValueError):
        Tiling(128, 128, 6, 8, 8)
    with pytest.raises(ValueError):                                # 384 vec4 of a k-tile, 256 invocations
        Tiling(128, 128, 12, 8, 8)
    with pytest.raises(ValueError):                                # loads after the tile's last k-step
        Tiling(128, 128, 8, 8, 8, fetch=8)
    with pytest.raises(ValueError):                                # B's loads after the tile's last k-step
        Tiling(128, 128, 8, 8, 8, fetch_b=8)
    with pytest.raises(ValueError):                                # the stores before the loads
        Tiling(128, 128, 8, 8, 8, fetch=2, fetch_b=5, put=5)
    with pytest.raises(ValueError):                                # 16 x-lanes: no warp of 32 across
        Tiling(128, 128, 8, 8, 8, warp=32)
    with pytest.raises(ValueError):                                # 2 y-lanes a warp of 16 x-lanes
        Tiling(128, 4, 8, 8, 4, warp=16)
