"""The fusion magics: %fusion plan|wgsl|stats|on|off|auto|reset and %%fusion (reports of
engine/accel/fusion as text)."""
from __future__ import annotations

from engine.accel.fusion.report import plan_text, stats_text, wgsl_text
from engine.accel.provider import current_provider
from engine.runtime.errors import MatlabError

from .registry import MagicHost, magic

POLICIES = {"on": "gpu", "off": "cpu", "auto": "auto"}


def _wgsl(host: MagicHost, rest: list[str]) -> str:
    if rest and not rest[0].isdigit():
        raise MatlabError("matfuse:fusion:badGroup", f"%fusion wgsl takes a group number, not '{rest[0]}'.")
    return wgsl_text(host.session.fusion.reports(), int(rest[0]) if rest else None)


@magic("fusion", "line")
def fusion_line(host: MagicHost, args: str, body: str) -> None:
    """%fusion plan | wgsl [group] | stats | on | off | auto | reset  inspect or steer fusion.

    plan: the last cell's fusion windows, their groups (kind, source lines, operations, inputs and
    outputs with classes and sizes), GPU or CPU and why, and rejected operations. wgsl: the generated
    shaders with line numbers. stats: counters since the session started. on/off/auto: fuse every
    supported window, none, or those large enough (overrides MATFUSE_ACCEL and the device). reset:
    forget cached plans and counters."""
    words = args.split()
    fusion = host.session.fusion
    command = words[0] if words else "plan"
    if command == "plan":
        host.write(plan_text(fusion.reports()) + "\n")
    elif command == "wgsl":
        host.write(_wgsl(host, words[1:]) + "\n")
    elif command == "stats":
        host.write(stats_text(fusion.stats, current_provider()) + "\n")
    elif command in POLICIES:
        fusion.mode = POLICIES[command]
        host.write(f"fusion policy: {fusion.mode}\n")
    elif command == "reset":
        fusion.reset()
        host.write("fusion caches and counters cleared\n")
    else:
        raise MatlabError("matfuse:fusion:badCommand",
                          f"Unknown %fusion command '{command}'. See %help %fusion.")


@magic("fusion", "cell")
def fusion_cell(host: MagicHost, args: str, body: str) -> None:
    """%%fusion  run the cell, then show its fusion plan (what %fusion plan prints)."""
    host.run(body)
    host.write(plan_text(host.session.fusion.reports()) + "\n")
