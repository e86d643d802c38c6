"""Values whose data lives on a device, as the runtime sees them: the protocol engine/accel implements.

The runtime, the VM and MIR never import engine.accel. A value on a device is a ``DeviceArray``; engine/accel
subclasses it (``GpuTensor``) and, when it is imported, installs the ``HOOKS`` that route operations with a
device operand (``install``). Before that no device value can exist, and the hooks are never called.

Two kinds of device value:
- a gpuArray (``implicit`` False): MATLAB's class 'gpuArray'; operations on it stay on the device;
- an implicitly resident plain array (``implicit`` True): a double/single/logical array that the runtime
  keeps on the device because a fused window made it or read it there. To MATLAB code it is the plain array:
  the VM brings it to the host (``to_host``) before anything but a fusion window reads it, and
  ``Session.get``, display, ``whos``, ``save`` and the kernel's inspection see only the host value. The host
  copy is made once and cached on the value (``origin``); the device copy stays valid, so a later window
  reads it without an upload. Neither copy is ever written in place (a write makes a new value), so the two
  stay coherent.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable


class DeviceArray:
    """Base class of device values (see the module docstring). ``shape``: MATLAB size; ``cls``: the class
    of the elements; ``origin``: the cached host value of an implicit array, or None."""

    matlab_class = "gpuArray"
    implicit = False
    origin: Any = None
    shape: tuple[int, ...]
    cls: str

    def gather(self) -> Any:
        """The host value in the engine's form (downloads; raises a MatlabError if the data is gone)."""
        raise NotImplementedError

    def host_copy(self) -> Any:
        """The host value of an implicit array, made once by ``to_host`` (the device may keep its copy
        for later windows that read the host value)."""
        return self.gather()


def is_implicit(value: Any) -> bool:
    return isinstance(value, DeviceArray) and value.implicit


def to_host(value: Any) -> Any:
    """The host value of an implicitly resident array (downloaded once, then cached); any other value,
    gpuArrays included, as it is."""
    if not isinstance(value, DeviceArray) or not value.implicit:
        return value
    if value.origin is None:
        value.origin = value.host_copy()
    return value.origin


def registers_to_host(regs: list, count: int) -> None:
    """Bring the implicitly resident arrays among ``regs[:count]`` (a frame's variables) to the host."""
    for k in range(count):
        value = regs[k]
        if isinstance(value, DeviceArray) and value.implicit:
            regs[k] = to_host(value)


def deep_to_host(value: Any, convert: Callable[[Any], Any]) -> Any:
    """``value`` with ``convert`` applied to every device value in it, inside cells and structs too."""
    from .values import CellArray, StructArray
    if isinstance(value, DeviceArray):
        return convert(value)
    t = type(value)
    if t is CellArray and any(isinstance(v, (DeviceArray, CellArray, StructArray)) for v in value.data.flat):
        data = value.data.copy()
        for k, item in enumerate(data.flat):
            data.flat[k] = deep_to_host(item, convert)
        return CellArray(data)
    if t is StructArray:
        items = [dict(d) for d in value.data.flat]
        if not any(isinstance(v, (DeviceArray, CellArray, StructArray)) for d in items for v in d.values()):
            return value
        out = value.data.copy()
        for k, d in enumerate(items):
            out.flat[k] = {f: deep_to_host(v, convert) for f, v in d.items()}
        return replace(value, data=out)
    return value


@dataclass
class Hooks:
    """What engine/accel provides to the runtime (installed on import of engine.accel).

    call_on_device(entry, ctx, args, nargout, host_call) -> tuple: a builtin with a gpuArray argument.
    call_uploaded(entry, ctx, args, nargout, host_call) -> tuple: policy gpu, host arrays, GPU builtin.
    index(cpu_index, value, args) / assign(cpu_assign, base, args, rhs, inplace): a gpuArray among them.
    concat(values, cpu_concat) -> value: concatenation with a gpuArray element.
    host_written(array): a host array is about to be updated in place; a device copy kept of it goes."""
    call_on_device: Callable[..., tuple] | None = None
    call_uploaded: Callable[..., tuple] | None = None
    index: Callable[..., Any] | None = None
    assign: Callable[..., Any] | None = None
    concat: Callable[..., Any] | None = None
    host_written: Callable[[Any], None] | None = None


HOOKS = Hooks()


def install(**hooks: Callable[..., Any]) -> None:
    """Set device hooks (engine/accel calls this once when it is imported)."""
    for name, fn in hooks.items():
        if not hasattr(HOOKS, name):
            raise AttributeError(f"no device hook named {name!r}")
        setattr(HOOKS, name, fn)
