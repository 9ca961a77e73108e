"""Where the project's data lives: models/, reports/, docs/."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["models_dir", "models_hint", "project_dir"]


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
