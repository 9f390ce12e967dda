"""winml: run and benchmark ONNX Runtime GenAI bundles on any execution provider.

The native library (winml._native) does the work; this package names it. GenaiSession loads a
bundle and generates from it; GenerationConfig says how; GenerationTiming holds what
generate_timed() measured at GenAI's call boundaries. Errors are WinmlError and its subclasses:
UsageError (also a ValueError), GenaiSessionError, GenaiNotInstalledError and GenaiLoadError.
"""

from ._native import (
    GenaiLoadError,
    GenaiNotInstalledError,
    GenaiSession,
    GenaiSessionError,
    GenerationConfig,
    GenerationTiming,
    UsageError,
    WinmlError,
    __version__,
)

__all__ = [
    "GenaiLoadError",
    "GenaiNotInstalledError",
    "GenaiSession",
    "GenaiSessionError",
    "GenerationConfig",
    "GenerationTiming",
    "UsageError",
    "WinmlError",
    "__version__",
]
