"""%fusion and %%fusion against a Session, through the magic registry the kernel uses; every report as
text/plain and text/html (Session.fusion_report). Through a kernel: tests/kernel/test_fusion_notebook.py."""
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from engine import Session
from engine.accel import provider
from engine.accel.fusion.graph_svg import GROUP_COLOURS, graph_svg
from engine.runtime.errors import MatlabError
from kernel.magics import find, split_cell

REPORTS = ("plan", "wgsl", "wgsl 0", "stats", "residency", "graph", "explain", "device")


class Host:
    """A MagicHost over a Session: printed text in ``out``, displayed bundles in ``shown``."""

    def __init__(self, device: str = "gpu"):
        self.matlab = Session(device=device)
        self.matlab.set("x", np.ones((40, 30)))
        self.out = []
        self.shown = []

    def write(self, text: str) -> None:
        self.out.append(text)

    def display(self, bundle: dict) -> None:
        self.shown.append(bundle)

    def run(self, code: str) -> bool:
        return self.matlab.execute(code).error is None

    def cell(self, code: str) -> str:
        """Run a cell; the printed text and the text/plain of what it displayed."""
        self.out, self.shown = [], []
        calls, rest = split_cell(code)
        for call in calls:
            call.magic.fn(self, call.args, call.body)
        if rest:
            assert self.run(rest)
        return "".join(self.out) + "".join(b["text/plain"] for b in self.shown)

    @property
    def html(self) -> str:
        return "".join(b["text/html"] for b in self.shown)


def test_cell_magic_runs_the_cell_then_shows_its_plan(gpu):
    host = Host()
    text = host.cell("%%fusion\ny = x .* 2;\nz = y + 1;")
    assert "window 0 (lines 1, 2): GPU" in text and "outputs: y double 40x30, z double 40x30" in text
    assert "   1 | y = x .* 2;" in text and "   2 | z = y + 1;" in text       # the source lines
    assert "<table" in host.html and "ElementwiseChain" in host.html and "z = y + 1;" in host.html
    assert host.matlab.get("z")[0, 0] == 3.0
    assert "Policy: on" in host.cell("%%fusion explain\nw = x - 1;")       # any report after the cell


@pytest.mark.parametrize("command", REPORTS)
def test_every_report_is_text_and_html(gpu, command):
    s = Session(device="gpu")
    s.set("x", np.ones((40, 30)))
    assert s.execute("m = sum(x, 1);\ny = x .* 2 + 1;\nz = mod(y, 3);").error is None
    bundle = s.fusion_report(command)
    assert set(bundle) == {"text/plain", "text/html"}
    assert bundle["text/plain"].strip() and bundle["text/html"].startswith('<div class="matfuse-fusion">')


def test_line_magics_show_reports_and_set_the_policy(gpu):
    host = Host(device="auto")
    assert "under the auto threshold" in host.cell("y = x + 1;\n") + host.cell("%fusion plan")
    assert host.cell("%fusion") == host.cell("%fusion plan")
    assert "fusion policy: gpu" in host.cell("%fusion on\ny = x + 1;")
    assert "@compute" in host.cell("%fusion wgsl 0")
    assert re.search(r'<span style="[^"]*">@compute</span>', host.html)     # highlighted
    assert re.search(r'<span style="[^"]*">\s*1</span>', host.html)          # line numbers
    with pytest.raises(MatlabError, match="has 1 fused group"):
        host.cell("%fusion wgsl 1")
    stats = host.cell("%fusion stats")
    assert "windows fused: 1" in stats and "pipeline cache:" in stats
    assert re.search(r"GPU time \(timestamp queries[^\n]*: \d", stats), stats
    assert "<th" in host.html
    host.cell("%fusion off\ny = x + 2;")
    assert host.matlab.fusion.reports() == []
    assert "set by %fusion off" in host.cell("%fusion explain")
    assert "cleared" in host.cell("%fusion reset") and host.matlab.fusion.stats.windows_fused == 0


def test_explain_gives_the_region_the_rejections_and_the_decision(gpu):
    host = Host()
    host.cell("k = int8(x);\ny = k .* 2;\nz = y + 1;")
    text = host.cell("%fusion explain")
    assert "the Session's device \"gpu\"" in text and "Window 0 covers lines 2, 3." in text
    assert "it reads k and writes y, z." in text
    assert "Decision: the CPU ran its bytecode (k is int8: the CPU computes it)." in text
    host.cell("y = x .* 2;")
    text = host.cell("%fusion explain")
    assert "Decision: it ran on the GPU 1 time(s) as 1 kernel(s) (ElementwiseChain)." in text


def test_residency_names_values_inside_cells_and_structs(gpu):
    host = Host()
    host.cell("g = gpuArray(single(x));\nc = {1, g};\ns.f = gpuArray(ones(5, 2));\ns.n = 3;\nh = 4;")
    text = host.cell("%fusion residency")
    rows = {line.split()[0]: line.split() for line in text.splitlines()[1:] if line and line[0] != " "}
    assert rows["g"][1:5] == ["gpuArray", "single", "40x30", "4800"]
    assert rows["c{2}"][1:6] == rows["g"][1:6]                            # one buffer, two names
    assert rows["s.f"][1:5] == ["gpuArray", "double", "5x2", "80"]
    assert "h" not in rows and "buffer pool:" in text and "held by workspace values: 2" in text
    assert "<td" in host.html and "c{2}" in host.html


def test_residency_and_device_never_start_a_device(monkeypatch):
    monkeypatch.setitem(provider._state, "provider", None)
    s = Session(device="cpu")
    for command in ("residency", "device"):
        bundle = s.fusion_report(command)
        assert "No GPU device in use" in bundle["text/plain"]
        assert "No GPU device in use" in bundle["text/html"]
    assert provider.current_provider() is None


def test_device_lists_the_adapter_and_fallbacks(gpu):
    text = Host().matlab.fusion_report("device")["text/plain"]
    assert f"name: {gpu.info.name}" in text and "f64: " in text and "max-buffer-size: " in text
    assert "fallbacks to the CPU:" in text


def test_graph_is_svg_with_one_colour_per_group(gpu):
    host = Host()
    host.cell("m = sum(x, 1);\ny = x .* 2 + 1;")
    (window,) = host.matlab.fusion.reports()
    assert [g.kind for g in window.groups] == ["Reduction", "ElementwiseChain"]
    svg = graph_svg(window)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    for k in range(len(window.groups)):
        assert GROUP_COLOURS[k] in svg
    assert not any(c in svg for c in GROUP_COLOURS[len(window.groups):])
    text = host.cell("%fusion graph")
    assert "group 0 (Reduction)" in text and "store y = v" in text
    assert host.html.count("<svg") == 1


def test_unknown_commands_are_matlab_errors():
    with pytest.raises(MatlabError, match="Unknown %fusion command"):
        Host(device="cpu").cell("%fusion bogus")
    with pytest.raises(MatlabError, match="takes a group number"):
        Host(device="cpu").cell("%fusion wgsl first")
    assert find("%fusion").usage.startswith("%fusion [plan|wgsl [n]|")
