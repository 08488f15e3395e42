"""What ``squares play`` and ``squares tui`` are asked to play: the arguments they share
(GAME, ``--deal N|CODE``, ``--daily``, ``--difficulty LEVEL``, ``--new``) and the game and
deal they come to."""

from __future__ import annotations

import argparse

from squares.cli import arguments
from squares.difficulty import CHOICES, UnknownDifficulty, check_difficulty, deal_of_level
from squares.games import GAMES, either
from squares.i18n import _
from squares.share import daily_deal, today


def add_game_to_play(p: argparse.ArgumentParser, names: str) -> None:
    """The arguments ``play`` and ``tui`` share: the game, its deal, a fresh one."""
    p.add_argument(
        "game",
        nargs="?",
        choices=list(GAMES),
        metavar="GAME",
        help=_("{games} (may be left out with --deal CODE)").format(games=names),
    )
    deal = p.add_mutually_exclusive_group()
    deal.add_argument(
        "--deal",
        type=arguments.deal_choice,
        metavar="N|CODE",
        help=_("a deal number, or a share code such as foursquare:1234"),
    )
    deal.add_argument(
        "--daily",
        action="store_true",
        help=_("today's daily deal: easy on Monday, rising to expert on Sunday"),
    )
    deal.add_argument(
        "--difficulty",
        metavar="LEVEL",
        help=_("a new deal of this difficulty: {levels} (every deal can be won)").format(
            levels=", ".join(CHOICES)
        ),
    )
    p.add_argument(
        "--new",
        action="store_true",
        help=_("a fresh deal even if a game is unfinished (that one counts as lost)"),
    )


def what_to_play(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[str, int | None]:
    """The game and the deal (``None``: a random one, or the game under way) that ``play``
    and ``tui`` asked for, from GAME, ``--deal``, ``--daily`` and ``--difficulty``; a
    contradiction or an unknown level is the parser's error (exit code 2)."""
    game: str | None = args.game
    deal: int | None = None
    if args.deal is not None:
        named, deal = args.deal
        if named is not None and game is not None and named != game:
            parser.error(share_code_mismatch(named, deal, game))
        game = game or named
    if game is None:
        parser.error(
            _("play needs GAME ({games}) or --deal CODE, such as --deal foursquare:1234").format(
                games=either()
            )
        )
    if args.daily:
        deal = daily_deal(game, today())
    if args.difficulty is not None:
        try:
            level = check_difficulty(game, args.difficulty)
        except UnknownDifficulty as err:
            parser.error(str(err))
        if level is not None:
            deal = deal_of_level(game, level)
    return game, deal


def share_code_mismatch(named: str, deal: int, game: str) -> str:
    """The parser's error for a share code of another game than the one named."""
    return _("the share code {code} is a deal of {named}, not of {game}").format(
        code=f"{named}:{deal}", named=named, game=game
    )
