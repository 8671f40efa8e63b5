"""The app's icons (static/icon-*.png), drawn in Python: green felt, a white card, a red heart."""

from __future__ import annotations

import struct
import zlib

from .common import ROOT


def png(width: int, height: int, pixel) -> bytes:  # type: ignore[no-untyped-def]
    """A PNG from ``pixel(x, y) -> (r, g, b, a)``: enough for the app's icons."""
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def icon_pixel(size: int, maskable: bool):  # type: ignore[no-untyped-def]
    """Green felt, a white card with a red heart (kept inside the safe zone if maskable)."""
    felt, card, edge, red = (29, 107, 60, 255), (255, 254, 249, 255), (40, 40, 40, 255), (196, 18, 47, 255)
    inset = 0.2 if maskable else 0.1
    cx0, cx1 = size * (0.5 - (0.5 - inset) * 0.72), size * (0.5 + (0.5 - inset) * 0.72)
    cy0, cy1 = size * inset, size * (1 - inset)
    radius = size * 0.18

    def pixel(x: int, y: int) -> tuple[int, int, int, int]:
        if not maskable:  # rounded corners on the plain icon
            dx, dy = max(radius - x, x - (size - 1 - radius), 0), max(radius - y, y - (size - 1 - radius), 0)
            if dx * dx + dy * dy > radius * radius:
                return (0, 0, 0, 0)
        if cx0 <= x <= cx1 and cy0 <= y <= cy1:
            if min(x - cx0, cx1 - x, y - cy0, cy1 - y) < max(1.0, size / 96):
                return edge
            u, v = (x - size / 2) / (size * 0.16), (size / 2 - y) / (size * 0.16) + 0.15
            if (u * u + v * v - 1) ** 3 - u * u * v ** 3 * 1.0 <= 0:  # a heart curve
                return red
            return card
        return felt

    return pixel


def write_icons() -> None:
    for size, maskable, name in ((192, False, "icon-192.png"), (512, False, "icon-512.png"),
                                 (512, True, "icon-maskable-512.png")):
        (ROOT / "static" / name).write_bytes(png(size, size, icon_pixel(size, maskable)))
