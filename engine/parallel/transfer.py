"""Engine values sent to and from workers. Everything pickles except a function handle's compiled body:
an anonymous function travels as its text and captured values and is built again where it arrives
(``restore``), a named handle as its name (resolved there: function files on the path, the cell's local
functions)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..runtime.device import to_host
from ..runtime.values import CellArray, FunctionHandle, StructArray


@dataclass(frozen=True)
class PortableHandle:
    text: str
    name: str | None
    captured: dict


def portable(value: Any) -> Any:
    """``value`` with its function handles (also inside cells and structs) made picklable."""
    value = to_host(value)
    t = type(value)
    if t is FunctionHandle:
        return PortableHandle(value.text, value.name if value.params is None else None,
                              {k: portable(v) for k, v in value.captured.items()})
    if t is CellArray and value.data.size:
        return CellArray(mapped(value.data, portable))
    if t is StructArray and value.data.size:
        return StructArray(value.fields, mapped(value.data, lambda d: {k: portable(v) for k, v in d.items()}),
                           value.classname)
    return value


def restore(value: Any, session: Any) -> Any:
    """The inverse of ``portable``: anonymous functions compiled again, with the search path of ``session``
    (a Session or a VM)."""
    t = type(value)
    if t is PortableHandle:
        return rebuilt_handle(value, session)
    if t is dict:
        return {k: restore(v, session) for k, v in value.items()}
    if t is CellArray and value.data.size:
        return CellArray(mapped(value.data, lambda v: restore(v, session)))
    if t is StructArray and value.data.size:
        return StructArray(value.fields, mapped(value.data, lambda d: {k: restore(v, session) for k, v in d.items()}),
                           value.classname)
    return value


def mapped(data: np.ndarray, convert) -> np.ndarray:
    out = np.empty(data.shape, dtype=object)
    for k, item in enumerate(data.flat):
        out.flat[k] = convert(item)
    return out


def rebuilt_handle(handle: PortableHandle, session: Any) -> FunctionHandle:
    """A handle made again from its text: a named one by name, an anonymous one by evaluating its text in
    a scratch workspace holding its captured values."""
    if handle.name is not None:
        return FunctionHandle(text=handle.text, name=handle.name)
    from ..session import Session
    scratch = Session(device="cpu", max_output=0)
    scratch.state.path[:] = session.state.path
    for name, value in handle.captured.items():
        scratch.set(name, restore(value, session))
    result = scratch.execute(f"matfuse_handle__ = {handle.text};")
    if result.error is not None:
        raise result.error
    return scratch.workspace["matfuse_handle__"]
