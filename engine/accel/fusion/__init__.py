"""Fusion: fusion windows of the bytecode run as a few generated WGSL kernels.

    graph.py        a window's MIR -> AccelGraph (inputs, constants, elementwise and reduction nodes)
    plan.py         graph + input classes/sizes -> Plan (ElementwiseChain and Reduction groups)
    codegen.py      group -> WGSL (wgsl/fused_*.wgsl) and uniform blocks
    execute.py      plan -> dispatches -> the window's outputs
    accelerator.py  the VM hook (policy, caches, gating), installed by Session as ``vm.accel``
    report.py       what the last cell fused, WGSL, counters (``%fusion``)

docs/fusion.md traces one cell through every stage.
"""
from .accelerator import FusionAccelerator

__all__ = ["FusionAccelerator"]
