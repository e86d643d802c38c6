"""The kernel's input history, answering Jupyter history requests (tail, range, search)."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field

Entry = tuple[int, int, str]   # (session, line number, input)


@dataclass
class History:
    session: int = 1
    entries: list[Entry] = field(default_factory=list)

    def add(self, line: int, code: str) -> None:
        self.entries.append((self.session, line, code))

    def tail(self, n: int) -> list[Entry]:
        return self.entries[-n:] if n > 0 else []

    def range(self, session: int, start: int, stop: int | None) -> list[Entry]:
        """Entries of one session (0: the current one; negative: relative) with start <= line < stop."""
        wanted = self.session + session if session <= 0 else session
        return [e for e in self.entries
                if e[0] == wanted and e[1] >= start and (stop is None or e[1] < stop)]

    def search(self, pattern: str, n: int | None = None, unique: bool = False) -> list[Entry]:
        """Entries whose input matches a glob pattern (``*`` around it if it has none), latest n."""
        pattern = pattern if any(c in pattern for c in "*?[") else f"*{pattern}*"
        found = [e for e in self.entries if fnmatch.fnmatchcase(e[2], pattern)]
        if unique:
            seen: set[str] = set()
            found = [e for e in reversed(found) if not (e[2] in seen or seen.add(e[2]))][::-1]
        return found[-n:] if n else found
