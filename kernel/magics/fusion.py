"""The fusion magics: ``%fusion <report>|on|off|auto|reset`` and ``%%fusion``. Reports are MIME bundles
(text/plain and text/html) built by the engine (``Session.fusion_report``, engine/accel/fusion)."""
from __future__ import annotations

from .registry import MagicHost, magic

POLICIES = {"on": "gpu", "off": "cpu", "auto": "auto"}


@magic("fusion", "line")
def fusion_line(host: MagicHost, args: str, body: str) -> None:
    """%fusion [plan|wgsl [n]|stats|residency|graph|explain|device|tier2 ...|on|off|auto|reset]  inspect, steer fusion.

    Reports of the last cell, as text and HTML:
    plan: each fusion window with its source lines, groups (kind, lines, operations, inputs and outputs
    with classes and sizes), GPU or CPU and why, run time and cost estimate, rejected operations.
    wgsl [group]: the generated shaders (group counts across windows), each entry point first, then
    declarations and the library functions it calls, with the shader's line numbers.
    stats: counters since the session started: windows, groups, dispatches, uploads and downloads,
    plan and pipeline caches, time. residency: every GPU-resident value of the workspace (also inside
    cells and structs) with class, size, bytes and buffer id, and the buffer pool's totals.
    graph: each window's data-flow graph with its fusion groups coloured (SVG). explain: why each
    window ran where it did, in prose. device: the adapter, its limits, fallbacks and calibration.
    tier2: every loop tier 2 (loops compiled to machine code with numba) looked at in this session: where,
    the types it assumed, compiled or why not, entries and hand-backs to the interpreter; tier2 source N:
    the generated code of row N; tier2 auto|eager|off: its policy.
    on/off/auto: fuse every supported window, none, or those that pay off (overrides MATFUSE_ACCEL
    and the device). reset: forget cached plans and counters. Without a command: plan."""
    words = args.split()
    fusion = host.matlab.fusion
    if words and words[0] in POLICIES:
        fusion.mode = POLICIES[words[0]]
        host.write(f"fusion policy: {fusion.mode}\n")
    elif words and words[0] == "tier2":
        host.display(host.matlab.tier2_report(" ".join(words[1:])))
    elif words and words[0] == "reset":
        fusion.reset()
        host.write("fusion caches and counters cleared\n")
    else:
        host.display(host.matlab.fusion_report(args))


@magic("fusion", "cell")
def fusion_cell(host: MagicHost, args: str, body: str) -> None:
    """%%fusion [report]  run the cell, then show its fusion report (default plan; any %fusion report)."""
    host.run(body)
    host.display(host.matlab.fusion_report(args))
