"""GPU time from timestamp queries (the adapter's 'timestamp-query' feature).

Every compute pass writes a timestamp when it begins and when it ends into a query set; a submit
resolves the pass's pairs into a small buffer; the next host read (which waits for the device anyway)
copies the resolved pairs into its staging buffer, after its data, and adds them up. Timing therefore never makes the
host wait by itself. ``Provider.gpu_seconds()`` submits and reads what is still pending.

Timestamps are taken as nanoseconds (the WebGPU unit; Vulkan drivers on NVIDIA and lavapipe tick in
nanoseconds). A command encoder times at most QUERIES / 2 compute passes; later ones are counted in
``untimed`` (a batch opens a new pass only after a copy, so this is rare).
"""
from __future__ import annotations

from typing import Any

import numpy as np

QUERIES = 32            # per command encoder: a resolve writes 256 bytes, the alignment of resolves


class PassTimer:
    def __init__(self, device: Any) -> None:
        self.device = device
        self.queries = device.create_query_set(type="timestamp", count=QUERIES)
        self.used = 0                                  # queries the open encoder's passes write
        self.resolved: list[tuple[Any, int]] = []      # (buffer, queries) resolved, not yet read
        self.free: list[Any] = []                      # resolve buffers to reuse
        self.nanoseconds = 0
        self.untimed = 0

    def pass_writes(self) -> dict[str, Any] | None:
        """The timestamp_writes of the next compute pass (None once the query set is full)."""
        if self.used + 2 > QUERIES:
            self.untimed += 1
            return None
        writes = {"query_set": self.queries, "beginning_of_pass_write_index": self.used,
                  "end_of_pass_write_index": self.used + 1}
        self.used += 2
        return writes

    def resolve(self, encoder: Any) -> None:
        """Encode the resolve of this encoder's timestamps (outside any pass, before finish)."""
        if not self.used:
            return
        import wgpu
        buffer = self.free.pop() if self.free else self.device.create_buffer(
            size=QUERIES * 8, usage=wgpu.BufferUsage.QUERY_RESOLVE | wgpu.BufferUsage.COPY_SRC)
        encoder.resolve_query_set(self.queries, 0, self.used, buffer, 0)
        self.resolved.append((buffer, self.used))
        self.used = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of resolved timestamps that the next read copies out."""
        return sum(n for _, n in self.resolved) * 8

    def collect(self, encoder: Any, target: Any, offset: int) -> list:
        """Encode copies of every resolved pair into ``target`` from ``offset`` (the staging buffer of a
        read, after its data); the resolve buffers copied, for ``fold``."""
        taken, self.resolved = self.resolved, []
        for buffer, n in taken:
            encoder.copy_buffer_to_buffer(buffer, 0, target, offset, n * 8)
            offset += n * 8
        return taken

    def fold(self, data: np.ndarray, taken: list) -> None:
        """Add the passes' durations from the read-back bytes; the resolve buffers become free."""
        stamps = data[:sum(n for _, n in taken) * 8].view(np.uint64).astype(np.int64)
        self.nanoseconds += int(np.clip(stamps[1::2] - stamps[0::2], 0, None).sum())
        self.free += [buffer for buffer, _ in taken]
