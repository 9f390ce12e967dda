"""winml.perf, winml.sys and winml.bundle from Python: the benchmark run in process, its report
as data, compare's verdicts and gate, the rows, Ctrl-C and the errors."""

import copy
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
import warnings

import jsonschema
import pytest

import winml
from conftest import winml_program

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = dict(max_new_tokens=8, iterations=6, warmup=1, bandwidth_probe=False)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WINML_CACHE_DIR", str(tmp_path / "cache"))


def quietly(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", winml.WinmlWarning)  # a tiny model's noisy timings
        return call(*args, **kwargs)


def schema(name):
    return json.loads((ROOT / "docs" / name).read_text())


def ttft_samples(result):
    return [s["prefill_ms"] + s["first_token_ms"] for s in result["samples"]["timed"]]


def test_run_returns_a_report_that_validates_and_matches_the_clis(bundle, tmp_path):
    report = quietly(winml.perf.run, bundle, output=tmp_path / "py.json", **SMALL)
    jsonschema.validate(report, schema("report.schema.json"))
    assert report.path == str(tmp_path / "py.json")
    assert json.loads((tmp_path / "py.json").read_text()) == report  # the file holds what came back
    cli_path = tmp_path / "cli.json"
    cli = winml_program("perf", "-q", "-m", bundle, "-n", "8", "--iterations", "6", "--warmup", "1",
                        "--no-bandwidth-probe", "-o", str(cli_path), "-f", "jsonl", capture_output=True, text=True,
                        check=True)
    expected = json.loads(cli_path.read_text())
    ours, theirs = report["results"][0], expected["results"][0]
    for config in (ours["config"], theirs["config"]):
        config.pop("timestamp")
    assert ours["config"] == theirs["config"]  # the same settings, resolved the same way
    assert report["methods"] == expected["methods"] and report["sweep"] == expected["sweep"]
    assert ours["metrics"].keys() == theirs["metrics"].keys()
    assert ours["metrics"]["ttft_ms"].keys() == theirs["metrics"]["ttft_ms"].keys()
    for result in (ours, theirs):  # each one's statistics are its samples', by the same code
        samples = ttft_samples(result)
        assert result["metrics"]["ttft_ms"]["count"] == len(samples) == 6
        assert result["metrics"]["ttft_ms"]["mean"] == pytest.approx(sum(samples) / len(samples), abs=2e-6)
    # The rows are the CLI's -f jsonl columns.
    cli_rows = [json.loads(line) for line in cli.stdout.splitlines()]
    rows = winml.perf.rows(report)
    assert [list(r) for r in rows] == [list(r) for r in cli_rows]
    assert rows[0]["ttft_mean_ms"] == pytest.approx(ours["metrics"]["ttft_ms"]["mean"])


def test_a_sweep_gives_one_row_per_combination_for_a_dataframe(bundle):
    pandas = pytest.importorskip("pandas")
    events = []
    report = quietly(winml.perf.run, bundle, threads=[1, 2], save=False, progress=events.append, **SMALL)
    assert report.path is None
    frame = pandas.DataFrame(winml.perf.rows(report))
    assert list(frame["threads"]) == [1, 2]
    assert (frame["decode_rate_median_tokens_per_s"] > 0).all()
    kinds = {e["event"] for e in events}
    assert {"status", "combination", "iteration"} <= kinds
    timed = [e for e in events if e["event"] == "iteration" and e["phase"] == "timed"]
    assert [e["index"] for e in timed] == [1, 2, 3, 4, 5, 6] * 2 and timed[0]["total"] == 6
    assert [e["label"] for e in events if e["event"] == "combination"] == ["threads=1", "threads=2"]


def test_save_false_leaves_no_file_and_save_writes_under_the_cache(bundle, tmp_path):
    quietly(winml.perf.run, bundle, save=False, **SMALL)
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").rglob("*.json"))
    saved = quietly(winml.perf.run, bundle, **SMALL)
    assert saved.path.startswith(str(tmp_path / "cache")) and os.path.isfile(saved.path)
    assert winml.perf.load("last") == saved
    assert winml.perf.load(saved.path).path == saved.path


def test_compare_finds_a_three_times_slower_copy_and_the_gate_says_so(bundle):
    base = quietly(winml.perf.run, bundle, save=False, **dict(SMALL, iterations=10))
    # A loaded machine can put one 100x outlier among ten tiny-model samples, and then even three
    # times slower is within the noise (Welch's t-test is right to say so): the samples compared
    # are the run's own, narrowed to their median with a 1 % spread, so the test checks compare.
    for key in ("prefill_ms", "first_token_ms", "total_ms"):
        values = sorted(sample[key] for sample in base["results"][0]["samples"]["timed"])
        for i, sample in enumerate(base["results"][0]["samples"]["timed"]):
            sample[key] = values[len(values) // 2] * (1 + 0.001 * i)
    for i, sample in enumerate(base["results"][0]["samples"]["timed"]):
        steps = sorted(sample["decode_ms"])
        sample["decode_ms"] = [steps[len(steps) // 2] * (1 + 0.001 * (i + j)) for j in range(len(steps))]
    slow = copy.deepcopy(dict(base))
    for sample in slow["results"][0]["samples"]["timed"]:
        for key in ("prefill_ms", "first_token_ms", "total_ms"):
            sample[key] *= 3
        sample["decode_ms"] = [step * 3 for step in sample["decode_ms"]]
    gated = winml.perf.compare(base, slow, fail_if_slower=10)
    jsonschema.validate(gated, schema("compare.schema.json"))
    assert gated.passed is False and gated["gate"]["passed"] is False
    verdicts = {m["metric"]: m["verdict"] for m in gated["comparisons"][0]["rows"][0]["metrics"]}
    assert verdicts["ttft_ms"] == "slower" and verdicts["decode_tokens_per_s"] == "slower"
    assert gated["comparisons"][0]["rows"][0]["metrics"][0]["change_percent"] == pytest.approx(200, abs=0.01)
    same = winml.perf.compare(base, copy.deepcopy(dict(base)), fail_if_slower=10)
    assert same.passed is True
    assert winml.perf.compare(base, slow).passed is None  # no gate asked for


def test_bad_options_are_usage_errors_naming_the_fix(bundle, tmp_path):
    with pytest.raises(winml.UsageError, match="did you mean threads="):
        winml.perf.run(bundle, thread=2)
    with pytest.raises(ValueError, match="--iterations"):  # the CLI's own check and words
        winml.perf.run(bundle, iterations=0)
    with pytest.raises(winml.UsageError, match="sets --format itself"):
        winml.perf.run(bundle, format="csv")
    with pytest.raises(winml.UsageError, match="is a switch"):
        winml.perf.run(bundle, cold="yes")
    with pytest.raises(winml.UsageError, match="nowhere' does not exist"):
        winml.perf.run(tmp_path / "nowhere", **SMALL)
    with pytest.raises(winml.UsageError, match="save=False"):
        winml.perf.run(bundle, save=False, output=tmp_path / "r.json")
    (tmp_path / "junk.json").write_text("{not json")
    with pytest.raises(winml.UsageError, match="junk.json"):
        winml.perf.load(tmp_path / "junk.json")
    with pytest.raises(winml.UsageError, match="perf.run"):
        winml.perf.rows({"schema_version": 3})


def test_ctrl_c_stops_a_run_after_its_iteration_and_its_report_is_written(bundle, tmp_path):
    timer = threading.Timer(1.0, signal.raise_signal, args=(signal.SIGINT,))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt) as stopped:
        quietly(winml.perf.run, bundle, output=tmp_path / "r.json", duration=60, warmup=1, max_new_tokens=8)
    assert time.monotonic() - started < 15
    assert "interrupted (Ctrl-C)" in str(stopped.value)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["interrupted"] and report["results"][0]["metrics"]["ttft_ms"]["count"] > 0
    with winml.GenaiSession(bundle) as session:  # the engines are still up
        assert session.generate_timed("Hi", winml.GenerationConfig(max_new_tokens=2)).generated_tokens == 2


def test_an_exception_in_the_progress_callback_stops_the_run_and_is_raised(bundle):
    def fail(event):
        if event["event"] == "iteration" and event["phase"] == "timed":
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        quietly(winml.perf.run, bundle, save=False, progress=fail, duration=60, max_new_tokens=8)


def test_warnings_become_winml_warnings(bundle):
    with pytest.warns(winml.WinmlWarning, match="--delay has no effect"):
        winml.perf.run(bundle, save=False, delay=0.1, **SMALL)


def test_sys_and_bundle_synth(tmp_path):
    facts = winml.sys()
    assert facts["schema_version"] == 1 and facts["versions"]["winml"] == winml.__version__
    cpu = next(device for device in facts["devices"] if device["device"] == "cpu")
    assert "CPUExecutionProvider" in [ep["name"] for ep in cpu["eps"]]
    path = winml.bundle.synth(tmp_path / "b", layers=1, seed=7)
    assert isinstance(path, pathlib.Path) and (path / "genai_config.json").is_file()
    with winml.GenaiSession(str(path)) as session:
        assert session.generate_timed("Hi", winml.GenerationConfig(max_new_tokens=2)).generated_tokens == 2
    with pytest.raises(winml.UsageError, match="synth"):
        winml.bundle.synth(tmp_path / "b")  # not empty, no overwrite=True


def test_the_notebook_example_sweeps_threads_into_a_dataframe(bundle, tmp_path):
    pytest.importorskip("pandas")
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "thread_sweep.py"), bundle],
                         capture_output=True, text=True, env=dict(os.environ, WINML_CACHE_DIR=str(tmp_path / "c")))
    assert run.returncode == 0, run.stderr
    assert "[2/2] threads=2" in run.stdout and "fastest decode:" in run.stdout
    table = run.stdout.splitlines()
    header = next(i for i, line in enumerate(table) if line.split()[:2] == ["threads", "ttft_median_ms"])
    assert [line.split()[0] for line in table[header + 1:header + 3]] == ["1", "2"]


def test_a_single_onnx_model_runs_on_the_winml_runtime(bundle):
    report = quietly(winml.perf.run, os.path.join(bundle, "model.onnx"), iterations=20, warmup=2, save=False)
    jsonschema.validate(report, schema("report.schema.json"))
    assert report["kind"] == "onnx" and report["results"][0]["metrics"]["latency_ms"]["count"] == 20
    (row,) = winml.perf.rows(report)
    assert row["kind"] == "onnx" and row["latency_median_ms"] > 0


def test_a_second_command_while_one_runs_is_refused(bundle):
    measuring = threading.Event()
    finish = threading.Event()
    outcome = {}

    def progress(event):
        if event["event"] == "iteration" and event["phase"] == "timed":
            measuring.set()
            finish.wait(10)  # holds the run inside its timed phase until the main thread has tried

    def run():
        outcome["report"] = quietly(winml.perf.run, bundle, save=False, progress=progress, **SMALL)

    runner = threading.Thread(target=run)
    runner.start()
    assert measuring.wait(30)
    try:
        with pytest.raises(winml.UsageError, match="already running a command"):
            winml.sys()
    finally:
        finish.set()
        runner.join()
    assert outcome["report"]["results"][0]["metrics"]["ttft_ms"]["count"] == 6
    assert winml.sys()["schema_version"] == 1  # free again
