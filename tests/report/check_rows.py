#!/usr/bin/env python3
"""Reads the row formats of `winml perf -f csv|md|jsonl` with real parsers.

check_rows.py dump FILE.csv   print the records as csv.reader reads them (a JSON array)
check_rows.py [--columns-only] FILE...   check each file by extension; exit 1 on a problem:
  .csv    csv.DictReader: unique header names, every record as wide as the header
  .md     a GitHub table: | cells |, equal column counts, a --- / ---: separator row
  .jsonl  every line a JSON object with schema_version and kind
Files with the same stem (genai.csv, genai.md, genai.jsonl) must agree on columns and cells
(only columns with --columns-only: files from different runs). An md table shows the columns
--columns chose (a narrow set by default): its columns must be among the others', in their order,
and its cells agree with theirs.
"""
import csv
import json
import re
import sys
from pathlib import Path

UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.reader(f))


def check_csv(path):
    records = read_csv(path)
    if not records:
        return ["empty"], None
    header = records[0]
    problems = []
    if len(set(header)) != len(header):
        problems.append("duplicate header names")
    with open(path, newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            if None in row or None in row.values():
                problems.append(f"record {n} is not as wide as the header")
    return problems, (header, records[1:])


def check_md(path):
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    problems = []
    if len(lines) < 2:
        return ["no header and separator"], None
    rows = []
    for n, line in enumerate(lines, start=1):
        if not (line.startswith("| ") and line.endswith(" |")):
            problems.append(f"line {n} is not a table row")
            continue
        rows.append([c.strip().replace("\\|", "|") for c in UNESCAPED_PIPE.split(line)[1:-1]])
    if any(len(r) != len(rows[0]) for r in rows):
        problems.append("rows differ in column count")
    if any(c not in ("---", "---:") for c in rows[1]):
        problems.append(f"bad separator row: {lines[1]}")
    return problems, (rows[0], rows[2:])


def check_jsonl(path):
    problems, rows = [], []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        obj = json.loads(line)
        if not isinstance(obj, dict) or "schema_version" not in obj or "kind" not in obj:
            problems.append(f"line {n}: not a row object")
            continue
        rows.append(obj)
    if not rows:
        return problems + ["no rows"], None
    header = [k for k in rows[0] if k not in ("schema_version", "kind")]
    as_text = lambda v: "" if v is None else (v if isinstance(v, str) else json.dumps(v))
    return problems, (header, [[as_text(r.get(k)) for k in header] for r in rows])


def main(argv):
    if len(argv) == 3 and argv[1] == "dump":
        print(json.dumps(read_csv(argv[2])))
        return 0
    columns_only = len(argv) > 1 and argv[1] == "--columns-only"
    if columns_only:
        argv = argv[:1] + argv[2:]
    checks = {".csv": check_csv, ".md": check_md, ".jsonl": check_jsonl}
    bad = False
    tables = {}
    for name in argv[1:]:
        path = Path(name)
        problems, table = checks[path.suffix](path)
        for p in problems:
            print(f"{path}: {p}")
        bad = bad or bool(problems)
        if table is not None:
            tables.setdefault(path.with_suffix(""), []).append((path, table))
    for stem, found in tables.items():
        # The widest file first: an md table's columns are a selection of the csv's and jsonl's.
        found.sort(key=lambda f: (f[0].suffix == ".md", -len(f[1][0])))
        (first, (header, rows)), *others = found
        for other, (h, r) in others:
            if other.suffix == ".md" and first.suffix != ".md" and set(h) <= set(header):
                index = [header.index(c) for c in h]
                if index != sorted(index):
                    print(f"{other}: columns out of the order of {first}")
                    bad = True
                rows_of_first = [[row[i] for i in index] for row in rows]
                if not columns_only and [[float(c) if re.fullmatch(r"-?[0-9.e+-]+", c) else c for c in row] for row in r] != [
                    [float(c) if re.fullmatch(r"-?[0-9.e+-]+", c) else c for c in row] for row in rows_of_first
                ]:
                    print(f"{other}: cells differ from {first}")
                    bad = True
                continue
            if h != header:
                print(f"{other}: columns differ from {first}")
                bad = True
            elif not columns_only and [[float(c) if re.fullmatch(r"-?[0-9.e+-]+", c) else c for c in row] for row in r] != [
                [float(c) if re.fullmatch(r"-?[0-9.e+-]+", c) else c for c in row] for row in rows
            ]:
                print(f"{other}: cells differ from {first}")
                bad = True
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
