"""``%fusion graph``: a window's AccelGraph drawn as a layered DAG in SVG, each fusion group in its colour.

Inputs and constants form the top layer; an operation sits one layer below its deepest operand; the
variables the window stores hang below the value they receive. Matplotlib lays out and draws (no graphviz
binary); text is kept as SVG text. An operation is filled with its first group's colour and bordered in
a second group's when two kernels compute it; one in no group (a window that stayed on the CPU) is grey.
"""
from __future__ import annotations

import io
from typing import Any

from .graph import AccelGraph
from .report import NO_WINDOWS, WindowReport, value_name

# one fill per group (ColorBrewer Set3, readable under black text); groups past ten reuse them
GROUP_COLOURS = ("#8dd3c7", "#fdb462", "#bebada", "#fb8072", "#80b1d3", "#b3de69", "#fccde5", "#ffffb3",
                 "#bc80bd", "#ccebc5")
INPUT_FILL, CONST_FILL, NO_GROUP_FILL, STORE_FILL = "#ffffff", "#eeeeee", "#d9d9d9", "#ffffff"
EDGE = "#333333"


def group_colour(k: int) -> str:
    return GROUP_COLOURS[k % len(GROUP_COLOURS)]


def layers(graph: AccelGraph) -> dict[str, int]:
    """Layer of every drawn item: ``v<id>`` for values, ``s:<name>`` for stored variables."""
    depth: dict[str, int] = {}
    for node in graph.nodes.values():
        for a in node.args:
            depth.setdefault(f"v{a}", 0)
        depth[f"v{node.value}"] = 1 + max((depth[f"v{a}"] for a in node.args), default=0)
    for name, v in graph.stores.items():
        depth.setdefault(f"v{v}", 0)
        depth[f"s:{name}"] = depth[f"v{v}"] + 1
    return depth


def positions(depth: dict[str, int], edges: list[tuple[str, str]]) -> dict[str, tuple[float, float]]:
    """x, y of every item: rows by layer, each row ordered by the mean x of its operands (one sweep)."""
    rows: dict[int, list[str]] = {}
    for item, d in depth.items():
        rows.setdefault(d, []).append(item)
    parents: dict[str, list[str]] = {}
    for a, b in edges:
        parents.setdefault(b, []).append(a)
    pos: dict[str, tuple[float, float]] = {}
    for d in sorted(rows):
        row = rows[d]
        if d:
            row.sort(key=lambda item: sum(pos[p][0] for p in parents.get(item, [])) /
                     max(len(parents.get(item, [])), 1))
        for k, item in enumerate(row):
            pos[item] = (k - (len(row) - 1) / 2, -float(d))
    return pos


def colours(w: WindowReport) -> dict[int, list[str]]:
    """Node value -> the colours of the groups that compute it (a producer inlined into a reduction and
    also written by a chain is computed by both)."""
    out: dict[int, list[str]] = {}
    for k, g in enumerate(w.groups):
        for v in g.nodes:
            out.setdefault(v, []).append(group_colour(k))
    return out


def graph_svg(w: WindowReport) -> str | None:
    """The window's graph as an SVG document (None when it has no graph)."""
    graph = w.graph
    if graph is None or not graph.nodes:
        return None
    import matplotlib
    from matplotlib.backends.backend_svg import FigureCanvasSVG
    from matplotlib.figure import Figure

    depth = layers(graph)
    edges = [(f"v{a}", f"v{n.value}") for n in graph.nodes.values() for a in n.args]
    edges += [(f"v{v}", f"s:{name}") for name, v in graph.stores.items()]
    pos = positions(depth, edges)
    xs = [x for x, _ in pos.values()]
    graph_width = 1.5 * max(max(xs) - min(xs) + 1, 2.5)
    legend_width = 2.4 if w.groups else 0.0
    with matplotlib.rc_context({"svg.fonttype": "none", "font.size": 9}):
        fig = Figure(figsize=(graph_width + legend_width, 0.8 * (max(depth.values()) + 1) + 0.4))
        FigureCanvasSVG(fig)
        ax = fig.add_axes((0, 0, graph_width / (graph_width + legend_width), 1))
        ax.set_axis_off()
        for a, b in edges:
            ax.annotate("", xy=pos[b], xytext=pos[a],
                        arrowprops={"arrowstyle": "->", "color": "#555555", "shrinkA": 11, "shrinkB": 11})
        computed_by = colours(w)
        for item, (x, y) in pos.items():
            label, box = item_look(graph, item, computed_by)
            ax.text(x, y, label, ha="center", va="center", bbox=box)
        ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
        ax.set_ylim(-max(depth.values()) - 0.5, 0.5)
        if w.groups:
            legend(fig, w)
        out = io.StringIO()
        fig.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg"):]


def legend(fig: Any, w: WindowReport) -> None:
    from matplotlib.patches import Patch
    fig.legend(handles=[Patch(facecolor=group_colour(k), edgecolor=EDGE, label=f"group {k}: {g.kind}")
                        for k, g in enumerate(w.groups)],
               loc="upper right", frameon=False, title="fill: first group\nborder: also computed by")


def item_look(graph: AccelGraph, item: str, computed_by: dict[int, list[str]]) -> tuple[str, dict]:
    """(label, matplotlib bbox) of a drawn item."""
    if item.startswith("s:"):
        return item[2:], {"boxstyle": "round4,pad=0.3", "facecolor": STORE_FILL, "edgecolor": EDGE}
    v = int(item[1:])
    node = graph.nodes.get(v)
    if node is None:
        fill = CONST_FILL if v in graph.consts else INPUT_FILL
        return value_name(graph, v), {"boxstyle": "square,pad=0.3", "facecolor": fill, "edgecolor": EDGE}
    extra = "" if node.kind == "elementwise" else f" dim={node.dim or 'first'}"
    fill, *more = computed_by.get(v, [NO_GROUP_FILL])
    return f"{node.op}{extra}", {"boxstyle": "round,pad=0.3", "facecolor": fill,
                                 "edgecolor": more[0] if more else EDGE, "linewidth": 3 if more else 1}


def graph_text(windows: list[WindowReport]) -> str:
    """The text fallback of ``%fusion graph``: each window's graph listing and its groups' values."""
    parts = []
    for w in windows:
        if w.graph is None:
            continue
        groups = [f"group {k} ({g.kind}): {' '.join(f'v{v}' for v in g.nodes)}"
                  for k, g in enumerate(w.groups)]
        parts.append("\n".join([f"window {w.region}:", *("  " + r for r in str(w.graph).splitlines()),
                                *("  " + r for r in groups)]))
    return "\n\n".join(parts) or NO_WINDOWS
