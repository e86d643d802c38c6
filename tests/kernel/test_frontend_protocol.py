"""Protocol services a front end relies on beyond execute: user_expressions, comms, the advertised
features, inspection inside calls, and a launch that files in the notebook's folder cannot shadow."""
import json
import queue
import time
from pathlib import Path

from kernel_helpers import run, texts


def test_user_expressions_are_evaluated_as_matlab(kernel):
    reply, _ = run(kernel, "a = [1 2 3];", user_expressions={
        "total": "sum(a)", "row": "a * 2", "bad": "nosuchthing + 1", "text": "upper('ok')"})
    found = reply["user_expressions"]
    assert found["total"] == {"status": "ok", "data": {"text/plain": "6"}, "metadata": {}}
    assert found["row"]["data"]["text/plain"] == "1×3\n\n     2     4     6"
    assert found["text"]["data"]["text/plain"] == "'OK'"
    assert found["bad"]["status"] == "error" and found["bad"]["ename"] == "MATLAB:UndefinedFunction"
    reply, messages = run(kernel, "who")
    assert "matfuse_user_expression_" not in texts(messages) and "a" in texts(messages)


def test_user_expressions_leave_ans_alone(kernel):
    run(kernel, "7;")
    reply, _ = run(kernel, "", user_expressions={"e": "ans + 1"})
    assert reply["user_expressions"]["e"]["data"]["text/plain"] == "8"
    _, messages = run(kernel, "ans")
    assert messages[0]["content"]["data"]["text/plain"] == "ans = 7"


def _iopub_until_idle(kc, parent_id: str) -> list[dict]:
    found = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            msg = kc.get_iopub_msg(timeout=1)
        except queue.Empty:
            continue
        if msg["parent_header"].get("msg_id") != parent_id:
            continue
        found.append(msg)
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return found
    raise AssertionError("no idle status")


def test_comm_open_to_an_unknown_target_is_closed(kernel):
    msg = kernel.session.msg("comm_open", {"comm_id": "c-1", "target_name": "jupyter.widget", "data": {}})
    kernel.shell_channel.send(msg)
    found = _iopub_until_idle(kernel, msg["header"]["msg_id"])
    closes = [m for m in found if m["msg_type"] == "comm_close"]
    assert [m["content"] for m in closes] == [{"comm_id": "c-1", "data": {}}]
    msg = kernel.session.msg("comm_msg", {"comm_id": "c-1", "data": {"x": 1}})
    kernel.shell_channel.send(msg)
    assert [m["msg_type"] for m in _iopub_until_idle(kernel, msg["header"]["msg_id"])] == ["status", "status"]
    info = kernel.comm_info(reply=True)["content"]
    assert info["status"] == "ok" and info["comms"] == {}


def test_the_debugger_is_advertised_and_an_unknown_debug_request_says_so(kernel):
    content = kernel.kernel_info(reply=True)["content"]
    assert content["supported_features"] == ["debugger"]
    msg = kernel.session.msg("debug_request", {"type": "request", "seq": 3, "command": "gotoTargets",
                                               "arguments": {}})
    kernel.control_channel.send(msg)
    reply = kernel.control_channel.get_msg(timeout=10)
    assert reply["msg_type"] == "debug_reply"
    assert reply["content"]["success"] is False and reply["content"]["request_seq"] == 3
    assert "does not support 'gotoTargets'" in reply["content"]["message"]
    spec = json.loads(Path(kernel.manager.kernel_spec.resource_dir, "kernel.json").read_text())
    assert spec["metadata"] == {"debugger": True}


def test_inspect_inside_a_call_shows_the_function_with_its_signature_first(kernel):
    for code in ("sum(", "y = sum(x, ", "plot(x, sin(t), ", "s = sum([1 2 "):
        content = kernel.inspect(code, len(code), reply=True)["content"]
        head = code.split("(")[0].split()[-1]
        assert content["found"], code
        assert content["data"]["text/plain"].startswith(head + "("), (code, content["data"])
    content = kernel.inspect("plot(x, sin(t", 13, reply=True)["content"]
    assert content["data"]["text/plain"].startswith("sin(")
    content = kernel.inspect("fprintf('%d (', ", 16, reply=True)["content"]
    assert content["data"]["text/plain"].startswith("fprintf(")
    run(kernel, "%%file twice.m\nfunction y = twice(x)\n% TWICE  double x.\ny = 2 * x;\nend")
    content = kernel.inspect("twice(3, ", 9, reply=True)["content"]
    assert content["data"]["text/plain"].startswith("function y = twice(x)\n\nTWICE  double x.")


def test_files_in_the_working_folder_cannot_shadow_the_kernel(kernelspec, tmp_path):
    from jupyter_client.manager import start_new_kernel
    for name in ("engine.py", "kernel.py", "numpy.py"):
        (tmp_path / name).write_text("raise SystemExit('shadowed: the kernel imported ' + __name__)\n")
    km, kc = start_new_kernel(kernel_name="matfuse", startup_timeout=60, cwd=str(tmp_path))
    try:
        reply, messages = run(kc, "x = 1 + 1")
        assert reply["status"] == "ok"
        assert messages[0]["content"]["data"]["text/plain"] == "x = 2"
        deadline = time.monotonic() + 60
        while "looking" in kc.kernel_info(reply=True)["content"]["banner"] and time.monotonic() < deadline:
            time.sleep(0.5)
        assert "none found" not in kc.kernel_info(reply=True)["content"]["banner"]   # the GPU probe ran
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
