"""The search path and the working folder through Session: addpath, rmpath, path, genpath, pwd, cd."""
import os

from engine import Session


def test_addpath_finds_function_files_and_rmpath_forgets_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "libfun.m").write_text("function y = libfun(x)\n  y = 10 * x;\nend\n")
    s = Session(device="cpu")
    assert s.execute("a = exist('libfun');").error is None and s.get("a")[0, 0] == 0.0
    assert s.execute("addpath('lib'); y = libfun(2); p = path;").error is None
    assert s.get("y")[0, 0] == 20.0
    assert s.get("p").split(os.pathsep) == [str(tmp_path), str(tmp_path / "lib")]
    r = s.execute("rmpath lib\nz = libfun(1);")
    assert r.error.identifier == "MATLAB:UndefinedFunction"


def test_addpath_of_a_missing_folder_warns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = Session(device="cpu").execute("addpath('nothere')")
    assert r.error is None and "Warning: Name is nonexistent or not a directory" in r.stdout


def test_cd_and_pwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    s = Session(device="cpu")
    assert s.execute("cd sub\nd = pwd;\ncd ..\ne = pwd;").error is None
    assert s.get("d") == str(tmp_path / "sub") and s.get("e") == str(tmp_path)
    assert s.execute("cd").stdout == f"{tmp_path}\n"
    r = s.execute("cd nowhere")
    assert r.error.identifier == "MATLAB:cd:NonExistentFolder"


def test_genpath_lists_the_folder_tree_for_addpath(tmp_path, monkeypatch):
    """MATLAB's documented form: 'myfolder:myfolder/mysubfolder:' (a trailing separator; Octave has none
    and keeps folders named resources, which MATLAB leaves out, as it does private, @class and +namespace
    folders and everything under them)."""
    monkeypatch.chdir(tmp_path)
    for folder in ("lib/b/c", "lib/a", "lib/private/x", "lib/@cls", "lib/+ns", "lib/resources"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "lib" / "b" / "c" / "deepfun.m").write_text("function y = deepfun()\n  y = 7;\nend\n")
    s = Session(device="cpu")
    assert s.execute("p = genpath('lib'); addpath(p); y = deepfun(); q = genpath('nothere');").error is None
    assert s.get("p") == os.pathsep.join(["lib", "lib/a", "lib/b", "lib/b/c"]) + os.pathsep
    assert s.get("y")[0, 0] == 7.0 and s.get("q") == ""
    r = s.execute("genpath")
    assert r.error.identifier == "matfuse:genpath:noToolbox"
    assert s.execute("genpath(3)").error.identifier == "MATLAB:genpath:InvalidInput"
