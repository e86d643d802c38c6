"""The ``%fusion`` reports as MIME bundles: text/plain (report.py) and text/html (here), from the same facts.

``fusion_report(fusion, workspace, command)`` is the one entry point (``Session.fusion_report`` and the
kernel's ``%fusion`` magic call it). Commands: plan, wgsl [group], stats, residency, graph, explain,
device. It never initialises wgpu: without a device in use the GPU reports say so.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

from engine.accel.provider import current_provider
from engine.config import flag
from engine.runtime.errors import MatlabError

from . import report as rp
from .graph_svg import graph_svg, graph_text

Bundle = dict[str, str]
STYLE = "border-collapse:collapse;margin:0.3em 0"
CELL = "padding:2px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #ddd"
SCROLL = '<div style="max-height:36em;overflow:auto;border:1px solid #ddd">'


def table_open(caption: str) -> str:
    title = f'<caption style="text-align:left">{escape(caption)}</caption>' if caption else ""
    return f'<table style="{STYLE}">{title}'


def table_html(columns: rp.Row, rows: list[rp.Row], caption: str = "") -> str:
    head = "".join(f'<th style="{CELL}">{escape(c)}</th>' for c in columns)
    body = "".join("<tr>" + "".join(f'<td style="{CELL}">{escape(str(c))}</td>' for c in row) + "</tr>"
                   for row in rows)
    return f"{table_open(caption)}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def pairs_html(rows: list[tuple[str, str]], caption: str = "") -> str:
    """(label, value) rows as a two-column table without a header."""
    body = "".join(f'<tr><th style="{CELL}">{escape(k)}</th><td style="{CELL}">{escape(v)}</td></tr>'
                   for k, v in rows)
    return f"{table_open(caption)}<tbody>{body}</tbody></table>"


def wrap(*parts: str) -> str:
    return '<div class="matfuse-fusion">' + "".join(parts) + "</div>"


def para(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def heading(text: str) -> str:
    return f'<h4 style="margin:0.6em 0 0.2em">{escape(text)}</h4>'


# ------------------------------------------------------------------ the reports

GROUP_COLUMNS = ("group", "kind", "lines", "operations", "inputs", "outputs")


def plan_html(windows: list[rp.WindowReport]) -> str:
    if not windows:
        return wrap(para(rp.NO_WINDOWS))
    parts = []
    for w in windows:
        parts.append(heading(rp.window_title(w)))
        source = rp.source_listing(w)
        if source:
            parts.append(f"<pre>{escape(source)}</pre>")
        if rp.timing_text(w):
            parts.append(para("time: " + rp.timing_text(w)))
        if w.groups:
            parts.append(table_html(GROUP_COLUMNS, [
                (str(k), g.title, ", ".join(map(str, g.lines)), " ".join(g.ops), rp.operands_text(g.inputs),
                 rp.operands_text(g.outputs)) for k, g in enumerate(w.groups)]))
        if w.rejected:
            parts.append(table_html(("line", "operation", "rejected because"),
                                    [(str(line), op, why) for line, op, why in w.rejected]))
    return wrap(*parts)


def wgsl_html(windows: list[rp.WindowReport], which: int | None) -> str:
    """Each group's WGSL highlighted by Pygments' WGSL lexer, with line numbers (inline styles, so the
    colours survive front ends that drop style sheets), in a box that scrolls past 30 lines."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name

    from .wgsl_listing import omitted, sections
    groups = rp.numbered_groups(windows, which)
    if not groups:
        return wrap(para(rp.NO_GROUPS))
    lexer = get_lexer_by_name("wgsl")

    def block(lines: tuple[tuple[int, str], ...]) -> str:
        """Highlighted lines numbered from their first line in the shader; never wrapped mid-word
        (JupyterLab's output styles would wrap a <pre> anywhere)."""
        formatter = HtmlFormatter(noclasses=True, linenos="inline", linenostart=lines[0][0])
        text = highlight("\n".join(t for _, t in lines), lexer, formatter)
        return text.replace("<pre ", '<pre style="white-space:pre;word-break:normal;overflow-wrap:normal" ', 1)

    def group_html(wgsl: str) -> str:
        parts = []
        for section in sections(wgsl):
            if not section.lines:
                continue
            if section.kind == "library":
                first, last = section.lines[0][0], section.lines[-1][0]
                parts.append(f"<details><summary>library function {escape(section.name)} (lines {first}–"
                             f"{last})</summary>{block(section.lines)}</details>")
            else:
                parts.append(para(f"entry point {section.name}" if section.kind == "entry" else "declarations")
                             + block(section.lines))
        left = omitted(wgsl)
        if left:
            parts.append(para(f"{left} library functions of the shader are not called by this kernel "
                              "(not shown)"))
        return "".join(parts)
    return wrap(*(heading(f"window {region}, group {k}: {g.kind}") + SCROLL + group_html(g.wgsl) + "</div>"
                  for region, k, g in groups))


def explain_html(paragraphs: list[list[str]]) -> str:
    return wrap(*(para(" ".join(p)) for p in paragraphs))


def device_html(facts: dict[str, Any] | None, fallbacks: list[str],
                calibration: tuple[rp.Row, list[rp.Row]] | None) -> str:
    if facts is None:
        return wrap(para(rp.NO_DEVICE))
    parts = [pairs_html(rp.device_rows(facts), "adapter"),
             table_html(("fallback to the CPU",), [(f,) for f in fallbacks] or [("none",)])]
    if calibration is not None:
        parts.append(table_html(*calibration, caption="calibration"))
    return wrap(*parts)


def residency_html(residents: list[rp.Resident], pool: Any) -> str:
    if pool is None:
        return wrap(para(rp.NO_DEVICE))
    listed = (table_html(rp.RESIDENCY_COLUMNS, rp.residency_rows(residents)) if residents
              else para("No GPU-resident values in the workspace."))
    return wrap(listed, pairs_html(rp.pool_rows(pool, residents), "buffer pool"))


def graph_html(windows: list[rp.WindowReport]) -> str:
    parts = []
    for w in windows:
        svg = graph_svg(w)
        if svg is not None:
            parts += [heading(rp.window_title(w)), svg]
    return wrap(*parts) if parts else wrap(para(rp.NO_WINDOWS))


# ------------------------------------------------------------------ commands

def policy_source(fusion: Any) -> str:
    """Who set the policy in force: %fusion, MATFUSE_ACCEL, or the Session's device."""
    if fusion.mode:
        return "%fusion " + {"gpu": "on", "cpu": "off"}.get(fusion.mode, fusion.mode)
    if flag("MATFUSE_ACCEL"):
        return f"MATFUSE_ACCEL={flag('MATFUSE_ACCEL')}"
    return f'the Session\'s device "{fusion.device}"'


def calibration_table(fusion: Any) -> tuple[rp.Row, list[rp.Row]] | None:
    """The auto policy's cost model (calibrate.py) as a table, once it has been measured or loaded."""
    model = getattr(fusion, "costs", None)
    return (("work", "CPU", "GPU"), model.rows()) if model is not None else None


def group_number(words: list[str]) -> int | None:
    if words and not words[0].isdigit():
        raise MatlabError("matfuse:fusion:badGroup", f"%fusion wgsl takes a group number, not '{words[0]}'.")
    return int(words[0]) if words else None


def plan_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    windows = fusion.reports()
    return {"text/plain": rp.plan_text(windows), "text/html": plan_html(windows)}


def wgsl_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    which = group_number(words)
    windows = fusion.reports()
    count = len(rp.numbered_groups(windows))
    if which is not None and count and which >= count:
        raise MatlabError("matfuse:fusion:badGroup",
                          f"The last cell has {count} fused group(s), numbered 0 to {count - 1}.")
    return {"text/plain": rp.wgsl_text(windows, which), "text/html": wgsl_html(windows, which)}


def stats_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    rows = rp.stats_rows(fusion.stats, current_provider(), fusion.reports())
    return {"text/plain": rp.pairs_text(rows), "text/html": wrap(pairs_html(rows))}


def residency_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    provider = current_provider()
    residents = rp.resident_values(workspace)
    pool = None
    if provider is not None:
        from engine.accel.residency import pool_stats
        pool = pool_stats(provider)
    return {"text/plain": rp.residency_text(residents, pool), "text/html": residency_html(residents, pool)}


def graph_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    windows = fusion.reports()
    return {"text/plain": graph_text(windows), "text/html": graph_html(windows)}


def explain_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    windows, policy, source = fusion.reports(), fusion.cell_policy, policy_source(fusion)
    return {"text/plain": rp.explain_text(windows, policy, source),
            "text/html": explain_html(rp.explain_paragraphs(windows, policy, source))}


def device_bundle(fusion: Any, workspace: Any, words: list[str]) -> Bundle:
    provider = current_provider()
    facts = provider.describe() if provider is not None else None
    fallbacks = list(provider.fallbacks) if provider is not None else []
    calibration = calibration_table(fusion) if provider is not None else None
    return {"text/plain": rp.device_text(facts, fallbacks, calibration),
            "text/html": device_html(facts, fallbacks, calibration)}


REPORTS: dict[str, Callable[[Any, Any, list[str]], Bundle]] = {
    "plan": plan_bundle, "wgsl": wgsl_bundle, "stats": stats_bundle, "residency": residency_bundle,
    "graph": graph_bundle, "explain": explain_bundle, "device": device_bundle}


def fusion_report(fusion: Any, workspace: Any, command: str = "plan") -> Bundle:
    """The report ``command`` ("plan", "wgsl 0", ...) of a FusionAccelerator as a MIME bundle."""
    words = command.split() or ["plan"]
    build = REPORTS.get(words[0])
    if build is None:
        raise MatlabError("matfuse:fusion:badCommand",
                          f"Unknown %fusion command '{words[0]}'. See %help %fusion.")
    return build(fusion, workspace, words[1:])
