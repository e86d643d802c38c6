"""GPU arrays: gpuArray gather isgpuarray existsOnGPU classUnderlying gpuDevice gpuDeviceCount reset, and
the 'gpuArray' option of zeros/ones/eye/rand/randn/randi.

gpuArray values are engine/accel's GpuTensor. Operations on them stay on the device: the GPU
implementations of operators, math builtins and reductions are attached here to their builtins
(engine/accel/operations.py), and every other builtin computes on the gathered values and uploads its
numeric results (engine/accel/dispatch.py). In a session with device "cpu" the GPU is never initialised
and gpuArray raises an error; the device state lives in ``ctx.state.extras["device"]``.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ...accel import operations
from ...accel.dispatch import host_array
from ...accel.provider import (GpuUnavailable, current_provider, get_provider, require_adapter,
                              reset_provider)
from ...accel.residency import GpuTensor, pool_of, upload
from ..context import CallContext
from ..errors import MatlabError
from ..values import CharArray, StructArray, Value, class_of
from . import construct, elementwise, operators, random, reductions, sizes, types  # noqa: F401 (attach to)
from .registry import BUILTINS, builtin, call_host, replace_impl
from .sizes import option_text

DEVICE_CLASS = "GPUDevice"


def require_gpu(ctx: CallContext, fname: str) -> None:
    """A MATLAB error when this session keeps everything on the CPU (device "cpu", matfuse:gpu:cpuSession)
    or no GPU adapter exists (matfuse:gpu:noAdapter)."""
    if ctx.state.extras.get("device") == "cpu":
        raise MatlabError("matfuse:gpu:cpuSession",
                          f"{fname} is not available: this session runs with device \"cpu\" and never "
                          f"initialises the GPU. Start the session with device \"auto\" or \"gpu\".")
    require_adapter()


def _upload(value: Value, fname: str) -> GpuTensor:
    if type(value) is GpuTensor:
        return value
    array = host_array(value)
    if array is None:
        what = "complex values" if np.iscomplexobj(value) else f"values of class '{class_of(value)}'"
        raise MatlabError("matfuse:gpu:unsupportedClass",
                          f"{fname}: {what} cannot be stored on the GPU; the input must be real double, "
                          f"single, logical, int32 or uint32.")
    try:
        return upload(array)
    except GpuUnavailable as exc:
        raise MatlabError("matfuse:gpu:unavailable", f"{fname}: {exc.reason}.") from exc


@builtin("gpuArray", family="gpu")
def gpuArray(ctx: CallContext, x: Value) -> GpuTensor:
    """gpuArray(X)  copy a numeric or logical array to the GPU.

    The result has class gpuArray; classUnderlying gives the class of its elements, which is X's
    (double, single, logical, int32 or uint32). Operations on gpuArrays run on the GPU and give gpuArrays;
    gather copies a value back. Double runs in true double precision on adapters with shader-f64.

        G = gpuArray(rand(1000)); H = sqrt(G .* 2 + 1); s = gather(sum(H(:)))
    """
    require_gpu(ctx, "gpuArray")
    return _upload(x, "gpuArray")


@builtin("gather", family="gpu")
def gather(*values: Value, nargout: int = 1) -> Any:
    """gather(X), [A, B, ...] = gather(X, Y, ...)  copy gpuArray values back to the host.

    Values that are not gpuArrays (host arrays, cells, structs, text) are returned unchanged.

        G = gpuArray(magic(3)); M = gather(G); class(M)    % 'double'
    """
    out = tuple(v.gather() if type(v) is GpuTensor else v for v in values)
    return out if len(out) > 1 else out[0] if out else None


@builtin("isgpuarray", family="gpu")
def isgpuarray(x: Value) -> bool:
    """isgpuarray(X)  true when X is a gpuArray.

        isgpuarray(gpuArray(1))    % true
    """
    return type(x) is GpuTensor


@builtin("existsOnGPU", family="gpu")
def existsOnGPU(x: Value) -> bool:
    """existsOnGPU(G)  true while the data of gpuArray G is available on the current device.

    After reset(gpuDevice) the gpuArrays created before the reset no longer exist on the device.

        G = gpuArray(1:3); existsOnGPU(G)    % true
    """
    if type(x) is not GpuTensor:
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function 'existsOnGPU' for input "
                                                      f"arguments of type '{class_of(x)}'.")
    return not x.released and not x.provider.lost and current_provider() is x.provider


@builtin("classUnderlying", family="gpu", aliases=("underlyingType",))
def classUnderlying(x: Value) -> CharArray:
    """classUnderlying(X), underlyingType(X)  the class of the elements of a gpuArray (for other values,
    their class).

        classUnderlying(gpuArray(single(1)))    % 'single'
    """
    return CharArray.from_str(x.cls if type(x) is GpuTensor else class_of(x))


def device_value() -> StructArray:
    """The gpuDevice properties of the shared provider (names after MATLAB's where they exist)."""
    provider = require_adapter()
    facts, stats = provider.describe(), pool_of(provider).stats()
    limits = facts["limits"]
    props = {
        "Name": facts["name"], "Index": 1.0, "Backend": facts["backend"], "Kind": facts["kind"],
        "AdapterType": facts["adapter_type"], "SupportsDouble": facts["f64"] and facts["int64"],
        "SupportsInt64": facts["int64"], "Subgroups": facts["subgroups"],
        "TimestampQuery": facts["timestamps"],
        "MaxBufferSize": float(limits.get("max-buffer-size", 0)),
        "MaxStorageBinding": float(limits.get("max-storage-buffer-binding-size", 0)),
        "MaxThreadsPerBlock": float(limits.get("max-compute-invocations-per-workgroup", 0)),
        "MaxShmemPerBlock": float(limits.get("max-compute-workgroup-storage-size", 0)),
        "MaxGridSize": float(limits.get("max-compute-workgroups-per-dimension", 0)),
        "LiveBuffers": float(stats.live_buffers), "LiveBytes": float(stats.live_bytes),
        "PooledBuffers": float(stats.pooled_buffers), "PooledBytes": float(stats.pooled_bytes),
        "CPUFallbacks": float(len(provider.fallbacks)),
        "LastFallback": provider.fallbacks[-1] if provider.fallbacks else "",
        "DeviceAvailable": True, "DeviceSelected": True,
    }
    values = {k: CharArray.from_str(v) if isinstance(v, str) else v for k, v in props.items()}
    return StructArray.scalar(values, DEVICE_CLASS)


@builtin("gpuDevice", family="gpu")
def gpuDevice(ctx: CallContext, index: Value | None = None) -> StructArray:
    """gpuDevice, gpuDevice(1)  the GPU device: name, backend, double/int64 support, limits, buffers.

    matfuse runs on one wgpu adapter (MATFUSE_ADAPTER picks it): a real GPU first, then a software Vulkan
    device (lavapipe), then OpenGL. SupportsDouble is true when double runs on the GPU in f64;
    LiveBuffers/PooledBuffers show the buffer pool and CPUFallbacks counts operations that ran on the CPU
    (LastFallback says why). reset(gpuDevice) frees every buffer.

        d = gpuDevice; d.Name
    """
    require_gpu(ctx, "gpuDevice")
    if index is not None and not (type(index) is float and index == 1.0):
        raise MatlabError("parallel:gpu:device:InvalidIndex",
                          "The GPU device index must be 1 (matfuse uses one device).")
    return device_value()


@builtin("gpuDeviceCount", family="gpu")
def gpuDeviceCount(ctx: CallContext) -> float:
    """gpuDeviceCount  the number of GPU devices matfuse can use (1, or 0 without an adapter or in a
    session with device "cpu").

        if gpuDeviceCount > 0, G = gpuArray(1); end
    """
    if ctx.state.extras.get("device") == "cpu":
        return 0.0
    try:
        get_provider()
    except GpuUnavailable:
        return 0.0
    return 1.0


@builtin("reset", family="gpu")
def reset(device: Value) -> None:
    """reset(gpuDevice)  free every GPU buffer and start a fresh device.

    gpuArrays created before the reset no longer exist on the device (existsOnGPU is false); pooled
    buffers are released at once.

        reset(gpuDevice)
    """
    if type(device) is not StructArray or device.classname != DEVICE_CLASS:
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function 'reset' for input arguments "
                                                      f"of type '{class_of(device)}'.")
    pool_of(get_provider()).trim()
    reset_provider()


# ------------------------------------------------------------------------------ 'gpuArray' option

GPU_OPTION_CONSTRUCTORS = ("zeros", "ones", "eye", "rand", "randn", "randi")


def _gpu_option(name: str):
    """A constructor accepting 'gpuArray' among its trailing options: the host result, uploaded."""
    entry = BUILTINS[name]

    def impl(ctx: CallContext, *args: Value, nargout: int = 1) -> Any:
        keep = [a for a in args if (option_text(a) or "").lower() != "gpuarray"]
        if len(keep) < len(args):
            require_gpu(ctx, f"{name}(..., 'gpuArray')")
        outs = call_host(entry, ctx, keep, nargout)
        if len(keep) < len(args):
            outs = tuple(_upload(v, name) for v in outs)
        return outs[0] if len(outs) == 1 else outs
    return impl


def _register() -> None:
    for name in GPU_OPTION_CONSTRUCTORS:
        replace_impl(name, _gpu_option(name),
                     f"{name}(..., 'gpuArray') creates the array on the GPU; {name}(..., 'like', G)\n"
                     f"with a gpuArray G gives a gpuArray of G's underlying class.")
    operations.register_builtins()


_register()
