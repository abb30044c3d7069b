"""The `ttr` command line: its commands run as a user runs them, one clear line for bad input."""
