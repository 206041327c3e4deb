"""The proof gallery: a section per deck with every card turning over to its back, a
printed-size view that matches the image's own pixels and dpi, every print file with
its preflight findings; small lazy previews; a hostile folder never breaks it; and,
in headless Chromium (where installed), every image loads with no console error."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest
from PIL import Image, ImageStat

from conftest import FIXTURES
from printgen.cli import main
from printgen.gallery.files import THUMBS

CLEAN = FIXTURES / "preflight" / "clean.yaml"
OVERFLOW = FIXTURES / "preflight" / "overflow.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Page(HTMLParser):
    """The gallery's links, images (with their attributes) and card figures."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.images: list[dict[str, str]] = []
        self.zooms: list[dict[str, str]] = []
        self.cards = 0

    def handle_starttag(self, tag, attrs):
        values = {k: v or "" for k, v in attrs}
        if tag == "a":
            self.hrefs.append(file_of(values["href"]))
            if "zoom" in values.get("class", ""):
                self.zooms.append({**values, "href": file_of(values["href"])})
        if tag == "img" and values.get("data-src"):     # loaded as it nears the screen
            self.images.append({**values, "src": file_of(values["data-src"])})
        if tag == "figure" and values.get("class") == "card":
            self.cards += 1


def file_of(address: str) -> str:
    """The file of the folder a link names: every link to a file is "./" and its path,
    percent-encoded (so no file name reads as a scheme such as javascript:)."""
    if address.startswith("#"):
        return address
    assert address.startswith("./"), address
    return unquote(address.removeprefix("./"))


def parsed(root: Path) -> Page:
    page = Page()
    page.feed((root / "index.html").read_text(encoding="utf-8"))
    return page


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    """An output folder as a user would have it: a home build with PNGs and SVGs of a
    deck preflight finds fault with, a clean deck exported for two shops, and a file
    no record describes."""
    out = tmp_path_factory.mktemp("output")
    assert main(["build", str(OVERFLOW), "-q", "--only", "pdf,png,svg,gallery", "--out", str(out / "over")]) == 0
    assert main(["build", str(CLEAN), "-q", "--for", "mpc", "--out", str(out / "clean")]) == 0
    assert main(["build", str(CLEAN), "-q", "--for", "drivethrucards", "--out", str(out / "clean")]) == 0
    assert main(["calibrate", "-q", "--out", str(out / "cal")]) == 0
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    return out


def user_files(root: Path) -> list[str]:
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and THUMBS not in p.parts and p.name != "index.html"
                  and not p.name.startswith("."))


def test_every_file_is_reachable_from_the_page_by_a_relative_link(root):
    page = parsed(root)
    folders = [href for href in page.hrefs if href.endswith("/")]
    for rel in user_files(root):
        linked = rel in page.hrefs or any(rel.startswith(folder) for folder in folders)
        backs = rel.endswith("back.png")                      # shown on every card's reverse
        assert linked or backs, rel
    assert all(not ref.startswith(("/", "file:", "http")) for ref in page.hrefs + [i["src"] for i in page.images])
    assert "over/svg/" in folders


def test_each_card_turns_to_its_back_and_the_previews_are_small(root):
    page = parsed(root)
    over = json.loads(next((root / "over").glob(".proof-*.json")).read_text())
    clean = json.loads(next((root / "clean").glob(".proof-*playingcards*.json")).read_text())
    assert page.cards == len(over["cards"]) + len(clean["cards"]) and page.cards > 4
    faces = [i for i in page.images if "back" not in i.get("class", "") and i["alt"] in
             {name for name, _, _ in over["cards"]}]
    backs = [i for i in page.images if "back" in i.get("class", "")]
    assert len(backs) == page.cards
    for image in faces + backs:
        assert image["src"].startswith(f"{THUMBS}/")
        with Image.open(root / image["src"]) as thumb:
            assert thumb.format == "JPEG" and thumb.height == 360
        assert (root / image["src"]).stat().st_size < 80_000
    text = (root / "index.html").read_text(encoding="utf-8")
    assert "<img src=" not in text and ' src="' not in text.split("<body>")[1]     # nothing loads up front


def test_the_printed_size_view_matches_each_images_pixels_and_dpi(root):
    page = parsed(root)
    assert len(page.zooms) == page.cards
    for zoom in page.zooms:
        with Image.open(root / zoom["href"]) as full:
            dpi = full.info["dpi"][0]
            width, height = (px / dpi * 25.4 for px in full.size)
        assert float(zoom["data-w"].removesuffix("mm")) == pytest.approx(width, abs=0.02)
        assert float(zoom["data-h"].removesuffix("mm")) == pytest.approx(height, abs=0.02)


def test_print_files_are_listed_with_their_preflight_findings(root):
    text = (root / "index.html").read_text(encoding="utf-8")
    over = text[text.index('id="deck-preflight-overflow"'):]
    over = over[:over.index("</section>\n<section") if "</section>\n<section" in over else None]
    assert 'href="./over/preflight-overflow-a4.pdf"' in over
    assert "leaves the safe" in over or "safe" in over.split("preflight</td>")[1]
    clean = text[text.index('id="deck-preflight-clean"'):]
    assert "Print files, MakePlayingCards" in clean and "Print files, DriveThruCards" in clean
    assert clean.count("preflight: no findings") >= 2


def test_gallery_is_deterministic_and_prunes_stale_previews(root):
    first = (root / "index.html").read_bytes()
    source, stale = root / "gone.png", root / THUMBS / "gone.png.jpg"
    Image.new("RGB", (4, 4)).save(source)
    assert main(["gallery", "-q", "--out", str(root)]) == 0
    assert stale.is_file()                                  # printgen's preview, recorded as its own
    source.unlink()
    assert main(["gallery", "-q", "--out", str(root)]) == 0
    assert (root / "index.html").read_bytes() == first
    assert not stale.exists()
    assert b"printgenLive" not in first and not (root / THUMBS / "live.js").exists()   # only under --watch
    srcs = {i["src"] for i in parsed(root).images}
    assert all((root / src).is_file() for src in srcs)       # a preview kept, not made again, stays


def test_a_subfolders_own_gallery_survives_the_parents(root):
    """The build of over/ wrote over/index.html; the gallery of the parent keeps it."""
    assert (root / "over" / "index.html").is_file()
    assert (root / "over" / THUMBS).is_dir()


def test_gallery_command_on_a_missing_folder(cli, tmp_path):
    result = cli("gallery", "--out", str(tmp_path / "nothing"))
    assert result.status == 2 and "no such output folder" in result.err


def test_a_hostile_folder_is_listed_without_previews_never_an_error(tmp_path, cli):
    """A corrupt PDF, a picture of 400 million pixels, a PNG that is not one, a link to
    a private file, proof records that are malformed or point out of the folder."""
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj <<\n garbage")
    Image.new("1", (20_000, 20_000)).save(tmp_path / "huge.png")
    (tmp_path / "fake.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    secret = tmp_path.parent / f"{tmp_path.name}-secret.png"
    Image.new("RGB", (8, 8), "red").save(secret)
    os.symlink(secret, tmp_path / "link.png")
    (tmp_path / ".proof-x-bad.json").write_text("{not json")
    escape = {"printgen_proof": 1, "deck": "x", "title": "X", "label": "home print, a4", "image_mm": [60, 90],
              "cards": [["A", "../../etc/passwd", None]], "files": ["/etc/passwd"], "findings": []}
    (tmp_path / ".proof-x-escape.json").write_text(json.dumps(escape))
    result = cli("gallery", "--out", str(tmp_path))
    assert result.status == 0, result.err
    text = (tmp_path / "index.html").read_text()
    assert "broken.pdf (no preview: not a readable PDF file)" in text
    assert "huge.png (too large to preview)" in text
    assert "fake.png (no preview" in text
    assert "link.png" not in text and "passwd" not in text and 'id="deck-x"' not in text
    assert sorted(p.name for p in (tmp_path / THUMBS).rglob("*.jpg")) == []


class Text(HTMLParser):
    """A page's tags, its text and its images' alt texts, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.text: list[str] = []
        self.alts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.alts += [value for key, value in attrs if tag == "img" and key == "alt"]

    def handle_data(self, data):
        self.text.append(data)


def test_a_strangers_names_read_back_as_text_never_as_markup(tmp_path, cli):
    """Quotes, angle brackets and ampersands in a deck's name and title, a label, a
    finding, a card's and a file's name: the page shows each as the same text (as an
    image's alt text too); none opens a tag or ends an attribute."""
    name = "a\"b'c<i>d&amp;e"
    Image.new("RGB", (6, 9), "red").save(tmp_path / f"{name}.png")
    record = {"printgen_proof": 1, "deck": name, "title": name, "label": name, "image_mm": [60, 90],
              "cards": [[name, f"{name}.png", None]], "files": [f"{name}.png"], "findings": [name],
              "summary": [[name, [[name, 1]]]]}
    (tmp_path / ".proof-x.json").write_text(json.dumps(record), encoding="utf-8")
    assert cli("gallery", "--out", str(tmp_path)).status == 0
    page = Text()
    page.feed((tmp_path / "index.html").read_text(encoding="utf-8"))
    assert "i" not in page.tags and page.alts == [name, f"{name}.png", "card at printed size"]
    text = "".join(page.text)
    shown = [f"{name} ({name})", f"1 cards, {name}", f"{name} · printed size", f"Print files, {name}",
             f"{name}.png", f"{name}{name} 1"]
    assert all(part in text for part in shown), text
    assert text.count(name) >= 10


def test_the_page_is_written_from_its_template_and_static_files(root, tmp_path):
    """The page's markup, style and scripts are package data of printgen.gallery
    (templates/, static/: the wheel packs the package's folder), and the page holds
    them: its opening and closing markup, the style and the script whole, and the live
    script only when a watching build writes it."""
    from importlib import resources

    from printgen.gallery import build_gallery
    from printgen.output import recording
    package = resources.files("printgen.gallery")
    template = package / "templates" / "index.html"
    css, script, live = (package / "static" / name for name in ("gallery.css", "gallery.js", "live.js"))
    assert all(f.is_file() for f in (template, css, script, live))
    markup = template.read_text(encoding="utf-8")
    page = (root / "index.html").read_text(encoding="utf-8")
    assert page.startswith(markup[markup.index("<!DOCTYPE html>"):markup.index("<title>")])
    assert page.endswith(markup[markup.index('<div id="view"'):])
    assert f"<style>\n{css.read_text(encoding='utf-8')}</style>" in page
    assert f"<script>\n{script.read_text(encoding='utf-8')}</script>" in page
    assert "printgenLive" not in page
    folder = tmp_path / "watched"
    folder.mkdir()
    with recording("gallery", subfolders=False, root=folder):
        build_gallery(folder, live=True)
    watched = (folder / "index.html").read_text(encoding="utf-8")
    assert (f"<script>\n{script.read_text(encoding='utf-8')}\n{live.read_text(encoding='utf-8')}</script>"
            in watched)
    assert (folder / THUMBS / "live.js").read_text().startswith("printgenLive(")


def _chromium(*args: str, profile_dir: Path) -> subprocess.CompletedProcess:
    """Run headless Chromium. With --dump-dom, a busy machine can make Chromium dump
    the page before its #check has written its answer; then it is run once more (a
    page whose check never finishes still fails)."""
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--enable-logging=stderr",
               "--v=0", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile_dir}", "--virtual-time-budget=30000", *args]
    for _ in range(2):
        run = subprocess.run(command, capture_output=True, text=True, timeout=90)
        if "--dump-dom" not in args or "data-check=" in run.stdout:
            break
    return run


def _checked(url: str, profile: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], re.Match[str] | None]:
    """The page's DOM after its #check script, and the check's result; tried up to three
    times, since a loaded machine may end the page's virtual time before the check does."""
    for attempt in range(3):
        run = _chromium(*args, "--dump-dom", url, profile_dir=profile.with_name(f"{profile.name}-{attempt}"))
        found = re.search(r'data-check="([^"]*)"', run.stdout)
        if found:
            break
    return run, found


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install -y chromium)")
def test_gallery_in_headless_chromium(root, tmp_path):
    url = (root / "index.html").resolve().as_uri()
    run, found = _checked(url + "#check", tmp_path / "p1", "--window-size=1400,900")
    assert found, "the page's check did not finish"
    check = json.loads(found.group(1).replace("&quot;", '"'))
    assert check["broken"] == [] and check["images"] == len({i["src"] for i in parsed(root).images})
    # before scrolling, only the previews near the first screen load
    assert 0 < len(check["initial"]) < check["images"]
    weight = (root / "index.html").stat().st_size + sum((root / src).stat().st_size for src in check["initial"])
    assert weight < 5_000_000
    assert [line for line in run.stderr.splitlines() if ":CONSOLE" in line] == []
    shot = tmp_path / "shot.png"
    _chromium("--window-size=1000,800", f"--screenshot={shot}", url, profile_dir=tmp_path / "p2")
    with Image.open(shot) as image:
        stats = ImageStat.Stat(image.convert("L"))
        assert image.size == (1000, 800)
        assert stats.stddev[0] > 20                      # not a blank page
        assert len(image.convert("RGB").getcolors(1 << 20)) > 50


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install -y chromium)")
def test_a_broken_image_and_a_script_error_are_caught(root, tmp_path):
    """The check above can fail: a page with a missing preview and a console error."""
    page = root / "check-copy.html"          # beside the real page, so its other links hold
    text = (root / "index.html").read_text(encoding="utf-8")
    broken = re.sub(r'data-src="[^"]*"', 'data-src="./_gallery/missing.jpg"', text, count=1)
    assert broken != text
    page.write_text(broken.replace("</body>", "<script>console.error('boom')</script></body>"),
                    encoding="utf-8")
    try:
        run, found = _checked(page.as_uri() + "#check", tmp_path / "p3")
    finally:
        page.unlink()
    assert found, "the page's check did not finish"
    check = json.loads(found.group(1).replace("&quot;", '"'))
    assert check["broken"] == ["./_gallery/missing.jpg"]
    assert any(":CONSOLE" in line and "boom" in line for line in run.stderr.splitlines())


def test_build_all_for_a_profile_writes_one_gallery(cli, tmp_path, monkeypatch):
    """build --all --for: each deck in its own folder, one gallery over them all."""
    import printgen.cli.build as build
    from dataclasses import replace
    load = build.load_deck
    monkeypatch.setattr(build, "catalogue", lambda shelf: {"a": CLEAN, "b": CLEAN})
    monkeypatch.setattr(build, "load_deck", lambda name, lang=None: replace(load(str(CLEAN)), name=name))
    result = cli("build", "--all", "--for", "tts", "--jobs", "1", "-q", "--out", str(tmp_path))
    assert result.status == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("index.html")) == ["index.html"]
    assert not list(tmp_path.glob("*/_gallery"))
    page = (tmp_path / "index.html").read_text()
    assert "a/tts/a-tts-sheet-1.png" in page and "b/tts/b-tts-sheet-1.png" in page
    assert 'id="deck-a"' in page and 'id="deck-b"' in page
