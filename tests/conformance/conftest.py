"""One Session per topic module and device: cases clear the workspace between them (see harness.check).

Every case runs on device "cpu", "gpu" and "auto": where a value lives must never change an answer."""
import pytest

from engine import Session
from engine.accel.provider import available


@pytest.fixture(scope="module", params=["cpu", "gpu", "auto"])
def session(request) -> Session:
    if request.param == "gpu" and not available():
        pytest.skip("no GPU adapter")
    return Session(device=request.param)
