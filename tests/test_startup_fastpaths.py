"""The fast paths behind ``check``'s fixed cost (issue #22) give the answers of the slow paths they stand for."""

from __future__ import annotations

import itertools
import json
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from modgen.data import validcache
from modgen.data.model import read_json
from modgen.errors import ModgenError
from modgen.geometry.hexgrid import Grid
from modgen.geometry.hexnumbering import Numbering
from modgen.systems import registry

ROOT = Path(__file__).resolve().parent.parent


def test_bundled_plugins_are_the_declared_entry_points() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["modgen.rules"]
    assert registry.BUNDLED == declared


@pytest.mark.parametrize("system_id", sorted(registry.BUNDLED))
def test_bundled_plugin_loaded_by_reference_is_the_entry_points_plugin(system_id: str) -> None:
    plugin = registry._load(registry.BUNDLED[system_id])
    assert plugin.id == system_id
    assert plugin is registry.systems()[system_id]


def test_fingerprint_lists_every_distribution_with_a_plugin() -> None:
    """The cache key names each installed distribution importlib.metadata finds ``modgen.rules`` entry points in."""
    listed = "".join(validcache._plugin_distributions())
    dists = {ep.dist.name for ep in entry_points(group="modgen.rules") if ep.dist is not None}
    assert dists
    for name in dists:
        assert f"{name.replace('-', '_')}-" in listed


@pytest.mark.parametrize("raw", ['"a\\u0001b"', '"a\\bb"', '"a\\fb"', '"\\ud800"', '"a\x7fb"', '"\ufdd0"'])
def test_forbidden_character_in_a_string_is_still_refused(tmp_path: Path, raw: str) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"k": [1, {"x": ' + raw + "}]}", encoding="utf-8", errors="surrogatepass")
    with pytest.raises(ModgenError):
        read_json(path)
    path.write_text("{" + raw + ": 1}", encoding="utf-8", errors="surrogatepass")  # as a key too
    with pytest.raises(ModgenError):
        read_json(path)


def test_harmless_escapes_and_deep_but_allowed_nesting_pass(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    value = {"t": "line\nnext\ttab\r \\ \" / \\u \\b", "é": "Minsk — ok", "n": [10**40, -2.5e3],
             "deep": json.loads("[" * 150 + "]" * 150)}
    path.write_text(json.dumps(value), encoding="utf-8")
    assert read_json(path) == value


def test_too_deep_nesting_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    path.write_text('{"a": ' + "[" * 201 + "]" * 201 + "}", encoding="utf-8")
    with pytest.raises(ModgenError):
        read_json(path)


def test_label_table_is_the_label_of_each_hex() -> None:
    """The batched label table equals the one-hex computation for every orientation, offset and numbering."""
    for orient, offset, hd, vd, st in itertools.product(("flat", "pointy"), ("odd", "even"), *[(False, True)] * 3):
        g = Grid(13, 9, orient, Numbering(sep=".", h_descend=hd, v_descend=vd, stagger=st), offset=offset)
        assert g._label_grid == [[g._compute_label(c, r) for r in range(9)] for c in range(13)]


def test_byte_scans_find_what_the_regular_expressions_find() -> None:
    """jsonio's C-level scans for long numbers and forbidden characters agree with the searches they replace."""
    import random
    import re

    from modgen.data import jsonio

    common = list("0123456789eE+-. ,\"a")
    rare = ["\x7f", "\xe9", "\xa0", "\x85", "\ufdd0", "\uffff", "\U0001fffe", "\U0001f600", "\ud800", "\n"]
    rng = random.Random(22)
    for _ in range(30_000):
        text = "".join(rng.choice(common) if rng.random() < 0.85 else rng.choice(rare)
                       for _ in range(rng.randint(0, 30)))
        digits = rng.randint(1, 6)
        slow = bool(re.search("[0-9]{" + str(digits + 1) + "}", text) or re.search("[eE][+-]?[0-9]{3}", text))
        assert jsonio.long_number(text, digits) == slow, (text, digits)
        assert jsonio.raw_bad_char(text) == (jsonio.BAD_CHARS.search(text.replace("\n", "")) is not None), text
