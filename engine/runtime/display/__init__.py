"""MATLAB's display of values: ``x = ...`` lines and ``disp``.

    display(name, value, fmt, limit=None) -> str    what an unsuppressed statement prints for ``name``
    disp_text(value, fmt, limit=None) -> str        what ``disp(value)`` prints
    display_to(write, name, value, fmt, limit)      the same, handed to ``write`` in pieces as made
    disp_to(write, value, fmt, limit)

``limit`` is the cell's OutputLimit (limit.py): only what fits in what is left of it is made, and what
is not is reported to it for the cell's note. Modules: numeric (number formats), layout (blank lines,
column groups, pages, the budgeted writer), containers (text, cell and struct contents), show (the
dispatch per kind of value).
"""
from .containers import dims_text
from .show import disp_text, disp_to, display, display_to

__all__ = ["display", "disp_text", "display_to", "disp_to", "dims_text"]
