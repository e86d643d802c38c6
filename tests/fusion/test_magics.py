"""%fusion and %%fusion against a Session, through the magic registry the kernel uses."""
import numpy as np
import pytest

from engine import Session
from kernel.magics import find, split_cell
from engine.runtime.errors import MatlabError


class Host:
    def __init__(self, device: str = "gpu"):
        self.session = Session(device=device)
        self.session.set("x", np.ones((40, 30)))
        self.out = []

    def write(self, text: str) -> None:
        self.out.append(text)

    def run(self, code: str) -> bool:
        return self.session.execute(code).error is None

    def cell(self, code: str) -> str:
        calls, rest = split_cell(code)
        for call in calls:
            call.magic.fn(self, call.args, call.body)
        if rest:
            assert self.run(rest)
        return "".join(self.out)


def test_cell_magic_runs_the_cell_then_shows_its_plan(gpu):
    host = Host()
    text = host.cell("%%fusion\ny = x .* 2;\nz = y + 1;")
    assert "window 0 (lines 1, 2): GPU" in text and "outputs: y double 40x30, z double 40x30" in text
    assert host.session.get("z")[0, 0] == 3.0


def test_line_magics_show_plan_wgsl_and_stats_and_set_the_policy(gpu):
    host = Host(device="auto")
    assert "under the auto threshold" in host.cell("y = x + 1;\n") + host.cell("%fusion plan")
    assert "fusion policy: gpu" in host.cell("%fusion on\ny = x + 1;")
    assert "@compute" in host.cell("%fusion wgsl 0")
    stats = host.cell("%fusion stats")
    assert "windows fused: 1" in stats and "pipeline cache:" in stats
    host.cell("%fusion off\ny = x + 2;")
    assert host.session.fusion.reports() == []
    assert "cleared" in host.cell("%fusion reset") and host.session.fusion.stats.windows_fused == 0


def test_unknown_commands_are_matlab_errors():
    with pytest.raises(MatlabError, match="Unknown %fusion command"):
        Host(device="cpu").cell("%fusion bogus")
    assert find("%fusion").usage.startswith("%fusion plan")
