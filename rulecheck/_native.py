"""Which build of the Chomp! engine runs: the modules compiled by mypyc from this source, or the
source itself.

``setup.py`` compiles :data:`COMPILED_MODULES` with mypyc into C extensions beside their ``.py``
files (one group, whose shared library is ``rulecheck._compiled__mypyc``) and then writes
:data:`MANIFEST`, the SHA-256 of each module's source as compiled. The compiled code is the same
model (no rule is written twice); it runs the engine, and so the explorer and the checkers, about
1.5-1.8 times as fast.

Python prefers an extension module to the ``.py`` beside it, so after an edit to one of these
modules an old build would run instead of the new source. :func:`select` (called when
``rulecheck`` is imported, before any of them) therefore checks the manifest and, if any compiled
module's source has changed since its build, the build is partial, or ``RULECHECK_PURE_PYTHON=1``
is set, loads every one of them from source. All or none: compiled modules of one group call each
other's functions directly in C, so a mix would run old code. :data:`ENGINE_BUILD` says which.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED_MODULES", "ENGINE_BUILD", "ENV", "MANIFEST", "choose", "select", "source_digests"]

COMPILED_MODULES: tuple[str, ...] = (
    "rulecheck.core.provenance",
    "rulecheck.games.chomp.cards",
    "rulecheck.games.chomp.state",
    "rulecheck.games.chomp.packing",
    "rulecheck.games.chomp.race",
    "rulecheck.games.chomp.standard",
    "rulecheck.games.chomp.two_player",
    "rulecheck.games.chomp.game",
    "rulecheck.check.store",
    "rulecheck.check.frontier",
)
"""The engine's hot path: provenance, and the Chomp! model's cards, state, races, rules and game; and the
explorer's loop and the compact searches' state store."""

ENV = "RULECHECK_PURE_PYTHON"
"""Set to ``1`` to run the source even where a compiled build is present (or, at install time, to
build none)."""

MANIFEST = "_compiled_sources.json"
"""Written beside this module by the build: ``{module: sha256 of its source}``."""

ROOT = Path(__file__).resolve().parent.parent
"""The folder that holds the ``rulecheck`` package."""


def source_path(module: str, root: Path = ROOT) -> Path:
    """The ``.py`` file of ``module`` under ``root``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digests(root: Path = ROOT) -> dict[str, str]:
    """The SHA-256 of each compiled module's source, as the manifest records it."""
    return {m: hashlib.sha256(source_path(m, root).read_bytes()).hexdigest() for m in COMPILED_MODULES}


def _has_extension(module: str, root: Path) -> bool:
    base = source_path(module, root).with_suffix("")
    return any(base.with_name(base.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def choose(built: Sequence[str], manifest: Mapping[str, str] | None, digests: Mapping[str, str],
           pure_requested: bool) -> tuple[bool, str]:
    """Whether to run the compiled build, and why, from the modules that have an extension
    (``built``), the manifest written at build time (``None`` if absent), the sources' digests now
    and whether ``RULECHECK_PURE_PYTHON=1`` asks for the source."""
    if not built:
        return False, "pure Python (not compiled)"
    if pure_requested:
        return False, f"pure Python ({ENV}=1)"
    missing = [m for m in COMPILED_MODULES if m not in built]
    if missing:
        return False, f"pure Python (the compiled build lacks {', '.join(missing)}; rebuild with pip install -e .)"
    if manifest is not None:
        stale = [m for m in COMPILED_MODULES if manifest.get(m) != digests[m]]
        if stale:
            return False, (f"pure Python (the source of {', '.join(stale)} changed since the engine was compiled; "
                           "rebuild with pip install -e .)")
    return True, "compiled by mypyc"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' ``.py`` sources ahead of their extensions."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))


def select(root: Path = ROOT) -> tuple[bool, str]:
    """Choose the build (see :func:`choose`) and, if it is the source, make imports load it."""
    built = [m for m in COMPILED_MODULES if _has_extension(m, root)]
    manifest: dict[str, str] | None = None
    if built:
        try:
            manifest = json.loads((root / "rulecheck" / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            manifest = None
    digests = source_digests(root) if built and manifest is not None else {}
    pure_requested = os.environ.get(ENV) == "1"
    compiled, why = choose(built, manifest, digests, pure_requested)
    if built and not compiled:
        if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFinder(root))
        if not pure_requested:  # an outdated or partial build: say so
            warnings.warn(f"rulecheck engine: {why}", RuntimeWarning, stacklevel=2)
    return compiled, why


ENGINE_BUILD: str = select()[1]
"""How the engine runs in this process: ``compiled by mypyc`` or ``pure Python (...)``."""
