#!/usr/bin/env python3
"""Draws Skirmish's own art: the terrain tileset and the unit sprites.

Run from the project root:  python3 tools/make_art.py
Writes assets/tiles.png (one 32×32 tile per terrain look, in the order of
`rules::terrain::Look`), assets/unit.png (a disc the game tints with the side's
colour), assets/facing.png (the facing wedge) and assets/ring.png (the active
marker). Only the Python standard library is used; the output is deterministic.
"""
import math
import os
import random
import struct
import zlib

T = 32  # tile size in pixels


def png(path, w, h, pixels):
    """Write RGBA pixels (a list of rows of (r, g, b, a)) as a PNG file."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9))
    data += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def clamp(v):
    return max(0, min(255, int(v)))


def shade(c, k):
    return tuple(clamp(x * k) for x in c[:3]) + (255,)


def noise_tile(rng, base, spread):
    return [[shade(base, 1 + rng.uniform(-spread, spread)) for _ in range(T)] for _ in range(T)]


def grass(rng):
    t = noise_tile(rng, (92, 150, 70), 0.08)
    for _ in range(26):
        x, y = rng.randrange(T), rng.randrange(2, T)
        for k in range(3):
            if y - k >= 0:
                t[y - k][x] = shade((120, 180, 85), 1 + rng.uniform(-0.1, 0.1))
    return t


def floor(rng):
    t = noise_tile(rng, (150, 145, 135), 0.05)
    for i in range(T):
        for j in range(T):
            if i % 16 == 0 or (j + (8 if (i // 16) % 2 else 0)) % 16 == 0:
                t[i][j] = shade((110, 105, 98), 1)
    return t


def rough(rng):
    t = noise_tile(rng, (128, 118, 100), 0.07)
    for _ in range(9):
        cx, cy, r = rng.randrange(T), rng.randrange(T), rng.uniform(2, 4.5)
        col = shade((160, 150, 135), rng.uniform(0.8, 1.1))
        for y in range(T):
            for x in range(T):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    t[y][x] = col if (x - cx) + (y - cy) < r * 0.5 else shade(col, 0.75)
    return t


def brush(rng):
    t = noise_tile(rng, (60, 105, 50), 0.08)
    for _ in range(7):
        cx, cy, r = rng.randrange(T), rng.randrange(T), rng.uniform(4, 7)
        for y in range(T):
            for x in range(T):
                d = (x - cx) ** 2 + (y - cy) ** 2
                if d <= r * r:
                    t[y][x] = shade((40, 85, 38), 1.25 - 0.5 * d / (r * r) + rng.uniform(-0.05, 0.05))
    return t


def mud(rng):
    t = noise_tile(rng, (112, 84, 58), 0.06)
    for _ in range(6):
        cx, cy, r = rng.randrange(T), rng.randrange(T), rng.uniform(3, 6)
        for y in range(T):
            for x in range(T):
                if (x - cx) ** 2 / (r * r) + (y - cy) ** 2 / (r * r / 3) <= 1:
                    t[y][x] = shade((90, 66, 45), 1)
    return t


def water(rng, base=(70, 130, 200), crest=(150, 200, 240)):
    t = noise_tile(rng, base, 0.04)
    for y in range(T):
        for x in range(T):
            if (y + int(2 * math.sin((x + y * 0.5) / 3.0))) % 8 == 0 and rng.random() < 0.8:
                t[y][x] = shade(crest, 1)
    return t


def deep_water(rng):
    return water(rng, (30, 70, 140), (70, 120, 190))


def crates(rng):
    t = floor(rng)
    for (x0, y0, s) in ((3, 4, 14), (15, 12, 15), (5, 18, 11)):
        for y in range(y0, min(T, y0 + s)):
            for x in range(x0, min(T, x0 + s)):
                edge = x in (x0, x0 + s - 1) or y in (y0, y0 + s - 1) or x - x0 == y - y0
                t[y][x] = shade((90, 60, 30), 1) if edge else shade((170, 120, 60), 1 + rng.uniform(-0.08, 0.08))
    return t


def low_wall(rng):
    t = grass(rng)
    for y in range(10, 23):
        for x in range(T):
            brick = ((x + (6 if (y // 4) % 2 else 0)) % 12 == 0) or y % 4 == 2
            t[y][x] = shade((95, 92, 88), 1) if brick else shade((160, 155, 148), 1 + rng.uniform(-0.06, 0.06))
    return t


def wall(rng):
    t = [[(0, 0, 0, 255)] * T for _ in range(T)]
    for y in range(T):
        for x in range(T):
            mortar = y % 8 == 0 or (x + (8 if (y // 8) % 2 else 0)) % 16 == 0
            t[y][x] = shade((70, 65, 62), 1) if mortar else shade((128, 110, 100), 1 + rng.uniform(-0.08, 0.08))
    return t


def pillar(rng):
    t = floor(rng)
    for y in range(T):
        for x in range(T):
            d = math.hypot(x - 15.5, y - 15.5)
            if d < 13:
                t[y][x] = shade((175, 170, 160), 1.15 - d / 30)
            elif d < 14.5:
                t[y][x] = shade((60, 58, 55), 1)
    return t


def chasm(rng):
    t = noise_tile(rng, (18, 14, 22), 0.3)
    for y in range(T):
        for x in range(T):
            if x < 2 or y < 2 or x > T - 3 or y > T - 3:
                t[y][x] = shade((90, 80, 70), 1)
    return t


def exit_tile(rng):
    t = floor(rng)
    for y in range(T):
        for x in range(T):
            if abs(x - 16) + abs(y - 16) < 11 and x - 16 > -6 + abs(y - 16) * 0.0 and abs(y - 16) < 11 - (x - 16):
                if x > 9:
                    t[y][x] = shade((235, 200, 60), 1)
    return t


LOOKS = [grass, floor, rough, brush, mud, water, deep_water, crates, low_wall, wall, pillar, chasm, exit_tile]


def tileset(path):
    rng = random.Random(20261122)
    tiles = [f(rng) for f in LOOKS]
    rows = [[px for t in tiles for px in t[y]] for y in range(T)]
    png(path, T * len(tiles), T, rows)


def disc(path, size=64):
    rows = []
    c = (size - 1) / 2
    for y in range(size):
        row = []
        for x in range(size):
            d = math.hypot(x - c, y - c) / c
            if d > 1:
                row.append((0, 0, 0, 0))
            elif d > 0.86:
                row.append((30, 30, 30, 255))
            else:
                # A soft highlight towards the top left; the game tints it.
                k = 1.0 - 0.25 * max(0.0, (x + y) / (2 * size) - 0.3)
                row.append((clamp(255 * k), clamp(255 * k), clamp(255 * k), 255))
        rows.append(row)
    png(path, size, size, rows)


def wedge(path, size=32):
    """An arrowhead pointing up (north): white with a dark outline, drawn at the disc's rim."""
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            # Triangle with apex at the top centre and base at 80% of the height.
            t = y / (size * 0.8)
            half = t * size * 0.5
            inside = 0 <= t <= 1 and abs(x + 0.5 - size / 2) <= half
            border = inside and (abs(x + 0.5 - size / 2) > half - 2.5 or t > 1 - 2.5 / (size * 0.8))
            if border:
                row.append((20, 20, 20, 255))
            elif inside:
                row.append((255, 255, 255, 255))
            else:
                row.append((0, 0, 0, 0))
        rows.append(row)
    png(path, size, size, rows)


def ring(path, size=64):
    rows = []
    c = (size - 1) / 2
    for y in range(size):
        row = []
        for x in range(size):
            d = math.hypot(x - c, y - c) / c
            row.append((255, 255, 255, 255) if 0.84 < d <= 1.0 else (0, 0, 0, 0))
        rows.append(row)
    png(path, size, size, rows)


if __name__ == "__main__":
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
    tileset(os.path.join(root, "tiles.png"))
    disc(os.path.join(root, "unit.png"))
    wedge(os.path.join(root, "facing.png"))
    ring(os.path.join(root, "ring.png"))
    print("wrote assets/tiles.png, unit.png, facing.png, ring.png")
