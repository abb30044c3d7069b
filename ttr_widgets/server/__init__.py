"""Serving the kit's notebooks with Voila: ``ttr serve`` on one machine, and the configuration
that Binder and JupyterHub serve them with.

``ttr serve`` runs Voila *in its own process* (no second interpreter): :func:`.app.serve` builds
a ``voila.app.Voila`` application from :func:`.config.voila_config` and starts it. Everything
Voila is told is in that one dictionary, so a test can read the policy without starting a
server:

- only one directory is served (the kit's ``notebooks/``, see :func:`.config.kit_notebooks_dir`),
  and no ``voila.json`` / ``voila.py`` from the working directory or ``~/.jupyter`` is read
  (``Voila.config_file_paths = []``), so a stray file cannot loosen the policy;
- tracebacks never reach the page, notebook sources are stripped, and only images are served as
  files (never ``.ipynb``, ``.py`` or ``.json``);
- a page can run no code: standalone Voila has no terminals, no contents API that writes and no
  console, and its kernel websocket forwards only widget (comm) and kernel-info messages — an
  ``execute_request`` sent by a page is dropped (tests/browser/test_serve.py proves it);
- a kernel ends when its page closes (Voila's page posts ``/voila/api/shutdown/<id>`` on
  ``beforeunload``; see the xsrf note in :func:`.config.voila_config`) and, as a safety net,
  when it has been idle for ``idle_timeout`` seconds, even with a page still connected
  (``cull_connected``) — an abandoned tab in a classroom frees its kernel; a pre-heated kernel
  waiting in the pool is never culled;
- the app notebook gets a pool of pre-heated kernels (``pool``, by default
  :func:`.pool.default_pool_size`: sized to the machine's cores and memory): Voila runs the app
  in each in advance, so a visitor who finds one ready gets a rendered page without waiting for
  a kernel, and Voila starts a replacement :data:`.pool.POOL_FILL_DELAY` seconds later, once the
  machine has a quiet moment (:func:`.pool.start_when_quiet`: a class arriving together gets
  the machine first, and the replacement's start does not slow its first clicks); the other
  notebooks start their kernel on request (a pool per lesson would cost idle kernels each);
- plotly's JavaScript reaches each browser once: the board's module (plotly's FigureWidget
  bundle, 5 MB) would otherwise travel inside every board's widget state, through every page's
  websocket, and cost the kernel and the server a 5 MB JSON message per page. ``ttr serve``
  hands it out as a file at :func:`.plotly_module.plotly_module_path` with a year-long,
  immutable cache lifetime (the path carries plotly's version), after a compile hint for V8
  (:data:`.plotly_module.COMPILE_HINT`), and tells its kernels so
  (``ttr_widgets.served.PLOTLY_MODULE_ENV``);
- every kernel the server starts runs the server's start-up hook (:mod:`.kernel`, an IPython
  extension on the kernel's command line): every ``FigureWidget`` gets a few-line module that
  imports that file, which the browser then keeps in its HTTP cache; pyzmq's "Got events for
  closed stream" stays out of the server's log; jsonschema's IRI grammar is never loaded.
  Elsewhere (JupyterLab, Binder) nothing changes: the widgets import nothing of the server;
- every page works offline: the kit's template ``ttr`` (``ttr_widgets/share/voila/templates/
  ttr/``, found through ``JUPYTER_PATH``) is Voila's ``lab`` template without the Font Awesome
  stylesheets it links from a CDN (and with its loading spinner standing still), and the
  notebook list is Voila's classic (jinja) tree, since the JupyterLab-based one logs
  widget-manager errors in the console of a page without a kernel.

The modules: :mod:`.config` (the plan and Voila's configuration), :mod:`.pool` (the pre-heated
pool: its size, the quiet moment a replacement waits for, the stop), :mod:`.ports`,
:mod:`.plotly_module` (plotly's module served from memory), :mod:`.kernel` (what a served
kernel runs at start), :mod:`.app` (Voila as ``ttr serve`` runs it) and :mod:`.site` (the pages
in reading order, and the Jupyter-server configuration for Binder and JupyterHub).
"""

from __future__ import annotations

from ttr_widgets.rules.errors import TTRError


class ServeError(TTRError):
    """A ``ttr serve`` argument or situation that prevents serving (one line, exit code 2)."""
