"""Packaging beside pyproject.toml (which holds the metadata): the code, and the game's data as package data.

``assets/`` and ``levels/`` stay at the top of the repository (the art and map tools write there) and travel in
the wheel as ``game/assets`` and ``game/levels``, where :func:`game.paths.data_root` finds them through
``importlib.resources``. pyproject.toml cannot map a folder outside the package without listing every package
by hand, hence these few lines.
"""

from setuptools import find_packages, setup

#: package name in the wheel -> folder in the repository
DATA_PACKAGES = {"game.assets": "assets", "game.levels": "levels"}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(DATA_PACKAGES),
    package_dir=DATA_PACKAGES,
    package_data={name: ["**/*"] for name in DATA_PACKAGES},
    exclude_package_data={name: ["**/__pycache__/*", "**/*.pyc"] for name in DATA_PACKAGES},
)
