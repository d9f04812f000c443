"""Screenshots as plain RGB pixels: the readers for the formats the four screenshot routes produce (PNG from
weston-screenshooter, PPM from grim, raw rows from KWin's ScreenShot2 and GStreamer), and the searches the
scenario needs (where a window of a known colour is, what colour a point has)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

RGB = tuple[int, int, int]


class ImageError(Exception):
    """The bytes are not an image this module reads; the message says why."""


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int

    def center(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2


@dataclass(frozen=True)
class Image:
    """Tightly packed 8-bit RGB rows, top to bottom."""

    width: int
    height: int
    rgb: bytes

    def pixel(self, x: int, y: int) -> RGB:
        i = (y * self.width + x) * 3
        return self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]

    def bounds_of(self, color: RGB, tolerance: int = 8) -> Rect | None:
        """The bounding box of the pixels within `tolerance` of `color` on each channel, or None.
        Complexity: O(width × height)."""
        lo = bytes(max(0, c - tolerance) for c in color)
        hi = bytes(min(255, c + tolerance) for c in color)
        xs, ys = [], []
        for y in range(self.height):
            row = self.rgb[y * self.width * 3:(y + 1) * self.width * 3]
            hits = [x for x in range(self.width) if all(lo[k] <= row[x * 3 + k] <= hi[k] for k in range(3))]
            if hits:
                xs += (hits[0], hits[-1])
                ys.append(y)
        if not ys:
            return None
        return Rect(min(xs), ys[0], max(xs) - min(xs) + 1, ys[-1] - ys[0] + 1)

    def ppm(self) -> bytes:
        """The image as a binary PPM (P6)."""
        return b"P6\n%d %d\n255\n" % (self.width, self.height) + self.rgb


def from_rows(width: int, height: int, stride: int, data: bytes, order: str) -> Image:
    """Packs raw rows of 4-byte pixels whose byte order is `order` ("BGRx" or "RGBx"; x is ignored)."""
    if len(data) < stride * (height - 1) + width * 4:
        raise ImageError(f"{len(data)} bytes cannot hold {width}x{height} pixels with stride {stride}")
    channels = {"BGRx": (2, 1, 0), "RGBx": (0, 1, 2)}[order]
    out = bytearray(width * height * 3)
    for y in range(height):
        row = data[y * stride:y * stride + width * 4]
        for k, channel in enumerate(channels):
            out[y * width * 3 + k:(y + 1) * width * 3:3] = row[channel::4]
    return Image(width, height, bytes(out))


def read_ppm(data: bytes) -> Image:
    """Reads a binary PPM (P6, maxval 255), as grim writes with `-t ppm`."""
    fields, offset = [], 0
    while len(fields) < 4:
        while data[offset:offset + 1].isspace():
            offset += 1
        if data[offset:offset + 1] == b"#":
            offset = data.index(b"\n", offset)
            continue
        end = offset
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        fields.append(data[offset:end])
        offset = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ImageError("only binary PPM (P6) with maxval 255 is read")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[offset + 1:offset + 1 + width * height * 3]
    if len(pixels) != width * height * 3:
        raise ImageError("the PPM is truncated")
    return Image(width, height, pixels)


def read_png(data: bytes) -> Image:
    """Reads a non-interlaced 8-bit RGB or RGBA PNG (what cairo writes for weston-screenshooter)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ImageError("not a PNG")
    offset, idat, header = 8, bytearray(), None
    while offset < len(data):
        (length,), kind = struct.unpack(">I", data[offset:offset + 4]), data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    if header is None:
        raise ImageError("PNG without IHDR")
    width, height, depth, color_type, _, _, interlace = header
    if depth != 8 or color_type not in (2, 6) or interlace:
        raise ImageError(f"unsupported PNG (depth {depth}, colour type {color_type}, interlace {interlace})")
    channels = 3 if color_type == 2 else 4
    rows = _unfilter(zlib.decompress(bytes(idat)), width * channels, height, channels)
    if channels == 3:
        return Image(width, height, bytes(rows))
    out = bytearray(width * height * 3)
    for k in range(3):
        out[k::3] = rows[k::4]
    return Image(width, height, bytes(out))


def _unfilter(raw: bytes, row_bytes: int, height: int, bpp: int) -> bytearray:
    out = bytearray(row_bytes * height)
    prior = bytearray(row_bytes)
    for y in range(height):
        start = y * (row_bytes + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + row_bytes])
        for i in range(row_bytes):
            a = row[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 255
            elif kind == 2:
                row[i] = (row[i] + b) & 255
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind != 0:
                raise ImageError(f"unknown PNG filter {kind}")
        out[y * row_bytes:(y + 1) * row_bytes] = row
        prior = row
    return out
