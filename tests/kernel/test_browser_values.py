"""A real browser shows values as MATLAB does: JupyterLab on 127.0.0.1, Debian's Chromium driven by
Playwright (the setup of test_browser.py) runs a cell with several results. Several results of one cell
stay apart (each with its name), format long and the common scale factor show as in MATLAB, and a large
array is a scrollable grid stating its full size. The screenshot is kept as a test artifact in
out/browser/jupyterlab-values.png."""
import pytest
from test_browser import ARTIFACTS, cell_run_in_chromium, lab_notebook

CELL = ("format long\nv = [pi exp(1) 1e-5]\nformat short\nw = [1 2.5 1000.5]\n"
        "s = struct('name', 'matfuse', 'size', [2 3])\nc = {1, 'two', [3 4]}\nA = reshape(1:6000, 60, 100) / 7")


@pytest.fixture
def values_notebook(tmp_path, kernelspec):
    with lab_notebook(tmp_path, "values.ipynb", CELL) as url:
        yield url


def test_jupyterlab_shows_values_as_matlab_does(values_notebook):
    with cell_run_in_chromium(values_notebook) as page:
        grid = page.locator(".matfuse-grid").first
        grid.wait_for(state="visible", timeout=60_000)
        shown = page.locator(".jp-OutputArea-output .matfuse-value")
        texts = [shown.nth(k).inner_text() for k in range(shown.count())]
        scrolls = grid.evaluate("g => [g.scrollHeight > g.clientHeight, g.scrollWidth > g.clientWidth]")
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-values.png"), full_page=True)
    assert [t.split("\n")[0] for t in texts] == ["v = 1×3", "w = 1×3", "s = struct with fields:",
                                                  "c = 1×3 cell array", "A = 60×100"]
    assert "3.141592653589793   2.718281828459045   0.000010000000000" in texts[0]
    assert "1.0e+03 *" in texts[1] and "0.0010    0.0025    1.0005" in texts[1]
    assert "60×100 double: showing columns 1–30 of 100" in texts[4]
    assert scrolls == [True, True]
