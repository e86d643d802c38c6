"""Every notebook in notebooks/ runs headless through nbclient; papermill runs the tour with a parameter."""
import shutil
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted(p for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
                   if p.stem != "fusion")        # test_fusion_notebook.py runs and checks that one


def outputs(nb, kind):
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs if o.output_type == kind]


def all_text(nb) -> str:
    """The printed text and the text/plain results of every code cell, joined."""
    return "".join(o.get("text", "") + o.get("data", {}).get("text/plain", "")
                   for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_executes_headless(path, tmp_path, kernelspec):
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="matfuse", timeout=120,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    assert outputs(nb, "error") == []
    assert all(cell.execution_count for cell in nb.cells if cell.cell_type == "code")
    if path.stem == "tour":
        images = [o for o in outputs(nb, "display_data") if "image/png" in o.data]
        assert len(images) == 4                               # one per figure of the tour
        assert "A = 6×6" in all_text(nb) and "mean 5.50, std 3.0277" in all_text(nb)
        assert "computed as single gpuArray" in all_text(nb) or "No GPU here" in all_text(nb)


def test_papermill_injects_parameters(tmp_path, kernelspec):
    import papermill
    source = next(p for p in NOTEBOOKS if p.stem == "tour")
    shutil.copy(source, tmp_path / "tour.ipynb")
    out = tmp_path / "tour-out.ipynb"
    papermill.execute_notebook(str(tmp_path / "tour.ipynb"), str(out), parameters={"n": 4},
                               kernel_name="matfuse", cwd=str(tmp_path), progress_bar=False)
    nb = nbformat.read(out, as_version=4)
    injected = next(c for c in nb.cells if "injected-parameters" in c.metadata.get("tags", []))
    assert injected.source.strip().endswith("n = 4;")
    assert "A = 4×4" in all_text(nb) and "A = 6×6" not in all_text(nb)
