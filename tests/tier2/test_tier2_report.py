"""``%fusion tier2``: the loops tier 2 compiled, the types it assumed, why it did not compile others."""
import pytest

from engine import Session
from engine.runtime.errors import MatlabError
from kernel.magics import split_cell


class Host:
    """A MagicHost over a CPU Session: displayed bundles in ``shown``, printed text in ``out``."""

    def __init__(self):
        self.matlab = Session(device="cpu")
        self.out, self.shown = [], []

    def write(self, text: str) -> None:
        self.out.append(text)

    def display(self, bundle: dict) -> None:
        self.shown.append(bundle)

    def run(self, code: str) -> bool:
        return self.matlab.execute(code).error is None

    def cell(self, code: str) -> str:
        self.out, self.shown = [], []
        calls, rest = split_cell(code)
        for call in calls:
            call.magic.fn(self, call.args, call.body)
        if rest:
            assert self.run(rest)
        return "".join(self.out) + "".join(b["text/plain"] for b in self.shown)


def test_the_report_lists_compiled_loops_with_their_types_and_the_reasons_for_the_others():
    host = Host()
    assert host.cell("%fusion tier2 eager") == "tier 2 policy: eager"
    host.cell("A = zeros(1, 10); s = 0;\nfor k = 1:10\n  s = s + mod(k, 3);\n  A(k) = s;\nend\n"
              "for k = 1:3\n  s = s + exp(k);\nend")
    text = host.cell("%fusion tier2")
    assert "1 of 2 loop variants compiled" in text
    row0 = next(line for line in text.splitlines() if line.startswith("0 "))
    assert "<cell> line 2" in row0 and "A: f8[]" in row0 and "s: f8" in row0 and "compiled in" in row0
    row1 = next(line for line in text.splitlines() if line.startswith("1 "))
    assert "<cell> line 6" in row1 and "not compiled: exp" in row1 and "(line 7)" in row1
    assert "<table" in host.shown[0]["text/html"]
    source = host.cell("%fusion tier2 source 0")
    assert source.startswith("# <cell> line 2: A:f8[], s:f8") and "def loop(entry, S, IT, a0):" in source
    assert "no generated source" in host.cell("%fusion tier2 source 1")


def test_the_report_before_any_loop_and_bad_commands():
    host = Host()
    assert "No loop has been hot enough" in host.cell("%fusion tier2")
    with pytest.raises(MatlabError, match="Unknown %fusion tier2 command"):
        host.cell("%fusion tier2 bogus")
    with pytest.raises(MatlabError, match="row number"):
        host.cell("%fusion tier2 source 7")
