"""A deck is known by its file: when its `name:` changes, the folders of printgen's
default output folder that builds of that file wrote under the old name are its stale
files (cli/renamed.py). Only the files printgen recorded there, unchanged, go; a
user's file stays, and so does every folder another deck, or --out, made."""

from __future__ import annotations

from pathlib import Path

from test_watch_warm import BACK, DECK, FACE


def project(folder: Path) -> Path:
    for name, text in (("decks/mini.yaml", DECK), ("decks/other.yaml", DECK.replace("name: mini", "name: other")),
                       ("templates/face.yaml", FACE), ("templates/back.yaml", BACK)):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_renamed_decks_old_folder_goes_with_a_note_and_only_printgens_files(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(project(tmp_path))
    for deck in ("decks/mini.yaml", "decks/other.yaml"):
        assert cli("build", deck, "--only", "pdf,png,gallery").status == 0
    assert cli("build", "decks/mini.yaml", "--only", "pdf", "--out", "output/copy").status == 0
    out = tmp_path / "output"
    (out / "mini" / "mine.txt").write_text("my notes", encoding="utf-8")
    assert (out / "mini" / "mini-a4.pdf").is_file() and (out / "mini" / "png").is_dir()
    deck = tmp_path / "decks" / "mini.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: mini", "name: midi"), encoding="utf-8")
    built = cli("build", "decks/mini.yaml", "--only", "pdf,png,gallery")
    assert built.status == 0
    assert (out / "midi" / "midi-a4.pdf").is_file()
    assert sorted(path.name for path in (out / "mini").iterdir()) == ["mine.txt"]     # the user's file stays
    assert "that builds of decks/mini.yaml wrote under an earlier name" in built.err
    assert "left output/mini/" in built.err
    assert (out / "other" / "other-a4.pdf").is_file() and (out / "copy" / "mini-a4.pdf").is_file()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "midi/midi-a4.pdf" in page and "mini/mini-a4.pdf" not in page and "mini/png/" not in page


def test_a_deck_in_several_languages_keeps_its_folders_until_it_is_renamed(cli, tmp_path, monkeypatch):
    """A build in one language leaves the deck's other languages' folders; renamed, a
    build in one language removes every folder of the old name."""
    monkeypatch.chdir(project(tmp_path))
    deck = tmp_path / "decks" / "mini.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("title: Mini deck", "languages: [en, de]\ntitle: Mini deck"),
                    encoding="utf-8")
    out = tmp_path / "output"
    assert cli("build", "decks/mini.yaml", "--lang", "all", "--only", "pdf,png").status == 0
    assert cli("build", "decks/mini.yaml", "--lang", "de", "--only", "pdf,png").status == 0
    assert (out / "mini" / "mini-a4.pdf").is_file() and (out / "mini-de" / "mini-de-a4.pdf").is_file()
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: mini", "name: midi"), encoding="utf-8")
    assert cli("build", "decks/mini.yaml", "--lang", "de", "--only", "pdf,png").status == 0
    assert sorted(path.name for path in out.iterdir() if path.is_dir()) == ["midi-de"]


def test_a_renamed_decks_old_folder_that_is_a_link_is_never_followed(tmp_path, monkeypatch):
    """The old name's folder replaced by a link to a copy of it elsewhere (records and
    all, so they name only this deck's builds): a real printgen process, building the
    renamed deck, removes nothing through the link and nothing where it leads."""
    import os
    import shutil
    import subprocess
    import sys
    monkeypatch.chdir(project(tmp_path / "p"))
    run = [sys.executable, "-m", "printgen", "build", "decks/mini.yaml", "--only", "pdf,png"]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    assert subprocess.run(run, capture_output=True, env=env, timeout=300).returncode == 0
    out, elsewhere = tmp_path / "p" / "output", tmp_path / "elsewhere"
    shutil.copytree(out / "mini", elsewhere)
    shutil.rmtree(out / "mini")
    (out / "mini").symlink_to(elsewhere, target_is_directory=True)
    before = sorted(str(path.relative_to(elsewhere)) for path in elsewhere.rglob("*"))
    deck = tmp_path / "p" / "decks" / "mini.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: mini", "name: midi"), encoding="utf-8")
    built = subprocess.run(run, capture_output=True, text=True, env=env, timeout=300)
    assert built.returncode == 0 and "Traceback" not in built.stderr, built.stderr
    assert (out / "midi" / "midi-a4.pdf").is_file()
    assert (out / "mini").is_symlink()
    assert sorted(str(path.relative_to(elsewhere)) for path in elsewhere.rglob("*")) == before


def test_a_build_into_the_default_folder_prunes_its_files_once_before_its_gallery(cli, tmp_path, monkeypatch):
    """The rename cleanup puts the build's files in place and removes its stale ones;
    the gallery that follows lists the folder without pruning it again."""
    from printgen import output
    monkeypatch.chdir(project(tmp_path))
    pruned: list[str] = []
    monkeypatch.setattr(output.Run, "prune", lambda run, real=output.Run.prune: pruned.append(run.job) or real(run))
    assert cli("build", "decks/mini.yaml", "--only", "pdf,gallery").status == 0
    assert "gallery" in pruned and len(pruned[:pruned.index("gallery")]) == 1, pruned
    assert (tmp_path / "output" / "mini" / "mini-a4.pdf").is_file() and (tmp_path / "output" / "index.html").is_file()


def test_a_quiet_build_removes_a_renamed_decks_folder_without_a_note(cli, tmp_path, monkeypatch):
    """--quiet: the old name's files go unsaid, as the other notes of a build are; a
    folder left for a user's file is still said."""
    monkeypatch.chdir(project(tmp_path))
    deck, out = tmp_path / "decks" / "mini.yaml", tmp_path / "output"
    assert cli("build", "decks/mini.yaml", "--only", "pdf", "-q").status == 0
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: mini", "name: midi"), encoding="utf-8")
    built = cli("build", "decks/mini.yaml", "--only", "pdf", "-q")
    assert built.status == 0 and built.err == "" and built.out == ""
    assert (out / "midi" / "midi-a4.pdf").is_file() and not (out / "mini").exists()
    (out / "midi" / "mine.txt").write_text("my notes", encoding="utf-8")
    deck.write_text(deck.read_text(encoding="utf-8").replace("name: midi", "name: maxi"), encoding="utf-8")
    built = cli("build", "decks/mini.yaml", "--only", "pdf", "-q")
    assert built.status == 0 and "earlier name" not in built.err
    assert built.err.strip() == "printgen: note: decks/mini.yaml: left output/midi/: they hold files printgen did not " \
                                "write, or that changed since"
    assert sorted(path.name for path in (out / "midi").iterdir()) == ["mine.txt"]
