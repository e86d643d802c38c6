"""Golden text of the fusion planner: for representative cells, each window's graph and plan and each
kernel's WGSL, made without a GPU (engine/accel/fusion/offline.py plans for an adapter with or without
shader-f64, passed in; no device is asked) and compared with tests/fusion/golden/. A change in what the
planner or the code generator makes shows in review as a diff of those files;
``MATFUSE_UPDATE_GOLDEN=1`` rewrites them (docs/testing.md)."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider
from engine.accel.fusion.codegen import kernel_library
from engine.accel.fusion.offline import OfflinePlanner
from engine.accel.shaders import outline


def grid(m: int, n: int) -> np.ndarray:
    return np.arange(1.0, m * n + 1).reshape((m, n), order="F") / (m * n)


# name -> (source, inputs, whether the adapter has shader-f64)
CELLS = {
    "chain": ("y = x .* 2;\nz = exp(y) - x;\nw = sqrt(abs(z)) + 1;", {"x": grid(64, 33)}, True),
    "chain_single": ("y = x .* 2;\nz = exp(y) - x;", {"x": grid(64, 33).astype(np.float32)}, False),
    "broadcast": ("z = (x - mu) ./ s;", {"x": grid(64, 33), "mu": grid(1, 33), "s": grid(64, 1) + 1}, True),
    "reduction": ("v = sum((x - mu).^2, 2);\n[m, i] = max(x, [], 1);",
                  {"x": grid(64, 33), "mu": grid(64, 1)}, True),
    "shared_reductions": ("a = sum(x.^2, 1);\nb = max(x, [], 1);\nc = mean(abs(x), 1);", {"x": grid(64, 33)}, True),
    "chunked_reduction": ("s = sum(x .* x);\nm = max(x);", {"x": grid(20000, 1)}, True),
    "generators": ("t = linspace(0, 1, n);\ny = sin(2 * pi * t) + zeros(1, n);\nk = (1:n) .* t;",
                   {"n": 256.0}, True),
    "views": ("r = reshape(x .* 2, 33, 64);\nc = x(:) + 1;\np = permute(x, [2 1]) - 1;", {"x": grid(64, 33)},
              True),
    # ImageNormalize's statistics: a Welford member, four pixels a step (fused_reduce.wgsl's block)
    "image_statistics_single": ("mu = mean(I, [2 3]);\nsd = std(I, 0, [2 3]);",
                                {"I": grid(4, 1200).reshape(4, 30, 40).astype(np.float32)}, False),
    "matmul_epilogue": ("c = max(a * b + bias, 0);", {"a": grid(64, 48), "b": grid(48, 32), "bias": grid(1, 32)},
                        True),
}


def planned(source: str, inputs: dict, has_f64: bool) -> OfflinePlanner:
    started = provider._state["provider"] is not None      # another test may have started the device
    s = Session(device="cpu")
    for name, value in inputs.items():
        s.set(name, value)
    planner = s.vm.accel = OfflinePlanner(has_f64)
    result = s.execute(source)
    assert result.error is None, result.error
    assert provider._state["provider"] is None or started, "planning asked for a device"
    return planner


def plan_text(source: str, planner: OfflinePlanner) -> str:
    parts = [source]
    for w in planner.windows:
        parts += [f"window {w.region}", str(w.graph), str(w.plan) if w.plan else f"not planned: {w.reason}"]
    return "\n\n".join(parts)


def wgsl_text(planner: OfflinePlanner, has_f64: bool) -> str:
    library = kernel_library(has_f64)
    kernels = [(f"window {w.region}, group {k}: {g.kind}", g.wgsl) for w in planner.windows
               for k, g in enumerate(w.plan.groups) if g.wgsl]
    kernels += [(f"window {w.region}, group {k}: the finishing pass", g.finish[0]) for w in planner.windows
                for k, g in enumerate(w.plan.groups) if g.finish]
    return "\n\n".join(f"// {title}\n{outline(wgsl, library)}" for title, wgsl in kernels)


@pytest.mark.parametrize("name", CELLS)
def test_plan_and_wgsl(name, golden):
    source, inputs, has_f64 = CELLS[name]
    planner = planned(source, inputs, has_f64)
    assert planner.windows and all(w.plan and not w.plan.reason for w in planner.windows), \
        plan_text(source, planner)
    golden(f"{name}.plan.txt", plan_text(source, planner))
    golden(f"{name}.wgsl", wgsl_text(planner, has_f64))


def test_without_shader_f64_a_double_window_is_not_planned():
    planner = planned("y = x .* 2;", {"x": grid(64, 33)}, False)
    (window,) = planner.windows
    assert window.plan.reason == "the adapter has no shader-f64: double (and max/min indices) stay on the CPU"
    assert str(window.plan).startswith("plan double: cannot run: the adapter has no shader-f64")


def test_fused_loop_plan_and_wgsl(golden):
    """A for loop whose body is one window, planned as one kernel with the loop inside (loops.py): the
    state in a register, the invariant exp hoisted, the draw's position moving per iteration."""
    source = "S = x;\nfor t = 1:T\n  S = S .* exp(a + b .* x) + 0.1 .* t .* randn(64, 1);\nend"
    planner = planned(source, {"x": grid(64, 1), "T": 5.0, "a": 0.01, "b": 0.02}, True)
    (loop,) = planner.loops
    assert loop.plan is not None and not loop.plan.reason, loop.plan
    golden("loop.plan.txt", "\n\n".join([source, str(loop.graph), str(loop.plan)]))
    golden("loop.wgsl", outline(loop.plan.groups[0].wgsl, kernel_library(True)))
