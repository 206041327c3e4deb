"""Fuzz the output folder before a rebuild: a first build's files mixed at random with
the user's files (new names, and files put in place of printgen's), symbolic links
(to files and as the png folder), tampered build records, hostile pending records and
names that look temporary. After the rebuild every file of the user's has its bytes,
nothing outside --out changed, no temporary file of printgen's is left, and either the
rebuild refused in one line (a link, or a file it may not replace, where it writes) or
every file it writes has the bytes of a clean build into an empty folder and every
stale file it removed was its own, unchanged.

The rebuild runs in this process (printgen.cli.main) to keep 25 examples quick; no
example makes a pipe (tests/test_output_owner.py runs those in real processes)."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.cli import main

WHITE = "elements:\n  - {kind: rect, box: bleed, fill: '#ffffff'}\n"
BLUE = "elements:\n  - {kind: rect, box: bleed, fill: '#3366aa'}\n"
FIRST = ("name: t\nsize: poker\nface: white.yaml\nback: white.yaml\ncards:\n"
         "  - fields: {a: x}\n  - fields: {a: y}\n  - fields: {a: z}\n")
SECOND = "name: u\nsize: poker\nface: blue.yaml\nback: blue.yaml\ncards:\n  - fields: {a: x}\n  - fields: {a: y}\n"
MANIFEST, PENDING = ".printgen-files.json", ".printgen-pending.json"
A_FILES = {"": ["t-a4.pdf"], "png": ["1-card-1.png", "2-card-2.png", "3-card-3.png", "back.png"]}
B_FILES = {"": ["u-a4.pdf"], "png": ["1-card-1.png", "2-card-2.png", "back.png"]}
NEW = ["notes.txt", ".hidden", "index.html", ".t-a4.pdf.4194303-0.tmp", ".x.99999999999999999999-0.tmp",
       f".printgen-{'ab' * 16}-{'cd' * 8}.tmp"]
PLACES = sorted({(folder, name) for folder in ("", "png") for name in NEW + A_FILES[folder] + B_FILES[folder]})
TAMPERS = ["garbage", "nested", "old", "wrong", "missing"]
Place = tuple[str, str]


@dataclass(repr=False)
class Builds:
    """The deck file (now the second deck), the first deck's build (to copy) and its
    files' bytes, the second deck's clean build's bytes."""

    root: Path
    deck: Path
    first: Path
    original: dict[Place, bytes]
    fresh: dict[Place, bytes]


def build(deck: Path, out: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["build", str(deck), "--only", "pdf,png", "--jobs", "1", "-q", "--out", str(out)])
    return status, err.getvalue()


def read(out: Path, files: dict[str, list[str]]) -> dict[Place, bytes]:
    return {(folder, name): (out / folder / name).read_bytes() for folder, names in files.items() for name in names}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> Builds:
    root = tmp_path_factory.mktemp("fuzz")
    (root / "white.yaml").write_text(WHITE, encoding="utf-8")
    (root / "blue.yaml").write_text(BLUE, encoding="utf-8")
    deck = root / "deck.yaml"
    deck.write_text(FIRST, encoding="utf-8")
    assert build(deck, root / "first") == (0, "")
    deck.write_text(SECOND, encoding="utf-8")            # the same deck file (the same job), changed
    assert build(deck, root / "fresh") == (0, "")
    original, fresh = read(root / "first", A_FILES), read(root / "fresh", B_FILES)
    assert all(fresh[place] != original.get(place) for place in fresh)
    return Builds(root, deck, root / "first", original, fresh)


def tampered(builds: Builds, folder: str, kind: str, noise: bytes) -> bytes:
    """A record for folder, made from the first build's."""
    record = json.loads((builds.first / folder / MANIFEST).read_text(encoding="utf-8"))
    job = next(iter(record["jobs"]))
    if kind == "garbage":
        return noise
    if kind == "nested":
        return b"[" * 100_000 + b"]" * 100_000
    if kind == "old":                       # the format before digests: names only
        return json.dumps({"printgen": 1, "jobs": {job: A_FILES[folder]}}).encode()
    if kind == "wrong":                     # the user's names listed, with digests of nothing they hold
        for name in NEW:
            record["files"][name] = [len(noise), "0" * 64]
            record["jobs"][job].append(name)
        return json.dumps(record).encode()
    return json.dumps({"printgen": 2, "files": {}, "jobs": {}}).encode()     # "missing"


user = st.tuples(st.just("user"), st.sampled_from(PLACES), st.binary(min_size=1, max_size=40))
op = st.one_of(                             # (what, (folder, name or kind), bytes); the user's files most
    user, user, user,
    st.tuples(st.just("link"), st.sampled_from(PLACES), st.just(b"")),
    st.tuples(st.just("tamper"), st.sampled_from([(f, k) for f in ("", "png") for k in TAMPERS]),
              st.binary(max_size=40)),
    st.tuples(st.just("pending"), st.sampled_from([("", PENDING), ("png", PENDING)]), st.binary(max_size=40)),
    st.tuples(st.sampled_from(["link png"] + ["user"] * 7), st.just(("", "notes.txt")), st.just(b"mine")),
)
examples = itertools.count()


def tree(folder: Path) -> dict[str, object]:
    found: dict[str, object] = {}
    for here, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(here) / name
            found[path.relative_to(folder).as_posix()] = (
                ("link", os.readlink(path)) if path.is_symlink() else path.read_bytes() if path.is_file() else "dir")
    return found


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ops=st.lists(op, max_size=6))
def test_a_rebuild_over_a_mixed_folder_keeps_the_users_files_and_writes_fresh_ones(builds, ops):
    n = next(examples)
    out, outside = builds.root / f"out-{n}", builds.root / f"outside-{n}"
    shutil.copytree(builds.first, out, symlinks=True)
    (outside / "users-png").mkdir(parents=True)
    (outside / "secret.txt").write_bytes(b"the user's secret")
    (outside / "users-png" / "mine.txt").write_bytes(b"the user's own folder")
    users: dict[Place, bytes] = {}          # the user's files, by place
    links: set[Place] = set()
    state = {"": "ok", "png": "ok"}         # each folder's build record
    for kind, (folder, name), data in ops:
        path = out / folder / name
        if kind in ("user", "link", "pending"):
            if path.is_symlink() or path.exists():
                path.unlink()
            users.pop((folder, name), None)
            links.discard((folder, name))
        if kind in ("user", "pending"):
            path.write_bytes(data)
            users[(folder, name)] = data
        elif kind == "link":
            path.symlink_to(outside / "secret.txt")
            links.add((folder, name))
        elif kind == "tamper":
            (out / folder / MANIFEST).write_bytes(tampered(builds, folder, name, data))
            state[folder] = name
    png_linked = any(kind == "link png" for kind, _, _ in ops)
    if png_linked:                          # the png folder: a link to a folder of the user's
        shutil.rmtree(out / "png")
        (out / "png").symlink_to(outside / "users-png", target_is_directory=True)
        users = {place: data for place, data in users.items() if place[0] != "png"}
        links = {place for place in links if place[0] != "png"}

    def claimed(place: Place, data: bytes) -> bool:
        """Whether the rebuild may replace data at place (what its record grants)."""
        if state[place[0]] in ("ok", "wrong"):
            return data == builds.original.get(place)
        return state[place[0]] == "old" and place[1] in A_FILES[place[0]]

    writes = [place for place in builds.fresh if not (png_linked and place[0] == "png")]
    refused = png_linked or any(
        place in links or ((out / place[0] / place[1]).is_file()
                           and not claimed(place, (out / place[0] / place[1]).read_bytes()))
        for place in writes)
    before_out, before_outside = tree(out), tree(outside)

    status, err = build(builds.deck, out)

    assert "Traceback" not in err and len(err.strip().splitlines()) <= 1, err
    assert tree(outside) == before_outside
    if refused:
        assert status == 2 and err.startswith("printgen: error: "), (ops, err)
        assert tree(out) == before_out
        return
    assert status == 0, (ops, err)
    assert not err or err.startswith("printgen: note: ")
    replaced = {place for place in users if place in builds.fresh and claimed(place, users[place])}
    for place, data in users.items():
        if place not in replaced:
            assert (out / place[0] / place[1]).read_bytes() == data, place
    for place in links:
        assert os.readlink(out / place[0] / place[1]) == str(outside / "secret.txt")
    assert read(out, B_FILES) == builds.fresh
    for place in builds.original:           # the first build's stale files
        if place in builds.fresh or place in users or place in links:
            continue
        path = out / place[0] / place[1]
        if state[place[0]] in ("ok", "wrong"):
            assert not path.exists(), place
        else:                               # a record not to be trusted: nothing removed
            assert path.read_bytes() == builds.original[place], place
    for here, _, files in os.walk(out):     # no temporary file or pending record of printgen's left
        rel = Path(here).relative_to(out).as_posix()
        for name in files:
            place = ("" if rel == "." else rel, name)
            if (name.startswith(".printgen-") and name.endswith(".tmp")) or name == PENDING:
                assert place in users or place in links, place
