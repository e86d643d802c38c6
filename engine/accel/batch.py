"""The batch's command encoder and its open compute pass, driven through wgpu-native's C functions.

Encoding is the host's hot path: every dispatch sets a bind group (and a pipeline where it changes)
and dispatches; every batch opens an encoder and a timed compute pass, ends, finishes and submits
them. wgpu-py's objects build and check descriptor structs at each call, make a Python object (and
log a line) for each encoder, pass and command buffer, and capture errors around every C call: on the
build machine (lavapipe) opening an encoder with a timed pass and ending it took 15 us that way and
1.7 us through the C functions with descriptors made once; a dispatch's three calls 2.8 us against
1.0. So a Batch calls them through wgpu-py's cffi library (``lib``), with its descriptors made once
per device. wgpu-core records a pass's commands and validates them when the encoder finishes, so
creating the encoder, ``finish`` and the submit go through wgpu-py's checked calls (``libf``: an error
raises the GPUError that ``Provider.guard`` turns into GpuUnavailable) and no failure goes unnoticed.
Imported by the Provider once it has a device (nothing here is imported before wgpu is needed).
"""
from __future__ import annotations

from typing import Any, Sequence

from wgpu.backends.wgpu_native._api import ffi, lib, libf

from .timing import QUERIES, PassTimer

_set_pipeline = lib.wgpuComputePassEncoderSetPipeline
_set_bind_group = lib.wgpuComputePassEncoderSetBindGroup
_dispatch = lib.wgpuComputePassEncoderDispatchWorkgroups


class Batch:
    """One command encoder (``encoder``) and its open compute pass (``cpass``) as wgpu-native handles,
    None when not open; ``dispatches`` counts the dispatches encoded since the last submit, and
    ``named`` holds the bind groups they use until then. ``offsets[k]`` is the dynamic offset of
    uniform slot k (``stride`` bytes apart), ready to pass."""
    __slots__ = ("device", "queue", "timer", "encoder", "cpass", "pipeline", "dispatches", "named", "offsets",
                 "_encoder_desc", "_buffer_desc", "_untimed", "_timed", "_submitted")

    def __init__(self, device: Any, timer: PassTimer | None, slots: int, stride: int) -> None:
        self.device = device._internal
        self.queue = device.queue._internal
        self.timer = timer
        self.encoder: Any = None
        self.cpass: Any = None
        self.pipeline: Any = None            # the pipeline the open pass has set
        self.dispatches = 0
        self.named: list[Any] = []
        self.offsets = [ffi.new("uint32_t[1]", [k * stride]) for k in range(slots)]
        self._encoder_desc = ffi.new("WGPUCommandEncoderDescriptor *")
        self._buffer_desc = ffi.new("WGPUCommandBufferDescriptor *")
        self._untimed = ffi.new("WGPUComputePassDescriptor *")
        self._timed = []                    # per pair of queries: (pass descriptor, its timestamp writes)
        if timer is not None:
            for first in range(0, QUERIES, 2):
                writes = ffi.new("WGPUPassTimestampWrites *")
                writes.querySet = timer.queries._internal
                writes.beginningOfPassWriteIndex, writes.endOfPassWriteIndex = first, first + 1
                desc = ffi.new("WGPUComputePassDescriptor *")
                desc.timestampWrites = writes
                self._timed.append((desc, writes))
        self._submitted = ffi.new("WGPUCommandBuffer[1]")

    def compute_pass(self) -> Any:
        """The open compute pass (timed where the adapter has timestamp queries), opened with the
        encoder if need be."""
        if self.cpass is None:
            encoder = self.encoder or self.open()
            timed = self.timer is not None
            self.cpass = lib.wgpuCommandEncoderBeginComputePass(
                encoder, self._timed[self.timer.next_pass(self) // 2][0] if timed else self._untimed)
            self.pipeline = None
        return self.cpass

    def open(self) -> Any:
        self.encoder = libf.wgpuDeviceCreateCommandEncoder(self.device, self._encoder_desc)
        return self.encoder

    def commands(self) -> Any:
        """The encoder outside any compute pass (for copies and resolves)."""
        if self.cpass is not None:
            lib.wgpuComputePassEncoderEnd(self.cpass)
            lib.wgpuComputePassEncoderRelease(self.cpass)
            self.cpass = None
        return self.encoder or self.open()

    def dispatch(self, pipe: Any, group: Any, offsets: Any, workgroups: Sequence[int], library: Any = None) -> None:
        """Encode one dispatch of ``pipe`` with bind group 0 ``group`` at the dynamic ``offsets``, and
        ``library`` as group 1 where the pipeline has one (set with the pipeline: it stays bound while
        the pipeline does)."""
        cpass = self.cpass or self.compute_pass()
        if pipe is not self.pipeline:
            _set_pipeline(cpass, pipe._internal)
            if library is not None:
                _set_bind_group(cpass, 1, library._internal, 0, ffi.NULL)
            self.pipeline = pipe
        _set_bind_group(cpass, 0, group._internal, 1, offsets)
        _dispatch(cpass, *workgroups)
        self.named.append(group)
        self.dispatches += 1

    def copy(self, source: Any, target: Any, size: int, source_offset: int = 0, target_offset: int = 0) -> None:
        lib.wgpuCommandEncoderCopyBufferToBuffer(self.commands(), source._internal, source_offset,
                                                 target._internal, target_offset, size)

    def resolve(self, query_set: Any, count: int, target: Any, offset: int) -> None:
        """Resolve the first ``count`` queries of ``query_set`` into ``target`` at ``offset``."""
        lib.wgpuCommandEncoderResolveQuerySet(self.commands(), query_set._internal, 0, count, target._internal,
                                              offset)

    def write(self, buffer: Any, data: bytes | bytearray) -> None:
        """``queue.write_buffer`` of ``data`` into ``buffer`` from offset 0 (checked; wgpu copies the
        bytes during the call and writes them before the next submit's work)."""
        libf.wgpuQueueWriteBuffer(self.queue, buffer._internal, 0, ffi.from_buffer(data), len(data))

    def submit(self) -> None:
        """Finish the encoder and submit it (wgpu's validation errors raise here); the batch is empty
        afterwards either way."""
        encoder = self.commands()
        try:
            self._submitted[0] = libf.wgpuCommandEncoderFinish(encoder, self._buffer_desc)
            try:
                libf.wgpuQueueSubmit(self.queue, 1, self._submitted)
            finally:
                lib.wgpuCommandBufferRelease(self._submitted[0])
        finally:
            self.clear()

    def clear(self) -> None:
        """Drop whatever is open without submitting it."""
        if self.cpass is not None:
            lib.wgpuComputePassEncoderRelease(self.cpass)
        if self.encoder is not None:
            lib.wgpuCommandEncoderRelease(self.encoder)
        self.encoder = self.cpass = self.pipeline = None
        self.dispatches = 0
        self.named = []
