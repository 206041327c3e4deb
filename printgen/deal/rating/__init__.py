"""How hard a deal is for a player who sees only what the level shows.

    knowledge.py  what a level shows the player; deals consistent with it
    player.py     the player model (determinization with hindsight optimisation)
    key.py        the printed key: verdict, fewest recycles, made short
    rating.py     rate(deal, level, data) -> Rating (stars, model games, key); ModelData,
                  the player model's data the caller reads and hands in
    interval.py   the Wilson score interval of a win rate (ratings and the census)
"""
