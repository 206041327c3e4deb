"""Deals for pyramid patience games: Jedi Temple and standard Pyramid.

The engine in sub-packages, one concern each; each imports only from those above it
in this list (never from printgen.spec, products, cli or layout):
    table/    the game as data and its reference rules: cards, tableau, rule sets,
              the shuffle, deals, the engine
    search/   the full-knowledge solver, its proofs of loss, fewest recycles, short wins
    rating/   the player model, the printed key, stars (rate), the Wilson interval
    formats/  deal files, the contract's JSON, moves in words; the Pyramid data set
    census/   win rates over many deals; stars against independent players
              (printgen.deal.census is its own public face)

What the engine needs from files the caller reads and hands in: the cards of a deck
a rule set names (Jedi Temple's sabacc-62: `RuleSet.deck`, given its cards by
ValueDeck.with_cards; printgen.spec.dealfile does it) and the player model's data
(ModelData, for rate and screen; printgen.spec.playermodel reads it).

This module is the face the rest of printgen uses; tests and benches may reach into
the sub-packages.
"""

from printgen.deal.formats.jsonio import dumps, format_move, rating_json, solution_json
from printgen.deal.formats.searched import key_positions, positions_searched
from printgen.deal.formats.steps import solution_steps
from printgen.deal.formats.textio import parse_deal, parse_rolls, written_cards
from printgen.deal.rating.key import KeyBudgets
from printgen.deal.rating.player import ModelParams
from printgen.deal.rating.rating import ModelData, ModelRate, Rating, StarScale, rate, screen
from printgen.deal.search.shortest import SHORTEST_BUDGET, Shortest, shortest
from printgen.deal.search.solver import DEFAULT_BUDGET, Solution, solve
from printgen.deal.table.cards import Card, Ink, PlayingCard, ValueCard, ValueDeck
from printgen.deal.table.deal import Deal, seeded_deal
from printgen.deal.table.rules import (
    JEDI_LEVELS,
    JEDI_TEMPLE,
    RULE_SETS,
    Level,
    LevelRules,
    RuleSet,
    rule_set,
)
from printgen.deal.table.tableau import Tableau

__all__ = [
    "DEFAULT_BUDGET", "JEDI_LEVELS", "JEDI_TEMPLE", "RULE_SETS", "SHORTEST_BUDGET", "Card",
    "Deal", "Ink", "KeyBudgets", "Level", "LevelRules", "ModelData", "ModelParams",
    "ModelRate", "PlayingCard", "Rating", "RuleSet", "Shortest", "Solution", "StarScale",
    "Tableau", "ValueCard", "ValueDeck", "dumps", "format_move", "key_positions",
    "parse_deal", "parse_rolls", "positions_searched", "rate", "rating_json", "rule_set",
    "screen", "seeded_deal", "shortest", "solution_json", "solution_steps", "solve",
    "written_cards",
]
