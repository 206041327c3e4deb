"""The Pyramid verdict's CPU time against an earlier commit's, paired deal by deal.

The two searches run in turn, each in a fresh process that solves the given deals and
reports the CPU time of each solve() (so both see the same load, round by round);
prints per deal the fewest seconds of each and the median and range of the ratio
new / old, and the positions each searched (a change that claims the same search must
show the same counts).

Run: nice -n 10 python bench/pyramid_paired.py --against HEAD~1 --deals 9801658,9605340 [--rounds 5]
(the earlier commit's printgen/ is taken with `git archive` into a temporary folder).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
from printgen.deal import rule_set, seeded_deal, solve
for number in sys.argv[2:]:
    deal = seeded_deal(rule_set("pyramid"), int(number))
    start = time.process_time()
    result = solve(deal)
    print(number, time.process_time() - start, result.nodes, result.winnable)
"""


def timed(tree: Path, deals: list[str]) -> dict[str, tuple[float, int, str]]:
    """deal -> (CPU seconds, positions, verdict) in a fresh process on `tree`."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), *deals], check=True,
                         capture_output=True, text=True, cwd=tree).stdout
    return {n: (float(t), int(nodes), won) for n, t, nodes, won in (line.split() for line in out.splitlines())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--deals", required=True, help="comma list of Pyramid deal numbers")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    deals = [d.strip() for d in args.deals.split(",") if d.strip()]
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder)
        archive = subprocess.run(["git", "archive", args.against, "printgen"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        runs: dict[str, list[dict]] = {"old": [], "new": []}
        for _ in range(args.rounds):
            runs["old"].append(timed(old, deals))
            runs["new"].append(timed(ROOT, deals))
    print(f"{'deal':>9} {'old s':>7} {'new s':>7} {'ratio':>6} {'range':>12} {'old nodes':>10} {'new nodes':>10}")
    for d in deals:
        olds = [r[d][0] for r in runs["old"]]
        news = [r[d][0] for r in runs["new"]]
        ratios = [n / o for o, n in zip(olds, news)]
        print(f"{d:>9} {min(olds):7.3f} {min(news):7.3f} {statistics.median(ratios):6.3f} "
              f"{min(ratios):5.3f}-{max(ratios):5.3f} {runs['old'][0][d][1]:>10} {runs['new'][0][d][1]:>10}")
        if runs["old"][0][d][2] != runs["new"][0][d][2]:
            print(f"  VERDICTS DIFFER for {d}: {runs['old'][0][d][2]} then {runs['new'][0][d][2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
