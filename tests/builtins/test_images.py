"""imread, imwrite, imfinfo: round trips through PNG, JPEG, BMP, GIF and TIFF in MATLAB's classes and
shapes, indexed images with their colormaps, transparency, and the errors."""
import numpy as np
import pytest

from session_helpers import run


@pytest.mark.parametrize("ext", ["png", "bmp", "tif"])
def test_lossless_round_trips_keep_class_and_shape(session, ext):
    run(session, f"A = uint8(reshape(0:47, 4, 4, 3)); imwrite(A, 'a.{ext}'); B = imread('a.{ext}'); "
                 f"G = uint8(magic(5)); imwrite(G, 'g.{ext}'); H = imread('g.{ext}');")
    assert session.get("B").dtype == np.uint8 and session.get("B").shape == (4, 4, 3)
    assert np.array_equal(session.get("A"), session.get("B"))
    assert np.array_equal(session.get("G"), session.get("H"))


def test_double_is_scaled_logical_is_one_bit_uint16_is_sixteen_bits(session):
    run(session, "D = [0 0.25; 0.5 1.2]; imwrite(D, 'd.png'); E = imread('d.png'); "
                 "L = logical(eye(3)); imwrite(L, 'l.png'); M = imread('l.png'); "
                 "U = uint16([0 1000; 65535 7]); imwrite(U, 'u.png'); V = imread('u.png'); info = imfinfo('u.png');")
    assert session.get("E").tolist() == [[0, 64], [128, 255]]          # round(x * 255), clipped at 1
    assert session.get("M").dtype == np.bool_ and np.array_equal(session.get("M"), np.eye(3, dtype=bool))
    assert session.get("V").dtype == np.uint16 and session.get("V").tolist() == [[0, 1000], [65535, 7]]
    info = session.get("info")
    assert (info["BitDepth"], info["ColorType"], info["Width"], info["Height"], info["Format"]) == \
        (16.0, "grayscale", 2.0, 2.0, "png")


def test_indexed_images_and_transparency(session):
    run(session, "X = [1 2; 3 1]; map = [1 0 0; 0 1 0; 0 0 1]; imwrite(X, map, 'x.png'); [Y, m2] = imread('x.png'); "
                 "Z = imread('x.png'); imwrite(uint8([0 1; 1 0]), [0 0 0; 1 1 1], 'x.gif'); [W, gm] = imread('x.gif'); "
                 "imwrite(uint8(200 * ones(2, 3)), 'al.png', 'Alpha', [0 0.5 1; 1 1 0]); [a, m, t] = imread('al.png');")
    assert session.get("Y").dtype == np.uint8 and session.get("Y").tolist() == [[0, 1], [2, 0]]
    assert np.array_equal(session.get("m2")[:3], np.eye(3)) and np.array_equal(session.get("Z"), session.get("Y"))
    assert session.get("W").tolist() == [[0, 1], [1, 0]] and session.get("gm")[:2].tolist() == [[0, 0, 0], [1, 1, 1]]
    assert session.get("t").tolist() == [[0, 128, 255], [255, 255, 0]] and session.get("m").shape == (0, 0)


def test_jpeg_of_a_smooth_image_is_close(session):
    run(session, "[x, y] = meshgrid(1:32); A = uint8(cat(3, 4*x, 4*y, 2*(x+y))); "
                 "imwrite(A, 'q.jpg', 'Quality', 95); B = imread('q.jpg'); d = max(abs(double(A(:)) - double(B(:))));")
    assert session.get("B").shape == (32, 32, 3) and session.get("d") <= 8


@pytest.mark.parametrize("code, identifier", [
    ("imread('nope.png')", "MATLAB:imagesci:imread:fileDoesNotExist"),
    ("fid = fopen('t.txt', 'w'); fprintf(fid, 'text'); fclose(fid); imread('t.txt')", "MATLAB:imagesci:imread:fileFormat"),
    ("imwrite(rand(3), 'x.xyz')", "MATLAB:imagesci:imwrite:fileFormat"),
    ("imwrite(rand(3, 3, 2), 'x.png')", "MATLAB:imagesci:imwrite:wrongImageDimensions"),
    ("imwrite(int8(ones(3)), 'x.png')", "MATLAB:imagesci:imwrite:unsupportedDataType"),
    ("imwrite([1 5], gray(2), 'x.png')", "MATLAB:imagesci:imwrite:badIndex"),
    ("imwrite(rand(3))", "MATLAB:minrhs"),
    ("imwrite(rand(3), gray(2))", "MATLAB:imagesci:imwrite:missingFilename"),
    ("imwrite(1, [1 0], 'x.png')", "MATLAB:imagesci:imwrite:badColormap"),
])
def test_errors(session, code, identifier):
    assert session.execute(code).error.identifier == identifier


@pytest.mark.parametrize("code, identifier", [
    ("imwrite({1, 2}, 'x.png')", "MATLAB:imagesci:imwrite:invalidInput"),
    ("imwrite(0, 'x.png', struct('a', 1))", "MATLAB:imagesci:imwrite:badFormat"),
    ("imwrite([], 'x.png')", "MATLAB:imagesci:imwrite:emptyImage"),
    ("imwrite([1 NaN], gray(2), 'x.png')", "MATLAB:imagesci:imwrite:badIndex"),
    ("imwrite(ones(2), 'x.jpg', 'Quality', NaN)", "MATLAB:imagesci:imwrite:badQuality"),
])
def test_bad_arguments_found_by_probing(session, code, identifier):
    assert session.execute(code).error.identifier == identifier


def test_rgb2gray_and_im2double(session):
    """MATLAB's rgb2gray weights (integer images rounded in their class; a colormap stays n-by-3) and
    im2double's scaling per class (a DSP course's image programs, fifth corpus round). Expected values:
    Octave's (whose weights are MATLAB's to 6 digits, and whose rgb2gray of a colormap is n-by-1)."""
    run(session, "A = uint8(cat(3, [0 255; 10 200], [0 255; 20 100], [0 255; 30 50])); g = rgb2gray(A); "
                 "d = rgb2gray(double(A) / 255); m = rgb2gray([1 0 0; 0 1 0; 0 0 1]); "
                 "i1 = im2double(uint8([0 128 255])); i2 = im2double(int16([-32768 0 32767])); "
                 "i3 = im2double(uint16([0 65535])); i4 = im2double(uint8([0 3]), 'indexed'); "
                 "i5 = im2double(true(1, 2)); i6 = im2double(single(0.5));")
    assert session.get("g").dtype == np.uint8 and session.get("g").tolist() == [[0, 255], [18, 124]]
    assert np.allclose(session.get("d"), [[0, 1], [0.07117980392156863, 0.4870296078431372]], atol=1e-6)
    weights = [0.298936021293775, 0.587043074451121, 0.114020904255103]
    assert np.array_equal(session.get("m"), np.repeat(np.array(weights)[:, None], 3, axis=1))
    assert np.allclose(session.get("i1"), [[0, 128 / 255, 1]], rtol=0, atol=1e-16)
    assert np.allclose(session.get("i2"), [[0, 0.5000076295109483, 1]], rtol=0, atol=1e-16)
    assert session.get("i3").tolist() == [[0, 1]] and session.get("i4").tolist() == [[1, 4]]
    assert session.get("i5").tolist() == [[1, 1]] and session.get("i6").dtype == np.float64
    for code in ("rgb2gray([1 2])", "rgb2gray(uint8([1 2 3]))", "im2double(int8(1))", "im2double(1, 'x')"):
        assert session.execute(code).error is not None


RGB4 = "RGB = uint8(cat(3, [255 0; 0 10], [0 255; 0 20], [0 0; 255 30]));"


def test_rgb2ind_of_an_image_with_few_colors_is_exact(session):
    """An image of at most Q colors gets exactly its colors, sorted (Octave's rgb2ind(RGB), recorded)."""
    run(session, RGB4 + " [X, map] = rgb2ind(RGB, 256); [Y, map2] = rgb2ind(RGB, 4, 'nodither');")
    X = session.get("X")
    assert X.dtype == np.uint8 and X.tolist() == [[3, 1], [0, 2]] and np.array_equal(session.get("Y"), X)
    assert np.allclose(session.get("map"), [[0, 0, 1], [0, 1, 0], [10 / 255, 20 / 255, 30 / 255], [1, 0, 0]])


def test_rgb2ind_to_a_colormap_and_uniform_levels(session):
    run(session, RGB4 + " X = rgb2ind(RGB, [0 0 0; 1 0 0; 0 1 0; 0 0 1], 'nodither');"
        " [T, tmap] = rgb2ind(im2double(RGB) * 0.9, 0.5, 'nodither');")
    assert session.get("X").tolist() == [[1, 2], [3, 0]]     # (10, 20, 30) is nearest to black
    # 0.9 * 255 = 229.5 rounds to 230: nearest level 1; each channel in steps of 1/2
    assert np.allclose(session.get("tmap")[session.get("T").astype(int)],
                       [[[1, 0, 0], [0, 1, 0]], [[0, 0, 1], [0, 0, 0]]])


def test_rgb2ind_quantizes_to_at_most_q_colors(session):
    run(session, "[x, y] = meshgrid(linspace(0, 1, 40)); RGB = cat(3, x, y, x .* y);"
                 " [X, map] = rgb2ind(RGB, 16); [Z, zmap] = rgb2ind(RGB, 16, 'nodither');"
                 " err = max(abs(reshape(zmap(double(Z) + 1, :), 40, 40, 3) - RGB), [], 'all');")
    X, cmap = session.get("X"), session.get("map")
    assert X.dtype == np.uint8 and X.shape == (40, 40) and cmap.shape == (16, 3)
    assert X.max() < 16 and 0 <= cmap.min() and cmap.max() <= 1
    assert session.get("err") < 0.3            # each pixel is near its color


@pytest.mark.parametrize("code, ident", [
    ("rgb2ind(rand(3, 3), 4)", "MATLAB:rgb2ind:invalidInputSize"),
    ("rgb2ind(rand(3, 3, 3), 4, 'sometimes')", "MATLAB:rgb2ind:invalidDitherOption"),
    ("rgb2ind(rand(3, 3, 3), 2.5)", "MATLAB:rgb2ind:invalidInput"),
    ("rgb2ind(rand(30, 30, 3), 300)", "MATLAB:rgb2ind:tooManyColors")])
def test_rgb2ind_errors(session, code, ident):
    r = session.execute(code)
    assert r.error is not None and r.error.identifier == ident


def test_gif_animation_frames_delay_and_loop_count(session, tmp_path):
    """The corpus's animations: the first frame with LoopCount and DelayTime, the others appended, each
    with its own colormap."""
    from PIL import Image
    run(session, "for k = 1:3, A = uint8([0 1; 2 3]); map = [0 0 0; k/3 0 0; 0 k/3 0; 0 0 1];"
                 " if k == 1, imwrite(A, map, 'a.gif', 'gif', 'LoopCount', Inf, 'DelayTime', 0.25);"
                 " else, imwrite(A, map, 'a', 'gif', 'WriteMode', 'append', 'DelayTime', 0.5); end, end;"
                 " imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'once.gif', 'LoopCount', 0);"
                 " imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'twice.gif', 'LoopCount', 2);"
                 " [F, fmap] = imread('a.gif');")
    with Image.open(tmp_path / "a.gif") as gif:
        assert gif.n_frames == 3 and gif.info["loop"] == 0
        frames = []
        for k in range(3):
            gif.seek(k)
            frames.append((gif.info["duration"], np.asarray(gif.convert("RGB"))[0, 1].tolist()))
    assert frames == [(250, [85, 0, 0]), (500, [170, 0, 0]), (500, [255, 0, 0])]     # each frame's own map
    assert session.get("F").tolist() == [[0, 1], [2, 3]]
    with Image.open(tmp_path / "once.gif") as once, Image.open(tmp_path / "twice.gif") as twice:
        assert "loop" not in once.info and twice.info["loop"] == 2


@pytest.mark.parametrize("code, ident", [
    ("imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'a.png', 'LoopCount', 2)", "MATLAB:imagesci:imwrite:unsupportedOption"),
    ("imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'a.gif', 'LoopCount', -1)", "MATLAB:imagesci:imwrite:badLoopCount"),
    ("imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'a.gif', 'WriteMode', 'add')", "MATLAB:imagesci:imwrite:badWriteMode"),
    ("imwrite(uint8([0 1]), [0 0 0; 1 1 1], 'a.gif'); imwrite(uint8([0 1 1]), [0 0 0; 1 1 1], 'a.gif', "
     "'WriteMode', 'append')", "MATLAB:imagesci:imwrite:frameSize")])
def test_gif_option_errors(session, code, ident):
    r = session.execute(code)
    assert r.error is not None and r.error.identifier == ident
