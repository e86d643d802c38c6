"""MATLAB front end: source text -> AST (``parse``), the AST as indented text (``format_ast``), source
files read as MATLAB reads them (``read_source``), and the Jupyter completeness check (``is_complete``)."""
from .completeness import is_complete
from .parser import parse
from .printer import format_ast
from .source import decode_source, read_source

__all__ = ["decode_source", "format_ast", "is_complete", "parse", "read_source"]
