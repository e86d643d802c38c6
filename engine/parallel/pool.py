"""The parallel pool (stage 2 adds the Dask pool)."""
from __future__ import annotations

from typing import Any


def current_pool(state: Any) -> Any:
    """The session's running pool, or None."""
    return state.extras.get("parallel_pool")
