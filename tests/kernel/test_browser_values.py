"""A real browser shows values as MATLAB does: JupyterLab on 127.0.0.1, Debian's Chromium driven by
Playwright (the setup of test_browser.py) runs a cell with several results. Several results of one cell
stay apart (each with its name), format long and the common scale factor show as in MATLAB, and a large
array is a scrollable grid stating its full size. The screenshot is kept as a test artifact in
out/browser/jupyterlab-values.png."""
import json
import os
import subprocess
import sys

import pytest
from test_browser import ARTIFACTS, CHROMIUM, TOKEN, free_port, playwright_api, wait_for_server

CELL = ("format long\nv = [pi exp(1) 1e-5]\nformat short\nw = [1 2.5 1000.5]\n"
        "s = struct('name', 'matfuse', 'size', [2 3])\nc = {1, 'two', [3 4]}\nA = reshape(1:6000, 60, 100) / 7")


@pytest.fixture
def values_notebook(tmp_path, kernelspec):
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "values-cell", "metadata": {},
                           "outputs": [], "source": CELL}],
                "metadata": {"kernelspec": {"name": "matfuse", "display_name": "MATLAB (matfuse)",
                                            "language": "matlab"}},
                "nbformat": 4, "nbformat_minor": 5}
    root, settings = tmp_path / "work", tmp_path / "lab-settings"
    root.mkdir()
    settings.mkdir()
    (root / "values.ipynb").write_text(json.dumps(notebook))
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
        yield f"http://127.0.0.1:{port}/lab/tree/values.ipynb?token={TOKEN}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def test_jupyterlab_shows_values_as_matlab_does(values_notebook):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(values_notebook, timeout=60_000)
            page.locator(".jp-Cell .cm-content").first.click(timeout=60_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
            page.keyboard.press("Shift+Enter")
            grid = page.locator(".matfuse-grid").first
            grid.wait_for(state="visible", timeout=60_000)
            shown = page.locator(".jp-OutputArea-output .matfuse-value")
            texts = [shown.nth(k).inner_text() for k in range(shown.count())]
            scrolls = grid.evaluate("g => [g.scrollHeight > g.clientHeight, g.scrollWidth > g.clientWidth]")
            page.screenshot(path=str(ARTIFACTS / "jupyterlab-values.png"), full_page=True)
        finally:
            browser.close()
    assert [t.split("\n")[0] for t in texts] == ["v = 1×3", "w = 1×3", "s = struct with fields:",
                                                  "c = 1×3 cell array", "A = 60×100"]
    assert "3.141592653589793   2.718281828459045   0.000010000000000" in texts[0]
    assert "1.0e+03 *" in texts[1] and "0.0010    0.0025    1.0005" in texts[1]
    assert "60×100 double: showing columns 1–30 of 100" in texts[4]
    assert scrolls == [True, True]
