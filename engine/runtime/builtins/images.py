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
    'Quality' (JPEG, 0-100, default 75), 'Alpha' (PNG: a transparency matrix of A's size).

        imwrite(rand(64, 64, 3), 'noise.png');
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
    opts = name_values("imwrite", values, ("Quality", "Alpha"))
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
        image.save(path, format=FORMATS[extension], **save)
    except OSError as exc:
        raise MatlabError("MATLAB:imagesci:imwrite:fileOpen",
                          f"Unable to open file \"{path}\" for writing: {exc.strerror or exc}.") from None


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
