"""Checkpoints: every finished search of an audit kept on disk, so that an interrupted run
(Ctrl-C, SIGTERM, SIGKILL, a machine shut down) loses nothing and ``rulecheck audit --resume``
continues it.

A checkpoint is the folder ``<out>/audit.checkpoint/``: ``run.json`` holds the run's
parameters (the call to :func:`rulecheck.audit.run_audit`) and what they depend on (the
rulesets' choices, a fingerprint of the package's sources and of ``models/``); each finished
job (a search, or the playouts of one configuration) is one ``job-NNNN.pickle``, written
atomically as soon as the job's result is in. Resuming runs only the jobs that are missing and
feeds every result, in the plan's order, through the same code as an uninterrupted run, so
the final report is byte-identical. A finished audit removes its checkpoint.

The pickles are rulecheck's own files in the output folder; do not resume a checkpoint from
someone else (unpickling runs code).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulecheck import __version__
from rulecheck.core.errors import InputFileError
from rulecheck.core.paths import models_dir, read_json

__all__ = ["CHECKPOINT_DIR", "CHECKPOINT_FORMAT", "Checkpoint", "code_fingerprint", "read_call"]

CHECKPOINT_FORMAT = "rulecheck-checkpoint/1"
CHECKPOINT_DIR = "audit.checkpoint"
_RUN = "run.json"


def code_fingerprint() -> str:
    """A hash of rulecheck's Python sources and of the model files: a checkpoint made by other
    code or other models cannot be resumed."""
    h = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent
    roots = [(package, "*.py"), (models_dir(), "*")]
    for root, pattern in roots:
        for path in sorted(p for p in root.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _atomic_bytes(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def read_call(out: Path) -> dict[str, Any]:
    """The keyword arguments of the run kept in ``out``'s checkpoint; InputFileError if there is
    none or it is not one."""
    folder = out / CHECKPOINT_DIR
    if not (folder / _RUN).exists():
        raise InputFileError(f"no checkpoint in {folder}: nothing to resume (an audit keeps one only while it "
                             "runs or after it was interrupted)")
    data = read_json(folder / _RUN, "checkpoint")
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT or not isinstance(data.get("call"),
                                                                                               dict):
        raise InputFileError(f"checkpoint {folder / _RUN}: not a rulecheck checkpoint ({CHECKPOINT_FORMAT})")
    return dict(data["call"])


def _differences(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    return [k for k in sorted({*old, *new}) if old.get(k) != new.get(k)]


@dataclass
class Checkpoint:
    """The checkpoint folder of one run; :meth:`start` makes a new one, :meth:`resume` opens one
    made by the same run (same call, same code and models)."""

    folder: Path

    @classmethod
    def start(cls, out: Path, call: Mapping[str, Any], depends: Mapping[str, Any]) -> Checkpoint:
        """A new, empty checkpoint in ``out`` (an older one there is replaced)."""
        cp = cls(out / CHECKPOINT_DIR)
        if cp.folder.exists():
            shutil.rmtree(cp.folder)
        cp.folder.mkdir(parents=True)
        text = json.dumps({"format": CHECKPOINT_FORMAT, "call": dict(call), "depends": dict(depends)},
                          indent=1, sort_keys=True)
        _atomic_bytes(cp.folder / _RUN, text.encode())
        return cp

    @classmethod
    def resume(cls, out: Path, call: Mapping[str, Any], depends: Mapping[str, Any]) -> Checkpoint:
        """The checkpoint in ``out``, if it was made by this call with these ``depends``;
        InputFileError saying what differs otherwise."""
        cp = cls(out / CHECKPOINT_DIR)
        stored = read_json(cp.folder / _RUN, "checkpoint") if (cp.folder / _RUN).exists() else None
        if not isinstance(stored, dict):
            raise InputFileError(f"no checkpoint in {cp.folder}: nothing to resume")
        changed = _differences(stored.get("call", {}), json.loads(json.dumps(dict(call))))
        if changed:
            raise InputFileError(f"checkpoint {cp.folder} was made by an audit with other options "
                                 f"({', '.join(changed)}); run it without --resume")
        changed = _differences(stored.get("depends", {}), dict(depends))
        if changed:
            what = {"code": "rulecheck's code or the model files", "choices": "the ruleset's choices"}
            raise InputFileError(f"checkpoint {cp.folder}: {', '.join(what.get(k, k) for k in changed)} changed "
                                 "since it was made; run the audit without --resume")
        return cp

    def _job(self, index: int) -> Path:
        return self.folder / f"job-{index:04d}.pickle"

    def done(self) -> dict[int, Any]:
        """The results kept so far, by job index (a file cut short by a kill is skipped)."""
        out = {}
        for path in sorted(self.folder.glob("job-*.pickle")):
            try:
                out[int(path.stem.split("-")[1])] = pickle.loads(path.read_bytes())
            except (pickle.UnpicklingError, EOFError, ValueError, AttributeError, ImportError):
                continue
        return out

    def keep(self, index: int, result: Any) -> None:
        """Keep one job's result (atomically: a kill leaves the old state or the new one)."""
        with contextlib.suppress(OSError):  # the folder removed meanwhile (the run finished): nothing to keep
            _atomic_bytes(self._job(index), pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))

    def count(self) -> int:
        """How many finished jobs are kept."""
        return sum(1 for _ in self.folder.glob("job-*.pickle"))

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)
