#!/usr/bin/env python3
"""Checks that every `winml ...` command line of a shell block in README.md and docs/*.md names
commands and flags the real binary has, as its --help lists them.

Usage: check_doc_commands.py WINML SOURCE_DIR   check the docs against the binary WINML
       check_doc_commands.py --self-test        show that an unknown flag, an unknown short flag
                                                and an unknown command are each caught, on a fake
                                                binary and a Markdown file it writes
Every option of every command must also appear somewhere in the docs, under one of its names.
Only the names are checked, not the values: a flag's value may be a placeholder (`-m model.onnx`).
A line is split at `&&`, `||`, `|` and `;`; a word whose last path part is `winml` (or
`winml.exe`) starts a command; the words after it that name a subcommand of the level reached
select it, the rest up to the next separator are its arguments.
"""
import functools
import os
import pathlib
import re
import shlex
import stat
import subprocess
import sys
import tempfile

SHELL_FENCE = re.compile(r"^```(sh|bash|shell|console)\s*$")
SEPARATORS = {"&&", "||", "|", ";"}


class Help:
    """The flags and subcommands one level of `winml [words] --help` lists."""

    def __init__(self, text):
        self.flags = set()
        self.options = []  # the names of one option each: ["-m", "--model"]
        self.subcommands = set()
        section = None
        for line in text.splitlines():
            if re.match(r"^\S.*:\s*$", line):
                section = line.strip().rstrip(":").lower()
                continue
            stripped = line.strip()
            if section == "commands" and re.match(r"^  \S", line):  # deeper lines continue a description
                self.subcommands.add(stripped.split()[0])
            elif re.match(r"^  -", line):
                # The names column ends at two spaces: "-m, --model PATH", "--[no-]compile".
                names = []
                for name in re.split(r"\s{2,}", stripped)[0].split(","):
                    name = name.split()[0] if name.split() else ""
                    names += [name.replace("[no-]", ""), name.replace("[no-]", "no-")] if "[no-]" in name else [name]
                names = [name for name in names if re.fullmatch(r"--?[A-Za-z0-9][\w-]*", name)]
                self.flags.update(names)
                if names and "--help" not in names:
                    self.options.append(names)


@functools.lru_cache(maxsize=None)
def help_of(winml, words):
    run = subprocess.run([winml, *words, "--help"], capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        raise SystemExit(f"`{' '.join(['winml', *words, '--help'])}` exited {run.returncode}: {run.stderr.strip()}")
    return Help(run.stdout)


def is_winml(word):
    """The program itself, not a variable assignment before it (WINML_CACHE_DIR=/x/winml)."""
    return "=" not in word and os.path.basename(word) in ("winml", "winml.exe")


def quotes_closed(text):
    try:
        shlex.split(text, comments=True)
        return True
    except ValueError:
        return False


def command_lines(path):
    """[(line number, text)] of the shell blocks of `path`, continuation lines joined."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    in_shell = False
    pending, pending_line = "", 0
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_shell = not in_shell and bool(SHELL_FENCE.match(line))
            continue
        if not in_shell:
            continue
        if not pending:
            pending_line = number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        if not quotes_closed(pending + line):  # a quoted argument that spans lines (a jq program)
            pending += line + "\n"
            continue
        found.append((pending_line, pending + line))
        pending = ""
    if pending:
        found.append((pending_line, pending))
    return found


def problems_of_line(winml, where, text):
    try:
        words = shlex.split(text, comments=True)
    except ValueError as e:
        return [f"{where}: cannot split the line ({e}): {text}"]
    problems = []
    i = 0
    while i < len(words):
        if not is_winml(words[i]):
            i += 1
            continue
        path = ()
        i += 1
        while i < len(words) and words[i] not in SEPARATORS:
            word = words[i]
            i += 1
            if re.match(r"^\d*[<>]", word):  # a redirection: its target may be the next word
                if re.fullmatch(r"\d*[<>]+&?", word):
                    i += 1
                continue
            help = help_of(winml, path)
            if not path and not word.startswith("-"):
                if word not in help.subcommands:
                    problems.append(f"{where}: `winml {word}`: no such command (winml has {', '.join(sorted(help.subcommands))})")
                    break
            if not word.startswith("-") or re.fullmatch(r"-[\d.]+", word) or word == "-":
                if word in help.subcommands:
                    path += (word,)
                continue
            names = [word.split("=", 1)[0]] if word.startswith("--") else [f"-{c}" for c in word[1:2]]
            for name in names:
                if name not in help.flags:
                    command = " ".join(["winml", *path])
                    problems.append(f"{where}: `{command}` has no flag {name} (see `{command} --help`)")
    return problems


def undocumented_options(winml, docs, path=()):
    """Every option of every command whose names all appear nowhere in the docs (a table or an
    example), as `winml perf --rounds`."""
    text = "\n".join(doc.read_text(encoding="utf-8") for doc in docs)
    missing = []
    help = help_of(winml, path)
    for names in help.options:
        if not any(re.search(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])", text) for n in names):
            missing.append(f"`{' '.join(['winml', *path, names[-1]])}` appears in no doc: give it an example or a table row")
    for sub in sorted(help.subcommands):
        missing += undocumented_options(winml, docs, path + (sub,))
    return missing


def docs_of(root):
    root = pathlib.Path(root)
    return [root / "README.md"] + sorted((root / "docs").glob("*.md"))


def check(winml, docs):
    problems = []
    commands = 0
    for doc in docs:
        for number, text in command_lines(doc):
            if any(is_winml(w) for w in re.split(r"\s+", text)):
                commands += 1
            problems += problems_of_line(winml, f"{doc}:{number}", text)
    return commands, problems


FAKE_HELP = {
    "": "Usage: winml [OPTIONS] COMMAND\n\nOptions:\n  -h, --help  Print\n\nCommands:\n  perf  Benchmark\n",
    "perf": ("Usage: winml perf [OPTIONS] [COMMAND]\n\nOptions:\n  -h, --help  Print\n  -m, --model PATH  Model\n"
             "                [required]\n  --[no-]compile\n  -v, --verbose  More\n\n"
             "Commands:\n  compare  Compare reports\n"),
    "perf compare": "Usage: winml perf compare [OPTIONS] BASE NEW\n\nOptions:\n  -h, --help  Print\n  --force  Anyway\n",
}


def self_test():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        fake = tmp / "bin" / "winml"
        fake.parent.mkdir()
        fake.write_text("#!" + sys.executable + "\nimport sys\nhelp = " + repr(FAKE_HELP) +
                        "\nsys.stdout.write(help[' '.join(sys.argv[1:-1])])\n", encoding="utf-8")
        fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
        doc = tmp / "doc.md"
        cases = {
            "bin/winml perf -m x --no-compile -vv 2>/dev/null && winml perf compare a.json b.json --force": [],
            "winml perf -m x \\\n  --compile  # a comment --nothing": [],
            "winml perf -m x --iteration 3": ["has no flag --iteration"],
            "winml perf -x": ["has no flag -x"],
            "WINML_CACHE_DIR=/c/winml winml perf -m x --nope": ["has no flag --nope"],
            "winml perf compare a b --model=x": ["`winml perf compare` has no flag --model"],
            "winml pref -m x": ["`winml pref`: no such command"],
            "jq '.a |\n  .b' x.json && winml perf -m x --nope": ["has no flag --nope"],
        }
        for text, expected in cases.items():
            doc.write_text(f"# t\n```sh\n{text}\n```\n```text\nwinml perf --not-checked\n```\n", encoding="utf-8")
            help_of.cache_clear()
            commands, problems = check(str(fake), [doc])
            if commands < 1:
                failures.append(f"no command found in {text!r}")
            if len(problems) != len(expected) or any(e not in p for e, p in zip(expected, problems)):
                failures.append(f"{text!r}: expected {expected}, got {problems}")
        doc.write_text("`-m` `--compile` `-v` `--force`\n", encoding="utf-8")
        help_of.cache_clear()
        if undocumented_options(str(fake), [doc]):
            failures.append(f"documented options reported: {undocumented_options(str(fake), [doc])}")
        doc.write_text("`-m` `--no-compile` `--verbose`\n", encoding="utf-8")
        missing = undocumented_options(str(fake), [doc])
        if len(missing) != 1 or "`winml perf compare --force` appears in no doc" not in missing[0]:
            failures.append(f"an undocumented --force not caught alone: {missing}")
    for failure in failures:
        print("self-test:", failure, file=sys.stderr)
    print("self-test:", "FAILED" if failures else "unknown commands and flags, and options no doc shows, are caught")
    return 1 if failures else 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    commands, problems = check(argv[0], docs_of(argv[1]))
    problems += undocumented_options(argv[0], docs_of(argv[1]))
    for problem in problems:
        print(problem, file=sys.stderr)
    if commands == 0:
        print("check_doc_commands: no `winml` command line found in the docs: nothing was checked", file=sys.stderr)
        return 1
    print(f"check_doc_commands: {commands} winml command line(s) checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
