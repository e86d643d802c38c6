"""WGSL sources: the hand-written .wgsl files in wgsl/, loaded once, and their composition.

Templates use ``string.Template`` placeholders (``$name``); every placeholder must be given, so a
missing piece fails loudly at composition instead of producing a shader that does not compile.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from string import Template

WGSL_DIR = Path(__file__).parent / "wgsl"

# WGSL element type of each class as stored in a buffer (logical is one u32 per element).
STORAGE_TYPE = {"double": "f64", "single": "f32", "logical": "u32", "int32": "i32", "uint32": "u32"}
ELEMENT_SIZE = {"double": 8, "single": 4, "logical": 4, "int32": 4, "uint32": 4}


@lru_cache(maxsize=None)
def opaque(t: str, expr: str) -> str:
    """``expr`` (of type ``t``, f64 or f32) hidden from the shader compiler's algebra. Vulkan drivers
    simplify floating-point expressions as if they were real numbers (lavapipe folds ``0 * x`` and
    ``0 / x`` to 0 and ``(b + b) - b`` to ``b``; NVIDIA's compiler ``(t * 10) / t`` to 10), which loses
    MATLAB's NaN, Inf and overflow. Fused kernels pass every computed value and every constant through
    this, so each operation is evaluated as written, as on the CPU."""
    return f"{'m64' if t == 'f64' else 'm32'}_opaque({expr})"


def source(name: str) -> str:
    """Text of wgsl/<name>.wgsl."""
    return (WGSL_DIR / f"{name}.wgsl").read_text()


@lru_cache(maxsize=4096)
def render(name: str, **parts: str) -> str:
    """wgsl/<name>.wgsl with its $placeholders substituted, pruned to what its entry points use."""
    return prune(Template(source(name)).substitute(parts))


_ITEM_START = re.compile(r"^(fn|const|struct|var|alias|override|@)\b|^@")
_ITEM_NAME = re.compile(r"^(?:@[^\n]*?\s)?(?:fn|const|struct|alias|override|var(?:<[^>]*>)?)\s+(\w+)", re.M)
_WORD = re.compile(r"[A-Za-z_]\w*")


def _items(text: str) -> list[str]:
    """Top-level WGSL items (each with the comment lines just above it); attribute lines join the
    declaration they precede."""
    items, current, pending = [], [], []
    for line in text.splitlines():
        starts = bool(_ITEM_START.match(line)) and not (current and current[-1].startswith("@compute"))
        if line.startswith("//") or not line.strip():
            pending.append(line)
            continue
        if starts:
            items.append("\n".join(current))
            current = pending
        else:
            current += pending
        pending = []
        current.append(line)
    items.append("\n".join(current + pending))
    return [item for item in items if item.strip()]


def prune(text: str) -> str:
    """Drop the library functions, constants and types that no entry point reaches (smaller shaders
    compile much faster: the f64 library is ~700 lines). A kernel's own bindings (group 0) stay, reached
    or not, since its dispatch binds them; a library's (group 1: the provider binds them to whatever
    pipeline declares them) stay only where reached."""
    items = _items(text)
    names = {}
    for i, item in enumerate(items):
        if item_name(item):
            names.setdefault(item_name(item), i)
    keep = {i for i, item in enumerate(items) if "@compute" in item or "@group(0)" in item}
    todo = list(keep)
    while todo:
        for word in set(_WORD.findall(_code(items[todo.pop()]))):
            j = names.get(word)
            if j is not None and j not in keep:
                keep.add(j)
                todo.append(j)
    return "\n".join(item for i, item in enumerate(items) if i in keep) + "\n"


def _code(item: str) -> str:
    """An item without its comments (a name in a comment is not a use)."""
    return "\n".join(line.split("//")[0] for line in item.splitlines())


def item_name(item: str) -> str:
    """The name an item declares ("" for none)."""
    return next((m.group(1) for m in _ITEM_NAME.finditer(item) if not m.group(0).startswith("//")), "")


def outline(text: str, library_text: str) -> str:
    """A rendered shader without comments and blank lines, and without the items it took from
    ``library_text``: one line in their place names those the rest calls. The text the generator made,
    for golden-text tests and review."""
    taken = {item_name(item) for item in _items(library_text)} - {""}
    lines, first = [], None
    for item in _items(text):
        if item_name(item) in taken:
            first = len(lines) if first is None else first
        else:
            lines += [line for line in item.splitlines() if line.strip() and not line.lstrip().startswith("//")]
    if first is not None:
        called = sorted(taken & set(_WORD.findall("\n".join(lines))))
        lines.insert(first, f"// library (and what it calls): {' '.join(called)}")
    return "\n".join(lines)


@lru_cache(maxsize=None)
def library(has_f64: bool) -> str:
    """The WGSL helpers every kernel includes.

    The f32 math library (single precision computed in f32, the same on every adapter); with
    shader-f64 (and int64) also the f64 math library and correctly rounded division and sqrt in both
    precisions (rounded_ops.wgsl), without it WGSL's f32 division and sqrt (rounded_ops_f32.wgsl); and
    the Philox random-number library (philox.wgsl, its 32x32->64-bit product from one u64 product with
    shader-int64, from 16-bit halves without). ``render`` prunes what a kernel does not call, so
    kernels that draw nothing or compute no transcendental do not carry it.
    """
    if has_f64:
        return (source("common") + source("rounded_ops") + source("f64_math") + source("f32_math")
                + source("philox") + source("philox_mul_wide"))
    return (source("common") + source("rounded_ops_f32") + source("f32_math") + source("philox")
            + source("philox_mul"))
