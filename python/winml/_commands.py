"""winml's commands run in this process (winml._native._run_command), their flags taken as keywords.

A keyword is a flag's long name with ``_`` for ``-``: ``max_new_tokens=16`` is ``--max-new-tokens 16``.
A list or range is a comma list (``threads=[1, 2, 4]`` is ``--threads 1,2,4``, a sweep), a dict a list
of ``key=value`` (``slo={"ttft": "500ms"}``), True gives a switch and False its ``--no-`` form, None
leaves the flag out. A repeatable flag takes a list of values, one flag each (``shape=["a=1,8"]``), or
a dict (``shape={"a": [1, 8]}``). The flags themselves, their checks and their messages are the
command line's, so every option the CLI has is here, checked the same way.
"""

import difflib
import inspect
import json
import keyword as _python_keyword
import os
import textwrap
import warnings
from collections.abc import Mapping

from . import _native
from ._native import UsageError, WinmlWarning  # WinmlWarning: native, as GenerationConfig warns too


def _text(value):
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, Mapping):
        return ",".join(f"{key}={_text(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple, range)):
        return ",".join(_text(item) for item in value)
    if isinstance(value, float):
        return repr(value)  # every digit: "g" would round 0.1234567 to 0.123457
    return str(value)


def keyword(name):
    """The keyword of the flag `name` ("max-new-tokens" -> "max_new_tokens")."""
    return name.replace("-", "_")


def flag_arguments(command, options, api, taken=()):
    """The command line of `options` for the winml command `command` (e.g. ["perf"]). `api` names
    the Python call in messages; `taken` are flags the call sets itself. A flag's one-letter name
    is its keyword too (n=8 is -n 8, i.e. max_new_tokens=8)."""
    catalog = _native._command_flags(command)
    flags = {flag["name"]: flag for flag in catalog}
    short = {flag["short_name"]: flag["name"] for flag in catalog if flag["short_name"]}
    usage = "winml " + " ".join(command) + " --help"
    arguments = []
    given = {}
    for key, value in options.items():
        name = key.replace("_", "-")
        if name not in flags and name in short:
            name = short[name]
        if name in given:
            raise UsageError(
                f"{api}: {given[name]}= and {key}= are the same option (--{name}): give one of them"
            )
        given[name] = key
        if name in taken:
            raise UsageError(f"{api} sets --{name} itself: drop {key}=")
        flag = flags.get(name)
        if flag is None:
            close = difflib.get_close_matches(name, [n for n in flags if n not in taken], n=1)
            hint = f"; did you mean {close[0].replace('-', '_')}=?" if close else ""
            raise UsageError(
                f"{api} has no option {key}= (winml {' '.join(command)} has no --{name}){hint} Its options are the "
                f"command's flags with _ for -, e.g. threads=[1, 2] for --threads 1,2 ({usage})"
            )
        if value is None:
            continue
        if not flag["takes_value"]:
            if value is True:
                arguments.append(f"--{name}")
            elif value is False:
                if flag["negation"]:
                    arguments.append(f"--{flag['negation']}")
            elif flag["repeatable"] and isinstance(value, int) and value >= 0:
                arguments += [f"--{name}"] * value  # verbose=2 is -v -v
            else:
                raise UsageError(f"{api}: {key}= is a switch (--{name}): give True or False, not {value!r}")
            continue
        if isinstance(value, bool):
            value_name = flag["value_name"] or "VALUE"
            raise UsageError(f"{api}: {key}= takes a value (--{name} {value_name}), not {value!r} ({usage})")
        if flag["repeatable"] and isinstance(value, Mapping):
            for item_key, item in value.items():
                arguments += [f"--{name}", f"{item_key}={_text(item)}"]
        elif flag["repeatable"] and isinstance(value, (list, tuple)):
            for item in value:
                arguments += [f"--{name}", _text(item)]
        else:
            arguments += [f"--{name}", _text(value)]
    return arguments


def run(arguments, progress=None, speak=None):
    """Runs `arguments` (a winml command line without the program's name) in this process. Its
    warnings become WinmlWarning; a run Ctrl-C stopped raises KeyboardInterrupt saying what its
    report holds. `speak` rewrites the command's messages and output for the Python caller (its
    keywords for the CLI's flags, its own names for files it never made). Returns the native
    result: code, output, rows, report_path, html_path, ..."""
    try:
        result = _native._run_command(list(arguments), progress)
    except _native.WinmlError as error:
        if speak is None:
            raise
        raise type(error)(speak(str(error))) from None
    if speak is not None:
        result["output"] = speak(result["output"].decode("utf-8")).encode("utf-8")
    for message in result["warnings"]:
        warnings.warn(speak(message) if speak else message, WinmlWarning, stacklevel=3)
    if result["interrupted"] or result["code"] == 130:
        raise KeyboardInterrupt(result["message"] or "interrupted (Ctrl-C)")
    return result


def json_output(result):
    """The command's stdout as the JSON document it is."""
    return json.loads(result["output"].decode("utf-8"))


def document(function, command, taken=()):
    """Gives `function`, which takes the winml command `command`'s flags as **options, a signature
    and a docstring that list them (for help(), inspect.signature and a notebook's completion): each
    flag but `taken` as a keyword-only parameter defaulting to None (left out), after the
    function's own parameters."""
    own = inspect.signature(function)
    parameters = [p for p in own.parameters.values() if p.kind != inspect.Parameter.VAR_KEYWORD]
    names = {p.name for p in parameters}
    lines = []
    for flag in _native._command_flags(command):
        if flag["name"] in taken:
            continue
        name = keyword(flag["name"])
        if name not in names and name.isidentifier() and not _python_keyword.iskeyword(name):
            parameters.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None))
            names.add(name)
        spelled = name + (f" ({flag['short_name']}=)" if flag["short_name"] else "")
        if flag["takes_value"]:
            spelled += f"={flag['value_name'] or 'VALUE'}"
        else:
            spelled += "=True" + (" / False" if flag["negation"] else "")
        text = flag["description"] + (f" [default: {flag['default']}]" if flag["default"] else "")
        lines.append(f"{spelled}  (--{flag['name']})")
        lines.append(textwrap.fill(text, width=96, initial_indent="    ", subsequent_indent="    "))
    function.__signature__ = own.replace(parameters=parameters)
    heading = (
        f"Options: the flags of `winml {' '.join(command)}` (`winml {' '.join(command)} --help`), _ for -; "
        "None leaves one out."
    )
    own_doc = inspect.cleandoc(function.__doc__ or "")
    function.__doc__ = (own_doc + "\n\n" + heading + "\n\n" + "\n".join(lines)).rstrip()
    return function
