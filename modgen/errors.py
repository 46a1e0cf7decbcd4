"""Error types. Every error a user can cause is a ModgenError with a message that names the bad input."""

from __future__ import annotations


def clip(text: str, limit: int = 40) -> str:
    """``text`` (something the user typed or a file held) cut to ``limit`` characters for a message, the last one an
    ellipsis: a 5,000-digit value or a megabyte id is not echoed whole."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class ModgenError(Exception):
    """An error caused by the user's input or environment, shown as one line; exit code ``exit_code``."""

    exit_code: int = 1

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class DataError(ModgenError):
    """Game data is missing, malformed or invalid (exit 1)."""


class ArchiveError(ModgenError):
    """A zip archive (.vmod/.vsav/.vlog) is truncated, hostile or not what it claims to be (exit 1)."""


class LogFormatError(ModgenError):
    """A game log could not be decoded (exit 1)."""
