"""Kernel magics: the registry (registry.py), the kernel's own magics (core.py), the magics over files
and the environment (files.py), the display cell magics (rich.py), the fusion magics (fusion.py) and the
parallel pool magic (parallel.py), registered on import."""
from . import core, files, fusion, parallel, rich  # noqa: F401  (importing them registers the magics)
from .registry import (MAGICS, STOP, Magic, MagicCall, MagicHost, find, magic, names, split_cell,
                       stray_magics)

__all__ = ["core", "files", "fusion", "parallel", "rich", "MAGICS", "STOP", "Magic", "MagicCall", "MagicHost",
           "find", "magic", "names", "split_cell", "stray_magics"]
