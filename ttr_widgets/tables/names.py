"""Names people type and keys nobody guesses: a table's name (``maple-7``), a seat's key and a
class's key."""

from __future__ import annotations

import re
import secrets
from collections.abc import Container

__all__ = ["NAME", "new_key", "new_name", "valid_name"]

_WORDS = ("maple", "cedar", "birch", "aspen", "alder", "rowan", "hazel", "larch", "olive",
          "cherry", "willow", "poplar", "spruce", "laurel", "acacia", "linden", "walnut",
          "juniper", "cypress", "magnolia", "hemlock", "sequoia", "elm", "fir", "oak", "pine",
          "yew", "ash", "lime", "teak")
NAME = re.compile(r"^[a-z]{2,12}-[0-9]{1,3}$")  #: what a table's name looks like


def new_name(taken: Container[str]) -> str:
    """A short table name not in ``taken``: a tree and a number, ``maple-7``."""
    for digits in (1, 1, 1, 2, 2, 3, 3, 3):
        name = f"{secrets.choice(_WORDS)}-{secrets.randbelow(10 ** digits)}"
        if name not in taken:
            return name
    raise RuntimeError("no free table name: too many tables")


def valid_name(name: str) -> bool:
    return bool(NAME.match(name))


def new_key() -> str:
    """A key for a seat or a class: 22 random URL-safe characters."""
    return secrets.token_urlsafe(16)
