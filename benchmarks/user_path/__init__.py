"""User-path benchmark (see README.md); run.py is the entry point."""
