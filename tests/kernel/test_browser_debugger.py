"""JupyterLab's debugger panel on a MATLAB cell, in a real browser (the setup of test_browser.py):
switch the debugger on, click the gutter of line 3 for a breakpoint, run the cell; it stops there with
the line highlighted, the call stack naming the cell and the Variables panel listing the workspace (a
struct expanded to its fields). The screenshot of the stopped state is kept as a test artifact in
out/browser/jupyterlab-debugger.png. Continue then runs the cell to its end."""
import time

import pytest
from test_browser import ARTIFACTS, lab_notebook, notebook_in_chromium, playwright_api

CELL = "a = 21;\ns = struct('x', 1, 'name', 'lab');\nb = a * 2;\nc = b + 1;\nfprintf('c = %d\\n', c);"


@pytest.fixture
def debug_notebook(tmp_path, kernelspec):
    with lab_notebook(tmp_path, "debug.ipynb", CELL) as url:
        yield url


def wait_until(check, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not get there")
        time.sleep(0.2)


def switch_debugger_on(page) -> None:
    """Click the notebook toolbar's bug icon until the debug session has started (the panel is then titled
    with the notebook): a click that comes while JupyterLab still connects the debugger to the kernel is
    lost, which happened on a loaded machine."""
    button = page.locator(".jp-DebuggerBugButton").first
    sidebar = page.locator("#jp-debugger-sidebar")
    for _ in range(4):
        if button.get_attribute("aria-pressed") == "true":
            button.click()                                  # switched on without a session: off first
        button.click()
        try:
            wait_until(lambda: "debug.ipynb" in sidebar.inner_text().lower(), timeout=20)
            return
        except TimeoutError:
            continue
    raise TimeoutError("the debugger did not start")


def test_jupyterlab_debugger_stops_at_a_breakpoint_set_in_the_gutter(debug_notebook):
    with notebook_in_chromium(debug_notebook) as page:
        page.locator(".jp-SideBar.jp-mod-right li[data-id='jp-debugger-sidebar']").click()
        switch_debugger_on(page)
        gutter = page.locator(".jp-Cell .cm-breakpoint-gutter .cm-gutterElement")
        gutter.nth(3).click(timeout=60_000)         # line 3 (the gutter's first element is a hidden spacer)
        line = page.locator(".jp-DebuggerBreakpoint-line").first     # listed once the kernel set it
        line.wait_for(timeout=60_000)
        assert line.inner_text().strip() == "3"
        page.locator(".jp-Cell .jp-InputPrompt").first.click()
        page.keyboard.press("Shift+Enter")
        highlighted = page.locator(".jp-DebuggerEditor-highlight").first
        try:
            highlighted.wait_for(timeout=120_000)
        except playwright_api.TimeoutError:
            page.screenshot(path=str(ARTIFACTS / "jupyterlab-debugger-failed.png"))   # what it showed instead
            raise
        items = page.locator(".jp-DebuggerVariables [role='treeitem']")
        wait_until(lambda: items.count() >= 2)
        items.filter(has_text="1×1 struct").first.click()
        wait_until(lambda: "'lab'" in page.locator(".jp-DebuggerVariables").first.inner_text())
        variables = page.locator(".jp-DebuggerVariables").first.inner_text()
        stack = page.locator(".jp-DebuggerCallstack").first.inner_text()
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-debugger.png"))
        line = highlighted.inner_text()
        page.locator("[title='Continue (F9)']").first.click()
        output = page.locator(".jp-OutputArea-output pre").first
        output.wait_for(timeout=60_000)
        printed = output.inner_text()
    assert line == "b = a * 2;"
    assert variables.split() == ["a", "21", "s", "1×1", "struct", "x", "1", "name", "'lab'"]
    assert stack.split()[0] == "In[1]"
    assert printed.strip() == "c = 43"
