"""What the notebook shows of the pool: the ``%parallel`` report (the pool, its workers, the last parfor
loop's chunks and reduction tree) and the progress line of a parfor loop, as MIME bundles."""
from __future__ import annotations

from html import escape
from typing import Any

from .pool import Pool, current_pool


def progress_bundle(done: int, total: int) -> dict[str, str]:
    """A parfor loop's progress: iterations done of the total."""
    text = f"parfor: {done}/{total} iterations"
    html = (f'<div class="matfuse-parfor"><progress value="{done}" max="{max(total, 1)}"></progress> '
            f"parfor: {done}/{total} iterations</div>")
    return {"text/plain": text, "text/html": html}


def parallel_report(state: Any) -> dict[str, str]:
    """``%parallel``: the pool, its workers and the last loop's task graph."""
    pool = current_pool(state)
    if pool is None:
        text = "No parallel pool: parpool(n) starts one, parpool('dask://host:port') attaches to a cluster."
        return {"text/plain": text, "text/html": f"<p>{escape(text)}</p>"}
    sections = [pool_section(pool), workers_section(pool), loop_section(pool)]
    return {"text/plain": "\n\n".join(s[0] for s in sections),
            "text/html": "".join(s[1] for s in sections)}


def table(head: list[str], rows: list[list[Any]]) -> tuple[str, str]:
    cells = [head] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[k]) for r in cells) for k in range(len(head))]
    text = "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells)
    html = "<table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>" + "".join(
        "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in r) + "</tr>" for r in cells[1:]) + "</table>"
    return text, html


def pool_section(pool: Pool) -> tuple[str, str]:
    kind = "local Dask cluster of processes" if pool.cluster is not None else "attached Dask cluster"
    n = pool.num_workers
    line = f"Pool: {n} worker{'' if n == 1 else 's'}, {kind}, scheduler {pool.client.scheduler.address}"
    return line, f"<h4>{escape(line)}</h4>"


def workers_section(pool: Pool) -> tuple[str, str]:
    info = pool.client.scheduler_info(n_workers=-1)["workers"]
    rows = []
    for address in sorted(info):
        w = info[address]
        metrics = w.get("metrics", {})
        rows.append([w.get("name", ""), address, w.get("nthreads", ""),
                     f"{metrics.get('memory', 0) / 2 ** 20:.0f} MiB", metrics.get("executing", 0)])
    text, html = table(["name", "address", "threads", "memory", "running"], rows)
    return "Workers:\n" + text, "<h4>Workers</h4>" + html


def loop_section(pool: Pool) -> tuple[str, str]:
    loop = pool.last_loop
    if loop is None:
        return "No parfor loop has run on this pool yet.", "<p>No parfor loop has run on this pool yet.</p>"
    head = (f"Last parfor loop (line {loop.line}): {loop.iterations} iterations in {len(loop.chunks)} chunks, "
            f"{loop.seconds:.3f} s (workers busy {loop.busy:.3f} s in all)")
    classes, chunks = table(["variable", "class", "indexing"], [list(r) for r in loop.classes.table()]), \
        table(["chunk", "iterations", "worker"],
              [[k + 1, f"{int(first)}..{int(first) + n - 1}", worker] for k, (first, n, worker) in enumerate(loop.chunks)])
    tree = reduction_tree_text(len(loop.chunks)) if loop.classes.reductions else "no reduction"
    text = f"{head}\nVariables:\n{classes[0]}\nTasks:\n{chunks[0]}\nReduction tree: {tree}"
    html = (f"<h4>{escape(head)}</h4><p>Variables</p>{classes[1]}<p>Tasks</p>{chunks[1]}"
            f"<p>Reduction tree: <code>{escape(tree)}</code></p>{graph_svg(loop)}")
    return text, html


def reduction_tree_text(chunks: int) -> str:
    """The pairing of the reduction tree over ``chunks`` chunks, e.g. ((1+2)+(3+4))+5."""
    level = [str(k + 1) for k in range(chunks)]
    while len(level) > 1:
        level = [f"({level[k]}+{level[k + 1]})" if k + 1 < len(level) else level[k] for k in range(0, len(level), 2)]
    return level[0][1:-1] if level[0].startswith("(") else level[0]


def graph_svg(loop: Any) -> str:
    """The loop's task graph: inputs, one box per chunk coloured by worker, the client that merges them."""
    workers = sorted({w for _, _, w in loop.chunks})
    colours = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7"]
    n = len(loop.chunks)
    width, box = max(240, 70 * n), 60
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="170" font-size="11">',
             f'<rect x="{width / 2 - 50}" y="5" width="100" height="24" fill="#ddd"/>'
             f'<text x="{width / 2}" y="21" text-anchor="middle">inputs</text>',
             f'<rect x="{width / 2 - 50}" y="140" width="100" height="24" fill="#ddd"/>'
             f'<text x="{width / 2}" y="156" text-anchor="middle">client</text>']
    for k, (first, count, worker) in enumerate(loop.chunks):
        x = (k + 0.5) * width / n
        colour = colours[workers.index(worker) % len(colours)] if worker in workers else "#999"
        parts.append(f'<line x1="{width / 2}" y1="29" x2="{x}" y2="62" stroke="#888"/>'
                     f'<line x1="{x}" y1="98" x2="{width / 2}" y2="140" stroke="#888"/>'
                     f'<rect x="{x - box / 2}" y="62" width="{box}" height="36" fill="{colour}" opacity="0.8">'
                     f'<title>{escape(worker)}</title></rect>'
                     f'<text x="{x}" y="78" text-anchor="middle" fill="white">{int(first)}..'
                     f'{int(first) + count - 1}</text>'
                     f'<text x="{x}" y="92" text-anchor="middle" fill="white">w{workers.index(worker) if worker in workers else "?"}</text>')
    parts.append("</svg>")
    return "".join(parts)
