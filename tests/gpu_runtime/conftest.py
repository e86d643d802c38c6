"""gpuArray through Session, for real on whatever adapter wgpu finds (lavapipe in CI); skipped only when
wgpu finds no adapter at all."""
import pytest

pytest.importorskip("wgpu")

from engine.accel import provider  # noqa: E402


@pytest.fixture(scope="session")
def gpu():
    if not provider.available():
        pytest.skip("no GPU adapter (install mesa-vulkan-drivers for lavapipe)")
    if not provider.get_provider().f64:
        pytest.skip("the adapter has no shader-f64 (double gpuArrays need it)")
    return provider.get_provider()
