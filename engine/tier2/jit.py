"""Generated loop source -> a numba function, cached on disk.

The source is written to ``<cache folder>/tier2/m<sha256>.py``, named by the hash of the engine's
fingerprint (vm/filecache.py: every source file of the engine, Python and numpy versions) and the source
itself, which spells out the types it was generated for. numba compiles it with ``cache=True``, which
keeps the machine code in that folder's ``__pycache__`` keyed by the file and the argument types (array
layouts included): another process that meets the same loop with the same types loads the machine code
instead of compiling it (15-30 milliseconds instead of about a second), and a new Session of the same
process reuses the function itself (``COMPILED``). MATFUSE_CODE_CACHE=0 compiles in memory only.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any, Callable

from ..config import cache_dir, flag

OPTIONS = {"error_model": "numpy", "nogil": True}
COMPILED: dict[str, Callable[..., Any]] = {}     # source -> its numba function, for the process's sessions


def available() -> str:
    """'' when numba is installed, else why not (without importing it: that takes half a second)."""
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    return ""


def source_path(source: str) -> Path:
    from ..vm.filecache import engine_fingerprint
    digest = hashlib.sha256((engine_fingerprint() + "\0" + source).encode()).hexdigest()
    return cache_dir() / "tier2" / f"m{digest[:40]}.py"


def is_cached(source: str) -> bool:
    """Whether this source was compiled before (in this process, or its machine code is likely on disk)."""
    return source in COMPILED or flag("MATFUSE_CODE_CACHE") and source_path(source).exists()


def compile_source(source: str) -> Callable[..., Any]:
    """The numba function ``loop`` of ``source`` (made once per process: later sessions reuse it)."""
    fn = COMPILED.get(source)
    if fn is None:
        fn = COMPILED[source] = numba_function(source)
    return fn


def numba_function(source: str) -> Callable[..., Any]:
    from numba import njit
    if flag("MATFUSE_CODE_CACHE"):
        path = source_path(source)
        try:
            if not path.exists():
                write(path, source)
            return njit(cache=True, **OPTIONS)(load(path).loop)
        except OSError:
            pass                                     # a folder that cannot be written: no cache
    namespace: dict[str, Any] = {}
    source = source.replace("@njit(cache=True,", "@njit(cache=False,")      # the called functions too
    exec(compile(source, "<matfuse tier2>", "exec"), namespace)   # noqa: S102 - our own source
    return njit(**OPTIONS)(namespace["loop"])


def write(path: Path, source: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    try:
        partial.write_text(source)
        os.replace(partial, path)
    finally:
        with suppress(OSError):
            partial.unlink(missing_ok=True)


def load(path: Path) -> Any:
    name = f"matfuse_tier2_{path.stem}"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return module
