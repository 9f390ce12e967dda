"""What a notebook user meets: options listed by help() and inspect.signature, one-letter flags,
compare's messages in Python's words, GenerationConfig by position, sampling settings that need
do_sample, the chat template applied as `winml generate` applies it, and the pandas extra."""

import inspect
import json
import pathlib
import tomllib
import warnings

import pytest

import winml
from conftest import winml_program

ROOT = pathlib.Path(__file__).resolve().parents[2]
SMALL = dict(iterations=3, warmup=0, bandwidth_probe=False)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WINML_CACHE_DIR", str(tmp_path / "cache"))


def quietly(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", winml.WinmlWarning)
        return call(*args, **kwargs)


@pytest.mark.parametrize("function, command, taken", [
    (winml.perf.run, ["perf"], {"model", "format"}),
    (winml.bundle.synth, ["bundle", "synth"], {"output", "quiet"}),
    (winml.sys, ["sys"], {"format"}),
])
def test_help_and_the_signature_list_every_option(function, command, taken):
    flags = [f for f in winml._native._command_flags(command) if f["name"] not in taken]
    assert flags
    parameters = inspect.signature(function).parameters
    doc = function.__doc__
    for flag in flags:
        name = flag["name"].replace("-", "_")
        assert parameters[name].kind == inspect.Parameter.KEYWORD_ONLY and parameters[name].default is None
        assert f"{name}" in doc and f"--{flag['name']}" in doc
    assert "max_new_tokens (n=)" in winml.perf.run.__doc__
    assert "threads" in inspect.signature(winml.perf.run).parameters


def test_one_letter_flags_are_keywords_too(bundle):
    report = quietly(winml.perf.run, bundle, n=3, save=False, **SMALL)
    assert report["results"][0]["config"]["max_new_tokens"] == 3
    with pytest.raises(winml.UsageError, match="n= and max_new_tokens= are the same option"):
        winml.perf.run(bundle, n=3, max_new_tokens=3, save=False)


def test_compare_speaks_of_force_and_the_callers_reports(bundle):
    short = quietly(winml.perf.run, bundle, max_new_tokens=2, save=False, **SMALL)
    longer = quietly(winml.perf.run, bundle, max_new_tokens=4, save=False, **SMALL)
    with pytest.raises(winml.UsageError) as refused:
        winml.perf.compare(short, longer)
    message = str(refused.value)
    assert "--force" not in message and "winml-compare-" not in message and "report-0.json" not in message
    assert "base (a report dict)" in message and "new (a report dict)" in message
    assert "force=True" in message or "same sweep" in message


def test_generation_config_takes_max_new_tokens_by_position():
    assert winml.GenerationConfig(64).max_new_tokens == 64
    assert winml.GenerationConfig(8, stop_at_eos=False).stop_at_eos is False


def test_sampling_settings_without_do_sample_warn_in_python_and_the_cli(bundle):
    with pytest.warns(winml.WinmlWarning, match=r"temperature= has no effect without do_sample=True"):
        config = winml.GenerationConfig(temperature=0.7)
    assert config.temperature == 0.7 and not config.do_sample
    with pytest.warns(winml.WinmlWarning, match=r"top_k=, seed= have no effect"):
        winml.GenerationConfig(top_k=5, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        winml.GenerationConfig(16, do_sample=True, temperature=0.7, seed=1)
        winml.GenerationConfig(16)
    cli = winml_program("generate", "-m", bundle, "--prompt", "Hi", "-n", "2", "--temperature", "0.7",
                        capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    assert "--temperature has no effect without --do-sample" in cli.stderr


def test_generation_applies_the_chat_template_as_the_cli_does(bundle):
    config = winml.GenerationConfig(6, stop_at_eos=False)
    with winml.GenaiSession(bundle) as session:
        templated = session.apply_chat_template("Hi")
        assert templated != "Hi"  # the synthesised bundle has a template
        default = session.generate_timed("Hi", config)
        by_hand = session.generate_timed(templated, config, apply_template=False)
        raw = session.generate_timed("Hi", config, apply_template=False)
        assert default.token_ids == by_hand.token_ids and default.input_tokens == by_hand.input_tokens
        assert raw.input_tokens < default.input_tokens
        assert session.generate("Hi", config) == default.text
        assert "".join(session.generate_streaming("Hi", config)) == default.text
        assert "".join(session.generate_streaming("Hi", config, apply_template=False)) == raw.text
        as_the_cli = session.generate("Hi", winml.GenerationConfig(6))
    cli = winml_program("generate", "-q", "-m", bundle, "--prompt", "Hi", "-n", "6", capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    assert cli.stdout.rstrip("\n") == as_the_cli


def test_the_wheel_has_a_pandas_extra():
    project = tomllib.loads((ROOT / "python" / "pyproject.toml").read_text())["project"]
    assert project["optional-dependencies"]["pandas"] == ["pandas"]


def test_rows_of_a_report_loaded_after_its_run(bundle, tmp_path):
    report = quietly(winml.perf.run, bundle, max_new_tokens=2, **SMALL)
    assert winml.perf.rows(winml.perf.load("last")) == winml.perf.rows(report)
    assert winml.perf.rows(winml.perf.load(report.path)) == winml.perf.rows(report)
    # A report the command line wrote, in another process, gives the rows its run printed.
    written = tmp_path / "cli.json"
    cli = winml_program("perf", "-q", "-m", bundle, "--threads", "1,2", "--iterations", "2", "--warmup", "0",
                        "-n", "2", "--no-bandwidth-probe", "-f", "jsonl", "-o", str(written),
                        capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    printed = [json.loads(line) for line in cli.stdout.splitlines() if line.strip()]
    assert len(printed) == 2
    assert winml.perf.rows(winml.perf.load(written)) == printed
    # A report that keeps no rows (an older winml's, or one built by hand) says what to run.
    document = json.loads(written.read_text())
    for result in document["results"]:
        del result["row"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(document))
    with pytest.raises(winml.UsageError, match="-f jsonl"):
        winml.perf.rows(winml.perf.load(old))
