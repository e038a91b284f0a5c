"""Plays games with `zetema play --json` and validates each output against
docs/play-json.schema.json with an independent validator (Debian's
python3-jsonschema), and checks that the validator does refuse a broken
output, so the test can fail.

usage: validate_play_json.py SCHEMA ZETEMA GAME...

Each GAME is one argument: the options of one `zetema play` (--json is
added), e.g. "--variant sackson --players 2 --seed 3". A GAME starting with
"exit=N " expects exit status N instead of 0 (a game stopped by an error
still prints its JSON); one starting with "needs=TYPE,TYPE " must have an
event of each of those types (so the schema's rules for them are tried).
"""
import copy
import json
import shlex
import subprocess
import sys

import jsonschema


def broken_copies(doc):
    """Outputs the schema must refuse, each with what was broken."""
    out = []
    extra = copy.deepcopy(doc)
    extra["events"][0]["extra"] = 1
    out.append(("an unknown field in an event", extra))
    missing = copy.deepcopy(doc)
    del missing["turns"]
    out.append(("no 'turns'", missing))
    bad_type = copy.deepcopy(doc)
    bad_type["events"][0]["type"] = "teleport"
    out.append(("an unknown event type", bad_type))
    moves = [i for i, e in enumerate(doc["events"]) if e["type"] == "move"]
    if moves:
        bad_place = copy.deepcopy(doc)
        bad_place["events"][moves[0]]["to"] = "hand"
        out.append(("a move to a hand with no seat", bad_place))
        no_from = copy.deepcopy(doc)
        del no_from["events"][moves[0]]["from"]
        out.append(("a move without its 'from'", no_from))
    scored = [e for e in doc["events"] if e["type"] in ("declare", "zetema", "award")]
    if scored:
        no_cause = copy.deepcopy(doc)
        for e in no_cause["events"]:
            if e["type"] in ("declare", "zetema", "award"):
                del e["cause"]
                break
        out.append(("a score event without its cause", no_cause))
    return out


def main():
    schema_path, zetema, games = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    if not games:
        print("no games given")
        return 1
    failed = 0
    seen = set()
    for game in games:
        expect_exit = 0
        needs = []
        while game.startswith(("exit=", "needs=")):
            word, game = game.split(" ", 1)
            if word.startswith("exit="):
                expect_exit = int(word[len("exit="):])
            else:
                needs = word[len("needs="):].split(",")
        args = [zetema, "play", *shlex.split(game), "--json"]
        run = subprocess.run(args, capture_output=True, text=True, timeout=120)
        if run.returncode != expect_exit:
            print(f"{game}: exit {run.returncode}, expected {expect_exit}: {run.stderr.strip()}")
            failed += 1
            continue
        try:
            doc = json.loads(run.stdout)
        except json.JSONDecodeError as e:
            print(f"{game}: not JSON: {e}")
            failed += 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:10]:
            print(f"{game}: {'/'.join(map(str, e.path)) or '$'}: {e.message[:300]}")
        bad = bool(errors)
        types = {e.get("type", "?") for e in doc.get("events", [])}
        seen.update(types)
        for t in needs:
            if t not in types:
                print(f"{game}: no '{t}' event, which this game must have")
                bad = True
        for what, broken in broken_copies(doc) if not errors else []:
            if validator.is_valid(broken):
                print(f"{game}: the validator accepted {what}")
                bad = True
        failed += bad
    print(f"{len(games) - failed} of {len(games)} games valid; event types seen: "
          f"{' '.join(sorted(seen))}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
