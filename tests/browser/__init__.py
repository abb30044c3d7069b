"""The browser tests: a real ``ttr serve`` in a subprocess, pages in headless Debian Chromium.

The harness lives in ``ttr_widgets.testing.browser`` (shared with the benchmarks); its names are
importable from here too, so ``from . import open_notebook, click_plotly_point, ...`` works.
"""

from ttr_widgets.testing.browser import *  # noqa: F403  (the harness, re-exported)
from ttr_widgets.testing.browser import __all__  # noqa: F401
