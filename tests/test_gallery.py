"""The proof gallery: every output file linked, thumbnails as files, and (in
headless Chromium, where installed) every image loads and the page is not blank."""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from conftest import FIXTURES
from printgen.products.export import ExportOptions, export_deck
from printgen.spec.vendors import profile
from printgen.products.gallery import build_gallery
from printgen.spec import load_deck

CLEAN = FIXTURES / "preflight" / "clean.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.srcs: list[str] = []

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "a":
            self.hrefs.append(values["href"])
        if tag == "img":
            self.srcs.append(values["src"])


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    """An output folder with a home-print build and two exports, as a user would have."""
    out = tmp_path_factory.mktemp("output")
    from printgen.cli import main
    assert main(["build", str(CLEAN), "-q", "--only", "pdf,png", "--out", str(out / "preflight-clean")]) == 0
    deck = load_deck(str(CLEAN))
    export_deck(deck, profile("mpc"), ExportOptions(out=out / "preflight-clean", quiet=True))
    export_deck(deck, profile("drivethrucards"), ExportOptions(out=out / "preflight-clean", quiet=True))
    build_gallery(out)
    return out


def parsed(root: Path) -> Links:
    links = Links()
    links.feed((root / "index.html").read_text(encoding="utf-8"))
    return links


def test_every_file_is_linked_relatively_with_a_thumbnail_file(root):
    links = parsed(root)
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                   if p.is_file() and "_gallery" not in p.parts and p.name != "index.html"
                   and not p.name.startswith("."))
    assert "preflight-clean/mpc/preflight-clean-back.png" in files
    assert sorted(links.hrefs) == files
    assert all(not href.startswith(("/", "file:", "http")) for href in links.hrefs + links.srcs)
    for src in links.srcs:
        with Image.open(root / src) as thumb:
            if src.startswith("_gallery/"):            # a made thumbnail (PDF pages, big sheets)
                assert thumb.height == 220 and thumb.width > 100
            else:                                      # a card picture shown as it is
                assert src in links.hrefs and thumb.width * thumb.height <= 2_000_000
    # every PNG and PDF has a thumbnail: 4 card PNGs, 4 mpc PNGs, 2 PDFs
    assert len(links.srcs) == 10


def test_gallery_is_deterministic_and_prunes_stale_thumbnails(root):
    first = (root / "index.html").read_bytes()
    stale = root / "_gallery" / "gone.png.png"
    Image.new("RGB", (4, 4)).save(stale)
    build_gallery(root)
    assert (root / "index.html").read_bytes() == first
    assert not stale.exists()


def test_gallery_command_on_a_missing_folder(cli, tmp_path):
    result = cli("gallery", "--out", str(tmp_path / "nothing"))
    assert result.status == 2 and "no such output folder" in result.err


def _chromium(*args: str, profile_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                           "--no-first-run", "--disable-background-networking",
                           "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={profile_dir}", "--virtual-time-budget=10000", *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install -y chromium)")
def test_gallery_in_headless_chromium(root, tmp_path):
    url = (root / "index.html").resolve().as_uri()
    dom = _chromium("--dump-dom", url, profile_dir=tmp_path / "p1").stdout
    # the page's own load handler counts images with naturalWidth > 0
    loaded, total = map(int, re.search(r'data-images="(\d+)/(\d+)"', dom).groups())
    assert total == len(parsed(root).srcs) and loaded == total
    shot = tmp_path / "shot.png"
    _chromium("--window-size=1000,800", f"--screenshot={shot}", url, profile_dir=tmp_path / "p2")
    with Image.open(shot) as image:
        stats = ImageStat.Stat(image.convert("L"))
        assert image.size == (1000, 800)
        assert stats.stddev[0] > 20                      # not a blank page
        assert len(image.convert("RGB").getcolors(1 << 20)) > 50


def test_build_all_for_a_profile_writes_one_gallery(cli, tmp_path, monkeypatch):
    """build --all --for: each deck in its own folder, one gallery over them all."""
    import printgen.cli.build as build
    clean = FIXTURES / "preflight" / "clean.yaml"
    from dataclasses import replace
    load = build.load_deck
    monkeypatch.setattr(build, "catalogue", lambda shelf: {"a": clean, "b": clean})
    monkeypatch.setattr(build, "load_deck", lambda name: replace(load(str(clean)), name=name))
    result = cli("build", "--all", "--for", "tts", "--jobs", "1", "-q", "--out", str(tmp_path))
    assert result.status == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("index.html")) == ["index.html"]
    assert not list(tmp_path.glob("*/_gallery"))
    page = (tmp_path / "index.html").read_text()
    assert "a/tts/a-tts-sheet-1.png" in page and "b/tts/b-tts-sheet-1.png" in page
