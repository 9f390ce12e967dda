#!/usr/bin/env python3
"""The newcomer test: follows README.md's Quick start and every shell block of README.md and
docs/*.md as a new user does, with the installed winml first on PATH, in a scratch folder that is
not the source tree, and fails on any command that does not do what its text says.

Usage: newcomer.py BUILD_DIR SOURCE_DIR [--test-ep LIB]   install BUILD_DIR (cmake --install) into
                                                          the scratch folder and run the docs
                                                          against it; LIB is the plugin EP that
                                                          stands for the docs' `myep`
       newcomer.py --self-test                         show that a failing command, an output file
                                                       a command did not write, a wrong exit code
                                                       and a stale rule are each caught

What "does what its text says" means, for every command line:
- it exits 0, or with the code its comment names (`...; echo $?   # 2: out of range`);
- every file it says it writes (`-o FILE`, `--html FILE`, `> FILE`, `>> FILE`) exists, is not
  empty, and parses when it is .json;
- the checks of CHECKS for that line hold (e.g. "a sweep: 4 combinations" made 4 results).
A line the test cannot run as written (it builds winml, needs a cluster or hardware this machine
lacks, or is a synopsis with `...`) matches a rule of RULES that says why; a rule that matches no
line fails the test, so the rules cannot go stale. Absolute paths under /tmp/ and /scratch/ are
moved into the scratch folder, and `build/bin/winml` is the `winml` found on PATH.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

from check_doc_commands import docs_of, quotes_closed  # the same docs, read the same way

FENCE = re.compile(r"^```([A-Za-z0-9+-]*)\s*$")
SHELL = ("sh", "bash", "shell", "console")
BUILD_STEP = re.compile(r"^(scripts/|cmake\b)")
EXPECTED_EXIT = re.compile(r"echo \$\?\s*#\s*([0-9][0-9, or]*)")
COMMAND_TIMEOUT_S = 600


class Rule:
    """What to do with the command lines whose text matches `pattern` (a regex), and why."""

    def __init__(self, pattern, why, skip=False, replace=None, exit_codes=None, stderr_has=None):
        self.pattern = re.compile(pattern)
        self.why = why
        self.skip = skip
        self.replace = replace or []  # [(old, new)], applied to the line before it runs
        self.exit_codes = exit_codes
        self.stderr_has = stderr_has
        self.used = False


def rules_for(test_ep):
    """The lines that do not run as written, and why. Every rule must match at least one line."""
    cluster = "needs a cluster and its shared folders (the Slurm/Kubernetes shard runs)"
    rules = [
        Rule(r"\[--|A\.json B\.json \.\.\.|winml perf \.\.\. ", "a synopsis (`[...]`, `...`), not a command", skip=True),
        Rule(r"kubectl |sbatch|#SBATCH|/shared/|/reports/", cluster, skip=True),
        Rule(r"before/shard-|after/shard-|before\.json after\.json|baseline\.json candidate\.json|"
             r"\ball\.json\b|shard-\*\.csv|^jq -r '\.results", cluster + ": the merged reports it reads come from there", skip=True),
        Rule(r"^python3 -m venv v && v/bin/pip install|^v/bin/winml",
             "the wheel in a clean venv: ctest python_wheel builds scripts/build-wheel.sh's wheel and runs these",
             skip=True),
        Rule(r"--device npu", "this machine has no NPU: refused with the fix, exit 1", exit_codes={1},
             stderr_has="npu"),
        Rule(r"compile -m \S+ --ep qnn", "this ONNX Runtime build has no QNN EP: refused with the fix, exit 1",
             exit_codes={1}, stderr_has="QNN"),
        Rule(r"--preset bench", "the bench preset's 1.9 GB bundle makes these lines take ten minutes on two cores: "
             "the same shape at one layer and width 256",
             replace=[("--preset bench", "--preset bench --layers 1 --hidden-size 256 --heads 4 --kv-heads 2 "
                                         "--intermediate-size 512")]),
        Rule(r"--duration 600 --monitor", "ten minutes is too long for CI: the same with --duration 3",
             replace=[("--duration 600", "--duration 3")]),
        Rule(r"--duration 30\b", "30 s is too long for CI: the same with --duration 3",
             replace=[("--duration 30", "--duration 3")]),
        Rule(r"-m bundle -f jsonl", "`bundle` stands for the reader's bundle: the demo bundle",
             replace=[("-m bundle", "-m /tmp/winml-demo")]),
    ]
    if test_ep:
        rules.append(Rule(r"/opt/myep/libmyep\.so", "myep is the test plugin EP built with the tests",
                          replace=[("/opt/myep/libmyep.so", test_ep)]))
    else:
        rules.append(Rule(r"/opt/myep/libmyep\.so", "no plugin EP given (--test-ep)", skip=True))
    return rules


def newest_report(home):
    reports = sorted((home / ".cache" / "winml" / "perf").rglob("*.json"), key=lambda p: p.stat().st_mtime)
    return json.loads(reports[-1].read_text()) if reports else None


def check_results(count):
    def check(run):
        report = newest_report(run["home"])
        found = len(report["results"]) if report else 0
        return None if found == count else f"the text says {count} result(s); the newest report has {found}"

    return check


def check_iterations(timed, warmup):
    def check(run):
        report = newest_report(run["home"])
        if not report:
            return "no report under the cache root"
        config = report["results"][0]["config"]
        found = (config.get("iterations"), config.get("warmup"))
        return None if found == (timed, warmup) else f"the text says {timed} iterations, {warmup} warmup; {found}"

    return check


def check_stdout(needle):
    def check(run):
        return None if needle in run["stdout"] else f"stdout lacks {needle!r}"

    return check


def check_output(needle):
    def check(run):
        return None if needle in run["stdout"] + run["stderr"] else f"its output lacks {needle!r}"

    return check


def check_nonempty_stdout(run):
    return None if run["stdout"].strip() else "printed nothing on stdout"


def check_cache_dir(run):
    found = list((run["scratch"] / "scratch" / "winml" / "perf").rglob("*.json"))
    return None if found else "no report under WINML_CACHE_DIR/perf/"


# Extra checks of what a line's comment or text promises: (regex on the line, check).
CHECKS = [
    (r"# GenAI bundle: 10 iterations, 2 warmup", check_iterations(10, 2)),
    (r"# a sweep: 4 combinations", check_results(4)),
    (r"generate -m /tmp/winml-demo --prompt \"Hello\"", check_nonempty_stdout),
    (r"perf ls --limit 5", check_stdout("last~1")),
    (r"report under /scratch/winml/perf/", check_cache_dir),
    (r"perf compare t1\.json t2\.json", check_stdout("comparing thread counts: threads 1 → 2")),
    (r"perf compare cpu\.json myep\.json", check_stdout("comparing devices: ep cpu →")),
    (r"--ep myep --ep-library .* --ep-all-stages", check_output("nodes on WinmlTestEP")),
    (r"--no-tokenizer", check_stdout("no tokenizer")),
]


def shell_lines(path):
    """[(line number, command line)] of the shell blocks of one Markdown file: ```sh, ```bash,
    ```shell and ```console blocks, and untagged blocks whose first line is a winml command."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    i = 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        body = lines[i + 1 : end]
        language = fence.group(1)
        first = next((line for line in body if line.strip() and not line.startswith("#")), "")
        if language in SHELL or (not language and re.match(r"^(build/bin/)?winml ", first)):
            pending, start = "", None
            for number, line in enumerate(body, start=i + 2):
                if not pending and (not line.strip() or line.lstrip().startswith("#")):
                    if line.startswith("#SBATCH"):
                        found.append((number, line))
                    continue
                start = start or number
                if line.rstrip().endswith("\\"):
                    pending += line.rstrip()[:-1] + " "
                    continue
                if not quotes_closed(pending + line):  # a quoted argument goes on to the next line
                    pending += line + "\n"
                    continue
                found.append((start, pending + line))
                pending, start = "", None
        i = end + 1
    return found


def written_files(command):
    """The files a command line says it writes."""
    code = command.split(" #")[0]
    names = re.findall(r"(?:^|\s)(?:-o|--output|--html)\s+(\S+)", code)
    names += re.findall(r">>?\s*(\S+)", code)
    return [name for name in names if name not in ("&1", "/dev/null") and not name.startswith("&")]


def localise(command, scratch):
    """`build/bin/winml` is the winml on PATH; /tmp/ and /scratch/ are folders of the scratch tree."""
    command = re.sub(r"(?<![\w/.])build/bin/winml\b", "winml", command)
    command = re.sub(r"(?<![\w.])/tmp/", f"{scratch}/tmp/", command)
    return re.sub(r"(?<![\w.])/scratch/", f"{scratch}/scratch/", command)


def without_build_steps(command):
    """The Quick start chains building winml and using it: the build steps are done (this test runs
    the installed build), the rest runs."""
    parts = [part.strip() for part in command.split(" && ")]
    kept = [part for part in parts if not BUILD_STEP.match(part)]
    return " && ".join(kept), len(kept) < len(parts)


def expected_exits(command, rule):
    if rule is not None and rule.exit_codes is not None:
        return rule.exit_codes
    match = EXPECTED_EXIT.search(command)
    if match:
        return {int(n) for n in re.findall(r"\d+", match.group(1))}
    return {0}


def run_docs(files, env, scratch, rules, checks, log):
    """Runs every command line of `files` in scratch/work; returns the list of failures."""
    work = scratch / "work"
    failures = []
    counts = {"ran": 0, "skipped": 0}
    checked = set()
    for path in files:
        for number, original in shell_lines(path):
            where = f"{path.name}:{number}"
            rule = next((r for r in rules if r.pattern.search(original)), None)
            if rule is not None:
                rule.used = True
            if rule is not None and rule.skip:
                counts["skipped"] += 1
                log(f"skip {where}: {rule.why}")
                continue
            command, had_build_steps = without_build_steps(original)
            if not command:
                counts["skipped"] += 1
                log(f"skip {where}: builds or tests winml from the source tree; this test runs the installed build")
                continue
            if had_build_steps:
                log(f"note {where}: the build steps of this line are done (the installed build)")
            for old, new in rule.replace if rule else []:
                command = command.replace(old, new)
            command = localise(command, scratch)
            for name in written_files(command):
                target = work / name
                if target.is_file() and not name.endswith(".csv"):  # a rerun must not pass on an old file
                    target.unlink()
            started = time.monotonic()
            try:
                done = subprocess.run(["bash", "-c", "set -o pipefail; " + command], cwd=work, env=env,
                                      capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
                code, out, err = done.returncode, done.stdout, done.stderr
            except subprocess.TimeoutExpired:
                code, out, err = None, "", f"timed out after {COMMAND_TIMEOUT_S} s"
            seconds = time.monotonic() - started
            counts["ran"] += 1
            if code == 0 and EXPECTED_EXIT.search(original):  # `...; echo $?`: the code is what it prints
                printed = out.strip().splitlines()[-1:] or [""]
                code = int(printed[0]) if printed[0].isdigit() else None
            problems = []
            wanted = expected_exits(original, rule)
            if code not in wanted:
                problems.append(f"exit {code}, the text says {' or '.join(map(str, sorted(wanted)))}")
            if rule is not None and rule.stderr_has and rule.stderr_has.lower() not in err.lower():
                problems.append(f"its message does not name {rule.stderr_has!r}")
            if code == 0:
                for name in written_files(command):
                    target = work / name
                    if target.is_dir():  # a bundle folder
                        if not any(target.iterdir()):
                            problems.append(f"it left {name} empty")
                    elif not target.is_file() or target.stat().st_size == 0:
                        problems.append(f"it did not write {name}")
                    elif name.endswith(".json"):
                        try:
                            json.loads(target.read_text())
                        except ValueError as error:
                            problems.append(f"{name} is not JSON: {error}")
                run = {"stdout": out, "stderr": err, "home": scratch / "home", "scratch": scratch}
                for pattern, check in checks:
                    if re.search(pattern, original):
                        checked.add(pattern)
                        problem = check(run)
                        if problem:
                            problems.append(problem)
            label = f"{where}: {original.strip()[:110]}"
            if problems:
                failures.append(f"{label}\n    " + "; ".join(problems) + "\n    stderr: " + err.strip()[-600:])
                log(f"FAIL {label} ({seconds:.1f} s): " + "; ".join(problems))
            else:
                log(f"ok   {label} ({seconds:.1f} s)" + (f" [{rule.why}]" if rule else ""))
    for pattern, _check in checks:
        if pattern not in checked:
            failures.append(f"the check /{pattern}/ matches no command of the docs that ran: remove or fix it")
    for rule in rules:
        if not rule.used:
            failures.append(f"the rule /{rule.pattern.pattern}/ ({rule.why}) matches no command of the docs: remove it")
    log(f"{counts['ran']} command line(s) run, {counts['skipped']} skipped with their reason, {len(failures)} failure(s)")
    return failures


def write_fixtures(work, env, log):
    """What the docs assume a reader already has: their own single model with a test data set
    (model.onnx, test_dir), reports to compare and draw (base.json, new.json, sweep.json), and rows
    they kept (runs.jsonl)."""
    import onnx  # Debian's python3-onnx
    from onnx import TensorProto, helper, numpy_helper
    import numpy

    graph = helper.make_graph(
        [helper.make_node("Add", ["input_ids", "input_ids"], ["doubled"])], "twice",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, [1, "sequence"])],
        [helper.make_tensor_value_info("doubled", TensorProto.INT64, [1, "sequence"])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, work / "model.onnx")
    data_set = work / "test_dir" / "test_data_set_0"
    data_set.mkdir(parents=True)
    ids = numpy.arange(1, 17, dtype=numpy.int64).reshape(1, 16)
    (data_set / "input_0.pb").write_bytes(numpy_helper.from_array(ids, "input_ids").SerializeToString())
    (data_set / "output_0.pb").write_bytes(numpy_helper.from_array(ids * 2, "doubled").SerializeToString())
    for command in (
        "winml bundle synth -o fixture-bundle --overwrite",
        "winml perf -m fixture-bundle --iterations 3 --warmup 1 -n 8 --no-bandwidth-probe -o base.json",
        "winml perf -m fixture-bundle --iterations 3 --warmup 1 -n 8 --no-bandwidth-probe -o new.json",
        "winml perf -m fixture-bundle --threads 1,2 --iterations 2 --warmup 1 -n 8 --no-bandwidth-probe -o sweep.json",
        "winml perf -m fixture-bundle --iterations 2 --warmup 1 -n 8 --no-bandwidth-probe -f jsonl > runs.jsonl",
    ):
        done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"writing the fixtures: `{command}` exited {done.returncode}: {done.stderr}")
    log("fixtures: model.onnx (Add), test_dir/test_data_set_0, base.json, new.json, sweep.json, runs.jsonl")


def scratch_env(scratch, prefix):
    """The environment of a new user: the installed winml first on PATH, a home of their own, and
    none of the variables that point a build tree's winml at its plugins."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("WINML_") and k != "XDG_CACHE_HOME"}
    env["PATH"] = f"{prefix / 'bin'}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}"
    env["HOME"] = str(scratch / "home")
    env["NO_COLOR"] = "1"
    for folder in ("home", "work", "tmp", "scratch"):
        (scratch / folder).mkdir(exist_ok=True)
    return env


def self_test():
    with tempfile.TemporaryDirectory() as directory:
        scratch = pathlib.Path(directory)
        prefix = scratch / "prefix"
        (prefix / "bin").mkdir(parents=True)
        fake = prefix / "bin" / "winml"
        fake.write_text('#!/bin/sh\ncase "$1" in fail) exit 3 ;; write) echo "{}" > "$3" ;; esac\nexit 0\n')
        fake.chmod(0o755)
        docs = scratch / "docs.md"
        docs.write_text(
            "```sh\n"
            "build/bin/winml write -o good.json\n"  # passes: writes its file
            "build/bin/winml fail\n"  # fails: exit 3
            "winml quiet -o missing.json\n"  # fails: no file written
            "winml fail; echo $?   # 0 or 4\n"  # fails: it prints 3; the comment's codes are checked against that
            "scripts/setup.sh && winml write -o chained.json\n"  # the build step is dropped, the rest passes
            "```\n")
        env = scratch_env(scratch, prefix)
        stale = Rule(r"no such line", "stale")
        failures = run_docs([docs], env, scratch, [stale], [], lambda _line: None)
        text = "\n".join(failures)
        expected = ["docs.md:3: build/bin/winml fail\n    exit 3", "docs.md:4: winml quiet -o missing.json\n"
                    "    it did not write missing.json", "docs.md:5: winml fail; echo $?   # 0 or 4\n    exit 3",
                    "matches no command of the docs"]
        missing = [e for e in expected if e not in text]
        if missing or len(failures) != 4 or "good.json" in text or "chained.json" in text:
            print("self-test failed: got\n" + text + "\nexpected each of\n" + "\n".join(expected))
            return 1
    print("self-test ok: a failing command, a file not written, a wrong `echo $?` code and a stale rule are each caught")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--test-ep"):
        print(__doc__)
        return 2
    build, source = pathlib.Path(argv[1]).resolve(), pathlib.Path(argv[2]).resolve()
    test_ep = str(pathlib.Path(argv[4]).resolve()) if len(argv) == 5 else None
    if not (build / "CMakeCache.txt").is_file():
        print(f"{build} is not a CMake build folder: give the build to install (e.g. build-ci)")
        return 2
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="winml-newcomer-"))
    try:
        prefix = scratch / "prefix"
        subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)], check=True,
                       stdout=subprocess.DEVNULL)
        env = scratch_env(scratch, prefix)
        found = shutil.which("winml", path=env["PATH"])
        print(f"winml from PATH: {found}; working in {scratch / 'work'}", flush=True)
        write_fixtures(scratch / "work", env, lambda line: print(line, flush=True))
        failures = run_docs(docs_of(source), env, scratch, rules_for(test_ep), CHECKS,
                            lambda line: print(line, flush=True))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failures:
        print("\nThe docs tell a newcomer to run commands that do not do what their text says:\n")
        print("\n".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
