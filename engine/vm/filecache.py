"""Compiled function and script files kept on disk, so that a new session loads a file's code instead of
compiling it again.

An entry is the pickled ``Code`` of one file, with the generated Python of each of its code objects
(``pygen.Generated``: a new session neither compiles the MATLAB nor generates and compiles the Python),
named by the sha256 of everything that determines it: the file's bytes, its path and name (both are
part of the code: error stacks, help), and the engine's fingerprint (the sha256 of every source file of
the ``engine`` package, with the Python and numpy versions). A change to any of them gives another name, so an entry is never stale; entries nobody asks
for again stay until the folder is cleared. Entries live in ``<cache folder>/code/`` (MATFUSE_CACHE_DIR,
else the XDG cache folder: ``engine.config.cache_dir``); MATFUSE_CODE_CACHE=0 turns the cache off.

An entry that cannot be read back (truncated, corrupt, not a code object of this file) is ignored: the
file is compiled and the entry written again. Writes go to a temporary file that is then renamed, so a
concurrent session never reads half an entry, and a folder that cannot be written only means no cache.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from contextlib import suppress
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..config import cache_dir, flag
from ..frontend import decode_source
from .build import build_file
from .code import Code
from .pygen import generate

ENTRY_FORMAT = 1                                  # bump when what an entry holds changes shape
FINGERPRINTED = (".py", ".lark", ".wgsl")         # the engine's source files


@lru_cache(maxsize=1)
def engine_fingerprint() -> str:
    """sha256 of the engine's sources (read once per process), the entry format, Python and numpy."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(f"{ENTRY_FORMAT}|{sys.version}|{np.__version__}".encode())
    for path in sorted(p for p in root.rglob("*") if p.suffix in FINGERPRINTED and p.is_file()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def entry_path(data: bytes, name: str, path: str) -> Path:
    """Where the code of file ``path`` (named ``name``, holding ``data``) is kept."""
    digest = hashlib.sha256(b"\0".join([engine_fingerprint().encode(), path.encode(), name.encode(), data]))
    return cache_dir() / "code" / f"{digest.hexdigest()}.pickle"


def compiled_file(data: bytes, name: str, path: str) -> Code:
    """The code of the function or script file ``path`` whose bytes are ``data``: from the cache, else
    compiled (and then cached). A syntax error raises as from ``build_file`` and caches nothing."""
    if not flag("MATFUSE_CODE_CACHE"):
        return build_file(decode_source(data), name, path)
    entry = entry_path(data, name, path)
    code = read_entry(entry, path)
    if code is None:
        code = build_file(decode_source(data), name, path)
        for unit in code_objects(code):         # what a first run would generate: kept with the code
            unit.generated = generate(unit)
        write_entry(entry, code)
    return code


def code_objects(code: Code) -> list[Code]:
    """The code objects of one file: its main code, its local functions and the bodies of the anonymous
    functions in them."""
    found: dict[int, Code] = {}
    stack = [code, *code.locals.values()]
    while stack:
        unit = stack.pop()
        if id(unit) not in found:
            found[id(unit)] = unit
            stack.extend(a for args in unit.args for a in args if type(a) is Code)
    return list(found.values())


def read_entry(entry: Path, path: str) -> Code | None:
    """The cached code of ``path``, or None when there is no usable entry."""
    try:
        with open(entry, "rb") as handle:
            code = pickle.load(handle)
    except FileNotFoundError:
        return None
    except Exception:  # noqa: BLE001 - a corrupt entry can fail in any way (EOFError, UnpicklingError, ...)
        return None
    return code if type(code) is Code and code.file == path else None


def write_entry(entry: Path, code: Code) -> None:
    """Store ``code`` atomically; a folder that cannot be written, or code that cannot be pickled, is
    skipped (the cache is only ever a shortcut)."""
    partial = entry.with_name(f"{entry.stem}.{os.getpid()}.tmp")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with open(partial, "wb") as handle:
            pickle.dump(code, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(partial, entry)
    except (OSError, pickle.PicklingError, TypeError, AttributeError, RecursionError):
        with suppress(OSError):
            partial.unlink(missing_ok=True)
