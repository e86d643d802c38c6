"""Conformance: notebook-style sequences of cells in one Session (workspace, ans, format and globals persist;
an error stops its cell after the statements before it ran and printed)."""
import pytest

from engine import Session

# Each case: a list of (cell code, expected stdout, expected error identifier or None).
SEQUENCES = {
    "workspace_persists": [("x = 1;", "", None), ("y = x + 1", "y = 2\n", None)],
    "ans_persists": [("3 + 4;", "", None), ("ans * 2", "ans = 14\n", None)],
    "format_persists": [("format long", "", None), ("pi", "ans = 3.141592653589793\n", None),
                        ("format short", "", None), ("pi", "ans = 3.1416\n", None)],
    "error_keeps_earlier_assignments": [
        ("a = 1; b = [1 2]; b = b(5); c = 3;", "", "MATLAB:badsubscript"),
        ("exist('a'), exist('c')", "ans = 1\nans = 0\n", None)],
    "output_before_error_is_kept": [
        ("disp('before'); error('my:id', 'boom'); disp('after')", "before\n", "my:id")],
    "globals_persist": [("global G; G = 5;", "", None), ("global G; G", "G = 5\n", None)],
    "clear_all_between_cells": [("x = 1;", "", None), ("clear all", "", None),
                                ("exist('x')", "ans = 0\n", None)],
    "handle_captures_at_creation": [("k = 2; f = @(t) t * k;", "", None), ("k = 10;", "", None),
                                    ("f(1)", "ans = 2\n", None)],
    "rng_stream_continues": [("rng(0); a = rand;", "", None),
                             ("b = rand; fprintf('%.4f %.4f\\n', a, b)", "0.8147 0.9058\n", None)],
    "undefined_after_clear": [("z = 3;", "", None), ("clear z", "", None), ("z", "", "MATLAB:UndefinedFunction")],
}


@pytest.mark.parametrize("name", list(SEQUENCES))
def test_sequence(name):
    session = Session(device="cpu")
    for code, stdout, error in SEQUENCES[name]:
        r = session.execute(code)
        assert (r.error.identifier if r.error else None) == error, (code, r.error)
        assert r.stdout == stdout, (code, r.stdout)
