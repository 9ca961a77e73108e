"""The JSON-lines server: one response per request line, bad lines never stop it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from oracle_helpers import TOY, TOY_SERVER, registered_toy

from rulecheck.oracle.server import serve

CFG = {"game": TOY, "variant": "standard", "players": 2, "deck": "small"}


@pytest.fixture(autouse=True, scope="module")
def _toy() -> Iterator[None]:
    yield from registered_toy()


def run(lines: list[bytes]) -> list[dict]:
    out = io.BytesIO()
    serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


def test_every_line_gets_one_response_and_bad_ones_do_not_stop_it() -> None:
    good = json.dumps({"id": 9, "cmd": "legal_actions", "history": [], **CFG}).encode()
    responses = run([b"{not json", b"", b"   ", b"\xff", b'{"id": 2, "cmd": "fly"}', b"[]",
                     b'{"id": 3, "cmd": "perft", "depth": 99, "history": [], "game": "oracle-toy"}', good])
    assert [r["ok"] for r in responses] == [False] * 5 + [True]
    assert [r["id"] for r in responses] == [None, None, 2, None, 3, 9]
    assert [r["error"]["code"] for r in responses[:5]] == ["bad-json", "bad-json", "unknown-command", "bad-request",
                                                           "too-large"]


def test_a_line_over_the_limit_is_refused_while_read_and_the_next_is_served() -> None:
    from rulecheck.oracle.server import read_lines

    huge = b'{"id": 1, "cmd": "hello", "pad": "' + b"x" * 300 + b'"}'
    out = io.BytesIO()
    good = b'{"id": 2, "cmd": "stop"}'
    lines = list(read_lines(io.BytesIO(huge + b"\n" + good + b"\n"), limit=100))
    assert lines == [None, good]
    serve(io.BytesIO(huge + b"\n" + good + b"\n"), out)  # the real limit: both lines served
    assert [json.loads(x)["id"] for x in out.getvalue().splitlines()] == [1, 2]


def test_an_overlong_line_through_the_server_process() -> None:
    from rulecheck.oracle.protocol import MAX_LINE

    line = b'{"id": 1, "cmd": "hello", "pad": "' + b"x" * (MAX_LINE + 10) + b'"}\n'
    proc = subprocess.run(TOY_SERVER, input=line + b'{"id": 2, "cmd": "stop"}\n', capture_output=True,
                          timeout=120, check=True)
    first, second = (json.loads(x) for x in proc.stdout.splitlines())
    assert first["id"] is None and first["error"]["code"] == "too-large" and "longer than" in first["error"]["message"]
    assert second == {"id": 2, "ok": True, "result": {"stopping": True}}


def test_stop_ends_the_loop_and_the_rest_is_not_read() -> None:
    responses = run([b'{"id": 1, "cmd": "hello"}', b'{"id": 2, "cmd": "stop"}', b'{"id": 3, "cmd": "hello"}'])
    assert [r["id"] for r in responses] == [1, 2]
    assert responses[1]["result"] == {"stopping": True}


def test_rulecheck_oracle_subprocess_speaks_the_protocol() -> None:
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "oracle"], input=b'{"id":1,"cmd":"hello"}\n{oops\n'
                          b'{"id":2,"cmd":"stop"}\n', capture_output=True, timeout=60, check=True)
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert lines[0]["result"]["protocol"] == "rulecheck-oracle/2"
    assert lines[1]["error"]["code"] == "bad-json" and lines[2]["result"]["stopping"]


def test_throughput_of_the_server_process() -> None:
    """Requests per second through a real pipe (printed; a floor guards against regressions)."""
    n = 2000
    reqs = b"".join(
        json.dumps({"id": i, "cmd": "apply", "history": [["deal", [1, 3], [1, 2]]], "action": ["play", 0], **CFG}
                   ).encode() + b"\n" for i in range(n)
    )
    t = time.perf_counter()
    proc = subprocess.run(TOY_SERVER, input=reqs, capture_output=True, timeout=60, check=True)
    elapsed = time.perf_counter() - t
    assert len(proc.stdout.splitlines()) == n
    rate = n / elapsed
    print(f"oracle throughput (toy game, apply with a history, incl. start-up): {rate:.0f} requests/s")
    assert rate > 300
