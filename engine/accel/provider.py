"""The wgpu device: adapter choice, features, pipeline cache, command batching, transfers.

Nothing here touches wgpu until the first call that needs the device (``available()``,
``get_provider()``): ``Session(device="cpu")`` never initialises it.

Adapter choice: a real GPU first (Vulkan / Metal / DX12; discrete before integrated), then a software
Vulkan device (lavapipe), then OpenGL. ``MATFUSE_ADAPTER`` (or the ``preference`` argument) picks one by
kind (``gpu``, ``software``, ``opengl``), by a substring of the adapter's name, or by index ("0", "1"...).

Work is encoded into one shared command encoder and submitted in batches; the host syncs only when it
reads data (``read``). An upload (``write``) submits the batch first only when the batch uses the buffer
it writes (a pooled buffer the batch's work still reads or writes). Any wgpu error becomes
``GpuUnavailable`` (``GpuOutOfMemory`` when device memory ran out) with the reason recorded in
``Provider.fallbacks``; callers compute the operation on the CPU instead. Work that a
failed submit dropped leaves its output arrays marked lost (``BufferPool.lose``), and the gpuArrays a
fused window wrote in it are computed again from their recipes (``BufferPool.settle``); after a lost
device every array is lost and every later call raises ``GpuUnavailable`` at once, until
``reset_provider``.

``MATFUSE_FAULTS`` (engine/config.py) injects failures for tests: the provider raises, inside the same
guards, the errors wgpu raises for a failed shader compilation, submit or map, a lost device, or an
allocation past a device memory cap, so the same recovery code runs.
"""
from __future__ import annotations

import functools
import os
import re
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from engine.config import flag
from engine.runtime.errors import MatlabError

KIND_ORDER = ("gpu", "software", "opengl")
BATCH_LIMIT = 64                 # dispatches encoded before a submit
UNIFORM_SIZE = 256               # bytes of uniform data per dispatch (a slot of the batch's arena)
BIND_GROUP_CACHE = 1024          # dispatch sites (a kernel's layout over its buffers) kept with their bind groups
MIN_CLASS = 256                  # smallest pooled buffer
MAX_FALLBACK_LOG = 100
STAGED_UPLOAD = 1 << 20          # bytes from which uploads go through a mapped staging buffer
STAGING_KEPT = 2                 # upload staging buffers kept per size class (until the cell ends)
WAIT_SLICE = 0.05                # seconds between interrupt checks while the host waits for the device
SPIN_SECONDS = 0.02              # a wait first polls the device itself for this long (``wait``, ``Provider.sync``)
_interrupt_checks: list[Callable[[], bool]] = []    # innermost last (see ``interruptible``)


class interruptible:   # noqa: N801 - used like contextlib's context managers (a class: entered at every cell)
    """``with interruptible(check):`` inside the block, a wait for the device ends with KeyboardInterrupt
    as soon as ``check()`` is true (the Session passes its interrupt flag while a cell runs). The device
    finishes the abandoned work in the background; the next read waits for it in queue order."""
    __slots__ = ("check",)

    def __init__(self, check: Callable[[], bool]) -> None:
        self.check = check

    def __enter__(self) -> None:
        _interrupt_checks.append(self.check)

    def __exit__(self, *exc: object) -> None:
        _interrupt_checks.pop()


def wait(promise: Any, device: Any = None) -> Any:
    """``promise.sync_wait()`` in slices of WAIT_SLICE seconds, checking for an interrupt between them
    (wgpu-native resolves promises from its poller thread, which sets ``_thread_event``). With the
    ``device``, the first SPIN_SECONDS poll it from this thread without blocking: the hand-over from
    wgpu-py's poller thread costs 0.1-0.15 ms a wait on the H100 (the single chain cell took 1.46 ms
    with a sync, 1.34 ms spinning), which short waits (a read-back after a cell) would otherwise pay."""
    event = getattr(promise, "_thread_event", None)
    poll = getattr(device, "_poll", None)       # wgpu-native's non-blocking wgpuDevicePoll
    if event is not None and poll is not None:
        deadline = time.perf_counter() + SPIN_SECONDS
        while not event.is_set() and time.perf_counter() < deadline:
            poll(False)
    if event is not None:
        wait_event(event)
    return promise.sync_wait()


def wait_event(event: threading.Event) -> None:
    """Wait until ``event`` is set, in slices of WAIT_SLICE seconds, ending with KeyboardInterrupt as
    soon as the innermost ``interruptible`` check is true."""
    while not event.wait(WAIT_SLICE):
        if _interrupt_checks and _interrupt_checks[-1]():
            raise KeyboardInterrupt


class GpuUnavailable(Exception):
    """The GPU cannot run this operation; compute it on the CPU. ``reason`` says why."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail     # e.g. the numbered WGSL of a shader that failed to compile


class GpuOutOfMemory(GpuUnavailable):
    """Device memory ran out (a plain value then stays on the CPU; a gpuArray gets MATLAB's error)."""


def device_error(fname: str, exc: GpuUnavailable) -> MatlabError:
    """The MATLAB error for a gpuArray that ``fname`` cannot make on the device: MATLAB's out-of-memory
    error when device memory ran out."""
    if isinstance(exc, GpuOutOfMemory):
        return MatlabError("parallel:gpu:array:OOM", "Out of memory on device. To view more detail about "
                           "available memory on the GPU, use 'gpuDevice()'. If the problem persists, reset "
                           "the GPU by calling 'gpuDevice(1)'.")
    return MatlabError("matfuse:gpu:unavailable", f"{fname}: {exc.reason}.")


def _fault_error(point: str) -> Exception:
    import wgpu
    call, text = {"compile": ("wgpuDeviceCreateShaderModule", "Shader validation error"),
                  "submit": ("wgpuQueueSubmit", "Command buffer is invalid"),
                  "map": ("wgpuBufferMapAsync", "Buffer map failed"),
                  "lose": ("wgpuQueueSubmit", "Parent device is lost")}[point]
    return wgpu.GPUValidationError(f"Validation Error\n\nCaused by:\n  In {call}\n\n{text} (injected by "
                                   "MATFUSE_FAULTS)\n")


def memory_cap() -> int:
    """Bytes of arrays the device holds under MATFUSE_FAULTS's memory_mb (0: no cap)."""
    return next((count * 2**20 for name, count in flag("MATFUSE_FAULTS") if name == "memory_mb"), 0)


def _out_of_memory(exc: Exception) -> bool:
    import wgpu
    return isinstance(exc, wgpu.GPUOutOfMemoryError) or "out of memory" in str(exc).lower()


@dataclass(frozen=True)
class AdapterInfo:
    name: str
    backend: str       # Vulkan | Metal | D3D12 | OpenGL
    kind: str          # gpu | software | opengl
    adapter_type: str  # DiscreteGPU | IntegratedGPU | CPU | ...


def adapter_info(adapter: Any) -> AdapterInfo:
    info = adapter.info
    backend = str(info.get("backend_type", ""))
    adapter_type = str(info.get("adapter_type", ""))
    if backend == "OpenGL":
        kind = "opengl"
    elif adapter_type == "CPU":
        kind = "software"
    else:
        kind = "gpu"
    return AdapterInfo(str(info.get("device", "")) or str(info.get("description", "")), backend, kind,
                       adapter_type)


def _rank(info: AdapterInfo) -> tuple[int, int]:
    return KIND_ORDER.index(info.kind), 0 if info.adapter_type == "DiscreteGPU" else 1


def choose_adapter(adapters: Sequence[Any], preference: str = "") -> Any:
    """The best adapter, or the best one matching ``preference`` (a kind, a name substring, or an index
    into the adapters in order of preference: "0" is the best, "1" the next...)."""
    infos = [(adapter_info(a), a) for a in adapters]
    pref = preference.strip().lower()
    if pref.isdigit():
        ranked = sorted(infos, key=lambda ia: _rank(ia[0]))
        infos = ranked[int(pref):int(pref) + 1]
    elif pref in KIND_ORDER:
        infos = [(i, a) for i, a in infos if i.kind == pref]
    elif pref:
        infos = [(i, a) for i, a in infos if pref in i.name.lower() or pref in i.backend.lower()]
    if not infos:
        found = ", ".join(f"{adapter_info(a).name} ({adapter_info(a).backend})" for a in adapters)
        wanted = f" matching '{preference}'" if pref else ""
        raise GpuUnavailable(f"no GPU adapter{wanted} (found: {found or 'none'})")
    return min(infos, key=lambda ia: _rank(ia[0]))[1]


def size_class(nbytes: int) -> int:
    """Pool class of a buffer: the byte size rounded up to a power of two, at least MIN_CLASS."""
    return max(MIN_CLASS, 1 << (max(nbytes, 1) - 1).bit_length())


def _summary(exc: Exception) -> str:
    """The informative line of a wgpu error (its text starts with 'Validation Error', 'Caused by:')."""
    skip = ("Validation Error", "Caused by:", "In wgpu")
    for line in str(exc).splitlines():
        line = line.strip()
        if line and not line.startswith(skip) and line[0].isalnum():
            return line
    return type(exc).__name__


LIBRARY_GROUP = "@group(1)"       # the WGSL libraries' tables (Provider.library_group)
BINDING = re.compile(r"@group\(0\)\s*@binding\((\d+)\)\s*var<\s*(uniform|storage)\s*(?:,\s*(\w+))?\s*>")


def layout_entries(source: str) -> list[dict[str, Any]]:
    """The bind group layout of a kernel, from its WGSL's declarations: binding 0 the uniform block at
    a dynamic offset (its slot of the batch's arena), the storage buffers read-only or read-write as
    declared."""
    import wgpu
    entries = []
    for binding, space, access in BINDING.findall(source):
        kind = {"type": "uniform", "has_dynamic_offset": True} if space == "uniform" else \
            {"type": "storage" if access == "read_write" else "read-only-storage"}
        entries.append({"binding": int(binding), "visibility": wgpu.ShaderStage.COMPUTE, "buffer": kind})
    return entries


def numbered(source: str) -> str:
    """WGSL with line numbers, for compile-error reports."""
    return "\n".join(f"{i:4d}  {line}" for i, line in enumerate(source.splitlines(), 1))


@dataclass
class Stats:
    dispatches: int = 0
    submits: int = 0
    pipeline_hits: int = 0
    pipeline_misses: int = 0
    bytes_uploaded: int = 0
    bytes_downloaded: int = 0
    wait_seconds: float = 0.0    # the host thread's CPU time in submits and in waits for read-backs


class Site:
    """A dispatch site: one kernel's bind group layout over one list of buffers. ``group`` binds the
    batch's uniform arena (the block at its slot's dynamic offset); ``last`` is the uniform block of
    the site's last dispatch; ``kept``, where a block repeated, binds a uniform buffer of the site's
    own that holds ``block``."""
    __slots__ = ("group", "last", "block", "kept")

    def __init__(self, group: Any) -> None:
        self.group = group
        self.last: bytes | None = None
        self.block: bytes | None = None
        self.kept: Any = None


@dataclass
class Provider:
    """One wgpu device with its caches. Get the shared instance with ``get_provider()``."""

    adapter: Any
    device: Any = None
    info: AdapterInfo | None = None
    features: frozenset[str] = frozenset()
    stats: Stats = field(default_factory=Stats)
    fallbacks: list[str] = field(default_factory=list)
    lost: str = ""
    pool: Any = None             # residency.BufferPool, attached on first use
    _pipelines: dict[tuple[str, str, bool], tuple[Any, Any, Any]] = field(default_factory=dict)
    _slow_shaders: set[tuple[str, str, bool]] = field(default_factory=set)   # compilations that never finished
    _batch: Any = None           # batch.Batch: the command encoder and compute pass being filled
    _pending: int = 0
    _batch_buffers: set[Any] = field(default_factory=set)    # buffers the encoded, unsubmitted work uses
    _doomed: list[Any] = field(default_factory=list)          # of those, the ones freed: after the submit
    _arena: Any = None
    _arena_data: bytearray = field(default_factory=bytearray)
    _sites: dict[tuple, Site] = field(default_factory=dict)      # by (layout, *buffers)
    _staging: dict[int, list[Any]] = field(default_factory=dict)          # read-back buffers by size class
    _upload_staging: dict[int, list[Any]] = field(default_factory=dict)   # upload buffers, unmapped
    _uploads_in_batch: list[Any] = field(default_factory=list)    # upload buffers the batch copies from
    _sync_buffer: Any = None
    _unwritten: set[Any] = field(default_factory=set)     # new arrays' buffers no submitted work wrote yet
    allocated: int = 0           # bytes of array buffers created and not yet destroyed
    _faults: tuple[tuple, dict[str, int]] = ((), {})       # MATFUSE_FAULTS and the faults it has left
    timer: Any = None            # timing.PassTimer when the adapter has timestamp queries

    def __post_init__(self) -> None:
        wanted = ("shader-f64", "shader-int64", "timestamp-query", "subgroup")
        available = set(self.adapter.features)
        self.features = frozenset(f for f in wanted if f in available)
        limits = self.adapter.limits
        required = {name: limits[name] for name in ("max-storage-buffer-binding-size", "max-buffer-size",
                                                    "max-compute-workgroup-storage-size") if name in limits}
        self.info = adapter_info(self.adapter)
        with self.guard("device creation"):
            self.device = self.adapter.request_device_sync(
                required_features=sorted(self.features), required_limits=required)
            if "timestamp-query" in self.features:
                from .timing import PassTimer
                self.timer = PassTimer(self.device)
            from .batch import Batch
            self._batch = Batch(self.device, self.timer, BATCH_LIMIT, UNIFORM_SIZE)

    def __repr__(self) -> str:
        return f"Provider({self.info.name}, {self.info.backend}, {self.info.kind})"

    # -------------------------------------------------------------- facts

    @functools.cached_property
    def f64(self) -> bool:
        """Whether double runs on the device (read once: a window's hot path asks)."""
        return "shader-f64" in self.features and "shader-int64" in self.features

    @functools.cached_property
    def subgroups(self) -> bool:
        """Whether kernels may use subgroup operations (fused_reduce.wgsl's main combines a line's lanes
        by shuffles: codegen.reduce_source). WebGPU's subgroups are 4 to 128 invocations wide."""
        return "subgroup" in self.features

    @functools.cached_property
    def max_binding(self) -> int:
        return int(self.device.limits["max-storage-buffer-binding-size"])

    @functools.cached_property
    def workgroup_storage(self) -> int:
        """Bytes of workgroup memory a kernel may declare (matmul_tiling picks tilings by it)."""
        return int(self.device.limits["max-compute-workgroup-storage-size"])

    def describe(self) -> dict[str, Any]:
        limits = self.device.limits
        keys = ("max-storage-buffer-binding-size", "max-buffer-size", "max-compute-workgroup-size-x",
                "max-compute-invocations-per-workgroup", "max-compute-workgroup-storage-size",
                "max-compute-workgroups-per-dimension", "max-storage-buffers-per-shader-stage")
        return {
            "name": self.info.name, "backend": self.info.backend, "kind": self.info.kind,
            "adapter_type": self.info.adapter_type,
            "f64": "shader-f64" in self.features, "int64": "shader-int64" in self.features,
            "subgroups": "subgroup" in self.features, "timestamps": "timestamp-query" in self.features,
            "limits": {k: int(limits[k]) for k in keys if k in limits},
        }

    # -------------------------------------------------------------- errors

    @contextmanager
    def guard(self, what: str, source: str = "") -> Iterator[None]:
        """Turn any wgpu failure inside the block into GpuUnavailable and record it."""
        if self.lost:
            raise GpuUnavailable(f"GPU device lost earlier: {self.lost}")
        try:
            yield
        except GpuUnavailable:
            raise
        except Exception as exc:  # wgpu raises GPUError subclasses and RuntimeError from the driver
            raise self.failure(what, exc, source) from exc

    def failure(self, what: str, exc: Exception, source: str = "") -> GpuUnavailable:
        """The GpuUnavailable for a wgpu failure inside ``what`` (recorded; a lost device is marked)."""
        reason = f"{what} failed: {_summary(exc)}"
        if "lost" in str(exc).lower():
            self.lost = reason
            self._drop(None, reason)
        self.record(reason)
        kind = GpuOutOfMemory if _out_of_memory(exc) else GpuUnavailable
        return kind(reason, numbered(source) if source else str(exc))

    def injected(self, point: str) -> None:
        """Raise the wgpu error that MATFUSE_FAULTS asks for at ``point`` (compile, submit, map, lose), if
        any is left: each counted fault fires once on this device; the counts restart when the flag's
        text changes (and on a new device, after reset(gpuDevice))."""
        spec = flag("MATFUSE_FAULTS")
        if not spec:
            return
        if spec != self._faults[0]:
            self._faults = (spec, dict(spec))
        left = self._faults[1]
        if left.get(point, 0) > 0:
            left[point] -= 1
            raise _fault_error(point)

    def _drop(self, buffers: set[Any] | None, reason: str) -> None:
        """Mark the arrays in ``buffers`` (every array: None) lost: the work that writes them was dropped."""
        if self.pool is not None:
            self.pool.lose(buffers, reason)

    def record(self, reason: str) -> None:
        """Remember why an operation went to the CPU (shown by %fusion and gpuDevice)."""
        self.fallbacks.append(reason)
        del self.fallbacks[:-MAX_FALLBACK_LOG]

    # -------------------------------------------------------------- pipelines

    def pipeline(self, source: str, entry: str = "main", bounded: bool = False) -> tuple[Any, Any, Any]:
        """(compute pipeline, bind group layout 0, the library's bind group 1 or None) for WGSL text,
        cached by text and entry (a str caches its hash: a hit on the same text object costs no hashing
        of the source). Group 1 is ``library_group``'s, for a text that declares it. ``bounded``: its
        loops compiled with naga's loop bounding (``shader_module``; the tiled product)."""
        key = (source, entry, bounded)
        hit = self._pipelines.get(key)
        if hit is not None:
            self.stats.pipeline_hits += 1
            return hit
        self.stats.pipeline_misses += 1
        with self.guard("shader compilation", source):
            self.injected("compile")
            made = self._compile(source, entry, bounded)
        self._pipelines[key] = made
        return made

    def _compile(self, source: str, entry: str, bounded: bool) -> tuple[Any, Any, Any]:
        """Create the pipeline in a worker thread and wait for it in slices, so that an interrupt stops
        the wait and a compilation past MATFUSE_COMPILE_TIMEOUT sends the work to the CPU: lavapipe's
        compiler did not finish a single-precision power of two uniforms in minutes. Such a text is
        remembered and not compiled again; its thread ends when the driver returns, if ever."""
        key = (source, entry, bounded)
        if key in self._slow_shaders:
            raise GpuUnavailable("shader compilation did not finish earlier", numbered(source))
        result: dict[str, Any] = {}
        done = threading.Event()
        library = self.library_group if LIBRARY_GROUP in source else None

        def work() -> None:
            try:
                checked = flag("MATFUSE_SHADER_CHECKS")
                module = shader_module(self.device, source, checked, bounded or checked)
                layout = self.device.create_bind_group_layout(entries=layout_entries(source))
                layouts = [layout] if library is None else [layout, library[0]]
                pipe = self.device.create_compute_pipeline(
                    layout=self.device.create_pipeline_layout(bind_group_layouts=layouts),
                    compute={"module": module, "entry_point": entry})
                result["made"] = (pipe, layout, None if library is None else library[1])
            except Exception as exc:  # noqa: BLE001 - raised again in the caller's thread
                result["error"] = exc
            finally:
                done.set()

        threading.Thread(target=work, name="matfuse-shader-compile", daemon=True).start()
        limit = flag("MATFUSE_COMPILE_TIMEOUT")
        deadline = time.monotonic() + limit
        while not done.wait(WAIT_SLICE):
            if _interrupt_checks and _interrupt_checks[-1]():
                raise KeyboardInterrupt
            if time.monotonic() > deadline:
                self._slow_shaders.add(key)
                reason = f"shader compilation did not finish in {limit:g} s"
                self.record(reason)
                raise GpuUnavailable(reason, numbered(source))
        if "error" in result:
            raise result["error"]
        return result["made"]

    @functools.cached_property
    def library_group(self) -> tuple[Any, Any]:
        """(layout, bind group) of group 1, the WGSL libraries' tables, made once per device: binding 0
        pow's logarithm table (log_table.py; ``m64_log_tab`` in f64_math.wgsl), a read-only storage
        buffer. Bound to each pipeline whose text declares group 1 (``shaders.prune`` keeps the
        declaration only where a kernel reaches it)."""
        import wgpu
        from .log_table import table_bytes
        table = self.device.create_buffer_with_data(data=table_bytes(), usage=wgpu.BufferUsage.STORAGE)
        layout = self.device.create_bind_group_layout(entries=[{
            "binding": 0, "visibility": wgpu.ShaderStage.COMPUTE, "buffer": {"type": "read-only-storage"}}])
        group = self.device.create_bind_group(layout=layout, entries=[
            {"binding": 0, "resource": {"buffer": table, "offset": 0, "size": table.size}}])
        return layout, group

    @property
    def pipeline_count(self) -> int:
        return len(self._pipelines)

    # -------------------------------------------------------------- buffers and transfers

    def create_buffer(self, size: int) -> Any:
        import wgpu
        usage = wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST
        with self.guard("buffer allocation"):
            cap = memory_cap()
            if cap and self.allocated + size > cap:
                raise wgpu.GPUOutOfMemoryError(f"Out of memory: {size} bytes more than the {cap >> 20} MiB "
                                               "that MATFUSE_FAULTS leaves on the device")
            buffer = self.device.create_buffer(size=size, usage=usage)
        self.allocated += size
        return buffer

    def destroy(self, buffer: Any) -> None:
        """Free an array buffer; one the batch's encoded work uses is freed after that batch's submit.
        Freeing never submits: a release can come at any moment (a handle's ``__del__``, run by the
        garbage collector inside a flush or between a dispatch's calls), and a submit from there
        finished the encoder under the flush that was using it."""
        if buffer in self._batch_buffers:
            self._doomed.append(buffer)
            return
        if not self.lost:
            buffer.destroy()
        self.allocated -= buffer.size
        self._unwritten.discard(buffer)

    def in_batch(self, buffer: Any) -> bool:
        """Whether the encoded, unsubmitted work uses ``buffer``."""
        return buffer in self._batch_buffers

    def free_doomed(self) -> None:
        """Submit the batch now when it holds buffers freed while it used them (the pool, short of
        memory, wants them gone)."""
        if self._doomed:
            self.submit_before()

    def fresh(self, buffer: Any) -> None:
        """``buffer`` now holds a new array that only an upload or the batch's work will write."""
        self._unwritten.add(buffer)

    def write(self, buffer: Any, data: memoryview | bytes) -> None:
        """Upload host bytes. From STAGED_UPLOAD bytes on, through a reused mapped staging buffer and a
        copy encoded in the batch (in order with the work around it; measured on the H100: 9.7 GB/s
        against queue.write_buffer's 4.1); smaller ones with write_buffer, after submitting pending
        work that uses the buffer, so that work cannot see the new contents."""
        size = len(data)
        if size >= STAGED_UPLOAD:
            staging = self._take_upload_staging(size)
            with self.guard("upload"):
                staging.write_mapped(data, 0)
                staging.unmap()
            self._uploads_in_batch.append(staging)
            self.copy(staging, buffer, size)
        else:
            if buffer in self._batch_buffers:
                self.submit_before()
            with self.guard("upload"):
                self.device.queue.write_buffer(buffer, 0, data)
            self._unwritten.discard(buffer)
        self.stats.bytes_uploaded += size

    def submit_before(self) -> None:
        """Submit the batch before work outside it (an upload into a buffer the batch used). When that
        submit fails, the batch is dropped (its arrays lost, or computed again: ``flush``) and the work
        goes on: it is not part of the batch; only a lost device stops it."""
        try:
            self.flush()
        except GpuUnavailable:
            if self.lost:
                raise

    def submit_early(self) -> None:
        """Submit the batch before the host needs data: when a cell ends, and after a window with much
        work (fusion/execute.py ``Runner.large``), so the device runs it while the host goes on (left
        in the batch, it waited for the next read or a full batch). A failed submit is handled as in
        ``flush`` (lost arrays recomputed from their recipes, or marked) and recorded; no answer
        changes, and a lost device shows at the next use, as before. Then the next batch's encoder and
        compute pass are opened at once (the first dispatch's cost: about 12 us on the H100's
        host, engine/accel/batch.py), while the device works on this one."""
        if not self._pending or self.lost:
            return
        try:
            self.flush()
            with self.guard("command encoder"):
                self._batch.compute_pass()
        except GpuUnavailable:
            pass

    def release_upload_staging(self) -> None:
        """Destroy the pooled upload staging buffers (the Session calls this when a cell ends: on the
        H100, keeping a few hundred MB of them mapped-for-writing slowed every later read-back by up to
        3.5 ms, while uploads within a cell still reuse them)."""
        for buffers in self._upload_staging.values():
            for staging in buffers:
                staging.destroy()
        self._upload_staging.clear()

    def _take_upload_staging(self, size: int) -> Any:
        """A staging buffer mapped for writing: a pooled one once the device has finished copying from
        it (mapping waits for that), or a new one mapped at creation."""
        import wgpu
        cls = size_class(size)
        free = self._upload_staging.get(cls)
        with self.guard("upload staging"):
            if free:
                staging = free.pop()
                wait(staging.map_async(wgpu.MapMode.WRITE, 0, cls), self.device)
                return staging
            return self.device.create_buffer(size=cls, usage=wgpu.BufferUsage.MAP_WRITE |
                                             wgpu.BufferUsage.COPY_SRC, mapped_at_creation=True)

    def read(self, buffer: Any, size: int) -> np.ndarray:
        """Download ``size`` bytes (a uint8 array): one submit of everything pending, one copy out of
        a reused mapped staging buffer; the timestamps of every batch before it and of its own come along."""
        if self.timer is not None and self.timer.used:
            self.timer.resolve(self._batch)              # the passes since the last resolve
        stamps = self.timer.pending_bytes if self.timer is not None else 0
        end = -(-size // 8) * 8                          # the GPU timestamps follow the data
        staging = self._take_staging(end + stamps)
        self.copy(buffer, staging, size)
        taken = self.timer.collect(self._batch, staging, end) if stamps else None
        self.flush()
        try:
            data = self._map(staging, end + stamps)
        except GpuUnavailable:          # a failed map loses no data: it is tried once more
            if self.lost:
                raise
            data = self._map(staging, end + stamps)
        self._staging.setdefault(staging.size, []).append(staging)
        if taken:
            self.timer.fold(data[end:], taken)
        self.stats.bytes_downloaded += size
        return data[:size]

    def _map(self, staging: Any, size: int) -> np.ndarray:
        """The first ``size`` bytes of a staging buffer, mapped once the submitted work wrote it."""
        import wgpu
        started = time.thread_time()
        try:
            with self.guard("download"):
                self.injected("map")
                wait(staging.map_async(wgpu.MapMode.READ, 0, size), self.device)
                data = np.frombuffer(staging.read_mapped(0, size, copy=False), dtype=np.uint8).copy()
                staging.unmap()
        finally:
            self.stats.wait_seconds += time.thread_time() - started
        return data

    def copy(self, source: Any, target: Any, size: int) -> None:
        """Encode a device-side copy of ``size`` bytes (both buffers from offset 0) in the batch."""
        with self.guard("device copy"):
            self._batch.copy(source, target, size)
        self._batch_buffers.update((source, target))
        self._pending += 1

    def _take_staging(self, size: int) -> Any:
        import wgpu
        cls = size_class(size)
        free = self._staging.get(cls)
        if free:
            return free.pop()
        usage = wgpu.BufferUsage.MAP_READ | wgpu.BufferUsage.COPY_DST
        with self.guard("staging allocation"):
            return self.device.create_buffer(size=cls, usage=usage)

    # -------------------------------------------------------------- dispatch and batching

    def dispatch(self, pipeline: tuple[Any, Any, Any], buffers: Sequence[Any], uniform: bytes,
                 workgroups: tuple[int, int, int]) -> None:
        """Encode one dispatch: binding 0 is the uniform block, bindings 1.. the storage buffers (group
        1, where the pipeline has it, is the library's: ``library_group``).

        Dispatches of a batch share one open compute pass (wgpu orders them by their buffer usage). A
        dispatch site (the kernel's layout over these buffers, ``Site``) binds its uniform block from
        one of two places: a block that repeats the site's last one (a cell run again, a window in a
        loop over the same scalars) from a uniform buffer of the site's own, written once when kept;
        any other from its 256-byte slot of the batch's uniform arena, written at the submit. A batch
        whose blocks all repeat writes no arena.
        """
        batch = self._batch
        if batch.dispatches >= BATCH_LIMIT:
            self.flush()
        if self.lost:
            raise GpuUnavailable(f"GPU device lost earlier: {self.lost}")
        pipe, layout, library = pipeline
        try:                           # guard()'s work without a context manager: this path is hot
            site = self._sites.get((layout, *buffers)) or self._site(layout, buffers)
            if uniform == site.block:
                group, offsets = site.kept, batch.offsets[0]
            elif uniform == site.last:
                group, offsets = self._keep(site, layout, buffers, uniform), batch.offsets[0]
            else:
                site.last = uniform
                slot = len(self._arena_data) // UNIFORM_SIZE
                self._arena_data += uniform.ljust(UNIFORM_SIZE, b"\0")
                group, offsets = site.group, batch.offsets[slot]
            batch.dispatch(pipe, group, offsets, workgroups, library)
        except GpuUnavailable:
            raise
        except Exception as exc:  # noqa: BLE001 - wgpu's errors, as guard() turns them
            raise self.failure("dispatch", exc) from exc
        self._batch_buffers.update(buffers)
        self._pending += 1
        self.stats.dispatches += 1

    def _site(self, layout: Any, buffers: Sequence[Any]) -> Site:
        """A new dispatch site with its bind group on the arena (pooled buffers recur in loops and
        cells run again, so sites do; the arena slot is a dynamic offset: one bind group serves every
        slot). Past BIND_GROUP_CACHE sites they are all dropped and made again as needed."""
        if len(self._sites) >= BIND_GROUP_CACHE:
            self._sites.clear()
        site = self._sites[(layout, *buffers)] = Site(self._bind(layout, self._uniform_arena(), buffers))
        return site

    def _keep(self, site: Site, layout: Any, buffers: Sequence[Any], uniform: bytes) -> Any:
        """Give ``site`` a uniform buffer of its own holding ``uniform`` (written now, before the batch's
        work, and never again: a site whose block changes goes back to the arena, and keeps a new buffer
        when the new block repeats), and its bind group."""
        import wgpu
        block = self.device.create_buffer(size=UNIFORM_SIZE, usage=wgpu.BufferUsage.UNIFORM | wgpu.BufferUsage.COPY_DST)
        self._batch.write(block, uniform.ljust(UNIFORM_SIZE, b"\0"))
        site.kept = self._bind(layout, block, buffers)
        site.block = site.last = uniform
        return site.kept

    def _bind(self, layout: Any, uniform_buffer: Any, buffers: Sequence[Any]) -> Any:
        entries = [{"binding": 0, "resource": {"buffer": uniform_buffer, "offset": 0, "size": UNIFORM_SIZE}}]
        entries += [{"binding": i + 1, "resource": {"buffer": b, "offset": 0, "size": b.size}}
                    for i, b in enumerate(buffers)]
        return self.device.create_bind_group(layout=layout, entries=entries)

    def _uniform_arena(self) -> Any:
        import wgpu
        if self._arena is None:
            usage = wgpu.BufferUsage.UNIFORM | wgpu.BufferUsage.COPY_DST
            self._arena = self.device.create_buffer(size=BATCH_LIMIT * UNIFORM_SIZE, usage=usage)
        return self._arena

    def flush(self) -> None:
        """Submit everything encoded so far (no wait); the batch's uniforms are written first. An encoder
        with nothing encoded (opened by ``submit_early``) stays open for the next work."""
        if not self._pending:
            return
        started = time.thread_time()
        written = self._batch_buffers & self._unwritten
        failed = None
        try:
            if self.lost:                  # guard()'s work without a context manager: every cell submits
                raise GpuUnavailable(f"GPU device lost earlier: {self.lost}")
            try:
                if self._arena_data:
                    self._batch.write(self._uniform_arena(), self._arena_data)
                self.injected("lose")
                self.injected("submit")
                self._batch.submit()
            except GpuUnavailable:
                raise
            except Exception as exc:  # noqa: BLE001 - wgpu's errors, as guard() turns them
                raise self.failure("submit", exc) from exc
        except GpuUnavailable as exc:      # the batch is dropped: what it would have written is lost
            self._drop(written, exc.reason)
            if self.timer is not None:
                self.timer.forget()
            self._sites.clear()            # their kept blocks' writes may have gone with it
            failed = exc
        finally:
            self._batch.clear()
            self._pending, self._arena_data = 0, bytearray()
            self._batch_buffers.clear()
            doomed, self._doomed = self._doomed, []
            for buffer in doomed:
                self.destroy(buffer)
            for staging in self._uploads_in_batch:       # reusable once the device has copied them
                kept = self._upload_staging.setdefault(staging.size, [])
                if len(kept) < STAGING_KEPT:
                    kept.append(staging)
            self._uploads_in_batch.clear()
            self.stats.wait_seconds += time.thread_time() - started
        if self.pool is not None and self.pool.pending:     # gpuArrays the batch wrote (residency.py)
            self.pool.settle(failed is None)
        if failed is not None:
            raise failed
        self._unwritten -= written
        self.stats.submits += 1

    def gpu_seconds(self) -> float | None:
        """GPU time of every compute pass so far (None without timestamp queries): pending work is
        submitted and waited for."""
        if self.timer is None:
            return None
        self._read_back()
        return self.timer.nanoseconds * 1e-9

    def sync(self) -> None:
        """Submit pending work and wait for the device to finish it, without a read-back: this thread
        polls the device (``device_poll``) until its queue is empty, for up to SPIN_SECONDS (the answer
        comes within a few us of the work's end); longer work is waited for by a blocking poll on a
        helper thread while this one waits in slices of WAIT_SLICE (an interrupt ends the wait; the
        helper ends with the work). Without the poll, on a lost device, or if the blocking poll comes
        back with work left, through a 4-byte read-back (wgpu-py 0.32's on_submitted_work_done fails;
        a read-back is a submit of its own, and its map costs 0.1-0.2 ms after the work ends)."""
        self.flush()
        poll = self.device_poll
        if poll is None or self.lost:
            self._read_back()
            return
        deadline = time.perf_counter() + SPIN_SECONDS
        while not poll(False):
            if time.perf_counter() > deadline:
                done = threading.Event()

                def block(device: Any = self.device) -> None:     # (held: the device lives while it blocks)
                    try:
                        poll(True)
                    finally:
                        done.set()
                threading.Thread(target=block, name="matfuse-device-wait", daemon=True).start()
                wait_event(done)
                if not poll(False):
                    self._read_back()
                return

    def _read_back(self) -> None:
        """Wait for every submitted work through a 4-byte read-back (which collects the timestamps)."""
        if self._sync_buffer is None:
            self._sync_buffer = self.create_buffer(256)
        self.read(self._sync_buffer, 4)

    @functools.cached_property
    def device_poll(self) -> Callable[[bool], bool] | None:
        """wgpu-native's ``wgpuDevicePoll`` of this device, answering whether every submitted work has
        finished (an answer wgpu-py's ``GPUDevice._poll`` drops); ``poll(True)`` blocks until it has.
        None where wgpu-py does not expose it. wgpu-native returns a one-byte Rust bool where the header
        declares the 32-bit WGPUBool, so only the low byte is the answer (the others measured as garbage)."""
        try:
            from wgpu.backends.wgpu_native._api import ffi, lib
        except ImportError:
            return None
        internal = getattr(self.device, "_internal", None)
        if internal is None or not hasattr(lib, "wgpuDevicePoll"):
            return None
        return lambda block: lib.wgpuDevicePoll(internal, block, ffi.NULL) & 0xFF != 0

    def queue_idle(self) -> bool | None:
        """Whether every submitted work has finished, polling the device without blocking (None
        without ``device_poll``)."""
        poll = self.device_poll
        return None if poll is None else poll(False)


_state: dict[str, Any] = {"provider": None, "error": None}


def get_provider(preference: str | None = None) -> Provider:
    """The shared Provider, created on first use; raises GpuUnavailable when no adapter exists."""
    if _state["provider"] is not None:
        return _state["provider"]
    if _state["error"] is not None:
        raise GpuUnavailable(_state["error"])
    try:
        import wgpu
        _quiet_device_select_layer()
        from wgpu.backends.wgpu_native._api import ffi
        quick_type_parsing(ffi)
        adapters = wgpu.gpu.enumerate_adapters_sync()
        chosen = choose_adapter(adapters, flag("MATFUSE_ADAPTER") if preference is None else preference)
        _state["provider"] = Provider(chosen)
    except GpuUnavailable as exc:
        _state["error"] = exc.reason
        raise
    except Exception as exc:  # wgpu missing or the driver failing to start
        _state["error"] = f"wgpu could not start: {exc}"
        raise GpuUnavailable(_state["error"]) from exc
    return _state["provider"]


def _quiet_device_select_layer() -> None:
    """Turn off Mesa's implicit Vulkan layer VK_LAYER_MESA_device_select for this process (its own
    switch, NODEVICE_SELECT=1), unless the user set that variable. The layer only reorders adapters for
    a display server, and we choose the adapter ourselves (MATFUSE_ADAPTER); when it loads it asks
    Wayland for a display and libwayland prints "error: XDG_RUNTIME_DIR is invalid or not set in the
    environment." to stderr four times in any process without a desktop session (nbconvert, papermill,
    the CLI, a Jupyter server). Must run before wgpu creates its Vulkan instance."""
    os.environ.setdefault("NODEVICE_SELECT", "1")


_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def quick_type_parsing(ffi: Any) -> None:
    """Make ``ffi``'s first use of each C type string (``ffi.new("WGPUBufferDescriptor *")``, by wgpu-py and
    batch.py) parse only that string. cffi parses each new type string with pycparser after a line
    ``typedef int NAME;`` for every typedef its cdef declared (pycparser must know which names are types),
    432 of them for wgpu-native's header: 10-16 ms a type on the build machine, and on the H100's host
    1.05 s of a process's first GPU cells (49 types), 0.7 s of them before the device exists. Only the
    typedef names that occur in the string matter to its parse, so the parse sees only those; the type
    itself is then resolved against every declaration as before. A parse that fails that way (a cffi
    that parses differently) is done again in full."""
    parser = ffi._parser                 # noqa: SLF001 - cffi has no public hook for this
    full_parse = parser._parse           # noqa: SLF001
    if getattr(full_parse, "quick", False):
        return

    def parse(csource: str) -> Any:
        declared = parser._declarations          # noqa: SLF001 (parses run under ffi's lock)
        words = set(_IDENTIFIER.findall(csource))
        parser._declarations = {key: value for key, value in declared.items()
                                if not key.startswith("typedef ") or key[8:] in words}
        try:
            return full_parse(csource)
        except Exception:  # noqa: BLE001 - parsed again in full below
            pass
        finally:
            parser._declarations = declared
        return full_parse(csource)
    parse.quick = True
    parser._parse = parse                # noqa: SLF001


def shader_module(device: Any, source: str, bounds_checks: bool = False, loop_bounding: bool = False) -> Any:
    """The shader module of WGSL ``source`` (wgpu-native's ``wgpuDeviceCreateShaderModuleTrusted``), with
    only the run-time checks asked for. WebGPU's own ``create_shader_module`` has naga add both, its guards
    against shaders from untrusted pages: bounds checks clamp every index of a workgroup, private or
    vector array into range (buffer accesses the driver's robust buffer access guards), and loop bounding
    gives every loop a counter that breaks out after 2^64 iterations. matfuse's kernels come from its own
    code generator, whose indices stay in range and whose loops end by construction. On the H100 the
    reductions ran 3-7% faster without loop bounding, and the tiled product 1.4% faster without the
    bounds checks but 4-7% slower without loop bounding (docs/gpu.md), so the product keeps it."""
    from wgpu.backends.wgpu_native._api import GPUShaderModule, ffi, lib, libf, new_struct_p, to_c_string_view
    wgsl = new_struct_p("WGPUShaderSourceWGSL *", code=to_c_string_view(source))
    wgsl[0].chain.next = ffi.NULL
    wgsl[0].chain.sType = lib.WGPUSType_ShaderSourceWGSL
    descriptor = new_struct_p("WGPUShaderModuleDescriptor *", nextInChain=ffi.cast("WGPUChainedStruct *", wgsl),
                              label=to_c_string_view(""))
    checks = (lib.WGPUShaderRuntimeChecks_BoundsChecks if bounds_checks else 0) \
        | (lib.WGPUShaderRuntimeChecks_ForceLoopBounding if loop_bounding else 0)
    handle = libf.wgpuDeviceCreateShaderModuleTrusted(device._internal, descriptor, checks)  # noqa: SLF001
    if handle == ffi.NULL:
        raise RuntimeError("Shader module creation failed")
    return GPUShaderModule("", handle, device)


def current_provider() -> Provider | None:
    """The shared Provider if one has been created (never initialises wgpu)."""
    return _state["provider"]


def available() -> bool:
    """True when a GPU adapter can be used (initialises wgpu on the first call)."""
    try:
        get_provider()
    except GpuUnavailable:
        return False
    return True


def describe() -> dict[str, Any]:
    """Adapter facts (name, backend, kind, f64, int64, subgroups, limits) of the shared Provider."""
    return get_provider().describe()


def require_adapter() -> Provider:
    """The Provider, or a MatlabError for users when no adapter exists (Session(device="gpu"))."""
    try:
        return get_provider()
    except GpuUnavailable as exc:
        raise MatlabError("matfuse:gpu:noAdapter",
                          f"No GPU device is available: {exc.reason}. Install a Vulkan driver (on Linux "
                          "without a GPU: mesa-vulkan-drivers) or run with device \"cpu\".") from exc


def reset_provider() -> None:
    """Forget the shared Provider (reset(gpuDevice)); the next use creates a fresh device."""
    provider = _state["provider"]
    if provider is not None and provider.device is not None and not provider.lost:
        try:
            provider.flush()
        except GpuUnavailable:
            pass
    _state["provider"] = None
    _state["error"] = None
