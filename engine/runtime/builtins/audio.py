"""Audio: audioread (WAV files through scipy.io.wavfile), sound and soundsc.

MATLAB's conventions: the samples are an m-by-n matrix, one column per channel; 'double' (the default)
scales integer samples into [-1, 1) (8-bit ones are unsigned, centred on 128), 'native' keeps the file's
class (uint8, int16, int32 for 24- and 32-bit integers, single for 32-bit floats).

A session has no loudspeaker: sound hands the front end an audio player instead (a ``Sound`` among the
cell's figures, which the notebook shows as an HTML5 audio element that starts playing at once).
"""
from __future__ import annotations

import base64
import io
import math
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value, to_array
from .arguments import real_array, real_scalar
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
    except (ValueError, EOFError) as exc:
        coded = str(exc).partition("Unknown wave file format: ")[2].partition(".")[0]
        what = f"its samples are {coded}-coded" if coded else "it is no WAV file"
        raise MatlabError("MATLAB:audiovideo:audioread:FileTypeNotSupported",
                          f"{path}: {what}; audioread reads WAV files of PCM or float samples only here.") from None
    wav = wav.reshape(wav.shape[0], -1)
    if rest:
        start, finish = _range(rest[0], wav.shape[0])
        wav = wav[start:finish]
    y = wav.copy() if kind is not None and kind.lower() == "native" else _samples(wav)
    outputs = (to_value(y), to_value(np.array([[float(rate)]])))
    return outputs[0] if nargout <= 1 else outputs[:nargout]


@dataclass
class Sound:
    """One sound call's samples as a WAV file, for the front end (shown as figures are)."""
    wav: bytes
    rate: int
    seconds: float
    number = None          # not a figure: each sound gets a display of its own

    def mimebundle(self) -> tuple[dict[str, Any], dict[str, Any]]:
        source = "data:audio/wav;base64," + base64.b64encode(self.wav).decode()
        return ({"text/html": f'<audio controls autoplay src="{source}"></audio>',
                 "text/plain": f"<Sound: {self.seconds:.4g} s at {self.rate} Hz>"}, {})


def _play(ctx: Any, fname: str, samples: Value, rest: tuple[Value, ...], scale: Any) -> None:
    """sound / soundsc: check (y, Fs, nBits), map y through ``scale`` into [-1, 1] and hand the WAV on."""
    if len(rest) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    y = real_array(fname, samples).astype(np.float64)
    if y.ndim != 2 or (1 not in y.shape and y.shape[1] != 2):
        raise MatlabError(f"MATLAB:{fname}:invalidDataSize",
                          "Audio data must be a vector, or an m-by-2 matrix for stereo.")
    y = y.reshape(-1, 1) if y.shape[0] == 1 else y
    rate = real_scalar(fname, rest[0], "The sample rate") if rest else 8192.0
    if not 1000 <= rate <= 384000:
        raise MatlabError(f"MATLAB:{fname}:invalidFrequency",
                          "The sample rate must be between 1000 and 384000 Hz.")
    bits = real_scalar(fname, rest[1], "The number of bits") if len(rest) > 1 else 16.0
    if bits not in (8.0, 16.0, 24.0):
        raise MatlabError(f"MATLAB:{fname}:invalidBitsPerSample", "The number of bits must be 8, 16 or 24.")
    y = np.clip(np.nan_to_num(scale(y), nan=0.0), -1.0, 1.0)
    if bits == 8:
        pcm = np.round(y * 127 + 128).astype(np.uint8)
    elif bits == 16:
        pcm = np.round(y * 32767).astype(np.int16)
    else:                                   # 24 bits: written as 32-bit PCM (scipy writes no 24-bit WAV)
        pcm = (np.round(y * 8388607).astype(np.int32) << 8)
    import scipy.io.wavfile
    buffer = io.BytesIO()
    scipy.io.wavfile.write(buffer, int(round(rate)), pcm)
    ctx.add_figure(Sound(buffer.getvalue(), int(round(rate)), y.shape[0] / rate))


@builtin("sound", family="interaction")
def sound(ctx, y: Value, *rest: Value) -> None:
    """sound(y) | sound(y, Fs) | sound(y, Fs, nBits)  play audio samples (a player in the notebook).

    y is a vector (mono) or an m-by-2 matrix (stereo) of samples in [-1, 1] (values outside are clipped);
    Fs the sample rate in hertz (default 8192, from 1000 to 384000); nBits 8, 16 (default) or 24. The
    notebook gets an audio player for the samples, which starts at once; the call does not wait.

        Fs = 8192; t = 0:1/Fs:1; sound(sin(2*pi*440*t), Fs)
    """
    _play(ctx, "sound", y, rest, lambda v: v)


@builtin("soundsc", family="interaction")
def soundsc(ctx, y: Value, *rest: Value) -> None:
    """soundsc(y) | soundsc(y, Fs) | soundsc(y, Fs, nBits) | soundsc(..., yrange)  play audio samples
    scaled to fill [-1, 1].

    As sound, with y scaled first: by default so that its largest magnitude maps to 1 (silence stays
    silent); with yrange = [low high], low maps to -1 and high to 1 (values outside are clipped).

        soundsc(randn(1, 8192), 8192)
    """
    args = list(rest)
    low_high = None
    if args and real_array("soundsc", args[-1]).size == 2:
        low_high = real_array("soundsc", args.pop()).ravel().astype(np.float64)
        if not low_high[0] < low_high[1]:
            raise MatlabError("MATLAB:soundsc:invalidRange", "yrange must be [low high] with low < high.")

    def scale(v: np.ndarray) -> np.ndarray:
        if low_high is not None:
            return (v - low_high[0]) / (low_high[1] - low_high[0]) * 2 - 1
        peak = np.max(np.abs(v[np.isfinite(v)]), initial=0.0)
        return v / peak if peak > 0 else v
    _play(ctx, "soundsc", y, tuple(args), scale)
