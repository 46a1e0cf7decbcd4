"""The rules-checker sidecar service (``modgen serve``): a Starlette app, its check workers and the save-folder
watcher.

May import: every stage below it, through :mod:`modgen.report` for checking and picturing. Used only by the CLI.
"""

from modgen.sidecar.app import Limits, create_app

__all__ = ["Limits", "create_app"]
