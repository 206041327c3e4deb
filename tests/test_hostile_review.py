"""A hostile review of the output folder's owner and the input readers: cases found
broken, or not covered by tests/test_output_owner.py and tests/test_hostile_inputs.py.
Each runs printgen as a real process under a 4 GiB address-space cap and a time
limit (a traceback, a MemoryError or a hang shows there), and checks its exit
status, one line on standard error, and that the user's files keep their bytes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import one_line, tree
from cputime import cpu_seconds

FACE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards:\n  - fields: {a: b}\n"
TABLE_DECK = "name: t\nsize: poker\nface: face.yaml\nback: face.yaml\ncards: cards.csv\n"
MANIFEST = ".printgen-files.json"
MEMORY = 4 << 30
TIMEOUT = 60
fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs fifos")


def _cap_memory() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def printgen(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "printgen", *args], capture_output=True, text=True,
                          timeout=TIMEOUT, cwd=cwd, check=False,
                          preexec_fn=_cap_memory if sys.platform == "linux" else None)


def deck_with(folder: Path, deck: str = DECK, face: str = FACE) -> Path:
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    path = folder / "deck.yaml"
    path.write_text(deck, encoding="utf-8")
    return path






@pytest.fixture
def built(tmp_path) -> Path:
    """A project whose tiny deck was built once: `--only pdf,png,gallery --out out`."""
    deck_with(tmp_path)
    result = printgen(tmp_path, "build", "deck.yaml", "--only", "pdf,png,gallery", "--out", "out")
    assert result.returncode == 0, result.stderr
    return tmp_path


def rename_deck(project: Path) -> None:
    """The same deck file, now named u: its rebuild writes u-a4.pdf, not t-a4.pdf."""
    deck_with(project, DECK.replace("name: t", "name: u"))


# ------------------------------------------------------------------ copies the user made

def test_a_copy_of_a_subfolder_with_its_record_is_the_users(built):
    """`cp -r out/png out/png-backup` copies the hidden record too; the next build (the
    same job, which never writes png-backup) once pruned every file of the copy."""
    out = built / "out"
    shutil.copytree(out / "png", out / "png-backup")
    shutil.copytree(out / "_gallery" / "png", out / "_gallery" / "png-old")
    kept = {name: tree(out / name) for name in ("png-backup", "_gallery/png-old")}
    rename_deck(built)
    result = printgen(built, "build", "deck.yaml", "--only", "pdf,png,gallery", "--out", "out", "-q")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert {name: tree(out / name) for name in kept} == kept
    assert not (out / "t-a4.pdf").exists()              # what is still printgen's goes, as before


@pytest.mark.parametrize("name", ["t-a4.pdf", "index.html"])
def test_a_file_printgen_wrote_and_the_user_edited_is_not_replaced(built, name):
    """A PDF annotated in another program keeps its /Creator (printgen), the gallery
    page edited keeps its title: the record says the bytes changed, so they are the
    user's (they were once replaced because their content names printgen)."""
    path = built / "out" / name
    edited = path.read_bytes() + b"\n% the user's annotations\n"
    path.write_bytes(edited)
    before = tree(built / "out")
    args = ["gallery"] if name == "index.html" else ["build", "deck.yaml", "--only", "pdf"]
    one_line(printgen(built, *args, "--out", "out"), 2, f"out/{name}", "changed since", "will not replace it")
    assert tree(built / "out") == before


# ------------------------------------------------------------------ strange folders and links

def nest(folder: Path, depth: int, last: str) -> None:
    """depth folders inside each other below folder, the innermost holding a file
    (made through folder descriptors: the test process's current folder stays)."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir("a", dir_fd=fd)
            inner = os.open("a", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        file = os.open(last, os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(file, b"the user's")
        os.close(file)
    finally:
        os.close(fd)


def unnest(folder: Path) -> None:
    """Remove the tree nest() made (shutil.rmtree, and pytest's cleanup, recurse)."""
    path = folder / "a"
    while (path / "a").is_dir():
        path = path / "a"
    while path != folder:
        for child in path.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()
        path.rmdir()
        path = path.parent


@pytest.mark.parametrize("where", ["out", "out/_gallery"])
def test_a_folder_tree_nested_1500_deep_does_not_break_the_gallery(built, where):
    """Python 3.11's os.walk recurses: a RecursionError traceback once."""
    try:
        nest(built / where, 1500, "x.png" if where == "out" else "x.png.jpg")
        start = cpu_seconds()
        for args in (["gallery"], ["build", "deck.yaml", "--only", "pdf,png,gallery"]):
            result = printgen(built, *args, "--out", "out", "-q")
            assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-800:]
        assert cpu_seconds() - start < 60
    finally:
        unnest(built / where)


REFUSED = {
    "out/tgc a link": (["build", "deck.yaml", "--for", "tgc", "--out", "out"], "out/tgc", "symbolic link"),
    "out/tts a link": (["build", "deck.yaml", "--for", "tts", "--out", "out"], "out/tts", "symbolic link"),
    "--out . --for tgc over the user's index.html": (["build", "deck.yaml", "--for", "tgc", "--out", "."],
                                                     "index.html", "no record of writing this file"),
    "--out . --all over the user's index.html": (["build", "--all", "--only", "pdf,gallery", "--out", "."],
                                                 "index.html", "no record of writing this file"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_shop_folder_link_or_the_users_index_is_refused_before_anything_is_written(tmp_path, case):
    """Not covered before (test_output_owner.py has png/svg links and a plain build)."""
    args, *expected = REFUSED[case]
    deck_with(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("the user's", encoding="utf-8")
    if "link" in case:
        (tmp_path / "out").mkdir()
        (tmp_path / expected[0]).symlink_to(elsewhere, target_is_directory=True)
    else:
        (tmp_path / "index.html").write_text("<p>my own page</p>", encoding="utf-8")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, *args), 2, *expected)
    assert tree(tmp_path) == before


def test_a_file_name_that_is_not_utf8_does_not_break_the_gallery(built):
    """A file named with a byte that is no UTF-8 (b'\\xff') in the output folder: the
    page could not be encoded (a UnicodeEncodeError traceback, after the build)."""
    out = os.fsencode(built / "out")
    for name in (b"photo\xff.png", b"sheet\xfe.pdf"):
        with open(os.path.join(out, name), "wb") as file:
            file.write(b"not a picture")
    for args in (["gallery"], ["build", "deck.yaml", "--only", "pdf,png,gallery"]):
        result = printgen(built, *args, "--out", "out", "-q")
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-800:]
    page = (built / "out" / "index.html").read_text(encoding="utf-8")
    assert 'href="./photo%FF.png"' in page and "photo\ufffd.png" in page


# ------------------------------------------------------------------ input files

@pytest.mark.parametrize("case", ["CSV of 200,000 columns", "CSV of 4,000,000 rows", "rules text of an 8 MB table",
                                  "rules table of 51 columns"])
def test_a_table_far_too_large_is_refused_within_seconds(tmp_path, case):
    """A CSV header's names were checked pairwise (200,000 columns: minutes); every row
    of a CSV far too long was read and kept before it was refused; an original rules
    text of 8 MB (a table) took minutes and 4 GB to parse, and one of a few thousand
    columns minutes to measure."""
    if case.startswith("CSV"):
        if "columns" in case:
            text = ",".join(f"c{i}" for i in range(200_000)) + "\n" + ",".join("x" * 200_000) + "\n"
            expected = "cards.csv:1: more than 1000 columns"
        else:
            text = "a\n" + "x\n" * 4_000_000
            expected = "cards.csv: more than 100000 rows"
        (tmp_path / "cards.csv").write_text(text, encoding="utf-8")
        deck_with(tmp_path, TABLE_DECK)
        args = ["build", "deck.yaml"]
    else:
        columns, rows = (4000, 1000) if "8 MB" in case else (51, 3)
        table = "|a" * columns + "|\n" + "|-" * columns + "|\n" + ("|x" * columns + "|\n") * rows
        (tmp_path / "original.md").write_text("# Rules\n\n" + table, encoding="utf-8")
        args = ["rules", "jedi-temple", "--original", "original.md"]
        expected = ("original.md: 8,018,013 characters of Markdown" if "8 MB" in case
                    else "original.md:3: a table of more than 50 columns")
    before = tree(tmp_path)
    start = cpu_seconds()
    one_line(printgen(tmp_path, *args, "--out", "out"), 2, expected)
    assert cpu_seconds() - start < 10
    assert tree(tmp_path) == before


ICON_FACE = "icons: {coin: SRC}\n" + FACE


@pytest.mark.parametrize("case", ["a link to itself", "a NUL in its name", "a fifo"])
def test_an_icon_that_is_no_picture_file_is_one_located_error(tmp_path, case):
    """An icon linking to itself, or named with a NUL character: a traceback once
    (Path.resolve raised RuntimeError and ValueError)."""
    src = '"a\\0b.png"' if case == "a NUL in its name" else "coin.png"
    if case == "a link to itself":
        os.symlink("coin.png", tmp_path / "coin.png")
    elif case == "a fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs fifos")
        os.mkfifo(tmp_path / "coin.png")
    deck_with(tmp_path, face=ICON_FACE.replace("SRC", src))
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "face.yaml:1 icons.coin:", "U+0000" if case == "a NUL in its name" else "expected a picture file")
    assert tree(tmp_path) == before and not (tmp_path / "out").exists()


@fifos
@pytest.mark.parametrize("case", ["template", "rules picture"])
def test_a_file_that_is_a_fifo_is_named_as_typed_not_where_links_lead(tmp_path, case):
    """Run from a folder reached through a link: the message named the resolved path
    (/.../real/face.yaml) and called a fifo 'not found'. (A card's picture: below.)"""
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "through").symlink_to(real, target_is_directory=True)
    here = tmp_path / "through"
    if case == "template":
        deck_with(real, DECK.replace("back: face.yaml", "back: back.yaml"))
        (real / "face.yaml").rename(real / "back.yaml")
        os.mkfifo(real / "face.yaml")
        args, expected = ["build", "deck.yaml"], "deck.yaml:3 face: template file 'face.yaml' is a fifo"
    else:
        (real / "rules.md").write_text("# Rules\n\n![board](board.png)\n", encoding="utf-8")
        os.mkfifo(real / "board.png")
        args, expected = ["rules", "rules.md"], "rules.md:3: image 'board.png' is a fifo"
    line = one_line(printgen(here, *args, "--out", "out"), 2, expected)
    assert str(real) not in line, line
    assert not (real / "out").exists()


@fifos
def test_a_card_picture_that_is_a_fifo_says_so(tmp_path):
    deck_with(tmp_path, face=FACE + "  - {kind: image, src: art.png, x: 0mm, y: 0mm, w: 20mm, h: 20mm}\n")
    os.mkfifo(tmp_path / "art.png")
    one_line(printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", "out"), 2,
             "face.yaml:3 elements[1].src", "image 'art.png' is a fifo")


def test_a_deal_file_of_200000_bad_cards_is_one_short_line(tmp_path):
    """solve --deck FILE listed every bad token: 15 MB on one line for this 600 KB file
    (195 MB for one of 7.5 MB, in 10 s; the time is deal/textio.py's to bound)."""
    (tmp_path / "many.txt").write_text("zz " * 200_000, encoding="utf-8")
    result = printgen(tmp_path, "solve", "--rules", "pyramid", "--deck", "many.txt")
    line = one_line(result, 2, "many.txt:1 'zz', 'zz', 'zz' and 199,997 more: expected a card")
    assert len(line) < 2000
    (tmp_path / "some.txt").write_text("Ah 2h " + "zz " * 200_000, encoding="utf-8")
    result = printgen(tmp_path, "solve", "--rules", "pyramid", "--deck", "some.txt")
    line = one_line(result, 2, "some.txt:1 'zz', 'zz', 'zz' and 199,997 more: expected a card")
    assert len(line) < 2000


def forged_record(folder: Path, job: str, names: list[str], where: str | None = None) -> None:
    """A record in folder naming its files as the job's, with their true sizes and
    digests (a stranger who shipped the files knows them)."""
    import hashlib
    files = {name: [len(data), hashlib.sha256(data).hexdigest()]
             for name in names for data in [(folder / name).read_bytes()]}
    record = {"printgen": 2, "files": files, "jobs": {job: names}}
    if where is not None:
        record["folder"] = where
    (folder / MANIFEST).write_text(json.dumps(record), encoding="utf-8")


@pytest.mark.parametrize("case", ["the deck and template of a project built with --out .",
                                  "a subfolder whose record says it is out/png"])
def test_a_forged_record_with_true_digests_deletes_nothing_of_the_users(tmp_path, case):
    """A downloaded project may carry a build record naming its own deck.yaml and
    face.yaml under the job the user will run: `build deck.yaml --out .` deleted the
    very files it had just read. A record moved (or forged) into out/mine, saying it
    belongs in out/png, named the user's notes there."""
    deck_with(tmp_path)
    if case.startswith("the deck"):
        scratch = tmp_path / "scratch"              # the job's name, as the record of a real run says
        assert printgen(tmp_path, "build", "deck.yaml", "--only", "pdf", "--out", str(scratch)).returncode == 0
        job, = json.loads((scratch / MANIFEST).read_text(encoding="utf-8"))["jobs"]
        shutil.rmtree(scratch)
        forged_record(tmp_path, job.replace(f"out={scratch}", "out=."), ["deck.yaml", "face.yaml"])
        mine, out = [tmp_path / "deck.yaml", tmp_path / "face.yaml"], "."
    else:
        assert printgen(tmp_path, "build", "deck.yaml", "--only", "pdf,png", "--out", "out").returncode == 0
        record = json.loads((tmp_path / "out" / "png" / MANIFEST).read_text(encoding="utf-8"))
        assert record["folder"] == "png"
        (tmp_path / "out" / "mine").mkdir()
        (tmp_path / "out" / "mine" / "notes.txt").write_text("the user's notes", encoding="utf-8")
        forged_record(tmp_path / "out" / "mine", next(iter(record["jobs"])), ["notes.txt"], "png")
        mine, out = [tmp_path / "out" / "mine" / "notes.txt"], "out"
    kept = {path: path.read_bytes() for path in mine}
    only = "pdf" if out == "." else "pdf,png"
    result = printgen(tmp_path, "build", "deck.yaml", "--only", only, "--out", out)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert {path: path.read_bytes() for path in mine} == kept


def test_a_pending_record_naming_10000_dead_jobs_is_handled_in_one_look(built):
    """A stranger's pending record of 10,000 tokens whose processes are gone, in a
    folder of 20,000 files: the folder was listed once per token (minutes). The one
    leftover a token names is removed; a look-alike no token names is kept."""
    import secrets
    out = built / "out"
    runs = {secrets.token_hex(16): 2 ** 31 - 1 - i for i in range(10_000)}
    (out / ".printgen-pending.json").write_text(json.dumps({"printgen_pending": 1, "runs": runs}),
                                                encoding="utf-8")
    for i in range(20_000):
        (out / f"f{i}.txt").write_bytes(b"")
    leftover = out / f".printgen-{next(iter(runs))}-{'ab' * 8}.tmp"
    leftover.write_bytes(b"a dead job's")
    lookalike = out / f".printgen-{'cd' * 16}-{'ab' * 8}.tmp"
    lookalike.write_bytes(b"the user's")
    (out / "t-a4.pdf").unlink()         # so the rebuild writes into the folder (an unchanged file is not)
    start = cpu_seconds()
    result = printgen(built, "build", "deck.yaml", "--only", "pdf", "--out", "out")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert cpu_seconds() - start < 20
    assert not leftover.exists() and lookalike.read_bytes() == b"the user's"


@pytest.mark.parametrize("verb,headings", [("booklet", 60), ("booklet", 3000), ("rules", 6000)])
def test_a_text_of_headings_with_no_lines_under_them_is_set_at_once(tmp_path, verb, headings):
    """Headings one after another, with no line under any. A booklet worked out each
    heading's keep with what follows again for every heading after it, in time
    doubling with each (60 of them never ended), and 3,000 of them ended in a
    RecursionError traceback; a leaflet walked each heading's keep to the text's end
    (6,000 took minutes). Now set at once: every heading on a page once, in order,
    none over another; a leaflet they overfill says so on one line."""
    import pdfplumber
    (tmp_path / "outline.md").write_text("".join(f"## H{i}\n" for i in range(headings)), encoding="utf-8")
    if verb == "rules":
        one_line(printgen(tmp_path, "rules", "outline.md", "--out", "out"), 2, "outline.md: the text needs")
        return
    result = printgen(tmp_path, "booklet", "outline.md", "--paper-thickness", "0.05mm", "--out", "out", "-q")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-800:]
    if headings > 100:
        return
    found = []
    with pdfplumber.open(tmp_path / "out" / "outline-booklet-a5-a4-reading.pdf") as pdf:
        for page in pdf.pages:
            words = [w for w in page.extract_words(extra_attrs=["size"])       # (the headings: not the cover
                     if 10 < w["size"] < 20 and w["text"] != "Contents"]  # title, the contents, the folios)
            assert all(a["bottom"] <= b["top"] + 0.5 for a, b in zip(words, words[1:])), words
            assert all(w["bottom"] < page.height for w in words)
            found += [w["text"] for w in words]
    assert found == [f"H{i}" for i in range(headings)]


@pytest.mark.parametrize("verb", ["rules", "booklet"])
def test_a_paragraph_of_600_footnote_references_is_refused_within_seconds(tmp_path, verb):
    """Each reference's line was found by wrapping the paragraph's words up to it
    again: 600 references on one word took a minute, 3,000 (a 40 KB text) hours."""
    refs = "".join(f"[^{i}]" for i in range(600))
    notes = "".join(f"[^{i}]: n\n" for i in range(600))
    (tmp_path / "notes.md").write_text(f"# Rules\n\nx{refs}\n\n{notes}", encoding="utf-8")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, verb, "notes.md", "--out", "out"), 2,
             "notes.md:3: more than 50 footnote references in one paragraph")
    assert tree(tmp_path) == before


def test_a_code_fence_of_50000_backticks_is_quoted_short(tmp_path):
    """The refusal of a code block quoted its fence whole: a 50 KB line."""
    (tmp_path / "fence.md").write_text("# Rules\n\n" + "`" * 50_000 + "\n", encoding="utf-8")
    before = tree(tmp_path)
    line = one_line(printgen(tmp_path, "booklet", "fence.md", "--out", "out"), 2, "fence.md:3: a code block",
                    "(50,000 characters)")
    assert len(line) < 400, len(line)
    assert tree(tmp_path) == before


@pytest.mark.parametrize("case", ["/", "up to it", "a link to it"])
def test_the_root_of_the_file_system_is_no_output_folder(tmp_path, case):
    """--out / wrote the deck's files beside the system's folders (as root), and the
    build looked through / for its old files. (The deck named does not exist, so that
    a printgen before this check stops before it writes anything.)"""
    out = {"/": "/", "up to it": os.path.relpath("/", tmp_path), "a link to it": "root"}[case]
    os.symlink("/", tmp_path / "root")
    before = tree(tmp_path)
    result = printgen(tmp_path, "build", "missing.yaml", "--out", out)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr[-800:]
    line, = result.stderr.strip().splitlines()
    assert line.startswith("printgen build: error: argument --out: expected a folder for printgen's files, "
                           f"got {out!r}, the root of the file system"), line
    assert tree(tmp_path) == before


NAMES = {
    "solve --deck with a line break": (["solve", "--rules", "pyramid", "--deck", "a\nb.txt"], "'a\\nb.txt': file not found"),
    "build with a terminal's control sequence": (["build", "a\x1b[2Jb.yaml", "--out", "out"],
                                                 "'a\\x1b[2Jb.yaml': deck file not found"),
    "rules with a line break": (["rules", "a\nb.md", "--out", "out"], "'a\\nb.md': rules text file not found"),
    "--original with a carriage return": (["rules", "jedi-temple", "--original", "a\rb.md", "--out", "out"],
                                          "'a\\rb.md': file not found"),
    "--out through a file named with a control sequence": (["calibrate", "--out", "f\x1b[31m/sub"],
                                                          "f\\x1b[31m/sub: cannot create the output folder"),
    "new with a line break": (["new", "a\nb"], "'a\\nb': holds U+000A, a character that does not print"),
    "new with a control sequence": (["new", "x\x1b]0;title\x07"], "holds U+001B"),
}


@pytest.mark.parametrize("case", sorted(NAMES))
def test_a_name_holding_a_line_break_or_control_character_is_written_out(tmp_path, case):
    """A name typed (or pasted) with a line break in it split the error in two lines,
    each marked as an error; one with a terminal's control sequence was printed for
    the terminal to act on (clear the screen, colour the rest); new made a project
    folder so named. The name is now quoted, its characters written out."""
    args, expected = NAMES[case]
    (tmp_path / "f\x1b[31m").write_text("the user's", encoding="utf-8")
    before = tree(tmp_path)
    result = printgen(tmp_path, *args)
    one_line(result, 2, expected)
    assert "\x1b" not in result.stderr + result.stdout and "\r" not in result.stderr
    assert tree(tmp_path) == before


@pytest.mark.parametrize("case,expected", [
    ("loop", "loop: a symbolic link that leads nowhere, or round to itself"),
    ("dangling", "dangling: a symbolic link that leads nowhere, or round to itself"),
    ("loop/game", "loop/game: cannot write the new project"),
    ("linked", "linked: a symbolic link to empty; expected a new folder, or an empty one"),
])
def test_new_into_a_link_that_loops_or_leads_nowhere_is_one_line(tmp_path, case, expected):
    """new FOLDER named the deck after where FOLDER leads: a link that loops was a
    RuntimeError traceback; a link to nowhere said only 'File exists'; a link to an
    empty folder was written through, the project landing in a folder the user did
    not name (and one the link may be turned to between the check and the writes)."""
    os.symlink("loop", tmp_path / "loop")
    os.symlink("nowhere", tmp_path / "dangling")
    (tmp_path / "empty").mkdir()
    os.symlink("empty", tmp_path / "linked")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "new", case), 2, expected)
    assert tree(tmp_path) == before


@pytest.mark.parametrize("rules,text,expected", [
    ("jedi-temple", "-0 " * 62, "deal.txt:1 '-0': 60 cards too many: the deck has 2 of them; deal.txt: missing cards: "),
    ("pyramid", "Ah " * 52, "deal.txt:1 'Ah': card repeated 51 times (first on line 1); deal.txt: missing cards: "),
])
def test_a_deal_file_of_one_card_over_and_over_says_so_once(tmp_path, rules, text, expected):
    """Each extra copy was a problem of its own: the line said the same five times, then
    'and more problems after these', and never which cards were missing."""
    (tmp_path / "deal.txt").write_text(text, encoding="utf-8")
    line = one_line(printgen(tmp_path, "solve", "--rules", rules, "--deck", "deal.txt"), 2, expected)
    assert line.count("too many") + line.count("repeated") == 1, line


@pytest.mark.parametrize("edge", ["0.001mm", "2mm"])
def test_a_die_edge_too_small_to_draw_names_the_option(tmp_path, edge):
    """dice --edge 2mm blamed the die's title ('shorten it or enlarge the box'), and
    0.001mm a place the built-in face template works out ('got 6e-05mm')."""
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "dice", "spike", "--edge", edge, "--out", "out"), 2,
             f"--edge: expected a larger edge, got '{edge}': die 'spike' cannot be drawn that small",
             "it is drawn at its own 16mm edges")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("where", ["rules text", "card field", "card table"])
def test_a_letter_under_50000_combining_marks_is_refused(tmp_path, where):
    """50,000 accents on one letter were drawn stacked: a line of ink from the letter
    up through the top of the page (over the heading above it), and on a card out of
    its box. Unicode's stream-safe text stacks at most 30."""
    zalgo = "a" + "\u0301" * 50_000
    if where == "rules text":
        (tmp_path / "rules.md").write_text(f"# Rules\n\n{zalgo} b\n", encoding="utf-8")
        args, expected = ["rules", "rules.md"], "rules.md:3: got 50,000 combining marks in a row (U+0301 first) on 'a'"
    elif where == "card field":
        deck_with(tmp_path, DECK.replace("{a: b}", f"{{a: '{zalgo}'}}"))
        args, expected = ["build", "deck.yaml"], "deck.yaml:6"
    else:
        (tmp_path / "cards.csv").write_text(f"a\n{zalgo}\n", encoding="utf-8")
        deck_with(tmp_path, TABLE_DECK)
        args, expected = ["build", "deck.yaml"], "cards.csv:2"
    before = tree(tmp_path)
    one_line(printgen(tmp_path, *args, "--out", "out"), 2, expected, "expected at most 30 on one character")
    assert tree(tmp_path) == before
    from printgen.reading import stacked_marks
    ok = "a\u0301\u0302\u0323 b"                # (three marks, as Vietnamese stacks them)
    assert stacked_marks(ok) is None and stacked_marks("x" + "\u0301" * 30) is None


def test_a_line_whose_many_short_notes_overfill_a_page_says_so(tmp_path):
    """A line referring to 45 notes of one word each, too many for the foot of any
    page together: the error blamed the first of them ('footnote 1 is 6.3 mm tall
    ... does not fit a page's 160.4 mm'), which fits a page on its own."""
    refs = "".join(f"[^{i}]" for i in range(45))
    notes = "".join(f"[^{i}]: n\n" for i in range(45))
    (tmp_path / "notes.md").write_text(f"# Rules\n\nx{refs}\n\n{notes}", encoding="utf-8")
    before = tree(tmp_path)
    one_line(printgen(tmp_path, "booklet", "notes.md", "--out", "out"), 2,
             "notes.md:3: a line refers to 45 footnotes", "tall together", "refer to fewer notes from one line")
    assert tree(tmp_path) == before


def test_a_text_of_3000_unclosed_marks_is_noted_in_a_few_lines(tmp_path):
    """Each run of marks never closed was a note line of its own: 3,000 lines (450 KB)
    for a 12 KB text, the booklet's own notes lost among them."""
    (tmp_path / "stars.md").write_text("# Rules\n\n" + "*a\n\n" * 3000, encoding="utf-8")
    result = printgen(tmp_path, "booklet", "stars.md", "--out", "out")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr[-800:]
    lines = result.stderr.strip().splitlines()
    assert len(lines) <= 12 and all(line.startswith("printgen: note: ") for line in lines), lines
    assert sum("opens italic that is never closed" in line for line in lines) == 10
    assert any("2,990 more runs of marks that open and are never closed" in line for line in lines), lines
    assert "staple badly" in lines[-1]
