"""The vector form of fused single-precision elementwise kernels (codegen.vector_lines): each invocation
loads and stores four neighbouring elements of every operand of the kernel's size as one vec4; broadcast
operands are read element by element, kernels with views keep the scalar form. Lengths that are no
multiple of four end in a partial vector whose lanes past the end are computed from the pooled buffer's
padding but neither stored nor allowed to flag a domain check."""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion.offline import OfflinePlanner
from fusion_helpers import devices, run

ARITH = "u = 1.5 .* x - y ./ 3;\nv = (u .* u + 2) .* (x - 0.5 .* y) ./ (1 + y .* y);\nw = u .* v - 0.25 .* x + abs(y);"


def kernels(source: str, inputs: dict) -> list[str]:
    s = Session(device="cpu")
    for name, value in inputs.items():
        s.set(name, value)
    planner = s.vm.accel = OfflinePlanner(False)
    assert s.execute(source).error is None
    return [g.wgsl for w in planner.windows for g in w.plan.groups if g.wgsl]


def binding(wgsl: str, name: str) -> str:
    line = next(line for line in wgsl.splitlines() if f" {name}: array<" in line)
    return line.split(": array<", 1)[1].rsplit(">;", 1)[0]


def test_operands_of_the_kernel_s_size_are_vectors_and_broadcast_ones_elements():
    x = np.linspace(0, 1, 64 * 33, dtype=np.float32).reshape(64, 33)
    [wgsl] = kernels("z = (x - mu) ./ s + x;", {"x": x, "mu": x[:1, :], "s": x[:, :1] + 1})
    assert [binding(wgsl, f"in{k}") for k in range(3)] == ["vec4<f32>", "f32", "f32"]
    assert binding(wgsl, "out0") == "vec4<f32>"
    assert "let in0_w = in0[w];" in wgsl and "in1[" in wgsl and "in2[" in wgsl


def test_kernels_with_views_and_double_kernels_keep_the_scalar_form():
    x = np.linspace(0, 1, 64 * 33, dtype=np.float32).reshape(64, 33)
    for wgsl in kernels("r = reshape(x .* 2, 33, 64) + 1;\np = permute(x, [2 1]) - 1;", {"x": x}):
        assert "vec4" not in wgsl.split("fn main")[1] and "array<f32>" in wgsl
    s = Session(device="cpu")
    s.set("x", x.astype(np.float64))
    planner = s.vm.accel = OfflinePlanner(True)
    assert s.execute("y = x .* 2 + 1;").error is None
    assert binding(planner.windows[0].plan.groups[0].wgsl, "in0") == "f64"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7, 255, 1021, 1026, 4099])
def test_every_length_gives_the_cpu_s_bits(gpu, n):
    """An arithmetic chain (every operation correctly rounded in single) with a logical output and a
    broadcast operand: fused on the GPU, bit for bit the unfused (CPU) run's, at lengths around the
    vectors' and the workgroup's."""
    k = np.arange(1, n + 1, dtype=np.float64)
    inputs = {"x": (2 * np.sin(0.37 * k)).astype(np.float32).reshape(n, 1),
              "y": (np.cos(0.11 * k) + 0.5).astype(np.float32).reshape(n, 1),
              "g": np.array([[0.75, -1.25]], dtype=np.float32)}
    code = ARITH + "\nm = w > 0.1;\nb = x .* g - y;"
    fused, unfused = run(code, inputs, "gpu"), run(code, inputs, "gpu", "cpu")
    assert devices(fused) == ["GPU"] and "GPU" not in devices(unfused)
    for name in "uvwmb":
        a, b = fused.get(name), unfused.get(name)
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_array_equal(a.view(np.uint32) if a.dtype == np.float32 else a,
                                      b.view(np.uint32) if b.dtype == np.float32 else b, err_msg=name)


def test_lanes_past_the_end_raise_no_flag(gpu):
    """x's pooled buffer held -1s past its 999 elements (a freed array's): sqrt's domain check does not
    fire for the last vector's lane past the end, so the window stays on the GPU."""
    s = Session(device="gpu")
    s.set("a", -np.ones((1, 1000), dtype=np.float32))
    s.set("x", np.arange(1, 1000, dtype=np.float32).reshape(1, 999))
    result = s.execute("g = gpuArray(a);\nclear g\nh = gpuArray(x);\ny = sqrt(h) + 1;\nyy = gather(y);")
    assert result.error is None, result.error
    reports = s.fusion.reports()
    assert devices(s)[-1] == "GPU" and any(w.plan and w.plan.checked for w in reports), reports
    np.testing.assert_array_equal(s.get("yy"), np.sqrt(np.arange(1, 1000, dtype=np.float32)).reshape(1, 999) + 1)
