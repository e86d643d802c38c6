"""Figures as the front end receives them, and the graphics state kept per session.

The graphics builtins (builtins/graphics.py) draw on matplotlib figures (Agg, no pyplot global state) kept
in ``state.extras["graphics"]``. At the end of each execute, Session calls ``flush_figures(state)``, which
renders every figure that is new or changed since the last flush. ``drawnow`` renders at once and hands
the image to the figure sink the front end installed (``set_figure_sink``), so progress shows in loops.

The ``%plot`` magic changes ``PlotSettings``: image format (png or svg), size in CSS pixels, resolution.
PNGs are rendered at ``resolution`` dpi for a figure of ``width``x``height`` pixels at 96 dpi, so the
default 192 dpi gives a sharp image on HiDPI screens, shown at its logical size through the width/height
metadata.
"""
from __future__ import annotations

import functools
import io
from dataclasses import dataclass, field
from typing import Any, Callable

from .context import SessionState
from .errors import MatlabError

CSS_DPI = 96.0
FORMATS = ("png", "svg")
# matplotlib settings that give MATLAB's look (thin lines, ticks inside on all four sides, nice round
# limits, '-' for minus); applied while drawing and while rendering, never globally. Marker faces and tick
# labels are MATLAB's too: see graphics_args.line_style and matlab_tick_labels below.
STYLE = {"lines.linewidth": 0.5, "lines.markersize": 6.0, "xtick.direction": "in",
         "ytick.direction": "in", "xtick.top": True, "ytick.right": True, "font.size": 9.0,
         "axes.titlesize": 10.0, "axes.titleweight": "bold", "axes.xmargin": 0.0, "axes.ymargin": 0.0,
         "axes.autolimit_mode": "round_numbers", "axes.linewidth": 0.5, "axes.unicode_minus": False,
         "grid.linewidth": 0.5, "grid.alpha": 0.3, "figure.facecolor": "white", "savefig.facecolor": "white",
         "image.interpolation": "nearest", "svg.fonttype": "none"}


@dataclass(frozen=True)
class Figure:
    """One rendered figure: PNG bytes (always), SVG text (when the svg format is on), logical size."""
    number: int
    png: bytes
    width: int
    height: int
    svg: str | None = None

    def mimebundle(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Jupyter ``(data, metadata)`` for display_data: image/png (+ image/svg+xml) with its size."""
        size = {"width": self.width, "height": self.height}
        data: dict[str, Any] = {"image/png": self.png, "text/plain": f"<Figure {self.number}>"}
        metadata: dict[str, Any] = {"image/png": size}
        if self.svg is not None:
            data["image/svg+xml"] = self.svg
            metadata["image/svg+xml"] = size
        return data, metadata


@dataclass
class PlotSettings:
    """Session-wide output settings for figures (the ``%plot`` magic)."""
    format: str = "png"
    width: int = 560          # MATLAB's default figure size, in CSS pixels
    height: int = 420
    resolution: int = 192     # dpi of the PNG (2x of 96: HiDPI)

    def describe(self) -> str:
        return (f"format: {self.format}, size: {self.width}x{self.height} px, "
                f"resolution: {self.resolution} dpi")


@dataclass
class AxesState:
    """One axes of a figure: the matplotlib Axes and what MATLAB keeps about it."""
    mpl: Any                                   # matplotlib Axes (2-D or 3-D)
    handle: float
    hold: bool = False
    series: list[Any] = field(default_factory=list)   # plotted artists in order (legend entries)
    colorbar: Any = None
    side: str = ""                             # "left" or "right" once yyaxis made a pair of y-axes
    twin: AxesState | None = None              # the other side of a yyaxis pair
    cycler: Any = None                         # its own color/line style order (yyaxis), else the figure's


@dataclass
class TileLayout:
    """A tiledlayout: an m-by-n grid of tiles, or a 'flow' grid that grows as tiles are added."""
    rows: int
    cols: int
    flow: bool
    handle: float = 0.0
    last: int = 0                              # the last tile nexttile made (1-based)
    spacing: str = "loose"                     # TileSpacing: loose, compact, tight, none
    padding: str = "loose"                     # Padding: loose, compact, tight
    figure: Any = None                         # the matplotlib figure it lays out


@dataclass
class FigureState:
    """A MATLAB figure: its matplotlib figure, axes by subplot key, and per-figure properties."""
    number: int
    mpl: Any                                   # matplotlib.figure.Figure
    axes: dict[tuple, AxesState] = field(default_factory=dict)   # subplot key -> axes
    grids: dict[tuple[int, int], Any] = field(default_factory=dict)   # (m, n) -> matplotlib GridSpec
    current_axes: AxesState | None = None
    colormap: Any = None                       # matplotlib Colormap; None until first needed
    size: tuple[int, int] | None = None        # (width, height) px from 'Position'; None: settings
    name: str = ""
    window: dict[str, str] = field(default_factory=dict)   # window-system properties set (graphics_props.WINDOW)
    paper: tuple[float, float, float, float] | None = None   # PaperPosition in inches once set: print's
                                                               # size; None: the size on screen
    paper_manual: bool = False                                # PaperPositionMode 'manual'
    paper_units: str = "inches"
    paper_size: tuple[float, float] = (8.5, 11.0)             # inches (US Letter, MATLAB's default)
    tiles: TileLayout | None = None           # set by tiledlayout
    dirty: bool = True
    defaults: dict[tuple[str, str], Any] = field(default_factory=dict)   # (type, property) -> value


@dataclass
class GraphicsRoot:
    """The graphics root (groot, handle 0): the default property values that objects created later start
    with, by (type, property) (set(groot, 'DefaultLineLineWidth', 2)); a figure's own defaults
    (figure('DefaultAxesFontSize', 16)) come first for what is drawn in it."""
    defaults: dict[tuple[str, str], Any] = field(default_factory=dict)


HANDLE_FRACTION = 2.0 ** -10


@dataclass
class GraphicsState:
    figures: dict[int, FigureState] = field(default_factory=dict)
    current: int | None = None
    settings: PlotSettings = field(default_factory=PlotSettings)
    sink: Callable[[Figure], None] | None = None
    handles: dict[float, Any] = field(default_factory=dict)   # graphics object handle -> artist or axes
    next_handle: float = 1000.0
    root: GraphicsRoot = field(default_factory=GraphicsRoot)
    explicit: frozenset[str] = frozenset()    # the texts of the graphics call running: its property names

    def new_handle(self, obj: Any, defaults: bool = True) -> float:
        """A new handle for an axes or plotted object: not an integer (as MATLAB's numeric handles were),
        so that ``plot(ax, ...)`` is not mistaken for data, and never a figure number. A new object
        (``defaults``) takes the default values set on the root and its figure."""
        self.next_handle += 1.0
        handle = self.next_handle + HANDLE_FRACTION
        self.handles[handle] = obj
        if defaults and (self.root.defaults or any(f.defaults for f in self.figures.values())):
            from .graphics_props import apply_defaults
            apply_defaults(self, obj)
        return handle


def graphics_state(state: SessionState) -> GraphicsState:
    """The session's graphics state (created on first use)."""
    gs = state.extras.get("graphics")
    if gs is None:
        gs = state.extras["graphics"] = GraphicsState()
    return gs


def plot_settings(state: SessionState) -> PlotSettings:
    return graphics_state(state).settings


def set_figure_sink(state: SessionState, sink: Callable[[Figure], None] | None) -> None:
    """Install the callable that receives figures shown by ``drawnow`` while a cell runs."""
    graphics_state(state).sink = sink


def render(fig: FigureState, settings: PlotSettings) -> Figure:
    """Render a figure to PNG (and SVG if that format is on) at the session's settings."""
    import matplotlib
    width, height = fig.size or (settings.width, settings.height)
    fig.mpl.set_size_inches(width / CSS_DPI, height / CSS_DPI)
    matlab_tick_labels(fig.mpl)
    png = io.BytesIO()
    svg = None
    for style in (STYLE, {**STYLE, "axes.autolimit_mode": "data"}):   # round limits overflow near realmax
        try:
            with matplotlib.rc_context(style):
                fig.mpl.savefig(png, format="png", dpi=settings.resolution)
                if settings.format == "svg":
                    out = io.StringIO()
                    fig.mpl.savefig(out, format="svg")
                    svg = out.getvalue()
            return Figure(fig.number, png.getvalue(), width, height, svg)
        except (ValueError, OverflowError):     # matplotlib's limits and ticks for data past the doubles' range
            png = io.BytesIO()
    fig.dirty = False
    raise MatlabError("MATLAB:graphics:cannotDraw", f"Figure {fig.number} cannot be drawn: its axis limits or "
                      "ticks are out of range.")


def matlab_tick_labels(mpl_figure: Any) -> None:
    """Give every linear axis MATLAB's tick labels: each value as short as it reads (1, 0.75), not with
    the common number of decimals matplotlib uses (1.00, 0.75). Axes whose labels were set are left alone."""
    from matplotlib.ticker import ScalarFormatter
    for axes in mpl_figure.axes:
        for axis in (axes.xaxis, axes.yaxis, getattr(axes, "zaxis", None)):
            if axis is not None and type(axis.get_major_formatter()) is ScalarFormatter:
                axis.set_major_formatter(_matlab_tick_formatter()())


@functools.cache
def _matlab_tick_formatter() -> type:
    """The formatter class (made on first use: matplotlib is imported lazily)."""
    from matplotlib.ticker import ScalarFormatter

    class MatlabTickFormatter(ScalarFormatter):
        """matplotlib's ScalarFormatter (offset and exponent as it chooses) without trailing zeros, with
        '-' for minus."""

        def __call__(self, x: float, pos: int | None = None) -> str:
            label = super().__call__(x, pos).replace("\u2212", "-")
            return label.rstrip("0").rstrip(".") if "." in label else label

    return MatlabTickFormatter


def flush_figures(state: SessionState) -> list[Figure]:
    """Render the figures that are new or changed since the last flush, in figure-number order (a figure
    whose Visible is 'off' is not shown: saveas and print still draw it)."""
    gs = state.extras.get("graphics")
    if gs is None:
        return []
    images = []
    for number in sorted(gs.figures):
        fig = gs.figures[number]
        if fig.dirty and fig.window.get("Visible") != "off":
            images.append(render(fig, gs.settings))
            fig.dirty = False
    return images


def configure(settings: PlotSettings, fmt: str | None = None, size: tuple[int, int] | None = None,
              resolution: int | None = None) -> None:
    """Change plot settings, checking each value (the ``%plot`` magic's options)."""
    if fmt is not None:
        if fmt not in FORMATS:
            raise MatlabError("matfuse:plot:format", f"Unknown plot format '{fmt}'; use png or svg.")
        settings.format = fmt
    if size is not None:
        if min(size) < 16 or max(size) > 8000:
            raise MatlabError("matfuse:plot:size", "Figure size must be between 16 and 8000 pixels.")
        settings.width, settings.height = size
    if resolution is not None:
        if not 10 <= resolution <= 1200:
            raise MatlabError("matfuse:plot:resolution", "Resolution must be between 10 and 1200 dpi.")
        settings.resolution = resolution
