"""Displays make only the text the cell's output limit lets through (issue 16, "unbounded output").

A display given an OutputLimit makes a prefix of its text a little longer than the room left, and
reports what it did not make: the cell then shows exactly what it showed when the whole text was made
and cut, with the same note, at a cost bounded by the limit rather than by the value.
"""
import math
import time
import tracemalloc

import numpy as np
import pytest

from engine import Session
from engine.runtime.context import DisplayFormat
from engine.runtime.display import disp_text, display, display_to
from engine.runtime.display.limit import OutputLimit
from engine.runtime.values import CellArray, CharArray, StringArray, StructArray

SHORT, LONG, COMPACT = DisplayFormat(), DisplayFormat(long=True), DisplayFormat(compact=True)
LIMIT = 1_000_000


def note_of(stdout: str) -> str:
    return stdout.rstrip("\n").rsplit("\n", 1)[-1]


def cells(shape, make):
    data = np.empty(shape, dtype=object)
    for k in range(data.size):
        data.flat[k] = make(k)
    return CellArray(data)


rng = np.random.RandomState(3)
MEASURED = [   # values whose display size is known without making it: the note's counts stay exact
    rng.rand(7, 23), rng.randint(-9, 9, (40, 3)).astype(float), rng.randn(3, 30) * 1e6,
    (rng.randn(5, 12) + 1j * rng.randn(5, 12)), rng.rand(2, 20).astype(np.float32),
    rng.randint(0, 300, (6, 40)).astype(np.uint16), rng.rand(4, 33) > 0.5,
    np.where(rng.rand(6, 14) > 0.7, np.nan, rng.rand(6, 14)), rng.rand(3, 4, 5), rng.rand(2, 3, 2, 11),
    rng.rand(1, 150), np.array([[math.inf, -1.5, 2]]),
    CharArray.from_str("a😀b" * 700), CharArray(rng.randint(97, 123, (9, 120)).astype(np.uint16)),
    CharArray(np.tile(CharArray.from_str("x😀").codes, (3, 4000))),
    CharArray(rng.randint(97, 123, (2, 5, 3)).astype(np.uint16)),
    StringArray.scalar("s" * 9000),
    StructArray.scalar({"a": 1.0, "text": CharArray.from_str("ab😀" * 3000), "b": CharArray.from_str("x")}),
]


@pytest.mark.parametrize("fmt", [SHORT, LONG, COMPACT], ids=["short", "long", "compact"])
@pytest.mark.parametrize("k", range(len(MEASURED)))
@pytest.mark.parametrize("kind", ["display", "disp"])
def test_a_cut_display_is_the_cut_whole_text_with_the_same_counts(kind, k, fmt):
    value = MEASURED[k]
    whole = display("v", value, fmt) if kind == "display" else disp_text(value, fmt)
    for room in sorted({1, 7, 60, 250, 1000, len(whole) // 2, len(whole) - 1, len(whole)} - {0}):
        limit, reference = OutputLimit(room), OutputLimit(room)
        made = display("v", value, fmt, limit) if kind == "display" else disp_text(value, fmt, limit)
        assert whole.startswith(made) and len(made) <= room + max(len(line) for line in whole.split("\n")) + 2
        assert limit.take(made) == reference.take(whole)
        assert (limit.shown, limit.dropped, limit.note()) == \
            (reference.shown, reference.dropped, reference.note())


def test_pieces_streamed_into_the_limit_cut_like_the_whole_text(monkeypatch):
    from engine.runtime.display import layout
    monkeypatch.setattr(layout, "FLUSH_CHARS", 50)
    value = rng.rand(30, 30)
    whole = display("A", value, SHORT)
    for room in (10, 333, 4000):
        limit, shown = OutputLimit(room), []
        display_to(lambda text: shown.append(limit.take(text)), "A", value, SHORT, limit)
        assert whole.startswith("".join(shown)) and len("".join(shown)) <= room
        assert limit.shown + limit.dropped == len(whole)


def test_a_huge_matrix_is_shown_in_seconds_without_making_its_text():
    s = Session(device="cpu", max_output=LIMIT)
    start = time.perf_counter()
    r = s.execute("x = ones(2e4)")                  # 4e8 elements, 3.2 GB; its text would be 2.4e9 chars
    assert r.error is None and time.perf_counter() - start < 120     # about 3 s here
    assert r.stdout.startswith("x = 20000×20000\n\n  Columns 1 through 13\n\n     1     1")
    assert len(r.stdout) < LIMIT + 200
    assert note_of(r.stdout) == ("... output truncated: 2,429,827,612 of 2,430,827,556 characters not shown "
                                 "(MATFUSE_MAX_OUTPUT_CHARS=1000000)")
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        shown = s.execute("x, disp(x)").stdout
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak - before < 100e6 and len(shown) < LIMIT + 200   # no copy of the array, nor its text
    assert s.get("x").shape == (20000, 20000)


def test_the_count_of_a_huge_display_is_exact():
    """The 4e8-element count above, checked on a smaller matrix of the same layout against its text."""
    value = np.ones((700, 40))
    whole = display("x", value, SHORT)
    limit = OutputLimit(5000)
    limit.take(display("x", value, SHORT, limit))
    assert limit.shown + limit.dropped == len(whole)


def test_a_long_text_is_cut_without_being_made():
    s = Session(device="cpu", max_output=LIMIT)
    r = s.execute("t = repmat('ab', 1, 5e6)\ns = string(t)\ndisp(s)")
    assert len(r.stdout) < LIMIT + 200 and r.stdout.startswith("t = 'ababab")
    assert note_of(r.stdout) == ("... output truncated: 29,000,015 of 30,000,015 characters not shown "
                                 "(MATFUSE_MAX_OUTPUT_CHARS=1000000)")


def test_cell_arrays_count_the_elements_they_left_out():
    s = Session(device="cpu", max_output=20_000)
    r = s.execute("c = cell(300)")
    shown = r.stdout.count("{0×0 double}")
    assert 1000 < shown < 2000 and len(r.stdout) < 20_200
    chars, elements = note_of(r.stdout).split(" characters and ")
    assert chars.startswith("... output truncated: ")      # the last lines made, cut at the limit
    left, rest = elements.split(" of ", 1)
    assert 90_000 - shown - 2 * 5 <= int(left.replace(",", "")) <= 90_000 - shown
    assert rest == "90,000 elements of c not shown (MATFUSE_MAX_OUTPUT_CHARS=20000)"


def test_a_long_text_in_a_column_is_not_padded_into_every_row():
    s = Session(device="cpu", max_output=LIMIT)
    s.execute("c = cell(300, 1); c{1} = repmat('a', 1, 1e7); d = repmat(\"\", 300, 1); d(1) = c{1};")
    tracemalloc.start()
    try:
        shown = s.execute("c\nd").stdout
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 100e6                      # 300 rows padded to 1e7 characters would be 3e9
    assert shown.startswith("c = 300×1 cell array\n\n    {'aaaa") and len(shown) < LIMIT + 300
    chars, elements = note_of(shown)[len("... output truncated: "):].split(" characters, ")
    assert int(chars.replace(",", "")) == len("c = 300×1 cell array\n\n    {'") + 10**7 + len("'}\n") + \
        len("d = 300×1 string array\n") - LIMIT              # all that was shown is part of c's line
    assert elements == ("299 of 300 elements of c and 300 of 300 elements of d not shown "
                        "(MATFUSE_MAX_OUTPUT_CHARS=1000000)")


def test_cells_shown_again_add_up_in_the_note():
    s = Session(device="cpu", max_output=1000)
    r = s.execute("for k = 1:3, c = cell(20, 1e4), end")
    assert note_of(r.stdout).endswith(" of 600,000 elements of c not shown (MATFUSE_MAX_OUTPUT_CHARS=1000)")


def test_a_spent_budget_makes_later_displays_free():
    s = Session(device="cpu", max_output=LIMIT)
    start = time.perf_counter()
    r = s.execute("A = rand(1000);\nfor k = 1:300, A, disp(A), display(A), end")
    assert time.perf_counter() - start < 60 and len(r.stdout) < LIMIT + 200   # 3 GB of text
    assert note_of(r.stdout).endswith(" characters not shown (MATFUSE_MAX_OUTPUT_CHARS=1000000)")


def test_ordinary_displays_are_unchanged_by_a_limit_they_fit_in():
    values = [rng.rand(40, 40), cells((3, 4), lambda k: float(k) if k % 2 else CharArray.from_str("ab" * k)),
              StringArray(np.array([["a", None], ["ccc", "d"]], dtype=object)), CharArray.from_str("hi")]
    for value in values:
        limit = OutputLimit(LIMIT)
        assert display("v", value, SHORT, limit) == display("v", value, SHORT)
        assert disp_text(value, SHORT, limit) == disp_text(value, SHORT)
        assert limit.note() == ""


def test_no_limit_streams_the_whole_text_in_pieces():
    pieces = []
    s = Session(device="cpu", output=pieces.append, max_output=0)
    r = s.execute("rng(0); A = rand(400)")
    assert len(pieces) > 5 and "".join(pieces) == r.stdout
    assert r.stdout == display("A", s.get("A"), SHORT) and "truncated" not in r.stdout


def test_rows_in_a_container_are_summarised_without_writing_their_numbers(monkeypatch):
    from engine.runtime.display import containers
    written = []
    element_text = containers.numeric.element_text
    monkeypatch.setattr(containers.numeric, "element_text", lambda *a: written.append(a) or element_text(*a))
    row = np.arange(1.0, 1e6)[None, :]
    s = Session(device="cpu")
    s.set("v", row)
    r = s.execute("c = {v}\nst.a = v; st.b = num2cell(v(1:1000)); st")
    assert r.stdout == ("c = 1×1 cell array\n\n    {1×999999 double}\n"
                        "st = struct with fields:\n\n    a: [1×999999 double]\n    b: {1×1000 cell}\n")
    assert written == []
    three = cells((1, 1), lambda k: row[:, :3])
    assert display("c", three, SHORT) == "c = 1×1 cell array\n\n    {[1 2 3]}\n"
    assert len(written) == 3
