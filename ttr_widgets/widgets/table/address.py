"""The page's own address and memory, as the browser holds them: a shared table is named in the
address (``?table=maple-7``, ``&seat=KEY`` for a personal link), and a seat's key stays in the
browser (``localStorage``) so that a reload, or the link opened again in the same browser, gets
the seat back. The kernel cannot read either itself: this small widget reads them in the
browser and hands them over (``search``, ``stored_key``), remembers a key it is given
(``remember``) and shows an address without reloading the page (``show``).
"""

from __future__ import annotations

from urllib.parse import parse_qs

import anywidget
import traitlets

__all__ = ["PageAddress"]

_ESM = r"""
export default {
  render({ model, el }) {
    const read = () => {
      const params = new URLSearchParams(window.location.search);
      const table = params.get('table');
      let stored = '';
      if (table) {
        try { stored = window.localStorage.getItem('ttr-seat:' + table) || ''; } catch (e) {}
      }
      model.set('stored_key', stored);
      model.set('search', window.location.search || '?');
      model.save_changes();
    };
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
    remember = traitlets.Unicode("").tag(sync=True)  #: 'TABLE KEY': keep this seat's key
    address = traitlets.Unicode("").tag(sync=True)  #: show this address (no reload)

    def __init__(self) -> None:
        super().__init__(layout={"display": "none"})

    @property
    def known(self) -> bool:
        """Whether the browser has told the page's address yet."""
        return bool(self.search)

    def param(self, name: str) -> str | None:
        """One value of the page's query string (``table``, ``seat``, ``token``)."""
        values = parse_qs(self.search.lstrip("?")).get(name)
        return values[0] if values else None

    def keep(self, table: str, key: str) -> None:
        """Remember ``key`` for ``table`` in this browser."""
        self.remember = f"{table} {key}"

    def show(self, address: str) -> None:
        self.address = address
