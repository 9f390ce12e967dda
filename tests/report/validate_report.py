#!/usr/bin/env python3
"""Validates winml perf reports against docs/report.schema.json with python3-jsonschema.

Usage: validate_report.py SCHEMA REPORT...

Checks the schema itself against the JSON Schema 2020-12 meta-schema first, then every report.
Prints each violation as "REPORT: /json/pointer: message". Exit status: 0 when every report is
valid, 1 when one is not, 2 when the schema or a report cannot be read or the schema is broken.
The tests (ctest report_schema_*, report_tests, e2e_tests) call it for golden and real reports.
"""

import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("error: python3-jsonschema is not installed. Run scripts/setup.sh "
             "(apt-get install python3-jsonschema).")

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print(f"error: cannot read {path}: {e}", file=sys.stderr)
        sys.exit(2)


def pointer(path):
    return "/" + "/".join(str(part) for part in path)


def leaf_errors(error):
    """The violations to show for one error. A oneOf failure lists the sub-errors of every branch;
    the branch (genai or onnx report) with the fewest is the one the report was meant to be."""
    if not error.context:
        return [error]
    branches = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    return min(branches.values(), key=len)


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    schema_path, report_paths = argv[1], argv[2:]
    schema = load(schema_path)
    if schema.get("$schema") != DRAFT_2020_12:
        print(f"error: {schema_path} must declare \"$schema\": \"{DRAFT_2020_12}\"", file=sys.stderr)
        return 2
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print(f"error: {schema_path} is not a valid JSON Schema: {pointer(e.path)}: {e.message}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    status = 0
    for path in report_paths:
        errors = sorted(validator.iter_errors(load(path)), key=lambda e: list(map(str, e.path)))
        for error in errors:
            for detail in leaf_errors(error):
                print(f"{path}: {pointer(detail.absolute_path)}: {detail.message}")
        if errors:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
