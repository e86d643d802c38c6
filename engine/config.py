"""Every MATFUSE_* environment flag, declared once with its type, default and help.

Nothing else in the project reads ``os.environ`` for MATFUSE_* flags: call ``flag(name)``.

    MATFUSE_ACCEL=cpu python -m ...      ->   flag("MATFUSE_ACCEL") == "cpu"
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Flag:
    name: str
    parse: Callable[[str], Any]
    default: Any
    help: str


def _bool(text: str) -> bool:
    return text.strip().lower() in ("1", "true", "yes", "on")


FAULT_POINTS = ("compile", "submit", "map")


def _faults(text: str) -> tuple[tuple[str, int], ...]:
    """MATFUSE_FAULTS as (point, count) pairs: "submit:2,lose,memory_mb=64" ->
    (("submit", 2), ("lose", 1), ("memory_mb", 64))."""
    items = []
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, count = item.replace("=", ":").partition(":")
        name = name.strip().lower()
        if name not in (*FAULT_POINTS, "lose", "memory_mb") or (name == "memory_mb" and not sep):
            raise ValueError(f"MATFUSE_FAULTS: unknown fault '{item}' (expected compile:N, submit:N, map:N, "
                             "lose or memory_mb=M)")
        items.append((name, int(count) if sep else 1))
    return tuple(items)


FLAGS: dict[str, Flag] = {f.name: f for f in (
    Flag("MATFUSE_DUMP_AFTER", str, "", "print the MIR after the named pass (or 'all')"),
    Flag("MATFUSE_VERIFY_MIR", _bool, False,
         "check the MIR's invariants after every pass (the test suite turns it on; a build skips it)"),
    Flag("MATFUSE_ADAPTER", str, "", "GPU adapter to use: a name substring, a kind (gpu, software, opengl) or an index (0 is the best)"),
    Flag("MATFUSE_WORKER_DEVICE", str, "cpu",
         "device of the Sessions that parallel pool workers run (cpu | auto | gpu)"),
    Flag("MATFUSE_WORKER_ADAPTERS", str, "",
         "comma-separated MATFUSE_ADAPTER choices for parallel pool workers: worker k uses entry k mod n "
         "(e.g. \"0,1,2,3\": one worker per GPU by adapter index)"),
    Flag("MATFUSE_ACCEL", str, "", "fusion policy overriding the Session's device: gpu | cpu | auto"),
    Flag("MATFUSE_FUSION_MIN_ELEMENTS", int, 4096,
         "under the auto policy, windows whose largest input has fewer elements (and none on the device) "
         "stay on the CPU without starting the device; larger ones are decided by calibrated costs"),
    Flag("MATFUSE_CPU_FUSION", _bool, True,
         "windows that stay on the CPU run as host kernels: their elementwise operations in cache-sized "
         "blocks on every core (docs/fusion.md, host kernels); off: the bytecode runs them"),
    Flag("MATFUSE_CPU_FUSION_MIN_ELEMENTS", int, 200_000,
         "host kernels run elementwise operations in blocks only over arrays of at least this many "
         "elements (smaller windows: the bytecode, whose per-operation cost is lower)"),
    Flag("MATFUSE_CPU_BLOCK", int, 65536,
         "elements per block of a host kernel whose operands have 8 bytes an element (twice as many for "
         "single and narrower classes: blocks of as many bytes)"),
    Flag("MATFUSE_CPU_THREADS", int, 0,
         "threads that run a host kernel's blocks and the parts of a long linspace (0: one per core this "
         "process may use)"),
    Flag("MATFUSE_CALIBRATE", _bool, False,
         "measure the auto policy's CPU and GPU costs again instead of using the cached calibration"),
    Flag("MATFUSE_CACHE_DIR", str, "",
         "folder for matfuse's caches (calibration, compiled function files); default "
         "$XDG_CACHE_HOME/matfuse or ~/.cache/matfuse"),
    Flag("MATFUSE_CODE_CACHE", _bool, True,
         "keep compiled function and script files on disk (in the cache folder, by content and engine hash) "
         "so that a new session loads them instead of compiling them again"),
    Flag("MATFUSE_TIER2", str, "auto",
         "tier 2 (loops compiled with numba): auto (when the expected interpreter time exceeds the compile "
         "cost), eager (every loop it can compile, at its first entry), off"),
    Flag("MATFUSE_HISTORY_FILE", str, "",
         "the matfuse prompt's history file (default ~/.matfuse_history), read at start, written at exit"),
    Flag("MATFUSE_GPU_POOL_MB", int, 1024, "MiB of released GPU buffers kept pooled for reuse"),
    Flag("MATFUSE_DEBUG_FUSION", _bool, False, "print why each fusion candidate was accepted or rejected"),
    Flag("MATFUSE_FUSE_LOOPS", _bool, True,
         "run a for loop whose body is one elementwise window as one kernel with the loop inside (loop "
         "fusion, docs/fusion.md); off: the window runs once per iteration"),
    Flag("MATFUSE_EXACT_RNG", _bool, False,
         "rand/randn of plain arrays always draw MATLAB's stream (rng), uploaded where a kernel needs them "
         "(or, for large rand draws, made on the device from that same stream); by default fused kernels "
         "draw them on the device from an rng-seeded device stream"),
    Flag("MATFUSE_DEVICE_RAND_MIN", int, 131072,
         "plain rand draws of at least this many values that only fused windows read are drawn on the "
         "device from MATLAB's Mersenne Twister stream (the same numbers as the host; smaller draws are "
         "drawn on the host)"),
    Flag("MATFUSE_MAX_OUTPUT_CHARS", int, 1_000_000,
         "characters of output a notebook cell (a Session) sends; the rest is left out with a note saying "
         "how much (0: no limit; the matfuse command has none). The default stays under the Jupyter "
         "server's iopub_data_rate_limit (1 MB/s over 3 s)"),
    Flag("MATFUSE_PLAN_CACHE", int, 256,
         "fusion plans kept (least recently used dropped first); a plan serves every size of its shape "
         "pattern"),
    Flag("MATFUSE_COMPILE_TIMEOUT", float, 30.0,
         "seconds a shader compilation may take before the work goes to the CPU (a software driver's "
         "compiler can take unbounded time on some shaders; the text is then not compiled again)"),
    Flag("MATFUSE_SHADER_CHECKS", _bool, False,
         "compile GPU kernels with naga's run-time checks (every index clamped into range, every loop "
         "bounded): slower kernels, for finding an index out of range in generated code; applies to the "
         "kernels compiled after it is set (a kernel restart, or reset(gpuDevice), compiles all again)"),
    Flag("MATFUSE_FAULTS", _faults, (),
         "inject GPU faults (tests): comma-separated compile:N, submit:N, map:N (fail the next N shader "
         "compilations, submits, read-back maps; N defaults to 1), lose (lose the device at the next "
         "submit), memory_mb=M (device memory holds M MiB of arrays)"),
)}


# Flags are read at every cell (and some at every window), so a read must be cheap: os.environ.get of an
# unset name costs about 0.6 us (it raises and catches a KeyError inside), a look-up in os.environ's own
# table of encoded names about 0.05 us. That table is what os.environ reads and writes (setenv, pytest's
# monkeypatch, the %env magic), so a flag still follows every change. A set value is parsed once.
_ENCODED = {name: os.environ.encodekey(name) for name in FLAGS}
_PARSED: dict[str, tuple[Any, Any]] = {}     # name -> (the raw value last parsed, its value)


def flag(name: str) -> Any:
    """Current value of a declared flag (read from the environment each call, so tests can set it)."""
    spec = FLAGS[name]
    try:
        raw = os.environ._data.get(_ENCODED[name])   # noqa: SLF001 - see _ENCODED
    except AttributeError:                  # os.environ replaced by a plain mapping (a test's)
        text = os.environ.get(name)
        return spec.default if not text else spec.parse(text)
    if not raw:
        return spec.default
    last = _PARSED.get(name)
    if last is not None and last[0] == raw:
        return last[1]
    value = spec.parse(os.environ.decodevalue(raw))
    _PARSED[name] = (raw, value)
    return value


def cache_dir() -> Path:
    """The folder of matfuse's caches: MATFUSE_CACHE_DIR, else ``$XDG_CACHE_HOME/matfuse``, else
    ``~/.cache/matfuse`` (the XDG base directory convention)."""
    chosen = flag("MATFUSE_CACHE_DIR")
    if chosen:
        return Path(chosen)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return Path(xdg) / "matfuse" if xdg else Path.home() / ".cache" / "matfuse"
