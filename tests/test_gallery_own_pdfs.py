"""The gallery draws the PDFs this very process wrote in its own process, from the
bytes it wrote, without starting the bounded child (gallery/pdfpages.py); every other
PDF still goes through the child: a stranger's, one printgen wrote in an earlier
process (whatever the folder's record says), one changed since this process wrote it.
A page gives the same preview bytes either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import FIXTURES
from printgen.cli import main
from printgen.gallery import pdfpages
from printgen.output import writing

CLEAN = FIXTURES / "preflight" / "clean.yaml"


@pytest.fixture
def child(monkeypatch) -> list[str]:
    """The names of the PDFs handed to the child, which still draws them."""
    handed: list[str] = []

    def run(function, path, *args, real=pdfpages._run):
        handed.append(Path(path).name)
        return real(function, path, *args)

    monkeypatch.setattr(pdfpages, "_run", run)
    return handed


def previews(out: Path, name: str) -> list[bytes]:
    """A PDF's page previews, first page first."""
    found = sorted((out / "_gallery").glob(f"{name}*.jpg"), key=lambda path: len(path.name))
    return [path.read_bytes() for path in found]


def test_a_runs_own_pdfs_are_drawn_without_the_child_and_a_strangers_copy_through_it(tmp_path, child):
    out = tmp_path / "out"
    assert main(["build", str(CLEAN), "-q", "--only", "pdf,gallery", "--out", str(out)]) == 0
    own = sorted(path.name for path in out.glob("*.pdf"))
    assert own and child == []                          # every PDF this build wrote, drawn here
    assert all(previews(out, name) for name in own)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert all(f"{name} (" in page and "too costly" not in page for name in own)
    first = own[0]
    (out / "copy.pdf").write_bytes((out / first).read_bytes())     # the same bytes, not written by printgen
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert child and set(child) == {"copy.pdf"}
    assert previews(out, "copy.pdf") == previews(out, first)       # drawn in the child: the same bytes


def test_a_pdf_changed_since_or_written_by_another_process_goes_through_the_child(tmp_path, child, monkeypatch):
    out = tmp_path / "out"
    assert main(["build", str(CLEAN), "-q", "--only", "pdf,gallery", "--out", str(out)]) == 0
    assert child == []
    own = sorted(path.name for path in out.glob("*.pdf"))
    shown = {name: previews(out, name) for name in own}
    changed = out / own[0]
    changed.write_bytes(changed.read_bytes() + b"\n% changed by someone else\n")
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert set(child) == {own[0]}
    child.clear()
    changed.write_bytes(changed.read_bytes().removesuffix(b"\n% changed by someone else\n"))
    monkeypatch.setattr(writing, "_made", {})            # as a new process finds them: their record names each
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert sorted(set(child)) == own
    assert {name: previews(out, name) for name in own} == shown


@pytest.fixture
def new_process(monkeypatch):
    """Forget what this process made, drew and showed, as a new process would."""
    from printgen.gallery import previews

    def forget() -> None:
        monkeypatch.setattr(writing, "_made", {})
        monkeypatch.setattr(previews, "_known", {})
        monkeypatch.setattr(previews, "_rendered", {})
    return forget


def test_a_rebuild_with_nothing_changed_starts_no_child_until_a_pdf_is_edited_by_hand(tmp_path, child, new_process):
    """A gallery keeps the page counts and sizes it read from the PDFs its process made,
    with their digests and the pages it previewed from them: a new process's rebuild
    with nothing changed takes them while each file holds those bytes, so it starts no
    child, even after a rebuild that changed one card (the PDF written again, the
    previews of its unchanged pages kept with their older dates); a PDF edited by hand
    since goes through the child again."""
    import shutil
    for name in ("clean.yaml", "face.yaml", "back.yaml"):
        shutil.copy(CLEAN.parent / name, tmp_path / name)
    deck = tmp_path / "clean.yaml"
    out = tmp_path / "out"
    build = ["build", str(deck), "-q", "--only", "pdf,box,gallery", "--out", str(out)]
    assert main(build) == 0
    own = sorted(path.name for path in out.glob("*.pdf"))
    assert len(own) == 2 and child == []
    new_process()
    assert main(build) == 0
    assert child == []                                  # nothing read or drawn in the child
    deck.write_text(deck.read_text(encoding="utf-8").replace("#ff7f0e", "#2ca02c"), encoding="utf-8")
    new_process()
    assert main(build) == 0
    assert child == []                                  # the card sheets drawn here, the box's pages known
    page = (out / "index.html").read_bytes()
    shown = {name: previews(out, name) for name in own}
    new_process()
    assert main(build) == 0
    assert child == []
    assert (out / "index.html").read_bytes() == page
    assert {name: previews(out, name) for name in own} == shown
    edited = out / own[0]
    edited.write_bytes(edited.read_bytes() + b"\n% edited by hand\n")
    new_process()
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert child == [own[0], own[0]]                    # its pages counted, then drawn, in the child
    assert (out / "index.html").read_bytes() == page and previews(out, own[0]) == shown[own[0]]


def test_a_page_sizes_record_that_is_not_well_formed_is_not_taken(tmp_path, child, new_process):
    """The record of page sizes may be anyone's: one that does not hold what a reading
    gives (here a page of no size, under the file's very digest) is not taken, and the
    PDF goes through the child."""
    import hashlib
    import json
    out = tmp_path / "out"
    build = ["build", str(CLEAN), "-q", "--only", "pdf,gallery", "--out", str(out)]
    assert main(build) == 0
    record = out / "_gallery" / "pdf-pages.json"
    (name,) = [path.name for path in out.glob("*.pdf")]
    data = (out / name).read_bytes()
    kept = json.loads(record.read_text(encoding="utf-8"))
    assert kept == {name: [len(data), hashlib.sha256(data).hexdigest(), 2, kept[name][3], 2]}
    assert all(side > 100 for size in kept[name][3] for side in size)
    kept[name][3][0] = [0, 0]
    record.write_text(json.dumps(kept), encoding="utf-8")
    new_process()
    assert main(build) == 0
    assert child == [name]                              # its page sizes read in the child
    assert json.loads(record.read_text(encoding="utf-8")) == kept    # not printgen's now: left as it is


def test_a_page_whose_preview_was_removed_is_drawn_once_in_the_child(tmp_path, monkeypatch):
    """A page drawn before by this process (to the same pixels) whose preview was removed
    since is drawn and packed in one visit to the child, not drawn to find its pixels the
    same and drawn again to be packed."""
    from printgen.gallery import previews as made_previews
    drawn: list[tuple[str, int]] = []

    def run(function, path, *args, real=pdfpages._run):
        if function.__name__ == "_draw":
            drawn.append((Path(path).name, len(args[0])))
        return real(function, path, *args)

    monkeypatch.setattr(pdfpages, "_run", run)
    out = tmp_path / "out"
    assert main(["build", str(CLEAN), "-q", "--only", "pdf,gallery", "--out", str(out)]) == 0
    (name,) = [path.name for path in out.glob("*.pdf")]
    first = out / "_gallery" / f"{name}.jpg"
    before = first.read_bytes()
    first.unlink()
    monkeypatch.setattr(writing, "_made", {})            # the PDF as another process's: drawn in the child
    monkeypatch.setattr(made_previews, "_known", {})
    assert main(["gallery", "-q", "--out", str(out)]) == 0
    assert drawn == [(name, 1)]
    assert first.read_bytes() == before


def test_build_all_with_workers_draws_the_pdfs_they_wrote_without_the_child(tmp_path, child, monkeypatch):
    """build --all on worker processes: each deck's job hands back the digests of the
    PDFs it wrote, so the gallery draws them in its own process, from those bytes, as it
    does the PDFs it wrote itself."""
    from printgen import workers
    from printgen.cli import build
    monkeypatch.setattr(workers, "cores", lambda: 2)
    monkeypatch.setattr(build, "catalogue", lambda shelf, every=build.catalogue: {
        name: entry for name, entry in every(shelf).items() if name in ("alpha", "zulu")})
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "plain.yaml").write_text("elements:\n  - {kind: rect, box: bleed, fill: '#223344'}\n")
    for name in ("alpha", "zulu"):
        (tmp_path / "decks" / f"{name}.yaml").write_text(
            f"name: {name}\nsize: poker\nface: plain\nback: plain\ncards:\n  - each: {{n: [1, 2, 3]}}\n")
    out = tmp_path / "o"
    assert main(["build", "--all", "--jobs", "2", "-q", "--only", "pdf,gallery", "--out", str(out)]) == 0
    made = sorted(path.name for path in out.glob("*/*.pdf"))
    assert len(made) == 2 and child == []
    assert all(list((out / "_gallery" / name.split("-")[0]).glob(f"{name}*.jpg")) for name in made)
    page = (out / "index.html").read_text(encoding="utf-8")
    assert all(f"{name} (" in page and "too costly" not in page for name in made)
