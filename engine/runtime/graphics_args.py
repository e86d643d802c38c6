"""Arguments of the graphics builtins: text and numbers, line specs, colors, name-value pairs, colormaps.

Everything here turns MATLAB values into what matplotlib takes, and raises MatlabError for bad input.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .errors import MatlabError
from .values import CellArray, CharArray, StringArray, is_array_like, to_array

# MATLAB's default axes ColorOrder (R2014b and later)
COLOR_ORDER = ((0.0, 0.4470, 0.7410), (0.8500, 0.3250, 0.0980), (0.9290, 0.6940, 0.1250),
               (0.4940, 0.1840, 0.5560), (0.4660, 0.6740, 0.1880), (0.3010, 0.7450, 0.9330),
               (0.6350, 0.0780, 0.1840))
COLOR_LETTERS = {"r": (1.0, 0.0, 0.0), "g": (0.0, 1.0, 0.0), "b": (0.0, 0.0, 1.0), "c": (0.0, 1.0, 1.0),
                 "m": (1.0, 0.0, 1.0), "y": (1.0, 1.0, 0.0), "k": (0.0, 0.0, 0.0), "w": (1.0, 1.0, 1.0)}
COLOR_NAMES = {"red": "r", "green": "g", "blue": "b", "cyan": "c", "magenta": "m", "yellow": "y",
               "black": "k", "white": "w"}
LINE_STYLES = ("--", "-.", "-", ":")
MARKERS = {"o": "o", "+": "+", "*": "*", ".": ".", "x": "x", "s": "s", "d": "D", "^": "^", "v": "v",
           ">": ">", "<": "<", "p": "p", "h": "h", "_": "_", "|": "|"}
MARKER_WORDS = {"square": "s", "diamond": "D", "pentagram": "p", "hexagram": "h", "none": "None",
                "circle": "o"}
# parula(8) anchors; matplotlib interpolates between them (an approximation of MATLAB's parula)
PARULA = ((0.2422, 0.1504, 0.6603), (0.2810, 0.3228, 0.9579), (0.1786, 0.5289, 0.9682),
          (0.0689, 0.6948, 0.8394), (0.2161, 0.7843, 0.5923), (0.6720, 0.7793, 0.2227),
          (0.9970, 0.7659, 0.2199), (0.9769, 0.9839, 0.0805))
COLORMAPS = ("parula", "jet", "hot", "gray", "cool", "spring", "summer", "autumn", "winter", "bone",
             "copper", "pink", "hsv", "turbo", "lines")


def is_text(value: Any) -> bool:
    """A char row or a string scalar."""
    return (type(value) is CharArray and value.shape[0] <= 1) or (
        type(value) is StringArray and value.shape == (1, 1))


def text(value: Any, what: str = "argument") -> str:
    """A char row or string scalar as str; a char matrix gives its rows joined by newlines."""
    if type(value) is CharArray:
        return "\n".join(value.rows()) if value.shape[0] > 1 else value.to_str()
    if type(value) is StringArray and value.shape == (1, 1) and value.data[0, 0] is not None:
        return value.data[0, 0]
    raise MatlabError("MATLAB:graphics:invalidText", f"The {what} must be a character vector or string scalar.")


def label_text(value: Any) -> str:
    """Text for a title or label: char, string, or a cell/string array of lines."""
    if type(value) is CellArray:
        return "\n".join(text(v, "label") for v in value.data.ravel(order="F"))
    if type(value) is StringArray:
        return "\n".join(v or "" for v in value.data.ravel(order="F"))
    return text(value, "label")


def text_list(value: Any) -> list[str]:
    """A cell array of texts, a string array, or one text, as a list of str."""
    if type(value) is CellArray:
        return [text(v, "label") for v in value.data.ravel(order="F")]
    if type(value) is StringArray:
        return [v or "" for v in value.data.ravel(order="F")]
    return [text(value, "label")]


def numbers(value: Any, what: str = "data") -> np.ndarray:
    """A numeric or logical value as a float64 (or complex128) 2-D array."""
    if type(value) in (CharArray, StringArray, CellArray) or not _numeric(value):
        raise MatlabError("MATLAB:graphics:invalidData", f"The {what} must be numeric.")
    arr = to_array(value)
    return arr.astype(np.complex128 if np.iscomplexobj(arr) else np.float64)


DRAWN_LIMIT = 1e200        # matplotlib's round limits, 3-D projection and log ticks (a stride of decades past the
                           # last) overflow for data near realmax


def drawable(values: np.ndarray) -> np.ndarray:
    """Coordinates as matplotlib is asked to draw them: finite values past DRAWN_LIMIT (data near realmax)
    are drawn at it, so the figure draws instead of failing (reading the data back gives the drawn values)."""
    return np.where(np.isfinite(values), np.clip(values, -DRAWN_LIMIT, DRAWN_LIMIT), values)


MAX_DRAWN_MARKER = 1e8     # points squared: a marker over 100 inches wide, past any figure


def set_marker_sizes(points: Any, sizes: np.ndarray | float) -> None:
    """A scatter's SizeData: matplotlib draws each size clamped to MAX_DRAWN_MARKER (its time to draw
    an outline grows with the size: 1e300 took minutes), while SizeData reads back the sizes given."""
    points.matfuse_sizes = sizes
    points.set_sizes(np.minimum(np.ravel(sizes), MAX_DRAWN_MARKER))


def _numeric(value: Any) -> bool:
    return is_array_like(value)


def is_numeric(value: Any) -> bool:
    return type(value) not in (CharArray, StringArray, CellArray) and _numeric(value)


def scalar(value: Any, what: str = "value") -> float:
    arr = numbers(value, what)
    if arr.size != 1 or np.iscomplexobj(arr):
        raise MatlabError("MATLAB:graphics:notScalar", f"The {what} must be a real scalar.")
    return float(arr.real.ravel()[0])


def counts(value: Any, what: str) -> list[int] | None:
    """The elements of a real numeric argument truncated to ints (grid sizes, positions), or None when one
    is NaN or infinite (the caller raises its own error)."""
    arr = numbers(value, what).real.ravel()
    return [int(v) for v in arr] if np.all(np.isfinite(arr)) else None


@dataclass
class LineSpec:
    linestyle: str | None = None
    marker: str | None = None
    color: tuple[float, float, float] | None = None

    def style(self) -> dict[str, Any]:
        """matplotlib keyword arguments; a marker without a line style draws markers only (MATLAB)."""
        kw: dict[str, Any] = {}
        if self.color is not None:
            kw["color"] = self.color
        if self.marker is not None:
            kw["marker"] = self.marker
        if self.linestyle is not None:
            kw["linestyle"] = self.linestyle
        elif self.marker is not None:
            kw["linestyle"] = "None"
        return kw


def parse_linespec(spec: str) -> LineSpec | None:
    """Parse a MATLAB line spec like ``'r--o'`` (blanks around and between its parts ignored, as MATLAB and
    Octave do with ``'r+ '`` and ``'o - r'``), or a color's long name alone (``plot(x, y, 'green')``, ColorSpec's documented equivalent of
    ``'g'``); None if the text is not a line spec. Letters are read in either case, as MATLAB reads them
    (``plot(x, y, '-O')``, ``'R*'``; eight corpus programs write ``'O'``)."""
    spec = spec.strip(" ").lower()
    if spec in COLOR_NAMES:
        return LineSpec(color=COLOR_LETTERS[COLOR_NAMES[spec]])
    out, k = LineSpec(), 0
    while k < len(spec):
        style = next((s for s in LINE_STYLES if spec.startswith(s, k)), None)
        if style is not None and out.linestyle is None:
            out.linestyle, k = style, k + len(style)
        elif spec[k] in MARKERS and out.marker is None:
            out.marker, k = MARKERS[spec[k]], k + 1
        elif spec[k] in COLOR_LETTERS and out.color is None:
            out.color, k = COLOR_LETTERS[spec[k]], k + 1
        elif spec[k] == " ":
            k += 1
        else:
            return None
    return out if spec else None


def color(value: Any) -> Any:
    """A MATLAB color (letter, name, '#RRGGBB', RGB triplet in [0, 1], 'none') for matplotlib."""
    if is_text(value):
        name = text(value).strip().lower()
        name = COLOR_NAMES.get(name, name)
        if name in COLOR_LETTERS:
            return COLOR_LETTERS[name]
        if name == "none":
            return "none"
        if len(name) == 7 and name[0] == "#" and all(c in "0123456789abcdef" for c in name[1:]):
            return name
        raise MatlabError("MATLAB:graphics:invalidColor", f"Invalid color name '{name}'.")
    rgb = numbers(value, "color").real.ravel()
    if rgb.size != 3 or np.any(rgb < 0) or np.any(rgb > 1):
        raise MatlabError("MATLAB:graphics:invalidColor",
                          "Color value must be a 3-element vector with values between 0 and 1.")
    return tuple(float(c) for c in rgb)


@dataclass
class Options:
    """Name-value pairs of a graphics call, with lower-cased names."""
    values: dict[str, Any] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)

    def pop(self, name: str, default: Any = None) -> Any:
        return self.values.pop(name.lower(), default)

    def check_empty(self, function: str) -> None:
        """Raise for any name that the function did not use."""
        if self.values:
            name = next(n for n in self.order if n.lower() in self.values)
            raise MatlabError("MATLAB:graphics:unknownProperty",
                              f"Unrecognized property '{name}' for {function}.")


def name_values(args: list[Any], function: str) -> Options:
    """Parse trailing ``'Name', value`` pairs."""
    if len(args) % 2:
        raise MatlabError("MATLAB:graphics:nameValuePairs",
                          f"Invalid parameter/value pair arguments for {function}.")
    opts = Options()
    for name, value in zip(args[::2], args[1::2]):
        key = text(name, "property name")
        opts.values[key.lower()] = value
        opts.order.append(key)
    return opts


LINE_PROPERTIES = {"linewidth": "linewidth", "markersize": "markersize", "color": "color",
                   "markerfacecolor": "markerfacecolor", "markeredgecolor": "markeredgecolor",
                   "linestyle": "linestyle", "marker": "marker", "displayname": "label"}


def line_properties(opts: Options, function: str) -> dict[str, Any]:
    """matplotlib Line2D keyword arguments for MATLAB line properties."""
    kw: dict[str, Any] = {}
    for name, mpl_name in LINE_PROPERTIES.items():
        value = opts.pop(name)
        if value is None:
            continue
        if name in ("linewidth", "markersize"):
            kw[mpl_name] = scalar(value, name)
        elif "color" in name:
            kw[mpl_name] = color(value)
        elif name == "marker":
            word = text(value).lower()
            kw[mpl_name] = MARKER_WORDS.get(word, MARKERS.get(word, word))
        else:
            kw[mpl_name] = text(value)
    opts.check_empty(function)
    return kw


def line_style(spec: LineSpec | None, props: dict[str, Any]) -> dict[str, Any]:
    """Line2D keyword arguments from a line spec and line properties, with MATLAB's marker faces: hollow
    (MarkerFaceColor 'none') unless a face color is given; the point marker '.' is a filled dot."""
    kw = {**(spec or LineSpec()).style(), **props}
    face = kw.get("markerfacecolor", "none")
    kw["fillstyle"] = "full" if kw.get("marker") == "." or not (type(face) is str and face == "none") \
        else "none"
    return kw


def colormap_from_name(name: str, n: int = 256) -> Any:
    """A matplotlib colormap for a MATLAB colormap name."""
    from matplotlib.colors import LinearSegmentedColormap
    import matplotlib
    if name in ("parula", "default"):           # colormap('default') restores parula
        return LinearSegmentedColormap.from_list("parula", PARULA, N=n)
    if name == "lines":                      # the axes color order, repeated
        from matplotlib.colors import ListedColormap
        return ListedColormap([COLOR_ORDER[k % len(COLOR_ORDER)] for k in range(n)], name="lines")
    if name not in COLORMAPS:
        raise MatlabError("MATLAB:colormap:invalidName", f"Unknown colormap '{name}'.")
    if name in FORMULA_COLORMAPS:
        from matplotlib.colors import ListedColormap
        return ListedColormap(FORMULA_COLORMAPS[name](n), name=name)
    return matplotlib.colormaps[name].resampled(n)


# MATLAB's colormaps that are formulas of the number of colors m (its gray.m, hot.m, jet.m, ...; GNU
# Octave's agree): matplotlib's maps of the same names differ (its jet, hot, bone, copper, pink, hsv).
def _ramp(m: int) -> np.ndarray:
    return np.arange(m, dtype=np.float64)[:, None] / max(m - 1, 1)


def _hot(m: int) -> np.ndarray:
    n = 3 * m // 8
    r = np.concatenate([np.arange(1, n + 1) / max(n, 1), np.ones(m - n)])
    g = np.concatenate([np.zeros(n), np.arange(1, n + 1) / max(n, 1), np.ones(m - 2 * n)])
    b = np.concatenate([np.zeros(2 * n), np.arange(1, m - 2 * n + 1) / max(m - 2 * n, 1)])
    return np.column_stack([r, g, b])


def _jet(m: int) -> np.ndarray:
    n = -(-m // 4)
    u = np.concatenate([np.arange(1, n + 1) / n, np.ones(n - 1), np.arange(n, 0, -1) / n])
    g = (-(-n // 2) - (m % 4 == 1) + np.arange(1, u.size + 1)) - 1          # 0-based rows
    r, b = g + n, g - n
    g, r, b = g[g < m], r[r < m], b[b >= 0]
    out = np.zeros((m, 3))
    out[r, 0], out[g, 1], out[b, 2] = u[:r.size], u[:g.size], u[u.size - b.size:]
    return out


def _hsv(m: int) -> np.ndarray:
    from matplotlib.colors import hsv_to_rgb
    return hsv_to_rgb(np.column_stack([np.arange(m) / max(m, 1), np.ones(m), np.ones(m)]))


FORMULA_COLORMAPS = {
    "gray": lambda m: np.repeat(_ramp(m), 3, axis=1),
    "hot": _hot,
    "jet": _jet,
    "hsv": _hsv,
    "cool": lambda m: np.hstack([_ramp(m), 1 - _ramp(m), np.ones((m, 1))]),
    "spring": lambda m: np.hstack([np.ones((m, 1)), _ramp(m), 1 - _ramp(m)]),
    "summer": lambda m: np.hstack([_ramp(m), 0.5 + _ramp(m) / 2, np.full((m, 1), 0.4)]),
    "autumn": lambda m: np.hstack([np.ones((m, 1)), _ramp(m), np.zeros((m, 1))]),
    "winter": lambda m: np.hstack([np.zeros((m, 1)), _ramp(m), 0.5 + (1 - _ramp(m)) / 2]),
    "bone": lambda m: (7 * np.repeat(_ramp(m), 3, axis=1) + _hot(m)[:, ::-1]) / 8,
    "copper": lambda m: np.minimum(1, _ramp(m) * np.array([1.25, 0.7812, 0.4975])),
    "pink": lambda m: np.sqrt((2 * np.repeat(_ramp(m), 3, axis=1) + _hot(m)) / 3),
}


def colormap_from_matrix(value: Any) -> Any:
    """A matplotlib colormap from an m-by-3 matrix of RGB values in [0, 1]."""
    from matplotlib.colors import ListedColormap
    rgb = numbers(value, "colormap").real
    if rgb.ndim != 2 or rgb.shape[1] != 3 or rgb.shape[0] < 1 or np.any(rgb < 0) or np.any(rgb > 1):
        raise MatlabError("MATLAB:colormap:invalidMap",
                          "Colormap must be an m-by-3 matrix of values between 0 and 1.")
    return ListedColormap(rgb)


def colormap_matrix(cmap: Any, n: int | None = None) -> np.ndarray:
    """The m-by-3 RGB matrix of a matplotlib colormap (its own size by default)."""
    n = n or cmap.N
    return np.ascontiguousarray(cmap(np.linspace(0.0, 1.0, n))[:, :3], dtype=np.float64)


# ----------------------------------------------------------------------------- MATLAB's TeX interpreter

# MATLAB's TeX symbols that are not Greek letters (the Greek ones are found by their Unicode names)
TEX_SYMBOLS = {
    "sim": "∼", "leq": "≤", "geq": "≥", "neq": "≠", "infty": "∞", "pm": "±", "approx": "≈", "times": "×",
    "div": "÷", "cdot": "·", "partial": "∂", "nabla": "∇", "circ": "∘", "bullet": "•", "leftarrow": "←",
    "rightarrow": "→", "uparrow": "↑", "downarrow": "↓", "leftrightarrow": "↔", "Leftarrow": "⇐",
    "Rightarrow": "⇒", "forall": "∀", "exists": "∃", "in": "∈", "ni": "∋", "subset": "⊂", "supset": "⊃",
    "subseteq": "⊆", "supseteq": "⊇", "cup": "∪", "cap": "∩", "int": "∫", "propto": "∝", "equiv": "≡",
    "cong": "≅", "perp": "⊥", "angle": "∠", "ldots": "…", "prime": "′", "surd": "√", "neg": "¬",
    "wedge": "∧", "vee": "∨", "oplus": "⊕", "otimes": "⊗", "oslash": "⊘", "aleph": "ℵ", "Re": "ℜ",
    "Im": "ℑ", "wp": "℘", "ast": "∗", "mid": "|", "langle": "⟨", "rangle": "⟩", "lceil": "⌈",
    "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋", "copyright": "©", "clubsuit": "♣", "diamondsuit": "♦",
    "heartsuit": "♥", "spadesuit": "♠", "o": "ø", "0": "∅", "varsigma": "ς", "vartheta": "ϑ",
    "varpi": "ϖ", "epsilon": "ε"}
TEX_MODIFIERS = ("bf", "it", "sl", "rm")                    # font styles: dropped
TEX_MODIFIERS_WITH_ARGUMENT = ("fontname", "fontsize", "color")
TEX_TOKEN = re.compile(r"\\([a-zA-Z]+|0)(\[[^]]*\])?(\{[^}]*\})?|\\(.)|([\^_])(\{[^}]*\}|.)|(\$)")


def tex_symbol(name: str) -> str | None:
    """The character of a MATLAB TeX symbol name (alpha, Gamma, leq, ...), or None."""
    if name in TEX_SYMBOLS:
        return TEX_SYMBOLS[name]
    case = "CAPITAL" if name[:1].isupper() else "SMALL"
    try:
        return unicodedata.lookup(f"GREEK {case} LETTER {name.upper()}")
    except KeyError:
        return None


def tex_to_mathtext(string: str) -> str:
    """A text in MATLAB's TeX markup as matplotlib draws it: symbols (\\alpha, \\leq) as their
    characters, x^2 and x_{10} as mathtext super- and subscripts, font modifiers (\\bf, \\color{red})
    dropped, \\_ \\^ \\{ \\} \\\\ as the characters, and a literal $ escaped."""
    return TEX_TOKEN.sub(_tex_token, string)


def _tex_token(match: re.Match) -> str:
    name, _, argument, escaped, script, operand, dollar = match.groups()
    if dollar:
        return r"\$"
    if escaped is not None:
        return r"\$" if escaped == "$" else escaped
    if script:
        inner = operand[1:-1] if operand.startswith("{") else operand
        inner = TEX_TOKEN.sub(_tex_token, inner).replace(" ", r"\ ")
        return f"${script}{{{inner}}}$"
    if name in TEX_MODIFIERS_WITH_ARGUMENT:
        return ""
    if name in TEX_MODIFIERS:
        return "" if argument is None else argument[1:-1]
    symbol = tex_symbol(name)
    return (symbol if symbol is not None else "\\" + name) + (argument or "")


def tex_display(string: str) -> str:
    """What a text artist (parse_math on) shows for a string with MATLAB's default 'tex' interpreter:
    tex_to_mathtext's result, or where its math does not parse, the string with its $ escaped."""
    shown = tex_to_mathtext(string)
    if "$" not in shown.replace(r"\$", ""):
        return shown
    from matplotlib.mathtext import MathTextParser
    try:
        MathTextParser("path").parse(shown)
    except ValueError:
        return string.replace("$", r"\$")
    return shown
