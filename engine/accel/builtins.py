"""GPU arrays: gpuArray gather isgpuarray existsOnGPU classUnderlying gpuDevice gpuDeviceCount reset gpurng,
and the 'gpuArray' option of zeros/ones/eye/rand/randn/randi.

Registered when engine.accel is imported (the runtime never imports it). gpuArray values are GpuTensors. Operations on them stay on the device: the GPU
implementations of operators, math builtins and reductions are attached here to their builtins
(engine/accel/operations.py), and every other builtin computes on the gathered values and uploads its
numeric results (engine/accel/dispatch.py). In a session with device "cpu" the GPU is never initialised
and gpuArray raises an error; the device state lives in ``ctx.state.extras["device"]``.
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from engine.accel import operations
from engine.accel import mersenne
from engine.accel import random as accel_random
from engine.accel.dispatch import host_array
from engine.accel.provider import (GpuUnavailable, available, current_provider, device_error, get_provider,
                                  require_adapter, reset_provider)
from engine.accel.residency import GpuTensor, pool_of, upload
from engine.runtime.builtins import registry
from engine.runtime.context import CallContext
from engine.runtime.errors import MatlabError
from engine.runtime.values import CharArray, StructArray, Value, class_of

registry.load_all()     # every runtime builtin first: this module attaches GPU forms to them

from engine.runtime.builtins import random  # noqa: E402
from engine.runtime.builtins.construct import split_class  # noqa: E402
from engine.runtime.builtins.registry import BUILTINS, builtin, call_host, replace_impl, set_gpu_impl  # noqa: E402
from engine.runtime.builtins.sizes import integer_values, is_text, option_text, size_from_args  # noqa: E402

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
        raise device_error(fname, exc) from exc


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


# ------------------------------------------------------------------------------ gpurng

PHILOX_NAMES = ("philox", "philox4x32-10", "philox4x32_10")


def _gpurng_settings(stream: accel_random.DeviceStream) -> StructArray:
    state = np.array(stream.state(), dtype=np.uint32).reshape(-1, 1)
    return StructArray.scalar({"Type": CharArray.from_str(accel_random.GENERATOR),
                               "Seed": np.array([[stream.seed]], dtype=np.uint32), "State": state})


def _gpurng_seed(arg: Value) -> int:
    """A seed argument: a nonnegative integer below 2^32, 'default' (0) or 'shuffle' (the clock)."""
    if is_text(arg, "default"):
        return 0
    if is_text(arg, "shuffle"):
        return int(time.time() * 1e6) % 2 ** 32
    if option_text(arg) is not None:
        _check_generator(arg)         # gpurng(generator): any other text names a generator
    try:
        values = integer_values(arg, "gpurng")
    except MatlabError:
        values = []
    if len(values) != 1 or not 0 <= values[0] < 2 ** 32:
        raise MatlabError("parallel:gpu:rng:badSeed",
                          "The seed must be a nonnegative integer less than 2^32.")
    return values[0]


def _check_generator(arg: Value) -> None:
    name = option_text(arg)
    if name is None or name.lower() not in PHILOX_NAMES:
        shown = f"'{name}'" if name is not None else "that generator"
        raise MatlabError("parallel:gpu:rng:unsupportedGenerator",
                          f"The GPU generator {shown} is not available: matfuse draws on the GPU with "
                          f"'Philox4x32-10' only (gpurng(seed, 'Philox')).")


def _gpurng_restore(settings: StructArray) -> accel_random.DeviceStream:
    fields = settings.data.flat[0] if settings.data.size == 1 else {}
    state, kind = fields.get("State"), fields.get("Type")
    if (not isinstance(state, np.ndarray) or state.size != 4 or state.dtype != np.uint32
            or state.flat[1] != 0 or type(kind) is not CharArray
            or kind.to_str().lower() not in PHILOX_NAMES):
        raise MatlabError("parallel:gpu:rng:badSettings",
                          "The settings structure is not valid: it must come from s = gpurng.")
    return accel_random.DeviceStream.from_state(tuple(int(w) for w in state.ravel(order="F")))


@builtin("gpurng", family="gpu")
def gpurng(ctx: CallContext, *args: Value, nargout: int = 0) -> Value:
    """gpurng(seed), gpurng('default'), gpurng('shuffle'), gpurng(seed, 'Philox'), gpurng('Philox'),
    s = gpurng, gpurng(s)

    Controls the GPU random number stream that rand, randn and randi use for gpuArrays ('gpuArray'
    option, or 'like' a gpuArray) and that fused kernels draw from. matfuse's GPU generator is
    Philox4x32-10 (MATLAB's default GPU generator is Threefry, so the numbers differ from MATLAB's).
    gpurng(seed) restarts the stream with a seed from 0 to 2^32-1; 'default' is seed 0, as at session
    start; 'shuffle' seeds from the clock. s = gpurng returns the settings (Type, Seed, and State: the
    key and the 64-bit stream position as 4 uint32) and gpurng(s) restores them, so the same numbers
    follow. Called with an output and arguments, gpurng returns the settings before the change.

    The GPU stream is separate from the CPU generator: rng never changes it and gpurng never changes
    rng. reset(gpuDevice) keeps it, as in MATLAB.

        gpurng(7); a = rand(1, 3, 'gpuArray'); gpurng(7); b = rand(1, 3, 'gpuArray');   % a == b
    """
    require_gpu(ctx, "gpurng")
    previous = _gpurng_settings(accel_random.stream_of(ctx.state)) if nargout > 0 or not args else None
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    if len(args) == 2:
        _check_generator(args[1])
    if len(args) == 1 and type(args[0]) is StructArray:
        stream = _gpurng_restore(args[0])
    elif len(args) == 1 and (option_text(args[0]) or "").lower() in PHILOX_NAMES:
        stream = accel_random.DeviceStream()
    elif args:
        stream = accel_random.DeviceStream(seed=_gpurng_seed(args[0]))
    else:
        return previous
    ctx.state.extras[accel_random.STATE_KEY] = stream
    return previous


# ------------------------------------------------------------------------------ 'gpuArray' option

GPU_OPTION_CONSTRUCTORS = ("zeros", "ones", "eye", "rand", "randn", "randi")
DRAWS = {"rand": accel_random.gpu_rand, "randn": accel_random.gpu_randn}


def _is_gpu_option(value: Value) -> bool:
    return (option_text(value) or "").lower() == "gpuarray"


def _like_gpu(args: tuple[Value, ...] | list[Value]) -> bool:
    """Whether the arguments end with 'like', G for a gpuArray G."""
    return len(args) >= 2 and type(args[-1]) is GpuTensor and is_text(args[-2], "like")


def _device_draw(ctx: CallContext, name: str, args: list[Value]) -> GpuTensor | None:
    """rand/randn/randi on the device from the session's GPU stream (gpurng), or None for a class the
    device does not hold (int8, complex 'like', ...): those are drawn on the CPU and uploaded, which
    gives MATLAB's error for classes a gpuArray cannot have here. A trailing 'like', G takes G's class."""
    if _like_gpu(args):
        args = [*args[:-1], operations.prototype(args[-1])]
    lo = hi = 0
    if name == "randi":
        if not args:
            raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
        lo, hi = random.randi_range(args[0])
        args = args[1:]
    dims, cls, cplx = split_class(tuple(args), name, random.CLASSES[name])
    random.check_randi_class(lo, hi, cls)
    if cplx or cls not in accel_random.DRAW_CLASSES[name]:
        return None
    shape = size_from_args(dims, name)
    stream = accel_random.stream_of(ctx.state)
    try:
        if name == "randi":
            return accel_random.gpu_randi(stream, lo, hi, shape, cls, require_adapter())
        return DRAWS[name](stream, shape, cls, require_adapter())
    except GpuUnavailable as exc:
        raise device_error(name, exc) from exc


def _twister_on_device(ctx: CallContext, args: list[Value]) -> GpuTensor | None:
    """A plain rand whose value is to stay on the device (the VM says only windows read it), drawn there
    from MATLAB's own stream (engine/accel/mersenne.py): under policy gpu, or auto on a hardware GPU, for
    draws of at least MATFUSE_DEVICE_RAND_MIN values, or of any size from 624 on while the generator's
    state is on the device already. None: the host draws it (the same numbers)."""
    policy = ctx.state.extras.get("policy")
    if policy not in ("gpu", "auto") or _like_gpu(args):
        return None
    try:
        dims, cls, cplx = split_class(tuple(args), "rand", random.CLASSES["rand"])
        shape = size_from_args(dims, "rand")
    except MatlabError:
        return None                         # the host raises it
    held = random.DEVICE_MT in ctx.state.extras
    if cplx or math.prod(shape) < (mersenne.WORDS if held else mersenne.minimum_draw()):
        return None
    provider = current_provider() if held or policy == "gpu" else None
    if provider is None:
        if not available():
            return None
        provider = get_provider()
        if policy == "auto" and not held and provider.info.kind != "gpu":
            return None                     # a software adapter: the windows run on the host anyway
    if cls == "double" and not provider.f64:
        return None
    try:
        return mersenne.device_rand(ctx.state, shape, cls, provider)
    except GpuUnavailable as exc:
        provider.record(exc.reason)
        return None


def _gpu_option(name: str):
    """A constructor accepting 'gpuArray' among its trailing options: random draws on the device, other
    constructors build the host result and upload it."""
    entry = BUILTINS[name]

    def impl(ctx: CallContext, *args: Value, nargout: int = 1) -> Any:
        keep = [a for a in args if not _is_gpu_option(a)]
        if len(keep) == len(args):
            drawn = _twister_on_device(ctx, keep) if name == "rand" and ctx.result_stays_on_device() else None
            return drawn if drawn is not None else call_host(entry, ctx, keep, nargout)[0]
        require_gpu(ctx, f"{name}(..., 'gpuArray')")
        drawn = _device_draw(ctx, name, keep) if name in random.CLASSES else None
        return drawn if drawn is not None else _upload(call_host(entry, ctx, keep, nargout)[0], name)
    return impl


def _like_gpuarray(name: str):
    """The GPU implementation of rand/randn/randi (called when an argument is a gpuArray): 'like', G
    draws on the device; with gpuArray sizes it declines (dispatch computes on the CPU and uploads)."""
    def gpu(ctx: CallContext, args: list, nargout: int) -> tuple:
        drawn = None
        if _like_gpu(args):
            host = [a.gather() if type(a) is GpuTensor else a for a in args[:-1]]
            drawn = _device_draw(ctx, name, [*host, args[-1]])
        if drawn is None:
            raise GpuUnavailable(f"{name} with gpuArray sizes or a class the GPU does not hold runs on "
                                 f"the CPU")
        return (drawn,)
    return gpu


def _register() -> None:
    for name in GPU_OPTION_CONSTRUCTORS:
        more = (f"{name}(..., 'gpuArray') and {name}(..., 'like', G) with a gpuArray G draw on the GPU\n"
                f"from the gpurng stream (rng does not affect it), in G's underlying class for 'like'."
                if name in random.CLASSES else
                f"{name}(..., 'gpuArray') creates the array on the GPU; {name}(..., 'like', G)\n"
                f"with a gpuArray G gives a gpuArray of G's underlying class.")
        replace_impl(name, _gpu_option(name), more)
    operations.register_builtins()
    for name in random.CLASSES:
        set_gpu_impl(name, _like_gpuarray(name))


_register()
