"""Check pictured reports:
    python3 tests/svg_check.py xml SVG...        well-formed, self-contained
    python3 tests/svg_check.py png W H PNG       a real, non-empty render
The first: each file parses as XML with an <svg> root, and holds no
script, no event handler, no external reference (href, url(), @import).
The second: the PNG Chromium rendered has the size asked for, and at
least 2% of its pixels and 4 colours are not the white background, so an
empty or failed render fails.  Uses Debian's python3-pil."""
import re
import sys
import xml.etree.ElementTree as ET


def check_xml(files):
    bad = 0
    for f in files:
        text = open(f, encoding="utf-8").read()
        try:
            root = ET.fromstring(text.encode("utf-8"))
        except ET.ParseError as e:
            print(f"{f}: not well-formed XML: {e}")
            bad = 1
            continue
        if root.tag != "{http://www.w3.org/2000/svg}svg":
            print(f"{f}: the root is {root.tag}, not svg")
            bad = 1
        m = re.search(r"<script|\son\w+=|href|url\(|@import", text)
        if m:
            print(f"{f}: holds {m.group(0)!r}: not self-contained")
            bad = 1
    print(f"{len(files)} pictures checked")
    return bad


def check_png(w, h, f):
    from PIL import Image
    im = Image.open(f).convert("RGB")
    if im.size != (w, h):
        print(f"{f}: {im.size[0]}x{im.size[1]}, not {w}x{h}")
        return 1
    colours = im.getcolors(maxcolors=w * h)
    white = sum(n for n, c in colours if c == (255, 255, 255))
    ink = w * h - white
    if ink * 50 < w * h or len(colours) < 4:
        print(f"{f}: empty render: {ink} of {w * h} pixels drawn, "
              f"{len(colours)} colours")
        return 1
    print(f"{f}: {ink} of {w * h} pixels drawn, {len(colours)} colours")
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "xml":
        sys.exit(check_xml(sys.argv[2:]))
    sys.exit(check_png(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
