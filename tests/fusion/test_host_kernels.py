"""Host kernels (engine/accel/fusion/host.py): windows that stay on the CPU run block by block on several
threads. Every case runs twice, as a host kernel and as the VM's bytecode (MATFUSE_CPU_FUSION=0), and
the workspaces must be bit for bit the same (class, size, NaN payloads, signed zeros), as must errors.
Blocks are made tiny (7 elements, 3 threads) so that small arrays cross many block boundaries and end
in a partial block."""
import numpy as np
import pytest

from engine import Session

rng = np.random.default_rng(12)
COL = rng.standard_normal((1000, 1)) * 3          # 142 blocks of 7 and a last one of 6
ROW = rng.standard_normal((1, 701))
MAT = rng.standard_normal((37, 29))
SPECIAL = np.array([[0.0, -0.0, np.inf, -np.inf, np.nan, 1e308, -1e-310, 5e-324, 1.0, -1.0, 0.5, 710.0,
                     -745.5, 1e-300, 3.0, -2.5]]).T


@pytest.fixture(autouse=True)
def tiny_blocks(monkeypatch):
    monkeypatch.setenv("MATFUSE_CPU_FUSION_MIN_ELEMENTS", "2")
    monkeypatch.setenv("MATFUSE_CPU_BLOCK", "7")
    monkeypatch.setenv("MATFUSE_CPU_THREADS", "3")


def session(code: str, inputs: dict, host: bool, monkeypatch, device: str = "cpu") -> tuple[Session, object]:
    monkeypatch.setenv("MATFUSE_CPU_FUSION", "1" if host else "0")
    s = Session(device=device)
    for name, value in inputs.items():
        s.set(name, value)
    return s, s.execute(code).error


def same_value(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    return type(a) is type(b) and (a == b or a != a and b != b)


def both_ways(code: str, inputs: dict, monkeypatch, names: str | list, error: str = "") -> Session:
    """Run ``code`` as a host kernel and as bytecode; the named variables (or the error, whose identifier
    is ``error``) must agree."""
    fused, err = session(code, inputs, True, monkeypatch)
    plain, plain_err = session(code, inputs, False, monkeypatch)
    assert (err is None) == (plain_err is None) == (not error), (err, plain_err)
    if err is not None:
        assert err.identifier == error
        assert (err.identifier, err.message) == (plain_err.identifier, plain_err.message)
        return fused
    for name in names:
        assert same_value(fused.get(name), plain.get(name)), name
    return fused


def kinds(s: Session) -> list[str]:
    return [w.device for w in s.fusion.reports()]


CASES = {
    "chain": ("u = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);",
              {"x": COL}, "uvwr"),
    "arith": ("a = (x + 1) ./ (x - 2) * 3 - 1 / 7; b = a .^ 2 - abs(x) .* 0.1 + sqrt(abs(x)); c = 2 \\ b;",
              {"x": COL}, "abc"),
    "row": ("y = atan(x) + floor(x * 10) / 10 - round(x) + fix(x) + sign(x); z = max(y, 0.25) + min(x, y);",
            {"x": ROW}, "yz"),
    "matrix": ("y = hypot(x, x + 1) - log(abs(x) + 1); z = y > 0.5 & x < 1 | ~(x == 0);",
               {"x": MAT}, "yz"),
    "c_order": ("y = x .* x + 1; z = exp(y) ./ y;", {"x": np.ascontiguousarray(MAT)}, "yz"),
    "f_order": ("y = x .* x + 1; z = exp(y) ./ y;", {"x": np.asfortranarray(MAT)}, "yz"),
    "special": ("y = x .* 2 - x ./ 0 + exp(x) - log(abs(x)); z = x == x; m = max(x, 0); n = -x;",
                {"x": SPECIAL}, "yzmn"),
    "compare": ("k = (x > 0) + (x <= 1) * 2; m = x >= 0.5 | x ~= 1; t = ~m;", {"x": COL}, "kmt"),
    "generators": ("x = linspace(-3, 3, 999)'; y = x .* 2 + sin(x); z = (1:999) .* 0.5 - cos(1:999);",
                   {}, "xyz"),
    "reductions": ("y = x - mean(x); s = sum(y .^ 2); m = max(abs(y)); z = y ./ s;", {"x": COL}, "ysmz"),
    "broadcast": ("y = c + r; z = y .* 2;", {"c": COL[:40], "r": ROW}, "yz"),
    # calls the graph expands into several nodes, the last one elementwise (std's sqrt of var, mean
    # 'omitnan''s quotient): each is a whole instruction, not an elementwise one of the batch
    "std_along_rows": ("s = std(x, 0, 2); w = x .* 2 - s;", {"x": MAT}, "sw"),
    "expanded_calls": ("s = std(x, 0, 2); t = std(x); u = std(x, 1, 1) + 1; v = var(x, 0, 2); "
                       "m = mean(x, 2, 'omitnan'); w = x .* 2 - s;", {"x": MAT}, "stuvmw"),
    "stored_twice": ("y = x + 1; y = y .* y; z = y - x;", {"x": COL}, "yz"),
    # a batch of a row-major value (r .^ c, numpy's broadcast) and a column-major one's product: the
    # product is written out column-major, as the bytecode lays it out, so sum(y, 2) adds its elements
    # in the same order (written out row-major, one row sum in four came out an ulp apart: the fuzz's
    # seed 713, run.py --sizes large --devices cpu-bytecode,cpu-host)
    "mixed_layouts": ("z = isnan(r .^ c); y = x .* 10; w = sum(y, 2);",
                      {"x": np.asfortranarray(rng.random((5, 1025))), "r": rng.random((1, 1025)),
                       "c": np.arange(1.0, 6.0).reshape(5, 1)}, "zyw"),
}


@pytest.mark.parametrize("cls", ["double", "single"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_host_kernel_matches_the_bytecode(case, cls, monkeypatch):
    code, inputs, names = CASES[case]
    with np.errstate(over="ignore"):                  # 1e308 becomes Inf in single
        inputs = {k: v.astype(np.float32) if cls == "single" else v for k, v in inputs.items()}
    if cls == "single" and not inputs:
        code = code.replace("linspace(-3, 3, 999)", "linspace(single(-3), 3, 999)")
    fused = both_ways(code, inputs, monkeypatch, names)
    assert "CPU kernel" in kinds(fused), fused.fusion.reports()


def test_blocks_after_the_first_call_the_operations_ufuncs(monkeypatch):
    """From block 1 on, steps whose Operation has a host ufunc and whose operands are of the step's float
    class call it directly (go_direct), x.^2 np.square (what power computes for a whole exponent 2); the
    others (a double array in a single step, x.^3) keep the runtime's call. The workspaces stay the
    bytecode's (both_ways)."""
    from engine.accel.fusion import host
    chosen = []

    def spy(steps):
        real(steps)
        chosen.append([step.direct for step in steps])
    real = host.go_direct
    monkeypatch.setattr(host, "go_direct", spy)
    x32 = COL.astype(np.float32)
    both_ways(CASES["chain"][0], {"x": x32}, monkeypatch, "uvwr")
    assert {np.exp, np.cos, np.sin, np.tanh, np.multiply, np.divide, np.add, np.subtract, np.negative,
            np.square} == set(chosen[0])
    chosen.clear()
    both_ways("y = x .* d + 0.5; z = -y ./ 3;", {"x": x32, "d": COL}, monkeypatch, "yz")
    assert chosen[0] == [None, np.add, np.negative, np.divide]
    chosen.clear()
    both_ways("y = x .^ 3 + 1; z = d .^ 2 + x;", {"x": x32, "d": COL}, monkeypatch, "yz")
    assert chosen[0] == [None, np.add, np.square, None]      # x.^3 by the runtime; d+x mixes classes


def test_single_stays_single(monkeypatch):
    fused = both_ways("y = x .* 0.1 + exp(x); z = y / 3;", {"x": COL.astype(np.float32)}, monkeypatch, "yz")
    assert fused.get("y").dtype == np.float32 and fused.get("z").dtype == np.float32


@pytest.mark.parametrize("cls", ["int8", "uint8", "int16", "int32", "uint16"])
def test_integer_classes_round_and_saturate(cls, monkeypatch):
    x = np.arange(-500, 500).reshape(-1, 1).astype(np.float64) * 0.75
    code = f"a = {cls}(x); b = a * 2.5 + 100; c = b ./ 3 - a; d = -c; e = c .* c;"
    fused = both_ways(code, {"x": x}, monkeypatch, "bcde")
    assert "CPU kernel" in kinds(fused)
    assert fused.get("e").dtype == np.dtype(cls)


def test_logical_results(monkeypatch):
    fused = both_ways("m = x > 0; n = m & ~(x < -1); k = m + n;", {"x": COL}, monkeypatch, "mnk")
    assert fused.get("m").dtype == bool and fused.get("k").dtype == np.float64


def test_a_complex_result_in_one_block_gives_the_window_to_the_bytecode(monkeypatch):
    x = np.abs(COL) + 1
    x[500, 0] = -4.0                        # only the block holding element 501 makes sqrt complex
    fused = both_ways("y = sqrt(x) + 1; z = log(x) .* 2; p = (x - 1) .^ 0.5;", {"x": x}, monkeypatch, "yzp")
    assert np.iscomplexobj(fused.get("y"))
    assert kinds(fused) == ["CPU"] and "complex" in fused.fusion.reports()[0].reason


def test_errors_are_the_bytecodes(monkeypatch):
    x = COL.copy()
    x[600, 0] = np.nan
    fused = both_ways("y = x .* 2; z = y & x;", {"x": x}, monkeypatch, "yz", "MATLAB:nologicalnan")
    assert kinds(fused) == ["CPU"] and "MATLAB:nologicalnan" in fused.fusion.reports()[0].reason


def test_mixed_integer_classes_error(monkeypatch):
    inputs = {"a": np.arange(100, dtype=np.int8).reshape(-1, 1), "b": np.arange(100, dtype=np.int16).reshape(-1, 1)}
    both_ways("c = a + 1; d = c + b;", inputs, monkeypatch, "cd", "MATLAB:mixedClasses")


def test_complex_inputs_stay_with_the_bytecode(monkeypatch):
    z = COL + 1j * COL
    fused = both_ways("y = z .* 2 + 1; w = exp(y);", {"z": z}, monkeypatch, "yw")
    assert kinds(fused) == []           # the cpu policy reports only windows a host kernel could run


def test_matrix_product_is_not_blocked(monkeypatch):
    fused = both_ways("y = x * x' + 1; z = y .* 2;", {"x": MAT}, monkeypatch, "yz")
    assert "CPU kernel" in kinds(fused)


def test_small_windows_stay_with_the_bytecode_without_a_report(monkeypatch):
    monkeypatch.setenv("MATFUSE_CPU_FUSION_MIN_ELEMENTS", "5000")
    fused, err = session("y = x .* 2 + 1;", {"x": COL}, True, monkeypatch)
    assert err is None and kinds(fused) == []
    fused, err = session("s = 0; for k = 1:50, s = s + k * 2; end", {}, True, monkeypatch)
    assert err is None and fused.get("s") == 2550.0 and kinds(fused) == []


def test_a_window_in_a_loop(monkeypatch):
    both_ways("y = x; for k = 1:5\n  y = y .* 0.5 + x - k;\nend", {"x": COL}, monkeypatch, "yk")


def test_explain_and_plan_say_host_kernel(monkeypatch):
    fused, _ = session("u = exp(-x.^2/2).*cos(4*x);", {"x": COL}, True, monkeypatch)
    plan = fused.fusion_report("plan")["text/plain"]
    assert "CPU kernel" in plan and "in blocks of 7 on 3 thread(s)" in plan
    explain = fused.fusion_report("explain")["text/plain"]
    assert "host kernel" in explain
    assert fused.fusion.stats.host_kernels == 1


def test_the_auto_policy_runs_declined_windows_as_host_kernels(monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", str(10 ** 9))     # the GPU never pays
    fused, err = session("u = exp(-x.^2/2).*cos(4*x);", {"x": COL}, True, monkeypatch, device="auto")
    assert err is None and kinds(fused) == ["CPU kernel"]
    report = fused.fusion.reports()[0]
    assert "under the auto threshold" in report.reason
    plain, _ = session("u = exp(-x.^2/2).*cos(4*x);", {"x": COL}, False, monkeypatch)
    assert same_value(fused.get("u"), plain.get("u"))


def test_windows_a_kernel_gives_back_in_a_loop(monkeypatch):
    """After runs that found nothing to run in blocks (a small generator window) or gave the window back
    (a complex result), the next runs skip the kernel's look for a while: the answers stay the
    bytecode's."""
    x = np.abs(COL) + 1
    x[3, 0] = -1.0
    code = "s = 0; for k = 1:40\n  z = zeros(1, 3) + k;\n  y = sqrt(x - k / 100);\n  s = s + z(2) + real(y(4));\nend"
    fused = both_ways(code, {"x": x}, monkeypatch, "szy")
    assert np.iscomplexobj(fused.get("y"))

