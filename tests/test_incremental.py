"""Incremental builds (issue 30, item 1): a rebuild draws again only the files whose
content key changed (printgen/render/keys.py, render/drawn.py), in a new process,
and its output folder is byte for byte what a clean build gives.

A small project (five cards, a face and a back template, a picture and a font file of
the user's, a `px` length read at the deck's dpi) takes 56 seeded random edits: card
fields, cards added and removed, templates, the picture's bytes, the font file's
bytes, the deck's dpi, and the build's paper, duplex and --only. After each, one
build into the same folder and a clean one into a new folder, each in a new process
(forked from this one before it built anything: a process with printgen imported and
none of its caches filled, which a real `python -m printgen` run is tested equal to,
three times along the way). Every file of the clean build is in the incremental
folder with the same bytes; the files drawn are exactly those whose key changed or
was missing, and the others keep their inode and date.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import traceback
from pathlib import Path

import pytest
from PIL import Image

import printgen.cli.build
import printgen.products.deck
import printgen.products.extras  # (imported here once, not again in every child: the children are quicker)
import printgen.render.keys
import printgen.render.pdf
import printgen.render.png
import printgen.render.svg
import printgen.spec.deck
from printgen.cli import main
from printgen.render.keys import made_by

TEST_FONTS = Path(__file__).parent / "fixtures" / "scripts" / "fonts"

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="builds in forked processes")

MANIFEST = ".printgen-files.json"
FONTS = ("Latin.ttf", "Cyrillic.otf")      # the user's font file, by turns (TrueType, CFF outlines)
RULES = ("Play it.", "Play it at once and draw a card.", "Shine.", "Swap two cards.", "")
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
SUITS = ("Suns", "Moons", "Stars")
OUTPUTS = ("pdf", "png", "svg", "box")


def deck_text(state: dict) -> str:
    cards = "".join(f'  - fields: {{suit: {suit}, value: "{value}", rule: "{rule}"}}\n'
                    for suit, value, rule in state["cards"])
    return (f"name: mini\ntitle: Mini deck\nsize: poker\ndpi: {state['dpi']}\nface: face\nback: back\n"
            f"fonts:\n  story: fonts/{state.get('font_file', 'story.ttf')}\n"
            f"label: \"{{{{ value }}}} {{{{ suit }}}}\"\ncards:\n{cards}")


def face_text(state: dict) -> str:
    return ("elements:\n"
            f"  - {{kind: rect, box: bleed, fill: \"{state['face']}\"}}\n"
            "  - {kind: rect, box: safe, fill: \"#ffffff\", radius: 2mm}\n"
            "  - {kind: text, text: \"{{ card.value }} {{ card.suit }}\", x: 6mm, y: 8mm, w: 45mm, h: 12mm,\n"
            f"     font: story, size: {state['size']}pt, align: center}}\n"
            "  - {kind: text, text: \"{{ card.rule }}\", x: 6mm, y: 24mm, w: 50mm, h: 20mm, font: story, size: 9pt}\n"
            + (f"  - {{kind: image, src: {state.get('icon_file', 'icon.png')}, x: {state['icon']}mm, y: 52mm, "
               "w: 14mm, h: 14mm}\n" if state.get("pictures", True) else "")
            + "  - {kind: rect, x: 60px, y: 800px, w: 150px, h: 40px, fill: \"#ff7f0e\"}\n")


def back_text(state: dict) -> str:
    return ("elements:\n"
            f"  - {{kind: rect, box: bleed, fill: \"{state['back']}\"}}\n"
            "  - {kind: text, text: \"{{ deck.title }}\", x: 6mm, y: 40mm, w: 50mm, h: 14mm, font: story, size: 12pt}\n"
            + (f"  - {{kind: image, src: {state.get('icon_file', 'icon.png')}, x: 25mm, y: 60mm, w: 10mm, "
               "h: 10mm}\n" if state.get("pictures", True) else ""))


def icon_bytes(colour: str) -> bytes:
    import io
    image = Image.new("RGB", (24, 24), colour)
    image.putpixel((3, 3), (255, 255, 255))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def write_project(project: Path, state: dict) -> None:
    """The project's files for state, each written only where its bytes change."""
    files = {"deck.yaml": deck_text(state).encode(), "face.yaml": face_text(state).encode(),
             "back.yaml": back_text(state).encode(), "icon.png": icon_bytes(state["picture"]),
             "fonts/story.ttf": (TEST_FONTS / state["font"]).read_bytes()}
    for name, data in files.items():
        path = project / name
        path.parent.mkdir(exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)


def first_state() -> dict:
    return {"cards": [("Suns", "1", RULES[0]), ("Suns", "2", RULES[0]), ("Moons", "1", RULES[1]),
                      ("Moons", "2", RULES[2]), ("Stars", "7", RULES[3])],
            "dpi": 300, "face": COLOURS[0], "back": "#333333", "size": 16, "icon": 24, "picture": "#e9a23b",
            "font": FONTS[0], "paper": "a4", "duplex": "long", "only": "pdf,png,svg"}


def edit(state: dict, rng: random.Random) -> str:
    """Change state in one random way; what was changed."""
    kind = rng.choice(["field", "field", "field", "cards", "face", "back", "picture", "font", "dpi",
                       "paper", "duplex", "only"])
    cards = state["cards"]
    if kind == "field":
        i = rng.randrange(len(cards))
        suit, value, _ = cards[i]
        cards[i] = (suit, value, rng.choice(RULES)) if rng.random() < 0.7 else (rng.choice(SUITS), value, cards[i][2])
    elif kind == "cards":
        if len(cards) > 3 and rng.random() < 0.5:
            del cards[rng.randrange(len(cards))]
        else:
            cards.insert(rng.randrange(len(cards) + 1), (rng.choice(SUITS), str(rng.randint(1, 9)), rng.choice(RULES)))
    elif kind == "face":
        what = rng.choice(["face", "size", "icon"])
        state[what] = {"face": rng.choice(COLOURS), "size": rng.choice([12, 14, 16]),
                       "icon": rng.choice([20, 24, 30])}[what]
    elif kind == "back":
        state["back"] = rng.choice(["#333333", "#2ca02c", "#16203a"])
    elif kind == "picture":
        state["picture"] = f"#{rng.randrange(1 << 24):06x}"
    elif kind == "font":
        state["font"] = rng.choice(FONTS)
    elif kind == "dpi":
        state["dpi"] = rng.choice([300, 150, 96])
    elif kind == "paper":
        state["paper"] = rng.choice(["a4", "letter"])
    elif kind == "duplex":
        state["duplex"] = rng.choice(["long", "short"])
    else:
        chosen = [name for name in OUTPUTS if rng.random() < 0.5] or ["png"]
        state["only"] = ",".join(chosen)
    return kind


def argv(project: Path, out: Path, state: dict) -> list[str]:
    return ["build", str(project / "deck.yaml"), "--out", str(out), "-q", "--jobs", "1",
            "--paper", state["paper"], "--duplex", state["duplex"], "--only", state["only"]]


def forked(args: list[str], log: Path, pages: list | None = None) -> tuple[int, list[str]]:
    """Run printgen's CLI in a child process of this one (standard error into log); its
    exit status and the files it drew (PNG, SVG, PDF), by their paths; pages: given a
    list, [PDF, pages drawn, pages spliced] of each PDF it assembled go into it."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                        # the child: build, report, leave
        status = 70
        drawn: list[str] = []
        assembled: list[list] = []
        try:
            os.close(read)
            err = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(err, 2)
            spy(drawn, assembled)
            status = main(args)
        except SystemExit as stop:
            status = int(stop.code or 0)
        except Exception:                          # noqa: BLE001 (the child says why it failed)
            traceback.print_exc()
        finally:
            try:
                sys.stderr.flush()
                os.write(write, json.dumps([drawn, assembled]).encode())
            finally:
                os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    _, code = os.waitpid(pid, 0)
    drawn, assembled = json.loads(data or b"[[], []]")
    if pages is not None:
        pages.extend(assembled)
    return os.waitstatus_to_exitcode(code), drawn


def spy(drawn: list[str], assembled: list[list]) -> None:
    """In the child: note every file the renderers draw (and of each PDF, its pages
    drawn and spliced)."""
    png, svg, pdf = printgen.render.png.write_png, printgen.render.svg.write_svg, printgen.render.pdf.render_pdf

    def write_png(drawing, path, **options):
        drawn.append(str(path))
        return png(drawing, path, **options)

    def write_svg(side, path):
        drawn.append(str(path))
        return svg(side, path)

    def render_pdf(pages, path, **options):
        drawn.append(str(path))
        made = pdf(pages, path, **options)
        reuse = options.get("reuse")
        if reuse is not None:
            assembled.append([str(path), reuse.store.drawn, reuse.store.spliced])
        return made

    printgen.render.png.write_png = write_png
    printgen.render.svg.write_svg = write_svg
    printgen.render.pdf.render_pdf = render_pdf


def outputs(folder: Path) -> dict[str, bytes]:
    """Every file under folder but the records and the PDFs' pages files (kept from a
    PDF's second build on: they tell its history), by its path there."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".printgen-") and not p.name.endswith(".pdf.pages")}


def equal_to_clean(project: Path, inc: Path, state: dict, clean: Path, log: Path,
                   said: str) -> tuple[dict[str, bytes], dict[str, bytes], Path]:
    """Build state cleanly into the new folder clean and check that inc holds every file
    it holds, byte for byte; the files of each, and clean."""
    status, _ = forked(argv(project, clean, state), log)
    assert status == 0, log.read_text()
    made, got = outputs(clean), outputs(inc)
    assert {rel: got.get(rel) == data for rel, data in made.items()} == dict.fromkeys(made, True), said
    return made, got, clean


def pages_files(folder: Path) -> set[Path]:
    return set(folder.rglob("*.pdf.pages"))


def records(folder: Path) -> dict[str, dict]:
    """Every build record under folder, by its folder's path there."""
    return {p.parent.relative_to(folder).as_posix(): json.loads(p.read_text(encoding="utf-8"))
            for p in folder.rglob(MANIFEST)}


def keys_of(folder: Path) -> dict[str, str]:
    """The content key each record gives each file, by the file's path."""
    found = {}
    for where, record in records(folder).items():
        for name, key in record.get("keys", {}).get("files", {}).items():
            found[f"{where}/{name}".removeprefix("./")] = key
    return found


def moved_from(keys: dict[str, str], rel: str) -> set[str]:
    """The keys the record gave the other files of rel's folder (a file whose key is
    one of them is copied from there, not drawn)."""
    where = rel.rpartition("/")[0]
    return {key for other, key in keys.items() if other != rel and other.rpartition("/")[0] == where}


def stamps(folder: Path) -> dict[str, tuple[int, int]]:
    return {rel: (os.stat(folder / rel).st_ino, os.stat(folder / rel).st_mtime_ns) for rel in outputs(folder)}


def job_files(folder: Path) -> dict[str, list[str]]:
    """Each job's files but the PDFs' pages files, over every record under folder:
    {job: [path, ...]}."""
    jobs: dict[str, list[str]] = {}
    for where, record in records(folder).items():
        for job, names in record["jobs"].items():
            jobs.setdefault(job, []).extend(f"{where}/{name}".removeprefix("./") for name in names
                                            if not name.endswith(".pdf.pages"))
    return {job: sorted(names) for job, names in jobs.items()}


def same_jobs(clean: dict[str, list[str]], inc: dict[str, list[str]], said: str) -> tuple[list[str], set[str]]:
    """Check that each job of a clean build (the build's own, and the deck's in each
    folder it writes whole) has the same files in the incremental folder, in the
    folders the clean build wrote; the clean build's files, and the incremental
    folder's other files (other jobs', and the deck's in folders this build did not write)."""
    assert clean, said
    files, others = [], set()
    for job, names in inc.items():
        wrote = {name.rpartition("/")[0] for name in clean.get(job, [])}
        here = [name for name in names if name.rpartition("/")[0] in wrote]
        assert here == clean.get(job, []), said
        files += here
        others |= set(names) - set(here)
    assert set(clean) <= set(inc), said
    return sorted(files), others


def subprocess_build(args: list[str], cwd: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "printgen", *args], cwd=cwd, capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    made_by()                   # what draws (printgen's code, its libraries): the same in every child
    folder = tmp_path / "project"
    folder.mkdir()
    return folder


def test_incremental_builds_equal_clean_builds_and_draw_only_changed_keys(project, tmp_path):
    rng = random.Random(30)
    state = first_state()
    write_project(project, state)
    inc, log = tmp_path / "inc", tmp_path / "err.txt"
    assert forked(argv(project, inc, state), log)[0] == 0, log.read_text()
    kinds, kept, redrawn = [], 0, 0
    for step in range(56):
        kinds.append(edit(state, rng))
        write_project(project, state)
        before_keys, before_stamps = keys_of(inc), stamps(inc)
        if step in (9, 27, 45):                         # a real new process, now and then
            subprocess_build(argv(project, inc, state), project)
            drawn = None
        else:
            status, drawn = forked(argv(project, inc, state), log)
            assert status == 0, log.read_text()
        said = f"step {step} ({kinds[-1]}: {state})"
        made, got, clean = equal_to_clean(project, inc, state, tmp_path / f"clean-{step}", log, said)
        assert set(made), said
        clean_jobs, inc_jobs = job_files(clean), job_files(inc)
        files, others = same_jobs(clean_jobs, inc_jobs, said)
        assert set(got) - set(made) <= others, said     # the rest of the folder is other jobs' (other options)

        after_keys, after_stamps = keys_of(inc), stamps(inc)
        keyed = [rel for rel in files if rel.endswith((".png", ".svg", ".pdf"))]
        assert all(rel in after_keys for rel in keyed), said
        same = {rel for rel in keyed if before_keys.get(rel) == after_keys[rel]}
        assert all(after_stamps[rel] == before_stamps[rel] for rel in same), said
        moved = {rel for rel in set(keyed) - same if rel.endswith((".png", ".svg"))
                 and after_keys[rel] in moved_from(before_keys, rel)}    # a renumbered card's file, copied
        if drawn is not None:
            assert sorted(Path(path).relative_to(inc).as_posix() for path in drawn) == \
                   sorted(set(keyed) - same - moved), said
        kept += len(same)
        redrawn += len(keyed) - len(same)
        for path in sorted(clean.rglob("*"), reverse=True):     # (the disk the test takes stays small)
            path.unlink() if path.is_file() else path.rmdir()
        clean.rmdir()
    assert set(kinds) == {"field", "cards", "face", "back", "picture", "font", "dpi", "paper", "duplex", "only"}
    assert kept > redrawn > 0                           # most files were left as they were


def test_one_cards_text_redraws_that_card_and_the_sheets_only(project, tmp_path):
    state = first_state()
    write_project(project, state)
    out, log = tmp_path / "out", tmp_path / "err.txt"
    assert forked(argv(project, out, state), log)[0] == 0
    status, drawn = forked(argv(project, out, state), log)
    assert status == 0 and drawn == []                 # nothing changed: nothing drawn
    state["cards"][4] = ("Stars", "7", "Shine twice.")
    write_project(project, state)
    status, drawn = forked(argv(project, out, state), log)
    assert status == 0
    assert sorted(Path(path).relative_to(out).as_posix() for path in drawn) == \
           ["mini-a4.pdf", "png/5-7-stars.png", "svg/5-7-stars.svg"]


@pytest.mark.parametrize("change", ["taken out", "put in"])
def test_a_card_taken_out_or_put_in_copies_the_renumbered_cards_files(project, tmp_path, change):
    """A card taken out (or put in) renames the PNG and SVG of every card after it
    (their number); their drawings are unchanged, so each is copied from its old file,
    not drawn: only the card put in and the sheets are drawn, and the folder is byte
    for byte a clean build's."""
    state = first_state()
    write_project(project, state)
    out, log = tmp_path / "out", tmp_path / "err.txt"
    assert forked(argv(project, out, state), log)[0] == 0
    if change == "taken out":
        del state["cards"][1]
    else:
        state["cards"].insert(1, ("Stars", "9", RULES[3]))
    write_project(project, state)
    status, drawn = forked(argv(project, out, state), log)
    assert status == 0, log.read_text()
    equal_to_clean(project, out, state, tmp_path / "clean", log, change)
    renamed = {"taken out": ["2-1-moons", "3-2-moons", "4-7-stars"],
               "put in": ["3-2-suns", "4-1-moons", "5-2-moons", "6-7-stars"]}[change]
    assert all((out / "png" / f"{name}.png").is_file() and (out / "svg" / f"{name}.svg").is_file()
               for name in renamed)
    expected = ["mini-a4.pdf"] + (["png/2-9-stars.png", "svg/2-9-stars.svg"] if change == "put in" else [])
    assert sorted(Path(path).relative_to(out).as_posix() for path in drawn) == expected


def test_a_print_shops_card_images_are_drawn_only_where_their_key_changed(project, tmp_path):
    """A print shop's card images (--for mpc) are drawn only where their key changed: a
    build again draws none, and a card taken out draws none either (the renumbered
    cards' images copied from their old files); the folder is a clean export's."""
    state = first_state()
    write_project(project, state)
    out, log = tmp_path / "out", tmp_path / "err.txt"
    shop = ["build", str(project / "deck.yaml"), "--for", "mpc", "-q", "--jobs", "1", "--out"]
    assert forked([*shop, str(out)], log)[0] == 0, log.read_text()
    status, drawn = forked([*shop, str(out)], log)
    assert status == 0 and drawn == [], log.read_text()
    del state["cards"][1]
    write_project(project, state)
    status, drawn = forked([*shop, str(out)], log)
    assert status == 0 and drawn == [], log.read_text()
    assert (out / "mpc" / "mini-face-2-1-moons.png").is_file()
    assert forked([*shop, str(tmp_path / "clean")], log)[0] == 0
    assert outputs(out / "mpc") == outputs(tmp_path / "clean" / "mpc")


def corrupt(record: Path, how: str) -> None:
    """Spoil a build record the way a crash, a stranger or another printgen would."""
    import hashlib
    data = json.loads(record.read_text(encoding="utf-8"))
    keys = data["keys"]
    if how == "truncated":
        record.write_bytes(record.read_bytes()[:200])
        return
    if how == "garbage":
        record.write_bytes(b"\x00\xff not a record")
        return
    if how == "other format":
        keys["format"] = 2
    elif how == "other printgen":          # another version's keys, consistent with their check
        keys["files"] = {name: hashlib.sha256(key.encode()).hexdigest()[:32] for name, key in keys["files"].items()}
        recheck(data)
    elif how == "key edited":              # by hand: the check no longer holds
        keys["files"][next(iter(keys["files"]))] = "0" * 32
    elif how == "digest edited":
        name = next(iter(keys["files"]))
        data["files"][name][1] = "0" * 64
    record.write_text(json.dumps(data), encoding="utf-8")


def recheck(data: dict) -> None:
    """Make a record's keys' check hold again, as anyone can (output/record.py: a digest
    of every key with its file's name, size and digest)."""
    import hashlib
    keys = data["keys"]
    rows = [[name, *data["files"][name], keys["files"][name]] for name in sorted(keys["files"])]
    keys["check"] = hashlib.sha256(json.dumps(rows).encode()).hexdigest()


@pytest.mark.parametrize("how", ["truncated", "garbage", "other format", "other printgen", "key edited",
                                 "digest edited"])
def test_a_corrupt_or_foreign_record_means_a_clean_build(project, tmp_path, how):
    state = first_state()
    write_project(project, state)
    out, clean, log = tmp_path / "out", tmp_path / "clean", tmp_path / "err.txt"
    assert forked(argv(project, out, state), log)[0] == 0
    # (a digest edited in the output folder's own record names the card sheets as changed
    # since printgen wrote them: it refuses to write over them, tests/test_output_owner.py)
    spoilt = ["png"] if how == "digest edited" else [".", "png"]
    for folder in spoilt:
        corrupt(out / folder / MANIFEST, how)
    status, drawn = forked(argv(project, out, state), log)
    assert status == 0, log.read_text()
    drawn_there = {Path(path).relative_to(out).as_posix() for path in drawn}
    in_spoilt = {rel for rel in outputs(out) if rel.endswith((".png", ".pdf")) and Path(rel).parent.as_posix() in spoilt}
    assert len(in_spoilt) >= 6 and in_spoilt <= drawn_there
    assert forked(argv(project, clean, state), log)[0] == 0
    assert outputs(out) == outputs(clean)
    assert not any(tmp_path.glob("*.tmp")) and sorted(p.name for p in tmp_path.iterdir()) == \
           ["clean", "err.txt", "out", "project"]             # nothing written outside the output folder


def test_a_record_made_on_another_machine_passes_no_file_off_as_drawn_here(project, tmp_path, monkeypatch):
    """A stranger's output folder: built on their machine (render/keys.py's `here` is
    theirs), then one card's PNG swapped for a picture of theirs and the record made to
    match it (size, digest and the keys' check, which anyone can compute). Built here,
    that card is drawn again and the folder is what a clean build gives."""
    import hashlib
    state = first_state()
    write_project(project, state)
    out, clean, log = tmp_path / "out", tmp_path / "clean", tmp_path / "err.txt"
    with monkeypatch.context() as elsewhere:
        elsewhere.setattr(printgen.render.keys, "here", lambda: "a stranger's machine", raising=False)
        assert forked(argv(project, out, state), log)[0] == 0, log.read_text()
    record = out / "png" / MANIFEST
    data = json.loads(record.read_text(encoding="utf-8"))
    name = min(name for name in data["files"] if name.endswith(".png"))
    theirs = icon_bytes("#ff0000")
    (out / "png" / name).write_bytes(theirs)
    data["files"][name][:2] = [len(theirs), hashlib.sha256(theirs).hexdigest()]
    recheck(data)
    record.write_text(json.dumps(data), encoding="utf-8")
    status, drawn = forked(argv(project, out, state), log)
    assert status == 0, log.read_text()
    assert str(out / "png" / name) in drawn
    equal_to_clean(project, out, state, clean, log, "a stranger's record")


# ------------------------------------------------------------- the warm process's pages

ICONS = ("icon-a.png", "icon-b.png", "icon-c.png")


def write_warm_project(project: Path, state: dict) -> None:
    """The project for a warm process: fonts and pictures are changed by naming another
    file (a watch starts a new process when a font or picture file itself changes)."""
    write_project(project, state)
    for name in FONTS:
        if not (project / "fonts" / name).exists():
            (project / "fonts" / name).write_bytes((TEST_FONTS / name).read_bytes())
    for number, name in enumerate(ICONS):
        if not (project / name).exists():
            (project / name).write_bytes(icon_bytes(COLOURS[number]))


def warm_edit(state: dict, rng: random.Random) -> str:
    kind = edit(state, rng)
    if kind == "picture":
        state["icon_file"] = rng.choice(ICONS)
    elif kind == "font":
        state["font_file"] = state["font"]
    return kind


def pdf_stamps(folder: Path) -> dict[Path, tuple[int, int]]:
    return {path: (os.stat(path).st_ino, os.stat(path).st_mtime_ns) for path in folder.glob("*.pdf")}


def pdf_pages(path: Path) -> int:
    import pypdfium2
    document = pypdfium2.PdfDocument(path)
    try:
        return len(document)
    finally:
        document.close()


def test_a_warm_process_splices_unchanged_pdf_pages_and_its_files_equal_clean_builds(project, tmp_path, fresh_pages):
    """build --watch's process (cli/watch.py's Warm, here in this process) keeps the PDF
    pages it finished and splices those whose key is unchanged (render/pdfpages.py).
    After each of 56 seeded random edits (card fields, cards added and removed, the face
    and back templates, another picture, another font file, dpi, paper, duplex, --only:
    the last three a new Warm, as a watch started again with those options, sharing this
    process's pages) its folder holds the very bytes of a clean build in a new process;
    every page of a PDF assembled again was either drawn or spliced, and one card's
    text draws only the page of faces that holds it (the other of faces and the two of
    backs spliced)."""
    from printgen.cli import make_parser
    from printgen.cli.build import run
    from printgen.cli.options import settle
    from printgen.cli.watch import Warm
    from printgen.render.pdfpages import store
    rng = random.Random(31)
    state = {**first_state(), "font_file": FONTS[0], "icon_file": ICONS[0],
             "cards": [(SUITS[i % 3], str(i % 9 + 1), RULES[i % 5]) for i in range(14)]}   # 2 pages of faces
    write_warm_project(project, state)
    inc, log = tmp_path / "inc", tmp_path / "err.txt"

    def warm_for(state: dict) -> Warm:
        args = make_parser(argv(project, inc, state)).parse_args(argv(project, inc, state))
        settle(args)
        args.argv = argv(project, inc, state)
        return Warm(args, run)

    warm, options = warm_for(state), argv(project, inc, state)
    assert warm.build()[0] == 0
    kinds, drawn, spliced, one_card = [], 0, 0, 0
    for step in range(56):
        kinds.append(warm_edit(state, rng))
        write_warm_project(project, state)
        if argv(project, inc, state) != options:
            warm, options = warm_for(state), argv(project, inc, state)
        before = (store.drawn, store.spliced, pdf_stamps(inc))
        assert warm.build()[0] == 0
        clean = tmp_path / f"clean-{step}"
        status, _ = forked(argv(project, clean, state), log)
        assert status == 0, log.read_text()
        said = f"step {step} ({kinds[-1]}: {state})"
        made, got = outputs(clean), outputs(inc)
        assert set(made) and {rel: got.get(rel) == data for rel, data in made.items()} == dict.fromkeys(made, True), \
            said
        now_drawn, now_spliced = store.drawn - before[0], store.spliced - before[1]
        assembled = [path for path, stamp in pdf_stamps(inc).items() if before[2].get(path) != stamp]
        assert now_drawn + now_spliced == sum(pdf_pages(path) for path in assembled), said
        if kinds[-1] == "field" and assembled:
            assert now_drawn == 1, said                         # the page of faces holding the card
            one_card += 1
        drawn, spliced = drawn + now_drawn, spliced + now_spliced
        for path in sorted(clean.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
        clean.rmdir()
    assert set(kinds) == {"field", "cards", "face", "back", "picture", "font", "dpi", "paper", "duplex", "only"}
    assert one_card >= 3 and spliced >= 3 * one_card and drawn > 0


# ------------------------------------------------------------- a new process's pages

def fourteen_cards() -> dict:
    """A project of two pages of faces (and two of backs) on A4, without pictures: its
    pages are all stored beside the PDF (render/pagefile.py)."""
    return {**first_state(), "pictures": False, "only": "pdf,png",
            "cards": [(SUITS[i % 3], str(i % 9 + 1), RULES[i % 5]) for i in range(14)]}


def deck_pdf(assembled: list, state: dict) -> tuple[int, int] | None:
    """Of the deck's PDF, if it was assembled: its pages drawn and spliced."""
    found = [(drawn, spliced) for path, drawn, spliced in assembled if Path(path).name == f"mini-{state['paper']}.pdf"]
    return found[0] if found else None


def test_new_processes_splice_unchanged_pdf_pages_and_equal_clean_builds(project, tmp_path):
    """A rebuild in a new process splices the PDF pages kept beside the PDF whose key is
    unchanged. After each of 24 seeded random edits (card fields, cards, templates, the
    picture's bytes, the font file, dpi, paper, duplex, --only, and the pictures taken
    away and put back) the folder is byte for byte a clean build's (a clean build keeps
    no pages file); every page of a PDF assembled again was drawn or spliced; one card's
    text draws only the page of faces that holds it, pages that place pictures or not;
    a pages file is never left without its PDF."""
    rng = random.Random(32)
    state = fourteen_cards()
    write_project(project, state)
    inc, log = tmp_path / "inc", tmp_path / "err.txt"
    assert forked(argv(project, inc, state), log)[0] == 0, log.read_text()
    assert not pages_files(inc)                         # a first build keeps no pages ...
    state["cards"][0] = ("Suns", "1", "Play it now.")
    write_project(project, state)
    assert forked(argv(project, inc, state), log)[0] == 0, log.read_text()
    assert pages_files(inc)                             # ... a second one does
    kinds, drawn, spliced, one_card, pictured = [], 0, 0, 0, 0
    for step in range(24):
        if step in (7, 15):                             # the pictures taken away, then put back
            state["pictures"], kind = not state["pictures"], "pictures"
        else:
            kind = edit(state, rng)
        kinds.append(kind)
        write_project(project, state)
        assembled: list = []
        status, _ = forked(argv(project, inc, state), log, assembled)
        assert status == 0, log.read_text()
        said = f"step {step} ({kind}: {state})"
        made, got, clean = equal_to_clean(project, inc, state, tmp_path / f"clean-{step}", log, said)
        clean_jobs, inc_jobs = job_files(clean), job_files(inc)
        _, others = same_jobs(clean_jobs, inc_jobs, said)
        assert set(got) - set(made) <= others, said
        assert not pages_files(clean), said             # a first build keeps no pages
        for kept in pages_files(inc):                   # a pages file only beside its PDF
            assert kept.with_name(kept.name[1:-len(".pages")]).is_file(), said
        if any(now_spliced for _, _, now_spliced in assembled):
            assert pages_files(inc), said
        for path, now_drawn, now_spliced in assembled:
            assert now_drawn + now_spliced == pdf_pages(Path(path)), said
            drawn, spliced = drawn + now_drawn, spliced + now_spliced
        deck = deck_pdf(assembled, state)
        if deck is not None and kind == "field":
            assert deck == (1, 3), said                         # the page of faces holding the card
            one_card += 1
            pictured += state["pictures"]
        for path in sorted(clean.rglob("*"), reverse=True):
            path.unlink() if path.is_file() else path.rmdir()
        clean.rmdir()
    assert {"field", "cards", "face", "pictures", "only"} <= set(kinds)
    assert one_card >= 3 and spliced >= 3 * one_card and drawn > 0 and pictured >= 1


def spoil(out: Path, name: str, how: str) -> None:
    """Spoil a PDF's pages file: cut short, or one byte changed, or another format, or
    naming a face the build does not use, each but the first with the folder's record
    made to agree (so that only the file's own checks can tell)."""
    import hashlib
    path = out / name
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[:len(data) // 2])
        return
    if how == "flipped":
        data = data[:len(data) // 2] + bytes([data[len(data) // 2] ^ 4]) + data[len(data) // 2 + 1:]
    else:
        from printgen.render.pagefile import MAGIC
        body = data[len(MAGIC) + 32:]
        length = int.from_bytes(body[:4], "big")
        header = json.loads(body[4:4 + length])
        if how == "other format":
            header["format"] = 1
        else:
            for row in header["pages"]:
                for face in row[7]:
                    face[0] = "mono"
        text = json.dumps(header).encode()
        inner = len(text).to_bytes(4, "big") + text + body[4 + length:]
        data = MAGIC + hashlib.sha256(inner).digest() + inner
    path.write_bytes(data)
    record = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    record["files"][name] = [len(data), hashlib.sha256(data).hexdigest()]
    (out / MANIFEST).write_text(json.dumps(record), encoding="utf-8")


@pytest.mark.parametrize("how", ["truncated", "flipped", "other format", "other faces"])
def test_a_spoilt_pages_file_means_every_page_drawn(project, tmp_path, how):
    state = fourteen_cards()
    write_project(project, state)
    out, clean, log = tmp_path / "out", tmp_path / "clean", tmp_path / "err.txt"
    assert forked(argv(project, out, state), log)[0] == 0
    state["cards"][3] = ("Moons", "2", "Shine bright.")          # built again: its pages kept
    write_project(project, state)
    assert forked(argv(project, out, state), log)[0] == 0
    spoil(out, ".mini-a4.pdf.pages", how)
    state["cards"][4] = ("Stars", "7", "Shine twice.")
    write_project(project, state)
    assembled: list = []
    status, _ = forked(argv(project, out, state), log, assembled)
    assert status == 0, log.read_text()
    assert deck_pdf(assembled, state) == (4, 0)
    assert forked(argv(project, clean, state), log)[0] == 0
    assert outputs(out) == outputs(clean)
    state["cards"][4] = ("Stars", "7", "Shine.")                 # the pages file written again is sound
    write_project(project, state)
    assembled.clear()
    assert forked(argv(project, out, state), log, assembled)[0] == 0
    assert deck_pdf(assembled, state) == (1, 3)


def test_a_file_of_the_users_where_a_pages_file_would_go_is_never_replaced(project, tmp_path):
    """printgen replaces a pages file it wrote whatever became of it, but not a file it
    did not write: the build stops with one line, and the file keeps its bytes."""
    state = fourteen_cards()
    write_project(project, state)
    out, log = tmp_path / "out", tmp_path / "err.txt"
    assert forked(argv(project, out, state), log)[0] == 0      # a first build: no pages file
    mine = out / ".mini-a4.pdf.pages"
    mine.write_bytes(b"my notes")
    state["cards"][3] = ("Moons", "2", "Shine bright.")         # built again: its pages would be kept
    write_project(project, state)
    status, _ = forked(argv(project, out, state), log)
    assert status == 2                                  # (the line names the file)
    assert mine.read_bytes() == b"my notes"
