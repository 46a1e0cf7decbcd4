"""Decoding images from data files safely: artwork and board pictures are decoded only after their pixel count (the
``image_mpx`` limit) is checked from the header, so a decompression bomb or a 1×60000 strip is refused before a byte
of it is decoded; only the formats in :data:`IMAGE_FORMATS` are exposed to data files.

Base layer, beside :mod:`modgen.inputs` (which reads the bytes): kept apart so that the commands that never decode an
image (``check``, ``log``) do not import Pillow.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import warnings
from collections.abc import Iterator

from PIL import Image

from modgen import limits
from modgen.errors import DataError
from modgen.inputs import read_regular

#: Image formats artwork may be in; the rest of Pillow's decoders are not exposed to data files.
IMAGE_FORMATS = ("PNG", "JPEG", "GIF", "BMP", "WEBP")


def max_image_pixels() -> int:
    """The ``image_mpx`` limit in pixels; also set as Pillow's own bomb guard so the two always agree."""
    pixels = limits.get("image_mpx") * 1_000_000
    Image.MAX_IMAGE_PIXELS = pixels
    return pixels


def check_pixels(size: tuple[int, int], what: str) -> None:
    """A LimitError naming ``what`` if an image of ``size`` (width, height) exceeds the ``image_mpx`` limit."""
    w, h = size
    if w * h > max_image_pixels():
        raise limits.breach("image_mpx", what, f"{w}x{h} px, {w * h / 1e6:,.1f} megapixels")


def image_size(path: str | os.PathLike[str], what: str | None = None) -> tuple[int, int]:
    """(width, height) of an image file from its header, without decoding it; DataError if it is not an image."""
    with _opened_image(path, what or str(path)) as im:
        return im.size


def load_image(path: str | os.PathLike[str], what: str | None = None) -> Image.Image:
    """Decode the image file ``path`` (a regular file within ``file_mb``, one of :data:`IMAGE_FORMATS`, at most
    ``image_mpx`` megapixels, checked from the header before decoding). Any failure is one ModgenError naming
    ``what`` (default: the path)."""
    name = what or str(path)
    with _opened_image(path, name) as im:
        check_pixels(im.size, name)
        try:
            im.load()
        except Exception as exc:  # hostile bytes can make any decoder raise anything; the input is at fault
            raise DataError(f"{name}: cannot read it as an image ({_why(exc)})") from None
        return im.copy() if im.mode in ("1", "L", "LA", "P", "RGB", "RGBA") else im.convert("RGBA")


def _why(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    text = text if len(text) <= 80 else text[:79] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _bomb(name: str, exc: BaseException) -> limits.LimitError:
    m = re.search(r"\((\d+) pixels\)", str(exc))
    shown = f"{int(m.group(1)) / 1e6:,.0f} megapixels" if m else "a decompression bomb"
    return limits.breach("image_mpx", name, shown)


def bytes_size(data: bytes, what: str) -> tuple[int, int]:
    """(width, height) of an image held in memory (e.g. read from a module archive), from its header: a header
    beyond the ``image_mpx`` limit is a LimitError, bytes that are no image of :data:`IMAGE_FORMATS` a DataError,
    each naming ``what``."""
    with _opened_bytes(data, what) as im:
        check_pixels(im.size, what)
        return im.size


@contextlib.contextmanager
def _opened_image(path: str | os.PathLike[str], name: str) -> Iterator[Image.Image]:
    with _opened_bytes(read_regular(path, name), name) as im:
        yield im


@contextlib.contextmanager
def _opened_bytes(data: bytes, name: str) -> Iterator[Image.Image]:
    max_image_pixels()
    with warnings.catch_warnings():
        # Pillow warns past MAX_IMAGE_PIXELS (our callers check the size themselves, with a better message) and
        # raises DecompressionBombError past twice that, before decoding anything
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            im = Image.open(io.BytesIO(data), formats=IMAGE_FORMATS)
        except Image.DecompressionBombError as exc:
            raise _bomb(name, exc) from None
        except Exception as exc:  # any decoder error on hostile bytes is bad input, not a modgen bug
            detail = "" if isinstance(exc, Image.UnidentifiedImageError) else f": {_why(exc)}"
            raise DataError(f"{name}: cannot read it as an image "
                            f"(not {', '.join(IMAGE_FORMATS[:-1])} or {IMAGE_FORMATS[-1]}, or damaged{detail})"
                            ) from None
        try:
            yield im
        except Image.DecompressionBombError as exc:
            raise _bomb(name, exc) from None
        finally:
            im.close()
