"""The oracle's JSON-lines loop: read a request line, write a response line, flush.

Blank lines are skipped; ``{"cmd": "stop"}`` or the end of input ends the loop. Nothing a
client sends stops the server except ``stop``: every other line gets exactly one response.
A line longer than :data:`~rulecheck.oracle.protocol.MAX_LINE` bytes is refused while it is
read (``too-large``): the server keeps at most that much of it in memory and skips the rest.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import BinaryIO

from rulecheck.core.errors import RulecheckError
from rulecheck.oracle.protocol import (
    MAX_LINE,
    LineTooLongError,
    Oracle,
    decode_line,
    encode_response,
    error_response,
)

__all__ = ["read_lines", "serve"]

_CHUNK = 1 << 16


def read_lines(inp: BinaryIO, limit: int = MAX_LINE) -> Iterator[bytes | None]:
    """Each line of ``inp`` without its end of line, or None for a line longer than ``limit``
    bytes (whose rest is read and dropped in chunks, never held whole)."""
    while True:
        raw = inp.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or (raw.endswith(b"\n") and len(raw.rstrip(b"\r\n")) <= limit):
            yield raw.rstrip(b"\r\n")
            continue
        while not raw.endswith(b"\n"):  # invariant: everything read of this line so far is dropped
            raw = inp.readline(_CHUNK)
            if not raw:
                break
        yield None


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None, oracle: Oracle | None = None) -> int:
    """Serve requests from ``stdin`` until ``stop`` or end of input; returns how many were answered."""
    inp = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    oracle = oracle or Oracle()
    answered = 0
    for raw in read_lines(inp):
        if raw is not None and not raw.strip():
            continue
        request: object = None
        try:
            if raw is None:
                raise LineTooLongError(f"request line is longer than {MAX_LINE} bytes")
            request = decode_line(raw)
        except RulecheckError as exc:  # BadJSONError, LineTooLongError
            response = error_response(None, exc)
        else:
            response = oracle.handle(request)
        out.write(encode_response(response).encode("utf-8") + b"\n")
        out.flush()
        answered += 1
        if isinstance(request, dict) and request.get("cmd") == "stop" and response.get("ok"):
            break
    return answered
