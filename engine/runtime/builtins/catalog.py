"""The builtins by family, as ``help`` lists them and as docs/functions.md shows them (generated here).

    python3 -m engine.runtime.builtins.catalog     rewrite docs/functions.md from the table (run it from
                                                   the repository root after adding or changing a builtin)

A family is the ``family`` of a registry entry; every family needs a line in FAMILIES saying what it
holds (the page's text under the family's heading). tests/test_docs.py fails while the page is stale.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from .registry import Builtin, load_all

COMMAND = "python3 -m engine.runtime.builtins.catalog"
PAGE = Path(__file__).resolve().parents[3] / "docs" / "functions.md"

FAMILIES = {
    "array": "Reordering, searching and sorting arrays.",
    "cells": "Cell arrays and structs.",
    "containers": "containers.Map, a key-value map with handle semantics, and its functions.",
    "checks": "Checking the arguments of a function: counts, classes and attributes, valid texts.",
    "construct": "Arrays of a given size or pattern.",
    "control": "Errors, warnings, exceptions, function handles, equality.",
    "data": "Data analysis: binning and grouping, moving-window statistics, percentiles and spread, "
            "covariance, rescaling and normalizing.",
    "debug": "The debugger: breakpoints, the K>> prompt, stepping and the call stack (see "
             "[kernel.md](kernel.md#debugging) for the notebook's debugger panel).",
    "files": "Files and folders: reading and writing by file identifier, MAT-files, delimited text, JSON "
             "text, images, WAV audio, names and listings.",
    "folders": "The search path and the working folder: function files are found in the working folder, then "
               "in the `addpath` folders in order; `system` runs an operating system command, as does the "
               "shell escape (an exclamation mark at the start of a statement: the rest of the line is the "
               "command, its output is shown, and its status becomes ans without being displayed; see "
               "[magics.md](magics.md#the-shell-escape)).",
    "funfun": "Functions of functions: zeros, minima, integrals and ODE solutions of MATLAB functions "
              "(handles or names), with their option structures. ode45 and ode23 use MATLAB's Runge-Kutta "
              "pairs, the other ODE solvers scipy's methods of the same kind (BDF for ode15s, Radau for "
              "ode23s), all with scipy's step control, so they agree with MATLAB within the tolerances, not "
              "step for step.",
    "categorical": "Categorical arrays: values from a finite set of named categories, their categories, counts "
                   "and conversions (see [language.md](language.md#categorical-arrays)).",
    "gpu": "gpuArray values and the GPU device (see [gpu.md](gpu.md)).",
    "graphics": "Figures, plots, axes and colormaps; figures reach the notebook as images (see "
                "[kernel.md](kernel.md)).",
    "interaction": "Talking to the user: help, input, pause, sound, and ending the session (exit, quit).",
    "linalg": "Linear algebra on double and single matrices: factorizations, matrix functions, subspaces, "
              "solvers; the Krylov solvers (pcg, gmres, bicgstab, cgs, bicg, minres, lsqr) take full or sparse "
              "matrices or function handles, preconditioned by the incomplete factorizations ichol and ilu.",
    "math": "Elementwise mathematics and special functions (the functions that have a GPU form fuse as "
            "elementwise operations; the others run on the CPU, gpuArray inputs gathered).",
    "numerical": "Integration, interpolation, differences on grids, polynomials, convolution and filtering, "
                 "Fourier transforms.",
    "operators": "The function forms of the operators, and concatenation.",
    "output": "Showing values and turning numbers into text.",
    "parallel": "The parallel pool on Dask and its futures (see [parallel.md](parallel.md)); `delete` also "
                "deletes files.",
    "random": "Random numbers from MATLAB's Mersenne Twister.",
    "statistics": "The basics of the Statistics and Machine Learning Toolbox: probability distributions "
                  "(densities, cumulative distributions and their inverses, by function or by name), random "
                  "draws from them on the session generator, descriptive statistics and correlation.",
    "sparse": "Sparse matrices (double and logical, stored by compressed columns on scipy.sparse): building "
              "them, converting them, asking about them, model problems (numgrid, delsq), orderings and structure "
              "(symrcm, sprank, etree). Operators, indexing, concatenation and the sparse "
              "forms of other functions follow MATLAB's rules for when a result is sparse; a function with "
              "no sparse form raises matfuse:sparse:unsupported (see [language.md](language.md#sparse-matrices)).",
    "reduction": "Reductions and cumulative operations along a dimension.",
    "set": "Set operations on arrays, text and rows.",
    "size": "Sizes, shape predicates, index conversion.",
    "strings": "Text: char arrays and strings, formatting, regular expressions.",
    "system": "The operating system: shell commands, environment variables, the platform, temporary names, "
              "versions.",
    "time": "Dates and clocks: serial date numbers, date vectors and text, timers.",
    "table": "Tables: named variables of one height, their indexing, conversion, functions and files.",
    "types": "Classes, conversions and constants.",
    "vm": "Code held in text, and other workspaces.",
    "workspace": "The workspace and the stopwatch timer.",
}


def by_family() -> dict[str, list[Builtin]]:
    """Family -> its entries sorted by name (case-insensitively), families sorted by name."""
    families: dict[str, list[Builtin]] = {}
    for entry in load_all().values():
        families.setdefault(entry.family, []).append(entry)
    return {family: sorted(families[family], key=lambda e: (e.name.lower(), e.name))
            for family in sorted(families)}


def summary(entry: Builtin) -> tuple[str, str]:
    """(signatures, what it does) from the help text's first paragraph: the first line up to two spaces
    is the signatures, the rest of the paragraph the summary."""
    first, _, rest = entry.help.split("\n\n")[0].partition("\n")
    signatures, _, said = first.strip().partition("  ")
    return signatures, " ".join(f"{said} {rest}".split())


def _cell(text: str) -> str:
    """Plain text in a markdown table cell: markdown's active characters escaped."""
    return re.sub(r"([\\`*_<\[\]|])", r"\\\1", text)


def page() -> str:
    """The text of docs/functions.md."""
    families = by_family()
    undescribed = sorted(set(families) - set(FAMILIES))
    if undescribed:
        raise SystemExit(f"families without a description: {undescribed}; add a line for each to FAMILIES "
                         f"in engine/runtime/builtins/catalog.py")
    count = len(load_all())
    lines = [f"<!-- generated by `{COMMAND}` from the builtin table: do not edit by hand -->",
             "# Builtin functions", "",
             f"Every registered builtin ({count} names), by family: the `family` of its registry entry, "
             f"with the first paragraph of its help text (`help name` prints all of it). This page is "
             f"generated: after adding or changing a builtin, run `{COMMAND}` from the repository root "
             f"(tests/test_docs.py fails while the page is stale). How to add one: "
             f"[adding-builtins.md](adding-builtins.md).", ""]
    lines += [" ".join(f"[{family}](#{family})" for family in families), ""]
    for family, entries in families.items():
        lines += [f"## {family}", "", FAMILIES[family], "", "| name | forms and summary |", "| --- | --- |"]
        for entry in entries:
            signatures, said = summary(entry)
            forms = f"`{signatures}`".replace("|", "\\|") if "`" not in signatures else _cell(signatures)
            lines.append(f"| `{entry.name}` | {forms} {_cell(said)}".rstrip() + " |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE} ({len(load_all())} builtins)")


if __name__ == "__main__":
    sys.exit(main())
