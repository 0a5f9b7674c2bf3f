"""What each module of the project imports, as the layering and cycle tests read it.

Every import statement counts, wherever it stands (inside a function, under
``if TYPE_CHECKING:``), and so does a call to ``importlib.import_module``, ``__import__`` or
``importlib.util.find_spec``: its module name must be a literal, or an f-string whose literal
head names the package (``f"rules.{name}"`` imports from ``rules``). A call whose module the
tests cannot read is reported as the import of ``?``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "db", "render", "rules", "bench", "terminal")
"""The project's code (tests aside)."""
DYNAMIC = {"import_module", "__import__", "find_spec"}
UNREADABLE = "?"


@dataclass(frozen=True)
class Imported:
    name: str
    """The absolute dotted name as written (``bot.i18n.t`` for ``from bot.i18n import t``)."""
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _dynamic_name(call: ast.Call) -> str | None:
    """The module a dynamic import call names; None if ``call`` is no such call."""
    func = call.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called not in DYNAMIC:
        return None
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.JoinedStr) and first.values:
        head = first.values[0]
        if isinstance(head, ast.Constant) and isinstance(head.value, str):
            return head.value.rstrip(".") or UNREADABLE
    return UNREADABLE


def imports_of(path: Path) -> list[Imported]:
    """Everything ``path`` imports (relative imports made absolute)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Imported] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [Imported(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            found.append(Imported(base, node.lineno))
            found += [Imported(f"{base}.{a.name}", node.lineno) for a in node.names]
        elif isinstance(node, ast.Call) and (dynamic := _dynamic_name(node)) is not None:
            found.append(Imported(dynamic, node.lineno))
    return found


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (a name resolves to its longest module prefix;
    a module's own enclosing packages do not count)."""
    modules = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for imported in imports_of(path):
            target = imported.name
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):
                edges.add(target)
        graph[name] = edges
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            child = next(edges, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(frozenset(group))
    return groups
