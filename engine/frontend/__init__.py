"""MATLAB front end: source text -> AST (``parse``), and the Jupyter completeness check (``is_complete``)."""
from .completeness import is_complete
from .parser import parse

__all__ = ["is_complete", "parse"]
