"""Benchmark of a large photograph in a PDF: a rule booklet with one phone photo in it,
and a deck whose cards each place the same photo (render/pdfpictures.py resamples a
picture with more than twice the pixels a 300 dpi print of its largest placement
needs; printgen/pictures.py checks a picture without holding it decoded, and decodes a
JPEG no larger than it is drawn).

The photo is made with Pillow (a SIZE x SIZE px JPEG of gradients, noise and lines, at
quality 92); the booklet is `printgen booklet` of a three-page text holding it, the
deck `printgen build DECK --only pdf` of CARDS poker cards each filling its face with
it, then the same deck for DriveThruCards (its CMYK PDF, `--for drivethrucards`) and
for The Game Crafter (a PNG per card, `--for tgc`, its PNGs written in one process:
`--jobs 1`) (the inputs are made in a process of their own). Each command runs in a
fresh process: its wall time, its peak memory (its maximum resident set, from the
kernel) and the size of the PDF or PNG files it writes. With --against another source
tree, each command runs on both trees in turn.

Usage: python bench/bench_photo.py [--size 6000] [--cards 18] [--runs 1] [--against OTHER_CHECKOUT]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TEXT = """---
title: Photo rules
---
# Setup

![The table](photo.jpg)

Each player takes a hand of cards, and the rest are the draw pile.

# Play

Players take turns. On your turn, draw a card and play a card.

# Scoring

The first player to play every card wins.
"""
FACE = "elements:\n  - {kind: image, src: photo.jpg, box: bleed}\n"
BACK = "elements:\n  - {kind: rect, box: bleed, fill: '#808080'}\n"


def make_photo(path: Path, size: int) -> None:
    from PIL import Image, ImageDraw
    grade = Image.linear_gradient("L").resize((size, size))
    noise = Image.effect_noise((size, size), 40)
    photo = Image.merge("RGB", (grade, noise, grade.rotate(90)))
    draw = ImageDraw.Draw(photo)
    for i in range(0, size, max(1, size // 24)):
        draw.line((0, i, size, size - i), fill=(255, 255, 255), width=max(1, size // 1000))
    photo.save(path, quality=92)


def make_inputs(folder: Path, size: int, cards: int) -> None:
    make_photo(folder / "photo.jpg", size)
    (folder / "rules.md").write_text(TEXT, encoding="utf-8")
    (folder / "face.yaml").write_text(FACE, encoding="utf-8")
    (folder / "back.yaml").write_text(BACK, encoding="utf-8")
    listed = "".join(f"  - fields: {{n: {i}}}\n" for i in range(cards))
    (folder / "photos.yaml").write_text(f"name: photos\nsize: poker\nface: face.yaml\nback: back.yaml\n"
                                        f"cards:\n{listed}", encoding="utf-8")


def run(tree: Path, args: list[str], out: Path) -> tuple[float, int, int]:
    """Wall seconds, peak memory (MB) and the bytes of the PDF and PNG files written, of one
    command."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "printgen", *args, "-q", "--out", str(out)],
                               cwd=tree, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"printgen {' '.join(args)} failed in {tree}")
    written = sum(path.stat().st_size for path in out.rglob("*") if path.suffix in (".pdf", ".png"))
    return wall, usage.ru_maxrss // 1024, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6000)
    parser.add_argument("--cards", type=int, default=18)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--make-in", type=Path, help=argparse.SUPPRESS)    # (the inputs, made in a child)
    options = parser.parse_args()
    if options.make_in:
        make_inputs(options.make_in, options.size, options.cards)
        return
    trees = [ROOT] + ([options.against.resolve()] if options.against else [])
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        subprocess.run([sys.executable, __file__, "--make-in", str(folder), "--size", str(options.size),
                        "--cards", str(options.cards)], check=True)    # (so that its memory is not counted)
        rules, deck = folder / "rules.md", folder / "photos.yaml"
        print(f"photo {options.size} x {options.size} px, {(folder / 'photo.jpg').stat().st_size / 1e6:.1f} MB; "
              f"deck of {options.cards} cards")
        jobs = {"booklet": ["booklet", str(rules)], "deck": ["build", str(deck), "--only", "pdf"],
                "cmyk": ["build", str(deck), "--for", "drivethrucards"],
                "pngs": ["build", str(deck), "--for", "tgc", "--jobs", "1"]}
        for number in range(options.runs):
            for name, args in jobs.items():
                for tree in trees:
                    out = folder / f"out-{number}-{name}-{trees.index(tree)}"
                    wall, peak, written = run(tree, args, out)
                    print(f"{name:8} {tree}: {wall:6.1f} s  {peak:5d} MB peak  {written / 1e6:7.2f} MB written")


if __name__ == "__main__":
    main()
