#!/usr/bin/env python3
"""Check every SVG figure under the given folders (default: report/) as a reader sees it.

For each SVG:
  * every <text> box lies inside the canvas, and no two text boxes overlap. A box is measured
    as plotters places it: the advance widths of the embedded DejaVu Sans
    (assets/fonts/DejaVuSans.ttf, read here without any library) at the SVG font size, one em
    high around the baseline that `dy` sets, shifted by `text-anchor`, turned by `rotate(...)`;
  * no two legend entries share both their marker and their colour: a legend entry is a
    start-anchored text drawn right after its swatch; the swatch's elements (kind, colour,
    filled or not, shape relative to its own corner) must differ between entries.

Prints one line per problem and a summary; exit status 1 when there is a problem, 2 on bad
input. Usage: scripts/check_figures.py [DIR_OR_SVG ...]
"""

import os
import re
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT = os.path.join(ROOT, "assets", "fonts", "DejaVuSans.ttf")
# Width slack: plotters measures text at 1.24 x the SVG size (ab_glyph's pixel scale); the
# rendered text is narrower. A box is checked at its rendered width plus this fraction.
SLACK = 0.03


def read_font(path):
    """(units per em, {codepoint: advance}, default advance) of a TrueType font."""
    data = open(path, "rb").read()
    num_tables = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for i in range(num_tables):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        tables[tag.decode("latin-1")] = (offset, length)
    head = tables["head"][0]
    units = struct.unpack(">H", data[head + 18: head + 20])[0]
    hhea = tables["hhea"][0]
    n_metrics = struct.unpack(">H", data[hhea + 34: hhea + 36])[0]
    hmtx = tables["hmtx"][0]
    advances = [struct.unpack(">H", data[hmtx + 4 * i: hmtx + 4 * i + 2])[0]
                for i in range(n_metrics)]
    cmap = tables["cmap"][0]
    n_sub = struct.unpack(">H", data[cmap + 2: cmap + 4])[0]
    sub = None
    for i in range(n_sub):
        plat, enc, off = struct.unpack(">HHI", data[cmap + 4 + 8 * i: cmap + 12 + 8 * i])
        fmt = struct.unpack(">H", data[cmap + off: cmap + off + 2])[0]
        if plat == 3 and enc == 1 and fmt == 4:
            sub = cmap + off
    if sub is None:
        raise ValueError("no Unicode BMP cmap (format 4) in the font")
    seg_x2 = struct.unpack(">H", data[sub + 6: sub + 8])[0]
    segs = seg_x2 // 2
    ends_at = sub + 14
    starts_at = ends_at + seg_x2 + 2
    deltas_at = starts_at + seg_x2
    ranges_at = deltas_at + seg_x2
    u16 = lambda at: struct.unpack(">H", data[at: at + 2])[0]
    widths = {}
    for s in range(segs):
        end, start = u16(ends_at + 2 * s), u16(starts_at + 2 * s)
        delta, rng = u16(deltas_at + 2 * s), u16(ranges_at + 2 * s)
        for c in range(start, min(end, 0x3000) + 1):
            if c == 0xFFFF:
                continue
            if rng == 0:
                glyph = (c + delta) & 0xFFFF
            else:
                at = ranges_at + 2 * s + rng + 2 * (c - start)
                glyph = u16(at)
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            widths[c] = advances[min(glyph, n_metrics - 1)]
    return units, widths, advances[0]


UNITS, WIDTHS, DEFAULT = read_font(FONT)


def text_width(text, px):
    return sum(WIDTHS.get(ord(c), DEFAULT) for c in text) * px / UNITS * (1 + SLACK)


ATTR = re.compile(r'([\w-]+)="([^"]*)"')
ELEMENT = re.compile(r"<(\w+)([^>]*?)(/?)>(?:([^<]*)</\1>)?", re.S)


def unescape(s):
    return (s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&#39;", "'").replace("&amp;", "&"))


def text_box(a, text):
    x, y, px = float(a["x"]), float(a["y"]), float(a["font-size"])
    w = text_width(text, px)
    lo, hi = {"middle": (-w / 2, w / 2), "end": (-w, 0.0)}.get(a.get("text-anchor"), (0.0, w))
    base = {"0.76em": 0.76 * px, "0.5ex": 0.27 * px, "-0.5ex": -0.27 * px}.get(a.get("dy"), 0.0)
    c, d = base - 0.76 * px, base + 0.24 * px
    t = a.get("transform", "")
    if t.startswith("rotate(270"):
        return (x + c, y - hi, x + d, y - lo)
    if t.startswith("rotate(90"):
        return (x - d, y + lo, x - c, y + hi)
    if t:
        raise ValueError(f"unexpected transform {t}")
    return (x + lo, y + c, x + hi, y + d)


def shape_key(kind, a):
    """A drawing element without its position: kind, colour, fill, shape."""
    fill, stroke = a.get("fill", ""), a.get("stroke", "none")
    if kind == "circle":
        geo = a.get("r")
    elif kind == "rect":
        geo = (a.get("width"), a.get("height"))
    else:
        pts = [tuple(map(float, p.split(","))) for p in a.get("points", "").split()]
        if not pts:
            return None
        mx, my = min(p[0] for p in pts), min(p[1] for p in pts)
        geo = tuple((p[0] - mx, p[1] - my) for p in pts)
    return (kind, fill, stroke, geo)


def check_svg(path):
    svg = open(path, encoding="utf-8").read()
    head = re.search(r"<svg[^>]*>", svg)
    if not head:
        return [f"{path}: not an SVG"]
    h = dict(ATTR.findall(head.group(0)))
    width, height = float(h["width"].rstrip("px")), float(h["height"].rstrip("px"))
    problems, boxes, legend, swatch = [], [], {}, []
    for m in ELEMENT.finditer(svg[head.end():]):
        kind, a = m.group(1), dict(ATTR.findall(m.group(2)))
        if kind == "text":
            text = unescape((m.group(4) or "").strip())
            if not text:
                continue
            b = text_box(a, text)
            boxes.append((text, b))
            if swatch and a.get("text-anchor", "start") == "start" and len(swatch) <= 8:
                legend.setdefault(tuple(swatch), []).append(text)
            swatch = []
        elif kind in ("circle", "rect", "polygon", "polyline"):
            if kind == "rect" and float(a.get("width", 0)) >= 100:
                continue  # backgrounds and panels
            key = shape_key(kind, a)
            if key:
                swatch.append(key)
    for text, (x0, y0, x1, y1) in boxes:
        if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5:
            problems.append(f"{path}: text outside the {width:g}x{height:g} canvas: {text!r} "
                            f"at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})")
    for i, (t, p) in enumerate(boxes):
        for u, q in boxes[i + 1:]:
            if min(p[2], q[2]) - max(p[0], q[0]) > 1 and min(p[3], q[3]) - max(p[1], q[1]) > 1:
                problems.append(f"{path}: text overlaps: {t!r} and {u!r}")
    for labels in legend.values():
        if len(set(labels)) > 1:
            problems.append(f"{path}: series share marker and colour: {', '.join(labels)}")
    return problems


def main(args):
    targets = args or [os.path.join(ROOT, "report")]
    svgs = []
    for t in targets:
        if os.path.isdir(t):
            for d, _, files in os.walk(t):
                svgs += [os.path.join(d, f) for f in files if f.endswith(".svg")]
        elif t.endswith(".svg") and os.path.isfile(t):
            svgs.append(t)
        else:
            print(f"check_figures: {t}: not a folder or an SVG file", file=sys.stderr)
            return 2
    problems = []
    for s in sorted(svgs):
        problems += check_svg(s)
    for p in problems:
        print(p)
    bad = len({p.split(": ")[0] for p in problems})
    print(f"check_figures: {len(svgs)} SVGs, {bad} with problems, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
