"""Every builtin of the data-analysis, matrix-function and function-function modules has help text in the
registry's form: a signature line naming it, a paragraph, and an example."""
from engine.runtime.builtins.registry import load_all

MODULES = {"histograms", "moving", "ordering", "statistics", "gridded", "matfun", "funfun", "odes"}


def test_help_has_signature_paragraph_and_example():
    entries = [b for b in load_all().values() if b.impl.__module__.rsplit(".", 1)[1] in MODULES]
    assert len(entries) >= 49
    for entry in entries:
        signature, *rest = entry.help.split("\n\n")
        assert f"{entry.name}(" in signature.splitlines()[0], entry.name
        assert len(rest) >= 2, entry.name
        assert any(line.startswith("    ") for line in rest[-1].splitlines()), entry.name   # an example
