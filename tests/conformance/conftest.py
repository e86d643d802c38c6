"""One Session per topic module: cases clear the workspace between them (see harness.check)."""
import pytest

from engine import Session


@pytest.fixture(scope="module")
def session() -> Session:
    return Session(device="cpu")
