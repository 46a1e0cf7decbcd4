"""The compiled yes/no schema check (modgen/data/schemacheck.py) must agree with jsonschema on every document:
the bundled games' files, the plugins' rules, and many mutations of them (a wrong "valid" would hide errors)."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modgen.data import documents as D
from modgen.data.model import load_game
from modgen.data.schemacheck import compile_schema, equal

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "games").glob("*.json"))


def _docs() -> list[tuple[str, object]]:
    out = []
    for manifest in GAMES:
        man = json.loads(manifest.read_text())
        out.append(("game", man))
        files = man.get("files") or {}
        for kind, rels in (("counters", [files.get("counters")]), ("map", files.get("maps") or []),
                           ("scenario", files.get("scenarios") or [])):
            for rel in rels:
                if rel:
                    out.append((kind, json.loads((manifest.parent / rel).read_text())))
    return out


DOCS = _docs()


@functools.cache
def _rules() -> list[tuple[dict, object]]:
    out = []
    for manifest in GAMES:
        game = load_game(manifest)
        out.append((game.rule_system().rules_schema(), game.manifest.get("rules", {})))
    return out


def test_every_bundled_schema_compiles() -> None:
    for kind in D.KINDS:
        assert compile_schema(D._validator(kind).schema) is not None, kind
    for schema, _ in _rules():
        assert compile_schema(schema) is not None


def test_bundled_documents_are_valid_both_ways() -> None:
    for kind, doc in DOCS:
        v = D._validator(kind)
        assert compile_schema(v.schema)(doc) is v.is_valid(doc) is True


SCALARS = [None, True, False, 0, -1, 1.5, 2.0, "", "x", "0101", "#12345g", "16mm", [], {}, [1, 2], {"id": "x"}]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))


def _mutate(doc, pick: int, how: int, scalar):
    doc = copy.deepcopy(doc)
    paths = list(_paths(doc))
    path = paths[pick % len(paths)]
    if not path:
        return scalar if how == 0 else doc
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    last = path[-1]
    if how == 0:
        parent[last] = scalar
    elif how == 1:
        del parent[last]
    elif how == 2 and isinstance(parent[last], dict):
        parent[last]["zz_unknown"] = scalar
    elif how == 3 and isinstance(parent[last], list):
        parent[last].append(scalar)
    else:
        parent[last] = copy.deepcopy(parent[last]) if not isinstance(parent[last], (int, float)) else -parent[last]
    return doc


@settings(max_examples=600, deadline=None)
@given(st.integers(0, len(DOCS) - 1), st.integers(0, 10**6), st.integers(0, 4), st.sampled_from(SCALARS),
       st.integers(0, 10**6), st.integers(0, 4))
def test_mutated_documents_agree_with_jsonschema(which, pick, how, scalar, pick2, how2) -> None:
    kind, doc = DOCS[which]
    doc = _mutate(_mutate(doc, pick, how, scalar), pick2, how2, scalar)
    v = D._validator(kind)
    assert compile_schema(v.schema)(doc) == v.is_valid(doc)


@pytest.mark.parametrize("index", range(len(GAMES)))
@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 4), st.sampled_from(SCALARS))
def test_mutated_rules_agree_with_jsonschema(index, pick, how, scalar) -> None:
    from jsonschema import Draft202012Validator

    schema, rules = _rules()[index]
    check = compile_schema(schema)
    if check is None:  # a plugin schema this checker does not cover: jsonschema alone decides
        return
    rules = _mutate(rules, pick, how, scalar)
    assert check(rules) == Draft202012Validator(schema).is_valid(rules)


def test_equality_is_jsonschemas() -> None:
    assert equal(1, 1.0) and not equal(True, 1) and not equal(0, False) and equal([1, {"a": None}], [1.0, {"a": None}])
    assert not equal("1", 1) and not equal(None, False)


def test_unknown_keywords_fall_back_to_jsonschema() -> None:
    assert compile_schema({"type": "array", "uniqueItems": True}) is None
    assert compile_schema({"$ref": "#/x"}) is None
    assert compile_schema({"type": "integer"})(2.0) is True


BAD_ARGS = [None, -1, 1.5, "", "strnig", "string", "[", [], [1], ["a", "a"], {}, {"type": "x"}, True, 3, "(", 0]


def _schemas() -> list[dict]:
    return [schema for schema, _ in _rules()] + [D._validator(kind).schema for kind in D.KINDS]


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 4), st.sampled_from(BAD_ARGS))
def test_a_strictly_compiled_schema_passes_the_meta_schema(which, pick, how, arg) -> None:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    schemas = _schemas()
    schema = _mutate(schemas[which % len(schemas)], pick, how, arg)
    if compile_schema(schema, strict=True) is None:
        return
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise AssertionError(f"compiled, yet the meta-schema refuses it: {exc.message}") from None


def test_strict_compilation_refuses_malformed_keywords() -> None:
    for bad in ({"type": "strnig"}, {"minLength": -1}, {"required": "x"}, {"allOf": []}, {"pattern": "("},
                {"type": []}, {"enum": 3}, {"$schema": "http://json-schema.org/draft-07/schema#"}):
        assert compile_schema(bad, strict=True) is None, bad
    assert compile_schema({"type": "object", "properties": {"a": {"type": "integer", "minimum": 0}}},
                          strict=True) is not None
