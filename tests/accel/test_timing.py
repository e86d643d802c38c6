"""GPU time from timestamp queries: every compute pass is timed, without syncs of its own."""
import threading

import numpy as np
import pytest

from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload


def test_compute_passes_are_timed_without_extra_syncs(gpu):
    if gpu.timer is None:
        pytest.skip("the adapter has no timestamp queries")
    before = gpu.gpu_seconds()
    submits = gpu.stats.submits
    x = upload(np.random.default_rng(0).random((1 << 20, 1)).astype(np.float32), gpu)
    y = gpu_elementwise("exp", x)
    assert gpu.stats.submits == submits           # encoded, not submitted: timing added no submit
    host = y.download()                          # the read submits once and folds earlier batches in
    assert np.allclose(host, np.exp(x.download()), rtol=1e-6)
    after = gpu.gpu_seconds()
    assert after > before and gpu.timer.resolved == [] and gpu.timer.used == 0
    x.release(), y.release()


def test_gpu_seconds_counts_the_work_just_encoded(gpu):
    """gpu_seconds() after a dispatch includes that dispatch (its batch's timestamps come with the read
    that waits for it, not with the next one)."""
    if gpu.timer is None:
        pytest.skip("the adapter has no timestamp queries")
    x = upload(np.linspace(0, 1, 1 << 20, dtype=np.float32).reshape(-1, 1), gpu)
    before = gpu.gpu_seconds()
    y = gpu_elementwise("exp", x)
    assert gpu.gpu_seconds() > before and gpu.timer.resolved == []
    x.release(), y.release()


def test_submits_resolve_nothing_until_a_read(gpu):
    """A submit encodes no resolve: the passes' queries run on across submits and the next read resolves
    them at once; a set that fills up between reads is resolved in the batch that fills it."""
    if gpu.timer is None:
        pytest.skip("the adapter has no timestamp queries")
    from engine.accel import timing
    x = upload(np.ones((256, 1), dtype=np.float32), gpu)
    gpu.gpu_seconds()
    before = gpu.timer.nanoseconds

    def submits(count: int) -> None:            # one timed pass each
        for _ in range(count):
            y = gpu_elementwise("exp", x)
            gpu.flush()
            y.release()
    submits(5)
    assert gpu.timer.used == 10 and gpu.timer.resolved == []
    gpu.gpu_seconds()
    assert gpu.timer.used == 0 and gpu.timer.resolved == [] and gpu.timer.nanoseconds > before
    submits(timing.QUERIES // 2 + 3)
    assert [count for _, count in gpu.timer.resolved] == [timing.QUERIES] and gpu.timer.used == 6
    before = gpu.timer.nanoseconds
    gpu.gpu_seconds()
    assert gpu.timer.resolved == [] and gpu.timer.nanoseconds > before
    x.release()


def test_a_dropped_batch_leaves_its_passes_untimed(gpu, monkeypatch):
    """A batch whose submit fails may not have written its queries: the passes since the last resolve
    are not read, and timing goes on with the next submit."""
    if gpu.timer is None:
        pytest.skip("the adapter has no timestamp queries")
    from engine.accel.provider import GpuUnavailable
    x = upload(np.ones((256, 1), dtype=np.float32), gpu)
    before = gpu.gpu_seconds()
    monkeypatch.setenv("MATFUSE_FAULTS", "submit:1")
    y = gpu_elementwise("exp", x)
    with pytest.raises(GpuUnavailable):
        gpu.flush()
    monkeypatch.delenv("MATFUSE_FAULTS")
    assert gpu.timer.used == 0
    y.release()
    y = gpu_elementwise("exp", x)
    assert np.allclose(y.download(), np.e) and 0 < gpu.gpu_seconds() - before < 1
    x.release(), y.release()


@pytest.mark.parametrize("spin", [100.0, 0.0])
def test_a_sync_waits_without_a_read_back(gpu, monkeypatch, spin):
    """``sync`` submits and polls the device until its queue is empty (work shorter than SPIN_SECONDS),
    or then waits for a blocking poll on a helper thread: no read-back either way; the timestamps wait
    for the next read."""
    from engine.accel import provider
    monkeypatch.setattr(provider, "SPIN_SECONDS", spin)
    x = upload(np.linspace(0, 1, 1 << 23, dtype=np.float32).reshape(-1, 1), gpu)
    gpu.sync()
    y = gpu_elementwise("exp", gpu_elementwise("sin", x))       # milliseconds on a software adapter
    submits, downloaded = gpu.stats.submits, gpu.stats.bytes_downloaded
    gpu.flush()
    assert not gpu.queue_idle()                # (wgpuDevicePoll's answer read from its low byte)
    gpu.sync()
    assert gpu.queue_idle() and gpu.stats.bytes_downloaded == downloaded and gpu.stats.submits == submits + 1
    np.testing.assert_allclose(y.download()[::4099], np.exp(np.sin(np.linspace(0, 1, 1 << 23)))[::4099, None],
                               rtol=1e-6)
    x.release(), y.release()


def test_a_long_sync_ends_at_an_interrupt(gpu, monkeypatch):
    """Past SPIN_SECONDS, ``sync`` waits for a blocking poll on a helper thread, in slices: an interrupt
    ends the wait while the work goes on, and the next sync waits for it. The poll is held back until
    the interrupt has come (on the H100 the work itself ends within a slice)."""
    from engine.accel import provider
    monkeypatch.setattr(provider, "SPIN_SECONDS", 0.0)
    monkeypatch.setattr(provider, "WAIT_SLICE", 0.001)
    real, released = gpu.device_poll, threading.Event()

    def held(block: bool) -> bool:
        if block:
            released.wait()
            return real(True)
        return released.is_set() and real(False)
    monkeypatch.setitem(gpu.__dict__, "device_poll", held)
    x = upload(np.linspace(0, 1, 1 << 20, dtype=np.float32).reshape(-1, 1), gpu)
    y = gpu_elementwise("exp", gpu_elementwise("sin", x))
    with provider.interruptible(lambda: True), pytest.raises(KeyboardInterrupt):
        gpu.sync()
    released.set()
    gpu.sync()
    assert real(False)
    np.testing.assert_allclose(y.download()[::4099], np.exp(np.sin(np.linspace(0, 1, 1 << 20)))[::4099, None],
                               rtol=1e-6)
    x.release(), y.release()
