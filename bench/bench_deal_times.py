"""Seeded Jedi Temple deals per level: solve, key and sheet times, the slowest named.

For each of COUNT deals from --start at each level, in this process, one deal at a
time: the CPU seconds of the verdict (solve), of the printed key (find_key: verdict,
fewest recycles, shortening) and of the rating (the key and the player model's
games, as `rate(..., jobs=1)` makes them one after the other), and whether the key is proven shortest
and its recycles proven fewest. Every key is replayed through the engine (it must
win with exactly the recycles it states), and every key proven to need a recycle
(the rating's recycle star) is checked by a fresh solve allowing none, which must
prove no win: the run stops at the first key that fails either. Prints per level the median, p99 and max of each
time and the slowest deals. Then the --sheets slowest deals of all (by rating time)
are run as a user runs them, `printgen deal N --level L` in a fresh process with
its default worker processes, and timed from outside (start-up and PDF included).

CPU seconds per deal do not depend on what else runs on the machine as much as
wall seconds do; run it on a quiet machine all the same (nice -n 10 is fine).

With --jobs N the deals are measured in N worker processes (each deal's times are
still those of one process; N at most the machine's cores, or the times grow).

With --verdicts it measures the verdict alone (solve: CPU seconds and positions per
deal), prints per level the verdicts, the median, p99 and max time and the ten
slowest deals, and runs no key, rating or sheet.

Run: python bench/bench_deal_times.py [--count 200] [--start 1] [--levels padawan,knight,master,chosen]
     [--sheets 5] [--csv FILE] [--jobs 1] [--verdicts] [--report CSV ...]
The issue's check, 10,000 deals per level (about 8 hours of CPU: 4 hours with 2 jobs):
     nice -n 10 python bench/bench_deal_times.py --count 10000 --start 9100001 --sheets 20 --jobs 2
It can be run in parts (each a --start and --count of its own, with --csv; the file gets
each level's rows as soon as the level is done) and summarised together, the slowest
deals of all then run as sheets:
     python bench/bench_deal_times.py --report part1.csv part2.csv --sheets 20 [--p99]
With --p99, each level's sheets that decide its 99th percentile are run too (the 1% + 1
slowest ratings and the as many slowest keys: a few hundred sheets over 10,000 deals).
The verdicts alone over the same deals (a few minutes of CPU):
     nice -n 10 python bench/bench_deal_times.py --count 10000 --start 9100001 --verdicts
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_deals import sheet_seconds

from printgen.deal import Level, solve
from printgen.deal.rating.key import find_key
from printgen.deal.rating.rating import model_rate
from printgen.deal.search.recycles import recycles_used
from printgen.deal.table.engine import replay
from printgen.spec.dealfile import jedi_deal
from printgen.spec.playermodel import model_data

Row = tuple[int, str, float, float, float, bool, bool, bool]   # deal, level, times, proofs, star


def cpu(function, *args, **kwargs):
    began = time.process_time()
    result = function(*args, **kwargs)
    return result, time.process_time() - began


def measure_one(work: tuple[int, str]) -> Row:
    return measure(*work)


def measure(number: int, level: str) -> Row:
    data = model_data()
    deal = jedi_deal(number)
    _, solve_s = cpu(solve, deal, level)
    key, key_s = cpu(find_key, deal, level, data.key)
    if key.winnable and not (replay(deal, level, key.moves).won
                             and recycles_used(key.moves) == key.recycles):
        raise SystemExit(f"deal {number} {level}: the key does not win with {key.recycles} recycles")
    if key.recycle_needed and solve(deal, level, recycles=0, budget=2_000_000).winnable is not False:
        raise SystemExit(f"deal {number} {level}: a recycle star without a win with none disproven")
    _, games_s = cpu(model_rate, deal, Level.parse(level), data.model)
    return (number, level, solve_s, key_s, key_s + games_s, key.shortest, key.recycles_proven,
            key.recycle_needed)


def verdict_one(work: tuple[int, str]) -> tuple[int, str, float, int, bool | None]:
    """(deal, level, CPU seconds of the verdict, positions searched, verdict)."""
    number, level = work
    solution, seconds = cpu(solve, jedi_deal(number), level)
    return number, level, seconds, solution.nodes, solution.winnable


def verdicts(args: argparse.Namespace) -> int:
    """The --verdicts run: the verdict's time per deal and level, the slowest named."""
    began = time.perf_counter()
    rows = []
    for level in args.levels.split(","):
        part = per_deal(verdict_one, args, level, chunksize=16)
        rows += part
        told = {answer: sum(r[4] is answer for r in part) for answer in (True, False, None)}
        print(f"{level:<8} {len(part)} deals: winnable {told[True]}, unwinnable {told[False]}, "
              f"undecided {told[None]} | solve {quantiles([r[2] for r in part])} | slowest: "
              + ", ".join(f"{r[0]} {r[2]:.3f} s ({r[3]} positions)"
                          for r in sorted(part, key=lambda r: -r[2])[:10]), flush=True)
    if args.csv:
        lines = ["deal,level,solve_s,nodes,winnable"]
        lines += [f"{r[0]},{r[1]},{r[2]:.4f},{r[3]},{r[4]}" for r in rows]
        Path(args.csv).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{time.perf_counter() - began:.0f} s in all")
    return 0


def per_deal(measure, args: argparse.Namespace, level: str, *, chunksize: int) -> list:
    """measure((number, level)) for every deal of the run at one level, in order, in
    --jobs worker processes when more than one."""
    work = [(n, level) for n in range(args.start, args.start + args.count)]
    if args.jobs <= 1:
        return [measure(w) for w in work]
    with ProcessPoolExecutor(args.jobs) as pool:
        return list(pool.map(measure, work, chunksize=chunksize))


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[max(0, -(-len(ordered) * 99 // 100) - 1)]
    return (f"median {statistics.median(ordered) * 1000:6.1f} ms  p99 {p99 * 1000:7.1f} ms  "
            f"max {ordered[-1] * 1000:7.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--levels", default="padawan,knight,master,chosen")
    parser.add_argument("--sheets", type=int, default=5, help="slowest deals run as sheets")
    parser.add_argument("--csv", default=None, help="write every deal's row to this file")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes measuring deals")
    parser.add_argument("--verdicts", action="store_true", help="time the verdicts alone")
    parser.add_argument("--p99", action="store_true",
                        help="after the slowest sheets, per level the sheets that decide its 99th "
                             "percentile (the 1%% + 1 slowest ratings and keys)")
    parser.add_argument("--report", nargs="+", metavar="CSV",
                        help="measure nothing: summarise --csv files of earlier runs (parts of "
                             "a range, run apart) and run the slowest of them all as sheets")
    args = parser.parse_args()
    jedi_deal(1)                                    # the deck file read before any timing
    if args.verdicts:
        return verdicts(args)
    began = time.perf_counter()
    if args.report:
        rows = read_rows(args.report)
        for level in dict.fromkeys(r[1] for r in rows):
            summary(level, [r for r in rows if r[1] == level])
    else:
        rows = []
        if args.csv:
            Path(args.csv).write_text(CSV_HEADER + "\n", encoding="utf-8")
        for level in args.levels.split(","):
            part = per_deal(measure_one, args, level, chunksize=4)
            rows += part
            summary(level, part)
            if args.csv:                    # each level's rows as soon as it is done
                with Path(args.csv).open("a", encoding="utf-8") as out:
                    out.write("".join(csv_line(r) + "\n" for r in part))
    slowest = sorted(rows, key=lambda r: -r[4])[:args.sheets]
    with tempfile.TemporaryDirectory() as folder:
        for number, level, *_ in slowest:
            print(f"sheet: printgen deal {number} --level {level}: "
                  f"{sheet_seconds(number, level, 'jedi-temple', Path(folder)):.2f} s wall", flush=True)
        if args.p99:
            for level in dict.fromkeys(r[1] for r in rows):
                p99_sheets(level, [r for r in rows if r[1] == level], Path(folder))
    print(f"{time.perf_counter() - began:.0f} s in all")
    return 0


CSV_HEADER = "deal,level,solve_s,key_s,rating_s,key_shortest,recycles_proven,recycle_star"


def csv_line(r: Row) -> str:
    return f"{r[0]},{r[1]},{r[2]:.4f},{r[3]:.4f},{r[4]:.4f},{int(r[5])},{int(r[6])},{int(r[7])}"


def read_rows(files: list[str]) -> list[Row]:
    """The rows of --csv files (runs over parts of a range), each deal and level once
    (a later file's row wins), by level in the game's order, then by deal."""
    rows: dict[tuple[int, str], Row] = {}
    for name in files:
        lines = Path(name).read_text(encoding="utf-8").splitlines()
        if not lines or lines[0] != CSV_HEADER:
            raise SystemExit(f"{name}: expected a --csv file of this bench (header {CSV_HEADER})")
        for line in lines[1:]:
            deal, level, solve_s, key_s, rating_s, shortest, proven, star = line.split(",")
            rows[(int(deal), level)] = (int(deal), level, float(solve_s), float(key_s),
                                        float(rating_s), shortest == "1", proven == "1", star == "1")
    order = [level.value for level in Level]
    return sorted(rows.values(),
                  key=lambda r: (order.index(r[1]) if r[1] in order else len(order), r[0]))


def p99_sheets(level: str, part: list[Row], folder: Path) -> None:
    """The sheets that decide a level's 99th percentile, run as a user runs them: the
    1% + 1 deals (k) with the slowest ratings and the k with the slowest keys (a
    sheet's wall time follows its key, run in one worker while the other plays games,
    and its rating). The k-th slowest of them is the level's p99 sheet when no other
    deal's sheet is slower; the fastest of them shows how far below it the deals
    with less CPU are."""
    k = len(part) - -(-len(part) * 99 // 100) + 1
    chosen = ({r[0] for r in sorted(part, key=lambda r: -r[4])[:k]}
              | {r[0] for r in sorted(part, key=lambda r: -r[3])[:k]})
    times = sorted(((sheet_seconds(n, level, "jedi-temple", folder), n) for n in chosen), reverse=True)
    print(f"{level:<8} p99 sheets: {len(chosen)} run (the {k} slowest ratings and keys of {len(part)}): "
          f"p99 {times[k - 1][0]:.2f} s wall (deal {times[k - 1][1]}, {k} from the slowest); slowest "
          + ", ".join(f"{n} {t:.2f} s" for t, n in times[:5])
          + f"; fastest of them {times[-1][0]:.2f} s; over 1.5 s: {sum(t > 1.5 for t, _ in times)}",
          flush=True)


def summary(level: str, part: list[Row]) -> None:
    """One level's lines: the times' quantiles, the proofs and the slowest deals."""
    n = len(part)
    print(f"{level:<8} {n} deals | solve {quantiles([r[2] for r in part])} | "
          f"key {quantiles([r[3] for r in part])} | rating {quantiles([r[4] for r in part])}")
    print(f"{'':<8} key proven shortest {sum(r[5] for r in part)}/{n} "
          f"({100 * sum(r[5] for r in part) / n:.1f} %), fewest recycles proven "
          f"{sum(r[6] for r in part)}/{n}, recycle stars (each re-checked) "
          f"{sum(r[7] for r in part)}; slowest solves: "
          + ", ".join(f"{r[0]} {r[2]:.2f} s" for r in sorted(part, key=lambda r: -r[2])[:3])
          + "; slowest ratings: "
          + ", ".join(f"{r[0]} {r[4]:.2f} s" for r in sorted(part, key=lambda r: -r[4])[:3]),
          flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
