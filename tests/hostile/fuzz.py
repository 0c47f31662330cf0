"""The long run of the record fuzzer: every example record, every kind of damage, for as many
cases or minutes as asked; a table of outcomes at the end.

    uv run python -m tests.hostile.fuzz --minutes 10
    uv run python -m tests.hostile.fuzz --cases 20000 --start 100000
    uv run python -m tests.hostile.fuzz --show four-partie.yaml alias 17   # one case's text

A case passes when it ends as a verified record or as a one-line RecordError with its
location, within the time and memory bound of :func:`tests.hostile.mutants.guard`. Anything
else is listed with the command that shows it again. Exit status 1 if any case failed.
"""

from __future__ import annotations

import argparse
import collections
import resource
import sys
import time

from .mutants import EXAMPLES, KINDS, MEMORY, SECONDS, mutant, run_case


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.hostile.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=0, help="stop after this many cases (0: no limit)")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this many minutes (0: no limit)")
    parser.add_argument("--start", type=int, default=0, help="the first case's number (cases are reproducible)")
    parser.add_argument("--show", nargs=3, metavar=("RECORD", "KIND", "SEED"), help="print one case's text and exit")
    args = parser.parse_args(argv)
    if args.show:
        name, kind, seed = args.show
        path = next(p for p in EXAMPLES if p.name == name)
        sys.stdout.write(mutant(path, kind, int(seed)))
        return 0
    if not args.cases and not args.minutes:
        args.cases = 2000
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else float("inf")
    outcomes: collections.Counter = collections.Counter()
    fields: collections.Counter = collections.Counter()
    failures: list[str] = []
    times: list[float] = []
    slowest = (0.0, "")
    start = time.monotonic()
    n = 0
    while (not args.cases or n < args.cases) and time.monotonic() < deadline:
        i = args.start + n
        path = EXAMPLES[i % len(EXAMPLES)]
        kind = KINDS[(i // len(EXAMPLES)) % len(KINDS)]
        seed = i
        n += 1
        try:
            result, where, took = run_case(path, kind, seed)
        except Exception as err:  # noqa: BLE001 - every other ending is the finding
            outcomes[(kind, "FAILED")] += 1
            first = str(err).splitlines()[0][:200] if str(err) else ""
            failures.append(f"{type(err).__name__}: {first}  [python -m tests.hostile.fuzz --show {path.name} {kind} {seed}]")
            continue
        outcomes[(kind, result)] += 1
        if where:
            fields[where] += 1
        times.append(took)
        if took > slowest[0]:
            slowest = (took, f"{path.name} {kind} {seed}")
    elapsed = time.monotonic() - start
    times.sort()
    print(f"{n} cases in {elapsed:.0f} s over {len(EXAMPLES)} example records and {len(KINDS)} kinds of damage "
          f"(bounds: {SECONDS:g} s and {MEMORY >> 20} MB a case)")
    print(f"{'kind':10} {'cases':>7} {'verified':>9} {'RecordError':>12} {'FAILED':>7}")
    for kind in KINDS:
        row = [outcomes[(kind, r)] for r in ("verified", "record-error", "FAILED")]
        print(f"{kind:10} {sum(row):7} {row[0]:9} {row[1]:12} {row[2]:7}")
    total = [sum(outcomes[(k, r)] for k in KINDS) for r in ("verified", "record-error", "FAILED")]
    print(f"{'all':10} {sum(total):7} {total[0]:9} {total[1]:12} {total[2]:7}")
    print("RecordErrors by field: " + ", ".join(f"{k} {v}" for k, v in fields.most_common()))
    if times:
        print(f"time a case: median {times[len(times) // 2] * 1000:.1f} ms, 99th percentile "
              f"{times[int(len(times) * 0.99)] * 1000:.1f} ms, slowest {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    print(f"peak memory of the process (max RSS): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB")
    for line in failures[:50]:
        print("FAILED " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
