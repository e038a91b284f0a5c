"""paired-rounds' two halves: --record NAME ROUND turns one engine_bench JSON
run (stdin) into lines "NAME ROUND BENCHMARK RATE"; --summarise FILE NAMES...
prints, per benchmark, each build's median rate over the rounds and the last
build over the first: the ratio of the medians with a 95 % bootstrap
interval (rounds resampled, 4,000 times, fixed seed), and the median and
range of the rounds' own ratios."""
import collections
import json
import random
import statistics
import sys


def record(name, round_no):
    for b in json.load(sys.stdin)["benchmarks"]:
        rate = b.get("hands/s") or b.get("decisions/s") or 1e9 / b["cpu_time"]
        print(name, round_no, b["name"], rate)


def summarise(path, names):
    runs = collections.defaultdict(lambda: collections.defaultdict(dict))
    for line in open(path):
        name, round_no, bench, rate = line.split()
        runs[bench][name][int(round_no)] = float(rate)
    first, last = names[0], names[-1]
    print("| benchmark | " + " | ".join(names) +
          f" | {last} / {first}: medians (95 % interval) | rounds' ratios: median (range) |")
    print("|---" * (len(names) + 3) + "|")
    rng = random.Random(1)
    for bench, by_build in runs.items():
        medians = [statistics.median(by_build[n].values()) for n in names]
        rounds = sorted(set(by_build[first]) & set(by_build[last]))
        ratios = [by_build[last][r] / by_build[first][r] for r in rounds]
        boot = sorted(
            statistics.median([by_build[last][r] for r in s]) /
            statistics.median([by_build[first][r] for r in s])
            for s in ([rng.choice(rounds) for _ in rounds] for _ in range(4000)))
        print(f"| {bench} | " + " | ".join(f"{m:,.0f}" for m in medians) +
              f" | {medians[-1] / medians[0]:.2f} ({boot[100]:.2f}–{boot[3899]:.2f})"
              f" | {statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) |")


if __name__ == "__main__":
    if sys.argv[1] == "--record":
        record(sys.argv[2], sys.argv[3])
    else:
        summarise(sys.argv[2], sys.argv[3:])
