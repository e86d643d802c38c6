"""The register-tiled matrix product's shape and WGSL: wgsl/matmul.wgsl's skeleton with its unrolled
parts written here for one ``Tiling`` (block of C per workgroup, k-tile, outputs per invocation), and
the operand reads (``OperandRead``) that kernels.gpu_matmul and the fused product kinds share.

A workgroup computes a ``block_m`` x ``block_n`` block of C; invocation (x, y) of its
(block_m / thread_m) x (block_n / thread_n) grid owns thread_m x thread_n outputs in vec4 registers:
rows 4x..4x+3 of every (block_m / (thread_m / 4))-row band, columns 4y..4y+3 of every band of columns,
so the workgroup-memory reads of one warp are consecutive vec4 (free of bank conflicts); the tiling's
``warp`` shape says how many x and y a warp spans (its distinct vec4 of A and of B). k is walked in
tiles of ``depth``; each invocation loads its share of the next tile (whole vec4 along the operand's
contiguous dimension) into registers while it multiplies the current one out of workgroup memory, then
stores them into the other half of a double buffer: one barrier per k-tile.
"""
from __future__ import annotations

from dataclasses import dataclass
from string import Template

from engine.accel.shaders import render, source

LANES = "xyzw"


@dataclass(frozen=True)
class Tiling:
    """Block of C per workgroup (block_m x block_n), k-tile (depth), outputs per invocation (thread_m x
    thread_n); ``fma``: each multiply-add as WGSL's fma() (one instruction), else ``c + a * b``, which
    the driver may or may not contract (the sweep measures both). ``warp``: the invocations of one
    32-wide warp are ``warp`` x-lanes by 32 / warp y-lanes (0: whole rows of x-lanes, as
    local_invocation_id orders them), which sets how many distinct vec4 of A and of B a warp reads
    from workgroup memory per k-step; ``pair``: the k-loop takes two k-tiles a pass, so every tile
    index is a constant, else one (half the code, the tile's half a register); ``vec2``: workgroup
    memory holds each vec4 as two rows of vec2, so the vec4 of f64 (32 bytes) that a warp reads lie
    together 16 bytes apart, not 32 (a warp's 8 distinct ones fill the 32 banks once, not twice);
    ``fetch``: the k-step of a k-tile before which the next k-tile's global loads are issued (0: before
    the first; later ones hold the staging registers for fewer k-steps), B's at ``fetch_b`` when
    given; ``put``: the k-step before which the staged registers are stored into the other half of the
    tiles (None: after the last); each of these is its own ``if`` block, which also bounds what the
    driver's compiler schedules together; ``ahead``: each k-step's vec4 of A and B are read from
    workgroup memory before the previous k-step's multiply-adds (software pipelining, one more set of
    fragment registers)."""
    block_m: int
    block_n: int
    depth: int
    thread_m: int
    thread_n: int
    fma: bool = True
    warp: int = 0
    pair: bool = True
    vec2: bool = False
    fetch: int = 0
    ahead: bool = False
    fetch_b: int | None = None
    put: int | None = None

    def __post_init__(self) -> None:
        if self.thread_m % 4 or self.thread_n % 4 or self.depth % 4:
            raise ValueError(f"{self}: thread tiles and depth must be multiples of 4")
        if not 0 <= min(self.fetches.values()) <= max(self.fetches.values()) < self.stores <= self.depth:
            raise ValueError(f"{self}: the loads start at a k-step of the tile, the stores at a later one")
        for block in (self.block_m, self.block_n):
            count = self.depth * block // 4       # fewer than the invocations: the first ones load them
            if count % self.threads and count > self.threads:
                raise ValueError(f"{self}: a k-tile's vec4 must split evenly over the invocations")
        lanes_a, lanes_b = self.block_m // self.thread_m, self.block_n // self.thread_n
        if self.warp and (32 % self.warp or lanes_a % self.warp or lanes_b % (32 // self.warp)):
            raise ValueError(f"{self}: a warp of {self.warp} x {32 // max(self.warp, 1)} lanes must tile "
                             f"the {lanes_a} x {lanes_b} invocations")

    @property
    def fetches(self) -> dict[str, int]:
        """The k-step before which each operand's (a, b) next k-tile is loaded."""
        return {"a": self.fetch, "b": self.fetch if self.fetch_b is None else self.fetch_b}

    @property
    def stores(self) -> int:
        """The k-step before which the staged k-tile is stored (depth: after the last)."""
        return self.depth if self.put is None else self.put

    @property
    def threads(self) -> int:
        return self.block_m // self.thread_m * (self.block_n // self.thread_n)

    def workgroup_bytes(self, element: int) -> int:
        """Workgroup memory of both double-buffered tiles, for elements of ``element`` bytes."""
        return 2 * self.depth * (self.block_m + self.block_n) * element

    def __str__(self) -> str:
        shape = f"{self.block_m}x{self.block_n}x{self.depth}/{self.thread_m}x{self.thread_n}"
        if self.warp:
            shape += f" warp {self.warp}x{32 // self.warp}"
        if not self.pair:
            shape += " one tile a loop"
        if self.vec2:
            shape += " vec2 rows"
        if self.fetch_b is not None:
            shape += f" loads of A at k-step {self.fetch}, of B at {self.fetch_b}"
        elif self.fetch:
            shape += f" loads at k-step {self.fetch}"
        if self.put is not None:
            shape += f" stores at k-step {self.put}"
        if self.ahead:
            shape += " fragments ahead"
        return shape if self.fma else shape + " mul+add"


# Chosen by measurement (benchmarks/gpu/matmul_sweep.py --fused, the matmul_epilogue cell on the H100,
# 4096^3 products; see docs/gpu.md): each class's tilings in order of preference; a product takes the
# first whose tiles fit the device's workgroup memory (``product_launch``'s ``storage``). The last fits
# WORKGROUP_STORAGE, which every adapter here has (lavapipe's limit; the provider asks for the
# adapter's): plans are made for that, and a device with more takes its tiling at dispatch. Double's
# first takes 48 KiB (the H100's Vulkan limit is 49,152 bytes).
TILINGS = {"f32": (Tiling(256, 128, 8, 8, 8),),
           "f64": (Tiling(128, 128, 12, 4, 8, warp=2, pair=False, vec2=True, fetch=2, fetch_b=6),
                   Tiling(128, 128, 8, 4, 8, warp=2, pair=False, vec2=True))}
WORKGROUP_STORAGE = 32768
ELEMENT_BYTES = {"f32": 4, "f64": 8}


@dataclass(frozen=True)
class OperandRead:
    """How the kernel reads op(A) (``role`` a: element (i, kk), i a row of C) or op(B) (role b:
    element (kk, i), i a column of C) from the stored matrix ``buffer``: ``deep`` when it lies along
    k (A transposed, B as stored: element at kk + ld * i), else along i (at i + ld * kk); ``centre``
    the buffer of column means subtracted (indexed by the stored matrix's column); ``vector`` when the
    buffer is bound as vec4 of the compute type (ld a multiple of 4, no conversion), so one load
    reads four elements."""
    role: str
    buffer: str
    storage: str
    deep: bool
    ld: str
    centre: str | None = None
    vector: bool = False

    def element(self, t: str, i: str, kk: str) -> str:
        index = f"{kk} + {self.ld} * {i}" if self.deep else f"{i} + {self.ld} * {kk}"
        value = f"{t}({self.buffer}[{index}])"
        return value if self.centre is None else f"({value} - {t}({self.centre}[{i if self.deep else kk}]))"

    def fetch(self, t: str, sizes: tuple[str, str, str]) -> str:
        """WGSL ``fetch_<role>(i, kk)``: four elements from (i, kk) along the contiguous dimension
        (i..i+3 at kk, or kk..kk+3 at i), zero outside the operand."""
        m, k, n = sizes
        extent = m if self.role == "a" else n
        head = f"fn fetch_{self.role}(i: u32, kk: u32) -> vec4<{t}> {{\n"
        if self.vector:
            index = f"(kk + {self.ld} * i) / 4u" if self.deep else f"(i + {self.ld} * kk) / 4u"
            value = f"{self.buffer}[{index}]"
            if self.centre is not None:
                value += f" - {t}({self.centre}[{'i' if self.deep else 'kk'}])"
            return (head + f"    if (i < {extent} && kk < {k}) {{ return {value}; }}\n"
                    f"    return vec4<{t}>();\n}}\n")
        body = f"    var v = vec4<{t}>();\n"
        for e in range(4):
            i, kk = ("i", f"kk + {e}u") if self.deep else (f"i + {e}u", "kk")
            body += f"    if ({i} < {extent} && {kk} < {k}) {{ v.{LANES[e]} = {self.element(t, i, kk)}; }}\n"
        return head + body + "    return v;\n}\n"

    def binding_type(self) -> str:
        return f"vec4<{self.storage}>" if self.vector else self.storage


def vectorisable(storage: str, t: str, ld: int, numel: int) -> bool:
    """Whether a stored operand can be read as vec4: of the compute type, every column (or row)
    starting on a vec4, not empty."""
    return storage == t and ld % 4 == 0 and numel > 0


# A double product of at least RELAY_FLOPS reads an operand that lies along k (B as stored, A
# transposed) from a transposed copy (kernels.gpu_permute) instead: along m or n, as vec4, like the
# other. Measured on the H100 (4096^3, the fused product): 6.54 ms with both operands read along m and
# n against 7.44 with B read along k; single gained nothing (3.09 against 3.10 ms).
RELAY_FLOPS = 2 ** 33


def relaid(t: str, deep: bool, m: int, k: int, n: int, across: int) -> bool:
    """Whether an operand read along k (``deep``) of an m x k by k x n product is transposed first:
    double, large, and the copy's rows (``across``: m for A, n for B) a whole number of vec4 (as
    ``vectorisable`` asks of the stored operand too)."""
    return t == "f64" and deep and 2 * m * k * n >= RELAY_FLOPS and across % 4 == 0


@dataclass(frozen=True)
class Launch:
    """A product's tiling and split-k count (``splits`` workgroups along z share k's tiles)."""
    tiling: Tiling
    splits: int = 1

    def grid(self, m: int, n: int) -> tuple[int, int, int]:
        """Workgroups of the product kernel for an m x n result."""
        return -(-m // self.tiling.block_m), -(-n // self.tiling.block_n), self.splits


# Thin products: a result of few columns (matrix-vector) or few rows (vector-matrix) takes a block one
# vec4 wide, so no work goes to columns (rows) that do not exist; 32 invocations per workgroup.
NARROW = Tiling(128, 4, 8, 4, 4)
FLAT = Tiling(4, 128, 8, 4, 4)
BUSY = 256           # workgroups that keep a large GPU busy (two per SM of an H100), split-k's aim
MIN_SPLIT_TILES = 4  # k-tiles each split multiplies at least


def product_launch(t: str, m: int, k: int, n: int, storage: int | None = None) -> Launch:
    """The tiling for an m x k by k x n product of compute type ``t`` (thin results their own; else the
    first of the class's TILINGS that fits ``storage`` bytes of workgroup memory, by default
    WORKGROUP_STORAGE, or the last), and split-k when its blocks alone are too few to fill the GPU and
    k is long enough to share."""
    if n <= 4 < m or m <= 4 < n:
        return split(NARROW if n <= 4 else FLAT, m, k, n)
    room = WORKGROUP_STORAGE if storage is None else storage
    tilings = TILINGS[t]
    return split(next((x for x in tilings if x.workgroup_bytes(ELEMENT_BYTES[t]) <= room), tilings[-1]), m, k, n)


def split(tiling: Tiling, m: int, k: int, n: int) -> Launch:
    """``tiling`` with split-k where its blocks of the m x n result are fewer than BUSY."""
    blocks = -(-m // tiling.block_m) * -(-n // tiling.block_n)
    tiles = -(-k // tiling.depth)
    splits = max(1, min(-(-BUSY // blocks), tiles // MIN_SPLIT_TILES))
    return Launch(tiling, splits if m * n * splits < 2 ** 31 else 1)


def matmul_source(lib: str, operands: str, t: str, sizes: tuple[str, str, str],
                  reads: tuple[OperandRead, OperandRead], launch: Launch, partial: int) -> str:
    """matmul.wgsl around ``operands`` (WGSL defining the uniform block p, the bindings ``reads``
    name, and ``store(r, c, v)``), for ``launch``; ``sizes`` are the WGSL expressions of m, k, n; with
    split-k, the scratch buffer of partial products is binding ``partial`` (after the operands')."""
    a, b = reads
    tiling = launch.tiling
    parts = Parts(tiling, t, a.deep, b.deep)
    if launch.splits > 1:
        emit = Template(source("matmul_split")).substitute(binding=partial, T=t, m=sizes[0], n=sizes[2],
                                                           splits=f"{launch.splits}u")
    else:
        emit = f"fn emit(r: u32, c: u32, z: u32, v: {t}) {{ store(r, c, v); }}\n"
    return render("matmul", library=lib, operands=operands, T=t, m=sizes[0], k=sizes[1], n=sizes[2],
                  fetch=a.fetch(t, sizes) + "\n" + b.fetch(t, sizes), emit=emit, splits=str(launch.splits),
                  unit=parts.unit, lanes_a=str(parts.lanes["a"]), lanes_b=str(parts.lanes["b"]),
                  rows_a=str(parts.rows["a"] * parts.split), rows_b=str(parts.rows["b"] * parts.split), threads=str(tiling.threads),
                  bm=str(tiling.block_m), bn=str(tiling.block_n), bk=str(tiling.depth),
                  declare=parts.declare(), first=parts.fetch("kt", 2) + "\n" + parts.put("0u", 2),
                  loop=parts.loop(), store=parts.store())


class Parts:
    """The unrolled statements of matmul.wgsl's main for one tiling and operand layout. A tile in
    workgroup memory is an array (two halves, the double buffer) of arrays of rows of ``lanes`` vec4:
    row kk * frags + f of a half holds fragment f of k-step kk (rows 4(f * lanes + x)..+3 of A for
    invocation (x, y); columns 4(f * lanes + y).. of B likewise), so every read in the k-steps is
    [half][constant][lane], the lane fixed for the whole loop: no address arithmetic in the k-steps.
    Invocation (x, y) is ``lx``, ``ly``: the workgroup's invocations in order fill warps of 32 (the
    tiling's ``warp`` x-lanes by 32 / warp y-lanes, or else rows of the x-lanes in turn). With the
    tiling's ``vec2``, row r of a half is the rows 2r (its vec4's x, y) and 2r + 1 (z, w) of vec2."""

    def __init__(self, tiling: Tiling, t: str, deep_a: bool, deep_b: bool) -> None:
        self.tiling, self.t = tiling, t
        self.deep = {"a": deep_a, "b": deep_b}
        self.block = {"a": tiling.block_m, "b": tiling.block_n}
        self.count = {r: tiling.depth * self.block[r] // 4 for r in "ab"}     # vec4 per k-tile
        self.units = {r: -(-self.count[r] // tiling.threads) for r in "ab"}
        self.frags = {"a": tiling.thread_m // 4, "b": tiling.thread_n // 4}
        self.lanes = {"a": tiling.block_m // tiling.thread_m, "b": tiling.block_n // tiling.thread_n}
        self.rows = {r: tiling.depth * self.frags[r] for r in "ab"}          # rows of one half
        self.split = 2 if tiling.vec2 else 1                                 # workgroup rows per row
        self.unit = f"vec{4 // self.split}<{t}>"

    def declare(self) -> str:
        """The invocation's lanes, accumulators, staging registers, and each staged vec4's place
        (``i<r><u>``: row of A or column of B in the block; ``k<r><u>``: k-step in the tile;
        ``row<r><u>``, ``lane<r><u>``: where it goes in a half of the tile)."""
        t, lines, warp, across = self.t, [], self.tiling.warp, self.lanes["a"]
        if warp:
            lines.append(f"let lx = flat % {warp}u + {warp}u * ((flat / 32u) % {across // warp}u);")
            lines.append(f"let ly = (flat % 32u) / {warp}u + {32 // warp}u * (flat / {32 * across // warp}u);")
        else:
            lines.append(f"let lx = flat % {across}u; let ly = flat / {across}u;")
        for f in range(self.frags["a"]):
            for g in range(self.frags["b"]):
                lines.append(" ".join(f"var c{f}_{g}{j}: vec4<{t}>;" for j in range(4)))
        for r in "ab":
            block, quads, lanes = self.block[r], self.tiling.depth // 4, self.lanes[r]
            for u in range(self.units[r]):
                v = f"flat + {u * self.tiling.threads}u"
                if self.deep[r]:
                    lines.append(f"let i{r}{u} = ({v}) / {quads}u; let k{r}{u} = 4u * (({v}) % {quads}u);")
                else:
                    lines.append(f"let i{r}{u} = 4u * (({v}) % {block // 4}u); let k{r}{u} = ({v}) / {block // 4}u;")
                lines.append(f"let row{r}{u} = k{r}{u} * {self.frags[r]}u + i{r}{u} / {4 * lanes}u; "
                             f"let lane{r}{u} = (i{r}{u} / 4u) % {lanes}u;")
                lines.append(f"var s{r}{u}: vec4<{t}>;")
        return "\n".join("    " + line for line in lines)

    def fetch(self, kt: str, indent: int, roles: str = "ab") -> str:
        """Load this invocation's share of the k-tile starting at ``kt`` into the staging registers (of the
        operands in ``roles``)."""
        base = {"a": "row0", "b": "col0"}
        return "\n".join(self.guarded(r, f"s{r}{u} = fetch_{r}({base[r]} + i{r}{u}, {kt} + k{r}{u});", indent)
                         for r in roles for u in range(self.units[r]))

    def guarded(self, role: str, line: str, indent: int) -> str:
        """``line`` for invocations that have a vec4 of the tile (all, unless the tile has fewer)."""
        pad = "    " * indent
        if self.count[role] >= self.tiling.threads:
            return pad + line
        return f"{pad}if (flat < {self.count[role]}u) {{ {line} }}"

    def put(self, half: str, indent: int) -> str:
        """Store the staging registers into the tiles' ``half`` (a WGSL expression)."""
        lines = []
        for r in "ab":
            for u in range(self.units[r]):
                if self.deep[r] and self.split == 1:
                    line = " ".join(f"tile_{r}[{half}][row{r}{u} + {e * self.frags[r]}u][lane{r}{u}][i{r}{u} % 4u] = "
                                    f"s{r}{u}.{LANES[e]};" for e in range(4))
                elif self.deep[r]:
                    line = " ".join(f"tile_{r}[{half}][2u * (row{r}{u} + {e * self.frags[r]}u) + i{r}{u} % 4u / 2u]"
                                    f"[lane{r}{u}][i{r}{u} % 2u] = s{r}{u}.{LANES[e]};" for e in range(4))
                elif self.split == 1:
                    line = f"tile_{r}[{half}][row{r}{u}][lane{r}{u}] = s{r}{u};"
                else:
                    line = (f"tile_{r}[{half}][2u * row{r}{u}][lane{r}{u}] = s{r}{u}.xy; "
                            f"tile_{r}[{half}][2u * row{r}{u} + 1u][lane{r}{u}] = s{r}{u}.zw;")
                lines.append(self.guarded(r, line, indent))
        return "\n".join(lines)

    def loop(self) -> str:
        """The k-loop: with ``pair``, two k-tiles a pass, the first multiplied out of half 0 and the
        second out of half 1, so that every tile index is constant (twice the code); else one, out of
        half ``h`` (the index one register for the whole k-tile)."""
        pad = "    "
        if not self.tiling.pair:
            return "\n".join([f"{pad}for (var t = first; t < last; t = t + 1u) {{",
                              f"{pad}    let h = (t - first) % 2u;", self.half("h", "1u - h", 1),
                              f"{pad}}}"])
        return "\n".join([f"{pad}for (var t = first; t < last; t = t + 2u) {{", f"{pad}    {{",
                          self.half("0u", "1u", 1), f"{pad}    }}", f"{pad}    if (t + 1u < last) {{",
                          self.half("1u", "0u", 2), f"{pad}    }}", f"{pad}}}"])

    def half(self, half: str, other: str, ahead: int) -> str:
        """One k-tile of the loop, multiplied out of the tiles' ``half`` while the next, ``ahead``
        tiles on (when there is one), is loaded into the ``other``: each operand's loads before the
        k-step of the tiling's ``fetches`` (one block where they are the same), the stores before its
        ``stores`` (after the last k-step by default)."""
        pad = "    " * 3
        blocks = {step: [] for step in range(self.tiling.depth + 1)}
        for step in sorted(set(self.tiling.fetches.values())):
            roles = "".join(r for r in "ab" if self.tiling.fetches[r] == step)
            blocks[step].append("\n".join([f"{pad}if (more) {{", f"{pad}    let kt = (t + {ahead}u) * {self.tiling.depth}u;",
                                           self.fetch("kt", 4, roles), f"{pad}}}"]))
        blocks[self.tiling.stores].append("\n".join([f"{pad}if (more) {{", self.put(other, 4), f"{pad}}}"]))
        steps = [text for step, kk in zip(blocks.values(), self.steps(half) + [None])
                 for text in step + [kk] if text is not None]
        return "\n".join([f"{pad}let more = t + {ahead}u < last;", *steps, f"{pad}workgroupBarrier();"])

    def steps(self, half: str) -> list[str]:
        """The k-tile's multiply-adds, unrolled, one text per k-step: the invocation's vec4 of A and of B
        from workgroup memory (with the tiling's ``ahead``, those of the next k-step, the first k-step's
        read before it), then thread_m x thread_n products."""
        pad, depth = "    " * 3, self.tiling.depth
        if not self.tiling.ahead:
            return [f"{pad}{{\n{self.reads(half, kk, '', pad + '    ')}\n{self.products('', pad + '    ')}\n{pad}}}"
                    for kk in range(depth)]
        steps = [self.reads(half, kk + 1, f"_{kk + 1}", pad) + "\n" if kk + 1 < depth else "" for kk in range(depth)]
        steps = [text + self.products(f"_{kk}", pad) for kk, text in enumerate(steps)]
        steps[0] = self.reads(half, 0, "_0", pad) + "\n" + steps[0]
        return steps

    def reads(self, half: str, kk: int, suffix: str, pad: str) -> str:
        """k-step ``kk``'s vec4 of A and of B from the tiles' ``half``, named a<f><suffix>, b<g><suffix>."""
        return "\n".join(f"{pad}let {r}{f}{suffix} = {self.read(r, half, kk * self.frags[r] + f, lane)};"
                         for r, lane in (("a", "lx"), ("b", "ly")) for f in range(self.frags[r]))

    def products(self, suffix: str, pad: str) -> str:
        """A k-step's thread_m x thread_n multiply-adds of the fragments named with ``suffix``."""
        return "\n".join(pad + " ".join(self.multiply_add(f"c{f}_{g}{j}", f"a{f}{suffix}", f"b{g}{suffix}.{LANES[j]}")
                                         for f in range(self.frags["a"]))
                         for g in range(self.frags["b"]) for j in range(4))

    def read(self, role: str, half: str, row: int, lane: str) -> str:
        """The vec4 at ``row`` of the tile's ``half``, at ``lane``."""
        if self.split == 1:
            return f"tile_{role}[{half}][{row}u][{lane}]"
        return f"vec4<{self.t}>(tile_{role}[{half}][{2 * row}u][{lane}], tile_{role}[{half}][{2 * row + 1}u][{lane}])"

    def multiply_add(self, c: str, a: str, b: str) -> str:
        if self.tiling.fma:
            return f"{c} = fma({a}, vec4<{self.t}>({b}), {c});"
        return f"{c} = {c} + {a} * {b};"

    def store(self) -> str:
        lines = []
        for f in range(self.frags["a"]):
            for g in range(self.frags["b"]):
                for j in range(4):
                    lines.append(f"    store4(row0 + {4 * f * self.lanes['a']}u + 4u * lx, "
                                 f"col0 + {4 * g * self.lanes['b'] + j}u + 4u * ly, wg.z, c{f}_{g}{j});")
        return "\n".join(lines)
