"""``squares``: play Foursquare and Union Square in the terminal, keep the record, replay
games for tools.

Exit codes: 0 success, 2 bad input (a usage error, an illegal move, a bad deal number or
share code, an unusable database file).

The language is chosen first (``--lang``, before or after the command, then ``LC_ALL``,
``LC_MESSAGES``, ``LANG``), so that the help and every message are in it. ``squares replay``
writes data for tools, so its output stays English.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from squares import __version__
from squares.address import DEFAULT_HOST, DEFAULT_PORT
from squares.cli import argparse_words, arguments
from squares.cli.ai import add_ai_commands
from squares.cli.difficulty import add_difficulty_command
from squares.cli.exits import EXIT_BAD_INPUT, EXIT_REFUSED
from squares.cli.replay import MoveError
from squares.cli.survey import add_survey_commands
from squares.cli.what_to_play import add_game_to_play, share_code_mismatch, what_to_play
from squares.errors import BadDatabase, SquaresError
from squares.games import GAMES, either
from squares.i18n import DEFAULT, LANGUAGES, N_, _, choose_language, current, language
from squares.store.db import Database, open_db

# Each command imports what only it uses (play its AI, serve the web's libraries, the
# record commands their tables), so that a quick command starts quickly.
READING = ("games", "daily", "export")  # and ``stats`` without ``--reset``: see ``_open``

DB_HELP = N_(
    "the saved-games database file (default: $SQUARES_DB, else squares.db in the user "
    "data directory)"
)


def _lenient_stdin() -> None:
    """Bytes that are not UTF-8 on stdin read as U+FFFD: a bad line is a bad line, not a crash."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help in the current language (build it once that is chosen)."""
    parser = argparse.ArgumentParser(
        prog="squares",
        description=_("Play the solitaire card games Foursquare and Union Square."),
        epilog=_("Run 'squares COMMAND --help' for the options of one command."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"squares {__version__}",
        help=_("show the program's version number and exit"),
    )
    parser.add_argument("--db", metavar="PATH", help=_(DB_HELP))
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help=_(
            "the language of the program: {codes} (default: from LC_ALL, LC_MESSAGES or "
            "LANG, else en); also taken after the command"
        ).format(codes=", ".join(LANGUAGES)),
    )
    # --db is taken after the command too; SUPPRESS keeps it from hiding the global one.
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=_(DB_HELP))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = list(GAMES)
    names = either(games)
    both = _("{games} (default: both)").format(games=names)

    p = commands.add_parser(
        "play",
        parents=[db],
        help=_("play a game in the terminal (resumes the unfinished one)"),
        description=_(
            "Play in the terminal. The unfinished game of GAME is resumed; every move is "
            "saved at once. Type ? in the game for the commands."
        )
        + " "
        + _(
            "Commands may come from a pipe: a refused line goes to standard error, and the "
            "exit status is then {status} (0 when every line was played)."
        ).format(status=EXIT_REFUSED),
    )
    add_game_to_play(p, names)
    p.add_argument(
        "--plain",
        action="store_true",
        help=_("the line mode even at a terminal ('squares tui' is always full screen)"),
    )
    p = commands.add_parser(
        "tui",
        parents=[db],
        help=_("play a game full screen in the terminal (resumes the unfinished one)"),
        description=_(
            "Play full screen in the terminal. The unfinished game of GAME is resumed; every "
            "move is saved at once. Press ? in the game for the keys."
        ),
    )
    add_game_to_play(p, names)

    p = commands.add_parser(
        "replay",
        help=_("print the player view after some moves, as JSON"),
        usage="squares replay [-h] [--jsonl] [GAME --deal N [MOVE ...]]",
        description=_(
            "Print the player view (JSON) after playing MOVEs on a deal. With --jsonl, "
            'read {"game": ..., "deal": N, "moves": [...]} per line from stdin and write one '
            'view (or {"error": ..., "move_index": K}) per line.'
        ),
    )
    p.add_argument("game", nargs="?", choices=games, metavar="GAME", help=names)
    p.add_argument("--deal", type=arguments.deal_choice, metavar="N", help=_("deal number"))
    p.add_argument("--jsonl", action="store_true", help=_("read a batch of requests from stdin"))

    p = commands.add_parser(
        "rules",
        help=_("print the rules of a game"),
        description=_(
            "Print the rules of GAME in the language chosen (--lang before the command): "
            "the layout, the moves, how the game ends and how it is scored."
        ),
    )
    p.add_argument("game", choices=games, metavar="GAME", help=names)

    p = commands.add_parser("stats", parents=[db], help=_("your statistics and the last ten games"))
    p.add_argument("game", nargs="?", choices=games, metavar="GAME", help=both)
    p.add_argument("--json", action="store_true", help=_("print them as JSON"))
    p.add_argument(
        "--reset",
        action="store_true",
        help=_("clear the finished games (a backup file is kept; asks first)"),
    )
    p.add_argument("--yes", action="store_true", help=_("with --reset: do not ask"))

    p = commands.add_parser("games", parents=[db], help=_("list the saved games"))
    p.add_argument("game", nargs="?", choices=games, metavar="GAME", help=both)
    p.add_argument(
        "--json",
        action="store_true",
        help=_("print them as one JSON array, newest first, a game a line"),
    )
    p.add_argument(
        "--limit",
        type=arguments.count,
        metavar="N",
        help=_("at most N games (default: every game)"),
    )
    p.add_argument(
        "--offset",
        type=arguments.count,
        default=0,
        metavar="N",
        help=_("skip the N newest games first (with --limit: the next page)"),
    )

    p = commands.add_parser(
        "daily", parents=[db], help=_("today's daily deals: results and streak")
    )

    p = commands.add_parser("export", parents=[db], help=_("print a saved game as JSON"))
    p.add_argument(
        "game_id", type=arguments.game_id, metavar="GAME_ID", help=_("the id 'squares games' shows")
    )

    p = commands.add_parser(
        "review",
        parents=[db],
        help=_("review a finished game: the best it allowed, the move that cost it"),
        description=_(
            "Review a finished game: the best score its deal allowed, seen by a solver that "
            "knows the whole deal, against yours; the move after which that best could no "
            "longer be reached, and a better one; and your chance to win before each move, "
            "as you saw the game. The first review of a game is worked out and kept."
        ),
    )
    p.add_argument(
        "game_id", type=arguments.game_id, metavar="GAME_ID", help=_("the id 'squares games' shows")
    )
    p.add_argument("--json", action="store_true", help=_("print it as JSON"))

    p = commands.add_parser(
        "import", parents=[db], help=_("add games from a 'squares export' file")
    )
    p.add_argument("file", metavar="FILE", help=_("the JSON file ('-' reads standard input)"))

    p = commands.add_parser(
        "serve", parents=[db], help=_("play in the browser (a local web server)")
    )
    p.add_argument(
        "--host",
        type=arguments.host,
        default=DEFAULT_HOST,
        help=_("address to listen on (default: %(default)s)"),
    )
    p.add_argument(
        "--port", type=arguments.port, default=DEFAULT_PORT, help=_("port (default: %(default)s)")
    )
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser"))

    add_ai_commands(commands)
    add_survey_commands(commands)
    add_difficulty_command(commands)
    return parser


def split_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang LANG`` (or ``--lang=LANG``) from anywhere on the line, and the rest.

    >>> split_language(["rules", "foursquare", "--lang", "de"])
    ('de', ['rules', 'foursquare'])
    """
    first = argparse.ArgumentParser(prog="squares", add_help=False, allow_abbrev=False)
    first.add_argument("--lang", metavar="LANG")
    known, rest = first.parse_known_args(list(argv))
    return known.lang, rest


def main(argv: Sequence[str] | None = None) -> int:
    argparse_words.install()
    option, rest = split_language(sys.argv[1:] if argv is None else argv)
    with language(choose_language(option, os.environ)):
        return _main(rest, option)


def _main(argv: list[str], lang_option: str | None = None) -> int:
    parser = build_parser()
    # Moves are read from what argparse leaves over: Foursquare's "-1,0" looks like an option.
    args, extra = parser.parse_known_args(argv)
    args.moves = extra
    if extra and (args.command != "replay" or any(e.startswith("--") for e in extra)):
        parser.error(_("unrecognized arguments: {arguments}").format(arguments=" ".join(extra)))
    if args.command == "stats" and args.yes and not args.reset:
        parser.error(_("--yes goes with --reset: squares stats --reset --yes"))
    try:
        if args.command == "rules":
            from squares.rules import rules_text

            print(rules_text(args.game, current()))
            return 0
        if args.command == "replay":
            return _replay(parser, args)
        if args.command in ("solve", "simulate", "survey", "survey-report", "difficulty"):
            from squares.cli.ai import run_ai_command

            return run_ai_command(args)
        if args.command in ("play", "tui"):
            game, deal = what_to_play(parser, args)
            _lenient_stdin()
            with closing(_open(args)) as db:
                if args.command == "tui" or (not args.plain and _at_a_terminal()):
                    from squares.tui import run as full_screen  # Textual loads only for it

                    return full_screen(db, game, deal, args.new, lang_option)
                from squares.cli.play import play
                from squares.cli.style import wants_colour

                return play(db, game, deal, args.new, wants_colour(sys.stdout))
        if args.command == "serve":
            from squares.web.serve import serve  # the web's libraries load only for it

            path = None if args.db is None else Path(args.db)
            return serve(args.host, args.port, path, not args.no_browser)
        if args.command == "import":  # the file is read and checked before the database
            from squares.cli.games import import_file, read_import_file

            games = read_import_file(args.file, sys.stdin)
            with closing(_open(args)) as db:
                return import_file(db, games, sys.stdout)
        with closing(_open(args)) as db:
            return _record_command(args, db)
    except KeyboardInterrupt:
        print()
        return 130
    except (SquaresError, MoveError) as err:
        print(_("squares: error: {problem}").format(problem=err), file=sys.stderr)
        return EXIT_BAD_INPUT


def _at_a_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _open(args: argparse.Namespace) -> Database:
    """The database, opened for reading only by a command that only reads (which then
    checks the pages it reads, not every page: ``squares.store.checks``)."""
    if args.db is None:
        from squares.store.paths import default_db_path

        path = os.fspath(default_db_path())
    else:
        path = os.fspath(args.db)
    if not path.strip():
        raise BadDatabase(_("--db needs the path of a database file"))
    reading = args.command in READING or (args.command == "stats" and not args.reset)
    return open_db(path, writing=not reading)


def _record_command(args: argparse.Namespace, db: Database) -> int:
    if args.command in ("stats", "daily"):
        from squares.cli import stats as stats_cli

        if args.command == "daily":
            return stats_cli.daily(db, sys.stdout)
        if args.reset:
            return stats_cli.reset(db, args.game, args.yes, sys.stdin, sys.stdout)
        return stats_cli.show(db, args.game, args.json, sys.stdout)
    from squares.cli import games as games_cli

    if args.command == "games":
        return games_cli.list_games(db, args.game, args.json, sys.stdout, args.limit, args.offset)
    if args.command == "export":
        return games_cli.export(db, args.game_id, sys.stdout)
    from squares.cli import review as review_cli  # the last of them: review

    return review_cli.show(db, args.game_id, args.json, sys.stdout)


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from squares.cli.replay import replay, replay_lines

    if args.jsonl:
        if args.game or args.moves or args.deal is not None:
            parser.error(
                _("replay --jsonl reads everything from stdin: give no GAME, --deal or MOVE")
            )
        _lenient_stdin()
        with language(DEFAULT):  # data for tools: the same words whatever the language
            return replay_lines(sys.stdin, sys.stdout)
    if args.game is None or args.deal is None:
        parser.error(_("replay needs GAME and --deal N (or --jsonl)"))
    named, deal = args.deal
    if named is not None and named != args.game:
        parser.error(share_code_mismatch(named, deal, args.game))
    with language(DEFAULT):
        view = replay(args.game, deal, args.moves)
    print(json.dumps(view, ensure_ascii=False))
    return 0


def run() -> None:
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``squares games | head``): nothing more to say to it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 0
    sys.exit(code)


if __name__ == "__main__":
    run()
