"""Benchmark of the PDF pages a warm `build --watch` process splices (issue 30, item 1):
one card's text saved, the deck's PDF assembled again with its unchanged pages
spliced in, against the same build with every page drawn, in one process.

The deck is bench_watch.py's copy of sabacc-62 (14 pages). One warm process (cli/
watch.py's Warm) builds it, then saves one card's text again and again, a new text
each time (S0, S1, ...), and builds after each save; the builds take turns, two by two,
between splicing the kept pages (render/pdfpages.py) and drawing every page (the
kept pages forgotten just before). The figures are the CPU time of the whole build
and of assembling the PDF (render_pdf), as medians, and their ratios.

Usage: python bench/bench_pages.py [--saves 40] [--only pdf|pdf,png,gallery|...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_watch import project  # the same deck as the other benches

import printgen.render.pdf as pdf
from printgen.cli import make_parser
from printgen.cli.build import run
from printgen.cli.options import settle
from printgen.cli.watch import Warm
from printgen.render.pdfpages import store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--only", default="pdf", help="the outputs built")
    args = parser.parse_args()
    assembling: list[float] = []
    render = pdf.render_pdf

    def timed(*given, **options):           # (render/drawn.py imports render_pdf when it draws)
        started = time.process_time()
        try:
            return render(*given, **options)
        finally:
            assembling.append(time.process_time() - started)

    pdf.render_pdf = timed
    times: dict[bool, list[tuple[float, float, int]]] = {True: [], False: []}
    with tempfile.TemporaryDirectory() as tmp:
        deck = project(Path(tmp))
        argv = ["build", str(deck), "--only", args.only, "--out", str(Path(tmp) / "out"), "-q"]
        options = make_parser(argv).parse_args(argv)
        settle(options)
        options.argv = argv
        warm = Warm(options, run)
        warm.build()
        name = "SYLOP"
        for number in range(args.saves + 4):
            splicing = (number // 2) % 2 == 0 if number % 2 == 0 else (number // 2) % 2 == 1
            text = deck.read_text(encoding="utf-8")
            deck.write_text(text.replace(f'"0", name: {name}}}', f'"0", name: S{number}}}', 1), encoding="utf-8")
            name = f"S{number}"
            if not splicing:
                store.pages.clear()
            assembling.clear()
            drawn = store.drawn
            started = time.process_time()
            if warm.build()[0] != 0:
                raise SystemExit("the build failed")
            if number >= 4:                 # (the first builds fill the caches)
                times[splicing].append((time.process_time() - started, sum(assembling), store.drawn - drawn))
    print(f"outputs: {args.only}; 62 cards, 14 pages; {args.saves} saves of one card's text in one warm process, "
          f"splicing and drawing every page by turns")
    for splicing, label in ((True, "pages spliced"), (False, "every page drawn")):
        found = times[splicing]
        print(f"{label:17} build {statistics.median(t[0] for t in found) * 1000:7.1f} ms CPU, PDF assembled in "
              f"{statistics.median(t[1] for t in found) * 1000:6.1f} ms, {statistics.median(t[2] for t in found):.0f} "
              f"pages drawn (medians of {len(found)})")
    ratios = [statistics.median(t[i] for t in times[True]) / statistics.median(t[i] for t in times[False])
              for i in range(2)]
    print(f"spliced / drawn: build {ratios[0]:.2f}x, PDF {ratios[1]:.2f}x")


if __name__ == "__main__":
    main()
