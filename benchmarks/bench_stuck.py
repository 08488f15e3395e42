"""Time Union Square's exact end-of-game test on hard stock-empty positions.

Run: ``.venv/bin/python benchmarks/bench_stuck.py [positions per family] [seed]``.
Each family is a set of random positions of one shape, all 104 cards accounted for;
only positions with no foundation move available now are kept (the fast path is timed
separately). Every call starts with empty caches, so the figures are cold-call times;
each is the best of three, so that a busy machine does not pass for a slow position.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from squares.cards import SUITS, Card, union_square_deck
from squares.games.union_square import stuck
from squares.games.union_square.piles import Pile, foundation_for

Position = tuple[Pile, tuple[Pile, ...], tuple[Pile, ...]]
CACHED = (stuck._fewest_piles, stuck._settle, stuck._shows)


def _foundation(suit_cards: int, suit: int) -> Pile:
    return tuple(Card(i + 1 if i < 13 else 26 - i, SUITS[suit]) for i in range(suit_cards))


def _run(pool: list[Card], rng: random.Random, longest: int) -> Pile:
    """Take a random same-suit run of consecutive ranks out of ``pool``."""
    card = pool.pop(rng.randrange(len(pool)))
    run = [card]
    step = rng.choice((1, -1))
    while len(run) < longest:
        following = Card(run[-1].rank + step, card.suit)
        if following not in pool:
            break
        pool.remove(following)
        run.append(following)
    return tuple(run)


def position(rng: random.Random, empty: int, longest: int, progress: int) -> Position:
    """A random position: foundations up to ``progress`` cards a suit, ``empty`` empty piles."""
    pool = union_square_deck()
    foundations = tuple(_foundation(rng.randint(0, progress), s) for s in range(4))
    for pile in foundations:
        for card in pile:
            pool.remove(card)
    piles = [_run(pool, rng, rng.randint(1, longest)) for _ in range(16 - empty)]
    piles += [()] * empty
    rng.shuffle(piles)
    rng.shuffle(pool)
    return tuple(pool), tuple(piles), foundations


def blocked(pos: Position) -> bool:
    waste, piles, foundations = pos
    tops = [waste[-1]] if waste else []
    tops += [p[-1] for p in piles if p]
    return all(foundation_for(foundations, card) is None for card in tops)


def timed(pos: Position, repeat: int = 3) -> tuple[float, bool]:
    """Best of ``repeat`` cold calls (caches cleared), to keep out other processes' noise."""
    best, answer = float("inf"), False
    for _ in range(repeat):
        for function in CACHED:
            function.cache_clear()
        start = time.perf_counter()
        answer = stuck.is_stuck(*pos)
        best = min(best, time.perf_counter() - start)
    return best, answer


FAMILIES: dict[str, Callable[[random.Random], Position]] = {
    "full tableau, short runs, deep waste": lambda r: position(r, 0, 3, 6),
    "full tableau, long runs": lambda r: position(r, 0, 8, 10),
    "one spare pile, short runs": lambda r: position(r, 1, 2, 0),
    "4 empty piles, long runs": lambda r: position(r, 4, 8, 10),
    "12 empty piles, deep waste": lambda r: position(r, 12, 6, 4),
    "15 empty piles, whole deck in the waste": lambda r: position(r, 15, 1, 0),
    "random empties (0-16)": lambda r: position(r, r.randint(0, 16), r.randint(1, 8), 13),
}


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    print(f"{'family':42} {'n':>5} {'stuck':>6} {'median':>10} {'max':>10}")
    fast = []
    for name, make in FAMILIES.items():
        times: list[float] = []
        stuck_count = 0
        while len(times) < count:
            pos = make(rng)
            if not blocked(pos):
                fast.append(timed(pos)[0])
                continue
            seconds, answer = timed(pos)
            times.append(seconds)
            stuck_count += answer
        print(
            f"{name:42} {len(times):5} {stuck_count:6} "
            f"{statistics.median(times) * 1e3:8.3f}ms {max(times) * 1e3:8.3f}ms"
        )
    if fast:
        print(
            f"{'foundation move available now (fast path)':42} {len(fast):5} {0:6} "
            f"{statistics.median(fast) * 1e3:8.3f}ms {max(fast) * 1e3:8.3f}ms"
        )


if __name__ == "__main__":
    main()
