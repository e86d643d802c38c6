"""parpool, parfor and parfeval on a Dask LocalCluster of 2 worker processes (one cluster for this module,
started by parpool(2) and shut down by delete(gcp)): results equal the serial loop's."""
import gc
import threading
import time

import numpy as np
import pytest

from engine import Session

pytest.importorskip("distributed")

LOOPS = [
    "r = (1:20).^2; s = 0; p = 1; c = []; m = Inf;\n"
    "parfor i = 1:20, t = r(i) + 1; b(i) = t * 2; s = s + t; p = p * (1 + 1/i); c = [c; i]; m = min(m, r(i) - 10); end",
    "A = magic(6); k = 1; parfor j = 1:5, B(j+k, :) = A(j, :) .* j; end",
    "C = {}; parfor i = 1:7, C{i} = repmat('a', 1, i); end",
    "x = zeros(3, 9); parfor i = 1:9, if mod(i, 3), x(:, i) = (1:3)' * i; end, end",
    "u = []; parfor i = 1:6, u = union(u, mod(i, 4)); end",
    "f = @(x) x.^2 + 1; parfor i = 1:6, v(i) = f(i); end",
]
NAMES = ["b", "s", "p", "c", "m", "B", "C", "x", "u", "v"]


@pytest.fixture(scope="module")
def pooled():
    """A session with a pool of 2 local worker processes."""
    s = Session(device="cpu")
    r = s.execute("pool = parpool(2);")
    assert r.error is None, r.error.report()
    assert "Connected to the parallel pool (number of workers: 2)." in r.stdout
    yield s
    r = s.execute("delete(gcp); q = gcp('nocreate');")
    assert r.error is None and s.get("q").shape == (0, 0)


def serial_and_parallel(pooled, code):
    serial = Session(device="cpu")
    expected = serial.execute(code)
    got = pooled.execute("clear\n" + code)
    return serial, expected, got


@pytest.mark.parametrize("code", LOOPS)
def test_parfor_on_the_pool_equals_the_serial_loop(pooled, code):
    serial, expected, got = serial_and_parallel(pooled, code)
    assert expected.error is None and got.error is None, (got.error and got.error.report())
    for name in NAMES:
        if name in serial.workspace:
            a, b = serial.get(name), pooled.get(name)
            if isinstance(a, np.ndarray) and a.dtype == object:
                assert a.tolist() == b.tolist(), name
            else:
                np.testing.assert_allclose(b, a, rtol=1e-12, err_msg=name)
    assert pooled.fusion is not None and pooled.state.extras["parallel_pool"].last_loop is not None


def test_pool_properties_and_a_second_parpool(pooled):
    r = pooled.execute("g = gcp; n = g.NumWorkers; c = class(g);")
    assert r.error is None
    assert pooled.get("n")[0, 0] == 2.0
    assert pooled.get("c") == "parallel.ProcessPool"
    assert pooled.execute("parpool(2)").error.identifier == "parallel:convenience:ConnectionOpen"


def test_error_in_an_iteration_comes_back_with_its_line(pooled):
    r = pooled.execute("parfor i = 1:8\n  y = i + 1;\n  if i == 6, error('my:id', 'bad %d', i); end\n  z(i) = y;\nend")
    assert (r.error.identifier, r.error.message, r.error.stack[0].line) == ("my:id", "bad 6", 3)


def test_output_of_iterations_in_order_and_worker_limit(pooled):
    r = pooled.execute("parfor (i = 1:6, 1), fprintf('%d ', i); end")
    assert r.error is None and r.stdout == "1 2 3 4 5 6 "
    report = pooled.state.extras["parallel_pool"].last_loop
    assert len({worker for _, _, worker in report.chunks}) == 1
    assert sum(n for _, n, _ in report.chunks) == 6


def test_functions_on_the_path_and_of_the_cell_reach_the_workers(pooled, tmp_path):
    (tmp_path / "triple.m").write_text("function y = triple(x)\n  y = 3 * x;\nend\n")
    code = (f"addpath('{tmp_path}');\nparfor i = 1:4, w(i) = triple(i) + plus1(i); end\n"
            "function y = plus1(x)\n  y = x + 1;\nend\n")
    r = pooled.execute(code)
    assert r.error is None, r.error.report()
    np.testing.assert_array_equal(pooled.get("w"), [[5.0, 9.0, 13.0, 17.0]])
    pooled.execute(f"rmpath('{tmp_path}');")


def test_interrupt_cancels_the_loop(pooled):
    timer = threading.Timer(1.0, pooled.interrupt)
    timer.start()
    started = time.perf_counter()
    r = pooled.execute("parfor i = 1:40, pause(0.5); end")
    assert r.error.identifier == "MATLAB:interrupt"
    assert time.perf_counter() - started < 8.0
    assert pooled.execute("parfor i = 1:2, q(i) = i; end").error is None


def test_a_dead_workers_chunk_runs_again(pooled):
    import os
    client = pooled.state.extras["parallel_pool"].client
    victim = sorted(client.scheduler_info()["workers"])[0]

    async def die():            # run in the worker's event loop, while its thread runs a chunk
        os._exit(1)

    killed = []

    def kill():
        killed.append(time.perf_counter())
        client.run(die, workers=[victim], wait=False)
    killer = threading.Timer(1.5, kill)
    killer.start()
    r = pooled.execute("parfor i = 1:12, pause(0.5); d(i) = i^2; end")     # 3 s on 2 workers
    ended = time.perf_counter()
    killer.join()
    assert killed and killed[0] < ended                                   # the worker died mid-loop
    assert r.error is None, r.error.report()
    np.testing.assert_array_equal(pooled.get("d"), np.arange(1.0, 13.0).reshape(1, 12) ** 2)
    deadline = time.time() + 60
    while len(client.scheduler_info()["workers"]) < 2 and time.time() < deadline:
        time.sleep(0.2)
    assert victim not in client.scheduler_info()["workers"]      # the nanny started a new worker


def test_attaching_to_the_scheduler_and_closing_with_the_session(pooled):
    address = pooled.state.extras["parallel_pool"].client.scheduler.address
    other = Session(device="cpu")
    r = other.execute(f"p = parpool('dask://{address.split('://')[1]}'); c = class(p); s = 0;\n"
                      "parfor i = 1:10, s = s + i; end")
    assert r.error is None, r.error.report()
    assert other.get("c") == "parallel.ClusterPool" and other.get("s")[0, 0] == 55.0
    client = other.state.extras["parallel_pool"].client
    del other, r
    gc.collect()
    assert client.status == "closed"
    assert pooled.execute("s = 0; parfor i = 1:3, s = s + i; end").error is None    # the cluster stays


def test_parfeval_fetch_outputs_and_fetch_next(pooled):
    r = pooled.execute("f = parfeval(@magic, 1, 4); M = fetchOutputs(f); c = class(f);\n"
                       "for k = 1:4, F(k) = parfeval(@(x) x^2, 1, k); end\nR = fetchOutputs(F);\n"
                       "for k = 1:4, G(k) = parfeval(@(x) [x, -x], 1, k); end\nseen = zeros(1, 4);\n"
                       "for k = 1:4, [idx, v] = fetchNext(G); seen(idx) = v(2); end\n"
                       "[a, b] = fetchOutputs(parfeval(@size, 2, ones(3, 4)));")
    assert r.error is None, r.error.report()
    np.testing.assert_array_equal(pooled.get("M"), [[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])
    assert pooled.get("c") == "parallel.FevalFuture"
    np.testing.assert_array_equal(pooled.get("R"), [[1.0], [4.0], [9.0], [16.0]])
    np.testing.assert_array_equal(pooled.get("seen"), [[-1.0, -2.0, -3.0, -4.0]])
    assert (pooled.get("a")[0, 0], pooled.get("b")[0, 0]) == (3.0, 4.0)
    r = pooled.execute("fetchNext(G)")
    assert r.error.identifier == "parallel:fevalqueue:NoUnreadFutures"


def test_after_each_after_all_and_output_of_the_call(pooled):
    r = pooled.execute("clear F\nfor k = 1:3, F(k) = parfeval(@(x) x^2, 1, k); end\n"
                       "G = afterEach(F, @(v) v + 1, 1); H = afterAll(F, @sum, 1);\n"
                       "g = fetchOutputs(G); h = fetchOutputs(H);\n"
                       "f = parfeval(@(x) fprintf('hello %d\\n', x), 0, 5); wait(f);")
    assert r.error is None, r.error.report()
    assert sorted(pooled.get("g").ravel().tolist()) == [2.0, 5.0, 10.0] and pooled.get("h")[0, 0] == 14.0
    assert r.stdout == "hello 5\n"


def test_errors_cancel_and_wait_timeout(pooled):
    r = pooled.execute("f = parfeval(@() error('a:b', 'worker failed'), 0); wait(f); fetchOutputs(f)")
    assert r.error.identifier == "parallel:future:ExecutionErrors" and "worker failed" in r.error.message
    started = time.perf_counter()
    r = pooled.execute("f = parfeval(@pause, 0, 30); ok = wait(f, 'finished', 0.3); cancel(f); fetchOutputs(f)")
    assert r.error.identifier == "parallel:future:ExecutionErrors" and "cancelled" in r.error.message
    assert not pooled.get("ok")[0, 0]
    r = pooled.execute("x = fetchOutputs(parfeval(@() spmdIndex + spmdSize, 1));")      # the workers are free
    assert r.error is None and pooled.get("x")[0, 0] == 2.0
    assert time.perf_counter() - started < 10.0


def test_parallel_report_and_progress(pooled):
    from engine.parallel.report import parallel_report, progress_bundle, reduction_tree_text
    seen = []
    pooled.state.extras["parfor_progress"] = lambda done, total: seen.append((done, total))
    try:
        assert pooled.execute("s = 0; parfor i = 1:20, s = s + i; end").error is None
    finally:
        del pooled.state.extras["parfor_progress"]
    assert seen[0] == (0, 20) and seen[-1] == (20, 20)
    bundle = parallel_report(pooled.state)
    assert "Pool: 2 workers, local Dask cluster" in bundle["text/plain"]
    assert "20 iterations in 4 chunks" in bundle["text/plain"] and "reduction  +" in bundle["text/plain"]
    assert "<svg" in bundle["text/html"] and "<table>" in bundle["text/html"]
    assert reduction_tree_text(5) == "((1+2)+(3+4))+5"
    assert progress_bundle(3, 8)["text/plain"] == "parfor: 3/8 iterations"
    assert "No parallel pool" in parallel_report(Session(device="cpu").state)["text/plain"]
