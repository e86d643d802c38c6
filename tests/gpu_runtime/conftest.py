"""gpuArray through Session: double gpuArrays need shader-f64, so these tests use the f64 adapter."""
import pytest


@pytest.fixture
def gpu(gpu64):
    return gpu64
