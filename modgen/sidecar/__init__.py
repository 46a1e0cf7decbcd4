"""The rules-checker sidecar service (``modgen serve``)."""

from modgen.sidecar.app import Limits, create_app

__all__ = ["Limits", "create_app"]
