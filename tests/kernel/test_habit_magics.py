"""Magics users bring from other kernels (%load, %run, %env, %%html/%%markdown/%%latex, metakernel's
%plot options), the notice for a %word that is no magic, and MATLAB's shell escape !cmd."""
import os

from kernel_helpers import run, texts


def _streams(messages, name):
    return "".join(m["content"]["text"] for m in messages
                   if m["msg_type"] == "stream" and m["content"]["name"] == name)


def test_load_replaces_the_cell_with_the_file_and_runs_nothing(kernel):
    (kernel.cwd / "loadme.m").write_text("q = 41 + 1\n")
    reply, messages = run(kernel, "%load loadme\nq = 0")
    assert reply["status"] == "ok" and messages == []
    assert reply["payload"] == [{"source": "set_next_input", "text": "% %load loadme\nq = 41 + 1\n",
                                 "replace": True}]
    reply, _ = run(kernel, "%load nothere.m")
    assert reply["status"] == "error" and reply["ename"] == "MATLAB:run:FileNotFound"


def test_run_runs_a_script_in_its_folder_and_names_it_in_errors(kernel):
    folder = kernel.cwd / "scripts"
    folder.mkdir()
    (folder / "setup_vals.m").write_text("r = 6 * 7;\nhere = pwd;\n")
    reply, messages = run(kernel, "%run scripts/setup_vals.m\ndisp(r)")
    assert reply["status"] == "ok" and texts(messages) == "    42\n"
    reply, messages = run(kernel, "disp(here); disp(pwd)")
    assert texts(messages) == f"{folder}\n{kernel.cwd}\n"
    (folder / "broken.m").write_text("a = 1;\nb = a + missing_name;\n")
    reply, messages = run(kernel, "%run scripts/broken")
    assert reply["status"] == "error" and "Error in broken (line 2)" in "\n".join(reply["traceback"])
    (folder / "greet.m").write_text("function greet\n% GREET  say hello.\ndisp('hello from greet')\nend\n")
    reply, messages = run(kernel, "%run scripts/greet.m")
    assert texts(messages) == "hello from greet\n"


def test_env_shows_and_sets_variables_seen_by_shell_commands(kernel):
    reply, messages = run(kernel, "%env MATFUSE_TEST_VAR=hello there")
    assert texts(messages) == "env: MATFUSE_TEST_VAR=hello there\n"
    _, messages = run(kernel, "%env MATFUSE_TEST_VAR")
    assert texts(messages) == "hello there\n"
    _, messages = run(kernel, "%env")
    assert "MATFUSE_TEST_VAR=hello there\n" in texts(messages)
    _, messages = run(kernel, "!echo $MATFUSE_TEST_VAR")
    assert texts(messages) == "hello there\n"
    reply, _ = run(kernel, "%env MATFUSE_NOT_SET_ANYWHERE")
    assert reply["ename"] == "matfuse:env:notSet"


def test_display_cell_magics_send_their_mime_type(kernel):
    for magic, mime, body in [("html", "text/html", "<b>bold</b>"), ("markdown", "text/markdown", "# Title"),
                              ("latex", "text/latex", "$$x^2$$")]:
        reply, messages = run(kernel, f"%%{magic}\n{body}")
        assert reply["status"] == "ok"
        (shown,) = [m for m in messages if m["msg_type"] == "display_data"]
        assert shown["content"]["data"] == {mime: body, "text/plain": body}


def test_plot_takes_metakernel_options(kernel):
    _, messages = run(kernel, "%plot inline --format=svg -w 800 -h 400")
    assert texts(messages) == "Plot settings: format: svg, size: 800x400 px, resolution: 192 dpi\n"
    _, messages = run(kernel, "%plot --format png -s 300,200 -r 96")
    assert texts(messages) == "Plot settings: format: png, size: 300x200 px, resolution: 96 dpi\n"
    _, messages = run(kernel, "plot(1:3)")
    (figure,) = [m for m in messages if m["msg_type"] == "display_data"]
    assert figure["content"]["metadata"]["image/png"] == {"width": 300, "height": 200}
    reply, _ = run(kernel, "%plot qt")
    assert reply["ename"] == "matfuse:plot:badOption"
    run(kernel, "%plot png -s 560,420 -r 192")


def test_a_percent_word_that_is_no_magic_gets_a_one_line_notice(kernel):
    reply, messages = run(kernel, "%matplotlib inline\n%who\nx_after_notice = 3;\ndisp(x_after_notice)")
    assert reply["status"] == "ok"
    assert _streams(messages, "stderr") == ("%matplotlib is not a matfuse magic: the line was read as a "
                                            "MATLAB comment (%lsmagic lists the magics)\n")
    assert texts(messages).endswith("     3\n")
    _, messages = run(kernel, "%%bash\nls")
    assert _streams(messages, "stderr").startswith("%%bash is not a matfuse magic")
    _, messages = run(kernel, "% a comment\n%Capitalised words are comments\nx = 1;")
    assert _streams(messages, "stderr") == ""


def test_shell_escape_runs_the_rest_of_the_line(kernel):
    reply, messages = run(kernel, "a = 1;\n!echo one; echo two % still the command\nb = 2")
    assert reply["status"] == "ok"
    assert texts(messages) == "one\ntwo % still the command\n"
    assert messages[-1]["content"]["data"]["text/plain"] == "b = 2"
    reply, messages = run(kernel, "[status, out] = system('echo hi; exit 3');\ndisp(status); disp(out)")
    assert texts(messages) == "     3\nhi\n\n"
    _, messages = run(kernel, "!pwd")
    assert texts(messages) == f"{os.path.realpath(kernel.cwd)}\n"
