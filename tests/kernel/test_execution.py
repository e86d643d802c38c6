"""The kernel through jupyter_client: streaming, errors, interrupt, stdin, figures, completion, magics."""
import base64
import json
import threading
import time

from kernel_helpers import run, texts


def test_output_streams_in_order_while_the_cell_runs(kernel):
    code = ("for k = 1:3\n  fprintf('step %d\\n', k);\n  t = tic;\n  while toc(t) < 0.3\n  end\nend\n"
            "disp('done')")
    arrivals = []
    start = time.perf_counter()

    def hook(msg):
        if msg["msg_type"] == "stream":
            arrivals.append((time.perf_counter() - start, msg["content"]["text"]))
    reply = kernel.execute_interactive(code, output_hook=hook, timeout=30)
    assert reply["content"]["status"] == "ok"
    assert "".join(t for _, t in arrivals) == "step 1\nstep 2\nstep 3\ndone\n"
    assert arrivals[-1][0] - arrivals[0][0] > 0.5          # the first line came before the loop ended


def test_error_gives_one_error_message_and_an_error_reply(kernel):
    reply, messages = run(kernel, "disp('before')\nx = [1 2 3];\ny = x(7);\ndisp('after')")
    assert reply["status"] == "error" and reply["ename"] == "MATLAB:badsubscript"
    assert [m["msg_type"] for m in messages] == ["stream", "error"]
    assert texts(messages) == "before\n"
    error = messages[1]["content"]
    assert error["evalue"] == "Index exceeds the number of array elements. Index must not exceed 3."
    assert any("line 3" in line for line in error["traceback"])
    reply, messages = run(kernel, "fprintf('%d\\n', numel(x))")        # the workspace survived
    assert reply["status"] == "ok" and texts(messages) == "3\n"


def test_error_without_identifier_is_named_matlab_error(kernel):
    reply, _ = run(kernel, "error('plain message')")
    assert (reply["ename"], reply["evalue"]) == ("MATLAB:error", "plain message")


def test_interrupt_stops_a_long_loop_and_keeps_the_workspace(kernel):
    run(kernel, "kept = 41;")
    timer = threading.Timer(1.0, kernel.manager.interrupt_kernel)
    timer.start()
    start = time.perf_counter()
    reply, messages = run(kernel, "k = 0;\nwhile true\n  k = k + 1;\nend", timeout=30)
    assert time.perf_counter() - start < 5
    assert reply["status"] == "error" and reply["evalue"] == "Operation terminated by user"
    reply, messages = run(kernel, "fprintf('%d\\n', kept + 1)")
    assert texts(messages) == "42\n"


def test_input_uses_stdin_when_allowed(kernel):
    def answer(msg):
        kernel.input(f"{len(msg['content']['prompt'])}*2")
    reply = kernel.execute_interactive("n = input('Number? ');\ndisp(n)", allow_stdin=True,
                                       stdin_hook=answer, output_hook=lambda m: None, timeout=30)
    assert reply["content"]["status"] == "ok"
    reply, messages = run(kernel, "fprintf('%d\\n', n)")
    assert texts(messages) == "16\n"                        # len('Number? ') * 2


def test_input_fails_at_once_without_stdin(kernel):
    start = time.perf_counter()
    reply, _ = run(kernel, "s = input('Name: ', 's');", allow_stdin=False)
    assert reply["status"] == "error" and reply["ename"] == "MATLAB:input:noStdin"
    assert time.perf_counter() - start < 5


def _images(messages):
    return [m for m in messages if m["msg_type"] in ("display_data", "update_display_data")]


def test_figures_persist_across_cells_and_only_changes_are_sent(kernel):
    run(kernel, "close all")
    reply, messages = run(kernel, "figure(1); plot(1:10);")
    (image,) = _images(messages)
    png = base64.b64decode(image["content"]["data"]["image/png"])
    assert png.startswith(b"\x89PNG") and image["content"]["metadata"]["image/png"] == {"width": 560, "height": 420}
    _, messages = run(kernel, "x = 1;")
    assert _images(messages) == []                          # unchanged figure: not sent again
    _, messages = run(kernel, "title('later')")               # same figure, changed in a later cell
    assert [m["content"]["data"]["text/plain"] for m in _images(messages)] == ["<Figure 1>"]


def test_drawnow_shows_progress_and_updates_the_same_display(kernel):
    _, messages = run(kernel, "close all\nfor k = 1:3\n  plot(1:k);\n  drawnow;\nend")
    kinds = [m["msg_type"] for m in _images(messages)]
    assert kinds == ["display_data", "update_display_data", "update_display_data"]
    ids = {m["content"]["transient"]["display_id"] for m in _images(messages)}
    assert len(ids) == 1


def test_sound_sends_an_audio_player_per_call(kernel):
    """sound and soundsc (a DSP book's programs in the fifth corpus round): each call is a display of its
    own, an HTML5 player of the samples as a WAV file."""
    _, messages = run(kernel, "close all\nFs = 8000; t = 0:1/Fs:0.01;\nsound(sin(2*pi*440*t), Fs)\n"
                              "soundsc([0 2 -4], Fs)")
    players = _images(messages)
    assert [m["msg_type"] for m in players] == ["display_data", "display_data"]
    assert len({m["content"]["transient"]["display_id"] for m in players}) == 2
    html = players[1]["content"]["data"]["text/html"]
    wav = base64.b64decode(html.split("base64,")[1].split('"')[0])
    assert html.startswith("<audio controls autoplay") and wav.startswith(b"RIFF")
    assert players[0]["content"]["data"]["text/plain"] == "<Sound: 0.01013 s at 8000 Hz>"


def test_plot_svg_sends_svg_with_the_png(kernel):
    reply, messages = run(kernel, "%plot svg -s 400,300\nclose all; plot(1:3)")
    assert reply["status"] == "ok"
    assert "format: svg, size: 400x300 px" in texts(messages)
    (image,) = _images(messages)
    assert "<svg" in image["content"]["data"]["image/svg+xml"]
    assert image["content"]["metadata"]["image/svg+xml"] == {"width": 400, "height": 300}
    reply, _ = run(kernel, "%plot png -s 560,420")
    assert reply["status"] == "ok"


def test_bad_plot_option_is_an_error(kernel):
    reply, _ = run(kernel, "%plot gif")
    assert reply["status"] == "error" and reply["ename"] == "matfuse:plot:badOption"


def test_completion_of_struct_fields_variables_and_magics(kernel):
    run(kernel, "s.alpha = 1; s.beta.gamma = 2; s.beta.gone = 3; sigma = 4;")
    code = "y = s.be"
    content = kernel.complete(code, len(code), reply=True)["content"]
    assert (content["matches"], content["cursor_start"], content["cursor_end"]) == (["beta"], 6, 8)
    code = "s.beta.g"
    content = kernel.complete(code, len(code), reply=True)["content"]
    assert content["matches"] == ["gamma", "gone"] and content["cursor_start"] == 7
    content = kernel.complete("si", 2, reply=True)["content"]
    assert content["matches"][0] == "sigma" and "sin" in content["matches"]
    content = kernel.complete("%ti", 3, reply=True)["content"]
    assert content["matches"] == ["%time", "%timeit"]


def test_inspect_shows_builtin_help_and_variables(kernel):
    content = kernel.inspect("plot(x", 2, reply=True)["content"]
    assert content["found"] and content["data"]["text/plain"].startswith("plot(Y)")
    run(kernel, "v = [1 2 3];")
    content = kernel.inspect("v", 1, reply=True)["content"]
    assert content["data"]["text/plain"].startswith("v: 1×3 double variable")
    assert not kernel.inspect("nosuchname", 3, reply=True)["content"]["found"]


def test_user_function_help_from_file_magic(kernel):
    reply, messages = run(kernel, "%%file addone.m\nfunction y = addone(x)\n% ADDONE  add one to x.\ny = x + 1;\nend")
    assert reply["status"] == "ok" and "Created file" in texts(messages)
    assert (kernel.cwd / "addone.m").read_text().startswith("function y = addone(x)")
    _, messages = run(kernel, "fprintf('%d\\n', addone(41))")
    assert texts(messages) == "42\n"
    reply, _ = run(kernel, "addone?")
    assert reply["payload"][0]["data"]["text/plain"].startswith("ADDONE  add one to x.")
    _, messages = run(kernel, "help addone")
    assert texts(messages).startswith("ADDONE  add one to x.")
    assert kernel.complete("z = addo", 8, reply=True)["content"]["matches"] == ["addone"]


def test_time_timeit_who_and_lsmagic(kernel):
    reply, messages = run(kernel, "%time z = 2 + 2")
    assert reply["status"] == "ok" and "Wall time:" in texts(messages)
    reply, messages = run(kernel, "%%time\nw = 3;\n")
    assert "CPU time:" in texts(messages)
    reply, messages = run(kernel, "%timeit -n 5 -r 2 q = sum(1:10);")
    assert "per loop (mean ± std. dev. of 2 runs, 5 loops each)" in texts(messages)
    _, magic = run(kernel, "%who")
    _, plain = run(kernel, "who")
    assert texts(magic) == texts(plain) != ""             # %who is MATLAB's who
    _, messages = run(kernel, "%lsmagic")
    assert "%timeit" in texts(messages) and "%%file" in texts(messages)


def test_cd_magic_changes_the_working_folder(kernel):
    (kernel.cwd / "sub").mkdir()
    reply, messages = run(kernel, "%cd sub")
    assert texts(messages).strip().endswith("sub")
    reply, messages = run(kernel, "%cd ..")
    assert texts(messages).strip() == str(kernel.cwd)
    reply, _ = run(kernel, "%cd /no/such/folder")
    assert reply["ename"] == "MATLAB:cd:NonExistentFolder"


def test_help_magic_pages_the_magic_list_and_magic_help(kernel):
    reply, _ = run(kernel, "%help")
    assert "%timeit" in reply["payload"][0]["data"]["text/plain"]
    reply, _ = run(kernel, "%help %plot")
    assert reply["payload"][0]["data"]["text/plain"].startswith("%plot [inline] [png|svg]")


def test_comment_with_space_is_not_a_magic(kernel):
    reply, messages = run(kernel, "% time is a comment here\ndisp('ran')")
    assert reply["status"] == "ok" and texts(messages) == "ran\n"


def test_warnings_go_to_stderr(kernel):
    _, messages = run(kernel, "warning('careful now')")
    assert [(m["content"]["name"], m["content"]["text"]) for m in messages] == [("stderr", "Warning: careful now\n")]


def test_unsuppressed_results_are_execute_results_with_matlab_html(kernel):
    reply, messages = run(kernel, "v = [1 2; 3 4]\nword = 'text'\nbig = zeros(3000, 2);\nbig")
    results = [m["content"] for m in messages if m["msg_type"] == "execute_result"]
    assert [r["execution_count"] for r in results] == [reply["execution_count"]] * 3
    assert results[0]["data"]["text/plain"] == "v = 2×2\n\n     1     2\n     3     4"
    assert "<pre>v = 2×2\n\n     1     2\n     3     4</pre>" in results[0]["data"]["text/html"]
    assert "<pre>word = &#x27;text&#x27;</pre>" in results[1]["data"]["text/html"]
    assert "<pre>big = 3000×2</pre>" in results[2]["data"]["text/html"]
    assert "3000×2 double: showing rows 1–100 of 3000" in results[2]["data"]["text/html"]
    assert len(results[2]["data"]["text/html"]) < 20_000


def test_html_follows_the_active_format(kernel):
    _, messages = run(kernel, "format long\nv = [pi exp(1) 1e-5]\nformat short\nw = [pi exp(1) 1e-5]\n"
                              "format shortG\nx = [pi 1e-5]\nformat short")
    pages = [m["content"]["data"]["text/html"] for m in messages if m["msg_type"] == "execute_result"]
    assert "v = 1×3\n\n   3.141592653589793   2.718281828459045   0.000010000000000" in pages[0]
    assert "w = 1×3\n\n    3.1416    2.7183    0.0000" in pages[1]
    assert "x = 1×2\n\n       3.1416        1e-05" in pages[2]


def test_a_huge_matrix_sends_a_bounded_result_with_its_table_and_a_note(kernel):
    """The issue's reproducer: A = rand(2000) sent 40.5 MB in one message. The engine now makes about
    the limit's worth of text; the table (the corner) and the text share the 1,000,000 characters."""
    start = time.perf_counter()
    reply, messages = run(kernel, "A = rand(2000)", timeout=120)
    assert reply["status"] == "ok" and time.perf_counter() - start < 60
    (result,) = [m["content"]["data"] for m in messages if m["msg_type"] == "execute_result"]
    assert result["text/plain"].startswith("A = 2000×2000\n\n  Columns 1 through 8\n")
    assert "2000×2000 double: showing rows 1–100 of 2000, columns 1–30 of 2000" in result["text/html"]
    assert len(result["text/plain"]) + len(result["text/html"]) <= 1_000_000
    assert sum(len(json.dumps(m["content"])) for m in messages) < 1_100_000
    assert texts(messages).startswith("... output truncated: ")
    assert texts(messages).endswith(" of 40,507,237 characters not shown (MATFUSE_MAX_OUTPUT_CHARS=1000000)\n")
    content = kernel.inspect("A", 1, reply=True)["content"]
    inspected = content["data"]["text/plain"]
    assert inspected.startswith("A: 2000×2000 double variable\n\nA = 2000×2000\n") and len(inspected) < 101_000
    assert inspected.endswith(" characters not shown (inspection shows 100,000 characters)\n")


def test_kernel_info_is_quick_and_the_banner_names_engine_and_gpu(kernel):
    start = time.perf_counter()
    content = kernel.kernel_info(reply=True)["content"]
    assert time.perf_counter() - start < 1.0
    assert content["banner"].startswith("matfuse 0.1.0") and "\nGPU: " in content["banner"]
    assert content["language_info"]["codemirror_mode"] == "octave"
    assert content["implementation"] == "matfuse"


def test_is_complete_for_cell_magics_waits_for_an_empty_line(kernel):
    def status(code):
        return kernel.is_complete(code) and kernel.get_shell_msg(timeout=10)["content"]["status"]
    assert status("%%file f.m\nfunction f") == "incomplete"
    assert status("%%file f.m\nfunction f\nend\n") == "complete"
    assert status("%plot svg\nfor k = 1:3") == "incomplete"     # the code after line magics counts


def test_keyboard_runs_typed_statements_in_the_workspace_until_dbcont(kernel):
    answers = iter(["y = x * 2", "nosuch(1)", "dbcont"])
    prompts = []

    def answer(msg):
        prompts.append(msg["content"]["prompt"])
        kernel.input(next(answers))
    messages = []
    reply = kernel.execute_interactive("x = 21;\nkeyboard\nfprintf('%d\\n', y)", allow_stdin=True,
                                       stdin_hook=answer, output_hook=messages.append, timeout=30)
    assert reply["content"]["status"] == "ok" and prompts == ["K>> "] * 3
    printed = texts([m for m in messages if m["msg_type"] == "stream"])
    assert printed == "Error: Unrecognized function or variable 'nosuch'.\n42\n"
    results = [m["content"]["data"]["text/plain"] for m in messages if m["msg_type"] == "execute_result"]
    assert results == ["y = 42"]


def test_interrupt_during_a_long_matrix_product_gives_an_error_reply(kernel):
    run(kernel, "A = rand(2500); kept = 5;")
    timer = threading.Timer(0.5, kernel.manager.interrupt_kernel)
    timer.start()
    reply, _ = run(kernel, "B = A*A; B = A*A; B = A*A; B = A*A; after_product = 2;", timeout=60)
    timer.join()
    assert reply["status"] == "error" and reply["ename"] == "MATLAB:interrupt"
    reply, messages = run(kernel, "fprintf('%d %d %d\\n', exist('after_product'), kept, size(A, 1))")
    assert reply["status"] == "ok" and texts(messages) == "0 5 2500\n"


def test_a_huge_result_is_cut_with_a_note(kernel):
    """The result's text is cut at the cell's budget; the fprintf after it is left out too."""
    reply, messages = run(kernel, "s = repmat('a', 1, 3e6)\nfprintf('%d\\n', numel(s))")
    (result,) = [m for m in messages if m["msg_type"] == "execute_result"]
    assert reply["status"] == "ok" and len(result["content"]["data"]["text/plain"]) <= 1_000_000
    assert texts(messages) == ("\n... output truncated: 2,000,015 of 3,000,015 characters not shown "
                               "(MATFUSE_MAX_OUTPUT_CHARS=1000000)\n")


def test_exit_asks_the_front_end_to_close_and_stops_the_kernel(kernelspec, tmp_path):
    from jupyter_client.manager import start_new_kernel
    km, kc = start_new_kernel(kernel_name="matfuse", startup_timeout=60, cwd=str(tmp_path))
    try:
        reply = kc.execute_interactive("x = 1; exit\ny = 2;", output_hook=lambda m: None, timeout=30)
        assert reply["content"]["status"] == "ok"
        assert reply["content"]["payload"] == [{"source": "ask_exit", "keepkernel": False}]
        deadline = time.perf_counter() + 20
        while km.is_alive() and time.perf_counter() < deadline:
            time.sleep(0.1)
        assert not km.is_alive()
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
