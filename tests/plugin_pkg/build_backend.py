"""A minimal PEP 517 backend: a wheel of the packages under ``src/`` with the metadata and entry points of
pyproject.toml. Enough for ``pip install`` of this example without network or build tools."""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _project() -> dict:
    return tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def get_requires_for_build_wheel(config_settings: dict | None = None) -> list[str]:
    return []


def build_wheel(wheel_directory: str, config_settings: dict | None = None,
                metadata_directory: str | None = None) -> str:
    project = _project()
    name, version = project["name"].replace("-", "_"), project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    for path in sorted((HERE / "src").rglob("*.py")):
        files[path.relative_to(HERE / "src").as_posix()] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {version}\n"
                                      + "".join(f"Requires-Dist: {d}\n" for d in project.get("dependencies", []))
                                      ).encode()
    files[f"{dist_info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: build_backend\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n")
    groups = project.get("entry-points", {})
    files[f"{dist_info}/entry_points.txt"] = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) + "\n" for group, eps in groups.items()
    ).encode()
    record = [f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()},{len(b)}"
              for n, b in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join([*record, f"{dist_info}/RECORD,,"]) + "\n").encode()
    wheel = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(Path(wheel_directory) / wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in files.items():
            z.writestr(n, b)
    return wheel
