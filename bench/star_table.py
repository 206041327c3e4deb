"""The star validation table from bench/tune_stars.py's lines, with the stars the
shipped data/player-model.yaml gives (the same stars `printgen census --stars` and the
sheet give: rating.rate's StarScale on the rating games and the key's proven recycles).

    python bench/tune_stars.py --start 9200001 --count 2000 --extra 0 --jobs 2 --out v.jsonl
    python bench/star_table.py v.jsonl
    python bench/tune_stars.py --rules pyramid --start 9230001 --count 2000 --extra 0 --jobs 2 --out p.jsonl
    python bench/star_table.py p.jsonl

Prints the table (deals per level first: a run cut short is tabled as far as it got),
then every step where an independent player's win rate does not fall with a star.
"""

from __future__ import annotations

import argparse
import json
from itertools import pairwise

from printgen.deal.census.validation import StarResult, format_star_table, star_rows
from printgen.deal.rating.interval import wilson
from printgen.deal.rating.rating import ModelRate
from printgen.deal.table.rules import Level
from printgen.spec.playermodel import model_data

LEVELS = (Level.PADAWAN, Level.KNIGHT, Level.MASTER, Level.CHOSEN, Level.STANDARD)


def result(line: dict) -> StarResult:
    data = model_data()
    games = data.model.games
    rating_games = line["games"][:games]
    model = ModelRate(sum(g["won"] for g in rating_games), games, data.model.samples,
                      sum(g["nodes"] for g in rating_games))
    needed = line["recycles"] if line["recycle_needed"] else 0
    level = Level(line["level"])
    stars = data.stars.stars(level, model, needed) if line["winnable"] else 0
    return StarResult(line["number"], line["level"], line["winnable"], stars, model.wins,
                      games, model.nodes, line["recycles"], line["games"][games]["won"],
                      line["greedy"], line["lookahead"])


NAMES = {"padawan": "Padawan", "knight": "Jedi Knight", "master": "Jedi Master",
         "chosen": "Chosen One", "standard": "Pyramid"}


def markdown(results: list[StarResult], levels: tuple[Level, ...]) -> str:
    head = ("| level | stars | deals | model, rating games | model, held-out game "
            "| greedy player | look-ahead player |")
    lines = [head, "|---|---|---|---|---|---|---|"]
    for row in star_rows(results, levels):
        cells = [f"{100 * getattr(row, f'{name}_rate'):.1f}% "
                 f"[{100 * getattr(row, f'{name}_low'):.1f}, {100 * getattr(row, f'{name}_high'):.1f}]"
                 for name in ("held_out", "greedy", "lookahead")]
        level = NAMES[row.level] if row.stars == 1 else ""
        lines.append(f"| {level} | {'★' * row.stars} | {row.deals} ({100 * row.share:.0f}%) "
                     f"| {100 * row.model_rate:.1f}% | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("lines", help="bench/tune_stars.py's output (JSON lines)")
    parser.add_argument("--markdown", action="store_true",
                        help="the table as docs/deal-sheets.md prints it")
    args = parser.parse_args()
    with open(args.lines, encoding="utf-8") as source:
        lines = [json.loads(line) for line in source if line.strip()]
    results = [result(line) for line in lines]
    levels = tuple(level for level in LEVELS if any(r.level == level.value for r in results))
    for level in levels:
        mine = [r.number for r in results if r.level == level.value]
        if mine:
            print(f"{level.value}: {len(mine)} deals, {min(mine)}-{max(mine)}")
    print(markdown(results, levels) if args.markdown else format_star_table(results, levels))
    for stars in range(1, 6):
        mine = [r for r in results if r.winnable and r.stars == stars]
        shares = []
        for name in ("greedy_won", "lookahead_won", "held_out_won"):
            won = sum(getattr(r, name) for r in mine)
            low, high = wilson(won, len(mine))
            shares.append(f"{name.split('_')[0]} {100 * won / max(1, len(mine)):.1f}% "
                          f"[{100 * low:.1f}, {100 * high:.1f}]")
        print(f"pooled, {stars} stars: {len(mine)} deal-levels; " + ", ".join(shares))
    starred = [x for x in lines if x["winnable"] and x["recycle_needed"]]
    open_count = [x for x in lines if x["recycles"] and not x["recycles_proven"]]
    print(f"recycle star: {len(starred)} deal-levels, each with a win with no recycle proven "
          f"impossible; {len(open_count)} keys recycle with fewer not ruled out (no star)")
    steps = []
    rows = star_rows(results, levels)
    for before, after in pairwise(rows):
        if before.level != after.level or not before.deals or not after.deals:
            continue
        for name in ("greedy", "lookahead", "held_out"):
            if getattr(after, f"{name}_rate") >= getattr(before, f"{name}_rate"):
                steps.append(f"{after.level} {before.stars}->{after.stars} stars: {name} "
                             f"{100 * getattr(before, f'{name}_rate'):.1f}% then "
                             f"{100 * getattr(after, f'{name}_rate'):.1f}%")
    print("steps where a win rate does not fall:", "none" if not steps else "")
    for step in steps:
        print("  " + step)


if __name__ == "__main__":
    main()
