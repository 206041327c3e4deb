"""Raw data for choosing and checking the star cuts: one JSON line per deal and level.

For each deal-level: the key (as the sheet's rating finds it), the player model's games
0..games-1 (the rating's), game `games` (held out), and, when the rating's games are all
won, `--extra` more games numbered after the held-out one; each game's win, moves,
decisions, solver nodes and budget; and the greedy and look-ahead players' results.
Lines are written as deals finish (in deal order), so a run cut short leaves a usable file.

    python bench/tune_stars.py --start 9210001 --count 250 --jobs 2 --out tuning.jsonl
    python bench/tune_stars.py --rules pyramid --start 9220001 --count 300 --extra 0 --jobs 2 --out p.jsonl
"""

from __future__ import annotations

import argparse
import json
import time

from printgen.deal.census.greedy import greedy_wins
from printgen.deal.census.lookahead import lookahead_wins
from printgen.deal.rating.key import find_key
from printgen.deal.rating.player import game_budget, play, seed_of
from printgen.deal.table.deal import seeded_deal
from printgen.deal.table.rules import rule_set
from printgen.deal.table.shuffle import SplitMix64
from printgen.spec.dealfile import with_cards
from printgen.spec.playermodel import model_data
from printgen.workers import map_in_order

LEVELS = {"jedi-temple": ("padawan", "knight", "master", "chosen"), "pyramid": ("standard",)}


def _game(deal, level, game, params):
    rng = SplitMix64(seed_of(deal, deal.rules.level(level).level, game, params.seed))
    budget = game_budget(params, rng)
    start = time.process_time()
    result = play(deal, level, game, params)
    return {"game": game, "won": result.won, "moves": result.moves,
            "decisions": result.decisions, "nodes": result.nodes, "budget": budget,
            "cpu": round(time.process_time() - start, 4)}


def _deal(args):
    number, extra, keyless, rules = args
    data = model_data()
    params = data.model
    deal = seeded_deal(with_cards(rule_set(rules)), number)
    lines = []
    for level in LEVELS[rules]:
        start = time.process_time()
        key = find_key(deal, deal.rules.level(level).level, data.key) if not keyless else None
        key_cpu = time.process_time() - start
        games = [_game(deal, level, g, params) for g in range(params.games + 1)]
        if all(g["won"] for g in games[:params.games]):
            games += [_game(deal, level, params.games + 1 + i, params) for i in range(extra)]
        start = time.process_time()
        greedy = greedy_wins(deal, level)
        ahead = lookahead_wins(deal, level)
        about_key = {} if key is None else {
            "winnable": key.winnable, "key_moves": key.length, "recycles": key.recycles,
            "recycles_proven": key.recycles_proven, "recycle_needed": key.recycle_needed,
            "shortest": key.shortest, "key_nodes": key.nodes, "key_cpu": round(key_cpu, 4)}
        lines.append({"number": number, "level": level, **about_key, "games": games,
                      "greedy": greedy, "lookahead": ahead,
                      "players_cpu": round(time.process_time() - start, 4)})
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--start", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--extra", type=int, default=16)
    parser.add_argument("--keyless", action="store_true",
                        help="skip the key (tuning the model's score only)")
    parser.add_argument("--rules", choices=sorted(LEVELS), default="jedi-temple")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    work = [(n, args.extra, args.keyless, args.rules) for n in range(args.start, args.start + args.count)]
    with open(args.out, "a", encoding="utf-8") as out:
        for lines in map_in_order(_deal, work, jobs=args.jobs):
            out.writelines(json.dumps(line) + "\n" for line in lines)
            out.flush()


if __name__ == "__main__":
    main()
