"""A CallContext test double for calling graphics builtins without the VM."""
from __future__ import annotations

from typing import Any

import pytest

from engine.runtime.builtins import registry
from engine.runtime.context import CallContext, SessionState
from engine.runtime.errors import MatlabError
from engine.runtime.values import CharArray


class FakeContext(CallContext):
    """Records output, warnings and figures; runs builtins by name."""

    def __init__(self) -> None:
        self.state = SessionState()
        self.output: list[str] = []
        self.warnings: list[tuple[str, str]] = []
        self.figures: list[Any] = []

    def write(self, text: str) -> None:
        self.output.append(text)

    def warn(self, identifier: str, message: str) -> None:
        self.warnings.append((identifier, message))

    def call(self, fn: Any, args: list, nargout: int = 1) -> tuple:
        return registry.call_builtin(registry.BUILTINS[fn], self, args, nargout)

    def function_exists(self, name: str) -> str | None:
        return "builtin" if name in registry.BUILTINS else None

    def variables(self) -> dict[str, Any]:
        return {}

    def make_handle(self, text: str) -> Any:
        raise MatlabError("test:unsupported", "no handles in the graphics tests")

    def add_figure(self, image: Any) -> None:
        self.figures.append(image)


def arg(value: Any) -> Any:
    """Test shorthand: str -> char row, list -> double row, everything else as is."""
    import numpy as np
    if isinstance(value, str):
        return CharArray.from_str(value)
    if isinstance(value, list):
        return np.array([value], dtype=np.float64)
    return value


@pytest.fixture
def ctx() -> FakeContext:
    return FakeContext()


@pytest.fixture
def call(ctx):
    """call(name, *args, nargout=0) -> tuple of outputs, through the builtin table."""
    registry.load_all()

    def run(name: str, *args: Any, nargout: int = 0) -> tuple:
        return registry.call_builtin(registry.BUILTINS[name], ctx, [arg(a) for a in args], nargout)
    return run
