"""paired-rounds' two halves.

--record NAME ROUND: one engine_bench JSON run (stdin) as lines
"NAME ROUND BENCHMARK RATE" (its hands/s or decisions/s counter, else runs
a second).

--summarise FILE NAMES...: per benchmark, each build's median rate over
the rounds, and the last build over the first over the rounds both ran:
the ratio of their medians, with a rough 95 % interval, and the median and
range of the rounds' own ratios. The interval is a bootstrap that resamples
blocks of five consecutive rounds (4,000 times, a fixed seed): the
machine's slow spells last several rounds, so single rounds are not
independent draws. A benchmark some build did not run is left out, named.
"""
import collections
import json
import random
import statistics
import sys

BLOCK = 5
SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def record(name, round_no):
    for b in json.load(sys.stdin)["benchmarks"]:
        rate = b.get("hands/s") or b.get("decisions/s")
        if rate is None:
            rate = 1 / (b["cpu_time"] * SECONDS[b.get("time_unit", "ns")])
        print(name, round_no, b["name"], rate)


def block_bootstrap(rounds, old, new, rng, times=4000):
    blocks = [rounds[i:i + BLOCK] for i in range(0, len(rounds), BLOCK)]
    ratios = []
    for _ in range(times):
        picked = [r for _ in blocks for r in rng.choice(blocks)]
        ratios.append(statistics.median(new[r] for r in picked) /
                      statistics.median(old[r] for r in picked))
    ratios.sort()
    return ratios[int(0.025 * times)], ratios[int(0.975 * times) - 1]


def summarise(path, names):
    runs = collections.defaultdict(lambda: collections.defaultdict(dict))
    for line in open(path):
        name, round_no, bench, rate = line.split()
        runs[bench][name][int(round_no)] = float(rate)
    first, last = names[0], names[-1]
    print("| benchmark | " + " | ".join(names) +
          f" | {last} / {first}: medians (rough 95 % interval) | rounds' ratios: median (range) |")
    print("|---" * (len(names) + 3) + "|")
    rng = random.Random(1)
    for bench, by_build in runs.items():
        missing = [n for n in names if not by_build[n]]
        if missing:
            print(f"| {bench} | not run by {', '.join(missing)} |", file=sys.stderr)
            continue
        rounds = sorted(set(by_build[first]) & set(by_build[last]))
        old = by_build[first]
        new = by_build[last]
        medians = [statistics.median(by_build[n].values()) for n in names]
        ratio = statistics.median(new[r] for r in rounds) / statistics.median(old[r] for r in rounds)
        low, high = block_bootstrap(rounds, old, new, rng)
        own = [new[r] / old[r] for r in rounds]
        print(f"| {bench} | " + " | ".join(f"{m:,.0f}" for m in medians) +
              f" | {ratio:.2f} ({low:.2f}–{high:.2f})"
              f" | {statistics.median(own):.2f} ({min(own):.2f}–{max(own):.2f}) |")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "--record":
        record(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "--summarise":
        summarise(sys.argv[2], sys.argv[3:])
    else:
        sys.exit("usage: paired_summary.py --record NAME ROUND < run.json | "
                 "--summarise FILE NAME...")
