"""Where the project's data lives: models/, reports/, docs/."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["models_dir", "project_dir"]


def project_dir() -> Path:
    """The checkout's top folder (parent of the ``rulecheck`` package)."""
    return Path(__file__).resolve().parents[2]


def models_dir() -> Path:
    """``models/``: rulebook sources, clause indexes, ruling points, rulesets.

    ``RULECHECK_MODELS`` overrides it (tests use it for planted defects).
    """
    override = os.environ.get("RULECHECK_MODELS")
    return Path(override) if override else project_dir() / "models"
