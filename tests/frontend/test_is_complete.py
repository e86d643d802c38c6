"""is_complete: what the Jupyter kernel answers to is_complete_request."""
import pytest

from engine.frontend import is_complete


@pytest.mark.parametrize("code", [
    "", "x = 1", "x = 1;\ny = 2", "if x\n  y\nend", "for k = 1:3, disp(k), end", "function f\nend",
    "% just a comment", "x = [1 2\n3 4]", "s = 'end'", "x(end)", "%{\nblock\n%}",
])
def test_complete(code):
    assert is_complete(code) == ("complete", "")


@pytest.mark.parametrize("code, indent", [
    ("if x", "    "),
    ("if x\n  for k = 1:3", "        "),
    ("while true\n  x = 1;", "    "),
    ("switch x\n  case 1", "    "),
    ("try\n  x", "    "),
    ("parfor k = 1:3", "    "),
    ("function f\n  x = 1;", "    "),
    ("function y = f(x)\n  if x\n    y = 1;\n  end", "    "),
    ("x = (1", ""),
    ("x = [1 2", ""),
    ("c = {1, ...", ""),
    ("x = 1 + ...", ""),
    ("x = 1 + ...\n", ""),
    ("%{\nstill in a block comment", ""),
    ("if x\n  y = [1 2", "    "),
])
def test_incomplete(code, indent):
    assert is_complete(code) == ("incomplete", indent)


@pytest.mark.parametrize("code", [
    ")", "x = 1)", "end", "if x, end\nend", "x = [1 2)", "disp('abc", "x = 1 2", "x += 1", "x = 1 +",
])
def test_invalid(code):
    assert is_complete(code) == ("invalid", "")
