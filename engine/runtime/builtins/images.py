"""Image files: imread, imwrite, imfinfo (PNG, JPEG, BMP, GIF, TIFF through Pillow); rgb2gray and
im2double, MATLAB's conversions of the images they give.

MATLAB's conventions: a gray image is m-by-n, a true-color one m-by-n-by-3, of class uint8 (uint16 for
16-bit files, logical for 1-bit ones); an indexed image is its index array with a colormap of doubles
in [0, 1]; a double image written to a file holds intensities in [0, 1].
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, StructArray, Value, class_of, to_array
from .arguments import name_values
from .registry import builtin
from .sizes import option_text
from .textutil import text_arg

NUMERIC_CLASSES = ("double", "single", "logical", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
                   "uint64")
FORMATS = {"png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "bmp": "BMP", "gif": "GIF", "tif": "TIFF",
           "tiff": "TIFF"}


def _file(value: Value, fname: str) -> str:
    return os.path.expanduser(text_arg(value, fname, "File name"))


def _opened(path: str, fname: str) -> Any:
    from PIL import Image, UnidentifiedImageError
    if not os.path.isfile(path):
        raise MatlabError(f"MATLAB:imagesci:{fname}:fileDoesNotExist",
                          f"File \"{path}\" does not exist.")
    try:
        return Image.open(path)
    except (UnidentifiedImageError, OSError):
        raise MatlabError(f"MATLAB:imagesci:{fname}:fileFormat",
                          "Unable to determine the file format.") from None


def _colormap(image: Any) -> np.ndarray:
    """The file's palette as a colormap: one row per entry, doubles in [0, 1]."""
    return np.array(image.getpalette() or [], dtype=np.float64).reshape(-1, 3) / 255


@builtin("imread", family="files")
def imread(filename: Value, fmt: Value | None = None, *, nargout: int = 1) -> Value:
    """A = imread(filename), [X, map] = imread(filename), [A, map, alpha] = imread(filename)  the image in
    a PNG, JPEG, BMP, GIF or TIFF file.

    A gray image is m-by-n, a color one m-by-n-by-3, of class uint8 (uint16 for 16-bit files, logical for
    1-bit ones). An indexed image (GIF, palette PNG) gives its indices X (uint8, from 0) and the colormap
    map (k-by-3 doubles in [0, 1]); other images give map []. alpha is the transparency channel, [] if
    there is none. A second argument naming the format is accepted and checked against the file.

        A = imread('photo.png');  size(A)    % e.g. 480 640 3
    """
    path = _file(filename, "imread")
    if fmt is not None and option_text(fmt) is None:
        raise MatlabError("MATLAB:imagesci:imread:badFormat", "The format must be text, like 'png'.")
    with _opened(path, "imread") as image:
        image.seek(0)
        colormap, alpha = np.zeros((0, 0)), np.zeros((0, 0))
        if image.mode == "P":
            if "transparency" in image.info and nargout > 2:
                alpha = np.asarray(image.convert("RGBA"))[:, :, 3].copy()
            colormap = _colormap(image)
            pixels = np.asarray(image).astype(np.uint8)
        elif image.mode == "1":
            pixels = np.asarray(image).astype(bool)
        elif image.mode in ("I;16", "I;16B", "I;16L", "I"):
            pixels = np.asarray(image).astype(np.uint16)
        elif image.mode in ("LA", "RGBA", "PA"):
            data = np.asarray(image)
            pixels, alpha = data[:, :, :-1].copy(), data[:, :, -1].copy()
            if pixels.shape[2] == 1:
                pixels = pixels[:, :, 0]
        elif image.mode in ("L", "RGB"):
            pixels = np.asarray(image).copy()
        else:                                      # CMYK, YCbCr, floats: as true color
            pixels = np.asarray(image.convert("RGB")).copy()
    outputs = (to_value(pixels), to_value(colormap), to_value(alpha))
    return outputs[0] if nargout <= 1 else outputs[:nargout]


def _numbers(value: Value, what: str) -> np.ndarray:
    """A numeric or logical argument of imwrite as an array; text, cells, structs are errors."""
    if class_of(value) not in NUMERIC_CLASSES:
        raise MatlabError("MATLAB:imagesci:imwrite:invalidInput", f"{what} must be numeric or logical.")
    return to_array(value)


def _as_pixels(data: np.ndarray, fname: str) -> np.ndarray:
    """An image's intensities as the file stores them: uint8/uint16 as they are, logical as 0/1, double
    and single in [0, 1] scaled to 0-255 and rounded (outside values clipped)."""
    if data.dtype == np.bool_ or data.dtype.kind in "ui":
        if data.dtype.itemsize > 2 or data.dtype.kind == "i":
            raise MatlabError(f"MATLAB:imagesci:{fname}:unsupportedDataType",
                              f"{fname} supports uint8, uint16, logical, single and double image data.")
        return data
    if data.dtype.kind == "c":
        raise MatlabError(f"MATLAB:imagesci:{fname}:complexData", "Image data must be real.")
    scaled = np.clip(np.nan_to_num(data.astype(np.float64), nan=0.0), 0.0, 1.0) * 255
    return np.round(scaled).astype(np.uint8)


@builtin("imwrite", family="files")
def imwrite(*args: Value) -> None:
    """imwrite(A, filename), imwrite(X, map, filename), imwrite(..., fmt), imwrite(..., Name, Value)  write
    an image file (PNG, JPEG, BMP, GIF, TIFF: the format from fmt or the file's extension).

    A is m-by-n (gray) or m-by-n-by-3 (color): uint8 or uint16 as it is, logical as black and white,
    double or single as intensities in [0, 1] (scaled to 0-255, outside values clipped). X with a
    colormap map writes an indexed image (double X counts from 1, uint8 X from 0). Name-value pairs:
    'Quality' (JPEG, 0-100, default 75), 'Alpha' (PNG: a transparency matrix of A's size); for GIF
    animations 'WriteMode' ('overwrite', or 'append': one more frame, with its own colormap, at the
    file's end), 'DelayTime' (seconds this frame shows, 0-655, in hundredths) and 'LoopCount' (of the
    first frame: 0 plays once, n repeats n times, Inf loops for ever). Other GIF options (TIFF pages,
    TransparentColor, DisposalMethod) are not supported.

        [X, map] = rgb2ind(frame2im(getframe(gcf)), 256);
        imwrite(X, map, 'anim.gif', 'LoopCount', Inf, 'DelayTime', 0.1)       % then 'WriteMode', 'append'
    """
    from PIL import Image
    values = list(args)
    if len(values) < 2:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    data = _numbers(values.pop(0), "The image data")
    colormap = None
    if option_text(values[0]) is None:
        colormap = _numbers(values.pop(0), "The colormap")
        if colormap.ndim != 2 or colormap.shape[1] != 3 or colormap.dtype.kind == "c":
            raise MatlabError("MATLAB:imagesci:imwrite:badColormap", "The colormap must be a k-by-3 matrix.")
    if not values or option_text(values[0]) is None:
        raise MatlabError("MATLAB:imagesci:imwrite:missingFilename", "A file name must follow the image data.")
    path = os.path.expanduser(option_text(values.pop(0)))
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    if values and len(values) % 2 == 1:
        if option_text(values[0]) is None:
            raise MatlabError("MATLAB:imagesci:imwrite:badFormat", "The format must be text, like 'png'.")
        extension = option_text(values.pop(0)).lower()
        path = path if os.path.splitext(path)[1] else f"{path}.{extension}"
    if extension not in FORMATS:
        raise MatlabError("MATLAB:imagesci:imwrite:fileFormat",
                          "Unable to determine the file format from the file name.")
    opts = name_values("imwrite", values, ("Quality", "Alpha", "WriteMode", "DelayTime", "LoopCount"))
    gif = _gif_options(opts, FORMATS[extension])
    if data.size == 0:
        raise MatlabError("MATLAB:imagesci:imwrite:emptyImage", "The image data must not be empty.")
    if data.ndim not in (2, 3) or data.ndim == 3 and data.shape[2] not in (1, 3):
        raise MatlabError("MATLAB:imagesci:imwrite:wrongImageDimensions",
                          "The image data must be m-by-n or m-by-n-by-3.")
    data = data[:, :, 0] if data.ndim == 3 and data.shape[2] == 1 else data
    if colormap is not None:
        whole = data.dtype.kind in "uib" or data.dtype.kind == "f" and np.all(np.isfinite(data)) \
            and np.array_equal(data, np.round(data))
        indices = data.astype(np.int64) - (0 if data.dtype.kind in "ub" else 1) if whole else data
        if not whole or data.ndim != 2 or indices.min() < 0 or indices.max() >= min(len(colormap), 256):
            raise MatlabError("MATLAB:imagesci:imwrite:badIndex",
                              "Indexed image data must index the colormap's rows (at most 256).")
        colormap = colormap.astype(np.float64)
        image = Image.frombytes("P", (indices.shape[1], indices.shape[0]), indices.astype(np.uint8).tobytes())
        image.putpalette(np.round(np.clip(colormap, 0, 1) * 255).astype(np.uint8).ravel().tolist())
    else:
        pixels = _as_pixels(data, "imwrite")
        if pixels.dtype == np.bool_:
            image = Image.fromarray(pixels.astype(np.uint8) * 255).convert("1")
        elif pixels.dtype == np.uint16:
            if pixels.ndim == 3 or FORMATS[extension] not in ("PNG", "TIFF"):
                raise MatlabError("MATLAB:imagesci:imwrite:unsupportedDataType",
                                  "16-bit image data is written as a gray PNG or TIFF only.")
            image = Image.fromarray(pixels.astype("<u2"))            # mode I;16
        else:
            image = Image.fromarray(pixels)
        if "Alpha" in opts:
            alpha = _as_pixels(_numbers(opts["Alpha"], "Alpha"), "imwrite")
            if alpha.shape != pixels.shape[:2] or FORMATS[extension] != "PNG":
                raise MatlabError("MATLAB:imagesci:imwrite:badAlpha",
                                  "Alpha must be a matrix of the image's size, written to PNG.")
            image.putalpha(Image.fromarray(alpha.astype(np.uint8)))
    save: dict[str, Any] = {}
    if "Quality" in opts:
        quality = _numbers(opts["Quality"], "Quality").ravel()
        if quality.size != 1 or not np.isfinite(quality[0]) or quality.dtype.kind == "c":
            raise MatlabError("MATLAB:imagesci:imwrite:badQuality", "Quality must be a number from 0 to 100.")
        save["quality"] = int(np.clip(float(quality[0]), 0, 100))
    if FORMATS[extension] == "JPEG" and image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    try:
        if gif.pop("append", False) and os.path.isfile(path):
            _append_gif_frame(path, image, gif)
        else:
            image.save(path, format=FORMATS[extension], **save, **gif)
    except OSError as exc:
        raise MatlabError("MATLAB:imagesci:imwrite:fileOpen",
                          f"Unable to open file \"{path}\" for writing: {exc.strerror or exc}.") from None


def _gif_options(opts: dict[str, Value], fmt: str) -> dict[str, Any]:
    """Pillow's save arguments for imwrite's GIF options ('append': True for WriteMode 'append')."""
    named = [name for name in ("WriteMode", "DelayTime", "LoopCount") if name in opts]
    if not named:
        return {}
    if fmt != "GIF":
        raise MatlabError("MATLAB:imagesci:imwrite:unsupportedOption",
                          f"'{named[0]}' is supported for GIF files only here.")
    gif: dict[str, Any] = {}
    if "WriteMode" in opts:
        mode = (option_text(opts["WriteMode"]) or "").lower()
        if mode not in ("overwrite", "append"):
            raise MatlabError("MATLAB:imagesci:imwrite:badWriteMode", "WriteMode must be 'overwrite' or 'append'.")
        gif["append"] = mode == "append"
    if "DelayTime" in opts:
        delay = _numbers(opts["DelayTime"], "DelayTime").ravel()
        if delay.size != 1 or delay.dtype.kind == "c" or not 0 <= float(delay[0]) <= 655:
            raise MatlabError("MATLAB:imagesci:imwrite:badDelayTime", "DelayTime must be a number from 0 to 655.")
        gif["duration"] = int(round(float(delay[0]) * 100)) * 10        # Pillow's milliseconds, in 1/100 s
    if "LoopCount" in opts:
        loops = _numbers(opts["LoopCount"], "LoopCount").ravel().astype(np.float64)
        if loops.size != 1 or not (loops[0] == np.inf or 0 <= loops[0] <= 65535 and loops[0] == np.round(loops[0])):
            raise MatlabError("MATLAB:imagesci:imwrite:badLoopCount",
                              "LoopCount must be an integer from 0 to 65535, or Inf.")
        if loops[0] != 0:                    # the NETSCAPE extension: 0 there loops for ever, n repeats n times
            gif["loop"] = 0 if np.isinf(loops[0]) else int(loops[0])
    return gif


def _gif_blocks(data: bytes) -> tuple[int, int, bytes, list[bytes]]:
    """A GIF file's logical screen width and height, its global color table (b'' if none) and its blocks
    after that table (extensions and images, each whole with its sub-blocks; the trailer left out)."""
    if data[:6] not in (b"GIF87a", b"GIF89a") or len(data) < 13:
        raise MatlabError("MATLAB:imagesci:imwrite:fileFormat", "The file to append to is not a GIF file.")
    width, height, packed = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little"), data[10]
    k = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)
    table, blocks = data[13:k], []
    while k < len(data) and data[k] != 0x3B:
        start = k
        if data[k] == 0x21:                       # an extension: its label, then sub-blocks
            k += 2
        elif data[k] == 0x2C and k + 10 <= len(data):      # an image: descriptor, local table, code size
            flags = data[k + 9]
            k += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0) + 1
        else:
            raise MatlabError("MATLAB:imagesci:imwrite:fileFormat", "The GIF file to append to is damaged.")
        while k < len(data) and data[k]:
            k += data[k] + 1
        if k >= len(data):
            raise MatlabError("MATLAB:imagesci:imwrite:fileFormat", "The GIF file to append to is damaged.")
        k += 1
        blocks.append(data[start:k])
    return width, height, table, blocks


def _append_gif_frame(path: str, image: Any, gif: dict[str, Any]) -> None:
    """imwrite's WriteMode 'append': the image becomes the GIF file's next frame, with its colormap as the
    frame's local color table (the frames before are kept byte for byte; LoopCount belongs to the file's
    first frame, so an appended one's is not written)."""
    import io
    with open(path, "rb") as f:
        old = f.read()
    width, height, table, blocks = _gif_blocks(old)
    if image.size != (width, height):
        raise MatlabError("MATLAB:imagesci:imwrite:frameSize", f"The frame is {image.size[1]}-by-"
                          f"{image.size[0]}; the GIF file's frames are {height}-by-{width}.")
    single = io.BytesIO()
    image.save(single, format="GIF", **{k: v for k, v in gif.items() if k == "duration"})
    _, _, own, frame = _gif_blocks(single.getvalue())
    pieces = []
    for block in frame:
        if block[0] == 0x21 and block[1] == 0xFF:          # an application block (NETSCAPE loop)
            continue
        if block[0] == 0x2C and own and not block[9] & 0x80:       # its global table becomes a local one
            block = block[:9] + bytes([block[9] | 0x80 | ((len(own) // 3).bit_length() - 2)]) + own + block[10:]
        pieces.append(block)
    head = old[:13 + len(table)]
    with open(path, "wb") as f:
        f.write(b"GIF89a" + head[6:] + b"".join(blocks + pieces) + b"\x3b")


@builtin("imfinfo", family="files")
def imfinfo(filename: Value) -> Value:
    """info = imfinfo(filename)  facts about an image file, as a struct.

    Its fields: Filename (the full path), FileSize (bytes), Format ('png', 'jpg', ...), Width and Height
    (pixels), BitDepth (bits per pixel) and ColorType ('grayscale', 'truecolor' or 'indexed').

        info = imfinfo('photo.png');  [info.Width info.Height]
    """
    path = _file(filename, "imfinfo")
    with _opened(path, "imfinfo") as image:
        bands = len(image.getbands())
        depth = {"1": 1, "P": 8, "I;16": 16, "I;16B": 16, "I;16L": 16, "I": 32, "F": 32}.get(image.mode, 8 * bands)
        color = "indexed" if image.mode == "P" else \
            "grayscale" if image.mode in ("1", "L", "LA", "I", "I;16", "I;16B", "I;16L", "F") else "truecolor"
        return StructArray.scalar({
            "Filename": CharArray.from_str(os.path.abspath(path)), "FileSize": float(os.path.getsize(path)),
            "Format": CharArray.from_str((image.format or "").lower().replace("jpeg", "jpg")),
            "Width": float(image.size[0]), "Height": float(image.size[1]), "BitDepth": float(depth),
            "ColorType": CharArray.from_str(color)})



def _rgb_bytes(rgb: Value, fname: str) -> np.ndarray:
    """An m-by-n-by-3 true-color image as uint8 (double and single intensities in [0, 1] scaled and
    rounded, uint16 ones divided by 257)."""
    data = to_array(rgb)
    if class_of(rgb) not in ("double", "single", "uint8", "uint16") or np.iscomplexobj(data):
        raise MatlabError(f"MATLAB:{fname}:invalidType", "RGB must be a real double, single, uint8 or uint16 array.")
    if data.ndim != 3 or data.shape[2] != 3:
        raise MatlabError(f"MATLAB:{fname}:invalidInputSize", "RGB must be an m-by-n-by-3 image.")
    if data.dtype == np.uint8:
        return np.ascontiguousarray(data)
    if data.dtype == np.uint16:
        return np.round(data / 257.0).astype(np.uint8)
    return np.round(np.clip(np.nan_to_num(data.astype(np.float64)), 0.0, 1.0) * 255).astype(np.uint8)


def _distinct_colors(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct colors of uint8 pixels (k-by-3, sorted by red, then green, then blue) and the index of
    each pixel's color (found on the colors packed into one integer: np.unique of rows is 20 times slower)."""
    packed = pixels.reshape(-1, 3).astype(np.uint32)
    codes, inverse = np.unique(packed[:, 0] << 16 | packed[:, 1] << 8 | packed[:, 2], return_inverse=True)
    colors = np.stack([codes >> 16, codes >> 8 & 255, codes & 255], axis=1)
    return colors, inverse.ravel()


def _nearest(pixels: np.ndarray, colors: np.ndarray, dither: bool) -> np.ndarray:
    """The index of each pixel's nearest color (Euclidean in RGB, 0-255 units); with dither, Floyd and
    Steinberg's error diffusion (Pillow's, for at most 256 colors)."""
    if dither and len(colors) > 1:
        from PIL import Image
        if len(colors) > 256:
            raise MatlabError("MATLAB:rgb2ind:tooManyColors", "rgb2ind dithers to at most 256 colors here: "
                              "use 'nodither' for a larger colormap.")
        palette = Image.new("P", (1, 1))
        palette.putpalette(colors.astype(np.uint8).ravel().tolist())
        image = Image.fromarray(pixels).quantize(palette=palette, dither=Image.Dither.FLOYDSTEINBERG)
        return np.asarray(image).astype(np.int64)
    codes, inverse = _distinct_colors(pixels)        # each distinct color once
    codes = codes.astype(np.float64)
    table = colors.astype(np.float64)
    best = np.empty(len(codes), dtype=np.int64)
    for start in range(0, len(codes), 4096):
        chunk = codes[start:start + 4096]
        best[start:start + 4096] = np.argmin(((chunk[:, None, :] - table[None, :, :]) ** 2).sum(axis=2), axis=1)
    return best[inverse].reshape(pixels.shape[:2])


@builtin("rgb2ind", family="files")
def rgb2ind(rgb: Value, q: Value, dithering: Value | None = None, *, nargout: int = 1) -> Value:
    """[X, map] = rgb2ind(RGB, Q) | [X, map] = rgb2ind(RGB, tol) | X = rgb2ind(RGB, inmap) | ... = rgb2ind(..., dithering)
    a true-color image as an indexed image.

    Q (an integer from 1): a colormap of at most Q colors; an image of at most Q colors gets exactly its
    colors (in sorted order), one of more gets Q by median cut (MATLAB's minimum variance quantization
    picks other colors; Q up to 256 here). tol (below 1): uniform quantization, each channel rounded to
    multiples of 1/floor(1/tol), the colors used in map. inmap (a k-by-3 colormap): each pixel's nearest
    color of inmap. dithering is 'dither' (the default: Floyd-Steinberg error diffusion, at most 256
    colors) or 'nodither'. RGB is uint8, uint16, or double or single in [0, 1], quantized to 8 bits.
    X counts from 0: uint8 when map has at most 256 rows, else uint16; map holds doubles in [0, 1].

        [X, map] = rgb2ind(frame2im(getframe(gcf)), 256);  imwrite(X, map, 'frame.gif')
    """
    pixels = _rgb_bytes(rgb, "rgb2ind")
    dither = True
    if dithering is not None:
        word = (option_text(dithering) or "").lower()
        if word not in ("dither", "nodither"):
            raise MatlabError("MATLAB:rgb2ind:invalidDitherOption", "dithering must be 'dither' or 'nodither'.")
        dither = word == "dither"
    if class_of(q) not in NUMERIC_CLASSES or np.iscomplexobj(to_array(q)):
        raise MatlabError("MATLAB:rgb2ind:invalidInput", "The second argument must be Q, tol or a colormap.")
    arg = to_array(q).astype(np.float64)
    if arg.ndim == 2 and arg.shape[1] == 3 and arg.shape[0] >= 1 and arg.size > 1:       # X = rgb2ind(RGB, inmap)
        if np.any(~np.isfinite(arg)) or np.any(arg < 0) or np.any(arg > 1):
            raise MatlabError("MATLAB:rgb2ind:badColormap", "The colormap must hold values in [0, 1].")
        colormap = arg
        index = _nearest(pixels, np.round(arg * 255), dither)
    elif arg.size == 1 and np.isfinite(arg.ravel()[0]) and 0 < arg.ravel()[0] < 1:   # tol: uniform levels
        steps = int(np.floor(1 / arg.ravel()[0]))
        grid = np.stack(np.meshgrid(*[np.arange(steps + 1)] * 3, indexing="ij"), axis=-1).reshape(-1, 3)[:, ::-1]
        index = _nearest(pixels, grid * 255.0 / steps, dither)
        used, index = np.unique(index, return_inverse=True)
        index = index.reshape(pixels.shape[:2])
        colormap = grid[used] / steps
    elif arg.size == 1 and arg.ravel()[0] >= 1 and arg.ravel()[0] == np.round(arg.ravel()[0]) \
            and arg.ravel()[0] <= 65536:
        count = int(arg.ravel()[0])
        colors, inverse = _distinct_colors(pixels)
        if len(colors) <= count:
            colormap, index = colors / 255.0, inverse.reshape(pixels.shape[:2])
        elif count > 256:
            raise MatlabError("MATLAB:rgb2ind:tooManyColors",
                              f"rgb2ind quantizes to at most 256 colors here (Q is {count}).")
        else:
            from PIL import Image
            quantized = Image.fromarray(pixels).quantize(colors=count, method=Image.Quantize.MEDIANCUT)
            colors = np.array(quantized.getpalette(), dtype=np.float64).reshape(-1, 3)[:count]
            colormap = colors / 255.0
            index = _nearest(pixels, colors, dither) if dither else np.asarray(quantized).astype(np.int64)
    else:
        raise MatlabError("MATLAB:rgb2ind:invalidInput", "The second argument must be Q (an integer from 1 to "
                          "65536), tol (from 0 to 1) or a k-by-3 colormap.")
    X = index.astype(np.uint8 if len(colormap) <= 256 else np.uint16)
    return to_value(X) if nargout <= 1 else (to_value(X), to_value(colormap))


GRAY_WEIGHTS = np.array([0.298936021293775, 0.587043074451121, 0.114020904255103])   # MATLAB's rgb2gray
INTEGER_RANGES = {np.dtype(t): (np.iinfo(t).min, np.iinfo(t).max) for t in (np.uint8, np.uint16, np.int16)}


@builtin("rgb2gray", family="files")
def rgb2gray(rgb: Value) -> Value:
    """I = rgb2gray(RGB) | newmap = rgb2gray(map)  a true-color image (m-by-n-by-3) or a colormap (n-by-3)
    as grayscale.

    Each pixel's (or row's) gray level is 0.298936021293775 R + 0.587043074451121 G + 0.114020904255103 B,
    MATLAB's weights. An image gives an m-by-n image of its class (uint8, uint16 and int16 rounded); a
    colormap gives an n-by-3 colormap whose three columns are the gray levels.

        I = rgb2gray(imread('photo.png'));  imshow(I)
    """
    data = to_array(rgb)
    if class_of(rgb) not in ("double", "single", "uint8", "uint16", "int16") or np.iscomplexobj(data):
        raise MatlabError("MATLAB:images:rgb2gray:invalidType",
                          "RGB must be a real double, single, uint8, uint16 or int16 array.")
    if data.ndim == 3 and data.shape[2] == 3:
        gray = data.astype(np.float64) @ GRAY_WEIGHTS
    elif data.ndim == 2 and data.shape[1] == 3 and class_of(rgb) in ("double", "single"):
        gray = np.repeat((data.astype(np.float64) @ GRAY_WEIGHTS)[:, None], 3, axis=1)
    else:
        raise MatlabError("MATLAB:images:rgb2gray:invalidInputSize",
                          "The input must be an m-by-n-by-3 RGB image or an n-by-3 double colormap.")
    if data.dtype in INTEGER_RANGES:
        low, high = INTEGER_RANGES[data.dtype]
        return to_value(np.clip(np.round(gray), low, high).astype(data.dtype))
    return to_value(gray.astype(data.dtype))


@builtin("im2double", family="files")
def im2double(image: Value, kind: Value | None = None) -> Value:
    """D = im2double(I) | D = im2double(X, 'indexed')  an image as doubles in [0, 1].

    uint8 intensities are divided by 255, uint16 ones by 65535, int16 ones shifted by 32768 and divided
    by 65535; logical, single and double values are kept (as doubles). With 'indexed', the indices of an
    indexed image: uint8 and uint16 indices (from 0) gain 1, double ones are kept.

        D = im2double(uint8([0 128 255]))    % 0 0.5020 1
    """
    data = to_array(image)
    cls = class_of(image)
    if cls not in ("double", "single", "logical", "uint8", "uint16", "int16") or np.iscomplexobj(data):
        raise MatlabError("MATLAB:images:im2double:invalidType",
                          "The image must be a real double, single, logical, uint8, uint16 or int16 array.")
    if kind is not None:
        if (option_text(kind) or "").lower() != "indexed":
            raise MatlabError("MATLAB:images:im2double:invalidIndexedOption",
                              "The second argument must be 'indexed'.")
        if cls not in ("double", "single", "uint8", "uint16"):
            raise MatlabError("MATLAB:images:im2double:invalidIndexedImage",
                              "An indexed image must be double, single, uint8 or uint16.")
        return to_value(data.astype(np.float64) + (1.0 if cls in ("uint8", "uint16") else 0.0))
    if data.dtype in INTEGER_RANGES:
        low, high = INTEGER_RANGES[data.dtype]
        return to_value((data.astype(np.float64) - low) / (high - low))
    return to_value(data.astype(np.float64))
