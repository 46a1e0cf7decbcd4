"""Receive one upload with its size capped *while* it arrives, chunked or not, and a deadline for slow clients.

The body is read from ``request.stream()`` chunk by chunk; the byte count is checked after every chunk, so a client
that declares no Content-Length (chunked transfer) is stopped as soon as it passes the cap. Multipart bodies are
parsed incrementally (python-multipart, the parser Starlette itself uses) into memory: only the ``file`` part's bytes
are kept, never more than the cap, and nothing is written to disk.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from python_multipart.multipart import MultipartParseError, MultipartParser, parse_options_header
from starlette.requests import Request

#: Room for the multipart framing around the file (boundaries, part headers, a few small fields).
MULTIPART_SLACK = 64 * 1024
MAX_PARTS = 4


@dataclass
class UploadError(Exception):
    """The upload is refused: ``status`` is the HTTP status, ``message`` says why in one line."""

    status: int
    message: str


class _Multipart:
    """Incremental multipart parser that keeps the bytes and filename of the field named ``file``."""

    def __init__(self, boundary: bytes, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.filename: str | None = None
        self.found = False
        self.parts = 0
        self._field = b""
        self._value = b""
        self._headers: dict[bytes, bytes] = {}
        self._keep = False
        self._done = False
        self.parser = MultipartParser(boundary, {
            "on_part_begin": self._part_begin,
            "on_header_field": self._header_field,
            "on_header_value": self._header_value,
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_part_data": self._part_data,
            "on_part_end": self._part_end,
            "on_end": self._end,
        })

    def _part_begin(self) -> None:
        self.parts += 1
        if self.parts > MAX_PARTS:
            raise UploadError(400, f"multipart upload has more than {MAX_PARTS} parts")
        self._headers = {}
        self._keep = False

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self._field += data[start:end]

    def _header_value(self, data: bytes, start: int, end: int) -> None:
        self._value += data[start:end]

    def _header_end(self) -> None:
        self._headers[self._field.lower()] = self._value
        self._field, self._value = b"", b""

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._headers.get(b"content-disposition"))
        if options.get(b"name") == b"file" and not self.found:
            self.found = self._keep = True
            self.filename = options.get(b"filename", b"upload").decode("utf-8", "replace") or "upload"

    def _part_data(self, data: bytes, start: int, end: int) -> None:
        if self._keep:
            self.data += data[start:end]
            if len(self.data) > self.cap:
                raise UploadError(413, f"upload larger than the limit of {self.cap} bytes")

    def _part_end(self) -> None:
        self._keep = False

    def _end(self) -> None:
        self._done = True

    def feed(self, chunk: bytes) -> None:
        try:
            self.parser.write(chunk)
        except MultipartParseError as exc:
            raise UploadError(400, f"malformed multipart upload: {exc}") from None

    def result(self) -> tuple[bytes, str]:
        if not self._done:
            raise UploadError(400, "malformed multipart upload: the body ends before the closing boundary")
        if not self.found:
            raise UploadError(400, "multipart upload has no file field named 'file'")
        return bytes(self.data), self.filename or "upload"


async def _receive(request: Request, wire_cap: int, cap: int, sink: _Multipart | bytearray) -> None:
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > wire_cap:
            raise UploadError(413, f"upload larger than the limit of {cap} bytes")
        if isinstance(sink, bytearray):
            sink += chunk
        else:
            sink.feed(chunk)


async def read_upload(request: Request, cap: int, body_seconds: float) -> tuple[bytes, str]:
    """(data, filename) of a multipart form (field ``file``) or a raw body (name from ``?filename=``).

    Raises :class:`UploadError` (413 past ``cap`` bytes, 408 past ``body_seconds``, 400 malformed, 415 for a
    ``text/plain`` body, the type any web page may POST cross-site) and lets Starlette's ``ClientDisconnect`` through.
    """
    ctype = request.headers.get("content-type", "")
    media, options = parse_options_header(ctype)
    multipart = media == b"multipart/form-data"
    if media.startswith(b"text/"):
        raise UploadError(415, "send the log as multipart/form-data or application/octet-stream, not text/*")
    wire_cap = cap + MULTIPART_SLACK if multipart else cap
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > wire_cap:
        raise UploadError(413, f"upload larger than the limit of {cap} bytes")
    if multipart:
        boundary = options.get(b"boundary")
        if not boundary:
            raise UploadError(400, "malformed multipart upload: no boundary in Content-Type")
        sink: _Multipart | bytearray = _Multipart(boundary, cap)
    else:
        sink = bytearray()
    try:
        async with asyncio.timeout(body_seconds):
            await _receive(request, wire_cap, cap, sink)
    except TimeoutError:
        raise UploadError(408, f"the upload did not arrive within {body_seconds:g} s") from None
    data, filename = (bytes(sink), request.query_params.get("filename", "upload")) if isinstance(sink, bytearray) \
        else sink.result()
    return data, _file_name(filename)


#: Longest file name kept from an upload (what file systems allow): every message and history entry names it.
MAX_NAME = 255


def _file_name(name: str) -> str:
    """``name`` with at most :data:`MAX_NAME` characters: its end, which holds the suffix the log type is told by
    (a multipart header may carry a 60,000-character name, which every error message would repeat)."""
    return name if len(name) <= MAX_NAME else "…" + name[-(MAX_NAME - 1):]
