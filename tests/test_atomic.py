"""Atomic output: all or nothing, with ordinary file permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from modgen.atomic import atomic_path, write_bytes


def test_failed_write_leaves_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "out.vmod"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("boom")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.vmod"]


def test_new_file_gets_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_bytes(tmp_path / "a.png", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.png").stat().st_mode) == 0o644


def test_unwritable_target_names_the_target(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    from modgen.errors import ModgenError

    with pytest.raises(ModgenError, match=r"cannot write .*file/out\.pdf"):
        write_bytes(blocker / "out.pdf", b"x")
