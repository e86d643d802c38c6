"""%parallel through a kernel: a display_data bundle (text/plain and text/html)."""
from kernel_helpers import run


def test_parallel_magic_without_a_pool(kernel):
    reply, messages = run(kernel, "%parallel", timeout=60)
    (bundle,) = [m["content"]["data"] for m in messages if m["msg_type"] == "display_data"]
    assert reply["status"] == "ok" and set(bundle) == {"text/plain", "text/html"}
    assert bundle["text/plain"].startswith("No parallel pool: parpool(n) starts one")
    reply, messages = run(kernel, "%help %parallel", timeout=60)
    assert reply["status"] == "ok"


def test_pool_in_the_kernel_with_progress_and_report(kernel):
    reply, messages = run(kernel, "parpool(1);", timeout=180)
    assert reply["status"] == "ok", messages
    reply, messages = run(kernel, "parfor i = 1:4, pause(0.5); y(i) = i; end\ndisp(sum(y))", timeout=120)
    assert reply["status"] == "ok"
    kinds = [m["msg_type"] for m in messages]
    assert "display_data" in kinds and "update_display_data" in kinds     # the loop ran past a second
    last = [m for m in messages if m["msg_type"] == "update_display_data"][-1]["content"]["data"]
    assert last["text/plain"] == "parfor: 4/4 iterations"
    reply, messages = run(kernel, "%parallel", timeout=60)
    (bundle,) = [m["content"]["data"] for m in messages if m["msg_type"] == "display_data"]
    assert "Pool: 1 worker," in bundle["text/plain"] and "4 iterations in 2 chunks" in bundle["text/plain"]
    reply, _ = run(kernel, "delete(gcp)", timeout=60)
    assert reply["status"] == "ok"
