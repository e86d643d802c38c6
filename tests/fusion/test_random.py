"""rand/randn inside fused kernels: drawn from the session's GPU stream (gpurng) at the positions the
unfused gpuArray draws would take, so fused and unfused runs give the same numbers; the Monte-Carlo
loop runs as one kernel (loop fusion), or one dispatch per iteration with S resident."""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion.report import plan_text

MC = ("S = ones(M, 1, {like}'gpuArray');\nfor t = 1:T\n  S = S .* exp(a + b .* randn(M, 1{cls}{gpu}));\nend\n"
      "r = gather(S);")


def session(mode: str | None = None, **values) -> Session:
    s = Session(device="gpu")
    s.fusion.mode = mode
    for name, value in values.items():
        s.set(name, value)
    return s


def execute(s: Session, code: str) -> Session:
    result = s.execute(code)
    assert result.error is None, result.error
    return s


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("fuse_loops", [True, False], ids=["fused loop", "window per iteration"])
def test_the_monte_carlo_loop_gives_the_numbers_of_the_unfused_draws(gpu, single, fuse_loops, monkeypatch):
    """Fused as one loop kernel (one dispatch), or (MATFUSE_FUSE_LOOPS=0) one dispatch per iteration
    with S resident and the plan built once: the numbers of the unfused gpuArray draws either way."""
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    monkeypatch.setenv("MATFUSE_FUSE_LOOPS", "1" if fuse_loops else "0")
    values = dict(M=1000.0, T=6.0, a=-0.01, b=0.2)
    cls = ", 'single'" if single else ""
    like = "'single', " if single else ""
    fused = execute(session(**values), MC.format(like=like, cls=cls, gpu=""))
    stats = fused.fusion.stats
    (window,) = fused.fusion.reports()
    runs = 1 if fuse_loops else 6
    assert window.device == "GPU" and window.runs == runs and len(window.groups) == 1
    assert (stats.dispatches, stats.plan_hits, stats.plan_misses, stats.uploads) == (runs, runs - 1, 1, 0)
    assert window.groups[0].ops[0] == "randn"
    assert window.groups[0].kind == ("FusedLoop" if fuse_loops else "ElementwiseChain")
    # the unfused loop with gpuArray draws takes the same stream positions
    unfused = execute(session("cpu", **values), MC.format(like=like, cls=cls, gpu=", 'gpuArray'"))
    r = fused.get("r")
    assert r.dtype == (np.float32 if single else np.float64) and r.shape == (1000, 1)
    np.testing.assert_allclose(r, unfused.get("r"), rtol=1e-6 if single else 1e-14)
    logs = np.log(r.astype(np.float64))
    assert abs(logs.mean() + 0.06) < 0.05 and abs(logs.std() - 0.2 * np.sqrt(6)) < 0.05


def test_a_plain_array_s_gives_the_same_answer(gpu64):
    values = dict(M=300.0, T=3.0, a=0.0, b=0.5)
    code = "S = ones(M, 1);\nfor t = 1:T\n  S = S .* exp(a + b .* randn(M, 1));\nend\nr = S;"
    fused = execute(session(**values), code)
    reference = execute(session("cpu", **values), MC.format(like="", cls="", gpu=", 'gpuArray'"))
    np.testing.assert_allclose(fused.get("r"), reference.get("r"), rtol=1e-14)


def test_draws_smaller_than_the_kernel_are_read_at_their_own_index(gpu64):
    code = ("g = zeros(300, 7, 'gpuArray');\ny = g + rand(300, 1) .* 2 + randn(1, 7);\n"
            "m = mean(g + rand(300, 1), 2);\nyy = gather(y); mm = gather(m);")
    gpu_draws = code.replace("randn(1, 7)", "randn(1, 7, 'gpuArray')").replace("rand(300, 1)",
                                                                              "rand(300, 1, 'gpuArray')")
    fused = execute(session(), code)
    assert [w.device for w in fused.fusion.reports()] == ["GPU"]
    unfused = execute(session("cpu"), gpu_draws)
    for name in ("yy", "mm"):
        # y = 2u + n cancels where n is near -2u: a hardware driver may round a draw or a sum one ulp
        # differently in the fused and the unfused kernel (the H100 did: 8.7e-18 at |y| = 4e-4), an ulp
        # of the operands, not of y, so the absolute tolerance follows the operands' scale (max |y|).
        expected = unfused.get(name)
        atol = 8 * np.finfo(np.float64).eps * np.abs(expected).max()
        np.testing.assert_allclose(fused.get(name), expected, rtol=1e-14, atol=atol)
    y = fused.get("yy")
    assert np.ptp(y - y[:, :1], axis=0).max() < 1e-12          # each row's uniform is shared by its columns
    text = plan_text(fused.fusion.reports())
    assert "ElementwiseChain, lines 2: rand times plus randn plus" in text


def test_sizes_are_part_of_the_plan_signature(gpu64):
    s = session(M=10.0)
    code = "g = ones(1, 1, 'gpuArray');\ny = randn(M, 1) + g;\nn = numel(y);"
    for m in (10.0, 20.0, 10.0):
        s.set("M", m)
        execute(s, code)
        assert s.get("n") == m
    assert s.fusion.stats.plan_misses == 2 and s.fusion.stats.plan_hits == 1


def test_fusion_off_and_draws_alone_keep_the_cpu_stream(gpu64):
    cells = ("rng(1);\nr = rand(2, 2);", "y = rand(3, 1) .* 2 + 1;")
    expected, off, fused = Session(device="cpu"), session("cpu"), session()
    for s in (expected, off, fused):
        execute(s, cells[0])
    assert expected.get("r")[0, 0] == 0.417022004702574
    np.testing.assert_array_equal(fused.get("r"), expected.get("r"))       # a stored draw is in no window
    assert fused.fusion.reports() == []
    execute(fused, "q = cumsum(rand(2, 1));")                              # a draw no fused node reads
    assert fused.fusion.reports() == []
    for s in (expected, off, fused):
        execute(s, cells[1])
    np.testing.assert_array_equal(off.get("y"), expected.get("y"))
    assert [w.device for w in fused.fusion.reports()] == ["GPU"]
    assert not np.array_equal(fused.get("y"), expected.get("y"))         # the GPU stream
    assert np.all((fused.get("y") > 1) & (fused.get("y") < 3))


def test_the_kernel_draws_inline_with_key_and_base_in_the_uniform_block(gpu64):
    s = execute(session(M=64.0), "g = ones(64, 1, 'gpuArray');\ny = g .* randn(M, 1);")
    (group,) = s.fusion.reports()[0].groups
    assert "rng_normal_f64(p.rng[0].xy, rng_pos(p.rng[0].zw, i))" in group.wgsl
    assert "rng: array<vec4<u32>, 1>" in group.wgsl and "in1" not in group.wgsl


def test_gpuarray_and_like_draws_are_not_fused_forms():
    from engine.mir.callforms import MISSING, call_form
    from engine.runtime.values import CharArray
    args = [MISSING, 1.0, CharArray.from_str("gpuArray")]
    assert "'gpuArray'" in call_form("randn", 3, 1, lambda k: args[k])
    form = call_form("rand", 3, 1, lambda k: [MISSING, MISSING, CharArray.from_str("single")][k])
    assert (form.kind, form.sizes, form.cls) == ("random", 2, "single")


RNG_CELL = ("rng(1); S = ones(20000, 1); for t = 1:4, S = S .* exp(0.01 * randn(20000, 1)); end; "
            "p = sum(S);")


def test_a_cell_that_starts_with_rng_draws_the_same_numbers_every_run(gpu64):
    s = Session(device="gpu")
    first = execute(s, RNG_CELL).get("p")
    assert any(w.device == "GPU" and w.groups[0].ops[0] == "randn" for w in s.fusion.reports())
    assert execute(s, RNG_CELL).get("p") == first
    assert execute(s, RNG_CELL.replace("rng(1)", "rng(2)")).get("p") != first
    assert execute(Session(device="gpu"), RNG_CELL).get("p") == first


def test_exact_rng_flag_draws_matlabs_host_stream(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_EXACT_RNG", "1")
    fused, cpu = execute(Session(device="gpu"), RNG_CELL), execute(Session(device="cpu"), RNG_CELL)
    np.testing.assert_allclose(fused.get("p"), cpu.get("p"), rtol=1e-12)


def test_explain_says_when_draws_came_from_the_device_stream(gpu64):
    s = Session(device="gpu")
    execute(s, RNG_CELL)
    assert "randn values came from the device stream that rng seeds" in s.fusion_report("explain")["text/plain"]
