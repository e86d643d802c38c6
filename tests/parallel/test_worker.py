"""Pieces of the worker side that run without a cluster: the adapter a worker picks, handles made portable."""
import os

from engine import Session
from engine.parallel import worker
from engine.parallel.transfer import portable, restore


def test_worker_adapter_comes_from_its_index(monkeypatch):
    # a copy of the environment: the MATFUSE_ADAPTER the worker sets must not reach later tests' GPU
    # subprocesses (monkeypatch.delenv of an absent variable records nothing to undo)
    environ = {k: v for k, v in os.environ.items() if k != "MATFUSE_ADAPTER"}
    monkeypatch.setattr(os, "environ", {**environ, "MATFUSE_WORKER_ADAPTERS": "2, 3"})
    worker.choose_adapter_for_worker()          # outside a Dask worker: worker 0
    assert os.environ["MATFUSE_ADAPTER"] == "2"


def test_anonymous_functions_travel_with_their_captured_values():
    s = Session(device="cpu")
    assert s.execute("a = 3; f = @(x) a * x + 1; c = {f, @sin};").error is None
    moved = restore(portable(s.workspace["c"]), s)
    other = Session(device="cpu")
    other.set("c", moved)
    assert other.execute("y = c{1}(2); z = c{2}(0);").error is None
    assert other.get("y")[0, 0] == 7.0 and other.get("z")[0, 0] == 0.0


def test_delete_removes_files_and_warns_for_missing_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("a1.txt", "a2.txt", "b.txt"):
        (tmp_path / name).write_text("x")
    s = Session(device="cpu")
    r = s.execute("delete('a*.txt'); delete nothere.txt")
    assert r.error is None and "Warning: File 'nothere.txt' not found." in r.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"]
    assert s.execute("q = gcp('nocreate'); delete(q)").error is None      # [] (no pool): nothing to do
