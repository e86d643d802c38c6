"""The %fusion magics through a kernel (display_data with text/plain and text/html) and
notebooks/fusion.ipynb executed headless with nbclient."""
from pathlib import Path

import nbformat
from kernel_helpers import run, texts

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "fusion.ipynb"


def displayed(messages: list[dict]) -> list[dict]:
    return [m["content"]["data"] for m in messages if m["msg_type"] == "display_data"]


def policy(source: str) -> bool:
    return source.split()[1:] in (["on"], ["off"], ["auto"], ["reset"])


def test_fusion_reports_arrive_as_display_data_with_text_and_html(kernel):
    reply, messages = run(kernel, "%fusion on", timeout=60)
    assert reply["status"] == "ok" and "fusion policy: gpu" in texts(messages) and not displayed(messages)
    reply, messages = run(kernel, "%%fusion\nx = ones(200, 300);\ny = x .* 2 + 1;", timeout=60)
    assert reply["status"] == "ok"
    (plan,) = displayed(messages)
    assert "window 0 (lines 2): GPU" in plan["text/plain"] and "y = x .* 2 + 1;</pre>" in plan["text/html"]
    for command, marker in [("plan", "<table"), ("wgsl 0", "<span style="), ("stats", "windows offered"),
                            ("residency", "live buffers"), ("graph", "<svg"), ("explain", "Policy:"),
                            ("device", "max-buffer-size")]:
        reply, messages = run(kernel, f"%fusion {command}", timeout=60)
        (bundle,) = displayed(messages)
        assert reply["status"] == "ok" and set(bundle) == {"text/plain", "text/html"}
        assert marker in bundle["text/html"], command


def test_bad_fusion_command_is_a_matlab_error(kernel):
    reply, _ = run(kernel, "%fusion sideways")
    assert reply["status"] == "error" and reply["ename"] == "matfuse:fusion:badCommand"


def test_fusion_notebook_executes_with_html_reports(tmp_path, kernelspec):
    from nbclient import NotebookClient
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")   # stored clean
    NotebookClient(nb, kernel_name="matfuse", timeout=120,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert not [o for cell in code for o in cell.outputs if o.output_type == "error"]
    reports = {cell.source.split("\n")[0]: "".join(o.data["text/html"] for o in cell.outputs
                                                   if o.output_type == "display_data")
               for cell in code
               if cell.source.startswith(("%fusion ", "%%fusion")) and not policy(cell.source)}
    assert all(reports.values()), [k for k, v in reports.items() if not v]
    assert ">@compute</span>" in reports["%fusion wgsl 0"] and "<svg" in reports["%fusion graph"]
    assert "GPU" in reports["%%fusion"] and "the CPU ran its bytecode" in reports["%fusion explain"]
    assert "C{1}" in reports["%fusion residency"] and "S.data" in reports["%fusion residency"]
