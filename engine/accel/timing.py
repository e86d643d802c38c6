"""GPU time from timestamp queries (the adapter's 'timestamp-query' feature).

Every compute pass writes a timestamp when it begins and when it ends, into the next pair of one
query set of QUERIES queries that runs on across submits. A submit resolves nothing: the next host
read (which waits for the device anyway) resolves the queries written since the last resolve into a
resolve buffer, copies them into its staging buffer after its data, and adds up the pairs; a set that
fills up between reads is resolved in the batch that fills it. (A resolve in every submit made each
replayed cell on the H100 12-21 us slower than timestamp writes alone: benchmarks/fusion/RESULTS.md,
"timestamps resolved at reads".) So timing never makes the host wait by itself, and a submit carries
only the timestamp writes.

Timestamps are taken as nanoseconds (the WebGPU unit; Vulkan drivers on NVIDIA and lavapipe tick in
nanoseconds). Passes whose batch was dropped (a failed submit) and those written since the last
resolve before it go untimed: their queries may never have been written.
"""
from __future__ import annotations

from typing import Any

import numpy as np

QUERIES = 4096          # the query set: 2,048 passes between resolves


class PassTimer:
    def __init__(self, device: Any) -> None:
        self.device = device
        self.queries = device.create_query_set(type="timestamp", count=QUERIES)
        self.used = 0                                  # queries written since the last resolve
        self.resolved: list[tuple[Any, int]] = []      # resolve buffers not yet read, with their query counts
        self.free: list[Any] = []                      # resolve buffers to reuse
        self.nanoseconds = 0

    def next_pass(self, batch: Any) -> int:
        """The first of the two queries the next compute pass of ``batch`` (a batch.Batch, no pass
        open) writes; a full set is resolved first."""
        if self.used == QUERIES:
            self.resolve(batch)
        self.used += 2
        return self.used - 2

    def resolve(self, batch: Any) -> None:
        """Encode the resolve of the queries written since the last one into a resolve buffer, for
        the next read to collect."""
        if not self.used:
            return
        if self.free:
            buffer = self.free.pop()
        else:
            import wgpu
            buffer = self.device.create_buffer(size=QUERIES * 8,
                                               usage=wgpu.BufferUsage.QUERY_RESOLVE | wgpu.BufferUsage.COPY_SRC)
        batch.resolve(self.queries, self.used, buffer, 0)
        self.resolved.append((buffer, self.used))
        self.used = 0

    def forget(self) -> None:
        """The batch encoded since the last submit was dropped: the queries since the last resolve
        are not read (some may never have been written)."""
        self.used = 0

    @property
    def pending_bytes(self) -> int:
        """Bytes of resolved timestamps that the next read copies out."""
        return sum(count for _, count in self.resolved) * 8

    def collect(self, batch: Any, target: Any, offset: int) -> list:
        """Encode copies of the resolved timestamps into ``target`` from ``offset`` (the staging buffer
        of a read, after its data), one per resolve buffer; what was copied, for ``fold``."""
        taken, self.resolved = self.resolved, []
        for buffer, count in taken:
            batch.copy(buffer, target, count * 8, 0, offset)
            offset += count * 8
        return taken

    def fold(self, data: np.ndarray, taken: list) -> None:
        """Add the passes' durations from the read-back bytes; the resolve buffers become free."""
        stamps = data[:sum(count for _, count in taken) * 8].view(np.uint64).astype(np.int64)
        self.nanoseconds += int(np.clip(stamps[1::2] - stamps[0::2], 0, None).sum())
        self.free += [buffer for buffer, _ in taken]
