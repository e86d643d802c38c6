"""The auto policy: calibration (measured, cached per adapter) and per-window decisions from its costs."""
import json
import time

import numpy as np
import pytest

from engine import Session
from engine.accel.fusion import calibrate, report
from engine.accel.fusion.calibrate import CostModel
from fusion_helpers import synthetic

CHAIN = "y = exp(a .* x) + x;"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(calibrate, "_models", {})
    return tmp_path


def counting(monkeypatch) -> list:
    """Replace the measurement by a synthetic model; the list counts the calibrations."""
    calls = []
    monkeypatch.setattr(calibrate, "calibrate", lambda provider: calls.append(1) or synthetic())
    return calls


def test_calibration_measures_and_writes_the_cache(gpu, cache):
    model = calibrate.cost_model(gpu)
    assert set(model.cpu) == set(model.gpu) == set(calibrate.KINDS)
    lines = [*model.cpu.values(), *model.gpu.values(), model.upload, model.download]
    assert all(line.fixed >= 0 and line.per >= 0 for line in lines)
    # a fast GPU's time may not grow over the calibration sizes (per 0); the CPU's always does
    assert model.cpu["elementwise"].per > 0 and model.cpu["matmul"].per > 0
    assert 0 < model.seconds < 30
    stored = json.loads(calibrate.cache_file(gpu).read_text())
    assert stored["version"] == calibrate.VERSION and stored["adapter"] == gpu.info.name
    assert [r[0] for r in model.rows()][-2:] == ["upload (per byte)", "download (per byte)"]


def test_the_cache_key_changes_with_the_accelerators_sources(gpu, monkeypatch):
    key = calibrate.adapter_key(gpu)
    assert calibrate.adapter_key(gpu) == key and len(calibrate.sources_hash()) == 64
    monkeypatch.setattr(calibrate, "sources_hash", lambda: "an edited kernel")
    assert calibrate.adapter_key(gpu) != key


def test_cpu_timings_are_the_best_run_after_a_warm_one():
    """A CPU measurement is the best of its runs after an untimed one: runs slowed by a BLAS waking its
    threads, or by other work on the cores, do not make the line (a median of three kept them)."""
    slow = iter([0.02, 0.02, 0.02])

    def run() -> None:
        time.sleep(next(slow, 0.0))
    assert calibrate.timed(run) < 0.01


def test_cache_is_read_back_without_measuring(gpu, cache, monkeypatch):
    calibrate.save(calibrate.cache_file(gpu), synthetic(gpu_fixed=0.5))
    calls = counting(monkeypatch)
    assert calibrate.cost_model(gpu).gpu["reduction"].fixed == 0.5
    assert calls == []
    monkeypatch.setattr(calibrate, "_models", {})
    monkeypatch.setenv("MATFUSE_CALIBRATE", "1")       # forced: measured again and rewritten
    assert calibrate.cost_model(gpu).gpu["reduction"].fixed == 1e-4
    assert calls == [1]
    assert json.loads(calibrate.cache_file(gpu).read_text())["gpu"]["reduction"]["fixed"] == 1e-4


@pytest.mark.parametrize("content", ["{not json", f'{{"version": {calibrate.VERSION}}}', '{"version": 999}', "[]"])
def test_corrupt_cache_is_measured_again(gpu, cache, monkeypatch, content):
    calibrate.cache_file(gpu).write_text(content)
    calls = counting(monkeypatch)
    assert calibrate.cost_model(gpu).adapter == "synthetic"
    assert calls == [1]
    assert calibrate.load(calibrate.cache_file(gpu)) is not None      # replaced by a good one


def test_unwritable_cache_is_no_error(gpu, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(blocker / "sub"))      # a folder inside a file
    monkeypatch.setattr(calibrate, "_models", {})
    calls = counting(monkeypatch)
    assert calibrate.cost_model(gpu).adapter == "synthetic" and calls == [1]


def test_cache_folder_defaults(monkeypatch, tmp_path):
    monkeypatch.delenv("MATFUSE_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert calibrate.cache_dir() == tmp_path / "matfuse"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert calibrate.cache_dir().parts[-2:] == (".cache", "matfuse")


def auto_session(model: CostModel, n: int) -> Session:
    s = Session(device="auto")
    s.fusion.costs = model
    s.set("x", np.linspace(0, 1, n).reshape(n, 1))
    s.set("a", 0.5)
    return s


def decide(s: Session, code: str = CHAIN):
    result = s.execute(code)
    assert result.error is None, result.error
    (report,) = s.fusion.reports()
    return report


def test_small_window_stays_on_the_cpu_and_large_one_goes_to_the_gpu(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    small = decide(auto_session(synthetic(), 5000))
    assert small.device == "CPU" and "cost model" in small.reason
    assert small.estimate["gpu"] > small.estimate["cpu"]
    large = decide(auto_session(synthetic(), 400_000))
    assert large.device == "GPU" and large.estimate["gpu"] < large.estimate["cpu"]
    assert large.elapsed > 0
    # the CPU side: three operations (times, exp, plus) of 1e-6 s + 1e-9 s per element
    assert large.estimate["cpu"] == pytest.approx(3 * (1e-6 + 1e-9 * 400_000))


def test_tiny_windows_never_start_the_device(gpu64):
    report = decide(auto_session(synthetic(), 10))
    assert report.device == "CPU" and "MATFUSE_FUSION_MIN_ELEMENTS" in report.reason
    assert report.estimate == {}


def test_small_draws_and_generators_do_not_start_the_device(gpu):
    """Under auto a window that makes its arrays (a range, rand, linspace) is sized before the device
    starts: a small one stays on the CPU without starting wgpu (a second of a first cell on the H100
    machine's host), a large one starts it. A fresh process: this one's device is already up."""
    import os
    import subprocess
    import sys
    probe = ("from engine import Session; from engine.accel.provider import current_provider\n"
             "s = Session(device='auto')\n"
             "for c in ['z = 0:10;', 'w = sin(0:0.1:1);', 'r = rand(3);', 'q = linspace(0, 1, 5);', "
             "'n = 8; e = (1:n).^2;', 'b = sin(0:1e-6:1);']:\n"
             "    r = s.execute(c); assert r.error is None, r.error\n"
             "    print(current_provider() is not None)\n"
             "print(s.execute('fprintf(\"%.15g %.15g\\\\n\", sum(w), sum(b))').stdout)")
    root = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root, check=True).stdout
    words = out.split()
    assert words[:6] == ["False"] * 5 + ["True"]
    np.testing.assert_allclose([float(x) for x in words[6:]],
                               [np.sin(np.arange(11) * 0.1).sum(), np.sin(np.arange(1_000_001) * 1e-6).sum()],
                               rtol=1e-12)


def test_resident_inputs_count_a_download_on_the_cpu_side(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    monkeypatch.setenv("MATFUSE_FUSE_LOOPS", "0")         # a window per iteration
    # a GPU that only wins when the data is already there: downloads are expensive
    s = auto_session(synthetic(gpu_fixed=2e-5, download=1e-6), 20000)
    s.fusion.costs = synthetic(gpu_fixed=2e-5, download=1e-6)
    result = s.execute("y = x .* a;\nfor k = 1:3, y = exp(y .* a) + x; end")
    assert result.error is None
    first, loop = s.fusion.reports()
    assert loop.device == "GPU" and loop.runs == 3
    assert loop.estimate["cpu"] > 20000 * 8 * 1e-6       # it would have to download y first
    cpu = Session(device="cpu")
    cpu.set("x", s.get("x"))
    cpu.set("a", 0.5)
    cpu.execute("y = x .* a;\nfor k = 1:3, y = exp(y .* a) + x; end")
    np.testing.assert_allclose(s.get("y"), cpu.get("y"), rtol=1e-14)


def test_overrides_win_over_the_cost_model(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    never = synthetic(gpu_fixed=10.0)                   # the model alone would never offload
    s = auto_session(never, 5000)
    s.fusion.mode = "gpu"
    assert decide(s).device == "GPU"
    monkeypatch.setenv("MATFUSE_ACCEL", "gpu")
    assert decide(auto_session(never, 5000)).device == "GPU"
    monkeypatch.setenv("MATFUSE_ACCEL", "auto")
    assert decide(auto_session(never, 5000)).device == "CPU"
    s = auto_session(synthetic(), 400_000)
    s.fusion.mode = "cpu"
    assert s.execute(CHAIN).error is None         # off the GPU: a host kernel (host.py) runs it
    assert [w.device for w in s.fusion.reports()] == ["CPU kernel"]


def test_gpuarray_inputs_run_on_the_gpu_under_auto(gpu64, monkeypatch):
    s = auto_session(synthetic(gpu_fixed=10.0), 100)
    report = decide(s, "g = gpuArray(x);\ny = exp(a .* g) + g;")
    assert report.device == "GPU" and report.estimate == {}
    assert s.execute("c = class(y);").error is None and s.get("c") == "gpuArray"


def test_debug_prints_the_decision_with_its_estimate(gpu64, monkeypatch, capsys):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    monkeypatch.setenv("MATFUSE_DEBUG_FUSION", "1")
    decide(auto_session(synthetic(), 5000))
    err = capsys.readouterr().err
    assert "fusion: window" in err and "CPU - the cost model expects the CPU to be faster" in err
    assert "(estimate: CPU " in err and " ms, GPU " in err


def test_scalar_windows_reach_the_cost_model_when_the_threshold_is_one(gpu64, monkeypatch):
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    s = auto_session(synthetic(), 10)
    report = decide(s, "b = str2double('2'); y = b - a;")     # b's size is unknown when compiling
    assert report.device == "CPU" and "cost model" in report.reason and report.estimate


def test_a_lone_operation_on_host_data_counts_bringing_its_result_back(gpu64, monkeypatch):
    """B = x' of a host array: the GPU side pays the upload and the download of its result (it would
    come back to the host); a chain over the same data keeps its results on the device."""
    monkeypatch.setenv("MATFUSE_FUSION_MIN_ELEMENTS", "1")
    lone = decide(auto_session(synthetic(), 400_000), "y = x';")
    assert lone.estimate["up"] == lone.estimate["down"] == 400_000 * 8
    chain = decide(auto_session(synthetic(), 400_000))
    assert chain.estimate["up"] == 400_000 * 8 and chain.estimate["down"] == 0
    explained = " ".join(report.explain_paragraphs([lone], "auto", "test")[1])
    assert "on the GPU (uploading 3.2 MB and downloading 3.2 MB)" in explained
