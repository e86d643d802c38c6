"""What the graphics tests read back: the matplotlib axes a figure draws into, cell arrays of text."""
import numpy as np

from engine.runtime.figures import graphics_state
from engine.runtime.values import CellArray, CharArray


def axes_of(ctx, figure=None):
    """The current axes (matplotlib) of ``figure``, default the current figure."""
    gs = graphics_state(ctx.state)
    return gs.figures[figure or gs.current].current_axes.mpl


def cell_row(*texts):
    """A 1xN cell array of char rows."""
    data = np.empty((1, len(texts)), dtype=object)
    for k, t in enumerate(texts):
        data[0, k] = CharArray.from_str(t)
    return CellArray(data)
