"""MATLAB's display of values: ``x = ...`` lines and ``disp``.

    display(name, value, fmt) -> str    what an unsuppressed statement prints for variable ``name``
    disp_text(value, fmt) -> str        what ``disp(value)`` prints

Modules: numeric (number formats), layout (blank lines, column groups, pages), containers (text, cell
and struct contents), show (the dispatch per kind of value).
"""
from .containers import dims_text
from .show import disp_text, display

__all__ = ["display", "disp_text", "dims_text"]
