"""GPU time from timestamp queries (the adapter's 'timestamp-query' feature).

Every compute pass writes a timestamp when it begins and when it ends into a query set; a submit
resolves the pass's pairs into its 256-byte slot of a resolve buffer (SLOTS submits share one buffer, so
a loop of windows that each submit their own work makes no buffer per submit); the next host read
(which waits for the device anyway) copies the filled slots into its staging buffer, after its data,
one copy per resolve buffer, and adds them up. Timing therefore never makes the host wait by itself.
``Provider.gpu_seconds()`` submits and reads what is still pending.

Timestamps are taken as nanoseconds (the WebGPU unit; Vulkan drivers on NVIDIA and lavapipe tick in
nanoseconds). A command encoder times at most QUERIES / 2 compute passes; later ones are counted in
``untimed`` (a batch opens a new pass only after a copy, so this is rare).
"""
from __future__ import annotations

from typing import Any

import numpy as np

QUERIES = 32            # per command encoder: a resolve writes 256 bytes, the alignment of resolves
SLOT = QUERIES * 8      # bytes of one submit's resolved timestamps
SLOTS = 64              # submits whose timestamps one resolve buffer holds


class PassTimer:
    def __init__(self, device: Any) -> None:
        self.device = device
        self.queries = device.create_query_set(type="timestamp", count=QUERIES)
        self.used = 0                                  # queries the open encoder's passes write
        # resolve buffers not yet read, each with the query count of every slot filled (the last one
        # is still being filled)
        self.resolved: list[tuple[Any, list[int]]] = []
        self.free: list[Any] = []                      # resolve buffers to reuse
        self.nanoseconds = 0
        self.untimed = 0

    def next_pass(self) -> int | None:
        """The first of the two queries the next compute pass writes (None once the query set is full)."""
        if self.used + 2 > QUERIES:
            self.untimed += 1
            return None
        self.used += 2
        return self.used - 2

    def resolve(self, batch: Any) -> None:
        """Encode the resolve of this encoder's timestamps into the next slot (a batch.Batch, before
        its submit)."""
        if not self.used:
            return
        if not self.resolved or len(self.resolved[-1][1]) == SLOTS:
            import wgpu
            buffer = self.free.pop() if self.free else self.device.create_buffer(
                size=SLOTS * SLOT, usage=wgpu.BufferUsage.QUERY_RESOLVE | wgpu.BufferUsage.COPY_SRC)
            self.resolved.append((buffer, []))
        buffer, counts = self.resolved[-1]
        batch.resolve(self.queries, self.used, buffer, len(counts) * SLOT)
        counts.append(self.used)
        self.used = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of resolved timestamps that the next read copies out."""
        return sum(len(counts) for _, counts in self.resolved) * SLOT

    def collect(self, batch: Any, target: Any, offset: int) -> list:
        """Encode copies of every filled slot into ``target`` from ``offset`` (the staging buffer of a
        read, after its data), one per resolve buffer; what was copied, for ``fold``."""
        taken, self.resolved = self.resolved, []
        for buffer, counts in taken:
            batch.copy(buffer, target, len(counts) * SLOT, 0, offset)
            offset += len(counts) * SLOT
        return taken

    def fold(self, data: np.ndarray, taken: list) -> None:
        """Add the passes' durations from the read-back bytes; the resolve buffers become free."""
        counts = np.array([n for _, slots in taken for n in slots])
        stamps = data[:len(counts) * SLOT].view(np.uint64).astype(np.int64).reshape(len(counts), QUERIES)
        pairs = np.arange(QUERIES // 2) < counts[:, None] // 2          # the slot's written pairs
        self.nanoseconds += int((np.clip(stamps[:, 1::2] - stamps[:, 0::2], 0, None) * pairs).sum())
        self.free += [buffer for buffer, _ in taken]
