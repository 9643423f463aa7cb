"""Validate JSON documents against a JSON Schema (draft 2020-12):
    python3 tests/json_schema.py SCHEMA FILE...
Prints every file's first errors with their place; exits 1 if any file is
invalid.  Uses Debian's python3-jsonschema (make deps installs it)."""
import json
import sys

import jsonschema


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    bad = 0
    for f in sys.argv[2:]:
        for e in list(v.iter_errors(json.load(open(f))))[:3]:
            where = "/".join(map(str, e.absolute_path))
            print(f"{f}: {where}: {e.message[:200]}")
            bad = 1
    print(f"{len(sys.argv) - 2} documents checked")
    sys.exit(bad)


main()
