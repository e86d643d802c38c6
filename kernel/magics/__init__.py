"""Kernel magics: the registry (registry.py) and the kernel's own magics (core.py), registered on import."""
from . import core  # noqa: F401  (importing it registers the magics)
from .registry import MAGICS, Magic, MagicCall, MagicHost, find, magic, names, split_cell

__all__ = ["core", "MAGICS", "Magic", "MagicCall", "MagicHost", "find", "magic", "names", "split_cell"]
