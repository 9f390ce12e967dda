"""`python -m winml ...` and the `winml` console script are the `winml` command, run in this
process by the native library."""

import sys

from . import _native


def main() -> int:
    """The `winml` command on this process's arguments (sys.argv[1:]); returns its exit code."""
    return _native.main(["winml", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
