"""Audio files: audioread (WAV through scipy.io.wavfile).

MATLAB's conventions: the samples are an m-by-n matrix, one column per channel; 'double' (the default)
scales integer samples into [-1, 1) (8-bit ones are unsigned, centred on 128), 'native' keeps the file's
class (uint8, int16, int32 for 24- and 32-bit integers, single for 32-bit floats).
"""
from __future__ import annotations

import math
import os

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value, to_array
from .registry import builtin
from .sizes import option_text
from .textutil import text_arg

FULL_SCALE = {np.dtype(np.uint8): 128.0, np.dtype(np.int16): 32768.0, np.dtype(np.int32): 2.0 ** 31}


def _samples(wav: np.ndarray) -> np.ndarray:
    """The file's samples as MATLAB's 'double' gives them."""
    if wav.dtype.kind == "f":
        return wav.astype(np.float64)
    if wav.dtype not in FULL_SCALE:
        raise MatlabError("MATLAB:audiovideo:audioread:FileTypeNotSupported",
                          f"audioread does not read {wav.dtype.itemsize * 8}-bit integer samples.")
    centred = wav.astype(np.float64) - (128.0 if wav.dtype == np.uint8 else 0.0)
    return centred / FULL_SCALE[wav.dtype]


def _range(value: Value, frames: int) -> tuple[int, int]:
    """The 0-based slice of samples [start, finish] (1-based, finish may be Inf) selects."""
    bounds = np.asarray(to_array(value)).ravel()
    if bounds.dtype.kind not in "biuf" or bounds.size != 2 or np.any(np.isnan(bounds)):
        raise MatlabError("MATLAB:audiovideo:audioread:invalidRange",
                          "The range of samples must be a 2-element vector [start, finish].")
    start, finish = bounds
    finish = frames if math.isinf(finish) and finish > 0 else finish
    if not (start == int(start) and finish == int(finish) and 1 <= start <= finish <= frames):
        raise MatlabError("MATLAB:audiovideo:audioread:endoffile",
                          f"The range of samples must be within 1 and {frames}, in order.")
    return int(start) - 1, int(finish)


@builtin("audioread", family="files")
def audioread(filename: Value, *rest: Value, nargout: int = 1) -> Value:
    """[y, Fs] = audioread(filename) | audioread(filename, [start finish]) | audioread(..., dataType)  the
    samples and sample rate of a WAV file.

    y is m-by-n, one column per channel. dataType 'double' (the default) scales integer samples into
    [-1, 1): 16-bit samples are divided by 32768, 8-bit ones (unsigned) centred on 128 and divided by 128,
    24- and 32-bit ones divided by 2^31; float samples are as stored. 'native' keeps the file's class
    (uint8, int16, int32, single). [start finish] reads those samples only (1-based; finish may be Inf).
    Fs is the sample rate in hertz. Other audio formats (FLAC, MP3, OGG...) are not read here.

        [y, Fs] = audioread('speech.wav');  t = (0:size(y, 1) - 1) / Fs;
    """
    import scipy.io.wavfile
    path = os.path.expanduser(text_arg(filename, "audioread", "File name"))
    if len(rest) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    kind = option_text(rest[-1]) if rest else None
    if kind is not None:
        rest = rest[:-1]
        if kind.lower() not in ("double", "native"):
            raise MatlabError("MATLAB:audiovideo:audioread:invalidDataType",
                              "The data type must be 'double' or 'native'.")
    elif len(rest) == 2:
        raise MatlabError("MATLAB:audiovideo:audioread:invalidDataType",
                          "The data type must be 'double' or 'native'.")
    if not os.path.isfile(path):
        raise MatlabError("MATLAB:audiovideo:audioread:fileNotFound",
                          f"The filename specified was not found in the MATLAB path: {path}")
    try:
        rate, wav = scipy.io.wavfile.read(path)
    except (ValueError, EOFError):
        raise MatlabError("MATLAB:audiovideo:audioread:FileTypeNotSupported",
                          f"{path}: audioread reads WAV files only here (PCM or float samples).") from None
    wav = wav.reshape(wav.shape[0], -1)
    if rest:
        start, finish = _range(rest[0], wav.shape[0])
        wav = wav[start:finish]
    y = wav.copy() if kind is not None and kind.lower() == "native" else _samples(wav)
    outputs = (to_value(y), to_value(np.array([[float(rate)]])))
    return outputs[0] if nargout <= 1 else outputs[:nargout]
