"""winml: run and benchmark ONNX Runtime GenAI bundles on any execution provider.

The native library (winml._native) does the work; this package names it. GenaiSession loads a
bundle and generates from it; GenerationConfig says how; GenerationTiming holds what
generate_timed() measured at GenAI's call boundaries. Errors are WinmlError and its subclasses:
UsageError (also a ValueError), GenaiSessionError, GenaiNotInstalledError (the engine, ONNX Runtime
or GenAI cannot be loaded), GenaiLoadError, and OnnxIoNotInstalledError (winml's ONNX file support,
libwinml_onnx_io.so, which bundle.synth needs, cannot be loaded). Warnings are WinmlWarning.

winml.perf runs the benchmarks (perf.run is `winml perf`, returning the report as a dict),
winml.bundle.synth writes a synthetic bundle and winml.sys() tells what this machine has.
"""

from typing import Any, Dict

from . import _commands

from ._native import (
    GenaiLoadError,
    GenaiNotInstalledError,
    GenaiSession,
    GenaiSessionError,
    GenerationConfig,
    GenerationTiming,
    OnnxIoNotInstalledError,
    UsageError,
    WinmlError,
    WinmlWarning,
    __version__,
)
from . import bundle, perf  # noqa: E402 - after the names they use


def sys(**options: Any) -> Dict[str, Any]:  # noqa: A001 - winml sys, as the CLI names it
    """The machine and its devices as `winml sys -f json` gives them (schema_version 1): the CPU,
    memory and OS, and per device the execution providers in priority order. Takes `winml sys`'s
    flags as keywords (bandwidth=True also measures the memory read bandwidth)."""
    arguments = ["sys", "-f", "json", *_commands.flag_arguments(["sys"], options, "winml.sys()", taken=("format",))]
    return _commands.json_output(_commands.run(arguments))


_commands.document(sys, ["sys"], taken=("format",))

__all__ = [
    "GenaiLoadError",
    "GenaiNotInstalledError",
    "GenaiSession",
    "GenaiSessionError",
    "GenerationConfig",
    "GenerationTiming",
    "OnnxIoNotInstalledError",
    "UsageError",
    "WinmlError",
    "WinmlWarning",
    "__version__",
    "bundle",
    "perf",
    "sys",
]
