#!/usr/bin/env python3
"""Checks that README.md's shell commands are self-consistent: every bundle or model a command
reads from a scratch path (`-m /tmp/X`, `--model /tmp/X`) is one a README command writes
(`-o /tmp/X` of `bundle synth`, `bundle derive`, ...), so a newcomer who runs the README's
commands in order never meets a path nothing created.

Usage: check_readme_paths.py SOURCE_DIR    check README.md of the tree
       check_readme_paths.py --self-test   show that a path nothing creates is caught
"""
import pathlib
import re
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")
READ = re.compile(r"(?:^|\s)(?:-m|--model)[ =](/tmp/[^\s;&|)]+)")
WRITE = re.compile(r"(?:^|\s)(?:-o|--output)[ =](/tmp/[^\s;&|)]+)")


def shell_lines(text):
    """The lines of the ```sh / ```bash / ```shell blocks, with their line numbers."""
    inside = False
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE.match(line)
        if fence:
            inside = not inside and fence.group(1) in ("sh", "bash", "shell")
            continue
        if inside:
            yield number, line.split(" #", 1)[0]


def problems(readme):
    text = readme.read_text(encoding="utf-8")
    written = {path.rstrip("/") for _, line in shell_lines(text) for path in WRITE.findall(line)}
    found = []
    for number, line in shell_lines(text):
        for path in READ.findall(line):
            if path.rstrip("/") not in written:
                found.append(f"{readme}:{number}: {path} is read here but no README command creates it "
                             f"(write it with `winml bundle synth -o {path}`, or use a path one creates)")
    return found


def self_test():
    with tempfile.TemporaryDirectory() as scratch:
        readme = pathlib.Path(scratch) / "README.md"
        readme.write_text("```sh\nwinml bundle synth -o /tmp/made --overwrite\nwinml perf -m /tmp/made\n"
                          "winml perf -m /tmp/never   # nothing makes it\n```\n", encoding="utf-8")
        found = problems(readme)
    ok = len(found) == 1 and "/tmp/never" in found[0] and ":4:" in found[0]
    print("self-test:", "a path nothing creates is caught" if ok else f"FAILED: {found}")
    return 0 if ok else 1


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    found = problems(pathlib.Path(argv[0]) / "README.md")
    for problem in found:
        print(problem, file=sys.stderr)
    if not found:
        print("README paths ok: every /tmp path a command reads, a README command creates")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
