"""The Jupyter debug protocol through jupyter_client, as JupyterLab's debugger panel drives it
(kernel/debug.py): breakpoints in a cell and in a function file, the stopped event, stackTrace, scopes,
variables (a struct expanded), evaluate, next / stepIn / stepOut / continue, pausing on an error, the
variable explorer while no cell is stopped, richInspectVariables, copyToGlobals, and disconnect."""
from __future__ import annotations

import itertools
import time

import pytest

SEQ = itertools.count(1)


def debug(kc, command: str, arguments: dict | None = None) -> dict:
    """Send a debug_request on the control channel; its debug_reply's content."""
    msg = kc.session.msg("debug_request", {"type": "request", "seq": next(SEQ), "command": command,
                                           "arguments": arguments or {}})
    kc.control_channel.send(msg)
    while True:
        reply = kc.control_channel.get_msg(timeout=30)
        if reply["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
            assert reply["msg_type"] == "debug_reply"
            return reply["content"]


def body(kc, command: str, arguments: dict | None = None) -> dict:
    reply = debug(kc, command, arguments)
    assert reply["success"], reply
    return reply["body"]


def event(kc, name: str, timeout: float = 30) -> dict:
    """The next debug_event ``name`` on iopub (other messages are passed over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = kc.iopub_channel.get_msg(timeout=timeout)
        if msg["msg_type"] == "debug_event" and msg["content"]["event"] == name:
            return msg["content"]["body"]
    raise AssertionError(f"no {name} event")


def reply_to(kc, msg_id: str) -> dict:
    while True:
        msg = kc.get_shell_msg(timeout=30)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg["content"]


def variables(kc, ref: int) -> dict[str, dict]:
    return {v["name"]: v for v in body(kc, "variables", {"variablesReference": ref})["variables"]}


def frame_variables(kc, frame_id: int) -> dict[str, dict]:
    scope, = body(kc, "scopes", {"frameId": frame_id})["scopes"]
    return variables(kc, scope["variablesReference"])


@pytest.fixture
def lab(kernel):
    """The debugger panel switched on (initialize, attach, configurationDone), and off afterwards."""
    while kernel.iopub_channel.msg_ready():
        kernel.iopub_channel.get_msg(timeout=1)
    assert debug(kernel, "initialize", {"clientID": "test", "adapterID": "matfuse"})["success"]
    assert debug(kernel, "attach")["success"]
    assert debug(kernel, "configurationDone")["success"]
    yield kernel
    debug(kernel, "disconnect", {"restart": False, "terminateDebuggee": False})


def test_initialize_offers_the_error_filter_and_debug_info_names_cells_as_ipykernel_does(kernel):
    reply = debug(kernel, "initialize", {"clientID": "test"})
    filters = reply["body"]["exceptionBreakpointFilters"]
    assert [f["filter"] for f in filters] == ["error"]
    info = body(kernel, "debugInfo")
    assert info["isStarted"] is False and info["hashMethod"] == "Murmur2" and info["tmpFileSuffix"] == ".m"
    assert info["stoppedThreads"] == [] and info["richRendering"] and info["copyToGlobals"]
    path = body(kernel, "dumpCell", {"code": "a = 1;\n"})["sourcePath"]
    from ipykernel.compiler import murmur2_x86      # the hash JupyterLab computes for the cell's text
    assert path == f"{info['tmpFilePrefix']}{murmur2_x86('a = 1;' + chr(10), info['hashSeed'])}.m"
    assert body(kernel, "source", {"source": {"path": path}})["content"] == "a = 1;\n"


def test_a_breakpoint_in_a_cell_stops_and_next_and_continue_go_on(lab):
    code = "a = 1;\nb = a + 1;\nc = b * 2;\n"
    path = body(lab, "dumpCell", {"code": code})["sourcePath"]
    placed = body(lab, "setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 2}]})
    assert placed["breakpoints"] == [{"verified": True, "line": 2, "source": {"path": path}}]
    assert body(lab, "debugInfo")["breakpoints"] == [{"source": path, "breakpoints": [{"line": 2}]}]
    msg_id = lab.execute(code)
    assert event(lab, "stopped") == {"reason": "breakpoint", "threadId": 1, "allThreadsStopped": True}
    assert body(lab, "debugInfo")["stoppedThreads"] == [1]
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert [(f["line"], f["source"]["path"]) for f in frames] == [(2, path)]
    seen = frame_variables(lab, frames[0]["id"])
    assert list(seen) == ["a"] and seen["a"]["value"] == "1"
    body(lab, "next", {"threadId": 1})
    assert event(lab, "stopped")["reason"] == "step"
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert frames[0]["line"] == 3 and frame_variables(lab, frames[0]["id"])["b"]["value"] == "2"
    result = body(lab, "evaluate", {"expression": "b * 100", "frameId": frames[0]["id"], "context": "repl"})
    assert result["result"] == "200"
    body(lab, "continue", {"threadId": 1})
    event(lab, "continued")
    assert reply_to(lab, msg_id)["status"] == "ok"
    shown = {v["name"]: v["value"] for v in body(lab, "inspectVariables")["variables"]}
    assert shown["c"] == "4"


def test_a_breakpoint_in_a_function_file_shows_its_frame_and_a_struct_expands(lab):
    (lab.cwd / "scaled.m").write_text("function r = scaled(x)\n  s.a = x;\n  s.b = 'text';\n\n"
                                      "  r = s.a * 10;\nend\n")
    path = str(lab.cwd / "scaled.m")
    placed = body(lab, "setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 4}]})
    assert placed["breakpoints"][0]["line"] == 5          # line 4 is empty: the next line with code
    msg_id = lab.execute("r = scaled(2);\nq = r + 1;\n")
    event(lab, "stopped")
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert [(f["name"], f["line"]) for f in frames] == [("scaled", 5), (frames[1]["name"], 1)]
    assert frames[0]["source"]["path"] == path and frames[1]["name"].startswith("In[")
    assert "function r = scaled(x)" in body(lab, "source", {"source": {"path": path}})["content"]
    seen = frame_variables(lab, frames[0]["id"])
    assert seen["s"]["value"] == "1×1 struct" and seen["s"]["variablesReference"] > 0
    fields = variables(lab, seen["s"]["variablesReference"])
    assert {k: v["value"] for k, v in fields.items()} == {"a": "2", "b": "'text'"}
    rich = body(lab, "richInspectVariables", {"variableName": "s", "frameId": frames[0]["id"]})
    assert rich["data"]["text/plain"].startswith("s = struct with fields:") and "<pre" in rich["data"]["text/html"]
    body(lab, "copyToGlobals", {"srcVariableName": "s", "dstVariableName": "s_copy",
                                "srcFrameId": frames[0]["id"]})
    body(lab, "stepOut", {"threadId": 1})
    event(lab, "stopped")
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert [f["line"] for f in frames] == [2]                   # back in the cell, at its next line
    body(lab, "continue", {"threadId": 1})
    assert reply_to(lab, msg_id)["status"] == "ok"
    shown = {v["name"]: v["value"] for v in body(lab, "inspectVariables")["variables"]}
    assert shown["q"] == "21" and shown["s_copy"] == "1×1 struct"
    body(lab, "setBreakpoints", {"source": {"path": path}, "breakpoints": []})


def test_step_in_enters_the_called_function_and_a_condition_picks_the_iteration(lab):
    (lab.cwd / "twice.m").write_text("function y = twice(x)\n  y = 2 * x;\nend\n")
    code = "t = 0;\nfor k = 1:4\n  t = t + twice(k);\nend\n"
    path = body(lab, "dumpCell", {"code": code})["sourcePath"]
    body(lab, "setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 3, "condition": "k == 3"}]})
    msg_id = lab.execute(code)
    event(lab, "stopped")
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert frame_variables(lab, frames[0]["id"])["k"]["value"] == "3"
    body(lab, "stepIn", {"threadId": 1})
    event(lab, "stopped")
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert [(f["name"], f["line"]) for f in frames][0] == ("twice", 2)
    assert frame_variables(lab, frames[0]["id"])["x"]["value"] == "3"
    body(lab, "continue", {"threadId": 1})
    assert reply_to(lab, msg_id)["status"] == "ok"
    body(lab, "setBreakpoints", {"source": {"path": path}, "breakpoints": []})


def test_pause_on_errors_stops_at_the_error_and_continue_reports_it(lab):
    body(lab, "setExceptionBreakpoints", {"filters": ["error"]})
    msg_id = lab.execute("v = [1 2];\nw = v(5);\n")
    stopped = event(lab, "stopped")
    assert stopped["reason"] == "exception" and stopped["text"] == "MATLAB:badsubscript"
    assert "Index exceeds" in stopped["description"]
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert frames[0]["line"] == 2 and frame_variables(lab, frames[0]["id"])["v"]["value"] == "[1 2]"
    body(lab, "continue", {"threadId": 1})
    reply = reply_to(lab, msg_id)
    assert reply["status"] == "error" and reply["ename"] == "MATLAB:badsubscript"
    body(lab, "setExceptionBreakpoints", {"filters": []})


def test_variables_show_cells_struct_arrays_and_large_arrays_by_size(lab):
    msg_id = lab.execute("c = {1, 'two'}; st = struct('k', {1, 2}); big = zeros(30, 40); row = [1.5 2 3]; "
                         "name = \"text\";")
    assert reply_to(lab, msg_id)["status"] == "ok"
    shown = {v["name"]: v for v in body(lab, "inspectVariables")["variables"]}
    assert shown["big"]["value"] == "30×40 double" and shown["big"]["variablesReference"] == 0
    assert shown["row"]["value"] == "[1.5000 2 3]" and shown["name"]["value"] == '"text"'
    cells = variables(lab, shown["c"]["variablesReference"])
    assert {k: v["value"] for k, v in cells.items()} == {"{1}": "1", "{2}": "'two'"}
    elements = variables(lab, shown["st"]["variablesReference"])
    assert list(elements) == ["(1)", "(2)"]
    assert variables(lab, elements["(2)"]["variablesReference"])["k"]["value"] == "2"


def test_after_disconnect_breakpoints_are_gone_and_cells_run_through(kernel):
    debug(kernel, "initialize", {"clientID": "test"})
    debug(kernel, "attach")
    code = "d = 1;\ne = 2;\n"
    path = body(kernel, "dumpCell", {"code": code})["sourcePath"]
    body(kernel, "setBreakpoints", {"source": {"path": path}, "breakpoints": [{"line": 2}]})
    debug(kernel, "disconnect", {"restart": False})
    assert body(kernel, "debugInfo")["breakpoints"] == []
    reply = kernel.execute_interactive(code, timeout=30)
    assert reply["content"]["status"] == "ok"


def test_pause_stops_a_running_cell_and_evaluate_changes_its_variables(lab):
    msg_id = lab.execute("k = 0;\nwhile k >= 0\n  k = k + 1;\nend\n")
    time.sleep(1)
    body(lab, "pause", {"threadId": 1})
    assert event(lab, "stopped")["reason"] == "pause"
    frames = body(lab, "stackTrace", {"threadId": 1})["stackFrames"]
    assert frames[0]["line"] in (2, 3)
    assert body(lab, "evaluate", {"expression": "k = -10", "frameId": frames[0]["id"]})["result"] == ""
    body(lab, "continue", {"threadId": 1})
    assert reply_to(lab, msg_id)["status"] == "ok"
    shown = {v["name"]: v["value"] for v in body(lab, "inspectVariables")["variables"]}
    assert shown["k"] == ("-9" if frames[0]["line"] == 3 else "-10")   # stopped before k = k + 1, or the test
