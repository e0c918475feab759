"""`python -m quintet` runs the `quintet` command."""

import sys

from quintet.cli import main

if __name__ == "__main__":
    sys.exit(main())
