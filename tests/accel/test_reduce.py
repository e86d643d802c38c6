"""gpu_reduce against numpy: every op along every dim, single and double, one- and multi-pass sizes,
empty dimensions, NaN rules and ties of max/min."""
import numpy as np
import pytest

from engine.accel import kernels
from engine.accel.kernels import gpu_reduce
from engine.accel.residency import upload
from engine.runtime.errors import MatlabError
from engine.runtime.values import normalize_shape


def nan_extreme(x, axis, pick):
    """MATLAB max/min: NaN ignored unless all are NaN; the first of equal values; 1-based index."""
    filled = np.where(np.isnan(x), -np.inf if pick == "max" else np.inf, x)
    idx = (np.argmax if pick == "max" else np.argmin)(filled, axis=axis)
    values = np.take_along_axis(x, np.expand_dims(idx, axis), axis)
    all_nan = np.all(np.isnan(x), axis=axis, keepdims=True)
    values = np.where(all_nan, np.nan, values)
    return values, np.expand_dims(idx, axis) + 1.0


REFERENCE = {
    "sum": lambda x, ax: np.sum(x, axis=ax, keepdims=True),
    "prod": lambda x, ax: np.prod(x, axis=ax, keepdims=True),
    "mean": lambda x, ax: np.mean(x, axis=ax, keepdims=True),
    "any": lambda x, ax: np.any((x != 0) & ~np.isnan(x), axis=ax, keepdims=True),
    "all": lambda x, ax: np.all(x != 0, axis=ax, keepdims=True),
    "max": lambda x, ax: nan_extreme(x, ax, "max")[0],
    "min": lambda x, ax: nan_extreme(x, ax, "min")[0],
}


def data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    x[rng.random(shape) < 0.1] = 0.0
    x[rng.random(shape) < 0.05] = np.nan
    x.flat[0] = np.inf
    return x.astype(dtype)


def check(got, expected, dtype):
    expected = expected.reshape(normalize_shape(expected.shape))
    assert got.shape == expected.shape
    if expected.dtype == np.bool_:
        assert got.dtype == np.bool_
        np.testing.assert_array_equal(got, expected)
    else:
        assert got.dtype == dtype
        np.testing.assert_allclose(got, expected.astype(dtype), rtol=1e-12 if dtype == np.float64 else 2e-6,
                                   atol=0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("op", sorted(REFERENCE))
@pytest.mark.parametrize("dim", [1, 2, 3, 4])
def test_every_op_and_dim(gpu64, op, dim, dtype):
    x = data((6, 5, 4), dtype)
    if op in ("sum", "prod", "mean"):
        x = np.where(np.isnan(x), 0.5, x).astype(dtype)           # NaN propagation is tested below
    with np.errstate(invalid="ignore"):
        got = gpu_reduce(op, upload(x), dim).download()
    with np.errstate(invalid="ignore"):
        expected = REFERENCE[op](x.astype(np.float64)[..., None], dim - 1)
    check(got, expected, dtype)


@pytest.mark.parametrize("op", ["max", "min"])
def test_indices_ties_and_nan(gpu64, op):
    x = np.array([[3.0, np.nan, 1.0, np.nan], [3.0, np.nan, 1.0, np.nan], [1.0, np.nan, 3.0, np.nan]])
    values, indices = gpu_reduce(op, upload(x), 1, with_index=True)
    ref_values, ref_indices = nan_extreme(x, 0, op)
    np.testing.assert_array_equal(values.download(), ref_values)
    np.testing.assert_array_equal(indices.download(), ref_indices)
    assert indices.cls == "double"


def test_nan_propagates_through_sum_and_prod(gpu64):
    x = np.array([[1.0, np.nan], [2.0, 3.0]])
    np.testing.assert_array_equal(gpu_reduce("sum", upload(x), 1).download(), [[3.0, np.nan]])
    np.testing.assert_array_equal(gpu_reduce("prod", upload(x), 2).download(), [[np.nan], [6.0]])


CHUNK = kernels.REDUCE_CHUNK


@pytest.mark.parametrize("n", [64, 65, CHUNK, CHUNK + 1, 3 * CHUNK + 5])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_sizes_across_pass_boundaries(gpu64, n, dtype):
    x = data((n, 3), dtype, seed=n)
    x = np.where(np.isnan(x) | np.isinf(x), 0.25, x).astype(dtype)
    gx = upload(x)
    check(gpu_reduce("sum", gx, 1).download(), REFERENCE["sum"](x.astype(np.float64), 0), dtype)
    values, indices = gpu_reduce("min", gx, 1, with_index=True)
    ref_values, ref_indices = nan_extreme(x, 0, "min")
    np.testing.assert_array_equal(values.download(), ref_values)
    np.testing.assert_array_equal(indices.download(), ref_indices)


def test_more_than_a_million_along_the_reduced_dim(gpu64):
    n = 1_100_000                             # 135 chunks: a second pass reduces the partials
    rng = np.random.default_rng(5)
    x = rng.standard_normal((n, 1))
    x[777_777, 0] = 50.0
    gx = upload(x)
    np.testing.assert_allclose(gpu_reduce("sum", gx, 1).download(), [[x.sum()]], rtol=1e-11)
    np.testing.assert_allclose(gpu_reduce("mean", gx, 1).download(), [[x.mean()]], rtol=1e-11)
    values, indices = gpu_reduce("max", gx, 1, with_index=True)
    assert values.download()[0, 0] == 50.0 and indices.download()[0, 0] == 777_778.0
    row = upload(x.reshape(1, n).astype(np.float32))
    np.testing.assert_allclose(gpu_reduce("sum", row, 2).download(), [[x.sum()]], rtol=1e-4)
    assert gpu_reduce("all", row, 2).download()[0, 0]


@pytest.mark.parametrize("shape", [(40, 300, 3), (33, 5000, 1), (64, 70, 2)])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_strided_lines(gpu64, shape, dtype):
    # Along dim 2 with pre >= 32 (main_strided): partly filled 32-output tiles, one or several chunks.
    x = data(shape, dtype, seed=shape[1])
    gx = upload(x)
    for op in sorted(REFERENCE):
        operand = gx
        if op in ("sum", "prod", "mean"):          # no NaN, no cancellation (single sums 5000 terms)
            operand = upload(np.where(np.isnan(x), 0.5, np.abs(x)).astype(dtype))
        with np.errstate(invalid="ignore"):
            expected = REFERENCE[op](operand.download().astype(np.float64), 1)
        check(gpu_reduce(op, operand, 2).download(), expected, dtype)
    values, indices = gpu_reduce("max", gx, 2, with_index=True)
    ref_values, ref_indices = nan_extreme(x, 1, "max")
    np.testing.assert_array_equal(values.download(), ref_values.reshape(values.shape))
    np.testing.assert_array_equal(indices.download(), ref_indices.reshape(values.shape))


def test_three_passes(gpu64, monkeypatch):
    monkeypatch.setattr(kernels, "REDUCE_CHUNK", 256)     # 100,000 / 256 / 256: three passes
    x = np.random.default_rng(6).standard_normal((100_000, 2))
    total = gpu_reduce("sum", upload(x), 1).download()
    np.testing.assert_allclose(total, x.sum(0, keepdims=True), rtol=1e-11)
    values, indices = gpu_reduce("min", upload(x), 1, with_index=True)
    np.testing.assert_array_equal(indices.download(), np.argmin(x, 0)[None, :] + 1.0)


@pytest.mark.parametrize("op, shape, dim, expected", [
    ("sum", (0, 3), 1, np.zeros((1, 3))), ("prod", (0, 3), 1, np.ones((1, 3))),
    ("mean", (0, 3), 1, np.full((1, 3), np.nan)), ("any", (0, 3), 1, np.zeros((1, 3), bool)),
    ("all", (0, 3), 1, np.ones((1, 3), bool)), ("max", (0, 3), 1, np.zeros((0, 3))),
    ("max", (3, 0), 1, np.zeros((1, 0))), ("sum", (3, 0), 1, np.zeros((1, 0))),
    ("sum", (3, 0), 2, np.zeros((3, 1))), ("min", (0, 3), 2, np.zeros((0, 1))),
])
def test_empty(gpu64, op, shape, dim, expected):
    got = gpu_reduce(op, upload(np.zeros(shape)), dim).download()
    assert got.shape == expected.shape and got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_classes_and_errors(gpu64):
    logical = upload(np.array([[True, False, True]]))
    total = gpu_reduce("sum", logical, 2)
    assert total.cls == "double" and total.download()[0, 0] == 2.0
    assert gpu_reduce("any", logical, 2).cls == "logical"
    largest, where = gpu_reduce("max", logical, 2, with_index=True)
    assert largest.cls == "logical" and largest.download()[0, 0] and where.download()[0, 0] == 1.0
    with pytest.raises(MatlabError):
        gpu_reduce("sum", logical, 0)
    with pytest.raises(ValueError):
        gpu_reduce("sum", logical, 1, with_index=True)


def test_all_elements(gpu64):
    x = np.arange(24.0).reshape(2, 3, 4)
    x[1, 2, 3] = 99.0
    np.testing.assert_array_equal(gpu_reduce("sum", upload(x), "all").download(), [[x.sum()]])
    values, indices = gpu_reduce("max", upload(x), "all", with_index=True)
    assert values.download()[0, 0] == 99.0
    assert indices.download()[0, 0] == np.ravel_multi_index((1, 2, 3), x.shape, order="F") + 1
