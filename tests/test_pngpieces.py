"""Board PNGs deflated in pieces (modgen.draw.pngpieces): a valid PNG of exactly the image's pixels, the same bytes
however the pieces are split among bands, and about as small as Pillow's own encoding."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageDraw

from modgen.draw import pngpieces as P


def _image(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    """Flat colours, lines and noise: something deflate finds matches in, and some it does not."""
    rng = random.Random(seed)
    img = Image.new(mode, size, (246, 243, 232, 255)[:len(mode)])
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        color = tuple(rng.randrange(256) for _ in mode)
        d.rectangle([x, y, x + rng.randrange(1, 60), y + rng.randrange(1, 60)], fill=color)
        d.line([(x, y), (rng.randrange(size[0]), rng.randrange(size[1]))], fill=color, width=rng.randrange(1, 5))
    noise = Image.frombytes(mode, (size[0], max(1, size[1] // 7)), rng.randbytes(size[0] * max(1, size[1] // 7)
                                                                               * len(mode)))
    img.paste(noise, (0, size[1] // 3))
    return img


def _decoded(png: bytes) -> Image.Image:
    Image.open(io.BytesIO(png)).verify()  # chunk CRCs and structure
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize("size, map_height", [((300, 260), 200), ((1, 1), 1), ((17, 5), 5), ((1200, 40), 30),
                                              ((9, 900), 880)])
@pytest.mark.parametrize("level", [1, 6, 9])
def test_pixels_round_trip(mode: str, size: tuple[int, int], map_height: int, level: int) -> None:
    img = _image(mode, size, seed=size[0] * 7 + level)
    back = _decoded(P.encode(img, map_height, level))
    assert (back.mode, back.size) == (mode, size)
    assert back.tobytes() == img.tobytes()


@pytest.mark.parametrize("bands", [2, 3, 4, 5, 12])
def test_bands_give_the_same_bytes(bands: int) -> None:
    """Each band compressed from its own rows (plus the priming rows above it), as a band process does."""
    img = _image("RGB", (640, 500), seed=bands)
    map_height = 470
    cut = P.cuts(map_height, img.height)
    ctx = P.context_rows(img.width, "RGB")
    pieces = []
    for k in range(bands):
        first, last = P.PIECES * k // bands, P.PIECES * (k + 1) // bands
        above = max(0, cut[first] - ctx)
        raw = img.crop((0, above, img.width, cut[last])).tobytes()
        pieces += P.compress(raw, img.width, "RGB", above, cut, range(first, last), 6)
    assert P.assemble(img.size, "RGB", pieces, 6) == P.encode(img, map_height, 6)


def test_a_piece_without_its_priming_rows_is_refused() -> None:
    img = _image("RGB", (640, 500), seed=1)
    cut = P.cuts(480, img.height)
    raw = img.crop((0, cut[6], img.width, img.height)).tobytes()
    with pytest.raises(ValueError, match="piece 6 needs rows"):
        P.compress(raw, img.width, "RGB", cut[6], cut, range(6, 12), 6)


def test_adler32_of_joined_blocks() -> None:
    rng = random.Random(3)
    for _ in range(300):
        a, b = rng.randbytes(rng.randrange(0, 3000)), rng.randbytes(rng.randrange(0, 200_000))
        assert P._adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_about_as_small_as_pillow() -> None:
    """Priming each piece with the data before it keeps the compression of one stream (within 5% here)."""
    img = _image("RGB", (900, 1200), seed=9)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=6)
    assert len(P.encode(img, 1100, 6)) < 1.05 * len(buf.getvalue())


def test_modes() -> None:
    assert P.supported("RGB") and P.supported("RGBA")
    assert not P.supported("P") and not P.supported("L")
