"""modgen.limits: one table of limits; overrides by --limit and environment; breaches name input, limit, override."""

from __future__ import annotations

import pytest

from modgen import limits
from modgen.cli import main
from modgen.errors import ModgenError


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch):
    for lim in limits.LIMITS.values():
        monkeypatch.delenv(lim.env, raising=False)
    limits.reset_overrides()
    yield
    limits.reset_overrides()


def test_default_then_environment_then_option(monkeypatch: pytest.MonkeyPatch) -> None:
    assert limits.get("file_mb") == 256
    monkeypatch.setenv("MODGEN_LIMIT_FILE_MB", "512")
    assert limits.get("file_mb") == 512
    limits.override("file_mb=1024")
    assert limits.get("file_mb") == 1024


def test_breach_names_input_limit_and_override() -> None:
    with pytest.raises(limits.LimitError) as exc:
        limits.check("int_digits", 5000, "games/x.json: /count")
    msg = str(exc.value)
    assert msg.startswith("games/x.json: /count: exceeds the int_digits limit of 100 digits (5,000 digits)")
    assert "--limit int_digits=N" in msg and "MODGEN_LIMIT_INT_DIGITS=N" in msg
    limits.check("int_digits", 100, "at the limit is fine")


@pytest.mark.parametrize("spec", ["file_mb", "nosuch=3", "file_mb=x", "file_mb=0", "file_mb=-3"])
def test_bad_option_is_a_usage_error(spec: str) -> None:
    with pytest.raises(ModgenError) as exc:
        limits.override(spec)
    assert exc.value.exit_code == 2 and spec in str(exc.value)


def test_bad_environment_value_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODGEN_LIMIT_LOG_EVENTS", "lots")
    with pytest.raises(ModgenError) as exc:
        limits.get("log_events")
    assert exc.value.exit_code == 2 and "MODGEN_LIMIT_LOG_EVENTS='lots'" in str(exc.value)


def test_cli_option_applies_for_one_run_only(capsys: pytest.CaptureFixture[str], minsk_manifest) -> None:
    assert main(["--limit", "file_mb=x", "validate", str(minsk_manifest)]) == 2
    assert "--limit 'file_mb=x': expected a whole number of MiB" in capsys.readouterr().err
    assert main(["--limit", "map_hexes=7", "validate", "-q", str(minsk_manifest)]) in (0, 1)
    assert limits.get("map_hexes") == 7  # applied by the group ...
    main(["validate", "-q", str(minsk_manifest)])
    assert limits.get("map_hexes") == limits.LIMITS["map_hexes"].default  # ... and forgotten by the next run


@pytest.mark.parametrize("spec", ["file_mb=" + "9" * 5000, "x" * 5000 + "=1"])
def test_a_five_thousand_character_option_is_cut_in_the_message(spec: str) -> None:
    with pytest.raises(ModgenError) as exc:
        limits.override(spec)  # int() refuses 5,000 digits: "not a whole number", but the spec was echoed whole
    assert exc.value.exit_code == 2 and spec[:39] + "…" in str(exc.value) and len(str(exc.value)) < 300


def test_a_five_thousand_digit_environment_value_is_cut_in_the_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MODGEN_LIMIT_FILE_MB", "9" * 5000)
    with pytest.raises(ModgenError) as exc:
        limits.get("file_mb")
    assert exc.value.exit_code == 2 and "MODGEN_LIMIT_FILE_MB='99" in str(exc.value) and len(str(exc.value)) < 300
