"""Kernel pieces without a running kernel: cell splitting, completion, history, HTML tables, install."""
import json

import numpy as np
import pytest

from engine.runtime.values import CellArray, CharArray, StructArray
from kernel.completion import complete
from kernel.history import History
from kernel.html import html_table
from kernel.install import install
from kernel.magics import split_cell


class Names:
    def __init__(self, variables):
        self._variables = variables

    def variables(self):
        return self._variables

    def functions(self):
        return ["plot", "plus", "disp", "myfunc"]


@pytest.mark.parametrize("code, magics, rest", [
    ("%time x = 1\ny = 2", [("time", "line", "x = 1")], "y = 2"),
    ("%plot svg\n\n%who\nz", [("plot", "line", "svg"), ("who", "line", "")], "z"),
    ("% time is a comment\nx", [], "% time is a comment\nx"),
    ("%nosuchmagic\nx", [], "%nosuchmagic\nx"),
    ("%matplotlib inline\n%plot svg\nplot(1)", [("plot", "line", "svg")], "plot(1)"),
    ("x = 1\n%time y", [], "x = 1\n%time y"),
    ("%%time\na = 1;\nb = 2;", [("time", "cell", "")], ""),
    ("%%file f.m\nfunction f\nend", [("file", "cell", "f.m")], ""),
])
def test_split_cell(code, magics, rest):
    calls, remaining = split_cell(code)
    assert [(c.magic.name, c.magic.kind, c.args) for c in calls] == magics
    assert remaining == rest


def test_cell_magic_body_is_the_rest_of_the_cell():
    (call,), _ = split_cell("%%file f.m\nfunction f\nend")
    assert call.body == "function f\nend"


def _struct(**fields):
    return StructArray.scalar(fields)


@pytest.mark.parametrize("code, matches, start", [
    ("pl", ["plot", "plus"], 0),
    ("y = my", ["myvar", "myfunc"], 4),
    ("s.a", ["abc", "alpha"], 2),
    ("s.inner.", ["deep"], 8),
    ("s.nope.", [], 7),
    ("fo", ["for"], 0),
    ("%wh", ["%who", "%whos"], 0),
    ("%%ti", ["%%time"], 0),
    ("x = 1\n%wh", [], 9),
    ("x = a'", [], 6),
])
def test_completion(code, matches, start):
    variables = {"myvar": 1.0, "s": _struct(abc=1.0, alpha=2.0, inner=_struct(deep=3.0))}
    found = complete(code, len(code), Names(variables))
    assert (found.matches, found.start, found.end) == (matches, start, len(code))


def test_file_name_completion_inside_quotes(tmp_path, monkeypatch):
    (tmp_path / "data.csv").write_text("1")
    (tmp_path / "dir").mkdir()
    monkeypatch.chdir(tmp_path)
    found = complete("load('da", 8, Names({}))
    assert (found.matches, found.start) == (["data.csv"], 6)
    found = complete('x = "d', 6, Names({}))
    assert found.matches == ["data.csv", "dir/"]


def test_history_tail_range_and_search():
    h = History()
    for line, code in enumerate(["a = 1", "b = 2", "a = 1", "plot(a)"], start=1):
        h.add(line, code)
    assert h.tail(2) == [(1, 3, "a = 1"), (1, 4, "plot(a)")]
    assert h.range(0, 2, 4) == [(1, 2, "b = 2"), (1, 3, "a = 1")]
    assert h.search("a = *") == [(1, 1, "a = 1"), (1, 3, "a = 1")]
    assert h.search("a = 1", unique=True) == [(1, 3, "a = 1")]
    assert h.search("plot") == [(1, 4, "plot(a)")]


def test_html_table_small_arrays_cells_and_no_table_for_scalars():
    table = html_table(np.array([[1.0, 2.5], [-3.0, np.nan]]))
    assert "<caption>2×2 double</caption>" in table
    assert [c.split("<")[0] for c in table.split("<td>")[1:]] == ["1", "2.5", "-3", "NaN"]
    cells = np.empty((1, 2), dtype=object)
    cells[0, 0], cells[0, 1] = CharArray.from_str("ab"), np.eye(3)
    table = html_table(CellArray(cells))
    assert "<td>&#x27;ab&#x27;</td><td>3×3 double</td>" in table
    assert html_table(5.0) is None and html_table(CharArray.from_str("text")) is None
    assert "<td>1</td><td>0</td>" in html_table(np.array([[True, False]]))


def test_html_table_of_a_big_array_is_its_head_with_a_note():
    table = html_table(np.zeros((1000, 1000)))
    assert "1000×1000 double (showing 20×50)" in table
    assert table.count("<td>") == 20 * 50 and len(table) < 50_000


def test_html_table_clips_long_text_in_cells():
    cells = np.empty((1, 2), dtype=object)
    cells[0, 0], cells[0, 1] = CharArray.from_str("ab" * 500_000), CharArray.from_str("😀" * 100)
    table = html_table(CellArray(cells))
    assert len(table) < 2_000 and table.count("…") == 2 and "😀" * 59 + "…" in table


def test_install_writes_kernelspec_with_this_python(tmp_path):
    import sys
    dest = install(prefix=str(tmp_path), name="matfuse-test", display_name="MATLAB test")
    spec = json.loads((tmp_path / "share/jupyter/kernels/matfuse-test/kernel.json").read_text())
    assert dest.endswith("matfuse-test")
    assert spec["argv"] == [sys.executable, "-P", "-m", "kernel", "-f", "{connection_file}"]
    assert (spec["display_name"], spec["language"], spec["interrupt_mode"]) == ("MATLAB test", "matlab", "signal")
    for logo in ("logo-32x32.png", "logo-64x64.png", "logo-svg.svg"):
        assert (tmp_path / "share/jupyter/kernels/matfuse-test" / logo).stat().st_size > 0


def test_install_command_line(tmp_path):
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "kernel", "install", "--prefix", str(tmp_path)],
                         capture_output=True, text=True, check=True)
    assert out.stdout.startswith("Installed kernelspec matfuse in ")
    assert (tmp_path / "share/jupyter/kernels/matfuse/kernel.json").is_file()
