#!/usr/bin/env python3
"""Generates levels/warfront.ron: the 64x64, 40-unit frame-budget level of issue 13.

Run from the project root:  python3 tools/make_warfront.py

The battlefield, west to east: Blue's camp on open grass with a chasm rift to its
north-west and a forest (with a stone circle) to its south-west; a river running
north-south through the middle, deep in its bed, with shallow fords in the north and
south and a walled stone bridge carrying the road across the centre; on the east bank
a ruined town (houses with doorways, a pillared temple, a market of crates, rubble and
garden walls) to the north-east, Red's camp in the east, and mud fields, hedged
paddocks and a barn to the south-east. Exits lie where the roads leave the map.

Every built-in terrain kind is used. The script checks that every passable tile is
reachable from every other (4-connected: no sealed pockets), that every unit stands
on open ground and that no two units share a tile, and fails otherwise.

Only the Python standard library is used; the output is deterministic (the only
randomness is random.Random(SEED).random()).
"""
import math
import os
import random
import sys
from collections import deque

W = H = 64
SEED = 13064  # issue 13, 64x64
OUT = os.path.join("levels", "warfront.ron")

# Map characters and the built-in kinds they stand for.
LEGEND = [
    (".", "grass"),
    (":", "floor"),
    ("r", "rubble"),
    ("u", "undergrowth"),
    ("m", "mud"),
    ("~", "shallow_water"),
    ("W", "deep_water"),
    ("c", "crates"),
    ("=", "low_wall"),
    ("#", "wall"),
    ("T", "pillar"),
    ("X", "chasm"),
    ("E", "exit"),
]
IMPASSABLE = set("#TX")  # wall, pillar (full cover) and chasm
STAND_ON = set(".:rum")  # where units are put: open ground, no cover objects, no water

rng = random.Random(SEED)
grid = [["." for _ in range(W)] for _ in range(H)]


def inb(x, y):
    return 0 <= x < W and 0 <= y < H


def put(x, y, c):
    if inb(x, y):
        grid[y][x] = c


def get(x, y):
    return grid[y][x] if inb(x, y) else None


def rect(x0, y0, x1, y1, c):
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            put(x, y, c)


def building(x0, y0, x1, y1, doors=(), ruins=()):
    """Walls round a floor; `doors` and `ruins` are tiles of the outline opened to floor
    or broken to rubble."""
    rect(x0, y0, x1, y1, ":")
    for x in range(x0, x1 + 1):
        put(x, y0, "#")
        put(x, y1, "#")
    for y in range(y0, y1 + 1):
        put(x0, y, "#")
        put(x1, y, "#")
    for x, y in doors:
        put(x, y, ":")
    for x, y in ruins:
        put(x, y, "r")


# --- The river -------------------------------------------------------------------------

def river_centre(y):
    return 32 + int(round(3.0 * math.sin(y / 8.0)))


NORTH_FORD = range(7, 11)
SOUTH_FORD = range(50, 54)
for y in range(H):
    cx = river_centre(y)
    for dx in range(-4, 5):
        d = abs(dx)
        if d <= 1:
            c = "~" if (y in NORTH_FORD or y in SOUTH_FORD) else "W"
        elif d <= 3:
            c = "~"
        else:
            c = "m" if rng.random() < 0.35 else "."  # muddy banks
        put(cx + dx, y, c)

# --- Roads and exits -------------------------------------------------------------------

ROAD = (31, 32)
for y in ROAD:
    for x in range(W):
        if get(x, y) not in "~W":
            put(x, y, ":")
# The bridge: a two-tile deck with low parapets, over the river at the road.
BX = river_centre(31)
for x in range(BX - 4, BX + 5):
    for y in ROAD:
        put(x, y, ":")
for x in range(BX - 3, BX + 4):
    put(x, ROAD[0] - 1, "=")
    put(x, ROAD[1] + 1, "=")

# North road from the town to the map's top edge; a forest trail to the bottom edge.
for y in range(0, 12):
    put(48, y, ":")
    put(49, y, ":")
for y in range(33, H):
    put(17, y, ".")
    put(18, y, ".")

for x, y in [(0, 31), (0, 32), (63, 31), (63, 32), (48, 0), (49, 0), (17, 63), (18, 63)]:
    put(x, y, "E")

# --- The chasm rift (north-west), open at both ends ------------------------------------

rift = set()
for i in range(0, 401):
    t = i / 400.0
    fx = 7 + 17 * t
    fy = 4 + 16 * t + 2.0 * math.sin(t * 6.0)
    half = 0.9 + 0.6 * math.sin(t * math.pi)  # widest in the middle
    for y in range(int(fy) - 3, int(fy) + 4):
        for x in range(int(fx) - 3, int(fx) + 4):
            if inb(x, y) and math.hypot(x - fx, y - fy) <= half:
                rift.add((x, y))
for x, y in sorted(rift):
    put(x, y, "X")
# Broken ground along its lips.
for y in range(H):
    for x in range(W):
        if get(x, y) == "." and any(
            get(x + dx, y + dy) == "X" for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        ) and rng.random() < 0.45:
            put(x, y, "r")

# --- The forest (south-west) with a stone circle ---------------------------------------

P1, P2, P3 = (rng.random() * 6.283 for _ in range(3))
for y in range(38, H):
    for x in range(0, 28):
        e = ((x - 13) / 14.5) ** 2 + ((y - 52) / 13.0) ** 2
        if e > 1.0 or get(x, y) != ".":
            continue
        f = (math.sin(x * 0.45 + P1) * math.cos(y * 0.38 + P2)
             + 0.6 * math.sin((x + y) * 0.23 + P3)
             + 0.7 * (rng.random() - 0.5)
             - 0.8 * e)
        if f > -0.3:
            put(x, y, "u")
# Keep the trail clear and lined with the odd bush.
for y in range(33, H - 1):
    for x in (17, 18):
        put(x, y, ".")
# Stone circle in a clearing.
SC = (8, 53)
rect(SC[0] - 4, SC[1] - 4, SC[0] + 4, SC[1] + 4, ".")
for k in range(8):
    a = k * math.pi / 4
    put(SC[0] + int(round(3.2 * math.cos(a))), SC[1] + int(round(3.2 * math.sin(a))), "T")
put(SC[0], SC[1], "r")

# --- Blue's side: a ruined watchtower and the bridgehead -------------------------------

building(14, 22, 19, 27, doors=[(19, 24), (19, 25)], ruins=[(14, 22), (15, 22), (14, 23)])
put(15, 26, "c")
for x, y in [(13, 21), (16, 21), (20, 27), (20, 22), (13, 24)]:
    put(x, y, "r")
# Barricades on both bridgeheads (low walls with crates), leaving the road open.
for side_x in (BX - 7, BX + 7):
    for y in (27, 28, 29, 34, 35, 36):
        put(side_x, y, "=")
    put(side_x - 1, 29, "c")
    put(side_x + 1, 34, "c")
# Blue's supply dump.
for x, y in [(3, 28), (3, 29), (4, 28), (3, 35), (4, 35), (3, 36)]:
    put(x, y, "c")
# Mud on the west bank south of the bridge.
for y in range(37, 44):
    for x in range(22, 29):
        if get(x, y) == "." and ((x - 25) / 3.5) ** 2 + ((y - 40) / 3.0) ** 2 < 1.0:
            put(x, y, "m")

# --- The ruined town (north-east) ------------------------------------------------------

building(41, 3, 47, 9, doors=[(44, 9), (45, 9)], ruins=[(47, 5), (47, 6), (41, 3), (42, 3)])
building(50, 2, 57, 8, doors=[(50, 5), (50, 6)], ruins=[(57, 8), (56, 8), (57, 7)])
for x, y in [(51, 3), (56, 3), (56, 4), (42, 4), (46, 4)]:
    put(x, y, "c")
building(40, 15, 46, 21, doors=[(46, 17), (46, 18)], ruins=[(41, 15), (42, 15), (43, 15)])
for x, y in [(41, 20), (45, 20), (41, 19)]:
    put(x, y, "c")
# The temple: a pillared hall, its south side open, its west wall fallen.
rect(50, 12, 58, 21, ":")
for x in range(50, 59):
    put(x, 12, "#")
for y in range(12, 20):
    put(58, y, "#")
for y in range(12, 16):
    put(50, y, "#")
for y in range(16, 20):
    put(50, y, "r")
put(54, 12, ":")  # the north door
for y in range(14, 20, 2):
    put(52, y, "T")
    put(56, y, "T")
put(54, 16, "c")  # the fallen altar
# The market square between the houses, with stalls.
rect(40, 10, 48, 14, ":")
for x, y in [(41, 11), (42, 11), (46, 12), (46, 13), (43, 13)]:
    put(x, y, "c")
# The street south from the square to the road.
for y in range(10, 31):
    put(47, y, ":")
    put(48, y, ":")
# Rubble round the ruins.
for y in range(1, 24):
    for x in range(39, 62):
        if get(x, y) == "." and any(
            get(x + dx, y + dy) == "#" for dx in (-1, 0, 1) for dy in (-1, 0, 1)
        ) and rng.random() < 0.4:
            put(x, y, "r")
# A garden wall south of the town, with gaps.
for x in range(40, 62):
    if x % 6 not in (0, 1) and get(x, 23) == ".":
        put(x, 23, "=")

# --- Mud fields, hedged paddocks and a barn (south-east) -------------------------------

for y in range(38, 62):
    for x in range(38, 63):
        if get(x, y) != ".":
            continue
        e = ((x - 50) / 8.5) ** 2 + ((y - 48) / 6.0) ** 2
        if e + 0.5 * (rng.random() - 0.5) < 1.0:
            put(x, y, "m")
for y in range(39, 62):  # a hedge wall running north-south, with gates
    if y not in (46, 47, 55, 56) and get(44, y) in ".m":
        put(44, y, "=")
for x in range(38, 63):  # and one east-west
    if x not in (50, 51, 58, 59) and get(x, 57) in ".m":
        put(x, 57, "=")
for x in range(45, 63, 3):  # bushes along the hedge
    if get(x, 38) == ".":
        put(x, 38, "u")
building(54, 58, 60, 62, doors=[(54, 60)], ruins=[(60, 58)])
for x, y in [(55, 59), (59, 61), (58, 61)]:
    put(x, y, "c")

# Scattered bushes on the open ground of both camps.
for x, y in [(9, 22), (10, 22), (14, 44), (15, 44), (56, 44), (57, 44), (60, 26), (61, 26),
             (36, 45), (37, 46), (27, 15), (28, 16), (2, 18), (3, 18)]:
    if get(x, y) == ".":
        put(x, y, "u")

# --- Units -----------------------------------------------------------------------------

ROWS = [25, 29, 34, 38]
BLUE_COLS = {  # back to front
    4: ["archer", "mage", "mage", "archer"],
    6: ["archer", "skirmisher", "skirmisher", "archer"],
    8: ["soldier", "soldier", "soldier", "soldier"],
    10: ["spearman", "knight", "soldier", "spearman"],
    12: ["spearman", "knight", "knight", "spearman"],
}
RED_COLS = {  # back to front
    59: ["archer", "goblin", "giant", "archer"],
    57: ["goblin", "brute", "brute", "goblin"],
    55: ["brute", "skirmisher", "brute", "goblin"],
    53: ["spider", "brute", "rat_swarm", "spider"],
    51: ["wolf", "rat_swarm", "wolf", "wolf"],
}
BLUE_NAMES = ["Ada", "Bram", "Cora", "Dov", "Edda", "Finn", "Gwen", "Hal", "Isla", "Jory",
              "Kira", "Lorn", "Mira", "Ned", "Orla", "Pell", "Quin", "Rhea", "Sten", "Tova"]
RED_NAMES = ["Grub", "Snik", "Gor", "Hask", "Krag", "Lug", "Mox", "Nak", "Ogg", "Pip",
             "Rusk", "Skar", "Thog", "Urk", "Vex", "Wort", "Yag", "Zub", "Bolg", "Drek"]

taken = set()


def stand(x, y):
    """The nearest free open tile to (x, y), searched ring by ring in a fixed order."""
    for r in range(0, 6):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if max(abs(dx), abs(dy)) != r:
                    continue
                p = (x + dx, y + dy)
                if inb(*p) and get(*p) in STAND_ON and p not in taken:
                    taken.add(p)
                    return p
    sys.exit(f"no place to stand near ({x}, {y})")


units = []
for side, cols, names in (("Blue", BLUE_COLS, BLUE_NAMES), ("Red", RED_COLS, RED_NAMES)):
    i = 0
    for col in sorted(cols, reverse=(side == "Red")):
        for row, template in zip(ROWS, cols[col]):
            units.append((names[i], side, template, stand(col, row)))
            i += 1

# --- Checks ----------------------------------------------------------------------------

assert len(grid) == H and all(len(row) == W for row in grid)
used = {c for row in grid for c in row}
assert used == {c for c, _ in LEGEND}, f"unused or unknown characters: {used ^ {c for c, _ in LEGEND}}"
assert len(units) == 40 and len({u[0] for u in units}) == 40
assert len({u[3] for u in units}) == 40

start = units[0][3]
seen = {start}
queue = deque([start])
while queue:
    x, y = queue.popleft()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        p = (x + dx, y + dy)
        if inb(*p) and p not in seen and get(*p) not in IMPASSABLE:
            seen.add(p)
            queue.append(p)
passable = {(x, y) for y in range(H) for x in range(W) if get(x, y) not in IMPASSABLE}
sealed = passable - seen
assert not sealed, f"sealed passable tiles: {sorted(sealed)[:20]}"
assert all(u[3] in seen for u in units)

# --- Output ----------------------------------------------------------------------------

lines = [
    "// Warfront: the 64x64, 40-unit frame-budget level of issue 13 (pan, zoom and hover on a",
    "// big, busy map). Generated by tools/make_warfront.py: edit that and run",
    "// `python3 tools/make_warfront.py` from the project root rather than editing this file.",
    "(",
    '    name: "Warfront",',
    '    description: "Twenty against twenty across a river, a ruined town, a forest, mud fields '
    'and a chasm rift. Hold the bridges, take the town, and mind the rift: the largest battle '
    'of all.",',
    f"    seed: {SEED},",
    "    legend: {",
]
lines += [f"        '{c}': \"{k}\"," for c, k in LEGEND]
lines += ["    },", "    map: ["]
lines += [f'        "{"".join(row)}",' for row in grid]
lines += [
    "    ],",
    "    sides: [",
    '        (name: "Blue", colour: "#3a6ee8", reactions: Always),',
    '        (name: "Red", colour: "#d83b3b", reactions: Always),',
    "    ],",
    "    units: [",
]
lines += [
    f'        (name: "{n}", side: "{s}", template: "{t}", pos: ({x}, {y})),'
    for n, s, t, (x, y) in units
]
lines += ["    ],", ")"]

with open(OUT, "w", encoding="utf-8", newline="\n") as f:
    f.write("\n".join(lines) + "\n")
print(f"wrote {OUT}: {W}x{H} map, {len(units)} units, {len(passable)} passable tiles")
