"""winml's benchmarks from Python: perf.run is `winml perf`, returning the report as a dict.

    import winml, pandas
    report = winml.perf.run("bundle", threads=[1, 2, 4], max_new_tokens=32, iterations=5)
    frame = pandas.DataFrame(winml.perf.rows(report))

run() takes every flag of `winml perf` as a keyword (see winml._commands for the spelling) and
measures exactly as the CLI does, in this process. load() reads a report file, compare() tests one
report against another (the verdicts as data, the --fail-if-slower gate as a boolean), rows() gives
a run's csv/jsonl rows as dicts.
"""

import json
import os
import re
import tempfile
from collections.abc import Mapping
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

PathLike = Union[str, "os.PathLike[str]"]

from . import _commands, _native
from ._native import UsageError


class Report(dict):
    """A winml perf report (docs/report.schema.json) as a dict. ``path`` is the file it was
    written to or read from (None when perf.run was told save=False), ``html_path`` the page
    --html wrote; every result keeps its row (see rows())."""

    path: Optional[str]
    html_path: Optional[str]

    def __init__(self, document, path=None, html_path=None):
        super().__init__(document)
        self.path = path
        self.html_path = html_path


class Comparison(dict):
    """`winml perf compare -f json`'s document (docs/compare.schema.json) as a dict. ``passed`` is
    the --fail-if-slower gate: True when it passed, False when a primary metric regressed or could
    not be tested, None when no gate was asked for."""

    passed: Optional[bool]

    def __init__(self, document, passed):
        super().__init__(document)
        self.passed = passed


def run(
    model: PathLike,
    *,
    save: bool = True,
    progress: Optional[Callable[[Dict[str, Any]], object]] = None,
    **options: Any,
) -> Report:
    """Benchmarks `model` (a GenAI bundle folder or an .onnx file) as `winml perf -m MODEL` does,
    with every flag of winml perf as a keyword (threads=[1, 2] sweeps --threads 1,2; a one-letter
    flag's letter works too: n=8 is -n 8, max_new_tokens=8), and returns the report as a Report
    (a dict). The options are listed below and in inspect.signature(winml.perf.run).

    save: write the report file as the CLI does (output= names it; default: a new file under the
    cache root, see Report.path); False leaves no file. progress: called with a dict per event
    ({"event": "iteration", "phase": "timed", "index": 3, "total": 10, ...}, "combination",
    "cooling" and "status" lines); without it the run is quiet. Ctrl-C stops after the current
    iteration and raises KeyboardInterrupt once the report of what finished is written.
    Errors are winml's: UsageError (also ValueError) for a bad option, GenaiLoadError, ...
    """
    arguments = ["perf", "-m", os.fspath(model)]
    arguments += _commands.flag_arguments(["perf"], options, "perf.run()", taken=("model", "format"))
    if save:
        result = _commands.run([*arguments, "-f", "json"], progress)
    else:
        if options.get("output") is not None:
            raise UsageError("perf.run(): output= names the report file and save=False asks for none: drop one")
        with tempfile.TemporaryDirectory(prefix="winml-perf-") as scratch:
            result = _commands.run([*arguments, "-o", os.path.join(scratch, "report.json"), "-f", "json"], progress)
    return Report(
        _commands.json_output(result),
        path=result["report_path"] if save else None,
        html_path=result["html_path"],
    )


_commands.document(run, ["perf"], taken=("model", "format"))


def load(path: PathLike) -> Report:
    """Reads the report file `path` (or "last", "last~N": the newest under the cache root, as
    `winml perf ls` lists them) into a Report. A file that is no winml perf report is a UsageError
    naming the problem. Its rows() are the ones the run printed with -f jsonl, whichever program
    wrote it."""
    resolved = _native._report_file(os.fspath(path))
    with open(resolved, encoding="utf-8") as file:
        document = json.load(file)
    return Report(document, path=resolved)


def compare(
    base: Union[PathLike, Mapping],
    new: Union[PathLike, Mapping],
    *more: Union[PathLike, Mapping],
    fail_if_slower: Optional[float] = None,
    force: bool = False,
) -> Comparison:
    """Compares each later report with `base`, metric by metric, as `winml perf compare` does.
    Each report is a path (or "last", "last~N") or a Report/dict. fail_if_slower=PCT adds the CI
    gate; force=True compares reports that measure different work. Returns a Comparison (a dict:
    docs/compare.schema.json) whose ``passed`` is the gate's verdict."""
    with tempfile.TemporaryDirectory(prefix="winml-compare-") as scratch:
        files = []
        names = {}  # the scratch file of a report given as a dict -> how the caller gave it
        for index, report in enumerate((base, new, *more)):
            if isinstance(report, Mapping):
                if getattr(report, "path", None):
                    files.append(report.path)
                    continue
                file_name = os.path.join(scratch, f"report-{index}.json")
                with open(file_name, "w", encoding="utf-8") as file:
                    json.dump(report, file)
                files.append(file_name)
                names[file_name] = f"{_argument_name(index)} (a report dict)"
            else:
                files.append(os.fspath(report))
        options = {"fail_if_slower": fail_if_slower, "force": force}
        arguments = ["perf", "compare", *files, "-f", "json"]
        arguments += _commands.flag_arguments(["perf", "compare"], options, "perf.compare()")
        result = _commands.run(arguments, speak=lambda text: _compare_speaks_python(text, names))
    passed = None if fail_if_slower is None else result["code"] == 0
    return Comparison(_commands.json_output(result), passed)


def _argument_name(index):
    return ("base", "new")[index] if index < 2 else f"the report at position {index + 1}"


def _compare_speaks_python(text, names):
    """perf compare's message in perf.compare()'s words: its keywords for the CLI's flags, and the
    caller's names for the scratch files of reports given as dicts."""
    for file_name, name in names.items():
        text = text.replace(file_name, name)
    text = re.sub(r"--fail-if-slower (\d\S*)", r"fail_if_slower=\1", text)
    text = text.replace("--fail-if-slower", "fail_if_slower=").replace("--force", "force=True")
    return text.replace("winml perf compare base.json new.json", "perf.compare(base, new)")


def rows(report: Union[Report, Sequence[Report]]) -> List[Dict[str, Any]]:
    """The result rows of a report (perf.run's, perf.load's, or its dict), or of a list of them: the
    columns of `winml perf -f csv/jsonl` (docs/formats.md, "Rows"), one dict per result, ready for
    pandas.DataFrame. Each result of a report keeps its row (results[i]["row"]), so a report the
    command line wrote gives the same rows as its run's -f jsonl."""
    if isinstance(report, (list, tuple)):
        return [row for each in report for row in rows(each)]
    results = report.get("results") if isinstance(report, Mapping) else None
    if not isinstance(results, list) or not results:
        raise UsageError("perf.rows() takes a winml perf report (perf.run()'s or perf.load()'s) or a list of them; "
                         "this one has no results")
    missing = [i for i, result in enumerate(results) if not isinstance(result, Mapping) or "row" not in result]
    if missing:
        raise UsageError(
            f"perf.rows(): result {missing[0] + 1} of this report keeps no row (a report written by a winml "
            "before rows were kept, or built by hand): run it again with this winml, or take its rows from "
            "`winml perf ... -f jsonl`"
        )
    return [dict(result["row"]) for result in results]


__all__ = ["Comparison", "Report", "compare", "load", "rows", "run"]
