"""The output limit of a cell (MATFUSE_MAX_OUTPUT_CHARS), like the Live Editor's and Jupyter's own limits.

A cell's printed text and displayed values share one budget of characters; text past it is left out
(cut after a whole line where one ends in the last half of the room) and ``note()`` then says how much.
Only the text is cut: the values themselves are untouched.

    limit = OutputLimit(1_000_000)
    shown = limit.take(text)     # the part of text that still fits ('' once the budget is spent)
    limit.note()                 # '... output truncated: ...' after a cut, else ''
"""
from __future__ import annotations


class OutputLimit:
    def __init__(self, limit: int) -> None:
        self.limit = limit           # 0: no limit
        self.shown = 0
        self.dropped = 0
        self.at_line_start = True

    def take(self, text: str) -> str:
        """The part of ``text`` that fits in what is left of the budget."""
        room = self.limit - self.shown
        if not self.limit or len(text) <= room:
            cut = len(text)
        else:
            newline = text.rfind("\n", room // 2, room)
            cut = newline + 1 if newline >= 0 else max(room, 0)
        self.dropped += len(text) - cut
        if cut:
            self.shown += cut
            self.at_line_start = text[cut - 1] == "\n"
        return text[:cut]

    def note(self) -> str:
        """A line saying what was left out, or '' when nothing was."""
        if not self.dropped:
            return ""
        total = self.shown + self.dropped
        return (("" if self.at_line_start else "\n") +
                f"... output truncated: {self.dropped:,} of {total:,} characters not shown "
                f"(MATFUSE_MAX_OUTPUT_CHARS={self.limit})\n")
