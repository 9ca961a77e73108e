"""Fuzzing the oracle: valid, semantically wrong, tampered and garbage request lines get a
structured answer and never an internal-error, in process (100,000 requests in the slow run)
and through the server process (the server keeps serving, an overlong line included)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rulecheck.oracle.fuzz import KINDS, fuzz_lines, run_fuzz
from rulecheck.oracle.protocol import ERROR_CODES, MAX_LINE, Oracle


def _check(report_text: str, report: object) -> None:
    internal = report.internal
    assert not internal, f"{report_text}\nfirst: {internal[0][0][:300]!r} -> {internal[0][1][:300]}"


def test_fuzzed_requests_in_process_get_no_internal_error() -> None:
    oracle = Oracle()
    report = run_fuzz(oracle.handle_line, fuzz_lines(seed=19, count=4_000, oracle=oracle))
    _check(report.summary(), report)
    assert set(report.kinds) == set(KINDS) and report.requests == 4_000
    assert report.codes["ok"] > 500 and report.codes["invalid-state"] > 300  # real positions, and caught tampering
    assert set(report.codes) <= {"ok", *ERROR_CODES}


def test_fuzzed_lines_through_the_server_process_each_get_one_answer() -> None:
    lines = [line.replace(b"\n", b" ") for _, line in fuzz_lines(seed=7, count=1_200)]
    lines = [line for line in lines if line.strip() and not _is_stop(line)]  # a stop would end the server
    lines.insert(600, b'{"id": "long", "cmd": "hello", "pad": "' + b"x" * (MAX_LINE + 1) + b'"}')
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "oracle"], input=b"\n".join(lines) + b"\n",
                          capture_output=True, timeout=600, check=True)
    answers = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    codes = [a["error"]["code"] for a in answers if not a["ok"]]
    assert "internal-error" not in codes and "too-large" in codes


def _is_stop(line: bytes) -> bool:
    try:
        request = json.loads(line)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False
    return isinstance(request, dict) and request.get("cmd") == "stop"  # (a duplicate key: the last counts)


@pytest.mark.slow
def test_100000_fuzzed_requests_get_no_internal_error() -> None:
    oracle = Oracle()
    report = run_fuzz(oracle.handle_line, fuzz_lines(seed=2024, count=100_000, oracle=oracle))
    print(report.summary())
    _check(report.summary(), report)
    assert report.requests == 100_000 and min(report.kinds.values()) == 25_000
