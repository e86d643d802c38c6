"""Display cell magics: the cell's text shown as HTML, Markdown or LaTeX instead of run as MATLAB."""
from __future__ import annotations

from engine.runtime.errors import MatlabError

from .registry import MagicHost, magic


def _show(host: MagicHost, mime: str, args: str, body: str, name: str) -> None:
    if args.strip():
        raise MatlabError(f"matfuse:{name}:args", f"%%{name} takes no arguments (the cell is its content).")
    host.display({mime: body, "text/plain": body})


@magic("html", "cell")
def html_magic(host: MagicHost, args: str, body: str) -> None:
    """%%html  show the cell as HTML (display_data text/html).

        %%html
        <b>bold</b> and <i>italic</i>"""
    _show(host, "text/html", args, body, "html")


@magic("markdown", "cell")
def markdown_magic(host: MagicHost, args: str, body: str) -> None:
    """%%markdown  show the cell as Markdown (display_data text/markdown).

        %%markdown
        # Results
        The mean is *small*."""
    _show(host, "text/markdown", args, body, "markdown")


@magic("latex", "cell")
def latex_magic(host: MagicHost, args: str, body: str) -> None:
    """%%latex  show the cell as LaTeX (display_data text/latex; front ends render math with MathJax).

        %%latex
        $$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$"""
    _show(host, "text/latex", args, body, "latex")
