"""A command's run recorded as its job, and --lang all: one such run in each of a
deck's languages (printgen build and printgen box share them)."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from printgen.errors import PrintgenError, SpecError
from printgen.model import Deck
from printgen.output import DEFAULT, recording, together
from printgen.spec import load_deck

if TYPE_CHECKING:
    from printgen.output import Run as Job  # (Run below is the command's own run)

Run = Callable[[argparse.Namespace], int]


@contextlib.contextmanager
def job_recording(args: argparse.Namespace) -> Iterator[Job]:
    """The job a run of args is recorded as (output.recording): keyed by job_key, in
    args.out or printgen's default output folder, saying what it removed unless
    --quiet, and never replacing another deck's or rules text's files with other bytes
    (cli/rivals.py). A job is one build: it reads its data files afresh (forget_read_texts)
    and counts the pixels of the pictures it reads (printgen/buildpixels.py)."""
    from printgen.buildpixels import counting
    from printgen.cli.options import job_key
    from printgen.cli.rivals import rival
    out = getattr(args, "out", None)
    forget_read_texts()
    with recording(job_key(args), root=DEFAULT if out is None else out, tell=not getattr(args, "quiet", False),
                   rival=rival(args)) as job, counting():
        yield job


def forget_read_texts() -> None:
    """Drop what this process keeps of the data files it read by path (templates,
    dice and parts, a project's fonts.yaml and shapes.yaml), and so of the pictures
    they name: the next build reads them again (a rebuild of --watch sees them as they
    are now; each deck of --all and each language of --lang all counts every picture
    it reads)."""
    from printgen.spec.box import load_die_set
    from printgen.spec.fonts import forget_fonts_files
    from printgen.spec.template import load_template, project_shapes_file
    load_template.cache_clear()
    project_shapes_file.cache_clear()
    load_die_set.cache_clear()
    forget_fonts_files()


def run_recorded(args: argparse.Namespace, run: Run) -> int:
    """run(args), its files recorded as the job args describe (cli/options.job_key), in
    args.out or, without it, printgen's default output folder."""
    with job_recording(args):
        return run(args)


def in_each_language(args: argparse.Namespace, run: Run, **job: object) -> tuple[Deck, list[int]]:
    """--lang all: run() of the deck in each of its languages, each recorded as its own
    job (run_recorded; and, with --out DIR, in its own folder DIR/DECK-LANG, as output/
    would give it); their files put in place only once every language is done (an
    error in one writes none, and says which language: a text in another language is
    read by that language's run), and what they printed said then. job: what else each
    language's options hold. Returns the deck and each language's exit status. The deck
    is read in every language before any is run, and the problems of all of them said
    at once (each line naming its language), so that a translation missing in several
    languages is told in one go."""
    from printgen.spec.languages import file_name
    deck = load_deck(args.deck)
    own = deck.languages[0]
    problems = []
    for lang in deck.languages[1:]:     # (a problem of every language is the own language's, told above)
        try:
            load_deck(args.deck, lang)
        except SpecError as error:
            problems += [f"--lang {lang}: {line}" for line in str(error).splitlines()]
    if problems:
        raise SpecError("\n".join(problems))
    said = io.StringIO()                # what each language wrote, said once all of them are in place
    statuses = []
    with together(), contextlib.redirect_stdout(said):
        for lang in deck.languages:
            one = argparse.Namespace(**{**vars(args), **job, "lang": None if lang == own else lang,
                                        "out": None if args.out is None else args.out / file_name(deck.name, lang,
                                                                                                   deck.languages)})
            try:
                statuses.append(run_recorded(one, run))
            except PrintgenError as error:
                raise type(error)(f"--lang {lang}: {error}") from None
    print(said.getvalue(), end="")
    return deck, statuses
