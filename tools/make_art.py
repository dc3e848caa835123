#!/usr/bin/env python3
"""Draws Skirmish's own art: the terrain tileset and the unit sprites.

Run from the project root:  python3 tools/make_art.py
Writes assets/tiles.png (one 32×32 tile per terrain look, in the order of
`rules::terrain::Look`), assets/unit.png (a disc the game tints with the side's
colour), assets/facing.png (the facing wedge) and assets/ring.png (the active
marker).

It also writes one sprite per unit template in assets/units/ (archer, brute,
giant, goblin, knight, mage, ogre, rat_swarm, skirmisher, soldier, spearman,
spider, wolf) plus `generic`, a plain round token for templates without a
sprite of their own (the game draws the template's initial over it). Each
sprite is two 64×64 RGBA layers in assets/sprites/:

  N.png       the body layer: the figure in its natural colours with a dark
              outline, on a transparent background;
  N_trim.png  the trim layer: transparent except the parts that show the side
              (tabard, cloak, shield face, collar...), in white and light greys.
              The game multiplies it by the side's colour and draws it over
              the body layer.

Only the Python standard library is used; the output is deterministic.
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



# --------------------------------------------------------------------------
# Unit sprites: two 64×64 layers per unit template.
#
# A sprite is painted back to front out of shapes (sets of pixel coordinates).
# Every shape gets a one-pixel ink outline and a soft light from the top left;
# `save` adds a second pixel of ink around the whole silhouette so that the
# figure reads on grass, stone and water alike. Shapes painted in TRIM go to
# the trim layer as light greys (the game multiplies that layer by the side's
# colour) and leave a neutral cloth colour in the body layer underneath.

S = 64  # sprite size in pixels
ZOOM = 0.84  # sprites are designed on a 64-unit grid and drawn at this scale about the centre
INK = (34, 27, 25)
TRIM = "trim"
CLOTH = (150, 146, 140)  # body-layer colour under the trim

SKIN = (226, 178, 138)
STEEL = (176, 184, 196)
IRON = (96, 100, 110)
GOLD = (222, 178, 64)
WOOD = (146, 98, 54)
LEATHER = (120, 80, 48)
BOOT = (72, 50, 36)
PINK = (214, 140, 140)
WHITE = (236, 232, 222)

SPRITE_SEED = 20261205


def _grid(test, x0, y0, x1, y1):
    """The canvas pixels whose centres, mapped back to design units, pass `test`;
    (x0, y0, x1, y1) is the shape's bounding box in design units."""
    def to_canvas(v):
        return S / 2 + (v - S / 2) * ZOOM

    def to_design(v):
        return S / 2 + (v + 0.5 - S / 2) / ZOOM

    return {(x, y)
            for y in range(max(0, int(to_canvas(y0)) - 1), min(S, int(to_canvas(y1)) + 2))
            for x in range(max(0, int(to_canvas(x0)) - 1), min(S, int(to_canvas(x1)) + 2))
            if test(to_design(x), to_design(y))}


def ellipse(cx, cy, rx, ry, angle=0.0):
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def test(x, y):
        dx, dy = x - cx, y - cy
        return ((dx * c + dy * s) / rx) ** 2 + ((dy * c - dx * s) / ry) ** 2 <= 1

    r = max(rx, ry)
    return _grid(test, cx - r, cy - r, cx + r, cy + r)


def polygon(points):
    """Even-odd fill of a closed polygon."""
    def test(x, y):
        inside = False
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return inside

    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return _grid(test, min(xs), min(ys), max(xs), max(ys))


def rect(x0, y0, x1, y1):
    return polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def line(p, q, width):
    """A stroke with round ends from p to q."""
    (ax, ay), (bx, by) = p, q
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy or 1.0
    r = width / 2

    def test(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / n))
        return (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2 <= r * r

    return _grid(test, min(ax, bx) - r, min(ay, by) - r, max(ax, bx) + r, max(ay, by) + r)


def bezier(p0, p1, p2, steps=12):
    """Points along a quadratic Bézier curve."""
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1])
            for t in (i / steps for i in range(steps + 1))]


def stroke(points, width):
    """A polyline of round-ended strokes."""
    return set().union(*(line(p, q, width) for p, q in zip(points, points[1:])))


def dome(cx, cy, rx, ry):
    """The upper half of an ellipse (a helmet, a cap)."""
    return ellipse(cx, cy, rx, ry) - rect(cx - rx - 1, cy + 1, cx + rx + 1, cy + ry + 1)


def mirror(points, cx=S / 2):
    return [(2 * cx - x, y) for x, y in points]


def dilate(mask):
    return {(x + i, y + j) for x, y in mask for i in (-1, 0, 1) for j in (-1, 0, 1)
            if 0 <= x + i < S and 0 <= y + j < S}


class Sprite:
    """A body layer (colours) and a trim layer (grey levels) painted together."""

    def __init__(self, rng):
        self.rng = rng
        self.body = {}
        self.trim = {}

    def part(self, mask, colour, outline=True, flat=False, grain=0.0):
        """Paint a shape in a colour (or TRIM), lit from the top left."""
        if outline:
            for p in dilate(mask) - mask:
                self.body[p] = INK
                self.trim.pop(p, None)
        if not mask:
            return
        xs, ys = [p[0] for p in mask], [p[1] for p in mask]
        x0, y0, w, h = min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))
        for x, y in sorted(mask):
            k = 1.0
            if not flat:
                k = 1.15 - 0.3 * ((x - x0) / w + (y - y0) / h) / 2
                if (x + 1, y + 1) not in mask:
                    k *= 0.8
                elif (x - 1, y - 1) not in mask:
                    k *= 1.1
            if grain:
                k *= 1 + self.rng.uniform(-grain, grain)
            if colour == TRIM:
                self.body[(x, y)] = shade(CLOTH, k)[:3]
                self.trim[(x, y)] = clamp(255 * (0.5 + 0.45 * k))
            else:
                self.body[(x, y)] = shade(colour, k)[:3]
                self.trim.pop((x, y), None)

    def mark(self, mask, colour):
        """Paint a flat detail (eyes, slits, a glint) with no outline."""
        self.part(mask, colour, outline=False, flat=True)

    def save(self, folder, name):
        """Thicken the outline round the silhouette and write both layers;
        returns the trim's share of the opaque pixels, in percent."""
        solid = set(self.body)
        for p in dilate(solid) - solid:
            self.body[p] = INK
        body = [[(0, 0, 0, 0)] * S for _ in range(S)]
        trim = [[(0, 0, 0, 0)] * S for _ in range(S)]
        for (x, y), c in self.body.items():
            body[y][x] = c + (255,)
        for (x, y), g in self.trim.items():
            trim[y][x] = (g, g, g, 255)
        png(os.path.join(folder, name + ".png"), S, S, body)
        png(os.path.join(folder, name + "_trim.png"), S, S, trim)
        return 100.0 * len(self.trim) / len(self.body)


# Shared body parts -------------------------------------------------------

def eyes(sp, cx, cy, gap=3, colour=INK, size=2):
    for x in (cx - gap, cx + gap - size + 1):
        sp.mark(rect(x - 0.5, cy - 0.5, x + size - 0.5, cy + size - 0.5), colour)


def head(sp, cx, cy, r, skin=SKIN, look=True):
    sp.part(ellipse(cx, cy, r, r), skin)
    if look:
        eyes(sp, cx, cy)


def legs(sp, cx, hip, foot, spread, colour, boot=BOOT, width=7):
    for side in (-1, 1):
        sp.part(line((cx + side * width * 0.45, hip), (cx + side * spread, foot - 3), width), colour)
        sp.part(ellipse(cx + side * (spread + 1.5), foot - 1, width * 0.55 + 1, 2.5), boot)


def torso(sp, cx, top, bottom, half_top, half_bottom, colour, grain=0.0):
    sp.part(polygon([(cx - half_top, top + 2), (cx - half_top + 3, top), (cx + half_top - 3, top),
                     (cx + half_top, top + 2), (cx + half_bottom, bottom), (cx - half_bottom, bottom)]),
            colour, grain=grain)


def arm(sp, shoulder, hand, colour, skin=SKIN, width=5):
    sp.part(line(shoulder, hand, width), colour)
    sp.part(ellipse(hand[0], hand[1], 3, 3), skin)


def blade(sp, hilt, tip, width=4, guard=8):
    """A sword or dagger: steel blade, gold cross-guard square to it, and a grip."""
    (hx, hy), (tx, ty) = hilt, tip
    d = math.hypot(tx - hx, ty - hy)
    ux, uy = (tx - hx) / d, (ty - hy) / d
    sp.part(line((hx - ux * 4, hy - uy * 4), hilt, 3), LEATHER)
    sp.part(polygon([(hx - uy * width / 2, hy + ux * width / 2), (hx + uy * width / 2, hy - ux * width / 2),
                     (tx - ux * 2, ty - uy * 2)]) | line(hilt, (tx - ux * 3, ty - uy * 3), width), STEEL)
    g = guard / 2
    sp.part(line((hx - uy * g, hy + ux * g), (hx + uy * g, hy - ux * g), 3), GOLD)


# One function per sprite -------------------------------------------------

def draw_archer(sp):
    sp.part(line((39, 16), (46, 36), 7), LEATHER)                      # quiver on the back
    for x in (40, 43, 46):
        sp.part(line((x - 3, 14), (x - 1, 8), 3), WHITE)               # fletching
    legs(sp, 32, 40, 58, 6, (104, 84, 60))
    torso(sp, 32, 21, 47, 10, 11, TRIM)                                 # tunic
    sp.part(rect(22, 37, 42, 40), LEATHER)                              # belt
    sp.part(polygon([(18, 31), (22, 17), (32, 3), (42, 17), (46, 31), (32, 34)]), TRIM)  # hood and cape
    head(sp, 32, 17, 6)
    bow = bezier((18, 5), (-2, 31), (18, 58))
    sp.part(stroke(bow, 4), WOOD)
    sp.mark(stroke([(18, 6), (34, 30), (18, 57)], 1.5), WHITE)
    arm(sp, (24, 26), (9, 31), TRIM)                                    # bow arm
    sp.part(line((4, 30), (34, 30), 2), WOOD, outline=False)            # arrow
    sp.part(polygon([(1, 30), (7, 26), (7, 34)]), STEEL)
    arm(sp, (40, 26), (34, 30), TRIM)                                   # drawing hand


def draw_brute(sp):
    legs(sp, 32, 52, 60, 8, SKIN, width=7)
    sp.part(polygon([(18, 40), (46, 40), (48, 57), (35, 57), (32, 48), (29, 57), (16, 57)]), TRIM)  # breeches
    torso(sp, 32, 19, 42, 17, 11, SKIN)
    sp.part(line((19, 21), (44, 41), 9), TRIM)                          # sash
    sp.part(rect(20, 38, 44, 42), LEATHER)                              # belt
    head(sp, 32, 13, 7)
    sp.part(rect(27, 18, 37, 20), (150, 100, 70), outline=False)        # stubble
    sp.part(line((14, 58), (48, 14), 5), WOOD)
    sp.part(polygon([(36, 9), (51, 1), (61, 19), (46, 27)]), IRON)      # maul head
    sp.part(polygon([(40, 11), (50, 5), (57, 18), (47, 23)]), (128, 132, 142), outline=False)
    arm(sp, (18, 23), (23, 46), SKIN, width=8)
    arm(sp, (46, 23), (41, 23), SKIN, width=8)


def draw_giant(sp):
    hair = (120, 78, 40)
    legs(sp, 32, 40, 60, 9, (110, 90, 62), width=10)
    torso(sp, 32, 18, 44, 16, 13, (134, 110, 80), grain=0.08)          # fur vest
    sp.part(line((20, 20), (44, 38), 7), TRIM)                          # sash
    sp.part(polygon([(17, 38), (47, 38), (51, 53), (14, 53)]), TRIM)    # kilt
    sp.part(rect(17, 36, 47, 40), LEATHER)
    sp.part(ellipse(32, 9, 9, 8), hair)
    head(sp, 32, 12, 7)
    sp.part(polygon([(24, 15), (40, 15), (37, 28), (32, 32), (27, 28)]), hair)  # beard
    sp.part(ellipse(32, 16, 2, 2), SKIN, outline=False)                 # nose
    club = [(44, 38), (52, 20), (55, 7)]
    sp.part(stroke(club, 6) | line((52, 20), (55, 7), 9), WOOD)
    sp.part(line((54, 12), (61, 8), 3), WOOD)                           # branch stub
    arm(sp, (17, 22), (12, 44), SKIN, width=7)
    arm(sp, (47, 22), (46, 36), SKIN, width=7)


def draw_goblin(sp):
    green = (118, 164, 72)
    legs(sp, 32, 44, 59, 5, (96, 80, 58), width=5)
    rag = [(21, 29), (43, 29), (46, 52), (41, 48), (37, 53), (32, 48), (27, 53), (23, 48), (18, 52)]
    sp.part(polygon(rag), TRIM)
    ear = [(22, 18), (4, 12), (20, 26)]
    sp.part(polygon(ear) | polygon(mirror(ear)), green)
    head(sp, 32, 22, 10, green, look=False)
    eyes(sp, 32, 20, gap=5, colour=(240, 220, 60), size=3)
    sp.part(polygon([(30, 24), (34, 24), (32, 29)]), (100, 140, 60))   # nose
    sp.mark(rect(27, 28, 37, 29), INK)                                  # grin
    arm(sp, (24, 34), (17, 44), green, green, width=4)
    arm(sp, (40, 34), (47, 42), green, green, width=4)
    blade(sp, (47, 42), (55, 32), width=3, guard=6)


def draw_knight(sp):
    legs(sp, 32, 40, 58, 6, STEEL)
    torso(sp, 32, 20, 42, 11, 9, STEEL)
    sp.part(polygon([(24, 30), (40, 30), (43, 48), (21, 48)]), TRIM)    # surcoat
    sp.part(ellipse(32, 5, 3, 4) | line((32, 5), (38, 9), 4), TRIM)     # plume
    sp.part(rect(24, 6, 40, 21) | ellipse(32, 9, 8, 4), STEEL)          # great helm
    sp.mark(rect(25, 12, 39, 13), INK)                                  # visor
    sp.mark(rect(31, 14, 32, 19), INK)                                  # breaths
    arm(sp, (43, 23), (48, 34), STEEL, STEEL, width=6)
    blade(sp, (48, 32), (52, 4), width=5, guard=10)
    kite = [(8, 22), (14, 19), (24, 19), (28, 22), (26, 40), (18, 54), (10, 40)]
    sp.part(polygon(kite), STEEL)
    sp.part(polygon([(10, 23), (14, 21), (24, 21), (26, 23), (24, 39), (18, 50), (12, 39)]), TRIM, outline=False)
    sp.part(rect(16.5, 22, 19.5, 46) | rect(11, 29, 25, 32), GOLD, outline=False)


def draw_mage(sp):
    robe = (84, 70, 116)
    sp.part(polygon([(24, 22), (40, 22), (48, 58), (16, 58)]), robe)
    stole = [(26, 24), (30, 24), (28, 57), (23, 57)]
    sp.part(polygon(stole) | polygon(mirror(stole)), TRIM, outline=False)
    head(sp, 32, 19, 6)
    sp.part(polygon([(25, 20), (39, 20), (35, 32), (32, 36), (29, 32)]), WHITE)  # beard
    sp.part(ellipse(32, 13, 14, 4), TRIM)                               # hat brim
    sp.part(polygon([(23, 12), (41, 12), (34, 4), (30, 1), (26, 4)]) - ellipse(32, 13, 14, 4), TRIM)
    sp.part(line((50, 8), (50, 59), 4), WOOD)                           # staff
    sp.part(ellipse(50, 7, 5, 5), (120, 210, 240))
    sp.mark(ellipse(49, 6, 2, 2), (230, 250, 255))
    arm(sp, (38, 25), (50, 34), robe, width=6)
    arm(sp, (26, 25), (18, 40), robe, width=6)


def draw_ogre(sp):
    skin = (138, 150, 98)
    legs(sp, 32, 46, 60, 10, skin, width=11)
    sp.part(ellipse(32, 27, 21, 10) | ellipse(32, 37, 19, 15), skin, grain=0.04)  # shoulders and belly
    sp.part(polygon([(15, 42), (49, 42), (45, 54), (19, 54)]), TRIM)    # loincloth
    sp.part(rect(13, 40, 51, 44), LEATHER)
    sp.part(line((18, 20), (44, 41), 5), TRIM)                          # strap
    head(sp, 32, 15, 7, skin, look=False)
    eyes(sp, 32, 13, gap=3)
    tusk = [(27, 19), (28, 15), (30, 19)]
    sp.part(polygon(tusk) | polygon(mirror(tusk)), WHITE, outline=False)
    arm(sp, (13, 26), (8, 48), skin, skin, width=9)
    sp.part(line((52, 42), (55, 50), 5), WOOD)                          # club, hanging
    sp.part(ellipse(56, 52, 5.5, 11, -20), WOOD)
    for x, y in ((54, 46), (57, 51), (55, 56)):
        sp.part(rect(x, y, x + 2, y + 2), STEEL)
    arm(sp, (51, 26), (52, 42), skin, skin, width=9)


def rat(sp, cx, cy, facing):
    """One rat in profile, nose towards `facing` (-1 left, 1 right)."""
    fur = (136, 102, 80)

    def at(dx, dy):
        return cx + facing * dx, cy + dy

    sp.part(stroke(bezier(at(-9, 3), at(-18, 7), at(-20, -4)), 2.5), PINK)  # tail
    body = ellipse(*at(-1, 0), 11, 7)
    sp.part(body, fur, grain=0.06)
    sp.part(body & ellipse(*at(-2, -4), 9, 6), TRIM, outline=False)     # back stripe
    sp.part(ellipse(*at(9, 2), 5, 4) | polygon([at(9, -2), at(17, 4), at(9, 6)]), fur)  # head
    sp.mark(ellipse(*at(16.5, 4), 1.5, 1.5), PINK)
    sp.part(ellipse(*at(7, -2), 2.5, 2.5), PINK)                        # ear
    sp.mark(rect(*at(11, 0), *at(12, 1)), INK)                          # eye
    for dx in (-6, 3):
        sp.part(ellipse(*at(dx, 7), 2.5, 1.5), PINK)                    # feet


def draw_rat_swarm(sp):
    rat(sp, 22, 14, 1)
    rat(sp, 42, 31, -1)
    rat(sp, 22, 47, 1)


def draw_skirmisher(sp):
    cloak = [(24, 20), (40, 20), (56, 52), (47, 47), (40, 53), (32, 47), (24, 53), (17, 47), (8, 52)]
    sp.part(polygon(cloak), TRIM)
    legs(sp, 32, 40, 58, 12, (92, 78, 62))
    torso(sp, 32, 20, 42, 8, 7, LEATHER)
    head(sp, 32, 15, 6)
    sp.part(rect(26, 9, 38, 13) | stroke([(37, 11), (43, 13), (47, 19)], 3), TRIM)  # bandana
    sp.part(rect(26, 18, 38, 21), (60, 50, 48), outline=False)          # face mask
    arm(sp, (25, 24), (12, 34), LEATHER)
    arm(sp, (39, 24), (52, 34), LEATHER)
    blade(sp, (12, 34), (4, 20), width=3, guard=6)
    blade(sp, (52, 34), (60, 20), width=3, guard=6)


def draw_soldier(sp):
    legs(sp, 32, 40, 58, 6, (110, 90, 66))
    torso(sp, 32, 20, 42, 10, 9, LEATHER)
    sp.part(polygon([(26, 22), (38, 22), (40, 46), (24, 46)]), TRIM)    # tabard
    sp.part(rect(22, 37, 42, 40), BOOT)
    head(sp, 32, 15, 7)
    sp.part(dome(32, 12, 8, 6), STEEL)                                  # helmet
    sp.part(rect(31, 12, 33, 19), STEEL, outline=False)                 # nasal
    arm(sp, (41, 24), (46, 38), LEATHER)
    blade(sp, (46, 38), (60, 14), width=4, guard=8)
    sp.part(ellipse(17, 36, 13, 13), STEEL)                             # round shield
    sp.part(ellipse(17, 36, 10.5, 10.5), TRIM, outline=False)
    sp.part(ellipse(17, 36, 3.5, 3.5), IRON)


def draw_spearman(sp):
    mail = (140, 146, 152)
    legs(sp, 32, 40, 58, 6, (110, 90, 66))
    torso(sp, 32, 20, 42, 10, 9, mail)
    sp.part(polygon([(24, 24), (40, 24), (42, 48), (22, 48)]), TRIM)    # tabard
    head(sp, 32, 16, 6)
    sp.part(ellipse(32, 11, 12, 3) | dome(32, 10, 7, 5), IRON)           # kettle hat
    sp.part(line((46, 60), (50, 8), 3), WOOD)                           # spear
    sp.part(polygon([(51, 1), (55, 8), (50, 13), (46, 8)]), STEEL)
    sp.part(polygon([(50, 14), (62, 19), (50, 25)]), TRIM)              # pennant
    arm(sp, (40, 24), (47, 36), mail)
    arm(sp, (24, 24), (18, 38), mail)


def draw_spider(sp):
    leg = (92, 72, 60)
    for y, kx, ky, fx, fy in ((22, 12, 8, 4, 2), (26, 8, 20, 2, 26), (30, 8, 34, 2, 44), (34, 12, 44, 8, 60)):
        joints = [(28, y), (kx, ky), (fx, fy)]
        sp.part(stroke(joints, 4), leg)
        sp.part(stroke(mirror(joints), 4), leg)
    body = (70, 56, 50)
    abdomen = ellipse(32, 43, 15, 16)
    sp.part(abdomen, body)
    hourglass = polygon([(28, 33), (36, 33), (33, 43), (36, 53), (28, 53), (31, 43)])
    sp.part(ellipse(32, 43, 14, 15) - hourglass, TRIM, outline=False)
    sp.part(ellipse(32, 22, 9, 8), body)                                # head
    eyes(sp, 32, 19, gap=3, colour=(230, 60, 50))
    eyes(sp, 32, 22, gap=5, colour=(230, 60, 50))
    sp.part(line((29, 28), (28, 32), 2) | line((35, 28), (36, 32), 2), INK, outline=False)


def draw_wolf(sp):
    fur, dark, pale = (146, 144, 146), (108, 106, 110), (206, 204, 200)
    for hip, paw in (((22, 38), (19, 56)), ((45, 38), (48, 56))):      # far legs
        sp.part(line(hip, paw, 5), dark)
    sp.part(ellipse(55, 42, 5, 12, -25), fur)                           # tail
    body = ellipse(35, 33, 15, 8) | ellipse(23, 33, 8, 10) | ellipse(46, 34, 8, 9)
    sp.part(body, fur, grain=0.06)
    sp.part(body & polygon([(28, 20), (46, 20), (47, 40), (28, 42)]), TRIM, outline=False)  # saddle cloth
    for hip, paw in (((25, 40), (25, 58)), ((48, 40), (52, 58))):      # near legs
        sp.part(line(hip, paw, 6) | ellipse(paw[0] - 1, paw[1], 4, 2.5), fur)
    ear = [(12, 21), (13, 9), (19, 18)]
    sp.part(polygon(ear) | polygon([(x + 6, y) for x, y in ear]), fur)
    sp.part(ellipse(16, 24, 8, 7) | polygon([(11, 20), (1, 26), (3, 30), (13, 31)]), fur)  # head
    sp.part(polygon([(10, 26), (2, 27), (4, 30), (12, 31)]), pale, outline=False)
    sp.mark(ellipse(2.5, 26.5, 2, 1.6), INK)
    sp.mark(rect(13, 22, 15, 23), INK)
    sp.part(line((20, 26), (24, 38), 5), TRIM)                          # collar


def draw_generic(sp):
    sp.part(ellipse(31.5, 31.5, 26.5, 26.5), TRIM)
    sp.part(ellipse(31.5, 31.5, 20.5, 20.5), (226, 216, 192))


SPRITES = {
    "archer": draw_archer, "brute": draw_brute, "giant": draw_giant, "goblin": draw_goblin,
    "knight": draw_knight, "mage": draw_mage, "ogre": draw_ogre, "rat_swarm": draw_rat_swarm,
    "skirmisher": draw_skirmisher, "soldier": draw_soldier, "spearman": draw_spearman,
    "spider": draw_spider, "wolf": draw_wolf, "generic": draw_generic,
}


def sprites(folder):
    """Draw every unit sprite; returns each one's trim share of its opaque pixels."""
    os.makedirs(folder, exist_ok=True)
    shares = {}
    for i, (name, draw) in enumerate(SPRITES.items()):
        sp = Sprite(random.Random(SPRITE_SEED + i))
        draw(sp)
        shares[name] = sp.save(folder, name)
    return shares


if __name__ == "__main__":
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")
    tileset(os.path.join(root, "tiles.png"))
    disc(os.path.join(root, "unit.png"))
    wedge(os.path.join(root, "facing.png"))
    ring(os.path.join(root, "ring.png"))
    shares = sprites(os.path.join(root, "sprites"))
    print("wrote assets/tiles.png, unit.png, facing.png, ring.png")
    print("wrote assets/sprites/: " + ", ".join(f"{n} (trim {s:.0f}%)" for n, s in shares.items()))
