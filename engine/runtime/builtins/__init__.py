"""Builtin functions, one module per family; see registry.py."""
