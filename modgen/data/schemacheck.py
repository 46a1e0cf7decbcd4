"""A yes/no JSON Schema check compiled to Python closures, to skip jsonschema on valid documents.

jsonschema walks the schema anew for every value (most of ``modgen validate``'s time). Valid data is the usual case
and needs no messages, so :func:`compile_schema` turns a schema (Draft 2020-12, local ``$ref`` already inlined) into
one closure per node, built once; :func:`modgen.data.documents.check_against` runs jsonschema only when the closure
says *invalid*, for the messages. A schema using any keyword this module does not implement compiles to None (use
jsonschema). The closures follow jsonschema's semantics: ``integer`` includes integral floats, booleans are not
numbers, ``const``/``enum`` compare without mixing booleans and numbers, ``pattern`` is ``re.search``, ``format``
is an annotation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

#: Keywords that never change the outcome.
_ANNOTATIONS = frozenset({"description", "title", "$schema", "$id", "$defs", "x-ref", "examples", "default",
                          "$comment", "format", "deprecated", "readOnly", "writeOnly", "definitions"})


class _Unsupported(Exception):
    pass


def compile_schema(schema: Any, *, strict: bool = False) -> Check | None:
    """A function value -> bool that agrees with ``Draft202012Validator(schema).is_valid``, or None.

    ``strict``: also None unless every keyword's argument has the shape the 2020-12 meta-schema requires, so a
    schema that compiles needs no ``Draft202012Validator.check_schema`` (which costs a tenth of a second a schema).
    """
    try:
        if strict:
            _well_formed(schema)
        return _compile(schema)
    except (_Unsupported, re.error, TypeError, ValueError, AttributeError, KeyError):
        return None


_TYPE_NAMES = ("object", "array", "string", "boolean", "null", "number", "integer")


def _count(v: Any) -> bool:
    """A meta-schema ``nonNegativeInteger`` (1.0 counts, as JSON Schema's integer does; ``true`` does not)."""
    return _is_num(v) and float(v).is_integer() and v >= 0


def _well_formed(schema: Any, depth: int = 0) -> None:
    """Raise _Unsupported unless *schema* is a meta-schema-valid schema made of the keywords compiled here."""
    if depth > 100:
        raise _Unsupported("nested too deeply")
    if isinstance(schema, bool):
        return
    if not isinstance(schema, dict):
        raise _Unsupported("a schema is an object or a boolean")

    def sub(x: Any) -> None:
        _well_formed(x, depth + 1)

    def subs(xs: Any, nonempty: bool = True) -> None:
        if not isinstance(xs, list) or (nonempty and not xs):
            raise _Unsupported("expected a non-empty array of schemas")
        for x in xs:
            sub(x)

    def schema_map(m: Any) -> None:
        if not isinstance(m, dict):
            raise _Unsupported("expected an object of schemas")
        for x in m.values():
            sub(x)

    for key, arg in schema.items():
        if key == "type":
            names = [arg] if isinstance(arg, str) else arg
            if not isinstance(names, list) or not names or len(set(map(str, names))) != len(names) \
                    or not all(isinstance(n, str) and n in _TYPE_NAMES for n in names):
                raise _Unsupported("type")
        elif key == "enum":
            if not isinstance(arg, list):
                raise _Unsupported("enum")
        elif key in ("properties", "patternProperties", "$defs", "definitions"):
            schema_map(arg)
            if key == "patternProperties":
                for p in arg:
                    re.compile(p)
        elif key in ("additionalProperties", "propertyNames", "items", "not", "if", "then", "else"):
            sub(arg)
        elif key in ("allOf", "anyOf", "oneOf", "prefixItems"):
            subs(arg)
        elif key == "required":
            if not isinstance(arg, list) or not all(isinstance(n, str) for n in arg) or len(set(arg)) != len(arg):
                raise _Unsupported("required")
        elif key in ("minProperties", "minItems", "maxItems", "minLength", "maxLength"):
            if not _count(arg):
                raise _Unsupported(key)
        elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            if not _is_num(arg):
                raise _Unsupported(key)
        elif key == "pattern":
            if not isinstance(arg, str):
                raise _Unsupported(key)
            re.compile(arg)
        elif key in ("description", "title", "$comment", "format"):
            if not isinstance(arg, str):
                raise _Unsupported(key)
        elif key in ("deprecated", "readOnly", "writeOnly"):
            if not isinstance(arg, bool):
                raise _Unsupported(key)
        elif key == "examples":
            if not isinstance(arg, list):
                raise _Unsupported(key)
        elif key in ("$schema", "$id"):
            if not isinstance(arg, str) or (key == "$schema" and arg != "https://json-schema.org/draft/2020-12/schema"):
                raise _Unsupported(key)  # another dialect, or an id jsonschema would have to check as a URI
            if key == "$id" and (any(c.isspace() for c in arg) or "#" in arg[:-1]):
                raise _Unsupported(key)
        elif key not in ("const", "default", "x-ref"):
            raise _Unsupported(key)


def _is_type(t: str) -> Check:
    if t == "object":
        return lambda v: isinstance(v, dict)
    if t == "array":
        return lambda v: isinstance(v, list)
    if t == "string":
        return lambda v: isinstance(v, str)
    if t == "boolean":
        return lambda v: isinstance(v, bool)
    if t == "null":
        return lambda v: v is None
    if t == "number":
        return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
    if t == "integer":
        return lambda v: (isinstance(v, int) and not isinstance(v, bool)) or (isinstance(v, float) and v.is_integer())
    raise _Unsupported(t)


def equal(a: Any, b: Any) -> bool:
    """JSON equality as jsonschema has it: ``true`` is not ``1``, ``1`` is ``1.0``, containers compare deeply."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b, strict=True))
    return a is None and b is None


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _compile(schema: Any) -> Check:
    if schema is True:
        return lambda v: True
    if schema is False:
        return lambda v: False
    if not isinstance(schema, dict):
        raise _Unsupported(type(schema).__name__)
    unknown = set(schema) - _ANNOTATIONS - _KEYWORDS
    if unknown:
        raise _Unsupported(", ".join(sorted(unknown)))
    checks: list[Check] = []
    for key in _ORDER:
        if _present(schema, key):
            checks.extend(_KEYWORD_BUILDERS[key](schema))
    if not checks:
        return lambda v: True
    if len(checks) == 1:
        return checks[0]
    checks_t = tuple(checks)
    return lambda v: all(c(v) for c in checks_t)


def _type(s: dict[str, Any]) -> list[Check]:
    t = s["type"]
    if isinstance(t, str):
        return [_is_type(t)]
    tests = tuple(_is_type(x) for x in t)
    return [lambda v: any(c(v) for c in tests)]


def _const(s: dict[str, Any]) -> list[Check]:
    want = s["const"]
    if isinstance(want, str):
        return [lambda v: isinstance(v, str) and v == want]
    return [lambda v: equal(v, want)]


def _enum(s: dict[str, Any]) -> list[Check]:
    members = list(s["enum"])
    if all(isinstance(m, str) for m in members):
        strings = frozenset(members)
        return [lambda v: isinstance(v, str) and v in strings]
    return [lambda v: any(equal(v, m) for m in members)]


def _properties(s: dict[str, Any]) -> list[Check]:
    props = {k: _compile(sub) for k, sub in s.get("properties", {}).items()}
    patterns = [(re.compile(p), _compile(sub)) for p, sub in s.get("patternProperties", {}).items()]
    extra = s.get("additionalProperties", True)
    extra_check = None if extra is True else _compile(extra)

    def check(v: Any) -> bool:
        if not isinstance(v, dict):
            return True
        for key, item in v.items():
            c = props.get(key)
            matched = c is not None
            if c is not None and not c(item):
                return False
            for pat, pc in patterns:
                if pat.search(key):
                    matched = True
                    if not pc(item):
                        return False
            if not matched and extra_check is not None and not extra_check(item):
                return False
        return True

    return [check]


def _required(s: dict[str, Any]) -> list[Check]:
    names = tuple(s["required"])
    return [lambda v: not isinstance(v, dict) or all(n in v for n in names)]


def _property_names(s: dict[str, Any]) -> list[Check]:
    c = _compile(s["propertyNames"])
    return [lambda v: not isinstance(v, dict) or all(c(k) for k in v)]


def _min_properties(s: dict[str, Any]) -> list[Check]:
    n = s["minProperties"]
    return [lambda v: not isinstance(v, dict) or len(v) >= n]


def _items(s: dict[str, Any]) -> list[Check]:
    prefix = tuple(_compile(sub) for sub in s.get("prefixItems", []))
    rest = _compile(s["items"]) if "items" in s else None
    n = len(prefix)

    def check(v: Any) -> bool:
        if not isinstance(v, list):
            return True
        for c, item in zip(prefix, v, strict=False):
            if not c(item):
                return False
        if rest is not None:
            for item in v[n:]:
                if not rest(item):
                    return False
        return True

    return [check]


def _counts(s: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    for key, kind, cmp in (("minItems", list, 1), ("maxItems", list, -1), ("minLength", str, 1),
                           ("maxLength", str, -1)):
        if key in s:
            n = s[key]
            if cmp > 0:
                out.append(lambda v, n=n, kind=kind: not isinstance(v, kind) or len(v) >= n)
            else:
                out.append(lambda v, n=n, kind=kind: not isinstance(v, kind) or len(v) <= n)
    return out


def _bounds(s: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    if "minimum" in s:
        lo = s["minimum"]
        out.append(lambda v: not _is_num(v) or v >= lo)
    if "maximum" in s:
        hi = s["maximum"]
        out.append(lambda v: not _is_num(v) or v <= hi)
    if "exclusiveMinimum" in s:
        xlo = s["exclusiveMinimum"]
        out.append(lambda v: not _is_num(v) or v > xlo)
    if "exclusiveMaximum" in s:
        xhi = s["exclusiveMaximum"]
        out.append(lambda v: not _is_num(v) or v < xhi)
    return out


def _pattern(s: dict[str, Any]) -> list[Check]:
    pat = re.compile(s["pattern"])
    return [lambda v: not isinstance(v, str) or pat.search(v) is not None]


def _combinators(s: dict[str, Any]) -> list[Check]:
    out: list[Check] = []
    if "allOf" in s:
        all_of = tuple(_compile(x) for x in s["allOf"])
        out.append(lambda v: all(c(v) for c in all_of))
    if "anyOf" in s:
        any_of = tuple(_compile(x) for x in s["anyOf"])
        out.append(lambda v: any(c(v) for c in any_of))
    if "oneOf" in s:
        one_of = tuple(_compile(x) for x in s["oneOf"])
        out.append(lambda v: sum(1 for c in one_of if c(v)) == 1)
    if "not" in s:
        neg = _compile(s["not"])
        out.append(lambda v: not neg(v))
    if "if" in s:
        cond = _compile(s["if"])
        then = _compile(s.get("then", True))
        other = _compile(s.get("else", True))
        out.append(lambda v: then(v) if cond(v) else other(v))
    return out


_KEYWORD_BUILDERS: dict[str, Callable[[dict[str, Any]], list[Check]]] = {
    "type": _type, "const": _const, "enum": _enum, "properties": _properties, "required": _required,
    "propertyNames": _property_names, "minProperties": _min_properties, "items": _items, "counts": _counts,
    "bounds": _bounds, "pattern": _pattern, "combinators": _combinators,
}
# the builders run when their keyword, or for the grouped ones any of theirs, is present
_GROUPS = {"properties": ("properties", "patternProperties", "additionalProperties"),
           "items": ("items", "prefixItems"),
           "counts": ("minItems", "maxItems", "minLength", "maxLength"),
           "bounds": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
           "combinators": ("allOf", "anyOf", "oneOf", "not", "if", "then", "else")}
_KEYWORDS = frozenset(k for name in _KEYWORD_BUILDERS for k in _GROUPS.get(name, (name,)))
_ORDER = tuple(_KEYWORD_BUILDERS)


def _present(schema: dict[str, Any], name: str) -> bool:
    return any(k in schema for k in _GROUPS.get(name, (name,)))
