"""What the compiled code costs to compile from an empty numba cache, function by function.

Each run is a new Python process whose numba cache (``NUMBA_CACHE_DIR``) is a new, empty
folder, as after an install. It runs the compiled parts the suite prepares
(``tests.prepare.PARTS``: both games' players and solvers) one after another and records
every compile numba makes (its ``numba:compile`` events): for each compiled function its
signatures and its own CPU seconds (without the functions it compiles on its way), for
each part the CPU seconds it took, and the process's total. CPU seconds, the steady
figure on a shared machine.

    python benchmarks/bench_compile.py              # all parts in one process
    python benchmarks/bench_compile.py --apart      # and each part in a process of its own
    python benchmarks/bench_compile.py --signatures # and the argument types of each compile
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from numba.core import event
from tests.prepare import PARTS


class Compiles(event.Listener):
    def __init__(self):
        self.open = []  # [name, started, seconds of the compiles inside]
        self.own = {{}}  # name -> [signatures, own seconds, the argument types of each]

    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        name = function.__module__.removeprefix("squares.ai.") + "." + function.__qualname__
        self.open.append([name, time.process_time(), 0.0, str(ev.data["args"])])

    def on_end(self, ev):
        name, started, inside, arguments = self.open.pop()
        took = time.process_time() - started
        if self.open:
            self.open[-1][2] += took
        row = self.own.setdefault(name, [0, 0.0, []])
        row[0] += 1
        row[1] += took - inside
        row[2].append(arguments)


compiles = Compiles()
event.register("numba:compile", compiles)
parts = {{}}
for part in {parts!r}:
    started = time.process_time()
    PARTS[part]()
    parts[part] = time.process_time() - started
print(json.dumps({{"parts": parts, "functions": compiles.own, "total": time.process_time()}}))
"""


def compile_in_a_new_process(parts: list[str]) -> dict[str, Any]:
    """The compiles of ``parts`` run in a new process on a new, empty numba cache."""
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as folder:
        env = {**os.environ, "NUMBA_CACHE_DIR": folder}
        code = CHILD.format(root=str(ROOT), parts=parts)
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from tests.prepare import PARTS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apart", action="store_true", help="each part in its own process")
    parser.add_argument(
        "--signatures", action="store_true", help="the argument types a function compiled for"
    )
    args = parser.parse_args()
    together = compile_in_a_new_process(list(PARTS))
    functions = sorted(together["functions"].items(), key=lambda item: -item[1][1])
    print(f"{'compiled function':<48} {'signatures':>10} {'own CPU s':>10}")
    for name, (signatures, seconds, arguments) in functions:
        print(f"{name:<48} {signatures:>10} {seconds:>10.1f}")
        if args.signatures and signatures > 1:
            for types in arguments:
                print(f"    {types}")
    compiled = sum(row[1] for row in together["functions"].values())
    count = sum(row[0] for row in together["functions"].values())
    print(f"{'all compiles':<48} {count:>10} {compiled:>10.1f}")
    print(f"\n{'part, one process after another':<48} {'CPU s':>10}")
    for part, seconds in together["parts"].items():
        print(f"{part:<48} {seconds:>10.1f}")
    print(f"{'the process in all (imports too)':<48} {together['total']:>10.1f}")
    if args.apart:
        print(f"\n{'part, alone in a new process':<48} {'CPU s':>10}")
        for part in PARTS:
            alone = compile_in_a_new_process([part])
            print(f"{part:<48} {alone['parts'][part]:>10.1f}")


if __name__ == "__main__":
    main()
