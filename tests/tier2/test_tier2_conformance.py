"""Every conformance case with a loop (tests/conformance) runs both ways, in the interpreter and with tier
2 compiling every loop it can at once, and the two agree (the cases' expected values are checked by the
conformance tests themselves)."""
import importlib
import re
import sys
from pathlib import Path

import pytest

from tier2help import both_ways

FOLDER = Path(__file__).resolve().parents[1] / "conformance"


def loop_cases() -> list:
    if str(FOLDER) not in sys.path:
        sys.path.insert(0, str(FOLDER))
    found = []
    for path in sorted(FOLDER.glob("test_conf_*.py")):
        module = importlib.import_module(path.stem)
        found.extend(pytest.param(c.code, id=f"{path.stem[10:]}-{c.id}") for c in getattr(module, "CASES", [])
                     if re.search(r"\b(for|while)\b", c.code))
    return found


@pytest.mark.parametrize("code", loop_cases())
def test_conformance_loop_agrees_with_tier2(code):
    both_ways(code)
