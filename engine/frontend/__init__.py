"""MATLAB front end: source text -> AST (``parse``), source files read as MATLAB
reads them (``read_source``), and the Jupyter completeness check (``is_complete``)."""
from .completeness import is_complete
from .parser import parse
from .source import decode_source, read_source

__all__ = ["decode_source", "is_complete", "parse", "read_source"]
