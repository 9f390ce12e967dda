"""`python -m winml` is the winml command, run in the interpreter's process by the native library."""

import json
import os
import subprocess
import sys


def winml(tmp_path, *args):
    env = dict(os.environ, WINML_CACHE_DIR=str(tmp_path / "cache"))
    return subprocess.run([sys.executable, "-m", "winml", *args], capture_output=True, text=True, env=env)


def test_a_perf_run_writes_its_report(bundle, tmp_path):
    report = tmp_path / "r.json"
    run = winml(tmp_path, "perf", "-q", "-m", bundle, "-n", "4", "--iterations", "2", "--warmup", "0",
                "--no-bandwidth-probe", "-o", str(report))
    assert run.returncode == 0, run.stderr
    assert "TTFT" in run.stdout
    doc = json.loads(report.read_text())
    assert doc["kind"] == "genai" and len(doc["results"][0]["samples"]["timed"]) == 2


def test_exit_codes_and_messages_are_the_commands(bundle, tmp_path):
    usage = winml(tmp_path, "perf", "-m", bundle, "--iterations", "0")
    assert usage.returncode == 2
    assert "--iterations" in usage.stderr
    assert winml(tmp_path, "pref").stderr.count("did you mean 'perf'") == 1
    version = winml(tmp_path, "--version")
    assert version.returncode == 0 and version.stdout.startswith("winml ")
