"""`python -m winml ...` is the `winml` command, run in this process by the native library."""

import sys

from ._native import main

if __name__ == "__main__":
    sys.exit(main(["winml", *sys.argv[1:]]))
