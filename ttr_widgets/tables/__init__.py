"""Shared tables: games several browsers (and bots over the network) play together.

One authority per table (``authority.Table``) holds the true game, its seed and its event log;
pages and bots are its clients and receive only their seat's view (``rules.view``), watchers
the public view. ``store`` keeps tables and their logs (SQLite by default) so that a restart
loses nothing; ``protocol`` is what crosses the wire; ``service`` runs the tables inside
``ttr serve``; ``client`` is what a page's kernel, ``ttr table`` and a bot of one's own use.
"""
