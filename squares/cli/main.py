"""``squares``: play Foursquare and Union Square in the terminal, replay games for tools.

Exit codes: 0 success, 2 bad input (a usage error, an illegal move, a bad deal number).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from squares import __version__
from squares.cards import parse_deal_number
from squares.cli.play import play
from squares.cli.replay import EXIT_BAD_INPUT, MoveError, replay, replay_lines
from squares.cli.rules import rules_text
from squares.cli.style import wants_colour
from squares.errors import SquaresError
from squares.games import GAMES, get_game


def _deal(text: str) -> int:
    try:
        return parse_deal_number(text)
    except SquaresError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="squares",
        description="Play the solitaire card games Foursquare and Union Square.",
        epilog="Run 'squares COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"squares {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = list(GAMES)

    p = commands.add_parser("play", help="play a game in the terminal (text mode)",
                            description="Play in the terminal. Type ? in the game for the commands.")
    p.add_argument("game", choices=games, metavar="GAME", help=" or ".join(games))
    p.add_argument("--deal", type=_deal, help="deal number (default: a random deal)")

    p = commands.add_parser(
        "replay", help="print the player view after some moves, as JSON",
        usage="squares replay [-h] [--jsonl] [GAME --deal N [MOVE ...]]",
        description="Print the player view (JSON) after playing MOVEs on a deal. With --jsonl, "
        'read {"game": ..., "deal": N, "moves": [...]} per line from stdin and write one view '
        '(or {"error": ..., "move_index": K}) per line.',
    )
    p.add_argument("game", nargs="?", choices=games, metavar="GAME", help=" or ".join(games))
    p.add_argument("--deal", type=_deal, help="deal number")
    p.add_argument("--jsonl", action="store_true", help="read a batch of requests from stdin")

    p = commands.add_parser("rules", help="print the rules of a game")
    p.add_argument("game", choices=games, metavar="GAME", help=" or ".join(games))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    # Moves are read from what argparse leaves over: Foursquare's "-1,0" looks like an option.
    args, extra = parser.parse_known_args(argv)
    args.moves = extra
    if extra and (args.command != "replay" or any(e.startswith("--") for e in extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "play":
            return play(get_game(args.game), args.deal, wants_colour(sys.stdout))
        if args.command == "rules":
            print(rules_text(args.game))
            return 0
        return _replay(parser, args)
    except KeyboardInterrupt:
        print()
        return 130
    except (SquaresError, MoveError) as err:
        print(f"squares: error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.jsonl:
        if args.game or args.moves or args.deal is not None:
            parser.error("replay --jsonl reads everything from stdin: give no GAME, --deal or MOVE")
        return replay_lines(sys.stdin, sys.stdout)
    if args.game is None or args.deal is None:
        parser.error("replay needs GAME and --deal N (or --jsonl)")
    print(json.dumps(replay(args.game, args.deal, args.moves), ensure_ascii=False))
    return 0


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
