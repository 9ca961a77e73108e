"""Build: the Chomp! engine's hot modules (``rulecheck._native.COMPILED_MODULES``) compiled by mypyc
from their own source, beside it; everything else is plain Python.

``RULECHECK_PURE_PYTHON=1 pip install -e .`` builds nothing. Without a C compiler the build says so
and the package runs as pure Python (slower, same results). A type error in a compiled module
stops the build: mypyc needs the annotations to hold.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
PURE = os.environ.get("RULECHECK_PURE_PYTHON") == "1"
os.environ["RULECHECK_PURE_PYTHON"] = "1"  # importing rulecheck here must neither load nor judge an old build
from rulecheck._native import COMPILED_MODULES, MANIFEST, source_digests, source_path  # noqa: E402


class BuildEngine(build_ext):
    """build_ext that records the compiled sources' digests (rulecheck._native checks them at
    import) and falls back to pure Python when no C compiler can build the extensions."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # any compiler failure: run as source
            print(f"rulecheck: compiling the engine failed ({exc}); it will run as pure Python", file=sys.stderr)
            return
        if not self.extensions:
            return
        out = HERE / "rulecheck" if self.inplace else Path(self.build_lib) / "rulecheck"
        out.mkdir(parents=True, exist_ok=True)
        (out / MANIFEST).write_text(json.dumps(source_digests(HERE), indent=1, sort_keys=True) + "\n", encoding="utf-8")


ext_modules = []
if not PURE:
    from mypyc.build import mypycify

    ext_modules = mypycify([str(source_path(m, HERE).relative_to(HERE)) for m in COMPILED_MODULES],
                           opt_level="3", group_name="rulecheck._compiled")

setup(ext_modules=ext_modules, cmdclass={"build_ext": BuildEngine})
