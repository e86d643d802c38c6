"""%parallel through a kernel: a display_data bundle (text/plain and text/html)."""
from kernel_helpers import run


def test_parallel_magic_without_a_pool(kernel):
    reply, messages = run(kernel, "%parallel", timeout=60)
    (bundle,) = [m["content"]["data"] for m in messages if m["msg_type"] == "display_data"]
    assert reply["status"] == "ok" and set(bundle) == {"text/plain", "text/html"}
    assert bundle["text/plain"].startswith("No parallel pool: parpool(n) starts one")
    reply, messages = run(kernel, "%help %parallel", timeout=60)
    assert reply["status"] == "ok"
