"""Every MATFUSE_* environment flag, declared once with its type, default and help.

Nothing else in the project reads ``os.environ`` for MATFUSE_* flags: call ``flag(name)``.

    MATFUSE_ACCEL=cpu python -m ...      ->   flag("MATFUSE_ACCEL") == "cpu"
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Flag:
    name: str
    parse: Callable[[str], Any]
    default: Any
    help: str


def _bool(text: str) -> bool:
    return text.strip().lower() in ("1", "true", "yes", "on")


FLAGS: dict[str, Flag] = {f.name: f for f in (
    Flag("MATFUSE_DUMP_AFTER", str, "", "print the MIR after the named pass (or 'all')"),
    Flag("MATFUSE_ADAPTER", str, "", "GPU adapter to use: a name substring or a kind (gpu, software, opengl)"),
    Flag("MATFUSE_ACCEL", str, "", "fusion policy overriding the Session's device: gpu | cpu | auto"),
    Flag("MATFUSE_FUSION_MIN_ELEMENTS", int, 4096,
         "under the auto policy, windows whose largest input has fewer elements (and none on the device) "
         "stay on the CPU without starting the device; larger ones are decided by calibrated costs"),
    Flag("MATFUSE_CALIBRATE", _bool, False,
         "measure the auto policy's CPU and GPU costs again instead of using the cached calibration"),
    Flag("MATFUSE_CACHE_DIR", str, "",
         "folder for matfuse's caches (calibration); default $XDG_CACHE_HOME/matfuse or ~/.cache/matfuse"),
    Flag("MATFUSE_GPU_POOL_MB", int, 1024, "MiB of released GPU buffers kept pooled for reuse"),
    Flag("MATFUSE_DEBUG_FUSION", _bool, False, "print why each fusion candidate was accepted or rejected"),
)}


def flag(name: str) -> Any:
    """Current value of a declared flag (read from the environment each call, so tests can set it)."""
    spec = FLAGS[name]
    raw = os.environ.get(name)
    return spec.default if raw is None or raw == "" else spec.parse(raw)
