"""The compiled engine (mypyc, ``setup.py``) and its source are one model: which of them runs is
chosen at import (``rulecheck._native``), an outdated build never runs, and both give the same
games, step for step."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rulecheck import _native
from rulecheck._native import COMPILED_MODULES, choose

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = {m: f"d{i}" for i, m in enumerate(COMPILED_MODULES)}


def test_a_complete_build_of_the_current_sources_runs_compiled() -> None:
    assert choose(COMPILED_MODULES, dict(DIGESTS), DIGESTS, False) == (True, "compiled by mypyc")


def test_no_build_runs_the_source() -> None:
    assert choose((), None, {}, False) == (False, "pure Python (not compiled)")


def test_the_environment_variable_asks_for_the_source() -> None:
    compiled, why = choose(COMPILED_MODULES, dict(DIGESTS), DIGESTS, True)
    assert not compiled and "RULECHECK_PURE_PYTHON=1" in why


def test_a_source_edited_since_the_build_runs_every_module_from_source() -> None:
    edited = dict(DIGESTS, **{"rulecheck.games.chomp.race": "other"})
    compiled, why = choose(COMPILED_MODULES, dict(DIGESTS), edited, False)
    assert not compiled
    assert "rulecheck.games.chomp.race changed since the engine was compiled" in why
    assert "pip install -e ." in why


def test_a_partial_build_runs_the_source() -> None:
    compiled, why = choose(COMPILED_MODULES[:-1], dict(DIGESTS), DIGESTS, False)
    assert not compiled and COMPILED_MODULES[-1] in why


def test_the_compiled_modules_are_the_engines_hot_path_and_exist() -> None:
    for module in COMPILED_MODULES:
        assert _native.source_path(module).is_file(), module
    assert set(_native.source_digests()) == set(COMPILED_MODULES)


def _run(code: str, pure: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop(_native.ENV, None)
    if pure:
        env[_native.ENV] = "1"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=True, timeout=300)


def test_pure_python_is_loaded_from_the_sources_when_asked() -> None:
    out = _run("import json, rulecheck, rulecheck.games.chomp.standard as s, rulecheck.core.provenance as p;"
               "print(json.dumps([rulecheck.ENGINE_BUILD, s.__file__, p.__file__]))", pure=True)
    build, standard, provenance = json.loads(out.stdout)
    assert build.startswith("pure Python")
    assert standard.endswith("standard.py") and provenance.endswith("provenance.py")


def test_both_builds_play_the_same_games() -> None:
    """The quick fingerprint (every step's actor, action, text, provenance and state, and the legal
    actions, of seeded games of every variant under several rulesets) from the source and from
    whatever build this process runs (the compiled one where it is installed) agree, and match the
    committed digests."""
    code = ("import json, sys; sys.path.insert(0, 'benchmarks'); import engine_fingerprint as f, rulecheck;"
            "print(json.dumps([rulecheck.ENGINE_BUILD, f.fingerprints(quick=True)]))")
    pure_build, pure = json.loads(_run(code, pure=True).stdout)
    this_build, this = json.loads(_run(code, pure=False).stdout)
    assert pure_build.startswith("pure Python")
    assert this_build == _native.ENGINE_BUILD
    want = json.loads((ROOT / "benchmarks" / "fingerprints" / "chomp-quick.json").read_text(encoding="utf-8"))
    assert pure == this == want


def test_steps_pickle_compare_and_stay_read_only_in_both_builds() -> None:
    """A Step, and its Provenance, survive pickling and compare equal in both builds (a frozen
    dataclass compiled by mypyc cannot be unpickled field by field, hence their ``__reduce__``);
    a Step read lazily from its Context equals one given the interned record; and the compiled
    Step cannot be changed."""
    code = (
        "import json, pickle, random, rulecheck\n"
        "from rulecheck.games import load_game\n"
        "from rulecheck.core.provenance import Step\n"
        "g = load_game('chomp', 'standard', 3, 'recommended', 'full')\n"
        "s = g.root_state()\n"
        "step = g.apply(s, g.sample_chance(s, random.Random(1)))\n"
        "again = pickle.loads(pickle.dumps(step))\n"
        "same = [again == step, hash(again) == hash(step), again.provenance == step.provenance,\n"
        "        Step(step.state, step.provenance) == step,\n"
        "        pickle.loads(pickle.dumps(step.provenance)) == step.provenance]\n"
        "changed = []\n"
        "for name in ('state', 'provenance'):\n"
        "    try:\n"
        "        setattr(step, name, None)\n"
        "        changed.append(name)\n"
        "    except AttributeError:\n"
        "        pass\n"
        "print(json.dumps([rulecheck.ENGINE_BUILD, same, changed, list(step.provenance.clauses)]))\n"
    )
    for pure in (True, False):
        build, same, changed, clauses = json.loads(_run(code, pure=pure).stdout)
        assert all(same), (build, same)
        assert "en.setup.1" in clauses
        assert "provenance" not in changed  # a read-only property in both builds
        if build == "compiled by mypyc":
            assert changed == []


def test_without_the_models_folder_the_error_says_how_to_install() -> None:
    """Installed as a wheel (not from the checkout) rulecheck has no models/ folder; the error says
    so and what to do, rather than only naming a missing file."""
    env = dict(os.environ, RULECHECK_MODELS=str(ROOT / "no-such-models"))
    out = subprocess.run([sys.executable, "-m", "rulecheck", "rulings", "chomp"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0
    assert "no ruling points file" in out.stderr and "pip install -e ." in out.stderr


def _imports(path: Path) -> set[str]:
    """Every module an import statement of ``path`` names, at any depth of the file (mypy, which
    mypyc runs, follows imports inside functions too)."""
    import ast

    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
    return out


def _source(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.exists():
            return path
    return None


def test_the_compiled_engine_s_import_graph_reaches_only_the_standard_library() -> None:
    """``pip install`` compiles the engine with mypyc, which type-checks every module the compiled
    ones import, their packages, and what those import in turn: a checker reached from there (one
    that imports networkx, z3, dask, whose stubs the build does not have) breaks the install."""
    todo = [*COMPILED_MODULES]
    todo += [".".join(m.split(".")[:i]) for m in COMPILED_MODULES for i in range(1, m.count(".") + 1)]
    seen: set[str] = set()
    outside: dict[str, str] = {}
    while todo:
        module = todo.pop()
        path = _source(module)
        if module in seen or path is None:
            continue
        seen.add(module)
        for name in _imports(path):
            if name.split(".")[0] == "rulecheck":
                todo.append(name)
            elif name.split(".")[0] not in sys.stdlib_module_names:
                outside[name] = module
    assert outside == {}, f"the compiled engine's import graph reaches {outside}"
