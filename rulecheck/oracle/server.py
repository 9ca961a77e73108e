"""The oracle's JSON-lines loop: read a request line, write a response line, flush.

Blank lines are skipped; ``{"cmd": "stop"}`` or the end of input ends the loop. Nothing a
client sends stops the server except ``stop``: every other line gets exactly one response.
"""

from __future__ import annotations

import sys
from typing import BinaryIO

from rulecheck.core.errors import RulecheckError
from rulecheck.oracle.protocol import Oracle, decode_line, encode_response, error_response

__all__ = ["serve"]


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None, oracle: Oracle | None = None) -> int:
    """Serve requests from ``stdin`` until ``stop`` or end of input; returns how many were answered."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    oracle = oracle or Oracle()
    answered = 0
    for raw in inp:
        if not raw.strip():
            continue
        request: object = None
        try:
            request = decode_line(raw.rstrip(b"\r\n"))
        except RulecheckError as exc:  # BadJSONError
            response = error_response(None, exc)
        else:
            response = oracle.handle(request)
        out.write(encode_response(response).encode("utf-8") + b"\n")
        out.flush()
        answered += 1
        if isinstance(request, dict) and request.get("cmd") == "stop" and response.get("ok"):
            break
    return answered
