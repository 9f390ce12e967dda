"""The original tool's session module: GenaiSession and its errors, as winml names them.

``ep="mixed"`` was the original tool's name for the bundle's own routing; it is accepted, with a
DeprecationWarning, and means what ``ep=None`` means.
"""

import warnings

from .. import _native
from .._native import (
    GenaiLoadError,
    GenaiNotInstalledError,
    GenaiSessionError,
    GenerationConfig,
    GenerationTiming,
)


def GenaiSession(bundle, ep=None, **options):  # noqa: N802 - the original tool's class name
    """winml.GenaiSession, with ep="mixed" read as the bundle's own routing (ep=None)."""
    if ep == "mixed":
        warnings.warn(
            'ep="mixed" is the bundle\'s own routing, which ep=None (the default) now means; pass ep=None',
            DeprecationWarning,
            stacklevel=2,
        )
        ep = None
    return _native.GenaiSession(bundle, ep=ep, **options)


__all__ = [
    "GenaiLoadError",
    "GenaiNotInstalledError",
    "GenaiSession",
    "GenaiSessionError",
    "GenerationConfig",
    "GenerationTiming",
]
