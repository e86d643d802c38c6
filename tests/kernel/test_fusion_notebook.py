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
    assert "window 0 (lines 1, 2): GPU" in plan["text/plain"] and "y = x .* 2 + 1;</pre>" in plan["text/html"]
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


def shown(cell) -> tuple[str, str]:
    """The text/plain and text/html that a code cell displayed."""
    bundles = [o.data for o in cell.outputs if o.output_type == "display_data"]
    return "".join(b["text/plain"] for b in bundles), "".join(b["text/html"] for b in bundles)


def test_fusion_notebook_executes_with_html_reports(tmp_path, kernelspec):
    from nbclient import NotebookClient
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")   # stored clean
    NotebookClient(nb, kernel_name="matfuse", timeout=120,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert not [o for cell in code for o in cell.outputs if o.output_type == "error"]
    reports = [cell for cell in code
               if cell.source.startswith(("%fusion ", "%%fusion")) and not policy(cell.source)]
    assert all(all(shown(cell)) for cell in reports), [c.source for c in reports if not all(shown(c))]

    def report(snippet: str, after: bool = True) -> tuple[str, str]:
        """What the cell with snippet in its source showed, or (after) the code cell that follows it."""
        k = next(k for k, cell in enumerate(code) if snippet in cell.source)
        return shown(code[k + after])

    assert "GPU" in report("x = linspace", False)[0]
    assert "ElementwiseChain" in report("x = linspace", False)[0]
    assert ">@compute</span>" in report("x = linspace")[1]
    assert "outputs: m double 500x1, i double 500x1" in report("[m, i] = max")[0]
    assert "<svg" in report("%fusion graph", False)[1]
    assert "MatmulEpilogue" in report("Y = max(P*Q", False)[0] and "m64_max" in report("Y = max(P*Q")[0]
    text = report("ev = diag", False)[0]
    assert "CenteredGram" in text and "ExplainedVariance" in text
    assert "ImageNormalize" in report("imgs = rand", False)[0]
    monte_carlo = report("randn(M, 1)")[0]
    assert "dispatches: 1\n" in monte_carlo and "plan misses: 1\n" in monte_carlo     # one loop kernel
    assert "uploads: 0\n" in monte_carlo
    assert "uploads: 1\n" in report("W = W .*")[0]
    text = report("model.name")[0]
    assert "cache{1}" in text and "model.weights" in text
    text = report("w = k * 2 + 1")[0]
    assert "The cost model estimated" in text and "the CPU ran its bytecode" in text
    assert "calibration" in report("%fusion device", False)[0]
