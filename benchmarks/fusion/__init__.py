"""Fusion benchmarks (see README.md); run.py is the entry point."""
