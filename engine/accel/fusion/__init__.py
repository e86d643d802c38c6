"""Fusion: fusion windows of the bytecode run as a few generated WGSL kernels.

    graph.py        a window's MIR -> AccelGraph (inputs, constants, elementwise and reduction nodes)
    plan.py         graph + input classes/sizes -> Plan (ElementwiseChain and Reduction groups)
    ranges.py       value facts (nonnegative, whole, NaN-free): the domain checks a plan can leave out
    patterns.py     the specialised kinds (MatmulEpilogue, CenteredGram, ...), found before the grouping
    codegen.py      group -> WGSL (wgsl/fused_*.wgsl) and uniform blocks
    matmul.py       WGSL and dispatch of the specialised kinds (codegen's and execute's kind tables)
    execute.py      plan -> dispatches -> the window's outputs (Runner; Straight for a repeated run)
    loops.py        a for loop whose body is one window -> one kernel with the loop inside (FusedLoop)
    inputs.py       a window's inputs -> their Args; Repeat: a run with the facts of the last one
    accelerator.py  the VM hook (policy, caches, gating), installed by Session as ``vm.accel``
    report.py       what the last cell fused, WGSL, counters, residency: the text reports (``%fusion``)
    report_html.py  the same reports as HTML; ``fusion_report`` -> MIME bundle (``Session.fusion_report``)
    graph_svg.py    a window's graph with its groups coloured, as SVG (``%fusion graph``)

docs/fusion.md traces one cell through every stage.
"""
from .accelerator import FusionAccelerator

__all__ = ["FusionAccelerator"]
