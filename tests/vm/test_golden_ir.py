"""The AST, MIR and bytecode of one small cell, compared with golden files (tests/vm/golden/): a change
to any stage's output shows in review. ``MATFUSE_UPDATE_GOLDEN=1`` rewrites them (docs/testing.md)."""
import pytest

from engine import Session

CELL = """\
y = 2 * x + 1;
s = 0;
for k = 1:numel(y)
  if y(k) > 2
    s = s + y(k);
  end
end
z = sum(y .^ 2);
"""


@pytest.fixture(scope="module")
def session():
    s = Session(device="cpu")
    s.execute("x = [1 2 3];")
    return s


def test_ast(session, golden):
    golden("cell.ast.txt", session.ast(CELL))


def test_mir(session, golden):
    golden("cell.mir.txt", session.mir(CELL))


def test_bytecode(session, golden):
    golden("cell.bytecode.txt", session.bytecode(CELL))


def test_a_changed_or_missing_golden_file_fails(session, golden, monkeypatch):
    monkeypatch.delenv("MATFUSE_UPDATE_GOLDEN", raising=False)
    with pytest.raises(AssertionError, match="differs from the printer's text"):
        golden("cell.mir.txt", session.mir(CELL).replace("const 2", "const 3"))
    with pytest.raises(AssertionError, match="no golden file"):
        golden("no-such-cell.txt", "")
