"""The matfuse command: run a file, -e code, and the interactive prompt."""

from engine import cli
from engine.session import Session


def test_run_file_prints_output_and_exits_zero(tmp_path, capsys):
    script = tmp_path / "demo.m"
    script.write_text("x = 2;\ndisp(x * 21)\n")
    assert cli.main(["run", str(script)]) == 0
    assert capsys.readouterr().out == "    42\n"


def test_run_file_error_goes_to_stderr_with_status_one(tmp_path, capsys):
    script = tmp_path / "bad.m"
    script.write_text("a = 1;\nb = a + nothing_here;\n")
    assert cli.main(["run", str(script)]) == 1
    err = capsys.readouterr().err
    assert "Unrecognized function or variable 'nothing_here'." in err and "Error in bad (line 2)" in err


def test_run_file_in_latin1(tmp_path, capsys):
    script = tmp_path / "latin.m"
    script.write_bytes(b"% caf\xe9\ndisp(double('\xe9'))\n")
    assert cli.main(["run", str(script)]) == 0
    assert capsys.readouterr().out == "   233\n"


def test_missing_file_is_reported(tmp_path, capsys):
    assert cli.main(["run", str(tmp_path / "nope.m")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_evaluate_option(capsys):
    assert cli.main(["-e", "y = 3 + 4"]) == 0
    assert capsys.readouterr().out == "y = 7\n"
    assert cli.main(["-e", "error('x:y', 'nope')"]) == 1


def test_repl_keeps_workspace_and_continues_blocks(capsys):
    lines = iter(["a = 5;", "for k = 1:2", "  a = a + k;", "end", "a"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None
    session = Session(output=cli.echo)
    assert cli.repl(session, read) == 0
    assert session.get("a")[0, 0] == 8.0
    assert "a = 8" in capsys.readouterr().out


def test_exit_ends_the_command_with_its_status(tmp_path, capsys):
    script = tmp_path / "stop.m"
    script.write_text("disp(1)\nexit(4)\ndisp(2)\n")
    assert cli.main(["run", str(script)]) == 4
    assert capsys.readouterr().out == "     1\n"
    assert cli.main(["-e", "quit"]) == 0


def test_exit_at_the_prompt_returns_its_status():
    lines = iter(["a = 1;", "exit(2)", "a = 3;"])
    session = Session(output=cli.echo)
    assert cli.repl(session, lambda prompt: next(lines)) == 2
    assert session.get("a")[0, 0] == 1.0


def test_the_command_has_no_output_limit(monkeypatch, capsys):
    monkeypatch.setenv("MATFUSE_MAX_OUTPUT_CHARS", "10")
    assert cli.main(["-e", "disp(repmat('a', 1, 100))"]) == 0
    assert capsys.readouterr().out == "a" * 100 + "\n"
