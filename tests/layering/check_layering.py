#!/usr/bin/env python3
"""Checks that src/ and apps/ include only downward, by the floors in README.md's "Layout" table.

Usage: check_layering.py SOURCE_DIR          check the tree
       check_layering.py --self-test         show that an upward, a sideways and an unplaced
                                             include are each caught (a checker that cannot fail
                                             proves nothing)
A folder of src/ (or apps/) may include folders on lower floors only; a public header
(include/winml/x.h) counts as the folder its row names it with, or as its own unit. Every folder
and every public header that is included must have a row, so a new folder is placed before it lands.
"""
import pathlib
import re
import sys
import tempfile

TABLE_START = "<!-- layering: floors, bottom to top -->"
TABLE_END = "<!-- layering: end -->"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z0-9_]+)/([^"]+)"', re.M)
SOURCES = (".h", ".hpp", ".cpp", ".cc", ".in")


def read_floors(readme):
    """{unit: floor} from the table; a unit is a folder ("perf", "apps/winml") or a public header."""
    text = readme.read_text(encoding="utf-8")
    if TABLE_START not in text or TABLE_END not in text:
        raise SystemExit(f"{readme}: no layering table (between {TABLE_START!r} and {TABLE_END!r})")
    table = text.split(TABLE_START, 1)[1].split(TABLE_END, 1)[0]
    units = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not cells[0].isdigit():
            continue
        floor = int(cells[0])
        # `folder` (`winml/a.h`, `winml/b.h`), `other`: the bracketed headers belong to the folder.
        for folder, owned in re.findall(r"`([^`]+)`(?:\s*\(([^)]*)\))?", cells[1]):
            units[folder] = (floor, folder)
            for header in re.findall(r"`([^`]+)`", owned or ""):
                units[header] = (floor, folder)
    if not units:
        raise SystemExit(f"{readme}: the layering table has no rows")
    return units


def unit_of_file(root, path):
    rel = path.relative_to(root).parts
    if rel[0] == "src":
        return rel[1]
    return "/".join(rel[:2])  # apps/winml


def check(root):
    root = pathlib.Path(root)
    units = read_floors(root / "README.md")
    folders = {p.name for p in (root / "src").iterdir() if p.is_dir()}
    problems = []
    for folder in sorted(folders):
        if folder not in units:
            problems.append(f"src/{folder}/ has no row in README.md's Layout table: give it a floor")
    files = [p for base in ("src", "apps") for p in sorted((root / base).rglob("*")) if p.suffix in SOURCES]
    edges = 0
    for path in files:
        me = unit_of_file(root, path)
        if me not in units:
            problems.append(f"{path.relative_to(root)}: its folder {me} has no row in README.md's Layout table")
            continue
        my_floor, my_owner = units[me]
        for match in INCLUDE.finditer(path.read_text(encoding="utf-8", errors="replace")):
            first, rest = match.group(1), match.group(2)
            target = f"winml/{rest}" if first == "winml" else first
            if first != "winml" and first not in folders:
                continue  # a library's header (e.g. "onnx/onnx_pb.h" from the system), not ours
            where = f"{path.relative_to(root)}:{match.string.count(chr(10), 0, match.start()) + 1}"
            if target not in units:
                problems.append(f'{where}: includes "{first}/{rest}", whose {target} has no row in the Layout table')
                continue
            floor, owner = units[target]
            edges += 1
            if owner == my_owner:
                continue
            if floor > my_floor:
                problems.append(f'{where}: includes "{first}/{rest}": {owner} (floor {floor}) is above {me} (floor {my_floor})')
            elif floor == my_floor:
                problems.append(f'{where}: includes "{first}/{rest}": {owner} is beside {me} on floor {floor}; '
                                "move one of them to another floor")
    return problems, len(files), edges


def self_test():
    readme = "\n".join([TABLE_START, "| Floor | Folders | What |", "| - | - | - |",
                        "| 1 | `low` (`winml/low.h`) | x |", "| 2 | `high`, `side` | y |",
                        "| 3 | `apps/tool` | z |", TABLE_END, ""])
    cases = {
        "clean": ({"src/high/a.cpp": '#include "low/b.h"\n#include "winml/low.h"\n',
                   "apps/tool/main.cpp": '#include "high/a.h"\n'}, None),
        "upward": ({"src/low/a.cpp": '#include "high/b.h"\n'}, "is above"),
        "sideways": ({"src/high/a.cpp": '#include "side/b.h"\n'}, "is beside"),
        "unplaced": ({"src/new_folder/a.cpp": "\n"}, "has no row"),
        "unknown public header": ({"src/high/a.cpp": '#include "winml/other.h"\n'}, "has no row"),
    }
    failed = False
    for name, (files, expected) in cases.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = pathlib.Path(tmp)
            (root / "README.md").write_text(readme)
            for d in ("src/low", "src/high", "src/side", "apps/tool"):
                (root / d).mkdir(parents=True, exist_ok=True)
            for rel, text in files.items():
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_text(text)
            problems, _, _ = check(root)
            ok = not problems if expected is None else any(expected in p for p in problems)
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {problems or 'no problem'}")
            failed |= not ok
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems, files, edges = check(argv[1])
    for p in problems:
        print(p)
    if problems:
        print(f"layering: {len(problems)} problem(s) in {files} files; the floors are in README.md, \"Layout\"")
        return 1
    print(f"layering: {files} files, {edges} includes of other folders, all downward")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
