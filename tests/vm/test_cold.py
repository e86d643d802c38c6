"""Cold code (engine/vm/cold.py): straight instructions outside loops run by handlers, not compiled, must
do exactly what the generated lines do (pygen.py). Every program here runs both ways."""
import numpy as np
import pytest

from engine.session import Session
from engine.vm import pygen
from engine.vm.build import build_cell

PROGRAMS = [
    # arithmetic and comparisons: floats, arrays, division by zero, logicals, integers
    "a = 1 + 2; b = a * 3 - 4 / 2; c = 1 / 0; d = -1 / 0; e = 0 / 0; f = a < b; g = a == 3; h = a ~= 3;",
    "v = [1 2 3]; w = v + 1; x = v .* v; y = v / 2; z = 2 - v; t = v > 1; u = int8(100) + 100;",
    "a = 5; b = -a; c = ~true; d = -[1 2]; e = [1 2]'; f = 2 ^ 10; g = mod(7, 3);",
    # variables: moves, display, a cleared variable read back as the function
    "x = 3\ny = x;\nz = y\nclear x\npi\nx = pi;\ndisp(x)",
    # element reads and in-place writes, in and out of the fast case
    "A = zeros(2, 3); A(2, 3) = 7; A(4) = 2; b = A(2, 3); c = A(4); d = A(end); B = A; B(1) = -1; A(3, 4) = 1;",
    "C = {1, 'two', [3 4]}; C{2} = 'x'; s.f = 1; s.g(3) = 2; q = C{3}(2); r = s.g; t = numel(C);",
    # calls: builtin scalar paths, general builtins, variables indexed like calls, local functions
    "a = sqrt(16); b = max(3, 7); c = sum([1 2 3]); d = num2str(pi, 8); e = size(zeros(3, 4)); [m, i] = max([4 9 2]);",
    "x = [10 20 30];\ny = x(2);\nz = x(end);\nw = twice(4);\n[p, q] = pair(3);\nfunction y = twice(x)\n  y = 2 * x;\nend\n"
    "function [a, b] = pair(x)\n  a = x; b = -x;\nend",
    "f = @(t) t .^ 2 + 1; g = f(3); h = func2str(f); k = feval(@plus, 1, 2); m = cellfun(@numel, {1, [1 2]});",
    # comma lists, ans, strings, globals
    "c = {1, 2, 3}; v = [c{:}]; s = struct('a', {1, 2}); t = [s.a]; 3 + 4; u = ans * 2; w = \"str\" + 1;",
    "global G\nG = 5;\nh = G + 1;\nx = 'abc'; y = [x 'def']; z = upper(y); n = strlength(\"hello\");",
    # errors: at the right line, caught by try, uncaught
    "x = 1;\ny = x + 2;\nv = [1 2 3];\nw = v(x + 5);\nz = 3;",
    "x = 1;\ntry\n  y = undefined_thing + 1;\ncatch e\n  m = e.message;\nend\nz = x + 1;",
    "a = 1;\nb = [1 2] + [1 2 3];\nc = 2;",
    "x = 1;\nclear x\ny = x * 2;",
    "q = ones(2) * ones(3);",
    # control flow around straight runs
    "s = 0;\nfor k = 1:4\n  s = s + k;\nend\nt = s * 2;\nif t > 10, u = 1; else, u = 2; end\nwhile s > 0, s = s - 3; end\nv = s + t + u;",
]

EVERYWHERE = ("script", "function", "anon")


def outcome(code: str, cold: bool, monkeypatch: pytest.MonkeyPatch) -> tuple:
    with monkeypatch.context() as m:
        if cold:
            m.setattr(pygen, "COLD_RUN", 1)
            m.setattr(pygen, "COLD_KINDS", EVERYWHERE)
        s = Session(device="cpu")
        r = s.execute(code)
    err = r.error
    error = None if err is None else (err.identifier, err.message, [(f.name, f.line, f.column) for f in err.stack])
    workspace = {name: repr(s.get(name)) for name in sorted(s.workspace)}
    return r.stdout, error, workspace


@pytest.mark.parametrize("code", PROGRAMS)
def test_cold_code_does_what_the_generated_code_does(code, monkeypatch):
    assert outcome(code, True, monkeypatch) == outcome(code, False, monkeypatch)


def test_a_long_straight_cell_runs_cold_and_reports_the_failing_line():
    code, _ = build_cell("x = 0;\n" + "x = x + 1;\n" * (2 * pygen.COLD_RUN), "cell", {})
    assert "run_cold(" in pygen.specialise(code).source
    lines = ["x = 0;"] + ["x = x + 1;"] * 100 + ["y = x(3);"] + ["x = x + 1;"] * 100
    s = Session(device="cpu")
    r = s.execute("\n".join(lines))
    assert r.error is not None and r.error.identifier == "MATLAB:badsubscript"
    assert r.error.stack[0].line == 102
    assert s.get("x")[0, 0] == 100.0


def test_loops_and_functions_are_compiled_not_cold():
    body = "x = x + 1;\n" * (2 * pygen.COLD_RUN)
    code, _ = build_cell(f"x = 0;\nfor k = 1:3\n{body}end", "cell", {})
    assert "run_cold(" not in pygen.specialise(code).source
    code, _ = build_cell(f"y = f(1);\nfunction x = f(x)\n{body}end", "cell", {})
    assert "run_cold(" not in pygen.specialise(code.locals["f"]).source
    s = Session(device="cpu")
    assert s.execute(f"x = 0;\nfor k = 1:3\n{body}end").error is None
    assert np.array_equal(s.get("x"), [[3.0 * 2 * pygen.COLD_RUN]])
