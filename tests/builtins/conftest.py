"""Fixtures of the builtin tests that read and write files."""
import pytest

from engine import Session


@pytest.fixture
def session(tmp_path, monkeypatch):
    """A CPU session whose working folder is the test's own temporary folder (a test module may define
    its own, with files made there first)."""
    monkeypatch.chdir(tmp_path)
    return Session(device="cpu")
