"""The disk cache of compiled function files (engine/vm/filecache.py): a new session loads a file's code
instead of compiling it; stale, corrupt and foreign entries are ignored; the folder follows XDG."""
import pickle
from pathlib import Path

import pytest

from engine import config
from engine.vm import filecache
from vmhelp import ok

SOURCE = ("function y = twice(x)\n  y = helper(x) + numel(find([x 0 x]));\nend\n"
          "function z = helper(x)\n  f = @(t) 2 * t;\n  z = f(x);\nend\n")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A working folder holding twice.m, and an empty cache folder of its own."""
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(tmp_path / "cache"))
    work = tmp_path / "work"
    work.mkdir()
    (work / "twice.m").write_text(SOURCE)
    monkeypatch.chdir(work)
    return work


def entries(folder: Path) -> list[Path]:
    return sorted((folder.parent / "cache" / "code").glob("*.pickle"))


def no_compiling(monkeypatch) -> None:
    def refuse(*args):
        raise AssertionError("compiled again")
    monkeypatch.setattr(filecache, "build_file", refuse)
    monkeypatch.setattr(filecache, "generate", refuse)


def test_a_new_session_loads_the_compiled_file(folder, monkeypatch):
    assert ok("a = twice(3);").get("a")[0, 0] == 8.0
    assert len(entries(folder)) == 1
    no_compiling(monkeypatch)
    s = ok("b = twice(4);")
    assert s.get("b")[0, 0] == 10.0
    code = s.vm.find_file("twice")
    assert code.generated is not None and set(code.locals) == {"twice", "helper"}


def test_a_changed_file_is_compiled_again(folder):
    ok("a = twice(3);")
    (folder / "twice.m").write_text(SOURCE.replace("2 * t", "3 * t"))
    assert ok("a = twice(3);").get("a")[0, 0] == 11.0
    assert len(entries(folder)) == 2


def test_the_entry_name_covers_the_engine_path_name_and_bytes(folder, monkeypatch):
    data = SOURCE.encode()
    base = filecache.entry_path(data, "twice", "/a/twice.m")
    assert filecache.entry_path(data, "twice", "/b/twice.m") != base
    assert filecache.entry_path(data + b"\n", "twice", "/a/twice.m") != base
    monkeypatch.setattr(filecache, "engine_fingerprint", lambda: "another engine")
    assert filecache.entry_path(data, "twice", "/a/twice.m") != base


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05\x95garbage", "truncated"])
def test_a_corrupt_entry_is_ignored_and_written_again(folder, damage):
    ok("a = twice(3);")
    [entry] = entries(folder)
    good = entry.read_bytes()
    entry.write_bytes(good[:len(good) // 2] if damage == "truncated" else damage)
    assert ok("a = twice(3);").get("a")[0, 0] == 8.0
    assert entry.read_bytes()[:2] == good[:2] and len(entry.read_bytes()) > 100


def test_an_entry_of_another_file_or_type_is_ignored(folder):
    ok("a = twice(3);")
    [entry] = entries(folder)
    entry.write_bytes(pickle.dumps({"not": "code"}))
    assert ok("a = twice(3);").get("a")[0, 0] == 8.0
    code = filecache.read_entry(entry, str(folder / "twice.m"))
    assert code is not None and filecache.read_entry(entry, "/elsewhere/twice.m") is None


def test_a_syntax_error_caches_nothing(folder):
    (folder / "broken.m").write_text("function y = broken(x)\n  y = (x;\nend\n")
    s = ok("a = 1;")
    assert s.execute("b = broken(1);").error.identifier == "MATLAB:parse"
    assert entries(folder) == []


def test_the_cache_can_be_turned_off(folder, monkeypatch):
    monkeypatch.setenv("MATFUSE_CODE_CACHE", "0")
    assert ok("a = twice(3);").get("a")[0, 0] == 8.0
    assert entries(folder) == []


def test_a_folder_that_cannot_be_written_means_no_cache(folder, monkeypatch):
    blocker = folder.parent / "blocked"
    blocker.write_text("a file where the cache folder would be")
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(blocker))
    assert ok("a = twice(3);").get("a")[0, 0] == 8.0


def test_the_cache_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(tmp_path / "mine"))
    assert config.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("MATFUSE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert config.cache_dir() == tmp_path / "xdg" / "matfuse"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert config.cache_dir() == Path.home() / ".cache" / "matfuse"


def test_script_files_are_cached_too(folder, monkeypatch):
    (folder / "setup_vars.m").write_text("w = 7;\nfor k = 1:3\n  w = w + k;\nend\n")
    assert ok("setup_vars").get("w")[0, 0] == 13.0
    no_compiling(monkeypatch)
    assert ok("setup_vars").get("w")[0, 0] == 13.0
    assert len(entries(folder)) == 1
