"""The ``ttr`` command: the same rules core as the widgets, in a terminal.

Each sub-command lives in ``ttr_widgets.commands.<name>`` and provides ``add_parser`` and
``run``. Bad input of any kind ends in one line on stderr naming the problem and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ttr_widgets.rules.errors import TTRError

COMMANDS = ("map", "score", "odds", "plan", "simulate", "serve", "table", "notebooks")
EXIT_USAGE = 2


class UsageError(TTRError):
    """A wrong command-line argument."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2, without the usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole ``ttr`` parser, or with ``only`` one sub-command's (the others' modules, and what
    they import, are then never loaded: ``ttr simulate`` starts without the server's code)."""
    parser = _Parser(prog="ttr", description="Ticket to Ride rules, scores and odds.")
    subs = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in (only,) if only in COMMANDS else COMMANDS:
        module = importlib.import_module(f"ttr_widgets.commands.{name}")
        module.add_parser(subs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        module = importlib.import_module(f"ttr_widgets.commands.{args.command}")
        return int(module.run(args) or 0)
    except TTRError as exc:
        print(f"ttr: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
