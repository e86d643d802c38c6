"""The names completion offers: workspace variables, builtins, and function files on the path."""
from __future__ import annotations

import os
from typing import Any, Iterable, Mapping

from engine.runtime.builtins.registry import load_all


class SessionNames:
    """A completion NameProvider over an engine Session."""

    def __init__(self, session: Any) -> None:
        self.session = session

    def variables(self) -> Mapping[str, Any]:
        return self.session.workspace

    def functions(self) -> Iterable[str]:
        yield from load_all()
        for folder in [os.getcwd(), *self.session.state.path]:
            try:
                entries = os.listdir(folder)
            except OSError:
                continue
            yield from (e[:-2] for e in entries if e.endswith(".m") and e[:-2].isidentifier())
