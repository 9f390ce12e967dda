"""Bundles from Python: bundle.synth() writes a synthetic GenAI bundle, as `winml bundle synth`."""

import os
import pathlib
from typing import Any, Union

from . import _commands


def synth(output: Union[str, "os.PathLike[str]"], **options: Any) -> pathlib.Path:
    """Writes a synthetic GenAI bundle (random weights, a real tokenizer and genai_config.json)
    to the folder `output`, with every flag of `winml bundle synth` as a keyword (preset="bench",
    layers=4, precision="int4", overwrite=True, ...). Returns the folder as a pathlib.Path."""
    arguments = ["bundle", "synth", "-o", os.fspath(output), "-q"]
    arguments += _commands.flag_arguments(["bundle", "synth"], options, "bundle.synth()", taken=("output", "quiet"))
    _commands.run(arguments)
    return pathlib.Path(output)


_commands.document(synth, ["bundle", "synth"], taken=("output", "quiet"))


__all__ = ["synth"]
