"""Builtins with elementwise semantics but no GPU form (gamma, sind, gcd, isprime...) still pass an
Operation record, so MIR inference types their results (class and implicit-expansion shape) and the
operations around them can be planned; they run on the CPU, not in fused kernels."""
import numpy as np
import pytest

from engine.mir.types import UNKNOWN
from engine.runtime.builtins.registry import BUILTINS, operations
from engine.vm.build import build_cell

WORKSPACE = {"x": np.linspace(0.1, 0.9, 12).reshape(3, 4), "y": np.linspace(1.0, 2.0, 4).reshape(1, 4)}
CPU_ONLY = sorted(name for name, op in operations().items()
                  if op.wgsl is None and op.reduction is None and name in BUILTINS)


def test_the_library_functions_are_among_them():
    assert {"gamma", "erf", "sind", "sec", "nthroot", "gcd", "isprime", "bitand", "idivide"} <= set(CPU_ONLY)


@pytest.mark.parametrize("name", CPU_ONLY)
def test_typed_by_inference(name):
    op = operations()[name]
    operands = ", ".join("xy"[:op.arity])
    code, state = build_cell(f"z = {name}({operands});", "cell", dict(WORKSPACE))
    call = next(ins for b in state.module.main.blocks for ins in b.instrs
                if ins.op in ("call", "callname") and ins.attr[0] == name)
    expected = "logical" if op.result == "logical" else "double"
    assert call.dest.type != UNKNOWN and (call.dest.type.cls, call.dest.type.shape) == (expected, (3, 4))
