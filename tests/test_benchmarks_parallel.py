"""benchmarks/parallel at its small size with a pool of 2 workers: the pooled loops' results equal the
serial loop's. Timing is never asserted."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_small_run_checks_pass(tmp_path):
    out = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "parallel" / "run.py"), "--size", "small",
                           "--workers", "2", "--repeat", "1", "--out", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    assert [row["label"] for row in data["rows"]] == ["serial for", "parfor, no pool", "parfor, 2 workers"]
    assert data["failed"] == [] and all(row["best"] > 0 for row in data["rows"])
