"""The wheel carries the kit's top-level ``maps/`` and ``notebooks/`` as package data.

Both directories stay where they are in the repository (the single source). At build time
``build_py`` copies them into the package, as ``ttr_widgets/maps/*.json`` and
``ttr_widgets/notebooks/*.ipynb``, so a ``pip install`` of the wheel has everything ``ttr serve``
and ``ttr notebooks`` need. An editable install (``pip install -e .``) copies nothing: the
package then reads the repository's own directories (``ttr_widgets.rules.maps.MAPS_DIR``,
``ttr_widgets.server.config.kit_notebooks_dir``). Everything else is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
#: top-level directory -> (files it contributes, directory inside the ttr_widgets package)
KIT_DATA = {"maps": ("*.json", "maps"), "notebooks": ("*.ipynb", "notebooks")}


class BuildPyWithKitData(build_py):
    """``build_py``, then the top-level maps and notebooks copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the repository's directories in place
        for source, (pattern, target) in KIT_DATA.items():
            files = sorted((HERE / source).glob(pattern))
            if not files:
                raise SystemExit(f"setup.py: no {pattern} in {HERE / source}")
            destination = Path(self.build_lib) / "ttr_widgets" / target
            shutil.rmtree(destination, ignore_errors=True)  # no file left from an older build
            destination.mkdir(parents=True)
            for path in files:
                shutil.copy2(path, destination / path.name)


setup(cmdclass={"build_py": BuildPyWithKitData})
