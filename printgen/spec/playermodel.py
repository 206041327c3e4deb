"""data/player-model.yaml -> ModelData: the player model's parameters, the star
scale and the solution key's budgets, checked (every problem named by file and line)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from printgen.builtin import data_dir
from printgen.deal import KeyBudgets, Level, ModelData, ModelParams, StarScale
from printgen.spec.schema import Checker
from printgen.spec.yamlload import load_file

MODEL_FILE = "player-model.yaml"
MODEL_KEYS = ("samples", "low_budget", "budget", "patience", "candidates", "games", "seed")
STAR_KEYS = ("win_rates", "hardness", "nodes_per_loss", "recycle_star", "recycle_star_by_level")
MOST = 10_000_000


@lru_cache(maxsize=4)
def model_data(path: Path | None = None) -> ModelData:
    """Load and check the player model's data file."""
    path = path or data_dir() / MODEL_FILE
    doc = load_file(path)
    check = Checker(doc)
    top = check.mapping(doc.data, (), ["model", "stars", "key"], required=["model", "stars", "key"])
    model = check.mapping(top.get("model"), ("model",), MODEL_KEYS, required=MODEL_KEYS)
    whole = {k: _whole(check, model.get(k), ("model", k)) for k in MODEL_KEYS}
    if whole["low_budget"] > whole["budget"]:
        check.fail(("model", "low_budget"), f"expected at most budget ({whole['budget']}), "
                                            f"got {whole['low_budget']}")
    stars = check.mapping(top.get("stars"), ("stars",), STAR_KEYS,
                          required=["win_rates", "recycle_star"])
    shares = _four(check, stars.get("win_rates"), ("stars", "win_rates"), high_first=True)
    hardness = check.mapping(stars.get("hardness") or {}, ("stars", "hardness"),
                             [level.value for level in Level])
    cuts = tuple((Level(name), _four(check, value, ("stars", "hardness", name), high_first=False,
                                     maximum=None))
                 for name, value in hardness.items())
    by_level = check.mapping(stars.get("recycle_star_by_level") or {},
                             ("stars", "recycle_star_by_level"), [level.value for level in Level])
    recycle_stars = tuple((Level(name), check.integer(value, ("stars", "recycle_star_by_level", name),
                                                      minimum=0))
                          for name, value in by_level.items())
    budgets = ["fewer_recycles", "fewer_search", "short", "proof"]
    key = check.mapping(top.get("key"), ("key",), budgets, required=budgets)
    data = ModelData(
        ModelParams(**whole),
        StarScale(shares, check.integer(stars.get("recycle_star"), ("stars", "recycle_star"),
                                        minimum=0),
                  cuts, check.integer(stars.get("nodes_per_loss"), ("stars", "nodes_per_loss"),
                                      default=0, minimum=0), recycle_stars),
        KeyBudgets(*(_whole(check, key.get(name), ("key", name)) for name in budgets)))
    check.raise_errors()
    return data


def _four(check: Checker, value: object, path: tuple, *, high_first: bool,
          maximum: float | None = 1) -> tuple[float, ...]:
    """Four cuts, each a number from 0 to `maximum` (None: no limit), in order (high to
    low, or low to high)."""
    if not isinstance(value, list) or len(value) != 4:
        within = f"from 0 to {maximum}" if maximum is not None else "of 0 or more"
        check.fail(path, f"expected a list of 4 numbers {within}, got {value!r}")
        return (1.0, 0.75, 0.5, 0.25) if high_first else (0.25, 0.5, 0.75, 1.0)
    cuts = tuple(check.number(v, (*path, i), minimum=0, maximum=maximum)
                 for i, v in enumerate(value))
    if list(cuts) != sorted(cuts, reverse=high_first):
        order = "high to low" if high_first else "low to high"
        check.fail(path, f"expected numbers from {order}, got {list(value)}")
    return cuts


def _whole(check: Checker, value: object, path: tuple) -> int:
    number = check.integer(value, path, minimum=1)
    if number > MOST:
        check.fail(path, f"expected a whole number from 1 to {MOST:,}, got {value!r}")
    return number
