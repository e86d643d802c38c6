"""Kernel pieces without a running kernel: cell splitting, completion, history, HTML tables, install."""
import json

import numpy as np
import pytest

from engine.runtime.values import CellArray, CharArray, StructArray
from kernel.completion import complete
from kernel.history import History
from engine.runtime.context import DisplayFormat
from kernel.html import html_value
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


def _html(code, name):
    from engine import Session
    from engine.runtime.display import display
    session = Session(device="cpu")
    session.execute(code)
    value, fmt = session.workspace[name], session.state.format
    return display(name, value, fmt), html_value(value, display(name, value, fmt), fmt)


def test_html_of_small_values_is_matlab_text_with_the_name_and_active_format():
    text, page = _html("format long\nv = [pi exp(1) 1e-5];", "v")
    assert "<pre>v = 1×3\n\n   3.141592653589793   2.718281828459045   0.000010000000000</pre>" in page
    text, page = _html("w = [1 2.5 1000.5];", "w")
    assert "   1.0e+03 *\n\n    0.0010    0.0025    1.0005</pre>" in page
    for code, shown in [("s.a = 1; s.b = 'x';", "s = struct with fields:\n\n    a: 1\n    b: &#x27;x&#x27;"),
                        ("k = int8([1 -2 3]);", "k = 1×3 int8 row vector\n\n    1   -2    3"),
                        ("k = true(1, 2);", "k = 1×2 logical array\n\n   1   1"),
                        ('k = ["a" "bc"];', "k = 1×2 string array\n\n    &quot;a&quot;    &quot;bc&quot;"),
                        ("k = {1, 'a'};", "k = 1×2 cell array\n\n    {[1]}    {&#x27;a&#x27;}"),
                        ("k = zeros(0, 3);", "k =\n\n  0×3 empty double matrix")]:
        text, page = _html(code, code[0])
        assert f"<pre>{shown}</pre>" in page, (code, page)


def test_html_of_a_large_array_is_its_header_and_a_bounded_grid_with_the_scale_factor():
    text, page = _html("A = reshape(1:4e6, 2000, 2000) * 1.5;", "A")
    assert "<pre>A = 2000×2000</pre>" in page
    assert "2000×2000 double: showing rows 1–100 of 2000, columns 1–30 of 2000" in page
    assert "<pre>   1.0e+06 *</pre>" in page
    assert page.count("<td>") == 100 * 30 and len(page) < 200_000
    row = [c.split("<")[0] for c in page.split("</tr>")[1].split("<td>")[1:]]
    assert row[:8] == text.split("\n")[6].split()       # the text's own format: the first row
    assert row[:3] == ["0.0000", "0.0030", "0.0060"]
    text, page = _html("B = ones(3, 50, 2);", "B")
    assert "3×50×2 double: showing columns 1–30 of 50, page (:,:,1)" in page and page.count("<td>") == 90


def test_html_grid_of_a_cell_array_clips_long_text():
    cells = np.empty((11, 11), dtype=object)
    for k in range(cells.size):
        cells.flat[k] = np.eye(3)
    cells[0, 0], cells[0, 1] = CharArray.from_str("ab" * 500_000), CharArray.from_str("😀" * 100)
    cells[0, 2] = 2.5
    page = html_value(CellArray(cells), "c = 11×11 cell array\n", DisplayFormat())
    assert "<td>3×3 double</td>" in page and "<td>2.5000</td>" in page
    assert len(page) < 12_000 and page.count("…") == 2 and "😀" * 59 + "…" in page


def test_html_of_a_table_is_a_grid_under_its_variable_names():
    text, page = _html("T = table([1; 2.5], {'a'; 'b'}, 'RowNames', {'x', 'y'}, 'VariableNames', {'n', 's'});", "T")
    assert "<pre>T = 2×2 table</pre>" in page
    assert "<tr><th></th><th>n</th><th>s</th></tr>" in page
    assert '<tr><th class="row">x</th><td>1</td><td>{&#x27;a&#x27;}</td></tr>' in page
    assert '<tr><th class="row">y</th><td>2.5</td><td>{&#x27;b&#x27;}</td></tr>' in page
    text, page = _html("U = table((1:300)');", "U")
    assert "300×1 table: showing rows 1–100 of 300" in page and page.count("<td>") == 100


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
