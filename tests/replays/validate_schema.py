"""Validates replay files against docs/replay.schema.json with an
independent validator (Debian's python3-jsonschema), and checks that the
validator does refuse a broken replay, so the test can fail.

usage: validate_schema.py SCHEMA FILE...
"""
import copy
import json
import sys

import jsonschema


def main():
    schema_path, files = sys.argv[1], sys.argv[2:]
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    if not files:
        print("no replay files given")
        return 1
    failures = 0
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors:
            print(f"{path}: {'/'.join(map(str, e.path)) or '$'}: {e.message}")
        failures += bool(errors)
        # The same replay with a broken deck must be refused.
        broken = copy.deepcopy(doc)
        broken["hands"][0]["deck"] = broken["hands"][0]["deck"][3:]
        if validator.is_valid(broken):
            print(f"{path}: the validator accepted a 64-card deck")
            failures += 1
    print(f"{len(files) - failures} of {len(files)} replays valid")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
