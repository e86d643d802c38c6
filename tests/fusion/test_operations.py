"""One record per operation (issue 11): every builtin whose Operation record has a WGSL form is typed by
MIR inference and fused (a region member, and a node of the accelerator's graph with nothing rejected),
read from that one record; ``y = asin(x) + 1`` was typed ``?``."""
import numpy as np
import pytest

from engine.accel.fusion.graph import build_graph
from engine.mir.types import UNKNOWN
from engine.runtime.builtins.registry import BUILTINS, operations
from engine.vm.build import build_cell

WORKSPACE = {"x": np.linspace(0.1, 0.9, 12).reshape(3, 4), "y": np.linspace(1.0, 2.0, 12).reshape(3, 4)}
FUSED = sorted(name for name, op in operations().items() if op.wgsl is not None and name in BUILTINS)


def compiled(source: str):
    code, state = build_cell(source, "cell", dict(WORKSPACE))
    calls = [ins for b in state.module.main.blocks for ins in b.instrs if ins.op in ("call", "callname")]
    return code, calls


def test_every_fused_operation_is_a_builtin_but_nan_to_zero():
    assert {name for name, op in operations().items() if op.wgsl is not None} - set(FUSED) == {"nan_to_zero"}
    assert {"asin", "hypot", "plus", "max", "isnan", "not"} <= set(FUSED)


@pytest.mark.parametrize("name", FUSED)
def test_typed_by_inference_and_fused(name):
    op = operations()[name]
    operands = ", ".join("xy"[:op.arity])
    code, calls = compiled(f"z = {name}({operands}) + 1;")
    call = next(ins for ins in calls if ins.attr[0] == name)
    expected = "logical" if op.result == "logical" else "double"
    assert call.dest.type != UNKNOWN and (call.dest.type.cls, call.dest.type.shape) == (expected, (3, 4))
    window = next(w for w in code.windows if any(ins is call for ins in w.instrs))
    graph = build_graph(window, dict(code.constants))
    assert graph.rejected == []
    assert graph.nodes[call.dest.id].op == name and graph.nodes[call.dest.id].kind == "elementwise"


def test_asin_plus_one_is_typed():
    _, calls = compiled("y = asin(x) + 1;")
    assert str(calls[0].dest.type) == "double[3,4]"
