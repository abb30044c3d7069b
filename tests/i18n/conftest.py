"""The French tests' shared fixture: ``french``, a ``ttr`` run with ``LANG=fr_FR.UTF-8``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ttr_widgets.rules import i18n


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``ttr`` run with ``LANG=fr_FR.UTF-8`` and no other locale variable; the process's
    language set back to English after (the command sets it: the next test's is English)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    yield
    i18n.set_language("en")
