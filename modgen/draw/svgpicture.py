"""A designer's SVG picture (a symbol, a portrait, a silhouette) as pixels for the counter renderers.

SVG is rendered by resvg (the ``resvg-py`` wheel: a Rust renderer, no system library), which draws what browsers
and Inkscape draw. The file is treated as hostile input: read as a regular file within the ``file_mb`` limit,
parsed without entities or network, and refused when it references anything outside itself (an ``href`` that is
not ``#fragment`` or ``data:``), so a picture can neither leave the workspace nor make the renderer fetch. The
output size is always the box it fills, whatever the file claims.
"""

from __future__ import annotations

import io

import resvg_py
from lxml import etree
from PIL import Image

from modgen import inputs
from modgen.errors import DataError

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True,
                          load_dtd=False)
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


def _checked(data: bytes, what: str) -> str:
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise DataError(f"{what}: not a readable SVG file ({exc.msg})") from None
    if root is not None and root.getroottree().docinfo.internalDTD is not None:
        raise DataError(f"{what}: declares a DOCTYPE with entities; an SVG picture must be plain SVG")
    if root is None or etree.QName(root).localname != "svg":
        raise DataError(f"{what}: not an SVG file (its root element is not <svg>)")
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue  # entity references and processing instructions carry no hrefs
        for key in _HREFS:
            ref = (el.get(key) or "").strip()
            if ref and not ref.startswith(("#", "data:")):
                raise DataError(f"{what}: refers to {ref[:80]!r}; an SVG picture must be self-contained "
                                "(embed images as data: URIs)")
        if etree.QName(el).localname == "style" and "url(" in (el.text or "") and "url(#" not in (el.text or ""):
            raise DataError(f"{what}: its stylesheet refers to another file; an SVG picture must be self-contained")
    return etree.tostring(root, encoding="unicode")


def render_svg(path: str, width: int, height: int) -> Image.Image:
    """The SVG at ``path`` drawn whole (aspect kept) to fit ``width`` × ``height`` pixels, as RGBA."""
    what = f"image {path}"
    svg = _checked(inputs.read_regular(path, what), what)
    try:
        png = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=max(1, width)))
        im = Image.open(io.BytesIO(png)).convert("RGBA")
        if im.height > height:  # taller than the box: fit the height instead
            im = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, height=max(1, height))))
                            ).convert("RGBA")
    except ValueError as exc:
        raise DataError(f"{what}: cannot be drawn ({exc})") from None
    return im
