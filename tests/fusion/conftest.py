"""Fusion tests run for real on whatever adapter wgpu finds (lavapipe in CI); they skip only when wgpu
finds no adapter at all, and double-precision cases skip when the adapter has no shader-f64."""
import pytest

pytest.importorskip("wgpu")

from engine.accel import provider  # noqa: E402


@pytest.fixture(scope="session")
def gpu():
    if not provider.available():
        pytest.skip("no GPU adapter (install mesa-vulkan-drivers for lavapipe)")
    return provider.get_provider()
