"""Atomic output: all or nothing, with ordinary file permissions."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from modgen.atomic import atomic_dir, atomic_path, check_output, check_output_dir, write_bytes
from modgen.errors import ModgenError


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
    with pytest.raises(ModgenError, match=r"cannot write .*file/out\.pdf"):
        write_bytes(blocker / "out.pdf", b"x")


# ---- what may be an output -------------------------------------------------------------------------------------
def _specials(tmp_path: Path) -> dict[str, Path]:
    """A FIFO, a link to a file, a dangling link and a folder: none may be an output (no root needed)."""
    (tmp_path / "real.txt").write_text("precious")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "link").symlink_to(tmp_path / "real.txt")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere.txt")
    (tmp_path / "dir").mkdir()
    return {"a FIFO": tmp_path / "fifo", "a symbolic link": tmp_path / "link",
            "a symbolic link ": tmp_path / "dangling", "a directory": tmp_path / "dir"}


def _unchanged(tmp_path: Path) -> None:
    assert stat.S_ISFIFO((tmp_path / "fifo").lstat().st_mode)
    assert (tmp_path / "link").is_symlink() and (tmp_path / "real.txt").read_text() == "precious"
    assert (tmp_path / "dangling").is_symlink() and not (tmp_path / "nowhere.txt").exists()
    assert (tmp_path / "dir").is_dir() and not list((tmp_path / "dir").iterdir())
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".part")]


def test_special_files_are_refused_as_outputs_and_left_alone(tmp_path: Path) -> None:
    for kind, target in _specials(tmp_path).items():
        with pytest.raises(ModgenError, match=f"refusing to write {target}: it is {kind.strip()}"):
            check_output(target)
        with pytest.raises(ModgenError, match=f"{target}: it is {kind.strip()}"), atomic_path(target) as tmp:
            tmp.write_bytes(b"never")
        with pytest.raises(ModgenError, match=str(target)):
            write_bytes(target, b"never")
    _unchanged(tmp_path)


def test_a_device_is_refused(tmp_path: Path) -> None:
    # as root (as CI runs) the real /dev/null: writing "onto" it used to replace it with a regular file
    target = Path("/dev/null") if os.geteuid() == 0 else tmp_path / "fifo"
    if target.name == "fifo":
        os.mkfifo(target)
    kind = "a character device" if os.geteuid() == 0 else "a FIFO"
    with pytest.raises(ModgenError, match=f"refusing to write {target}: it is {kind}"):
        write_bytes(target, b"never")
    mode = target.lstat().st_mode
    assert stat.S_ISCHR(mode) if os.geteuid() == 0 else stat.S_ISFIFO(mode)


def test_a_regular_file_or_a_new_path_is_an_output(tmp_path: Path) -> None:
    (tmp_path / "old.png").write_bytes(b"old")
    assert check_output(tmp_path / "old.png") == tmp_path / "old.png"
    assert check_output(tmp_path / "new" / "x.png") == tmp_path / "new" / "x.png"
    write_bytes(tmp_path / "old.png", b"new")
    assert (tmp_path / "old.png").read_bytes() == b"new"


def test_an_input_is_refused_as_output_by_device_and_inode(tmp_path: Path) -> None:
    src = tmp_path / "game.json"
    src.write_text("{}")
    os.link(src, tmp_path / "hardlink.json")
    (tmp_path / "via-link.json").symlink_to(src)
    other = tmp_path / "other.json"
    other.write_text("{}")  # same content, another file: fine
    with pytest.raises(ModgenError, match=r"refusing to write .*game\.json: it is one of this command's inputs;"):
        check_output(src, [tmp_path / "missing.json", src])
    with pytest.raises(ModgenError, match=r"hardlink\.json: it is one of this command's inputs \(.*game\.json\)"):
        check_output(tmp_path / "hardlink.json", [src])
    with pytest.raises(ModgenError, match="inputs"):
        check_output(src, [tmp_path / "via-link.json"])  # an input named through a link is still that file
    assert check_output(other, [src, tmp_path / "missing.json"]) == other
    assert src.read_text() == "{}"


def test_a_write_error_names_the_output_and_removes_the_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "sheet.pdf"
    with pytest.raises(ModgenError, match=r"cannot write .*sheet\.pdf: No space left on device"), \
            atomic_path(target) as tmp:
        tmp.write_bytes(b"half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # what a write to a full disk raises: no file name
    assert list(tmp_path.iterdir()) == []
    # an error about another file (an input read inside the block) keeps its own name
    with pytest.raises(FileNotFoundError) as info, atomic_path(target):
        (tmp_path / "art.png").read_bytes()
    assert info.value.filename == str(tmp_path / "art.png") and list(tmp_path.iterdir()) == []


# ---- folders of outputs ----------------------------------------------------------------------------------------
def test_atomic_dir_renames_a_new_folder_into_place(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        with atomic_dir(tmp_path / "pngs") as tmp:
            assert tmp.parent == tmp_path and not (tmp_path / "pngs").exists()
            (tmp / "a.png").write_bytes(b"a")
    finally:
        os.umask(old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pngs"]
    assert (tmp_path / "pngs" / "a.png").read_bytes() == b"a"
    assert stat.S_IMODE((tmp_path / "pngs").stat().st_mode) == 0o755


def test_atomic_dir_updates_an_existing_folder_only_on_success(tmp_path: Path) -> None:
    out = tmp_path / "pngs"
    out.mkdir()
    (out / "a.png").write_bytes(b"old a")
    (out / "notes.txt").write_text("mine")
    with pytest.raises(RuntimeError), atomic_dir(out) as tmp:
        (tmp / "a.png").write_bytes(b"new a")
        (tmp / "b.png").write_bytes(b"new b")
        raise RuntimeError("the third counter failed")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pngs"]  # no temporary folder left
    assert sorted(p.name for p in out.iterdir()) == ["a.png", "notes.txt"] and (out / "a.png").read_bytes() == b"old a"
    with atomic_dir(out) as tmp:
        (tmp / "a.png").write_bytes(b"new a")
        (tmp / "b.png").write_bytes(b"new b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pngs"]
    assert {p.name: p.read_bytes() for p in out.iterdir()} == {"a.png": b"new a", "b.png": b"new b",
                                                               "notes.txt": b"mine"}


def test_atomic_dir_refuses_links_files_and_inputs(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    (tmp_path / "file").write_text("x")
    for target, kind in ((tmp_path / "link", "a symbolic link"), (tmp_path / "file", "a file")):
        with pytest.raises(ModgenError, match=f"refusing to write into {target}: it is {kind};"), atomic_dir(target):
            pass
    assert check_output_dir(tmp_path / "real") == tmp_path / "real"
    # a name to be written that is a link in the folder, or one of the inputs (e.g. artwork), is refused up front
    (tmp_path / "real" / "a.png").symlink_to(tmp_path / "file")
    (tmp_path / "real" / "art.png").write_bytes(b"artwork")
    with pytest.raises(ModgenError, match=r"real/a\.png: it is a symbolic link"):
        check_output_dir(tmp_path / "real", [], ["a.png"])
    with pytest.raises(ModgenError, match=r"real/art\.png: it is one of this command's inputs"):
        check_output_dir(tmp_path / "real", [tmp_path / "real" / "art.png"], ["art.png"])
    # and checked again when the folder is committed: nothing moves in
    with pytest.raises(ModgenError, match="inputs"), atomic_dir(tmp_path / "real", [tmp_path / "real" / "art.png"]) \
            as tmp:
        (tmp / "art.png").write_bytes(b"counter")
        (tmp / "b.png").write_bytes(b"counter")
    assert (tmp_path / "real" / "art.png").read_bytes() == b"artwork" and not (tmp_path / "real" / "b.png").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "link", "real"]
