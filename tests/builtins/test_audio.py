"""audioread of WAV files: MATLAB's scaling of each sample class into [-1, 1), 'native', sample
ranges, channels as columns; sound and soundsc, whose samples reach the front end as a WAV file; and the
errors (a DSP book's programs of the fifth corpus round read and play WAV files). Expected values of
audioread: Octave's audioread of the same files."""
import numpy as np
import pytest
import scipy.io.wavfile

from engine import Session
from session_helpers import run


@pytest.fixture
def session(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scipy.io.wavfile.write(tmp_path / "s16.wav", 8000,
                           np.array([[0, -32768], [16384, 32767], [-1, 100]], dtype=np.int16))
    scipy.io.wavfile.write(tmp_path / "u8.wav", 11025, np.array([0, 128, 255, 64], dtype=np.uint8))
    scipy.io.wavfile.write(tmp_path / "f32.wav", 22050, np.array([0.5, -0.25], dtype=np.float32))
    (tmp_path / "notes.txt").write_text("not audio\n")
    fmt = (0x55).to_bytes(2, "little") + (1).to_bytes(2, "little") + (11025).to_bytes(4, "little") + \
        (1000).to_bytes(4, "little") + (1).to_bytes(2, "little") + (0).to_bytes(2, "little")
    chunks = b"WAVE" + b"fmt " + len(fmt).to_bytes(4, "little") + fmt + b"data" + (2).to_bytes(4, "little") + b"\0\0"
    (tmp_path / "mp3.wav").write_bytes(b"RIFF" + len(chunks).to_bytes(4, "little") + chunks)   # MPEG-3 in WAV
    return Session(device="cpu")



def test_integer_samples_scaled_channels_as_columns(session):
    run(session, "[y, Fs] = audioread('s16.wav'); y8 = audioread('u8.wav'); [f, Ff] = audioread('f32.wav');")
    assert session.get("y").tolist() == [[0.0, -1.0], [0.5, 32767 / 32768], [-1 / 32768, 100 / 32768]]
    assert session.get("Fs") == 8000.0 and session.get("Ff") == 22050.0
    assert session.get("y8").tolist() == [[-1.0], [0.0], [0.9921875], [-0.5]]      # unsigned, centred on 128
    assert session.get("f").dtype == np.float64 and session.get("f").tolist() == [[0.5], [-0.25]]


def test_native_classes_and_sample_ranges(session):
    run(session, "n = audioread('s16.wav', 'native'); g = audioread('f32.wav', 'native'); "
                 "r = audioread('s16.wav', [2 Inf]); s = audioread('s16.wav', [1 1], 'double');")
    assert session.get("n").dtype == np.int16 and session.get("n").tolist() == [[0, -32768], [16384, 32767],
                                                                                 [-1, 100]]
    assert session.get("g").dtype == np.float32
    assert session.get("r").tolist() == [[0.5, 32767 / 32768], [-1 / 32768, 100 / 32768]]
    assert session.get("s").tolist() == [[0.0, -1.0]]


@pytest.mark.parametrize("code, ident", [
    ("audioread('missing.wav')", "MATLAB:audiovideo:audioread:fileNotFound"),
    ("audioread('notes.txt')", "MATLAB:audiovideo:audioread:FileTypeNotSupported"),
    ("audioread('mp3.wav')", "MATLAB:audiovideo:audioread:FileTypeNotSupported"),
    ("audioread('s16.wav', [3 4])", "MATLAB:audiovideo:audioread:endoffile"),
    ("audioread('s16.wav', [2 1])", "MATLAB:audiovideo:audioread:endoffile"),
    ("audioread('s16.wav', 'int16')", "MATLAB:audiovideo:audioread:invalidDataType"),
])
def test_errors(session, code, ident):
    err = session.execute(code).error
    assert err is not None and err.identifier == ident
    if code == "audioread('mp3.wav')":          # the message names the coding it does not read
        assert "MPEGLAYER3-coded" in err.message


def test_sound_and_soundsc_hand_the_samples_on_as_wav(session):
    """sound clips to [-1, 1] and writes 16-bit PCM (8-bit unsigned with nBits 8); soundsc scales the
    largest magnitude (or yrange) to 1; a row vector is one channel, an m-by-2 matrix stereo."""
    import io
    r = session.execute("sound([0 0.5 -2], 8000); soundsc([0 2 -4; 1 1 1]', 11025); sound([0.5; -1], 8000, 8); "
                        "soundsc([0 1 2], 8000, [0 2]); sound(1:3)")
    assert r.error is None, r.error
    waves = [scipy.io.wavfile.read(io.BytesIO(f.wav)) for f in r.figures]
    assert [rate for rate, _ in waves] == [8000, 11025, 8000, 8000, 8192]
    assert waves[0][1].tolist() == [0, 16384, -32767]
    assert waves[1][1].tolist() == [[0, 8192], [16384, 8192], [-32767, 8192]]
    assert waves[2][1].tolist() == [192, 1] and waves[3][1].tolist() == [-32767, 0, 32767]
    assert r.figures[1].seconds == 3 / 11025


@pytest.mark.parametrize("code, ident", [
    ("sound(ones(2, 4))", "MATLAB:sound:invalidDataSize"),
    ("sound(1, 10)", "MATLAB:sound:invalidFrequency"),
    ("sound(1, 8000, 12)", "MATLAB:sound:invalidBitsPerSample"),
    ("soundsc(1, 8000, [1 1])", "MATLAB:soundsc:invalidRange"),
    ("sound(1i)", "MATLAB:sound:complexInput"),
])
def test_sound_errors(session, code, ident):
    err = session.execute(code).error
    assert err is not None and err.identifier == ident
