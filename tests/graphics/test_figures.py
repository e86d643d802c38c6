"""Figure lifecycle: numbering, current figure, flushing new/changed figures, drawnow, %plot settings."""
import numpy as np
import pytest
from PIL import Image

from engine.runtime.errors import MatlabError
from engine.runtime.figures import configure, flush_figures, graphics_state, set_figure_sink
from graphics_helpers import axes_of

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_plot_creates_figure_one_and_flush_renders_it_once(ctx, call):
    assert call("plot", [1.0, 4.0, 9.0]) == ()          # nargout 0: no ans
    images = flush_figures(ctx.state)
    assert [(f.number, f.width, f.height) for f in images] == [(1, 560, 420)]
    assert images[0].png.startswith(PNG_MAGIC) and images[0].svg is None
    assert flush_figures(ctx.state) == []                # unchanged: nothing new


def test_a_changed_figure_is_flushed_again_others_not(ctx, call):
    call("plot", [1.0, 2.0])
    call("figure")
    call("bar", [3.0, 1.0])
    assert [f.number for f in flush_figures(ctx.state)] == [1, 2]
    call("title", "changed")
    assert [f.number for f in flush_figures(ctx.state)] == [2]


def test_png_is_rendered_at_the_resolution_for_hidpi(ctx, call):
    call("plot", [1.0, 2.0])
    png = flush_figures(ctx.state)[0].png
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (1120, 840)                 # 560x420 at 192 dpi / 96


def test_svg_format_and_size_settings(ctx, call):
    configure(graphics_state(ctx.state).settings, fmt="svg", size=(300, 200), resolution=96)
    call("plot", [1.0, 2.0])
    image = flush_figures(ctx.state)[0]
    assert (image.width, image.height) == (300, 200)
    assert "<svg" in image.svg
    data, metadata = image.mimebundle()
    assert set(data) == {"image/png", "image/svg+xml", "text/plain"}
    assert metadata["image/svg+xml"] == {"width": 300, "height": 200}


@pytest.mark.parametrize("kwargs, ident", [({"fmt": "gif"}, "matfuse:plot:format"),
                                           ({"size": (5, 5)}, "matfuse:plot:size"),
                                           ({"resolution": 5000}, "matfuse:plot:resolution")])
def test_bad_plot_settings(ctx, kwargs, ident):
    with pytest.raises(MatlabError) as err:
        configure(graphics_state(ctx.state).settings, **kwargs)
    assert err.value.identifier == ident


def test_figure_numbers_current_figure_and_close(ctx, call):
    assert call("figure", nargout=1) == (1.0,)
    assert call("figure", nargout=1) == (2.0,)
    assert call("figure", 5.0, nargout=1) == (5.0,)
    assert call("gcf", nargout=1) == (5.0,)
    call("figure", 1.0)
    assert call("gcf", nargout=1) == (1.0,)
    call("close")
    assert sorted(graphics_state(ctx.state).figures) == [2, 5]
    assert call("gcf", nargout=1) == (5.0,)
    call("close", "all")
    assert graphics_state(ctx.state).figures == {} and flush_figures(ctx.state) == []


def test_close_returns_its_status_when_asked(ctx, call):
    assert call("close", nargout=1) == (1.0,)                # no figure to close: still 1 (Octave too)
    call("figure")
    call("figure")
    assert call("close", nargout=1) == (1.0,)
    assert call("close", "all", nargout=1) == (1.0,)
    assert graphics_state(ctx.state).figures == {}
    assert call("close") == ()                               # nargout 0: no ans


def test_closing_a_missing_figure_is_an_error(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("close", 9.0)
    assert err.value.identifier == "MATLAB:close:WindowNotFound"


def test_figure_position_sets_the_image_size(ctx, call):
    call("figure", "Position", [10.0, 10.0, 400.0, 300.0])
    call("plot", [1.0, 2.0])
    image = flush_figures(ctx.state)[0]
    assert (image.width, image.height) == (400, 300)


def test_drawnow_hands_figures_to_the_sink_or_the_context(ctx, call):
    call("plot", [1.0, 2.0])
    call("drawnow")
    assert [f.number for f in ctx.figures] == [1]
    shown = []
    set_figure_sink(ctx.state, shown.append)
    call("title", "again")
    call("drawnow")
    assert [f.number for f in shown] == [1] and len(ctx.figures) == 1
    assert flush_figures(ctx.state) == []                 # already shown by drawnow


def test_shg_makes_and_shows_the_current_figure(ctx, call):
    """shg is figure(gcf) (a corpus program calls it): a figure when there is none, shown again with
    the cell's output when it is unchanged."""
    call("shg")
    assert [f.number for f in flush_figures(ctx.state)] == [1]
    assert flush_figures(ctx.state) == []
    call("shg")
    assert [f.number for f in flush_figures(ctx.state)] == [1]


def test_clf_removes_axes(ctx, call):
    call("subplot", 2.0, 1.0, 1.0)
    call("subplot", 2.0, 1.0, 2.0)
    call("clf")
    fig = graphics_state(ctx.state).figures[1]
    assert fig.axes == {} and fig.mpl.axes == []


def test_saveas_and_print_write_files(ctx, call, tmp_path):
    call("plot", [1.0, 2.0])
    png, pdf = tmp_path / "a.png", tmp_path / "b"
    call("saveas", 1.0, str(png))
    call("print", str(pdf), "-dpdf", "-r72")
    svg = tmp_path / "c.svg"
    call("print", "-f1", str(svg))
    assert png.read_bytes().startswith(PNG_MAGIC)
    assert (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")
    assert "<svg" in svg.read_text()


def test_print_writes_eps_and_postscript_of_every_level(ctx, call, tmp_path):
    """print('-depsc2', 'fig1.eps') (a course's first program): MATLAB's Level 2 and colour options."""
    call("plot", [1.0, 2.0])
    for option, name in [("-depsc2", "a.eps"), ("-deps", "b"), ("-dpsc2", "c")]:
        call("print", option, str(tmp_path / name))
    for name in ("a.eps", "b.eps", "c.ps"):
        assert (tmp_path / name).read_bytes().startswith(b"%!PS-Adobe")
    call("saveas", 1.0, str(tmp_path / "d"), "epsc2")
    assert (tmp_path / "d.eps").read_bytes().startswith(b"%!PS-Adobe")


def test_paper_position_sets_the_printed_size(ctx, call, tmp_path):
    """set(gcf, 'PaperPosition', [0 0 11 5]) before print (the same program): the page's width and height,
    in PaperUnits; the mode becomes 'manual', and 'auto' prints the figure at its size on screen again."""
    call("plot", [1.0, 2.0])
    (f,) = call("gcf", nargout=1)
    get = lambda name: call("get", f, name, nargout=1)[0]
    assert get("PaperPositionMode").to_str() == "auto" and get("PaperUnits").to_str() == "inches"
    np.testing.assert_allclose(get("PaperSize"), [[8.5, 11.0]])
    call("set", f, "PaperPosition", np.array([[0.0, 0.0, 11.0, 5.0]]))
    assert get("PaperPositionMode").to_str() == "manual"
    call("print", "-dpng", "-r20", str(tmp_path / "a.png"))
    assert Image.open(tmp_path / "a.png").size == (220, 100)
    call("set", f, "PaperUnits", "centimeters")
    np.testing.assert_allclose(get("PaperPosition"), [[0.0, 0.0, 27.94, 12.7]])
    call("set", f, "PaperUnits", "normalized")
    np.testing.assert_allclose(get("PaperPosition"), [[0.0, 0.0, 11 / 8.5, 5 / 11]])
    call("set", f, "PaperPositionMode", "auto")
    call("print", "-dpng", "-r48", str(tmp_path / "b.png"))
    assert Image.open(tmp_path / "b.png").size == (280, 210)           # 560-by-420 at 96 per inch
    with pytest.raises(MatlabError) as err:
        call("set", f, "PaperPosition", np.array([[0.0, 0.0, -1.0, 5.0]]))
    assert err.value.identifier == "MATLAB:hg:propswch:PropertyError"


@pytest.mark.parametrize("args, ident", [((1.0, "x.fig"), "MATLAB:saveas:figUnsupported"),
                                         ((1.0, "x.abc"), "MATLAB:saveas:badFormat"),
                                         ((7.0, "x.png"), "MATLAB:saveas:invalidHandle")])
def test_saveas_errors(ctx, call, tmp_path, args, ident):
    call("plot", [1.0, 2.0])
    with pytest.raises(MatlabError) as err:
        call("saveas", args[0], str(tmp_path / args[1]))
    assert err.value.identifier == ident


def test_print_without_a_file_is_an_error(ctx, call):
    call("plot", [1.0, 2.0])
    with pytest.raises(MatlabError) as err:
        call("print", "-dpng")
    assert err.value.identifier == "MATLAB:print:noPrinter"


def test_wrong_argument_counts_are_matlab_errors(ctx, call):
    with pytest.raises(MatlabError) as err:
        call("gcf", 1.0)
    assert err.value.identifier == "MATLAB:TooManyInputs"
    with pytest.raises(MatlabError) as err:
        call("saveas", 1.0)
    assert err.value.identifier == "MATLAB:minrhs"
    with pytest.raises(MatlabError) as err:
        call("plot")
    assert err.value.identifier == "MATLAB:minrhs"


def test_getframe_and_movie(ctx, call):
    """LBM programs of the corpus: M(k) = getframe inside the time loop, then movie(M, n, fps)."""
    call("plot", [1.0, 2.0, 3.0])
    (frame,) = call("getframe", call("gcf", nargout=1)[0], nargout=1)
    cdata = frame.data.ravel()[0]["cdata"]
    assert cdata.dtype == np.uint8 and cdata.shape == (420, 560, 3)            # the figure at its size
    assert cdata[0, 0].tolist() == [255, 255, 255] and (cdata < 128).any()     # white with dark lines
    (axes_frame,) = call("getframe", nargout=1)                                # the current axes only
    inner = axes_frame.data.ravel()[0]["cdata"]
    assert inner.shape[0] < 420 and inner.shape[1] < 560
    call("movie", frame, 2.0, 10.0)
    shown = axes_of(ctx).images[0].get_array()
    assert shown.shape == (420, 560, 3) and not axes_of(ctx).axison
    for args, ident in [((np.zeros((2, 2)),), "MATLAB:movie:InvalidFrames"), ((7.5,), "MATLAB:class:InvalidHandle")]:
        with pytest.raises(MatlabError) as err:
            call("movie" if ident.startswith("MATLAB:movie") else "getframe", *args)
        assert err.value.identifier == ident


def test_frame2im_gives_the_frame_image(ctx, call):
    """Corpus programs (ellio167 AEM-4501) turn each frame of an animation into an image: im =
    frame2im(getframe(1)); frame2im was a missing function."""
    call("plot", [1.0, 2.0, 3.0])
    (frame,) = call("getframe", nargout=1)
    (rgb,) = call("frame2im", frame, nargout=1)
    assert rgb is frame.data.ravel()[0]["cdata"]
    x, cmap = call("frame2im", frame, nargout=2)
    assert x.shape == rgb.shape and cmap.size == 0                         # a truecolor frame: no colormap
    with pytest.raises(MatlabError) as err:
        call("frame2im", np.zeros((2, 2)))
    assert err.value.identifier == "MATLAB:frame2im:invalidInput"


def test_colordef_white_is_the_scheme_in_use(ctx, call):
    call("colordef", "white")
    with pytest.raises(MatlabError) as err:
        call("colordef", "black")
    assert err.value.identifier == "MATLAB:colordef:Unsupported"


def test_window_properties_are_kept_and_an_invisible_figure_is_not_shown(ctx, call):
    """figure('MenuBar', 'none', 'DoubleBuffer', 'on', ...) and set(gcf, 'Renderer', ...) in programs from
    elsewhere were errors; their values are kept and read back. Visible 'off' keeps the figure out of the
    cell's output (saveas still draws it)."""
    (f,) = call("figure", "MenuBar", "none", "NumberTitle", "off", "DoubleBuffer", "on", "Visible", "off", nargout=1)
    call("plot", [1.0, 2.0])
    assert call("get", f, "MenuBar", nargout=1)[0].to_str() == "none"
    assert call("get", f, "Renderer", nargout=1)[0].to_str() == "opengl"              # MATLAB's default
    assert flush_figures(ctx.state) == []
    call("set", f, "Visible", "on")
    assert [image.number for image in flush_figures(ctx.state)] == [1]
    for name, value in [("Renderer", "bogus"), ("Units", "normalized")]:
        with pytest.raises(MatlabError) as err:
            call("set", f, name, value)
        assert err.value.identifier == "MATLAB:hg:propswch:PropertyError"
