"""Kernel magics: the registry (registry.py), the kernel's own magics (core.py) and the fusion magics
(fusion.py), registered on import."""
from . import core, fusion  # noqa: F401  (importing them registers the magics)
from .registry import MAGICS, Magic, MagicCall, MagicHost, find, magic, names, split_cell

__all__ = ["core", "MAGICS", "Magic", "MagicCall", "MagicHost", "find", "magic", "names", "split_cell"]
