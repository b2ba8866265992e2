"""The engine's calls are written once (engine.api.CALLS): Session answers each with
those arguments, the browser worker exports each a page makes, under its name and with
the arguments the page gives, and the page's client (MicroPython, which cannot import
the engine) calls each exported call it has a method for by that method's name, with its
arguments."""

import ast
import inspect
from pathlib import Path

from engine.api import CALLS, Session

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "web" / "worker" / "engine_worker.py"
CLIENT = ROOT / "web" / "ui" / "engine_client.py"
DOCS = ROOT / "docs" / "ENGINE.md"


def _module(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    return [argument.arg for argument in function.args.args]


def _save_calls() -> tuple[str, ...]:
    """The worker's own calls (its ``SAVE_CALLS``), read from its source."""
    for node in _module(WORKER).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "SAVE_CALLS"
                for target in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("the worker names no SAVE_CALLS")


def _worker_functions() -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    return {node.name: node for node in _module(WORKER).body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


def _client_methods() -> dict[str, ast.AsyncFunctionDef]:
    engine = next(node for node in _module(CLIENT).body
                  if isinstance(node, ast.ClassDef) and node.name == "Engine")
    return {node.name: node for node in engine.body
            if isinstance(node, ast.AsyncFunctionDef) and not node.name.startswith("_")}


PAGE_CALLS = {call.name: call.arguments[:call.page] for call in CALLS if call.page is not None}


def test_the_calls_are_the_sessions_public_methods_with_their_arguments():
    public = {name for name, _ in inspect.getmembers(Session, inspect.isfunction)
              if not name.startswith("_")}
    assert public == {call.name for call in CALLS}
    for call in CALLS:
        parameters = list(inspect.signature(getattr(Session, call.name)).parameters)
        assert parameters == ["self", *call.arguments], call.name
        assert call.page is None or 0 <= call.page <= len(call.arguments), call.name


def test_the_worker_exports_each_page_call_and_its_saves_calls():
    exported = [*PAGE_CALLS, *_save_calls()]
    functions = _worker_functions()
    assert set(exported) <= set(functions), set(exported) - set(functions)
    for name, arguments in PAGE_CALLS.items():
        assert _parameters(functions[name]) == list(arguments), name


def test_the_worker_exports_what_it_names(monkeypatch):
    """The worker's ``__export__``, as it is built when the worker starts."""
    import importlib.util
    import sys
    import types

    browser = types.ModuleType("js")
    browser.performance = types.SimpleNamespace(mark=lambda name: None)  # type: ignore[attr-defined]
    browser.console = types.SimpleNamespace(warn=lambda text: None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", browser)
    monkeypatch.setitem(sys.modules, "site_saves", types.ModuleType("site_saves"))
    monkeypatch.syspath_prepend(str(WORKER.parent))  # worker_saves.py, beside it
    monkeypatch.delitem(sys.modules, "worker_saves", raising=False)  # reads this stand-in
    spec = importlib.util.spec_from_file_location("calls_worker", WORKER)
    assert spec is not None and spec.loader is not None
    worker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worker)
    assert sorted(worker.__export__) == sorted([*PAGE_CALLS, *_save_calls()])
    assert all(callable(getattr(worker, name)) for name in worker.__export__)


def test_each_method_of_the_client_is_an_exported_call_that_it_calls_by_name():
    methods = _client_methods()
    assert set(methods) <= {*PAGE_CALLS, *_save_calls()}
    functions = _worker_functions()
    for name, method in methods.items():
        parameters = _parameters(method)[1:]
        expected = PAGE_CALLS.get(name) or _parameters(functions[name])
        assert parameters == list(expected), name
        called = {node.args[0].value for node in ast.walk(method)
                  if isinstance(node, ast.Call) and node.args
                  and isinstance(node.args[0], ast.Constant)
                  and isinstance(node.func, ast.Attribute)
                  and node.func.attr in ("_call", "call")}
        assert called == {name}, (name, called)


def test_the_docs_describe_every_call():
    text = DOCS.read_text(encoding="utf-8")
    missing = [call.name for call in CALLS
               if f"`{call.name}(" not in text and f"`Session.{call.name}(" not in text]
    assert not missing
