"""The package from the build tree with PYTHONPATH alone (the plugins are linked in beside the
extension), and errors that name what is missing: the ONNX file plugin is not GenAI, and a
session on a folder that is no bundle fails when it is made, not at its first generation."""

import os
import pathlib
import subprocess
import sys

import pytest

import winml

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = pathlib.Path(winml.__file__).resolve().parent


def only_pythonpath(tmp_path, **extra):
    """An environment with PYTHONPATH (the build's python/ folder) and none of winml's variables."""
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "PYTHONPATH": str(PACKAGE.parent),
           "WINML_CACHE_DIR": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1"}
    for name in ("LD_PRELOAD", "ASAN_OPTIONS"):  # a sanitizer build's (tests/python/CMakeLists.txt)
        if name in os.environ:
            env[name] = os.environ[name]
    env.update(extra)
    return env


def python(tmp_path, *args, **extra):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=tmp_path,
                          env=only_pythonpath(tmp_path, **extra))


def test_the_plugins_are_beside_the_extension():
    engine = PACKAGE / "libwinml_engine.so"
    assert engine.exists(), f"{engine}: the build links the plugins in beside the extension"


def test_synth_the_command_and_the_notebook_example_need_only_pythonpath(tmp_path):
    synth = python(tmp_path, "-c", "import sys, winml; winml.bundle.synth(sys.argv[1], layers=1)", str(tmp_path / "a"))
    assert synth.returncode == 0, synth.stderr
    assert (tmp_path / "a" / "genai_config.json").is_file()
    command = python(tmp_path, "-m", "winml", "bundle", "synth", "-q", "-o", str(tmp_path / "b"))
    assert command.returncode == 0, command.stderr
    generate = python(tmp_path, "-m", "winml", "generate", "-m", str(tmp_path / "b"), "--prompt", "Hi", "-n", "2")
    assert generate.returncode == 0, generate.stderr
    pytest.importorskip("pandas")
    sweep = python(tmp_path, str(ROOT / "examples" / "thread_sweep.py"))  # synthesises its own bundle
    assert sweep.returncode == 0, sweep.stderr
    assert "fastest decode:" in sweep.stdout


def test_a_missing_onnx_file_plugin_is_named_and_is_no_genai_error(tmp_path):
    missing = tmp_path / "nowhere" / "libwinml_onnx_io.so"
    code = ("import sys, winml\n"
            "try:\n"
            "    winml.bundle.synth(sys.argv[1])\n"
            "except winml.GenaiNotInstalledError as e:\n"
            "    print('GenaiNotInstalledError', e)\n"
            "except winml.OnnxIoNotInstalledError as e:\n"
            "    print('OnnxIoNotInstalledError', e)\n")
    run = python(tmp_path, "-c", code, str(tmp_path / "b"), WINML_ONNX_IO_PATH=str(missing))
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("OnnxIoNotInstalledError"), run.stdout
    assert "WINML_ONNX_IO_PATH" in run.stdout and str(missing) in run.stdout
    assert "GenAI" not in run.stdout
    assert issubclass(winml.OnnxIoNotInstalledError, winml.WinmlError)
    assert not issubclass(winml.OnnxIoNotInstalledError, winml.GenaiNotInstalledError)


def test_a_session_on_no_bundle_fails_when_it_is_made(tmp_path):
    with pytest.raises(winml.UsageError, match="nonexistent is not a folder"):
        winml.GenaiSession(str(tmp_path / "nonexistent"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(winml.UsageError, match="genai_config.json does not exist"):
        winml.GenaiSession(str(tmp_path / "empty"))
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "genai_config.json").write_text("{not json")
    with pytest.raises(winml.UsageError, match="is not valid JSON"):
        winml.GenaiSession(str(tmp_path / "bad"))
