#!/usr/bin/env python3
"""Checks the docs' two reference lists against the sources: docs/exit-codes.md lists every exit
code winml returns, docs/environment.md every environment variable it reads, and neither lists one
the code no longer has.

Usage: check_reference_lists.py SOURCE_DIR    check the tree
       check_reference_lists.py --self-test   show that a missing and a stale row of each list are
                                              caught (on a tree it writes)
Exit codes in the code: every `constexpr int kExit... = N` in src/ and apps/, every `return N;` and
`code = N;` of apps/winml/command_line.cpp (the command line main() runs), 0, and 128 + N when src/platform/ re-raises a caught signal.
Variables read: every name given as a literal to environment_variable() or getenv(), and every
string literal that is a whole WINML_ name (the plugins pass theirs through a spec).
"""
import pathlib
import re
import sys
import tempfile

SOURCES = (".h", ".hpp", ".cpp", ".cc", ".in")
EXIT_TABLE = ("<!-- exit-codes: table -->", "<!-- exit-codes: end -->")
ENV_TABLE = ("<!-- environment: table -->", "<!-- environment: end -->")
SIGNAL_ROW = "128 + N"


def sources(root):
    return [p for base in ("src", "apps") for p in sorted((root / base).rglob("*")) if p.suffix in SOURCES]


def table_rows(path, markers):
    text = path.read_text(encoding="utf-8")
    if markers[0] not in text or markers[1] not in text:
        raise SystemExit(f"{path}: no table between {markers[0]!r} and {markers[1]!r}")
    rows = []
    for line in text.split(markers[0], 1)[1].split(markers[1], 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and not set(cells[0]) <= set("- ") and cells[0] not in ("Code", "Variable"):
            rows.append(cells[0])
    return rows


def exit_codes_in_code(root):
    codes = {"0"}
    for path in sources(root):
        for value in re.findall(r"constexpr\s+int\s+kExit\w*\s*=\s*(\d+)", path.read_text(encoding="utf-8")):
            codes.add(value)
    main = (root / "apps" / "winml" / "command_line.cpp").read_text(encoding="utf-8")
    codes.update(re.findall(r"\b(?:return|code\s*=)\s*(\d+)\s*;", main))
    platform = root / "src" / "platform"
    if any("::raise(" in p.read_text(encoding="utf-8") for p in platform.glob("*.cpp")):
        codes.add(SIGNAL_ROW)
    return codes


def variables_in_code(root):
    names = set()
    for path in sources(root):
        text = path.read_text(encoding="utf-8")
        names.update(re.findall(r'(?<!set_)(?:environment_variable|getenv)\(\s*"([A-Za-z_][A-Za-z0-9_]*)"', text))
        names.update(re.findall(r'"(WINML_[A-Z0-9_]+)"', text))
    return names


def check(root):
    root = pathlib.Path(root)
    problems = []
    listed = table_rows(root / "docs" / "exit-codes.md", EXIT_TABLE)
    found = exit_codes_in_code(root)
    for code in sorted(found - set(listed)):
        problems.append(f"docs/exit-codes.md: winml can exit with {code}, which the table does not list: add a row")
    for code in sorted(set(listed) - found):
        problems.append(f"docs/exit-codes.md: the table lists {code}, which the code never returns: remove the row")
    variables = set()
    for cell in table_rows(root / "docs" / "environment.md", ENV_TABLE):
        variables.update(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cell))
    read = variables_in_code(root)
    for name in sorted(read - variables):
        problems.append(f"docs/environment.md: the sources read {name}, which the table does not list: add a row")
    for name in sorted(variables - read):
        problems.append(f"docs/environment.md: the table lists {name}, which no source reads: remove it")
    return problems


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        files = {
            "apps/winml/command_line.cpp": "int f() { return 2; }\nint run() { int code = 0; code = 1; return code; }\n",
            "apps/winml/gate.h": "inline constexpr int kExitGate = 4;\n",
            "src/platform/signal.cpp": "void h(int sig) { ::raise(sig); }\n",
            "src/cache/root.cpp": 'auto a = environment_variable("WINML_DIR"); auto b = std::getenv("HOME");\n'
                                  'set_environment_variable("ORT_X", "1");\n',
            "src/plugin/spec.cpp": 'Spec s{"lib.so", "WINML_PLUGIN_PATH"};\n',
        }
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
        (root / "docs").mkdir()

        def run(codes, variables):
            (root / "docs" / "exit-codes.md").write_text(
                f"{EXIT_TABLE[0]}\n| Code | Meaning |\n| --- | --- |\n" + "".join(f"| {c} | x |\n" for c in codes) +
                f"{EXIT_TABLE[1]}\n", encoding="utf-8")
            (root / "docs" / "environment.md").write_text(
                f"{ENV_TABLE[0]}\n| Variable | What |\n| --- | --- |\n" + "".join(f"| {v} | x |\n" for v in variables) +
                f"{ENV_TABLE[1]}\n", encoding="utf-8")
            return check(root)

        good_codes = ["0", "1", "2", "4", SIGNAL_ROW]
        good_vars = ["`WINML_DIR`", "`HOME`", "`WINML_PLUGIN_PATH`"]
        cases = [
            (good_codes, good_vars, []),
            (["0", "1", "2", SIGNAL_ROW], good_vars, ["exit with 4"]),
            (good_codes[:-1], good_vars, ["exit with 128 + N"]),
            (good_codes + ["7"], good_vars, ["lists 7"]),
            (good_codes, ["`WINML_DIR`, `HOME`"], ["read WINML_PLUGIN_PATH"]),
            (good_codes, good_vars + ["`ORT_X`"], ["lists ORT_X"]),
        ]
        for codes, variables, expected in cases:
            problems = run(codes, variables)
            if len(problems) != len(expected) or any(e not in p for e, p in zip(expected, problems)):
                failures.append(f"codes {codes}, variables {variables}: expected {expected}, got {problems}")
    for failure in failures:
        print("self-test:", failure, file=sys.stderr)
    print("self-test:", "FAILED" if failures else "missing and stale exit codes and variables are caught")
    return 1 if failures else 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(argv[0])
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check_reference_lists: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
