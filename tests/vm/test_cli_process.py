"""The matfuse command as a process: started the way its console script starts it, in a folder of the
user's files, with real stdin, stdout and stderr."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAUNCH = "import sys; from engine.cli import main; sys.exit(main())"   # the console script's body


def matfuse(args: list[str], cwd: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "NODEVICE_SELECT"}
    environ.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "-P", "-c", LAUNCH, *args], cwd=cwd, input=stdin, env=environ,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("device", ["cpu", "gpu", "auto"])
def test_runs_write_no_adapter_noise_to_stderr(tmp_path, device):
    """Mesa's device-select layer made libwayland print 'XDG_RUNTIME_DIR is invalid' four times."""
    code = "x = sum(gpuArray(1:4) .* 2)" if device == "gpu" else "x = sum((1:1e5) .* 2)"
    done = matfuse(["--device", device, "-e", code], tmp_path, XDG_RUNTIME_DIR="")
    if device == "gpu" and "noAdapter" in done.stderr:
        pytest.skip("no GPU adapter")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("x = ")
