"""The ``ttr`` command: the same rules core as the widgets, in a terminal.

Each sub-command lives in ``ttr_widgets.commands.<name>`` and provides ``add_parser`` and
``run``. Bad input of any kind ends in one line on stderr naming the problem and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ttr_widgets.rules import i18n
from ttr_widgets.rules.errors import TTRError
from ttr_widgets.rules.i18n import N_, _

COMMANDS = ("map", "score", "odds", "plan", "simulate", "serve", "table", "notebooks")
EXIT_USAGE = 2


class UsageError(TTRError):
    """A wrong command-line argument."""


#: argparse's own words, for the catalogue: argparse looks them up through its module's ``_``
#: and ``ngettext``, which ``main`` points at the kit's catalogue
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid %(type)s value: %(value)r"),
    N_("not allowed with argument %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit code 2, without the usage dump."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(_("{prog}: {problem}").format(prog=self.prog, problem=message))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole ``ttr`` parser, or with ``only`` one sub-command's (the others' modules, and what
    they import, are then never loaded: ``ttr simulate`` starts without the server's code)."""
    parser = _Parser(prog="ttr", description=_("Ticket to Ride rules, scores and odds."))
    subs = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in (only,) if only in COMMANDS else COMMANDS:
        module = importlib.import_module(f"ttr_widgets.commands.{name}")
        module.add_parser(subs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    i18n.set_language(i18n.from_environment())  # LANGUAGE, LC_ALL, LC_MESSAGES, LANG
    argparse._ = i18n._  # type: ignore[attr-defined]  # argparse's words from the catalogue
    try:
        argv = sys.argv[1:] if argv is None else list(argv)
        args = build_parser(argv[0] if argv else None).parse_args(argv)
        module = importlib.import_module(f"ttr_widgets.commands.{args.command}")
        return int(module.run(args) or 0)
    except TTRError as exc:
        print(_("ttr: error: {problem}").format(problem=exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
