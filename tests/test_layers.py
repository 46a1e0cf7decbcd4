"""The tree shows the pipeline: every import in modgen/ runs down the stages, and no modules import each other in a
circle (docs/design.md, "Stages").

The walk reads every ``import`` statement, including those inside functions (a lazy import is still a dependency),
so a "local import to dodge a cycle" fails here like a top-level one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "modgen"

#: Stages from the bottom up. A module may import its own stage and the stages below; stages of one rank are
#: siblings that must not import each other. The base stage is the few top-level modules every stage uses.
BASE = ("modgen", "modgen.errors", "modgen.limits", "modgen.inputs", "modgen.images", "modgen.resources",
        "modgen.atomic")
RANKS: list[tuple[str, ...]] = [
    ("base",),
    ("modgen.geometry",),
    ("modgen.systems",),
    ("modgen.data",),
    ("modgen.draw", "modgen.logs"),
    ("modgen.vassal", "modgen.rules"),
    ("modgen.report",),
    ("modgen.sidecar",),
    ("modgen.cli",),
]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _stage(module: str) -> tuple[int, str]:
    """(rank, stage) of a module: its longest matching stage prefix."""
    if module in BASE:
        return 0, "base"
    if module == "modgen.__main__":  # `python -m modgen` is the command line
        return len(RANKS) - 1, "modgen.cli"
    best: tuple[int, str] | None = None
    for rank, stages in enumerate(RANKS):
        for stage in stages:
            if module == stage or module.startswith(stage + "."):
                if best is None or len(stage) > len(best[1]):
                    best = (rank, stage)
    assert best is not None, f"{module} belongs to no stage: add it to RANKS and docs/design.md"
    return best


def _imports(module: str) -> set[str]:
    """The modgen modules ``module`` imports (``from pkg import sub`` counts as importing ``pkg.sub``)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "modgen")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "modgen":
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
    found.discard(module)
    return {m for m in found if m in MODULES}


GRAPH = {m: _imports(m) for m in MODULES}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_run_down_the_stages(module: str) -> None:
    rank, stage = _stage(module)
    wrong = []
    for target in sorted(GRAPH[module]):
        t_rank, t_stage = _stage(target)
        if t_stage == stage or t_rank < rank:
            continue
        wrong.append(f"{target} (stage {t_stage}, rank {t_rank})")
    assert not wrong, f"{module} (stage {stage}, rank {rank}) imports up or sideways: {', '.join(wrong)}"


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components over the module graph: every component is a single module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for m in sorted(GRAPH):
        if m not in index:
            visit(m)
    assert not cycles, f"modules importing each other in a circle: {cycles}"


def test_the_walk_sees_imports_inside_functions() -> None:
    """The check cannot pass vacuously: it finds the CLI's lazy imports and the plugins' imports of the interface."""
    assert "modgen.vassal.module" in GRAPH["modgen.cli.build_cmd"]
    assert "modgen.systems.base" in GRAPH["modgen.rules.efb"]
    assert _stage("modgen.rules.efb.movement") == (5, "modgen.rules")


def test_every_stage_package_says_what_it_owns_and_may_import() -> None:
    for rank in RANKS[1:]:
        for stage in rank:
            doc = ast.get_docstring(ast.parse(MODULES[stage].read_text(encoding="utf-8"))) or ""
            assert "import" in doc.lower() or stage == "modgen.cli", f"{stage}/__init__.py: say what it may import"
