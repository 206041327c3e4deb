"""The proof gallery's HTML: one self-contained page, its style and a little script.

Every preview is loaded only as it comes near the screen (its address waits in
data-src until then), so the page stays light however many cards the folder holds. A card
turns over to its back when clicked (or with Enter); "100 %" shows its full image at
its printed size in CSS millimetres; "turn all" turns a deck's cards over together.
Opened as index.html#check, the page loads every image and writes what failed into
<body data-check>, for the browser test.
"""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from urllib.parse import quote

from printgen.gallery.files import DeckSection
from printgen.gallery.previews import Preview
from printgen.gallery.proof import Proof

CARD_SHOWN = 300                 # CSS pixels: a card's height on the page

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0 1.5em 3em; color: #1d2433; background: #f4f4f2; }
h1 { font-size: 1.4em; margin-top: 1em; } h2 { font-size: 1.2em; margin-top: 2.2em; border-bottom: 1px solid #bbb; }
h3 { font-size: 1em; margin: 1.4em 0 .5em; }
nav ul { columns: 2; } .note { color: #555; font-size: .9em; }
.cards, .grid { display: flex; flex-wrap: wrap; gap: 14px; }
.card { margin: 0; perspective: 1200px; }
.turn { position: relative; transition: transform .45s; transform-style: preserve-3d; cursor: pointer; }
.turn.over, .all-over .turn { transform: rotateY(180deg); }
.all-over .turn.over { transform: none; }
.turn img { display: block; backface-visibility: hidden; border-radius: 3px; box-shadow: 0 1px 4px #0004;
  background: white; object-fit: contain; }
.turn img.back { position: absolute; top: 0; left: 0; transform: rotateY(180deg); }
figcaption { font-size: .75em; margin-top: 4px; max-width: 100%; overflow-wrap: anywhere; }
.grid figure { margin: 0; background: white; padding: 6px; border: 1px solid #ddd; }
.grid img { display: block; height: 240px; width: auto; max-width: 480px; object-fit: contain; }
table.files { border-collapse: collapse; margin: .5em 0 1em; }
table.files td { border-top: 1px solid #ddd; padding: 6px 10px 6px 0; vertical-align: top; font-size: .9em; }
table.files img { height: 120px; width: auto; max-width: 200px; background: white; border: 1px solid #ddd; }
ul.findings { margin: 0; padding-left: 1.2em; color: #8a4b00; } .clean { color: #2d6a2d; }
ul.plain { columns: 3; font-size: .85em; }
button { font: inherit; font-size: .85em; margin-left: 1em; }
#view { position: fixed; inset: 0; background: #000c; overflow: auto; z-index: 9; cursor: zoom-out; }
#view img { display: block; margin: 2em auto; background: white; }
#view p { color: white; text-align: center; font-size: .85em; }
.noview { display: inline-block; padding: 1em; background: #eee; color: #666; font-size: .8em; }
"""

SCRIPT = """
// previews load as they come near the screen (a page of 500 cards stays light)
var near = new IntersectionObserver(function (entries) {
  entries.forEach(function (entry) {
    if (entry.isIntersecting) { entry.target.src = entry.target.dataset.src; near.unobserve(entry.target); }
  });
}, {rootMargin: "300px"});
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("img[data-src]").forEach(function (img) { near.observe(img); });
});
document.addEventListener("click", function (event) {
  var view = document.getElementById("view");
  var zoom = event.target.closest("a.zoom");
  if (zoom) {
    event.preventDefault();
    var img = view.querySelector("img");
    img.src = zoom.getAttribute("href");
    img.style.width = zoom.dataset.w; img.style.height = zoom.dataset.h;
    view.hidden = false;
  } else if (event.target.closest("#view")) {
    view.hidden = true;
  } else if (event.target.closest("button.all")) {
    event.target.closest("section").classList.toggle("all-over");
  } else if (event.target.closest(".turn")) {
    event.target.closest(".turn").classList.toggle("over");
  }
});
document.addEventListener("keydown", function (event) {
  if (event.key === "Escape") { document.getElementById("view").hidden = true; }
  if (event.key === "Enter" && event.target.classList.contains("turn")) { event.target.classList.toggle("over"); }
});
if (location.hash === "#check") {          // the browser test: load every image once, report failures
  window.addEventListener("load", function () {
    var loadMs = Math.round(performance.now());
    requestAnimationFrame(function () { setTimeout(function () {
      var sources = [], initial = [];
      Array.prototype.forEach.call(document.images, function (i) {
        var src = i.dataset.src || i.getAttribute("src");
        if (src && sources.indexOf(src) < 0) { sources.push(src); }
        if (i.getAttribute("src") && initial.indexOf(i.getAttribute("src")) < 0) { initial.push(i.getAttribute("src")); }
      });
      Promise.all(sources.map(function (src) {
        return new Promise(function (done) {
          var probe = new Image();
          probe.onload = function () { done(probe.naturalWidth > 0 ? null : src); };
          probe.onerror = function () { done(src); };
          probe.src = src;
        });
      })).then(function (bad) {
        document.body.setAttribute("data-check", JSON.stringify({images: sources.length, load_ms: loadMs,
          initial: initial, broken: bad.filter(function (b) { return b; })}));
      });
    }, 100); });
  });
}
"""

LIVE = """
window.printgenLive = function (stamp) {
  if (window.printgenStamp && window.printgenStamp !== stamp) { location.reload(); }
  window.printgenStamp = stamp;
};
setInterval(function () {
  var s = document.createElement("script");
  s.src = "_gallery/live.js?" + Date.now();
  s.onload = s.onerror = function () { s.remove(); };
  document.head.appendChild(s);
}, 1000);
"""

Lookup = Callable[[str, bool], Preview | None]


def esc(text: str) -> str:
    """text for HTML; a file name that is not UTF-8 (its bytes kept as surrogates) shows
    U+FFFD where a byte is not text."""
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return html.escape(text, quote=True)


def link(rel: str) -> str:
    """A file of the output folder (a path relative to it) as a link's address, ready
    for an attribute: "./" first, so that it is always a relative path (a file named
    "javascript:alert(1)", or a stranger's proof record naming one, never becomes a
    script or another site's address), percent-encoded and HTML-escaped."""
    return esc("./" + quote(os.fsencode(rel), safe="/"))     # a name's bytes, UTF-8 or not


def anchor(name: str) -> str:
    return "deck-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in name)


class GalleryPage:
    """The page, assembled section by section."""

    def __init__(self, title: str, *, live: bool = False, cut_short: bool = False) -> None:
        self.title, self.live, self.cut_short = title, live, cut_short
        self.decks: list[tuple[DeckSection, list[str]]] = []
        self.others: dict[str, list[Preview]] = {}
        self.thumbs: set[str] = set()

    def _img(self, shown: Preview | None, alt: str, extra: str = "") -> str:
        if shown is None or shown.thumb is None:
            return f'<span class="noview">{esc(shown.caption if shown else alt + " (missing)")}</span>'
        self.thumbs.add(shown.thumb)
        return f'<img data-src="{link(shown.thumb)}" alt="{esc(alt)}"{extra}>'

    def add_deck(self, section: DeckSection, lookup: Lookup, under: Callable[[str], list[str]]) -> set[str]:
        """Add a deck's section; the files it shows (relative to the root). The first
        record with cards shows them; later ones (an export of the same cards) fold
        theirs away until asked."""
        parts: list[str] = []
        shown: set[str] = set()
        folded = False
        for folder, proof in section.proofs:
            cards = self._cards(folder, proof, lookup, shown)
            if cards and folded:
                cards = [(f"<details><summary>{len(proof.cards)} cards, {esc(proof.label)} "
                          "(the same cards as exported; click to show)</summary>"), *cards, "</details>"]
            folded = folded or bool(cards)
            parts += cards
            parts += self._files(folder, proof, lookup, shown, under)
        self.decks.append((section, parts))
        return shown

    def _cards(self, folder: str, proof: Proof, lookup: Lookup, shown: set[str]) -> list[str]:
        if not proof.cards:
            return []
        width_mm, height_mm = proof.image_mm
        size = f' width="{round(CARD_SHOWN * width_mm / height_mm)}" height="{CARD_SHOWN}"'
        parts = [(f'<section class="deck-cards"><h3>{len(proof.cards)} cards, {esc(proof.label)}'
                  '<button class="all" type="button">turn all over</button></h3>'), '<div class="cards">']
        for card in proof.cards:
            face, back = folder + card.face, folder + card.back if card.back else None
            shown.update(rel for rel in (face, back) if rel)
            back_img = self._img(lookup(back, True), f"back of {card.name}", ' class="back"' + size) if back else ""
            parts.append(f'<figure class="card"><div class="turn" tabindex="0" title="click to turn over">'
                         f'{self._img(lookup(face, True), card.name, size)}{back_img}</div>'
                         f'<figcaption>{esc(card.name)} · <a class="zoom" href="{link(face)}" '
                         f'data-w="{width_mm:.2f}mm" data-h="{height_mm:.2f}mm">100 %</a></figcaption></figure>')
        parts.append("</div></section>")
        return parts

    def _files(self, folder: str, proof: Proof, lookup: Lookup, shown: set[str],
               under: Callable[[str], list[str]]) -> list[str]:
        if proof.findings:
            findings = ('<ul class="findings">' + "".join(f"<li>{esc(line)}</li>" for line in proof.findings)
                        + "</ul>")
        else:
            findings = '<span class="clean">preflight: no findings</span>'
        parts = [f"<h3>Print files, {esc(proof.label)}</h3>", '<table class="files">']
        for name in proof.files:
            rel = folder + name
            shown.add(rel)
            found = lookup(rel, False)
            caption = found.caption if found else f"{name} (missing)"
            thumb = self._img(found, name) if found and found.thumb else ""
            parts.append(f'<tr><td>{thumb}</td><td><a href="{link(rel)}">{esc(caption)}</a></td></tr>')
        for name in proof.folders:
            inside = under(folder + name)
            shown.update(inside)
            if inside:
                parts.append(f'<tr><td></td><td><a href="{link(folder + name + "/")}">{esc(name)}/</a> '
                             f'({len(inside)} files)</td></tr>')
        parts.append(f'<tr><td>preflight</td><td>{findings}</td></tr></table>')
        return parts

    def add_other(self, entry: Preview) -> None:
        folder = entry.rel.rsplit("/", 1)[0] if "/" in entry.rel else "."
        if entry.thumb:
            self.thumbs.add(entry.thumb)
        self.others.setdefault(folder, []).append(entry)

    def stamp(self) -> str:
        return str(time.time_ns())

    def html(self) -> str:
        head = ['<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>printgen proofs: {esc(self.title)}</title>", f"<style>{STYLE}</style>",
                f"<script>{SCRIPT}{LIVE if self.live else ''}</script></head><body>",
                f"<h1>printgen proofs: {esc(self.title)}</h1>",
                ('<p class="note">Previews are small images; print from the linked files. Click a card to turn '
                 "it over; 100 % shows it at its printed size (bleed included) where the screen's scale is "
                 "set right.</p>")]
        if self.cut_short:
            head.append('<p class="note">This folder holds too many files; only the first ones are listed.</p>')
        body = self._contents()
        for section, parts in self.decks:
            body += [(f'<section id="{anchor(section.name)}"><h2>{esc(section.title)} '
                      f'<span class="note">({esc(section.name)})</span></h2>'), *parts, "</section>"]
        for folder in sorted(self.others):
            body += self._other_section(folder, self.others[folder])
        tail = [('<div id="view" hidden><p>Printed size. Click or press Escape to close.</p><img alt="card at '
                 'printed size"></div>'), "</body></html>"]
        return "\n".join(head + body + tail) + "\n"

    def _contents(self) -> list[str]:
        items = [f'<li><a href="#{anchor(s.name)}">{esc(s.title)}</a></li>' for s, _ in self.decks]
        items += [f'<li><a href="#files-{esc(anchor(folder))}">files in {esc(folder_name(folder))}</a></li>'
                  for folder in sorted(self.others)]
        return ["<nav><h2>Contents</h2><ul>", *items, "</ul></nav>"] if items else ["<p>No files yet.</p>"]

    def _other_section(self, folder: str, entries: list[Preview]) -> list[str]:
        parts = [f'<section id="files-{esc(anchor(folder))}"><h2>Files in {esc(folder_name(folder))}</h2>']
        pictures = [e for e in entries if e.thumb]
        if pictures:
            parts.append('<div class="grid">')
            parts += [f'<figure><a href="{link(e.rel)}">{self._img(e, e.caption)}</a>'
                      f"<figcaption>{esc(e.caption)}</figcaption></figure>" for e in pictures]
            parts.append("</div>")
        plain = [e for e in entries if not e.thumb]
        if plain:
            parts.append('<ul class="plain">')
            parts += [f'<li><a href="{link(e.rel)}">{esc(e.caption)}</a></li>' for e in plain]
            parts.append("</ul>")
        return [*parts, "</section>"]


def folder_name(folder: str) -> str:
    return "the top folder" if folder == "." else folder + "/"
