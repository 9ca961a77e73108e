"""Worker processes that end with their parent, whatever signal the parent gets.

A parent that is interrupted (Ctrl-C, SIGTERM) ends its workers itself; one that is killed
(SIGKILL, SIGHUP with no handler, an out-of-memory kill) cannot. So each worker asks the kernel
to kill it when its parent dies (Linux ``prctl(PR_SET_PDEATHSIG, SIGKILL)``), and also watches
its parent from a daemon thread (any POSIX system; and on Linux for a parent whose spawning
thread ended before the process did, when the kernel's death signal has already fired).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

__all__ = ["end_with_parent"]

_PR_SET_PDEATHSIG = 1


def _death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that is not possible."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int, poll_seconds: float) -> None:
    while os.getppid() == parent_pid:
        time.sleep(poll_seconds)
    os._exit(1)  # the parent is gone (this process was handed to another): end at once


def end_with_parent(parent_pid: int, poll_seconds: float = 1.0) -> None:
    """Make this process end when ``parent_pid`` (its parent) ends; call it first thing in a worker.

    Exits at once if the parent is already gone (it died between the fork and this call).
    """
    _death_signal()
    if os.getppid() != parent_pid:
        os._exit(1)
    threading.Thread(target=_watch, args=(parent_pid, poll_seconds), name="rulecheck-parent-watch",
                     daemon=True).start()
