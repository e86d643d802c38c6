"""WGSL sources: the hand-written .wgsl files in wgsl/, loaded once, and their composition.

Templates use ``string.Template`` placeholders (``$name``); every placeholder must be given, so a
missing piece fails loudly at composition instead of producing a shader that does not compile.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from string import Template

WGSL_DIR = Path(__file__).parent / "wgsl"

# WGSL element type of each class as stored in a buffer (logical is one u32 per element).
STORAGE_TYPE = {"double": "f64", "single": "f32", "logical": "u32", "int32": "i32", "uint32": "u32"}
ELEMENT_SIZE = {"double": 8, "single": 4, "logical": 4, "int32": 4, "uint32": 4}


@lru_cache(maxsize=None)
def source(name: str) -> str:
    """Text of wgsl/<name>.wgsl."""
    return (WGSL_DIR / f"{name}.wgsl").read_text()


def render(name: str, **parts: str) -> str:
    """wgsl/<name>.wgsl with its $placeholders substituted."""
    return Template(source(name)).substitute(parts)


def library(has_f64: bool) -> str:
    """The WGSL helpers every kernel includes.

    With shader-f64 (and int64): the f64 math library, and single-precision math computed through it;
    without: single-precision math on WGSL's f32 built-ins (double then never reaches the GPU).
    """
    if has_f64:
        return source("common") + source("f64_math") + source("f32_via_f64")
    return source("common") + source("f32_math")
