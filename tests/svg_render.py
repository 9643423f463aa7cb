#!/usr/bin/python3
"""Render pictured reports in real Chromium, one browser for them all:
    python3 tests/svg_render.py DIR SVG...
Each SVG is opened from file:// in a viewport of its declared size
(width and height of its <svg>) and captured to SVG's name with .png
(DIR: the browser's profile); each PNG must then pass svg_check.py png
(the size asked for, a real, non-empty render).  Prints a line per
picture; exits 1 if any failed.  tests/t_reports.sh runs it."""
import base64
import os
import re
import sys

import chromium
from svg_check import check_png


def size(svg):
    m = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"',
                  open(svg, encoding="utf-8").read())
    return (int(m.group(1)), int(m.group(2))) if m else None


def main():
    work, svgs = sys.argv[1], sys.argv[2:]
    d = chromium.browser(work, os.path.join(work, "profile"),
                         ["--hide-scrollbars"])
    bad = 0
    try:
        for svg in svgs:
            wh = size(svg)
            if wh is None:
                print(f"{svg}: no width and height on its <svg>")
                bad = 1
                continue
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": wh[0], "height": wh[1], "deviceScaleFactor": 1,
                "mobile": False})
            d.get("file://" + os.path.abspath(svg))
            shot = d.execute_cdp_cmd("Page.captureScreenshot",
                                     {"format": "png"})
            png = svg[:-len(".svg")] + ".png"
            with open(png, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            bad |= check_png(wh[0], wh[1], png)
    finally:
        d.quit()
    return bad


sys.exit(main())
