"""GpuTensor upload/download, shared storage, and the buffer pool returning to its baseline."""
import gc

import numpy as np
import pytest

from engine.accel.provider import GpuUnavailable
from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import empty, pool_stats, size_class, upload


@pytest.mark.parametrize("array", [
    np.arange(12.0).reshape(3, 4), np.asfortranarray(np.arange(24.0).reshape(2, 3, 4)),
    np.arange(6, dtype=np.float32).reshape(2, 3), np.array([[True, False, True]]),
    np.arange(-3, 3, dtype=np.int32).reshape(3, 2), np.arange(4, dtype=np.uint32).reshape(4, 1),
    np.zeros((0, 3)), np.zeros((2, 0, 4), dtype=np.float32), np.array(7.5),
])
def test_round_trip(gpu64, array):
    tensor = upload(array)
    back = tensor.download()
    expected = array.reshape((1, 1)) if array.ndim == 0 else array
    assert back.dtype == array.dtype and back.shape == expected.shape
    np.testing.assert_array_equal(back, expected)
    assert tensor.matlab_class == "gpuArray"


def test_buffer_holds_matlab_linear_order(gpu64):
    a = np.arange(6.0).reshape(2, 3)                       # MATLAB linear order: 0 3 1 4 2 5
    view = upload(a).share((1, 6))
    np.testing.assert_array_equal(view.download(), [[0.0, 3.0, 1.0, 4.0, 2.0, 5.0]])


def test_pool_back_to_baseline_after_cycles(gpu64):
    gc.collect()
    base = pool_stats()
    rng = np.random.default_rng(0)
    for i in range(300):
        a = upload(rng.standard_normal((int(rng.integers(1, 40)), 7)))
        b = gpu_elementwise("times", a, 2.0)
        c = b.share((b.numel, 1))
        if i % 3 == 0:
            a.release()
            b.release()
        del a, b, c                                         # handles dropped without release too
    gc.collect()
    after = pool_stats()
    assert (after.live_buffers, after.live_bytes) == (base.live_buffers, base.live_bytes)
    assert after.pooled_buffers <= base.pooled_buffers + 16  # reused by size class, not grown per cycle


def test_shared_storage_is_freed_once(gpu64):
    base = pool_stats()
    t = upload(np.arange(12.0).reshape(3, 4))
    view = t.share((4, 3))
    t.release()
    t.release()                                             # idempotent
    assert pool_stats().live_buffers == base.live_buffers + 1
    expected = np.arange(12.0).reshape(3, 4).ravel(order="F").reshape((4, 3), order="F")
    np.testing.assert_array_equal(view.download(), expected)
    view.release()
    assert pool_stats().live_buffers == base.live_buffers
    with pytest.raises(GpuUnavailable):
        view.download()


def test_released_buffers_are_reused(gpu64):
    t = upload(np.ones((100, 10)))
    buffer = t.buffer
    t.release()
    u = upload(np.zeros((90, 11)))                          # same size class
    assert u.buffer is buffer and size_class(8000) == size_class(7920) == 8192
    np.testing.assert_array_equal(u.download(), np.zeros((90, 11)))


def test_limits_and_classes(gpu64):
    with pytest.raises(GpuUnavailable, match="binding limit"):
        empty((gpu64.max_binding // 8 + 1, 2), "double")
    with pytest.raises(GpuUnavailable):
        upload(np.zeros((2, 2), dtype=np.int8))


def test_pool_cap_destroys_only_after_pending_work(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_GPU_POOL_MB", "0")          # every released buffer is destroyed
    gc.collect()
    base = pool_stats()
    x = upload(np.arange(4.0).reshape(2, 2))
    y = gpu_elementwise("times", x, 2.0)                      # encoded, not yet submitted: reads x
    x.release()
    np.testing.assert_array_equal(y.download(), 2.0 * np.arange(4.0).reshape(2, 2))
    y.release()
    after = pool_stats()
    assert after.live_buffers == base.live_buffers and after.pooled_buffers <= base.pooled_buffers
