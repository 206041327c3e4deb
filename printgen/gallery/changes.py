"""What changed in a card image since the last gallery: ROOT/_gallery/IMAGE.png and
IMAGE.changed.png.

Each gallery keeps a small lossless copy of every card image it shows (COPY_HEIGHT
pixels tall, PNG: the JPEG previews' noise never counts as a change). When a card
image is newer than its copy, the copy is made again and compared with the one the
last gallery kept: where any pixel differs by more than THRESHOLD in a channel, the
card has changed, and a picture of it goes beside the copy: before | after, the
changed pixels marked on the after side and a box around them on both. A gallery
written again with nothing rebuilt finds no change (the copies are up to date), and
the job's record then removes the last picture of changes with the other files it
did not write this time. A file printgen did not write where a copy or a picture
of a change would go is left alone: that card is then not compared.

A card image's file is named by the card's place in the deck and its label
(png/07-barn-owl.png, or a print shop's mpc/owls-face-07-barn-owl.png). One with no copy under its name is compared with the image the
last gallery showed of the same label (a card taken out or put in before it moved it
to another place: png/08-barn-owl.png), and where no image had its label, with the
one the last gallery showed in its place, unless that card is still in the deck
(its label changed: png/07-barn.png). A card put in is compared with nothing. Each
gallery keeps, per proof record, the images it showed card by card, with the
sha256 of each image's bytes (_gallery/FOLDER/RECORD.cards.json), for the next one
to look up: an image under a new name with the bytes of the one it is compared with
(a card renumbered, its file copied) takes that one's preview and copy as they are,
decoding nothing (previews.py).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from PIL import Image as PILImage
from PIL import ImageChops, ImageDraw

from printgen.frozen import frozen
from printgen.gallery.files import THUMBS
from printgen.output import atomic_path, keep, may_write, ours, read_small, write_bytes
from printgen.render.pngfile import png_bytes

COPY_HEIGHT = 180                # pixels: a card's copy (about 2 pixels per mm of a poker card)
THRESHOLD = 24                   # a channel differing by more is a changed pixel
MARK = (230, 0, 160)             # the changed pixels and their box
GAP = 12                         # pixels between before and after
MAX_COPY_BYTES = 4 << 20         # a copy of ours is far smaller; a larger file is not read
MAX_PLACES_BYTES = 32 << 20      # the images of 100,000 cards, by place, are far fewer bytes
DPI = 72                         # marked in the copies' PNG files (nothing reads it)

Places = list[tuple[str, str | None]]     # a record's card images (face, back), relative to the root


@frozen
class Change:
    """A card image changed since the last gallery: the picture of the change
    (relative to the root) and how many pixels of the copy differ."""

    shown: str
    pixels: int
    was: str = ""                   # the image compared with, when it had another name


def copy_path(root: Path, rel: str) -> Path:
    return root / THUMBS / f"{rel}.png"


def change_path(root: Path, rel: str) -> Path:
    return root / THUMBS / f"{rel}.changed.png"


def small_copy(image: PILImage.Image) -> PILImage.Image:
    """The card image COPY_HEIGHT pixels tall, in RGB on white (made from the card's
    preview, twice as tall: 0.1 ms where the card image itself took 1.3 ms)."""
    if image.mode != "RGB":
        rgba = image.convert("RGBA")
        image = PILImage.new("RGB", rgba.size, "white")
        image.paste(rgba, mask=rgba.getchannel("A"))
    width = max(1, round(image.width * COPY_HEIGHT / image.height))
    factor = min(image.width // width, image.height // COPY_HEIGHT)
    if factor >= 2:
        image = image.reduce(factor)
    return image.resize((width, COPY_HEIGHT), PILImage.Resampling.LANCZOS)


def _png(image: PILImage.Image) -> bytes:
    """A copy or a picture of a change as PNG, packed as the card images are (no row
    filters, zlib-ng): 0.12 ms for a copy where Pillow's encoder took 0.94 ms (and 0.16
    ms against 1.6 for a picture of a change), the files 5-15 % larger."""
    return png_bytes(image, DPI)


def kept_copy(copy: Path) -> PILImage.Image | None:
    """The copy the last gallery kept, if it is ours and readable."""
    raw = read_small(copy, MAX_COPY_BYTES) if ours(copy) else None
    if raw is None:
        return None
    try:
        with PILImage.open(io.BytesIO(raw)) as image:
            if image.format != "PNG" or image.height != COPY_HEIGHT or image.width > 8 * COPY_HEIGHT:
                return None
            return image.convert("RGB")
    except (OSError, ValueError, PILImage.DecompressionBombError):
        return None


def changed_pixels(before: PILImage.Image, after: PILImage.Image) -> PILImage.Image:
    """A mask ("1") of the pixels where any channel differs by more than THRESHOLD."""
    difference = ImageChops.difference(before, after).convert("RGB")
    channels = [band.point(lambda v: 255 if v > THRESHOLD else 0) for band in difference.split()]
    return ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2]).convert("1")


def before_after(before: PILImage.Image, after: PILImage.Image, mask: PILImage.Image) -> PILImage.Image:
    """before | after, the changed pixels marked on after and boxed on both."""
    marked = after.copy()
    marked.paste(PILImage.new("RGB", after.size, MARK), mask=mask.convert("L").point(lambda v: v * 3 // 5))
    picture = PILImage.new("RGB", (before.width + GAP + after.width, after.height), "white")
    picture.paste(before, (0, 0))
    picture.paste(marked, (before.width + GAP, 0))
    box = mask.getbbox()
    if box is not None:
        draw = ImageDraw.Draw(picture)
        left, top = max(box[0] - 2, 0), max(box[1] - 2, 0)
        right, bottom = min(box[2] + 1, after.width - 1), min(box[3] + 1, after.height - 1)
        for x in (0, before.width + GAP):
            draw.rectangle((x + left, top, x + right, bottom), outline=MARK, width=2)
    return picture


def places_path(root: Path, record: str) -> Path:
    """Where the gallery keeps the card images it showed for a record (record: its path
    relative to the root)."""
    return root / THUMBS / f"{record.removesuffix('.json')}.cards.json"


def last_places(root: Path, record: str, places: Places,
                digests: dict[str, str]) -> tuple[Places, dict[str, str]]:
    """The card images the last gallery showed for the record, by place ([] where it
    kept none we can trust), and the sha256 of each image's bytes as it found them
    (where it gave one); keep this gallery's (places, digests) for the next."""
    path = places_path(root, record)
    raw = read_small(path, MAX_PLACES_BYTES) if ours(path) else None
    earlier: Places = []
    found: dict[str, str] = {}
    try:
        for face, back, *sums in json.loads(raw.decode("utf-8")) if raw is not None else []:
            if not isinstance(face, str) or not (back is None or isinstance(back, str)) or len(sums) > 2:
                raise TypeError(face)
            earlier.append((face, back))
            found.update((rel, digest) for rel, digest in zip((face, back), sums)
                         if rel is not None and isinstance(digest, str))
    except (ValueError, TypeError, RecursionError):
        earlier, found = [], {}
    if may_write(path):
        kept = [[face, back, digests.get(face), digests.get(back) if back else None] for face, back in places]
        write_bytes(path, (json.dumps(kept, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8"))
    return earlier, found


def _label(rel: str | None) -> str:
    """A card image's path without the card's number, the first number between dashes
    (or at the start) in its name: png/07-barn-owl.png gives png/barn-owl.png, and a
    print shop's mpc/owls-face-07-barn-owl.png gives mpc/owls-face-barn-owl.png ("" for
    an image named by its number alone, or with none, or for no image)."""
    folder, _, name = (rel or "").rpartition("/")
    label = re.sub(r"(^|-)[0-9]+-", r"\1", name, count=1)
    return f"{folder}/{label}" if label != name else ""


def _matched(new: list[str | None], old: list[str | None]) -> list[str | None]:
    """For each of one side's images now (new, by place), the image of the last gallery
    to compare it with where it has no copy of its own (None: nothing)."""
    now = set(new)
    labels_now = {_label(rel) for rel in new} - {""}
    gone = {place for place, rel in enumerate(old) if rel is not None and rel not in now}
    by_label: dict[str, list[int]] = {}
    for place in sorted(gone):
        if _label(old[place]):
            by_label.setdefault(_label(old[place]), []).append(place)
    matched: list[int | None] = []
    for place, rel in enumerate(new):
        same = by_label.get(_label(rel), []) if rel is not None and _label(rel) else []
        matched.append(min(same, key=lambda earlier: abs(earlier - place)) if same else None)
    for place, rel in enumerate(new):           # its label changed: the card shown in its place
        if rel is not None and matched[place] is None and place in gone and _label(old[place]) not in labels_now:
            matched[place] = place
    return [old[place] if place is not None else None for place in matched]


def compared_with(places: Places, last: Places) -> list[tuple[str | None, str | None]]:
    """For each card now (places), the images of the last gallery (last) that its face
    and back are compared with where they have no copy of their own."""
    faces = _matched([face for face, _ in places], [face for face, _ in last])
    backs = _matched([back for _, back in places], [back for _, back in last])
    return list(zip(faces, backs))


def taken_out(root: Path, places: Places, last: Places,
              compared: list[tuple[str | None, str | None]]) -> list[tuple[str, str]]:
    """The faces the last gallery showed (last) of cards no longer in the deck (places,
    each compared with compared's images): each as (its image, the copy the last
    gallery kept of it, kept once more), relative to root; those with no copy of ours
    are left out."""
    now = {face for face, _ in places} | {face for face, _ in compared}
    return [(face, copy_path(root, face).relative_to(root).as_posix()) for face, _ in last
            if face not in now and kept_copy(copy_path(root, face)) is not None and keep(copy_path(root, face))]


def compare_card(root: Path, rel: str, after: PILImage.Image, was: str | None = None) -> Change | None:
    """Keep the card image's new copy (after, made by small_copy); its change since the
    copy the last gallery kept of it (or, where it has none, of the image it showed in
    its place: was). None where nothing changed, or there is nothing to compare with."""
    copy = copy_path(root, rel)
    before = kept_copy(copy)
    if before is None and was is not None and was != rel:
        before = kept_copy(copy_path(root, was))
    else:
        was = None
    with atomic_path(copy) as temp:
        temp.write_bytes(_png(after))
    if before is None:
        return None
    if before.size != after.size:           # the card's shape changed: every pixel counts
        mask = PILImage.new("1", after.size, 1)
        before = before.resize(after.size)
    else:
        mask = changed_pixels(before, after)
    pixels = mask.convert("L").histogram()[255]
    if not pixels:
        return None
    shown = change_path(root, rel)
    if not may_write(shown):                # a stranger's file there: left as it is (and noted)
        return None
    with atomic_path(shown) as temp:
        temp.write_bytes(_png(before_after(before, after, mask)))
    return Change(shown.relative_to(root).as_posix(), pixels, was or "")
