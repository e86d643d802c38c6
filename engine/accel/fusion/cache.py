"""A bounded cache of fusion plans, least recently used dropped first. Its size is
``MATFUSE_PLAN_CACHE`` plans, read when the cache is made (a FusionAccelerator, ``%fusion reset``);
the accelerator counts hits, misses and evictions in its FusionStats (``%fusion stats``)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from engine.config import flag


class PlanCache:
    """Values by key (a window's entry id and its input signature), at most ``limit`` of them."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = max(1, flag("MATFUSE_PLAN_CACHE") if limit is None else limit)
        self.items: OrderedDict[Any, Any] = OrderedDict()

    def __len__(self) -> int:
        return len(self.items)

    def get(self, key: Any) -> Any:
        """The value kept for ``key`` (now the most recently used), or None."""
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def put(self, key: Any, value: Any) -> int:
        """Keep ``value``; returns how many least recently used values it evicted."""
        self.items[key] = value
        self.items.move_to_end(key)
        evicted = max(0, len(self.items) - self.limit)
        for _ in range(evicted):
            self.items.popitem(last=False)
        return evicted
