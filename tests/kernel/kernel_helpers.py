"""Helpers for the kernel tests: run code through a kernel client and look at the messages."""
from __future__ import annotations

from typing import Any


def run(kc, code: str, timeout: float = 30, **kwargs: Any) -> tuple[dict, list[dict]]:
    """Execute code; return (reply content, iopub messages other than status/execute_input)."""
    messages: list[dict] = []
    reply = kc.execute_interactive(code, output_hook=messages.append, timeout=timeout, **kwargs)
    kept = [m for m in messages if m["msg_type"] not in ("status", "execute_input")]
    return reply["content"], kept


def texts(messages: list[dict]) -> str:
    """All stdout stream text of the messages, joined."""
    return "".join(m["content"]["text"] for m in messages if m["msg_type"] == "stream")
