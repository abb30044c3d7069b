"""Sub-commands of ``ttr``: each module has ``add_parser(subparsers)`` and ``run(args) -> int``."""
