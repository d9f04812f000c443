"""Screenshots as plain RGB pixels: the readers for the formats the four screenshot routes produce (PNG from
weston-screenshooter, PPM from grim, raw rows from KWin's ScreenShot2 and GStreamer), and the searches the
scenario needs (where a window of a known colour is, what colour a point has)."""

from __future__ import annotations

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
        Complexity: O(width × height), in bulk byte operations (a mask per channel, ANDed as integers)."""
        size = self.width * self.height
        mask = -1
        for k, value in enumerate(color):
            table = bytes(1 if abs(v - value) <= tolerance else 0 for v in range(256))
            mask &= int.from_bytes(self.rgb[k::3].translate(table), "big")
        hits = mask.to_bytes(size, "big")
        xs, ys = [], []
        for y in range(self.height):
            row = hits[y * self.width:(y + 1) * self.width]
            first = row.find(1)
            if first >= 0:
                xs += (first, row.rfind(1))
                ys.append(y)
        if not ys:
            return None
        return Rect(min(xs), ys[0], max(xs) - min(xs) + 1, ys[-1] - ys[0] + 1)

    def crop(self, rect: Rect) -> Image:
        """The pixels of `rect` (which must lie inside the image)."""
        rows = (self.rgb[(y * self.width + rect.x) * 3:(y * self.width + rect.x + rect.width) * 3]
                for y in range(rect.y, rect.y + rect.height))
        return Image(rect.width, rect.height, b"".join(rows))

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
    """Reads a PNG (what cairo writes for weston-screenshooter) with GdkPixbuf; the alpha channel is dropped.
    Raises: ImageError when GdkPixbuf cannot decode it."""
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf, GLib

    loader = GdkPixbuf.PixbufLoader.new_with_type("png")
    try:
        loader.write(data)
        loader.close()
    except GLib.Error as error:
        raise ImageError(f"not a PNG GdkPixbuf reads: {error.message}") from None
    pixbuf = loader.get_pixbuf()
    width, height, stride = pixbuf.get_width(), pixbuf.get_height(), pixbuf.get_rowstride()
    channels, pixels = pixbuf.get_n_channels(), pixbuf.get_pixels()
    rows = b"".join(pixels[y * stride:y * stride + width * channels] for y in range(height))
    if channels == 3:
        return Image(width, height, rows)
    out = bytearray(width * height * 3)
    for k in range(3):
        out[k::3] = rows[k::channels]
    return Image(width, height, bytes(out))
