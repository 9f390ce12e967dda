"""Fixtures of the Python package tests: a synthesised bundle, written once by `winml bundle synth`,
and how to run the winml program beside the interpreter."""

import os
import subprocess

import pytest


def winml_program(*args, **kwargs):
    """Runs the winml program (WINML_BIN) with `args`, as subprocess.run does. Under a sanitizer
    build the interpreter has the shared ASan runtime preloaded (tests/python/CMakeLists.txt);
    the program carries its own, and refuses to start with both, so it does not inherit it."""
    env = dict(kwargs.pop("env", os.environ))
    env.pop("LD_PRELOAD", None)
    return subprocess.run([os.environ["WINML_BIN"], *args], env=env, **kwargs)


@pytest.fixture(scope="session")
def bundle(tmp_path_factory):
    path = tmp_path_factory.mktemp("bundles") / "tiny"
    winml_program("bundle", "synth", "-q", "-o", str(path), check=True)
    return str(path)
