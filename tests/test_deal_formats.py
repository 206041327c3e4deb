"""Text and JSON forms of deals and solutions: round trips, located errors, steps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.deal import (JEDI_TEMPLE, Deal, format_move, parse_deal, parse_rolls, solution_json,
                           solution_steps, solve)
from printgen.deal.formats.jsonio import JSON_KEYS, parse_move, parse_moves
from printgen.deal.formats.textio import format_deal
from printgen.deal.table.cards import STANDARD_DECK
from printgen.deal.table.engine import DISCARD, DRAW, DRAW_MOVE, RECYCLE_MOVE, Item, Move, MoveKind
from printgen.deal.table.rules import PYRAMID
from printgen.errors import InputError
from printgen.spec.dealfile import jedi_deal, with_cards

FIXTURES = Path(__file__).parent / "fixtures" / "deal"


def parse_pyramid(text: str, source: str = "<deal>"):
    return parse_deal(PYRAMID, text, source)


def parse_jedi(text: str, source: str = "<deal>", rolls=()):
    return parse_deal(with_cards(JEDI_TEMPLE), text, source, rolls)


def labels(deal) -> list[str]:
    return [deal.card(i).format() for i in range(len(deal.values))]

items = st.one_of(st.just(DRAW), st.just(DISCARD),
                  st.integers(0, 6).flatmap(lambda r: st.integers(0, r).map(
                      lambda c: Item.temple(r, c))))
moves = st.one_of(
    st.just(DRAW_MOVE), st.just(RECYCLE_MOVE), items.map(Move.use_force),
    st.builds(lambda cards, force: Move.balance(*cards, force=tuple(force)),
              st.lists(items, min_size=1, max_size=4, unique=True),
              st.lists(st.integers(1, 6).flatmap(lambda v: st.sampled_from([v, -v])),
                       max_size=4)))


@settings(max_examples=200, deadline=None)
@given(moves)
def test_move_json_round_trip(move):
    data = json.loads(json.dumps(format_move(move)))
    assert parse_move(data) == move


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_pyramid_text_round_trip(rng):
    cards = [card.format() for card in STANDARD_DECK]
    rng.shuffle(cards)
    deal = parse_pyramid(" ".join(cards))
    assert labels(deal) == cards
    text = format_deal(deal)
    assert [len(line.split()) for line in text.splitlines()] == [1, 2, 3, 4, 5, 6, 7, 24]
    again = parse_pyramid(text)
    assert again == deal and again.order == deal.order


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 10**9))
def test_jedi_text_round_trip(number):
    deal = jedi_deal(number)
    again = parse_jedi(format_deal(deal), rolls=deal.rolls)
    assert again.values == deal.values and again.rolls == deal.rolls
    assert format_deal(again) == format_deal(deal)


def test_fixture_files_parse():
    assert parse_jedi((FIXTURES / "jedi-deal-1.txt").read_text()).values == jedi_deal(1).values
    deal = parse_pyramid((FIXTURES / "pyramid-deal-1.txt").read_text())
    assert labels(deal)[:3] == ["6d", "5h", "Ah"] and deal.values[:3] == (6, 5, 1)


@pytest.mark.parametrize("name, expected", [
    ("missing-card.txt", ["missing-card.txt: missing cards: Jc"]),
    ("duplicated-card.txt", ["duplicated-card.txt:9 '6d': card repeated (first on line 2)",
                             "missing cards: Jc"]),
    ("malformed-card.txt", ["malformed-card.txt:3 '5x': expected a card: rank "
                            "A23456789TJQK (or 10) then suit cdhs", "missing cards: 5h"]),
])
def test_bad_pyramid_files_are_located(name, expected):
    path = FIXTURES / name
    with pytest.raises(InputError) as error:
        parse_pyramid(path.read_text(), str(path))
    for part in expected:
        assert part in str(error.value)


def test_a_repeated_card_is_quoted_as_written(cli, tmp_path):
    """A card repeated in the file is named as the file writes it (`K♥`, `10h`), not
    as the engine would write it (`Kh`, `Th`)."""
    text = (FIXTURES / "pyramid-deal-1.txt").read_text()
    deck = tmp_path / "deal.txt"
    deck.write_text(text.replace(" Kh ", " K♥ ").replace("Qs Jc", "Qs K♥").replace(" Th ", " 10h "))
    result = cli("solve", "--rules", "pyramid", "--deck", str(deck))
    assert result.status == 2 and "Traceback" not in result.err
    assert f"{deck}:9 'K♥': card repeated (first on line 8)" in result.err, result.err
    assert "'Kh'" not in result.err


def test_one_unread_card_past_the_few_is_quoted_not_counted():
    """The cards a file cannot read are named as words.first_few() names the first few:
    a fourth is quoted, never counted as 'and 1 more'; a fifth makes it 'and 2 more'."""
    with pytest.raises(InputError) as error:
        parse_pyramid("x1 x2\nx3 x4")
    assert str(error.value).startswith("<deal>:1 'x1', 'x2', 'x3', 'x4': expected a card"), error.value
    with pytest.raises(InputError) as error:
        parse_pyramid("x1 x2\nx3 x4 x5")
    assert str(error.value).startswith("<deal>:1 'x1', 'x2', 'x3' and 2 more: expected a card"), error.value


def test_bad_jedi_file_is_located():
    path = FIXTURES / "jedi-too-many-tens.txt"
    with pytest.raises(InputError) as error:
        parse_jedi(path.read_text(), str(path))
    assert str(error.value) == (f"{path}:8 '+10': one card too many: the deck has 3 of them; "
                                f"{path}: missing cards: -2")
    with pytest.raises(InputError, match="'x7', 'x7', 'x7' and 59 more: expected a card value -10..-1, "):
        parse_jedi("x7 " * 62)
    with pytest.raises(InputError, match=r"<deal>:1 '\+11': expected a card value"):
        parse_jedi("+11")
    with pytest.raises(InputError, match="expected a roll"):
        parse_rolls("3,5 7,1")


def test_rolls_read_as_a_sheet_prints_them():
    """A sheet prints each roll as "6, 4"; copied from it, the rolls read the same as
    "6,4", and a roll still needs its two dice."""
    assert parse_rolls("6, 4  3, 3  1, 1") == parse_rolls("6,4 3,3 1,1") == ((6, 4), (3, 3), (1, 1))
    assert parse_rolls("6 ,4\t3 , 3") == ((6, 4), (3, 3))
    for bad in ("6, 4 3,", "6, , 4", ", 4"):
        with pytest.raises(InputError, match="expected a roll"):
            parse_rolls(bad)


def test_solution_json_has_the_contract_keys_and_replays():
    deal = jedi_deal(2)
    data = json.loads(json.dumps(solution_json(deal, "knight", solve(deal, "knight"))))
    assert tuple(data) == JSON_KEYS
    assert data["deal"] == 2 and data["level"] == "knight" and len(data["order"]) == 62
    assert data["rolls"] == [list(r) for r in deal.rolls] and data["winnable"] is True
    from printgen.deal.table.engine import replay
    assert replay(deal, "knight", parse_moves(data["moves"])).won


def test_bad_json_moves_are_errors():
    with pytest.raises(InputError, match="moves: expected a list of moves"):
        parse_moves({"move": "draw"})
    with pytest.raises(InputError, match=r"moves\[0\]"):
        parse_moves([{"move": "jump"}])
    with pytest.raises(InputError, match=r"moves\[0\].sylop"):
        parse_moves([{"move": "force", "sylop": {"temple": [1]}}])


@pytest.mark.parametrize("move, where", [
    ({"move": "force", "sylop": {"temple": [True, 0]}}, "moves[0].sylop.temple[0]"),
    ({"move": "balance", "cards": ["draw", {"temple": [6, False]}], "force": []},
     "moves[0].cards[1].temple[1]"),
    ({"move": "balance", "cards": ["draw"], "force": [3, True]}, "moves[0].force[1]"),
])
def test_json_true_and_false_are_not_numbers(move, where):
    """JSON's true and false are not row, column or Force numbers (a bool is an int in
    Python): one line naming where the bad value is."""
    with pytest.raises(InputError) as error:
        parse_moves([move])
    message = str(error.value)
    assert message.startswith(f"{where}: ") and "\n" not in message
    assert message.endswith(("got true", "got false"))


def test_steps_name_cards_places_and_force():
    deal = jedi_deal(1)
    steps = solution_steps(deal, "padawan", solve(deal, "padawan").moves)
    assert steps[0] == "Draw: -10."
    assert steps[1] == ("Balance -7 (Temple row 7, card 2) with +9 (Temple row 7, card 3), "
                        "+3 (Temple row 7, card 5), +3 (Temple row 7, card 6), -10 (Draw), "
                        "-7 (Discard), Force +3 and Force +6.")
    assert any(step.startswith("Use the Force: spend the Sylop (Draw); roll 2 adds 6 and 1 (pool:")
               for step in steps)
    assert "Draw: -10." in steps


def test_steps_of_a_move_list_cut_after_a_draw_end_with_it():
    deal = jedi_deal(1)
    moves = solve(deal, "padawan").moves
    steps = solution_steps(deal, "padawan", moves)
    first_draw = next(i for i, m in enumerate(moves) if m.kind is MoveKind.DRAW)
    cut = solution_steps(deal, "padawan", moves[:first_draw + 1])
    assert cut[-1] == "Draw: -10." and cut[:-1] == steps[:len(cut) - 1]


def test_steps_of_a_deal_of_values_alone_name_the_values():
    """A deal that knows only its values (a test's, or a player's guess at one) is
    described by values: Jedi Temple's exactly as with its cards, Pyramid's by rank."""
    jedi = jedi_deal(1)
    moves = solve(jedi, "padawan").moves
    values_only = Deal(jedi.rules, jedi.values, jedi.rolls, jedi.number)
    assert solution_steps(values_only, "padawan", moves) == solution_steps(jedi, "padawan", moves)
    pyramid = PYRAMID_1
    moves = PYRAMID_1_SOLUTION.moves
    ranks = solution_steps(Deal(PYRAMID, pyramid.values), None, moves)
    named = solution_steps(pyramid, None, moves)
    assert ranks == [step.translate(str.maketrans("", "", "♣♦♥♠")) for step in named]
    assert ranks[0] == "Remove K (Pyramid row 7, card 6) alone."
    assert format_deal(values_only) == format_deal(jedi)


def test_pyramid_steps_use_card_names():
    deal = parse_pyramid((FIXTURES / "pyramid-deal-1.txt").read_text())
    steps = solution_steps(deal, None, solve(deal).moves)
    # the bottom row of the fixture is 5s 4c Qc Jh Kc Kh 3c
    assert steps[:4] == ["Remove K♥ (Pyramid row 7, card 6) alone.",
                         "Remove K♣ (Pyramid row 7, card 5) alone.", "Draw: 9♣.",
                         "Remove 4♣ (Pyramid row 7, card 2) with 9♣ (Deck)."]


PYRAMID_1 = parse_pyramid((FIXTURES / "pyramid-deal-1.txt").read_text())
PYRAMID_1_SOLUTION = solve(PYRAMID_1)


@settings(max_examples=8, deadline=None)
@given(st.permutations("cdhs"))
def test_suit_swap_keeps_the_verdict_and_renames_the_steps(suits):
    deal, a = PYRAMID_1, PYRAMID_1_SOLUTION
    swap = dict(zip("cdhs", suits))
    swapped = parse_pyramid(" ".join(label[0] + swap[label[1]] for label in labels(deal)))
    b = solve(swapped)
    assert (a.winnable, a.nodes, a.moves) == (b.winnable, b.nodes, b.moves)
    symbol = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
    to_suit = {symbol[old]: symbol[new] for old, new in swap.items()}
    renamed = ["".join(to_suit.get(ch, ch) for ch in step) for step in solution_steps(deal, None, a.moves)]
    assert renamed == solution_steps(swapped, None, b.moves)


@pytest.mark.parametrize("number", [6, 31])
def test_a_pyramid_draw_names_the_new_deck_top_or_says_the_deck_is_empty(number):
    """Each entry of a Draw step is the deck's top card after that Draw, replayed
    through the engine, or "the deck is empty" when that Draw took its last card."""
    from printgen.deal import seeded_deal
    from printgen.deal.table.engine import Game

    deal = seeded_deal(with_cards(PYRAMID), number)
    moves = solve(deal).moves
    steps = iter(solution_steps(deal, None, moves))
    game = Game(deal)
    position, expected, emptied = game.start(), [], 0
    for move in moves:
        position = game.apply(position, move)
        if move.kind is MoveKind.DRAW:
            top = game.card_of(position, DRAW)[0] if position.has_draw else None
            expected.append(deal.card_text(top) if top is not None else "the deck is empty")
            emptied += top is None
            continue
        if expected:
            said = next(steps)
            entries = said.split(": ", 1)[1].rstrip(".").split(", ")
            assert [e.removeprefix("then ") for e in entries] == expected, said
            assert said.startswith("Draw: " if len(expected) == 1 else f"Draw {len(expected)} times: ")
            expected = []
        next(steps)
    assert emptied, "no Draw of this key empties the deck"


def test_a_file_of_another_deck_is_one_short_problem(cli, tmp_path):
    """A Jedi Temple deal given as Pyramid names its first unreadable cards and counts the
    rest in one short line (it repeated what a card should be for each of five)."""
    values = " ".join(f"{v:+d}" if v else "0" for v in jedi_deal_values())
    (tmp_path / "jedi.txt").write_text("# a Jedi Temple deal\n" + values + "\n", encoding="utf-8")
    result = cli("solve", "--rules", "pyramid", "--deck", str(tmp_path / "jedi.txt"))
    assert result.status == 2 and "Traceback" not in result.err
    line, = result.err.strip().splitlines()
    first = values.split()[:3]
    assert f"jedi.txt:2 {first[0]!r}, {first[1]!r}, {first[2]!r} and 59 more: expected a card" in line
    assert line.count("expected") == 1 and len(line) < 250, line


def jedi_deal_values() -> tuple[int, ...]:
    from printgen.spec.dealfile import jedi_deal
    return jedi_deal(17).values


def test_a_pyramid_recycle_names_the_new_deck_top():
    """A Pyramid Recycle turns the waste over as the new deck, whose top card is face up
    and in play at once (the next step may take it without a Draw): the step names it,
    as a Draw names the card it turns up, so a player can check the deck is in step."""
    from printgen.deal import seeded_deal
    from printgen.deal.table.engine import Game

    deal = seeded_deal(with_cards(PYRAMID), 5)
    moves = solve(deal).moves
    game = Game(deal)
    position, recycles = game.start(), []
    for move in moves:
        position = game.apply(position, move)
        if move.kind is MoveKind.RECYCLE:
            recycles.append((deal.card_text(game.card_of(position, DRAW)[0]), position.recycles_left))
    said = [s for s in solution_steps(deal, None, moves) if s.startswith("Recycle")]
    assert recycles and len(said) == len(recycles)
    for step, (top, left) in zip(said, recycles):
        recycle_word = "recycle" if left == 1 else "recycles"
        assert step == (f"Recycle: turn the Waste over ({left} {recycle_word} left); {top} is now "
                        f"the deck's top card.")
