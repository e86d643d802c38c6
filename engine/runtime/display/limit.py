"""The output limit of a cell (MATFUSE_MAX_OUTPUT_CHARS), like the Live Editor's and Jupyter's own limits.

A cell's printed text and displayed values share one budget of characters; text past it is left out
(cut after a whole line where one ends in the last half of the room) and ``note()`` then says how much.
Only the text is cut: the values themselves are untouched.

    limit = OutputLimit(1_000_000)
    shown = limit.take(text)     # the part of text that still fits ('' once the budget is spent)
    limit.note()                 # '... output truncated: ...' after a cut, else ''

Displays never make the text they cannot show: they ask ``room()`` first, make a little more than
that (``take`` then cuts it as above), and report what they did not make: ``leave_out(chars)`` when
they know its length (numbers, char arrays: the note's counts stay exact), or
``leave_out_elements(count, total, what)`` when knowing it would mean making it (cell and string
arrays). A front end's other representations of a value (the kernel's HTML tables) ``charge`` the
budget without counting as shown text.
"""
from __future__ import annotations

NAMED_IN_NOTE = 3     # values named in the note; more are counted


class OutputLimit:
    def __init__(self, limit: int, source: str = "") -> None:
        self.limit = limit           # 0: no limit
        self.source = source or f"MATFUSE_MAX_OUTPUT_CHARS={limit}"    # named in the note
        self.shown = 0
        self.dropped = 0
        self.charged = 0             # characters of other representations (HTML) sent
        self.at_line_start = True
        self.elements: dict[str, list[int]] = {}    # what -> [elements left out, of total]

    def room(self) -> int | None:
        """Characters that may still be shown (None: no limit)."""
        return None if not self.limit else max(self.limit - self.shown - self.charged, 0)

    def take(self, text: str) -> str:
        """The part of ``text`` that fits in what is left of the budget."""
        room = self.room()
        if room is None or len(text) <= room:
            cut = len(text)
        else:
            newline = text.rfind("\n", room // 2, room)
            cut = newline + 1 if newline >= 0 else room
        self.dropped += len(text) - cut
        if cut:
            self.shown += cut
            self.at_line_start = text[cut - 1] == "\n"
        return text[:cut]

    def leave_out(self, chars: int) -> None:
        """Count ``chars`` characters of a display that were never made (past the budget)."""
        self.dropped += chars

    def leave_out_elements(self, count: int, total: int, what: str) -> None:
        """Count ``count`` of the ``total`` elements of ``what`` (``c``, ``a cell array``) whose text
        was never made; the same ``what`` shown again (a loop) adds up."""
        if count > 0:
            entry = self.elements.setdefault(what, [0, 0])
            entry[0] += count
            entry[1] += total

    def charge(self, chars: int) -> None:
        """Spend ``chars`` on another representation of a value (the kernel's HTML table)."""
        self.charged += chars

    def note(self) -> str:
        """A line saying what was left out, or '' when nothing was."""
        if not self.dropped and not self.elements:
            return ""
        parts = []
        if self.dropped:
            total = self.shown + self.dropped
            parts.append(f"{self.dropped:,} characters" if self.elements else
                         f"{self.dropped:,} of {total:,} characters")
        for what, (count, total) in list(self.elements.items())[:NAMED_IN_NOTE]:
            parts.append(f"{count:,} of {total:,} elements of {what}")
        if len(self.elements) > NAMED_IN_NOTE:
            parts.append(f"elements of {len(self.elements) - NAMED_IN_NOTE} more values")
        listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        return (("" if self.at_line_start else "\n") +
                f"... output truncated: {listed} not shown ({self.source})\n")
