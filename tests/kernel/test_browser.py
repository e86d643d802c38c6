"""A real browser: JupyterLab on 127.0.0.1, Debian's Chromium driven by Playwright, runs a cell that plots.

The screenshots are kept as test artifacts: out/browser/jupyterlab-plot.png (the page) and
jupyterlab-plot-image.png (the figure as the page shows it: hollow 'o' markers, tick labels 0 0.25 ... 1,
white space between the labels and the image's edge).
"""
import base64
import contextlib
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "out" / "browser"
TOKEN = "matfuse-browser-test"
CELL = ("x = 0:0.25:1;\nplot(x, x.^2, 'r-o');\ntitle('squares'); xlabel('x'); ylabel('x^2');\n"
        "fprintf('plotted %d points\\n', numel(x));")
EDGE = 16   # pixels of the 2x PNG (8 CSS px) along each edge that must stay white

playwright_api = pytest.importorskip("playwright.sync_api")
if not (os.path.exists(CHROMIUM) and shutil.which("jupyter-lab")):
    pytest.skip("needs Debian's chromium and JupyterLab", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_server(url: str, process: subprocess.Popen, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError("JupyterLab did not start")


@contextlib.contextmanager
def lab_notebook(tmp_path: Path, name: str, cell: str) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 serving a notebook ``name`` of one matfuse cell; yields its URL."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "the-cell", "metadata": {},
                           "outputs": [], "source": cell}],
                "metadata": {"kernelspec": {"name": "matfuse", "display_name": "MATLAB (matfuse)",
                                            "language": "matlab"}},
                "nbformat": 4, "nbformat_minor": 5}
    root, settings = tmp_path / "work", tmp_path / "lab-settings"
    root.mkdir()
    settings.mkdir()
    (root / name).write_text(json.dumps(notebook))
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
         "--allow-root", "--LabApp.news_url=", "--LabApp.extension_manager=readonly",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={settings}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "JUPYTER_NO_CONFIG": "1"})
    try:
        wait_for_server(f"http://127.0.0.1:{port}/api/status?token={TOKEN}", process)
        yield f"http://127.0.0.1:{port}/lab/tree/{name}?token={TOKEN}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


@contextlib.contextmanager
def notebook_in_chromium(url: str) -> Iterator["playwright_api.Page"]:
    """A headless Chromium page with the notebook at ``url`` open, its cell focused, its kernel idle."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url, timeout=60_000)
            page.locator(".jp-Cell .cm-content").first.click(timeout=60_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
            yield page
        finally:
            browser.close()


@contextlib.contextmanager
def cell_run_in_chromium(url: str) -> Iterator["playwright_api.Page"]:
    """A headless Chromium page with the notebook at ``url`` open and its cell run (Shift+Enter)."""
    with notebook_in_chromium(url) as page:
        page.keyboard.press("Shift+Enter")
        yield page


@pytest.fixture
def lab(tmp_path, kernelspec):
    with lab_notebook(tmp_path, "plot.ipynb", CELL) as url:
        yield url


def test_jupyterlab_runs_a_plot_cell_in_chromium(lab):
    with cell_run_in_chromium(lab) as page:
        image = page.locator(".jp-OutputArea-output img").first
        image.wait_for(state="visible", timeout=60_000)
        text = page.locator(".jp-OutputArea-output pre").first.inner_text(timeout=30_000)
        size = image.evaluate("img => [img.naturalWidth, img.naturalHeight, img.width, img.height]")
        source = image.get_attribute("src")
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-plot.png"))
        image.screenshot(path=str(ARTIFACTS / "jupyterlab-plot-image.png"))
    assert text.strip() == "plotted 5 points"
    assert size == [1120, 840, 560, 420]                 # a 2x PNG shown at its logical size (HiDPI)
    assert (ARTIFACTS / "jupyterlab-plot.png").stat().st_size > 10_000
    pixels = decoded_png(source)
    border = np.concatenate([pixels[:EDGE].ravel(), pixels[-EDGE:].ravel(), pixels[:, :EDGE].ravel(),
                             pixels[:, -EDGE:].ravel()])
    assert border.min() > 0.99                           # nothing drawn near the figure's edge


def decoded_png(source: str) -> "np.ndarray":
    """The RGB pixels (0..1) of a data:image/png URL."""
    import matplotlib.image
    assert source.startswith("data:image/png;base64,")
    return matplotlib.image.imread(io.BytesIO(base64.b64decode(source.split(",", 1)[1])), format="png")[..., :3]
