"""How MATLAB writes numbers: one format is chosen for a whole array, then every element follows it.

Rules (``format short``; ``format long`` in brackets), as MATLAB's command window and Live Editor show:

- integer-valued double arrays below 1e9 print as integers, right-aligned in columns 6 characters wide
  (12 once a value reaches 1000); NaN, Inf and -Inf take the same columns;
- other double arrays print with 4 [15] decimals in 10 [20] character columns; exact zeros print as
  ``0``; when the largest magnitude reaches 1000 [100] or is at most 0.001, a common factor
  ``1.0e+05 *`` is taken out first;
- scalars print alone: integers as integers (below 1e9), others fixed in that same range, and
  e-notation (``1.0000e+10``) outside it; complex values write both parts in one style
  (``3.0000 + 4.0000i``) and switch to e-notation or a factor from 100 on;
- single uses 7 decimals in ``format long``; integer classes and logical print their integers in columns
  three characters wider than the widest one (``   1   2``);
- ``format shortG`` [``longG``] writes real non-integer doubles with %g and 5 [15] significant digits
  (7 for single), right-aligned in columns 13 [25] wide; integers, integer classes and complex values
  keep the short [long] layout;
- ``format shortE`` [``longE``] writes real non-integer arrays in e-notation with 4 [15] decimals (7 for
  single), right-aligned in columns 13 [25] wide (exact zeros as ``0``); integers, integer classes and
  complex values keep the short [long] layout;
- ``format rat`` writes real double and single arrays as rats does (MATLAB's rats page: "the result is
  the same as using format rat"): every element N/D with one tolerance for the whole array, centered in
  columns 14 wide (a scalar alone: ``x = 355/113``); integer classes, logical and complex values keep
  the short [long] layout.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterator

import numpy as np

from ..rational import RATS_LENGTH, rats_field, rats_tolerance

INT_LIMIT = 1e9          # integer-valued doubles from here on use the floating layout
SMALL = 0.001            # magnitudes at or below this are not written in fixed notation


@dataclass(frozen=True)
class NumberFormat:
    """The layout chosen for one numeric array.

    kind: "int" (integers as is), "fixed" (decimals), "g" (``decimals`` significant digits, %g), "e"
    (e-notation with ``decimals`` decimals), "rat" (rats' N/D within ``tol``) or "complex" (fixed, two
    parts per element); scale: the power of ten divided out of every element (0: none); width: one
    column, separating spaces included; parts: the widths of the real and the imaginary part of a
    complex element.
    """
    kind: str
    decimals: int = 0
    scale: int = 0
    width: int = 0
    parts: tuple[int, int] = (0, 0)
    tol: float = 0.0

    @property
    def scale_line(self) -> str | None:
        return f"   1.0e{self.scale:+03d} *" if self.scale else None


def decimals_for(long: bool, single: bool) -> int:
    if not long:
        return 4
    return 7 if single else 15


def fixed_limit(long: bool, is_complex: bool) -> float:
    """Magnitudes below this (and above SMALL) print in fixed notation."""
    return 100.0 if (long or is_complex) else 1000.0


def is_integer_class(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "iub"


CHUNK = 1 << 16          # elements examined at once: a plan needs no temporary the size of the array


def chunks(arr: np.ndarray) -> Iterator[np.ndarray]:
    """The elements of ``arr`` in 1-D runs of at most CHUNK (views where its memory is contiguous)."""
    flat = arr.ravel(order="K")
    return (flat[k:k + CHUNK] for k in range(0, flat.size, CHUNK))


@dataclass
class Spread:
    """What a format depends on in a run of real values: the finite extremes, the non-finite kinds
    present, and whether every finite value is an integer."""
    lo: float = math.inf
    hi: float = -math.inf
    nan: bool = False
    pinf: bool = False
    ninf: bool = False
    integer: bool = True

    @property
    def maxabs(self) -> float:
        return max(abs(self.lo), abs(self.hi)) if self.lo <= self.hi else 0.0

    def extremes(self) -> list[float]:
        """The few values whose text is the widest: the largest and the smallest finite ones and the
        non-finite kinds present (no smaller magnitude can print wider than these)."""
        found = [self.hi + 0.0, self.lo + 0.0] if self.lo <= self.hi else []
        if self.nan:
            found.append(math.nan)
        return found + [v for v, present in ((math.inf, self.pinf), (-math.inf, self.ninf)) if present]

    def add(self, run: np.ndarray) -> None:
        run = run.astype(np.float64, copy=False)
        lo, hi = float(run.min()), float(run.max())
        if not (math.isfinite(lo) and math.isfinite(hi)):
            self.nan = self.nan or bool(np.isnan(run).any())
            self.pinf = self.pinf or bool((run == math.inf).any())
            self.ninf = self.ninf or bool((run == -math.inf).any())
            run = run[np.isfinite(run)]
            if not run.size:
                return
            lo, hi = float(run.min()), float(run.max())
        self.lo, self.hi = min(self.lo, lo), max(self.hi, hi)
        if self.integer:
            self.integer = bool(np.array_equal(np.rint(run), run))


def spread(arr: np.ndarray, part: Callable[[np.ndarray], np.ndarray] = lambda run: run) -> Spread:
    """The Spread of ``part`` of every element of ``arr`` (its real or imaginary part, ...)."""
    found = Spread()
    for run in chunks(arr):
        found.add(part(run))
    return found


def plan(arr: np.ndarray, long: bool) -> NumberFormat:
    """Choose the format of a whole numeric or logical array (all its pages)."""
    if is_integer_class(arr):
        width = max((len(str(int(v))) for v in (arr.max(), arr.min())), default=1) if arr.size else 1
        return NumberFormat("int", width=width + 3)
    single = arr.dtype in (np.float32, np.complex64)
    if arr.dtype.kind == "c":
        return _plan_complex(spread(arr, np.real), spread(arr, lambda run: np.abs(run.imag)), long, single)
    return _plan_real(spread(arr), long, single)


def plan_g(arr: np.ndarray, long: bool) -> NumberFormat:
    """The ``format shortG``/``longG`` layout of a whole array (the short/long one where G changes
    nothing: integers, integer classes, complex)."""
    nf = plan(arr, long)
    if nf.kind != "fixed":
        return nf
    single = arr.dtype == np.float32
    return NumberFormat("g", g_digits(long, single), width=(15 if single else 25) if long else 13)


def plan_e(arr: np.ndarray, long: bool) -> NumberFormat:
    """The ``format shortE``/``longE`` layout of a whole array (the short/long one where E changes
    nothing: integers, integer classes, complex)."""
    nf = plan(arr, long)
    if nf.kind != "fixed":
        return nf
    decimals = decimals_for(long, arr.dtype == np.float32)
    return NumberFormat("e", decimals, width=decimals + 9)


def plan_rat(arr: np.ndarray, long: bool) -> NumberFormat:
    """The ``format rat`` layout of a whole array: rats' fields and tolerance for real double and
    single arrays, the short/long layout for the others."""
    if is_integer_class(arr) or arr.dtype.kind == "c":
        return plan(arr, long)
    return NumberFormat("rat", width=RATS_LENGTH + 1, tol=rats_tolerance(arr.astype(np.float64)))


def g_digits(long: bool, single: bool) -> int:
    return (7 if single else 15) if long else 5


def g_text(v: float, digits: int) -> str:
    """One real number as MATLAB's G formats write it: %g with ``digits`` significant digits."""
    if not math.isfinite(v):
        return int_text(v)
    return f"{v + 0.0:.{digits}g}"


def _scale_exponent(maxabs: float, limit: float) -> int:
    """Power of ten taken out: 0 inside the fixed range; the leading digit's power above it; one more
    than that below it (so 6.5e-4 is written 1.0e-03 * 0.6557)."""
    if SMALL < maxabs < limit or maxabs == 0 or not math.isfinite(maxabs):
        return 0
    exponent = math.floor(math.log10(maxabs))
    return exponent if maxabs >= 1 else exponent + 1


def _plan_real(values: Spread, long: bool, single: bool) -> NumberFormat:
    maxabs, extremes = values.maxabs, values.extremes()
    if maxabs < INT_LIMIT and values.integer:
        width = max(len(int_text(v)) for v in extremes)
        return NumberFormat("int", width=max(6 if maxabs < 1000 else 12, width + 2))
    decimals = decimals_for(long, single)
    partial = NumberFormat("fixed", decimals, _scale_exponent(maxabs, fixed_limit(long, False)))
    field = max(len(element_text(v, partial)) for v in extremes)
    base = decimals + 5 if long else 10
    return NumberFormat("fixed", decimals, partial.scale, max(base, field + 2))


def _plan_complex(re: Spread, im: Spread, long: bool, single: bool) -> NumberFormat:
    maxabs = max(re.maxabs, im.maxabs)
    decimals = decimals_for(long, single)
    partial = NumberFormat("complex", decimals, _scale_exponent(maxabs, fixed_limit(long, True)))
    widths = tuple(max(len(part_text(v, partial)) for v in p.extremes()) for p in (re, im))
    return NumberFormat("complex", decimals, partial.scale, 3 + widths[0] + 3 + widths[1] + 1, widths)


def int_text(v: float) -> str:
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "Inf" if v > 0 else "-Inf"
    return str(int(v))


def part_text(v: float, nf: NumberFormat) -> str:
    """One real number in the fixed style of ``nf`` (no exact-zero shortcut: complex parts keep digits)."""
    if not math.isfinite(v):
        return int_text(v)
    return f"{v / 10.0 ** nf.scale:.{nf.decimals}f}" if nf.scale else f"{v:.{nf.decimals}f}"


def element_text(v, nf: NumberFormat) -> str:
    """One real element, unpadded, in the format ``nf`` ("int" or "fixed")."""
    if nf.kind == "int":
        return str(int(v)) if isinstance(v, (np.integer, np.bool_)) else int_text(float(v))
    if nf.kind == "g":
        return g_text(float(v), nf.decimals)
    if nf.kind == "rat":
        return rats_field(float(v), nf.tol).strip()
    v = float(v) + 0.0
    if nf.kind == "e":
        return "0" if v == 0 else int_text(v) if not math.isfinite(v) else f"{v:.{nf.decimals}e}"
    return "0" if v == 0 else part_text(v, nf)


def complex_text(z: complex, nf: NumberFormat, pads: tuple[int, int] = (0, 0)) -> str:
    re, im = z.real + 0.0, z.imag + 0.0
    sign = "-" if im < 0 else "+"
    return f"{part_text(re, nf).rjust(pads[0])} {sign} {part_text(abs(im), nf).rjust(pads[1])}i"


def render_column(values: np.ndarray, nf: NumberFormat) -> list[str]:
    """Every element of a 1-D run of values, padded to its column (separating spaces included).
    Formats whole runs at once; zeros and non-finite values are patched afterwards."""
    if nf.kind == "complex":
        return ["   " + complex_text(z, nf, nf.parts) for z in values.tolist()]
    if values.dtype.kind in "iub":
        return [f"{v:>{nf.width}d}" for v in values.tolist()]
    values = values.astype(np.float64) + 0.0
    if nf.kind == "rat":
        return [rats_field(v, nf.tol) for v in values.tolist()]
    if nf.kind in ("g", "e"):
        return [element_text(v, nf).rjust(nf.width) for v in values.tolist()]
    if nf.kind == "int":
        texts = [f"{v:>{nf.width}.0f}" for v in values.tolist()]
        special = ~np.isfinite(values)
    else:
        scaled = values / 10.0 ** nf.scale if nf.scale else values
        texts = [f"{v:>{nf.width}.{nf.decimals}f}" for v in scaled.tolist()]
        special = ~np.isfinite(values) | (values == 0)
    for k in np.flatnonzero(special):
        texts[k] = element_text(values[k], nf).rjust(nf.width)
    return texts


# ---- scalars -------------------------------------------------------------------------------------

def scalar_text(value, long: bool) -> str:
    """A numeric or logical scalar as ``x = ...`` and container summaries show it: ``5``, ``-0.5000``,
    ``1.0000e+10``, ``3.0000 + 4.0000i``."""
    arr = np.asarray(value)
    if is_integer_class(arr):
        return str(int(arr.reshape(-1)[0]))
    single = arr.dtype in (np.float32, np.complex64)
    decimals = decimals_for(long, single)
    if arr.dtype.kind == "c":
        return _complex_scalar_text(complex(arr.reshape(-1)[0]), long, decimals)
    return real_scalar_text(float(arr.reshape(-1)[0]) + 0.0, long, decimals)


def g_scalar_text(value, long: bool) -> str:
    """A scalar as ``x = ...`` shows it in ``format shortG``/``longG``: ``3.1416``, ``1e+10``."""
    arr = np.asarray(value)
    if plan_g(arr, long).kind != "g":
        return scalar_text(value, long)
    return g_text(float(arr.reshape(-1)[0]), g_digits(long, arr.dtype == np.float32))


def e_scalar_text(value, long: bool) -> str:
    """A scalar as ``x = ...`` shows it in ``format shortE``/``longE``: ``3.1416e+00``, ``5``."""
    arr = np.asarray(value)
    nf = plan_e(arr, long)
    return element_text(arr.reshape(-1)[0], nf) if nf.kind == "e" else scalar_text(value, long)


def rat_scalar_text(value, long: bool) -> str:
    """A scalar as ``x = ...`` shows it in ``format rat``: ``355/113``, ``-3/4``, ``5``."""
    arr = np.asarray(value)
    nf = plan_rat(arr, long)
    return element_text(arr.reshape(-1)[0], nf) if nf.kind == "rat" else scalar_text(value, long)


def real_scalar_text(x: float, long: bool, decimals: int) -> str:
    if not math.isfinite(x):
        return int_text(x)
    if x == int(x) and abs(x) < INT_LIMIT:
        return str(int(x))
    if SMALL < abs(x) < fixed_limit(long, False):
        return f"{x:.{decimals}f}"
    return f"{x:.{decimals}e}"


def _complex_scalar_text(z: complex, long: bool, decimals: int) -> str:
    re, im = z.real + 0.0, z.imag + 0.0
    finite = [abs(p) for p in (re, im) if math.isfinite(p)]
    maxabs = max(finite, default=0.0)
    style = "e" if maxabs and not SMALL < maxabs < fixed_limit(long, True) else "f"

    def part(p: float) -> str:
        return int_text(p) if not math.isfinite(p) else f"{p:.{decimals}{style}}"
    sign = "-" if im < 0 else "+"
    return f"{part(re)} {sign} {part(abs(im))}i"


def scalar_needs_own_line(value, long: bool) -> bool:
    """Whether a scalar shown on its own (disp, typed scalars) is written in e-notation, which MATLAB
    indents by three spaces instead of aligning it in a column."""
    text = scalar_text(value, long)
    return "e+" in text or "e-" in text
