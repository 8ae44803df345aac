"""Prints how many pixels of a PNG are not (near) white: "<ink> <total>", and with --box also the box that holds
them: "<ink> <total> <left> <top> <right> <bottom>" (inclusive pixel rows and columns; -1s when there is no ink).

Used by the chart tests to check that a real renderer drew something. Only the
standard library: PNG chunks, zlib and the five scanline filters (RFC 2083)."""
import struct
import sys
import zlib


def main(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert depth == 8 and colour in (2, 6), "expects 8-bit RGB or RGBA"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    ink = 0
    box = [width, height, -1, -1]
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(width):
            px = line[x * channels:(x + 1) * channels]
            alpha = px[3] if channels == 4 else 255
            if alpha > 32 and min(px[0], px[1], px[2]) < 200:
                ink += 1
                box = [min(box[0], x), min(box[1], row), max(box[2], x), max(box[3], row)]
        previous = line
    if "--box" in sys.argv:
        print(ink, width * height, *(box if ink else [-1, -1, -1, -1]))
    else:
        print(ink, width * height)


main(sys.argv[1])
