"""Tier 2: hot loops compiled to machine code with numba, from the MIR and the types met at run time.

The bytecode compiler puts a ``TIER2`` instruction at the head of every loop of a script or function
(loops.py: ``LoopSite``); the VM's specialised function counts its executions and, past the site's
threshold, calls ``vm.tier2.enter`` (runner.py), which decides whether compiling pays, specialises the
loop on the types of the values it meets (infer.py), writes it as Python for numba (codegen.py, with the
builtins of builtins.py and the helpers of kernels.py), compiles it with an on-disk cache (jit.py), runs
it, and hands control back to the interpreter where the loop ends or wherever the interpreter must take
over (an error to raise, a matrix to grow, a complex result). ``%fusion tier2`` shows what it did
(report.py). See docs/tier2.md.
"""
from .runner import Tier2

__all__ = ["Tier2"]
