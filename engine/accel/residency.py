"""GPU-resident arrays: GpuTensor handles and the buffer pool behind them.

A GpuTensor is a MATLAB array living in a device buffer: its MATLAB size, its class (double, single,
logical, int32, uint32) and a reference to a pooled ``Storage``. Element order in the buffer is MATLAB's
linear (column-major) order, so reshape is a new handle on the same storage. Several handles may share
one storage (reshape, variables bound to the same value); the storage goes back to the pool when the
last handle is released. ``release()`` is idempotent, and a handle that is garbage-collected without
being released releases itself, so buffers cannot leak through forgotten handles.

Buffers are pooled by size class (the byte size rounded up to a power of two, at least 256): a released
buffer is reused by the next allocation of its class instead of being freed, up to
``MATFUSE_GPU_POOL_MB`` of pooled memory or twice as much as is live, whichever is more (a cell run
again over large arrays finds the buffers of its last run); past that, the buffers returned longest ago
are freed first. Under memory pressure the pool goes first.

Memory pressure: when the device cannot allocate a buffer, the pool frees its pooled buffers, then
moves plain arrays kept on the device (implicit tensors), least recently used first, to the host (their
host copy is made if there is none, then their buffer is freed), until the allocation succeeds. Such
an array stays valid (``evicted``): it reads as its host copy, and the next window that reads it
uploads it again. gpuArrays are never moved: running out with them is MATLAB's out-of-memory error.
"""
from __future__ import annotations

import itertools
import math
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.accel.provider import (GpuOutOfMemory, GpuUnavailable, Provider, current_provider, get_provider,
                                   size_class)
from engine.accel.shaders import ELEMENT_SIZE
from engine.config import flag
from engine.runtime.device import DeviceArray, to_host
from engine.runtime.errors import MatlabError
from engine.runtime.values import normalize_shape, simplify

HOST_DTYPE = {"double": np.float64, "single": np.float32, "logical": np.bool_, "int32": np.int32,
              "uint32": np.uint32}
BUFFER_DTYPE = {"double": np.float64, "single": np.float32, "logical": np.uint32, "int32": np.int32,
                "uint32": np.uint32}
CLASS_OF_HOST = {np.dtype(v): k for k, v in HOST_DTYPE.items()}


_STORAGE_IDS = itertools.count(1)


class Storage:
    """One pooled device buffer and the number of GpuTensor handles that use it; ``id`` names it in
    reports (%fusion residency), unique in the process. ``lost`` says why its contents are gone (the
    work writing it was dropped, or the device was lost); "" while they are valid. A plain class with
    slots: every window output makes one."""
    __slots__ = ("buffer", "size", "refs", "id", "lost")

    def __init__(self, buffer: Any, size: int) -> None:
        self.buffer = buffer
        self.size = size
        self.refs = 1
        self.id = next(_STORAGE_IDS)
        self.lost = ""


@dataclass(frozen=True)
class PoolStats:
    live_buffers: int
    pooled_buffers: int
    live_bytes: int
    pooled_bytes: int


class BufferPool:
    """Device buffers by size class; ``acquire`` reuses a pooled buffer when one fits."""

    def __init__(self, provider: Provider) -> None:
        self.provider = provider
        self.free: dict[int, list[Any]] = {}     # pooled buffers by size class
        self.returned: dict[Any, int] = {}       # pooled buffer -> size class, oldest returned first
        self.live: dict[Any, Storage] = {}       # buffer -> the storage using it
        self.resident: weakref.WeakSet = weakref.WeakSet()   # implicit tensors, the eviction candidates
        self.pending: list[weakref.ref] = []     # gpuArrays fused windows wrote in the unsubmitted batch
        self.clock = 0                           # counts uses of implicit tensors (GpuTensor.used)
        self.busy_since = 0                      # the clock when the window running now started
        self.live_buffers = 0
        self.live_bytes = 0
        self.pooled_bytes = 0

    def take(self, size: int, prefer: tuple | list = ()) -> Storage:
        """A storage of size class ``size`` (one the device can bind: ``size_of``): the first of the
        buffers in ``prefer`` that is pooled, else the one returned last. A kernel that asks for the
        buffers its output had in its last runs binds the same buffers run after run, so the provider's
        bind groups are found in its cache instead of made again (about 50-100 us each)."""
        free = self.free.get(size)
        if free:
            returned = self.returned
            for buffer in prefer:               # (a loop, not a generator: a window's hot path)
                if returned.get(buffer) == size:
                    free.remove(buffer)
                    break
            else:
                buffer = free.pop()
            del returned[buffer]
            self.pooled_bytes -= size
        else:
            buffer = self.create(size)
        self.provider.fresh(buffer)
        self.live_buffers += 1
        self.live_bytes += size
        storage = self.live[buffer] = Storage(buffer, size)
        return storage

    def create(self, size: int) -> Any:
        """A new buffer; when device memory runs out, the pooled buffers are freed, then the batch is
        submitted if the recipes of its gpuArrays hold arrays (``settle`` lets them go), then implicit
        tensors evicted (least recently used first), and it is tried again after each."""
        while True:
            try:
                return self.provider.create_buffer(size)
            except GpuOutOfMemory:
                if self.pooled_bytes:
                    self.trim()
                elif self.pending:
                    self.provider.flush()
                    self.settle(True)         # (nothing to submit: their batch was submitted)
                elif not self.evict():
                    raise

    def evict(self) -> bool:
        """Move the least recently used implicit tensor that the running window does not use to the
        host (see the module docstring); False when there is none."""
        copies = [(handle.used, key, handle) for key, (_, handle) in _copies.items()
                  if handle.provider is self.provider and handle.storage.refs == 1]
        tensors = [(t.used, 0, t) for t in self.resident if t.storage.refs == 1 and not t.released
                   and not t.storage.lost]
        candidates = [c for c in copies + tensors if c[0] < self.busy_since]
        if not candidates:
            return False
        _, key, tensor = min(candidates, key=lambda c: c[0])
        if key:
            forget_copy(key, tensor)     # a copy of a host array: nothing to bring back
        else:
            to_host(tensor)              # its host copy, made once (a download, or its recipe)
            self.resident.discard(tensor)
            tensor.release()
        self.trim()
        return True

    def use(self, tensor: "GpuTensor") -> None:
        """``tensor`` is used now (it is the most recently used)."""
        self.clock += 1
        tensor.used = self.clock

    def begin_window(self) -> None:
        """A window starts: what it uses from now on is not evicted while it runs."""
        self.clock += 1
        self.busy_since = self.clock

    def give_back(self, storage: Storage) -> None:
        self.live_buffers -= 1
        self.live_bytes -= storage.size
        self.live.pop(storage.buffer, None)
        if self.provider.lost:
            self.provider.destroy(storage.buffer)
            return
        self.free.setdefault(storage.size, []).append(storage.buffer)
        self.returned[storage.buffer] = storage.size
        self.pooled_bytes += storage.size
        if self.pooled_bytes <= 2 * self.live_bytes:       # under every limit (no flag read: a hot path)
            return
        limit = max(flag("MATFUSE_GPU_POOL_MB") * 2**20, 2 * self.live_bytes)
        while self.pooled_bytes > limit:         # the buffers returned longest ago go first
            buffer, size = next(iter(self.returned.items()))
            self.free[size].remove(buffer)
            del self.returned[buffer]
            self.pooled_bytes -= size
            self.provider.destroy(buffer)

    def trim(self) -> None:
        """Free every pooled buffer (live ones stay), those the batch uses with its submit."""
        for buffer in self.returned:
            self.provider.destroy(buffer)
        self.free.clear()
        self.returned.clear()
        self.pooled_bytes = 0
        self.provider.free_doomed()

    def lose(self, buffers: set[Any] | None, reason: str) -> None:
        """Mark the live storages of ``buffers`` (all of them: None) lost, with the reason."""
        for buffer in self.live if buffers is None else buffers & self.live.keys():
            self.live[buffer].lost = reason

    def settle(self, submitted: bool) -> None:
        """The batch that wrote the ``pending`` gpuArrays was submitted (their recipes go: the device
        holds their values) or dropped (those it left lost are computed again from their recipes and
        written back, ``GpuTensor.repair``)."""
        pending, self.pending = self.pending, []
        for ref in pending:
            tensor = ref()
            if tensor is None or tensor.recipe is None:
                continue
            if submitted or not tensor.storage.lost:
                tensor.recipe = None
            else:
                tensor.repair()

    def stats(self) -> PoolStats:
        pooled = sum(len(b) for b in self.free.values())
        return PoolStats(self.live_buffers, pooled, self.live_bytes, self.pooled_bytes)


def pool_of(provider: Provider) -> BufferPool:
    if provider.pool is None:
        provider.pool = BufferPool(provider)
    return provider.pool


class GpuTensor(DeviceArray):
    """A MATLAB array resident on the GPU (MATLAB class 'gpuArray'; ``cls`` is classUnderlying), or, with
    ``implicit`` set, a plain array the runtime keeps on the device (engine/runtime/device.py): ``origin``
    is then its host value once known (uploaded from, or downloaded once), and ``recipe`` (an
    engine/accel/fusion/recipe.py Output) computes it again on the host if the device loses it. A
    gpuArray a fused window made keeps its recipe until the batch writing it is submitted
    (``BufferPool.settle``)."""

    recipe: Any = None
    used = 0                 # the pool's clock when a window last made or read it (implicit tensors)

    def __init__(self, shape: tuple[int, ...], cls: str, storage: Storage, provider: Provider) -> None:
        self.shape = shape               # a MATLAB size, normalized (``empty``, ``made``, ``share``)
        self.cls = cls
        self.storage = storage
        self.provider = provider
        self.released = False

    def __del__(self) -> None:
        """A handle garbage-collected without being released releases itself (a method, not a
        weakref.finalize: a window makes tensors on its hot path)."""
        if not self.released:
            self.release()

    @property
    def numel(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.numel * ELEMENT_SIZE[self.cls]

    @property
    def buffer(self) -> Any:
        return self.storage.buffer

    @property
    def evicted(self) -> bool:
        """An implicit tensor moved to the host under memory pressure (its value is its host copy)."""
        return self.implicit and self.origin is not None and self.released

    def release(self) -> None:
        """Give up this handle; the buffer returns to the pool when no other handle shares it."""
        if not self.released:
            self.released = True
            storage = self.storage
            storage.refs -= 1
            if storage.refs == 0:
                pool_of(self.provider).give_back(storage)

    def share(self, shape: tuple[int, ...] | None = None) -> "GpuTensor":
        """A new handle on the same storage (reshape without copying when ``shape`` is given)."""
        self._check_alive()
        shape = self.shape if shape is None else normalize_shape(shape)
        if math.prod(shape) != self.numel:
            raise ValueError(f"cannot view {self.shape} as {shape}")
        self.storage.refs += 1
        return GpuTensor(shape, self.cls, self.storage, self.provider)

    def download(self) -> np.ndarray:
        """The host array (MATLAB size, column-major), e.g. for gather or display."""
        self._check_alive()
        dtype = BUFFER_DTYPE[self.cls]
        if self.numel == 0:
            return np.zeros(self.shape, dtype=HOST_DTYPE[self.cls])
        flat = self.provider.read(self.buffer, self.nbytes).view(dtype)
        host = flat.reshape(self.shape, order="F")
        return host.astype(np.bool_, order="F") if self.cls == "logical" else host

    def gather(self) -> Any:
        """The host value in the engine's form (a 1x1 double or logical becomes a Python scalar); a
        MATLAB error when the data cannot be read back (released, or the device was lost)."""
        try:
            return simplify(self.download())
        except GpuUnavailable as exc:
            if self.implicit and self.recipe is not None:      # a plain value is never lost
                return self.recipe.value()
            if not self.implicit and not self.storage.lost and not self.released and not self.provider.lost:
                return simplify(self.download())     # repaired when the read's submit failed (settle)
            raise MatlabError("parallel:gpu:array:InvalidData",
                              f"The data no longer exists on the device ({exc.reason}).") from None

    def repair(self) -> None:
        """A gpuArray a dropped batch left lost: its value computed again on the host from its recipe
        (engine/accel/fusion/recipe.py) and written back into its buffer, so that every handle on the
        storage reads it again; it stays lost when that fails (a lost device)."""
        try:
            host = self.recipe.value()
            host = np.asarray(host.gather() if isinstance(host, GpuTensor) else host)
            data = np.ascontiguousarray(host.ravel(order="F"), dtype=BUFFER_DTYPE[self.cls])
            if data.size != self.numel:
                return
            self.provider.write(self.storage.buffer, memoryview(data).cast("B"))
        except Exception:  # noqa: BLE001 - inside a submit: a replay that fails leaves the array lost
            return
        self.storage.lost = ""
        self.recipe = None

    def host_copy(self) -> Any:
        host = self.gather()
        keep_copy(host, self)
        return host

    def _check_alive(self) -> None:
        if self.released:
            raise GpuUnavailable("gpuArray data is no longer available (released)")
        if self.storage.lost:
            raise GpuUnavailable(self.storage.lost)

    def __repr__(self) -> str:
        dims = "x".join(str(n) for n in self.shape)
        return f"GpuTensor({dims} {self.cls})"


def empty(shape: tuple[int, ...], cls: str, provider: Provider | None = None) -> GpuTensor:
    """An uninitialised tensor of the given MATLAB size and class."""
    provider = provider or get_provider()
    shape = normalize_shape(shape)
    return made(shape, cls, size_of(shape, cls, provider), provider)


def size_of(shape: tuple[int, ...], cls: str, provider: Provider) -> int:
    """The pool's size class of an array of this size and class; GpuUnavailable where the device
    cannot hold it (double without shader-f64, a buffer past the storage binding limit)."""
    if cls == "double" and not provider.f64:
        raise GpuUnavailable("the GPU adapter has no shader-f64: double stays on the CPU")
    nbytes = math.prod(shape) * ELEMENT_SIZE[cls]
    size = size_class(nbytes)
    if size > provider.max_binding:
        raise GpuOutOfMemory(f"array of {nbytes} bytes exceeds the adapter's storage binding limit "
                             f"of {provider.max_binding} bytes")
    return size


def made(shape: tuple[int, ...], cls: str, size: int, provider: Provider, recent: list | None = None) -> GpuTensor:
    """An uninitialised tensor of a MATLAB size (normalized) and class in a buffer of size class ``size``
    (``size_of``: a cached plan's outputs are checked once). ``recent``: the buffers this output had in
    its last two runs, preferred (``BufferPool.take``) and updated."""
    if recent is None:
        return GpuTensor(shape, cls, pool_of(provider).take(size), provider)
    storage = pool_of(provider).take(size, recent)
    buffer = storage.buffer
    if not recent:
        recent.append(buffer)
    elif recent[0] is not buffer:
        recent[1:] = recent[:1]
        recent[0] = buffer
    return GpuTensor(shape, cls, storage, provider)


def upload(array: np.ndarray, provider: Provider | None = None) -> GpuTensor:
    """Copy a host array (double, single, logical, int32 or uint32) to a new GpuTensor."""
    array = np.asarray(array)
    cls = CLASS_OF_HOST.get(array.dtype)
    if cls is None:
        raise GpuUnavailable(f"class of {array.dtype} arrays is not supported on the GPU")
    tensor = empty(array.shape, cls, provider)
    if tensor.numel:
        data = np.ascontiguousarray(array.ravel(order="F"), dtype=BUFFER_DTYPE[cls])
        tensor.provider.write(tensor.buffer, memoryview(data).cast("B"))
    return tensor


def implicit(tensor: GpuTensor, origin: Any = None) -> GpuTensor:
    """Mark ``tensor`` as an implicitly resident plain array (see engine/runtime/device.py)."""
    tensor.implicit = True
    tensor.origin = origin
    pool = pool_of(tensor.provider)
    pool.resident.add(tensor)
    pool.use(tensor)
    if origin is not None:
        keep_copy(origin, tensor)
    return tensor


# Device copies of host arrays: when the host copy of an implicit tensor is made (to_host), or a host
# array is uploaded for a window, a handle on its device storage is kept while that host array lives, so
# a window that later reads the host array (a variable brought back to the host for an index or a call,
# a function argument) uses the device copy instead of uploading it again. The handle holds no
# reference to the host array (only a weak one), so the host array's life decides. Host arrays the
# engine holds are never written in place once shared (the VM copies before writing), so the two copies
# stay equal. A copy goes when its host array is freed, or earlier under memory pressure
# (BufferPool.evict).
_copies: dict[int, tuple[weakref.ref, GpuTensor]] = {}


def keep_copy(host: Any, tensor: GpuTensor) -> None:
    if type(host) is not np.ndarray or host.size <= 1 or tensor.released or tensor.storage.lost:
        return
    key = id(host)
    handle = tensor.share()
    handle.used = tensor.used
    _copies[key] = (weakref.ref(host), handle)
    weakref.finalize(host, forget_copy, key, handle)


def forget_copy(key: int, handle: GpuTensor) -> None:
    """Drop the device copy ``handle`` kept under ``key`` (its host array went, or memory is short)."""
    entry = _copies.get(key)
    if entry is not None and entry[1] is handle:
        del _copies[key]
    handle.release()


def drop_copy(host: Any) -> None:
    """``host`` is about to be written in place (an owned array inside a struct or cell, see
    runtime/indexing.py): the device copy kept of it, if any, would go stale."""
    entry = _copies.get(id(host))
    if entry is not None and entry[0]() is host:
        forget_copy(id(host), entry[1])


def device_copy(host: np.ndarray) -> GpuTensor | None:
    """An implicit tensor holding ``host``'s values on the current device, if a copy is kept."""
    entry = _copies.get(id(host))
    if entry is None or entry[0]() is not host:
        return None
    handle = entry[1]
    if handle.released or handle.storage.lost or handle.provider is not current_provider():
        return None
    pool_of(handle.provider).use(handle)
    tensor = handle.share()
    tensor.implicit, tensor.origin = True, host
    return tensor


def pool_stats(provider: Provider | None = None) -> PoolStats:
    """Live and pooled buffer counts and bytes of the (shared) provider's pool."""
    return pool_of(provider or get_provider()).stats()
