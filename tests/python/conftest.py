"""Fixtures of the Python package tests: a synthesised bundle, written once by `winml bundle synth`."""

import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def bundle(tmp_path_factory):
    path = tmp_path_factory.mktemp("bundles") / "tiny"
    subprocess.run([os.environ["WINML_BIN"], "bundle", "synth", "-q", "-o", str(path)], check=True)
    return str(path)

