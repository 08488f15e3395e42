from squares.cli.main import run

run()
