"""Benchmark of card PNGs (issue 30, item 5): drawing and packing per card against the
zlib-ng floor, and the worker pool against one process at growing deck sizes.

1. Each deck's faces at 300 dpi, drawn and packed in one fresh process per run (as a
   build does, caches cold): the CPU ms a card for drawing (render_side) and for
   packing (png_bytes), and the encode floor: zlib-ng alone deflating the same pixels'
   rows at the level printgen uses. The ratio (drawing + packing) / floor says how
   near the floor a card is. Target: drawing + packing at most 5 ms a card.
2. The 62-card Sabacc deck multiplied to each size, its faces written as PNG files by
   write_pngs in one process and in 2 worker processes (started whatever the size,
   to see where they pay: write_pngs starts none below PARALLEL_FROM sides), a fresh
   process each run: the wall and CPU ms a card, the ratio of the walls 2 workers / 1,
   and the peak memory of the whole process tree (the parent and its workers, their
   proportional set sizes summed at each 10 ms sample; Linux /proc).

The runs take turns (decks, trees and job counts interleaved), so a slow spell of the
shared machine hits them alike; each figure is the median of the runs. With --against
another source tree, part 1 runs each deck on both trees, paired, and prints the
ratio this tree / that one.

Usage: python bench/bench_png.py [--decks sabacc-62,sabacc-76] [--sizes 62,620,6200]
       [--runs 5] [--against OTHER_CHECKOUT] [--skip-pool]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

PER_CARD = """
import json, sys, time
from printgen.layout.deck import layout_deck
from printgen.render.png import render_side
from printgen.render.pngfile import LEVEL, png_bytes
from printgen.spec import load_deck
import PIL.Image, freetype, zlib_ng.zlib_ng     # imports are not drawing
faces = layout_deck(load_deck(sys.argv[1])).faces
draw = pack = 0.0
for side in faces:
    start = time.process_time()
    image = render_side(side, 300)
    middle = time.process_time()
    png_bytes(image, 300)
    draw, pack = draw + middle - start, pack + time.process_time() - middle
    del image
floor = 0.0
for side in faces:
    image = render_side(side, 300)
    rows = b"\\0" + image.tobytes("raw", "RGB", 3 * image.width + 1, 1)[:-1]
    start = time.process_time()
    compressor = zlib_ng.zlib_ng.compressobj(LEVEL)
    compressor.compress(rows)
    compressor.flush()
    floor += time.process_time() - start
print(json.dumps({"cards": len(faces), "draw": draw, "pack": pack, "floor": floor}))
"""

POOL = """
import json, resource, sys, time
from pathlib import Path
from printgen.layout.deck import layout_deck
from printgen.render import png
from printgen.render.png import write_pngs
from printgen.spec import load_deck
png.PARALLEL_FROM = 0           # the pool at every size, to see where it pays
faces = layout_deck(load_deck(sys.argv[1])).faces
folder = Path(sys.argv[3])
folder.mkdir(parents=True)
def cpu():
    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
start, before = time.perf_counter(), cpu()
write_pngs(len(faces), lambda i: (faces[i], folder / f"{i:05d}.png"), dpi=300, jobs=int(sys.argv[2]))
print(json.dumps({"cards": len(faces), "wall": time.perf_counter() - start, "cpu": cpu() - before}))
"""


def big_deck(folder: Path, cards: int) -> Path:
    """sabacc-62 with each entry's count multiplied so the deck holds `cards` faces
    (its templates are printgen's own, found by name)."""
    factor = max(1, round(cards / 62))
    text = (ROOT / "decks" / "sabacc-62.yaml").read_text(encoding="utf-8")
    text = text.replace("    count: 2\n", f"    count: {2 * factor}\n")         # the two sylops
    text = text.replace("    fields: {kind: number}\n", f"    fields: {{kind: number}}\n    count: {factor}\n")
    text = text.replace("name: sabacc-62", f"name: sabacc-{62 * factor}")
    path = folder / f"big-{62 * factor}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def tree_memory(pid: int) -> int:
    """The memory of pid and all its descendants, in bytes (0 once it is gone): their
    proportional set sizes summed, so that the pages a forked worker shares with its
    parent count once (resident sizes summed would count them in every process)."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup", encoding="ascii") as rollup:
                total += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:")) * 1024
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as children:
                    todo += [int(child) for child in children.read().split()]
        except (OSError, ValueError, StopIteration):
            continue
    return total


def run_child(code: str, args: list[str], pythonpath: Path) -> tuple[dict, int]:
    """Run python -c code args with printgen from pythonpath; its JSON line and the peak
    memory of its process tree (bytes)."""
    env = {**ENV, "PYTHONPATH": str(pythonpath)}
    child = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, env=env, cwd=pythonpath)
    peak = [0]

    def watch() -> None:
        while child.poll() is None:
            peak[0] = max(peak[0], tree_memory(child.pid))
            time.sleep(0.01)
    watcher = threading.Thread(target=watch)
    watcher.start()
    out, _ = child.communicate()
    watcher.join()
    if child.returncode:
        raise SystemExit(f"a benchmark run failed: {' '.join(args)}")
    return json.loads(out.decode().splitlines()[-1]), peak[0]


def per_card(decks: list[str], trees: list[Path], runs: int) -> None:
    found: dict[tuple[str, Path], list[dict]] = {(deck, tree): [] for deck in decks for tree in trees}
    for _ in range(runs):
        for deck in decks:
            for tree in trees:
                found[deck, tree].append(run_child(PER_CARD, [deck], tree)[0])
    print(f"1. one process, CPU ms a card at 300 dpi (median of {runs} fresh processes); target: "
          f"drawing + packing <= 5 ms")
    print(f"{'deck':24} {'tree':6} {'drawing':>8} {'packing':>8} {'both':>7} {'floor':>7} {'x floor':>8}")
    for deck in decks:
        both = {}
        for number, tree in enumerate(trees):
            rows = found[deck, tree]
            cards = rows[0]["cards"]
            draw, pack, floor = (1000 * statistics.median(row[key] for row in rows) / cards
                                 for key in ("draw", "pack", "floor"))
            both[tree] = statistics.median(1000 * (row["draw"] + row["pack"]) / cards for row in rows)
            name = "this" if number == 0 else "other"
            print(f"{deck + f' ({cards})':24} {name:6} {draw:8.2f} {pack:8.2f} {both[tree]:7.2f} {floor:7.2f} "
                  f"{both[tree] / floor:7.1f}x")
        if len(trees) == 2:
            pairs = [(a["draw"] + a["pack"]) / (b["draw"] + b["pack"])
                     for a, b in zip(found[deck, trees[0]], found[deck, trees[1]], strict=True)]
            print(f"{'':24} this / other, paired: {statistics.median(pairs):.2f}x "
                  f"({min(pairs):.2f}-{max(pairs):.2f})")


def pool(sizes: list[int], runs: int, folder: Path) -> None:
    found: dict[tuple[int, int], list[tuple[dict, int]]] = {(size, jobs): [] for size in sizes for jobs in (1, 2)}
    decks = {size: str(big_deck(folder, size)) for size in sizes}
    for run in range(runs):
        for size in sizes:
            for jobs in (1, 2):
                out = folder / f"out-{size}-{jobs}-{run}"
                found[size, jobs].append(run_child(POOL, [decks[size], str(jobs), str(out)], ROOT))
                subprocess.run(["rm", "-rf", str(out)], check=True)
    print(f"2. write_pngs: wall and CPU (parent + workers) ms a card with 1 process and with 2 worker "
          f"processes (median of {runs}), and the peak memory of the process tree")
    print(f"{'cards':>6} {'wall, 1':>8} {'wall, 2':>8} {'2 / 1':>6} {'CPU, 1':>7} {'CPU, 2':>7} "
          f"{'tree MB, 1':>11} {'tree MB, 2':>11}")
    for size in sizes:
        wall = {jobs: [1000 * row["wall"] / row["cards"] for row, _ in found[size, jobs]] for jobs in (1, 2)}
        cpu = {jobs: statistics.median(1000 * row["cpu"] / row["cards"] for row, _ in found[size, jobs])
               for jobs in (1, 2)}
        peak = {jobs: statistics.median(peak for _, peak in found[size, jobs]) / 2**20 for jobs in (1, 2)}
        ratios = [two / one for one, two in zip(wall[1], wall[2], strict=True)]
        print(f"{found[size, 1][0][0]['cards']:6} {statistics.median(wall[1]):8.2f} {statistics.median(wall[2]):8.2f} "
              f"{statistics.median(ratios):5.2f}x {cpu[1]:7.2f} {cpu[2]:7.2f} {peak[1]:11.1f} {peak[2]:11.1f}")
    print(f"(load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; wall figures mean "
          f"little when it is above the core count)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="sabacc-62,sabacc-76")
    parser.add_argument("--sizes", default="62,620,6200")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, help="another checkout of printgen to compare part 1 with")
    parser.add_argument("--skip-pool", action="store_true", help="part 1 only")
    args = parser.parse_args()
    trees = [ROOT] + ([args.against.resolve()] if args.against else [])
    per_card(args.decks.split(","), trees, args.runs)
    if not args.skip_pool:
        with tempfile.TemporaryDirectory() as tmp:
            pool([int(size) for size in args.sizes.split(",")], args.runs, Path(tmp))


if __name__ == "__main__":
    main()
