"""The art is ours and reproducible: the generator rebuilds every SVG byte for byte, and the manifest
points at files that exist, so the UI can load every asset by id."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_generator_reproduces_every_svg() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "make_art.py"), "--check"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_manifests_json_twin_holds_the_same_records_as_the_toml() -> None:
    """The game reads manifest.json (fast, before its first frame); it must say what manifest.toml says."""
    import json

    art = ROOT / "assets" / "art"
    twin = json.loads((art / "manifest.json").read_text(encoding="utf-8"))
    assert twin == tomllib.loads((art / "manifest.toml").read_text(encoding="utf-8"))
    assert len(twin["assets"]) > 100


def test_manifest_names_existing_svgs_for_every_piece() -> None:
    manifest = tomllib.loads((ROOT / "assets" / "art" / "manifest.toml").read_text())["assets"]
    for asset_id, entry in manifest.items():
        path = ROOT / "assets" / entry["path"]
        assert path.is_file(), f"{asset_id}: {path} is missing"
        assert path.read_text().lstrip().startswith("<svg"), f"{asset_id} is not an SVG"
    ids = set(manifest)
    # the pieces the rule texts describe
    assert {f"dice.player_{f}" for f in ("kk", "k", "tk", "t", "blank")} <= ids
    assert {f"dice.hintaro_{f}" for f in ("hin", "taro", "blank")} <= ids
    assert {"cube.red", "cube.blue"} <= ids
    assert sum(1 for i in ids if i.startswith("sabacc_house.") and i != "sabacc_house.back") == 62
    assert sum(1 for i in ids if i.startswith("spike.") and i != "spike.back") == 42
    assert {f"kinzo.card_{v}" for v in range(1, 7)} | {f"kinzo.die_{v}" for v in range(1, 4)} <= ids
    assert {f"chips.chip_{v}_top" for v in (10, 50, 100, 500, 1000)} | {"chips.ingot_5000_top"} <= ids
