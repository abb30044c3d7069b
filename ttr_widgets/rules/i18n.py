"""The kit's languages: every sentence a person sees is looked up in one catalogue (gettext, the
``ttr`` domain, ``ttr_widgets/locale/<lang>/LC_MESSAGES/ttr.po``) in the reader's language.

The language is explicit state: ``language()`` is the one asked for in this context
(``use("fr")``, a context variable: a test, a CLI run, one request), else the process's own
(``set_language``: a served page's kernel sets it once from ``?lang=`` or the browser's
languages; ``ttr`` from ``LANG`` / ``LC_ALL`` / ``LC_MESSAGES``), else English. A kernel's
widget callbacks each run in a fresh copy of the context, so a page's language is the
process's, not only a context variable's.

Sentences are written in English in the source as templates with named arguments:
``_("{route} takes exactly {cards}.").format(route=…, cards=…)``; ``ngettext`` picks the form
for a number (French: one form for 0 and 1, the other from 2); ``N_`` marks a sentence kept in
a table (``catalog.RULES``) for the extractor, translated where it is shown. The workflow
(``make i18n``): ``pybabel extract`` over the package, ``pybabel update`` the ``.po`` files,
translate, ``pybabel compile``; the compiled ``.mo`` is committed beside its ``.po`` and a
test checks that it is current.

A page that shows words learns its language late (a served page's address arrives after its
widgets are built) or changes it (the app's language picker): ``on_change(callback)`` registers a
callback, called with the new language whenever ``set_language`` changes the process's one
(held weakly: a page no longer shown is not kept alive by it).

Only the standard library: the rules core uses it (Babel is for the workflow alone).
"""

from __future__ import annotations

import contextvars
import gettext
import os
import re
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "_", "accepted", "choose",
           "from_environment", "language", "ngettext", "npgettext", "on_change", "page_language",
           "pgettext", "set_language", "use"]

DOMAIN = "ttr"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: the languages the kit speaks, English first (the source's own)
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT = "en"

_context: contextvars.ContextVar[str | None] = contextvars.ContextVar("ttr_language",
                                                                      default=None)
_process = DEFAULT
#: what to call when the process's language changes (weak references: see ``on_change``)
_listeners: list[Callable[[], Callable[[str], object] | None]] = []


def language() -> str:
    """The language sentences are told in now: this context's, else the process's."""
    return _context.get() or _process


def set_language(lang: str | None) -> str:
    """Set the process's language (a page's kernel, a CLI run); an unknown one is English.
    Returns the language set."""
    global _process
    before, _process = _process, choose([lang] if lang else [])
    if _process != before:
        _tell(_process)
    return _process


def on_change(callback: Callable[[str], object]) -> None:
    """Call ``callback(language)`` each time ``set_language`` changes the process's language.
    A bound method is held by a weak reference to its object (a widget dropped from the page
    is forgotten), any other callable by a plain one."""
    if getattr(callback, "__self__", None) is not None:
        _listeners.append(weakref.WeakMethod(callback))
    else:
        _listeners.append(lambda: callback)


def _tell(lang: str) -> None:
    """Call every live listener with ``lang``; forget the dead ones."""
    live = [ref for ref in _listeners if ref() is not None]
    _listeners[:] = live
    for ref in live:
        callback = ref()
        if callback is not None:
            callback(lang)


@contextmanager
def use(lang: str | None) -> Iterator[str]:
    """Tell sentences in ``lang`` inside the ``with`` block (this context only)."""
    token = _context.set(choose([lang] if lang else []))
    try:
        yield language()
    finally:
        _context.reset(token)


def choose(wanted: Iterable[str]) -> str:
    """The first language of ``wanted`` the kit speaks (``'fr-CA'``, ``'fr_FR.UTF-8'`` and
    ``'FR'`` are French), else English."""
    for tag in wanted:
        base = tag.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT


def accepted(header: str) -> list[str]:
    """An ``Accept-Language`` header's languages, most wanted first (``q=0`` left out)."""
    weighted: list[tuple[float, int, str]] = []
    for position, item in enumerate(header.split(",")):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match[1])
            except ValueError:
                weight = 0.0
        if tag and weight > 0:
            weighted.append((-weight, position, tag))
    return [tag for _w, _p, tag in sorted(weighted)]


def page_language(lang: str | None, accept_language: str = "") -> str:
    """The language a page is asked in: ``?lang=`` when given (an unknown one is English),
    else the browser's first language the kit speaks (its ``Accept-Language``)."""
    if lang:
        return choose([lang])
    return choose(accepted(accept_language))


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE`` (a colon list),
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the first of them set decides (``C`` and ``POSIX``
    are English)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return choose(value.split(":"))
    return DEFAULT


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` in the current language (as written when the catalogue lacks it)."""
    return _translations(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number ``n``, in the current language."""
    return _translations(language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words elsewhere by
    ``context`` ('red' as a colour's name, 'rouge', and as a card's, 'rouge', 'verte')."""
    return _translations(language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context: an adjective agreeing with a counted noun ('green' →
    'verte', 'vertes' for cards)."""
    return _translations(language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it here."""
    return message
