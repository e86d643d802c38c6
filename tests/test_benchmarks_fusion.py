"""benchmarks/fusion at its small size: every workload runs in matfuse (fused on the GPU and unfused on
the CPU) and in its NumPy peer (and torch where installed), and every checksum agrees. Timing is never
asserted."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.fusion.checks import agree, checksum  # noqa: E402
from benchmarks.fusion.workloads import WORKLOADS  # noqa: E402


def test_small_run_checksums_agree(gpu, tmp_path):
    out = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "fusion" / "run.py"), "--size", "small",
                           "--repeat", "1", "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    assert [(r["workload"], r["class"]) for r in data["results"]] == \
        [(w.name, cls) for w in WORKLOADS for cls in w.classes]
    for result in data["results"]:
        ran = {row["implementation"] for row in result["rows"]}
        assert {"numpy", "matfuse-cpu", "matfuse-gpu"} <= ran
        for row in result["rows"]:
            assert row["problems"] == [], (result["workload"], result["class"], row["label"])
    assert data["failed"] == []


def test_checksums_catch_a_wrong_element_and_a_wrong_size():
    import numpy as np
    x = np.linspace(-1, 1, 1000).reshape(40, 25)
    ref = checksum({"x": x})
    assert agree(ref, checksum({"x": x * (1 + 1e-12)}), 1e-8) == []
    wrong = x.copy()
    wrong[10, 3] += 1e-3
    assert agree(ref, checksum({"x": wrong}), 1e-8)
    assert agree(ref, checksum({"x": x.reshape(25, 40)}), 1e-8) == ["x: size [25, 40] instead of [40, 25]"]


def test_monte_carlo_statistics_catch_a_draw_reused_across_steps():
    import numpy as np
    from benchmarks.fusion.workloads import mc_statistics
    p = {"M": 4096, "T": 8, "a": -0.02, "b": 0.2}
    z = np.random.default_rng(1).standard_normal((4096, 8))
    fresh = {"S": np.exp((p["a"] + p["b"] * z).sum(axis=1, keepdims=True))}
    reused = {"S": np.exp(p["T"] * (p["a"] + p["b"] * z[:, :1]))}
    assert all(abs(m - e) <= tol for _, m, e, tol in mc_statistics(fresh, p))
    assert not all(abs(m - e) <= tol for _, m, e, tol in mc_statistics(reused, p))


def test_host_cost_benchmark_counts_every_window(gpu, tmp_path):
    """benchmarks/fusion/host_cost.py runs each loop case and reports a positive host cost per window,
    the same counter %fusion stats shows (never asserting a time)."""
    from benchmarks.fusion.host_cost import main
    out = tmp_path / "host.json"
    assert main(["--iterations", "20", "--repeat", "1", "--out", str(out)]) == 0
    results = json.loads(out.read_text())
    assert len(results) == 4
    for row in results.values():
        assert row["windows"] == 20 and row["host_us"] > 0 and row["hook_us"] >= row["host_us"]
