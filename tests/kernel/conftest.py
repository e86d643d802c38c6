"""A matfuse kernel for the protocol tests: the kernelspec installed into a temporary prefix that
JUPYTER_PATH points at, one kernel shared by the tests of a module, and a helper that runs code and
collects every iopub message of that request (kernel_helpers.py)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def kernelspec(tmp_path_factory) -> Path:
    """Install the matfuse kernelspec for this test session only."""
    from kernel.install import install
    prefix = tmp_path_factory.mktemp("jupyter-prefix")
    install(prefix=str(prefix))
    share = prefix / "share" / "jupyter"
    saved = {k: os.environ.get(k) for k in ("JUPYTER_PATH", "PYTHONPATH")}
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(share), saved["JUPYTER_PATH"]]))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), saved["PYTHONPATH"]]))
    yield share
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="module")
def kernel(kernelspec, tmp_path_factory):
    """A started kernel client (working folder: a fresh temporary folder)."""
    from jupyter_client.manager import start_new_kernel
    cwd = tmp_path_factory.mktemp("kernel-cwd")
    km, kc = start_new_kernel(kernel_name="matfuse", startup_timeout=60, cwd=str(cwd))
    kc.cwd = cwd
    kc.manager = km
    yield kc
    kc.stop_channels()
    km.shutdown_kernel(now=True)


sys.path.insert(0, str(Path(__file__).parent))
