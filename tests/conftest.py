"""Shared fixtures. GPU tests run for real on whatever adapter wgpu finds (lavapipe in CI); they skip only
when wgpu finds no adapter at all, and double-precision tests skip only when the adapter has no
shader-f64."""
import os

import pytest

from engine.accel import provider


@pytest.fixture(scope="session", autouse=True)
def cache_dir(tmp_path_factory):
    """Caches (the auto policy's calibration) go to a temporary folder, never the real home; every build
    checks its MIR after each pass (MATFUSE_VERIFY_MIR, off outside the tests)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MATFUSE_CACHE_DIR", str(tmp_path_factory.mktemp("matfuse-cache")))
        patch.setenv("MATFUSE_VERIFY_MIR", "1")
        yield


@pytest.fixture
def gpu():
    """The shared provider as it is now (per test: reset(gpuDevice) in a test replaces it)."""
    if not provider.available():
        pytest.skip("no GPU adapter (install mesa-vulkan-drivers for lavapipe)")
    return provider.get_provider()


@pytest.fixture
def gpu64(gpu):
    if not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    return gpu


@pytest.fixture
def golden(request):
    """``golden(name, text)``: ``text`` must equal the file ``golden/name`` beside the test file, a
    printer's output checked in so that a change to it shows in review. ``MATFUSE_UPDATE_GOLDEN=1``
    writes the files instead (then read their diff before committing); a missing file fails the test."""
    folder = request.path.parent / "golden"

    def check(name: str, text: str) -> None:
        path = folder / name
        text = text.rstrip("\n") + "\n"
        if os.environ.get("MATFUSE_UPDATE_GOLDEN") == "1":
            folder.mkdir(exist_ok=True)
            path.write_text(text)
            return
        assert path.exists(), f"no golden file {path} (run with MATFUSE_UPDATE_GOLDEN=1 to write it)"
        assert text == path.read_text(), (f"{path} differs from the printer's text; if the change is meant, "
                                          "MATFUSE_UPDATE_GOLDEN=1 rewrites it")
    return check
