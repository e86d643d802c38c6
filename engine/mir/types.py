"""The type/shape lattice of MIR values.

A ``Type`` is a class (``double``, ``int32``, ... or ``?`` unknown), a complexity flag and a shape:
exact dims ``(3, 4)``, rank only ``(None, None)`` (a dim of ``None`` is unknown), or unknown (``None``).
``join`` is the least upper bound used where control flow merges; ``UNKNOWN`` is the top.

    >>> str(Type("double", shape=(3, 4)))
    'double[3,4]'
    >>> str(join(Type("double", shape=(3, 4)), Type("double", shape=(3, 5))))
    'double[3,?]'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..runtime.errors import MatlabError
from ..runtime.semantics import broadcast_shape, promote

NUMERIC = ("double", "single", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
CLASSES = NUMERIC + ("logical", "char", "string", "cell", "struct", "function_handle")

Shape = tuple  # tuple[int | None, ...] | None


@dataclass(unsafe_hash=True, slots=True)
class Type:
    """A value, compared and hashed by its fields and never changed once made (a convention: frozen=True's
    ``__setattr__`` made every Type inference builds three calls of ``object.__setattr__``)."""
    cls: str = "?"
    complex: bool = False
    shape: Shape | None = None

    def __str__(self) -> str:
        if self.cls == "?":
            return "?"
        head = ("c" if self.complex else "") + self.cls
        if self.shape is None:
            return head + "[*]"
        return head + "[" + ",".join("?" if d is None else str(d) for d in self.shape) + "]"

    @property
    def is_scalar(self) -> bool:
        return self.shape == (1, 1)

    @property
    def numel(self) -> int | None:
        if self.shape is None or any(d is None for d in self.shape):
            return None
        n = 1
        for d in self.shape:
            n *= d
        return n


UNKNOWN = Type()
BOTTOM = None  # "no information yet" in the dataflow state (a name not yet reached)


def scalar(cls: str = "double", complex_: bool = False) -> Type:
    return Type(cls, complex_, (1, 1))


def join_shape(a: Shape | None, b: Shape | None) -> Shape | None:
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


def join(a: Type | None, b: Type | None) -> Type | None:
    """Least upper bound; ``None`` (bottom) is the identity."""
    if a is None:
        return b
    if b is None or a is b or a == b:          # (one Type object stands for most values: ``is`` first)
        return a
    if a.cls != b.cls:
        return UNKNOWN
    return Type(a.cls, a.complex or b.complex, join_shape(a.shape, b.shape))


def broadcast(a: Shape | None, b: Shape | None) -> Shape | None:
    """Shape of an implicit-expansion result, as far as it is known (``None``: unknown or an error).
    Known sizes follow semantics.broadcast_shape; an unknown dim against 1 stays unknown."""
    if a is None or b is None:
        return None
    if a == b and type(a) is tuple:        # the same shape (scalars with scalars): itself
        return a
    if None not in a and None not in b:
        try:
            return broadcast_shape(tuple(a), tuple(b))
        except MatlabError:
            return None
    n = max(len(a), len(b))
    a = tuple(a) + (1,) * (n - len(a))
    b = tuple(b) + (1,) * (n - len(b))
    return tuple(expand_dim(x, y) for x, y in zip(a, b))


def expand_dim(x: int | None, y: int | None) -> int | None:
    """One dimension of implicit expansion where either size may be unknown (None)."""
    if x == 1:
        return y
    if y == 1 or y is None or x == y:
        return x
    return y if x is None else None


def binary_class(a: str, b: str) -> str:
    """Class of an arithmetic result (semantics.promote on known numeric classes; otherwise ``?``)."""
    return BINARY_CLASSES.get((a, b), "?")


def _promoted(a: str, b: str) -> str:
    try:
        return promote(a, b)
    except MatlabError:
        return "?"


_OPERANDS = NUMERIC + ("logical", "char")
BINARY_CLASSES = {(a, b): _promoted(a, b) for a in _OPERANDS for b in _OPERANDS}   # binary_class's table
