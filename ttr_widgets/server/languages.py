"""The pages in the reader's language under ``ttr serve``: Voila's page handler, asked for a
page in a language other than English (``?lang=fr``, else the browser's ``Accept-Language``),
renders it afresh through the course's ``prelaunch_hook``
(:func:`ttr_widgets.server.notebook_i18n.prelaunch_hook`), which puts the notebook's prose in
that language before Voila renders the markdown.

Voila refuses a ``prelaunch_hook`` together with pre-heated kernels, because a pool's pages are
rendered before anyone asks for them: :func:`use_page_languages` sets the hook once the server's
settings are made, and :func:`language_handler` keeps a page asked in French out of the pool
(the pool's pages are English: the hook leaves a render without a request alone), so the app's
French visitors get a kernel started on request, the others a pre-heated one as before.

The kernel of a page started on request knows its language before the notebook's first cell
runs (:func:`kernel_language`, called by the served kernel's start-up hook,
``ttr_widgets.server.kernel.prepare_served_kernel``): Voila gives it the page's query string
(``QUERY_STRING``) and, since :func:`use_page_languages` asks for it, the browser's
``Accept-Language`` (``HTTP_ACCEPT_LANGUAGE``), so a page's tables and charts drawn as its cells
run (the Probability Lab, the Map Analysis) speak the language its prose is translated into.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from ttr_widgets.rules import i18n
from ttr_widgets.server.notebook_i18n import page_language, prelaunch_hook

__all__ = ["ACCEPT_LANGUAGE_ENV", "kernel_language", "language_handler", "use_page_languages"]

#: the browser's languages in a page's kernel: Voila's name for the ``Accept-Language`` header
ACCEPT_LANGUAGE_ENV = "HTTP_ACCEPT_LANGUAGE"


def kernel_language(environ: Mapping[str, str] | None = None) -> str:
    """In a page's kernel: set the process's language to the one its page was asked in (the
    ``lang`` of ``QUERY_STRING``, else ``HTTP_ACCEPT_LANGUAGE``) and return it. A kernel started
    without a request (a pre-heated one, JupyterLab's) keeps the language it has."""
    env = os.environ if environ is None else environ
    query, accept = env.get("QUERY_STRING", ""), env.get(ACCEPT_LANGUAGE_ENV, "")
    if not query and not accept:
        return i18n.language()
    asked = parse_qs(query).get("lang", [None])[-1]
    return i18n.set_language(page_language(asked, accept))


def language_handler(base: type[Any]) -> type[Any]:
    """Voila's page handler ``base`` that never hands a non-English page a pre-rendered
    (English) one from the pool."""

    class PageInLanguage(base):  # type: ignore[misc]
        def should_use_rendered_notebook(self, *args: Any, **kwargs: Any) -> bool:
            asked = page_language(self.get_argument("lang", None),
                                  self.request.headers.get("Accept-Language", ""))
            if asked != i18n.DEFAULT:
                return False
            return bool(super().should_use_rendered_notebook(*args, **kwargs))

    PageInLanguage.__name__ = PageInLanguage.__qualname__ = f"InLanguage{base.__name__}"
    return PageInLanguage


def use_page_languages(voila_configuration: Any, handlers: list[Any]) -> list[Any]:
    """Set the course's ``prelaunch_hook`` on Voila's configuration, have Voila pass the
    browser's ``Accept-Language`` to a page's kernel (:func:`kernel_language`) and swap Voila's
    page handler in ``handlers`` (its ``init_handlers`` list) for :func:`language_handler`'s."""
    from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

    voila_configuration.prelaunch_hook = prelaunch_hook
    headers = list(getattr(voila_configuration, "http_header_envs", ()))
    if "accept-language" not in (header.lower() for header in headers):
        voila_configuration.http_header_envs = [*headers, "Accept-Language"]
    in_language = language_handler(TornadoVoilaHandler)
    return [(spec[0], in_language, *spec[2:])
            if isinstance(spec, tuple) and len(spec) > 1 and spec[1] is TornadoVoilaHandler
            else spec for spec in handlers]
