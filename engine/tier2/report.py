"""``%fusion tier2``: what tier 2 compiled in this session, the types it assumed, and why it left a loop
to the interpreter, as a MIME bundle (text/plain and text/html from the same rows).

    %fusion tier2             every loop tier 2 looked at (one row per set of entry types)
    %fusion tier2 source N    the generated numba source of row N
    %fusion tier2 auto|eager|off   the policy (MATFUSE_TIER2; see docs/tier2.md)

Loops tier 2 never looked at do not appear: loops that were not hot enough yet (the auto policy), and
every loop while the policy is off.
"""
from __future__ import annotations

from typing import Any

from ..accel.fusion.report import duration, text_table
from ..accel.fusion.report_html import para, table_html, wrap
from ..runtime.errors import MatlabError
from .runner import Tier2, Variant

COLUMNS = ("#", "where", "loop", "types assumed", "status", "entries", "hand-backs")
MODES = ("auto", "eager", "off")
Bundle = dict[str, str]


def status(v: Variant) -> str:
    if v.fn is not None:
        how = "loaded from the disk cache" if v.cached else "compiled"
        return f"{how} in {duration(v.compile_seconds)}"
    return f"not compiled: {v.reason}" + (f" (line {v.line})" if v.line else "")


def rows(tier2: Tier2) -> list[tuple[str, ...]]:
    out = []
    for k, v in enumerate(tier2.variants):
        site = v.site
        types = ", ".join(f"{n}: {t}" for n, t in sorted(v.types.items()) if t not in ("undef", "builtin"))
        out.append((str(k), f"{site.fn.name} line {site.line}", site.loop.kind, types or "-", status(v),
                    str(v.runs), str(v.bails) + (f" (last at line {v.bail_line})" if v.bails else "")))
    return out


def summary(tier2: Tier2) -> str:
    if tier2.missing():
        return f"Tier 2 is unavailable: {tier2.missing()}."
    head = f"Tier 2 policy: {tier2.mode}."
    if not tier2.variants:
        return head + " No loop has been hot enough to compile in this session."
    made = sum(v.fn is not None for v in tier2.variants)
    return head + f" {made} of {len(tier2.variants)} loop variants compiled in this session."


def tier2_report(tier2: Tier2, words: list[str]) -> Bundle:
    """The report for ``%fusion tier2 [source N | auto | eager | off]``."""
    if words and words[0] in MODES:
        tier2.mode = words[0]
        text = f"tier 2 policy: {tier2.mode}"
        return {"text/plain": text, "text/html": wrap(para(text))}
    if words and words[0] == "source":
        return source_bundle(tier2, words[1:])
    if words:
        raise MatlabError("matfuse:fusion:badCommand",
                          f"Unknown %fusion tier2 command '{words[0]}'. See %help %fusion.")
    table = rows(tier2)
    text = summary(tier2) + ("\n\n" + text_table(COLUMNS, table) if table else "")
    return {"text/plain": text, "text/html": wrap(para(summary(tier2)), table_html(COLUMNS, table) if table else "")}


def source_bundle(tier2: Tier2, words: list[str]) -> Bundle:
    try:
        variant: Any = tier2.variants[int(words[0])]
    except (IndexError, ValueError):
        raise MatlabError("matfuse:fusion:badCommand",
                          f"%fusion tier2 source needs a row number from 0 to {len(tier2.variants) - 1}.") from None
    if variant.plan is None:
        text = f"Row {words[0]} has no generated source: {variant.reason}."
        return {"text/plain": text, "text/html": wrap(para(text))}
    from html import escape
    return {"text/plain": variant.plan.source, "text/html": wrap(f"<pre>{escape(variant.plan.source)}</pre>")}
