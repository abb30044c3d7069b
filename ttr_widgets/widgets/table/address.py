"""The page's own address and memory, as the browser holds them: a shared table is named in the
address (``?table=maple-7``, ``&seat=KEY`` for a personal link), and a seat's key stays in the
browser (``localStorage``) so that a reload, or the link opened again in the same browser, gets
the seat back; so does the key under which the server keeps the game played at this screen
(``table.keeper``). The kernel cannot read either itself: this small widget reads them in the
browser and hands them over (``search``, ``stored_key``, ``stored_game``), remembers a key it is
given (``keep``, ``keep_game``) and shows an address without reloading the page (``show``).

It also watches the page's kernel: when the server has ended it (pages left idle are closed
after a while, or the server stopped), the page says so over everything and offers to resume —
a reload, which finds the kept game or the seat again. Nothing is sent to keep the kernel
alive: an abandoned tab still frees its kernel. Its words (``ended_text``, ``resume_text``) are
the reader's language's, told again when the language changes (``rules.i18n.on_change``).
"""

from __future__ import annotations

from urllib.parse import parse_qs

import anywidget
import traitlets

from ttr_widgets.rules import i18n
from ttr_widgets.rules.i18n import N_, _

__all__ = ["ENDED", "RESUME", "PageAddress"]

ENDED = N_("This page has lost its game server: pages left idle for a while are closed to "
           "free the server, or the server was restarted. Nothing is lost: resume to pick up "
           "where you were.")
RESUME = N_("Resume")  #: the banner's button: a reload

_ESM = r"""
export default {
  render({ model, el }) {
    // A table's link: the page's own game stays out of sight until the table is shown.
    if (/[?&]table=/.test(window.location.search) && !model.get('opened')) {
      document.body.classList.add('ttr-opening-table');
    }
    model.on('change:opened', () => {
      if (model.get('opened')) { document.body.classList.remove('ttr-opening-table'); }
    });
    const read = () => {
      const params = new URLSearchParams(window.location.search);
      const table = params.get('table');
      let stored = '';
      if (table) {
        try { stored = window.localStorage.getItem('ttr-seat:' + table) || ''; } catch (e) {}
      }
      let game = '';
      try { game = window.localStorage.getItem(model.get('game_slot')) || ''; } catch (e) {}
      model.set('stored_key', stored);
      model.set('stored_game', game);
      model.set('languages', (navigator.languages || [navigator.language || '']).join(','));
      model.set('search', window.location.search || '?');
      model.save_changes();
    };
    model.on('change:kept_game', () => {
      const key = model.get('kept_game');
      if (key) {
        try { window.localStorage.setItem(model.get('game_slot'), key); } catch (e) {}
      }
    });
    const banner = () => {
      if (document.querySelector('.ttr-kernel-ended')) { return; }
      const box = document.createElement('div');
      box.className = 'ttr-kernel-ended';
      box.setAttribute('role', 'alertdialog');
      box.setAttribute('aria-live', 'assertive');
      box.style.cssText = 'position:fixed;top:0;left:0;right:0;z-index:10000;' +
        'background:#1d3557;color:#fff;padding:14px 20px;font:15px sans-serif;' +
        'box-shadow:0 2px 8px rgba(0,0,0,.35)';
      const text = document.createElement('span');
      text.textContent = model.get('ended_text');
      const button = document.createElement('button');
      button.textContent = model.get('resume_text');
      button.className = 'ttr-kernel-resume';
      button.style.cssText = 'margin-left:16px;font:15px sans-serif;padding:4px 14px';
      button.onclick = () => window.location.reload();
      box.appendChild(text);
      box.appendChild(button);
      document.body.appendChild(box);
      button.focus();
    };
    // The kernel restarted (its widgets are gone), died, or cannot be reached any more.
    const kernel = (model.widget_manager || {}).kernel;
    if (kernel && kernel.statusChanged) {
      kernel.statusChanged.connect((_kernel, status) => {
        if (['restarting', 'autorestarting', 'dead'].includes(status)) { banner(); }
      });
      let lost = null;  // a connection trying again for long: the server has gone
      kernel.connectionStatusChanged.connect((_kernel, status) => {
        if (status === 'disconnected') { banner(); }
        if (status === 'connecting' && lost === null) {
          lost = setTimeout(() => { if (kernel.connectionStatus !== 'connected') { banner(); } },
                            model.get('patience_ms'));
        }
        if (status === 'connected' && lost !== null) { clearTimeout(lost); lost = null; }
      });
    }
    model.on('change:remember', () => {
      const [table, key] = (model.get('remember') || '').split(' ');
      if (table && key) {
        try { window.localStorage.setItem('ttr-seat:' + table, key); } catch (e) {}
      }
    });
    model.on('change:address', () => {
      const url = model.get('address');
      if (url) { window.history.replaceState(null, '', url); }
    });
    read();
  }
};
"""


class PageAddress(anywidget.AnyWidget):  # type: ignore[misc]
    """The page's query string (``search``: '' until the browser has said, '?' when it has
    none) and the seat key the browser keeps for the table named in it (``stored_key``)."""

    _esm = _ESM
    search = traitlets.Unicode("").tag(sync=True)
    stored_key = traitlets.Unicode("").tag(sync=True)
    languages = traitlets.Unicode("").tag(sync=True)  #: the browser's, 'fr-FR,fr,en-US'
    remember = traitlets.Unicode("").tag(sync=True)  #: 'TABLE KEY': keep this seat's key
    address = traitlets.Unicode("").tag(sync=True)  #: show this address (no reload)
    game_slot = traitlets.Unicode("ttr-game:Play").tag(sync=True)  #: where the game key lives
    stored_game = traitlets.Unicode("").tag(sync=True)  #: the kept game's key, if any
    kept_game = traitlets.Unicode("").tag(sync=True)  #: keep this game key in the browser
    ended_text = traitlets.Unicode(ENDED).tag(sync=True)
    resume_text = traitlets.Unicode(RESUME).tag(sync=True)
    opened = traitlets.Bool(False).tag(sync=True)  #: the table named in the address is shown
    #: how long the page's connection may try again before the page says its server has gone
    patience_ms = traitlets.Int(10_000).tag(sync=True)

    def __init__(self, page: str = "Play") -> None:
        super().__init__(layout={"display": "none"}, game_slot=f"ttr-game:{page}")
        self.relabel()
        i18n.on_change(self._language_changed)

    def relabel(self) -> None:
        """The banner's words in the language now."""
        self.ended_text, self.resume_text = _(ENDED), _(RESUME)

    def _language_changed(self, _language: str) -> None:
        self.relabel()

    @property
    def known(self) -> bool:
        """Whether the browser has told the page's address yet."""
        return bool(self.search)

    @property
    def language(self) -> str:
        """The page's language: ``?lang=fr`` in its address, else the browser's first language
        the kit speaks, else English (``rules.i18n``)."""
        asked = self.param("lang")
        return i18n.choose([*([asked] if asked else []), *self.languages.split(",")])

    @traitlets.observe("search", "languages")
    def _tell_language(self, _change: object) -> None:
        # One page per kernel: the page's language is the kernel's, for every sentence after.
        if self.known:
            i18n.set_language(self.language)

    def param(self, name: str) -> str | None:
        """One value of the page's query string (``table``, ``seat``, ``token``)."""
        values = parse_qs(self.search.lstrip("?")).get(name)
        return values[0] if values else None

    def keep(self, table: str, key: str) -> None:
        """Remember ``key`` for ``table`` in this browser."""
        self.remember = f"{table} {key}"

    def table_shown(self) -> None:
        """The table the address names is on the page (or why it is not): show the page."""
        self.opened = True

    def keep_game(self, key: str) -> None:
        """Remember the key of the game this page plays at its screen (``table.keeper``)."""
        self.kept_game = key

    def show(self, address: str) -> None:
        self.address = address
