"""Benchmark of the proof gallery (issue 17): how long `build --all`'s page takes to load
in headless Chromium and how much it weighs before anything is scrolled into view.

Builds every deck into a temporary folder (or uses --folder, an output folder that
already holds a build), writes its gallery, then opens index.html#check in headless
Chromium. The page's own check reports the time to its load event and the images
loaded by then (those in the first screen); the weight is the page's bytes plus
those images' bytes. Also printed: how long writing the gallery took, cold (no
previews yet) and warm (previews kept).

Usage: python bench/bench_gallery.py [--folder DIR] [--window 1400,900]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def printgen(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "printgen", *args, "-q"], check=True, cwd=ROOT)


def chromium_check(index: Path, window: str, profile: Path) -> dict:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        sys.exit("bench_gallery: Chromium is not installed (apt-get install -y chromium)")
    run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", f"--window-size={window}",
                          f"--user-data-dir={profile}", "--virtual-time-budget=20000", "--dump-dom",
                          index.resolve().as_uri() + "#check"], capture_output=True, text=True, timeout=120,
                         check=False)
    found = re.search(r'data-check="([^"]*)"', run.stdout)
    if not found:
        sys.exit("bench_gallery: the page's check did not finish")
    return json.loads(found.group(1).replace("&quot;", '"'))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, help="an output folder holding a build (default: build --all now)")
    parser.add_argument("--window", default="1400,900", help="the browser window, W,H in CSS pixels")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.folder
        if folder is None:
            folder = Path(temp) / "all"
            started = time.perf_counter()
            printgen("build", "--all", "--only", "pdf,png,box,gallery", "--out", str(folder))
            print(f"build --all (pdf, png, box, gallery): {time.perf_counter() - started:.1f} s")
        shutil.rmtree(folder / "_gallery", ignore_errors=True)
        for step in ("cold", "warm"):
            started = time.perf_counter()
            printgen("gallery", "--out", str(folder))
            print(f"gallery written ({step}): {time.perf_counter() - started:.2f} s")
        index = folder / "index.html"
        check = chromium_check(index, args.window, Path(temp) / "profile")
        page = index.stat().st_size
        first = sum((folder / src).stat().st_size for src in check["initial"])
        previews = sum(p.stat().st_size for p in (folder / "_gallery").rglob("*.jpg"))
        print(f"images on the page: {check['images']} distinct, broken: {len(check['broken'])}")
        print(f"load event after: {check['load_ms']} ms")
        print(f"page: {page / 1e6:.2f} MB; first screen's images: {len(check['initial'])}, {first / 1e6:.2f} MB; "
              f"weight before scrolling: {(page + first) / 1e6:.2f} MB (target < 5 MB)")
        print(f"all previews together: {previews / 1e6:.1f} MB (loaded only as they scroll into view)")


if __name__ == "__main__":
    main()
