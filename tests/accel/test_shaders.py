"""WGSL composition without a GPU: templates render, pruning keeps what is reached, and no kernel calls
a WGSL transcendental built-in (on f64 they are wrong or lose the device; on f32 they are not accurate
enough: the math libraries compute every function)."""
import re

import pytest

from engine.accel.kernels import elementwise_source
from engine.accel.shaders import WGSL_DIR, prune, source
from engine.runtime.builtins.registry import operations

ELEMENTWISE = {name: op for name, op in operations().items() if op.wgsl is not None}   # one-kernel forms

BUILTINS = ("exp", "exp2", "log", "log2", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
            "cosh", "tanh", "asinh", "acosh", "atanh", "pow", "fma", "ldexp", "frexp", "max", "min")
CALL = re.compile(r"(?<![\w.])(" + "|".join(BUILTINS) + r")\s*\(")


def code_only(text):
    return "\n".join(line.split("//")[0] for line in text.splitlines())


@pytest.mark.parametrize("name", ["f64_math", "f32_math", "common"])
def test_math_libraries_avoid_builtins(name):
    assert CALL.findall(code_only(source(name))) == []


@pytest.mark.parametrize("cls, has_f64", [("double", True), ("single", True), ("single", False)])
@pytest.mark.parametrize("op", sorted(ELEMENTWISE))
def test_kernels_avoid_builtins(op, cls, has_f64):
    arity = ELEMENTWISE[op].arity
    text = elementwise_source(op, cls, [(cls, "expanded")] * arity, has_f64)
    assert CALL.findall(code_only(text)) == []
    assert "$" not in text and "@compute" in text


@pytest.mark.parametrize("cls, has_f64", [("single", True), ("single", False), ("double", True)])
def test_every_kernel_renders(cls, has_f64):
    for op, spec in ELEMENTWISE.items():
        inputs = [("logical", "same"), None][:spec.arity]
        text = code_only(elementwise_source(op, cls, inputs, has_f64))
        assert "fn main(" in text and "$" not in text
        uses_library = "m64_" in spec.wgsl.format(m="m64", a="a", b="b")
        power_in_f64 = has_f64 and "{m}_pow(" in spec.wgsl          # single pow is the f64 library's
        assert ("m64_" in text) == (uses_library and (cls == "double" or power_in_f64)), op
        rounded_in_f64 = has_f64 and re.search(r"\{m\}_(div|sqrt|pow)\(", spec.wgsl) is not None
        assert ("f64" in text) == (cls == "double" or rounded_in_f64), op


@pytest.mark.parametrize("cls", ["double", "single"])
def test_only_kernels_that_reach_pow_declare_its_table(cls):
    """pow's logarithm table is group 1, a storage buffer the provider binds to the pipelines that
    declare it: prune keeps the declaration only in kernels that reach the table pow (double power;
    single power on f64 adapters takes m64_log_plain), never without f64."""
    for op, spec in ELEMENTWISE.items():
        inputs = [(cls, "same")] * spec.arity
        text = elementwise_source(op, cls, inputs, True)
        declared = "@group(1) @binding(0) var<storage, read> m64_log_tab" in text
        assert declared == (op == "power" and cls == "double"), op
        if cls == "single":
            assert "@group(1)" not in elementwise_source(op, cls, inputs, False), op


def test_prune_keeps_only_what_entry_points_reach():
    text = """const A: f32 = 1.0;
const B: f32 = 2.0;

// helper used by main
fn used(x: f32) -> f32 { return x * A; }

fn unused(x: f32) -> f32 { return x * B; }

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = used(3.0);
}
"""
    pruned = prune(text)
    assert "fn used" in pruned and "// helper used by main" in pruned and "const A" in pruned
    assert "unused" not in pruned and "const B" not in pruned
    assert "@compute @workgroup_size(1)\nfn main()" in pruned


def test_library_files_are_present():
    names = {p.stem for p in WGSL_DIR.glob("*.wgsl")}
    assert {"f64_math", "f32_math", "common", "elementwise", "reduce", "matmul"} <= names
