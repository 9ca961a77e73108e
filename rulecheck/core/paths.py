"""Where the project's data lives (models/, reports/, docs/), and reading input files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from rulecheck.core.errors import InputFileError, RulecheckError

__all__ = ["models_dir", "models_hint", "project_dir", "read_json", "read_text"]


def project_dir() -> Path:
    """The checkout's top folder (parent of the ``rulecheck`` package)."""
    return Path(__file__).resolve().parents[2]


def models_dir() -> Path:
    """``models/``: rulebook sources, clause indexes, ruling points, rulesets.

    ``RULECHECK_MODELS`` overrides it (tests use it for planted defects).
    """
    override = os.environ.get("RULECHECK_MODELS")
    return Path(override) if override else project_dir() / "models"


def models_hint() -> str:
    """Why a model file is missing, when the whole ``models/`` folder is: rulecheck reads its
    models from the checkout it was installed from (``pip install -e .``), not from a wheel."""
    if models_dir().is_dir():
        return ""
    return (f" (there is no models/ folder at {models_dir()}: install rulecheck from its checkout with "
            "pip install -e ., or set RULECHECK_MODELS to a models/ folder)")


def read_text(path: str | Path, what: str = "file", error: type[RulecheckError] = InputFileError) -> str:
    """The UTF-8 text of ``path`` (a leading byte-order mark is dropped).

    Raises ``error`` (an :class:`InputFileError` by default) with one line naming ``what`` and
    the file: missing, a folder, unreadable, or not UTF-8 text.
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise error(f"{what} {p}: no such file") from None
    except IsADirectoryError:
        raise error(f"{what} {p}: is a folder, not a file") from None
    except OSError as exc:
        raise error(f"{what} {p}: cannot read it ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"{what} {p}: not UTF-8 text (byte 0x{data[exc.start]:02x} on line {line}); "
                    "save it as UTF-8") from None


def read_json(path: str | Path, what: str = "file", error: type[RulecheckError] = InputFileError) -> Any:
    """The JSON value in ``path``; ``error`` naming ``what``, the file and the problem otherwise
    (as :func:`read_text`, or not valid JSON, with the line and column)."""
    text = read_text(path, what, error)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{what} {path}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
