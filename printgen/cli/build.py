"""printgen build: a deck's home-print PDF, per-card PNGs and SVGs."""

from __future__ import annotations

import argparse
import contextlib
import io
import shlex
import sys
from dataclasses import replace
from pathlib import Path

from printgen.cli.options import (
    Given,
    add_back_offset,
    add_duplex,
    add_jobs,
    add_lang,
    add_out,
    add_paper,
    back_offset,
    given,
)
from printgen.cli.outputs import OUTPUTS, formats
from printgen.cli.recorded import in_each_language, run_recorded
from printgen.cli.verbs import SUMMARIES
from printgen.errors import FitError, InputError, PrintgenError, error_line, note_line, say_note
from printgen.model import Deck, Duplex
from printgen.model.box import TuckBox
from printgen.model.turns import sheets_name
from printgen.output import (
    DEFAULT,
    check_file,
    check_folder,
    made_by_worker,
    made_pdfs,
    out_folder,
    own_folder,
    prune_current,
)
from printgen.products.deck import BuildResult, DeckBuild, build_deck, lacks, may_lack
from printgen.reading import display_path
from printgen.spec import load_deck
from printgen.spec.places import DECKS, catalogue
from printgen.spec.printdata import paper
from printgen.units import mm, mm_text
from printgen.workers import pool, worker_count

DESCRIPTION = """\
Build a deck: a home-print PDF (cards at trim size in a grid with crop marks, each
page of faces followed by its page of backs for duplex printing), a 300 dpi PNG
per card face and per distinct back (with the deck's bleed, its `bleed:`, 1/8 in
unless it says otherwise), an SVG of each, the deck's tuck box (saying the card
thickness it is sized for), its dice, boards and tokens, the rule leaflets of its
games (folded to fit the box), and the proof gallery (output/index.html).
DECK is a deck name from decks/ (see 'printgen list') or a path to a deck file."""


def add_parser(sub: argparse._SubParsersAction, parents: list) -> argparse.ArgumentParser:
    parser = sub.add_parser("build", parents=parents, help=SUMMARIES["build"],
                            description=DESCRIPTION,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("deck", metavar="DECK", nargs="?", help="deck name or path to a deck file")
    parser.add_argument("--all", action="store_true",
                        help="build every deck listed by 'printgen list', each with its dice and parts, "
                             "into output/NAME (or DIR/NAME with --out)")
    add_jobs(parser, "decks built (with --all) or PNGs written (one deck)")
    add_paper(parser)
    add_duplex(parser, fold=True)
    add_back_offset(parser, "the backs")
    parser.add_argument("--only", metavar="OUTPUTS", default=",".join(OUTPUTS), action=Given,
                        help="comma-separated outputs to write: pdf (the card sheets), png, svg, box (the tuck "
                             "box), parts (dice, boards, tokens), rules (the leaflets of the deck's `rules:`), "
                             "gallery (output/index.html) (default: all of them)")
    parser.add_argument("--for", dest="target", metavar="PROFILE", default=None,
                        help="export for a print shop or virtual tabletop instead: tgc, mpc, "
                             "drivethrucards or tts, as printgen/data/vendors.yaml defines them "
                             "(see 'printgen docs print-shops'); it writes the shop's own files, so "
                             "--only, --paper, --duplex and --back-offset, which are for the home-print "
                             "build, are refused with it")
    parser.add_argument("--url-base", metavar="URL", default=None,
                        help="with --for tts: the web address the sheet images will be uploaded to "
                             "(e.g. https://example.org/decks); the saved object names the images "
                             "there instead of by their paths on this computer")
    add_lang(parser, "build the deck")
    parser.add_argument("--strict", action="store_true",
                        help="stop with an error (exit 2), writing nothing, when preflight finds a problem "
                             "or the tuck box or a rules text cannot be made (else a note)")
    parser.add_argument("--watch", action="store_true",
                        help="build, then build again whenever the deck, its templates, card tables, images "
                             "or rules change, saying what changed and how long it took; the gallery "
                             "open in a browser reloads itself (Ctrl-C stops)")
    add_out(parser, "output/DECK")
    return parser


def run_all(args: argparse.Namespace) -> int:
    """Every deck, in a pool of processes; then one gallery of them all. A deck that
    lacks what --only asks for (parts, rules) is passed over, not an error (among). A
    deck that does not load stops it before any is built; one that fails while it is
    built (a picture its cards name is missing, say) is said in its place, the others
    built, and the status is the failure's."""
    if args.deck:
        raise InputError("build: give either a DECK or --all, not both")
    names = _making_something(_every_deck_loads(list(catalogue(DECKS)), one_folder=args.out is None),
                              formats(args.only))
    workers = worker_count(args.jobs, len(names))
    jobs = [argparse.Namespace(**{**vars(args), "all": False, "deck": name, "gallery": False, "among": True,
                                  "jobs": 1 if workers > 1 else args.jobs,
                                  "out": None if args.out is None else args.out / name})
            for name in names]
    if "gallery" in formats(args.only):
        from printgen.gallery import gallery_preflight
        gallery_preflight(out_folder(args.out))
    statuses = []
    if workers <= 1:
        for job in jobs:
            try:
                statuses.append(run_recorded(job, run))
            except PrintgenError as error:      # said, and the other decks built
                print(error_line(error), file=sys.stderr)
                statuses.append(error.exit_status)
    else:
        with pool(workers) as decks:
            for status, said, failed, made in decks.map(run_saying, jobs):
                print(said, end="")
                if failed:
                    print(failed, file=sys.stderr)
                statuses.append(status)
                made_by_worker(made)            # its PDFs previewed here, from the bytes it wrote
    from printgen.cli.gallery import refresh_gallery
    if "gallery" in formats(args.only):
        refresh_gallery(args, args.out)
    return max(statuses, default=0)


def _every_deck_loads(names: list[str], *, one_folder: bool) -> dict[str, Deck]:
    """The decks of --all by name, each read once: a deck that does not load, or two
    decks with one name where each deck's folder is named by it (one_folder: no --out,
    so their files would overwrite each other's), is an error before any deck is built
    (every such problem, then exit 2, nothing written)."""
    problems = []
    decks: dict[str, Deck] = {}
    for name in names:
        try:
            decks[name] = load_deck(name)
        except PrintgenError as error:
            problems.append(str(error))
    named: dict[str, list[str]] = {}            # each deck's own name: its output folder
    for name, deck in decks.items():
        named.setdefault(deck.name, []).append(name)
    for own, files in named.items():
        if one_folder and len(files) > 1:
            problems.append(f"decks {', '.join(files)} all say `name: {own}`, so their files would overwrite "
                            f"each other's in one folder; expected a name of its own for each deck")
    if problems:
        raise InputError("\n".join(problems))
    return decks


def _making_something(decks: dict[str, Deck], chosen: frozenset[str]) -> list[str]:
    """The decks of --all (as read by _every_deck_loads) that make something of what
    --only asks for: one without rules texts (or dice, boards and tokens) is passed over
    when only those are asked for, with a line saying so, and no folder is made for it."""
    if not may_lack(chosen):
        return list(decks)
    kept = []
    for name, deck in decks.items():
        why = lacks(deck, chosen)
        if why:
            print(note_line(f"passed over: {why}"), file=sys.stderr)
        else:
            kept.append(name)
    return kept


def preflight_out(args: argparse.Namespace, out: Path, pdf: str | None) -> None:
    """Refuse, before anything is written, what the build could not write: a symbolic
    link or a file on the way to its folders (out, out/png, out/svg, out/PROFILE,
    _gallery), a file printgen did not write where its card sheets (pdf: their file
    name) or its gallery page go (--out . over the user's own index.html)."""
    chosen = formats(args.only)
    check_folder(out)
    if args.target:
        from printgen.spec.vendors import profile
        check_folder(out / profile(args.target).name)
    for kind in ("png", "svg"):
        if kind in chosen and not args.target:
            check_folder(out / kind)
    if pdf is not None and "pdf" in chosen and not args.target:
        check_file(out / pdf)
    if getattr(args, "gallery", True) and (args.target or "gallery" in chosen):
        from printgen.cli.gallery import gallery_folder
        from printgen.gallery import gallery_preflight
        gallery_preflight(gallery_folder(args, out))


# the home-print build's options, which an export (--for) has no use for: why not
HOME_PRINT = {
    "--only": "an export writes every file the shop takes",
    "--paper": "an export's cards are images or pages of the shop's own size, not sheets on paper",
    "--duplex": "an export writes each back as an image or page of its own, not on a sheet's back",
    "--back-offset": "the shop places the backs itself",
}


def check_export_options(args: argparse.Namespace) -> None:
    """What --for does to the other options, checked before anything is read or written:
    an unknown profile is an error; the home-print options (HOME_PRINT), where typed, are
    refused with it, as --url-base is without --for tts (one line each, exit 2)."""
    if args.target:
        from printgen.spec.vendors import profile
        profile(args.target)
        for option in given(args):
            if option in HOME_PRINT:
                value = getattr(args, option.removeprefix("--").replace("-", "_"))
                raise InputError(f"{option}: only the home-print build uses it (without --for), got {value!r} "
                                 f"with --for {args.target}: {HOME_PRINT[option]}")
    check_url_base(args)


def own_product_folders(args: argparse.Namespace, out: Path) -> None:
    """The folders this build writes whole (its PNGs, its SVGs, a print shop's folder)
    are recorded as the deck's, whatever the paper and options: a rebuild of the deck
    replaces every file an earlier one left there (output.own_folder)."""
    from printgen.cli.options import product_key
    product = product_key(args)
    if args.target:
        from printgen.spec.vendors import profile
        own_folder(out / profile(args.target).name, product)
        return
    for kind in ("png", "svg"):
        if kind in formats(args.only):
            own_folder(out / kind, product)


def check_url_base(args: argparse.Namespace) -> None:
    url = args.url_base
    if url is None:
        return
    if args.target != "tts":
        raise InputError(f"--url-base: only Tabletop Simulator exports use it (--for tts), got {url!r} "
                         f"with {'--for ' + args.target if args.target else 'no --for'}")
    problem = url_problem(url)
    if problem:
        raise InputError(f"--url-base: got {url!r}: {problem}; expected a web address such as "
                         f"https://example.org/decks")


def url_problem(url: str) -> str | None:
    """What is wrong with a --url-base (None: nothing): it must be an http or https
    address with a host, and hold no control character, space, quote, backslash or
    angle bracket (it is written into a saved object other programs read)."""
    import unicodedata
    from urllib.parse import urlsplit
    bad = [c for c in url if c.isspace() or c in "\\\"'`<>" or unicodedata.category(c) in ("Cc", "Cf")]
    if bad:
        return f"it holds {bad[0]!r}"
    try:
        parts = urlsplit(url)
        host, _ = parts.hostname, parts.port     # a port that is not a number fails here
    except ValueError:
        return "it is not a readable web address"
    if parts.scheme not in ("http", "https") or not url.lower().startswith(("http://", "https://")):
        return "it does not start with https:// or http://"
    if not host:
        return "it names no host"
    return None


def run_languages(args: argparse.Namespace) -> int:
    """--lang all: the deck in each of its languages (cli/recorded.in_each_language),
    then the gallery."""
    deck, statuses = in_each_language(args, run, gallery=False)
    if getattr(args, "gallery", True):
        _remove_renamed(args, deck)
    if getattr(args, "gallery", True) and "gallery" in formats(args.only):
        from printgen.cli.gallery import refresh_gallery
        refresh_gallery(args, args.out)
    return max(statuses, default=0)


def run_saying(args: argparse.Namespace) -> tuple[int, str, str, dict[Path, str]]:
    """A deck of --all in a worker process (run_recorded), what it printed and its error line
    (if it failed), for the parent to print: only the parent writes to standard output,
    so that it knows when that cannot be written (printgen/cli/stdout.py), and the decks
    are said in order, a deck that fails among them, the others still built. Last, the
    sha256 of each PDF it made (output.made_pdfs), for the parent's gallery to draw them
    in its own process as it does the PDFs it made itself (gallery/pdfpages.py)."""
    said = io.StringIO()
    before = made_pdfs()
    try:
        with contextlib.redirect_stdout(said):
            status, failed = run_recorded(args, run), ""
    except PrintgenError as error:
        status, failed = error.exit_status, error_line(error)
    made = {full: digest for full, digest in made_pdfs().items() if before.get(full) != digest}
    return status, said.getvalue(), failed, made


def refuse_dropped(args: argparse.Namespace, result: BuildResult) -> None:
    """A tuck box or rules text the build could not make is a note, but an error (the
    build then writes nothing) with --strict, or when it leaves the build of one deck
    nothing to write (--only box; with --all such a deck is passed over)."""
    why = "; ".join(result.dropped.values())
    if why and args.strict:
        raise FitError(f"--strict: {why}")
    if why and not result.files and not getattr(args, "among", False):
        # (one deck of --all that can make none of it is passed over, its note said)
        raise FitError(f"--only {args.only}: nothing to write: {why}")


def box_summary(deck: Deck, box: TuckBox, sheets: int, args: argparse.Namespace) -> str:
    """What box it is (a tuck box, or a two-piece box where that does not fit the paper,
    and why), its inside size and the card thickness it was sized for, with the
    commands that size it for cards in sleeves and for cards of another thickness
    (printed on office paper, cards are about 0.1 mm, a third of the house default),
    for the language built. sheets: the sheets the box was laid out on."""
    from printgen.products.box import box_size, made
    size = box_size(deck, box.options, box.facts)
    thickness = box.options.card_thickness
    beside = "" if box.options.insert is None else f" and folded rules of {mm_text(box.options.insert)}"
    example = "0.1mm" if abs(mm(thickness) - 0.1) > 1e-6 else "0.32mm"
    command = ["printgen", "box", args.deck, *(["--paper", args.paper] if "--paper" in given(args) else []),
               *(["--out", str(args.out)] if args.out is not None else []),
               *(["--lang", deck.lang] if deck.lang != deck.languages[0] else [])]
    return (f"{made(deck, box, paper(args.paper), sheets)}, inside {mm(size.inner_w):.1f} x {mm(size.inner_h):.1f} x {mm(size.depth):.1f} mm for "
            f"{len(deck.cards)} cards x {mm_text(thickness)}{beside}; in sleeves: {shlex.join([*command, '--sleeved'])}; "
            f"cards of another thickness: {shlex.join([*command, '--thickness', example])}")


def run(args: argparse.Namespace) -> int:
    check_export_options(args)
    if getattr(args, "watch", False):
        from printgen.cli.watch import watch
        return watch(args, run)
    if args.all:
        return run_all(args)
    if args.deck is None:
        raise InputError("build: expected a DECK name or path, or --all to build every deck")
    if getattr(args, "lang", None) == "all":
        return run_languages(args)
    options = DeckBuild(out=Path(), paper=paper(args.paper), duplex=Duplex(args.duplex),
                        back_offset=back_offset(args.back_offset), formats=formats(args.only),
                        quiet=args.quiet, jobs=args.jobs)
    if options.duplex is Duplex.FOLD and options.back_offset != (0.0, 0.0):
        raise InputError(f"--back-offset: fold-over sheets (--duplex fold) print faces and backs on "
                         f"one side, so no back offset applies, got {args.back_offset!r}")
    deck = load_deck(args.deck, getattr(args, "lang", None))
    nothing = None if getattr(args, "among", False) else lacks(deck, options.formats)
    if nothing and not args.target:     # (an export writes its own files; --only is refused with it)
        raise InputError(f"--only {args.only}: nothing to write: {nothing}")
    out = out_folder(args.out, deck.name)
    sheets = sheets_name(deck.name, options.paper.name, options.duplex)
    preflight_out(args, out, sheets)
    own_product_folders(args, out)
    if args.target:
        from printgen.cli.export import export_run
        return export_run(deck, args, out)
    layout = None
    if args.strict:                     # the checked layout is the one built
        from printgen.layout.deck import layout_deck
        from printgen.preflight import require_clean
        layout = layout_deck(deck)
        require_clean(layout, safe=deck.safe, label="home print")
    result = build_deck(deck, replace(options, out=out), layout=layout)
    refuse_dropped(args, result)
    if not args.quiet:
        from printgen.spec.languages import missing_words
        for line in filter(None, [missing_words(deck.lang), *result.dropped.values(), *result.notes]):
            say_note(line)
        print(f"{deck.name}: {len(deck.cards)} cards, {deck.size}")
        for path in result.files:
            if result.box is not None and path.name == f"{deck.name}-box-{args.paper}.pdf":
                print(f"  {display_path(path)} ({box_summary(deck, result.box, result.box_sheets, args)})")
            elif path.suffix == ".pdf" and path.name != sheets:
                print(f"  {display_path(path)}")  # dice, boards, tokens
            elif path.suffix == ".pdf":
                print(f"  {display_path(path)} ({result.pages} pages, {args.paper}, duplex {args.duplex})")
        for kind in ("png", "svg"):
            count = sum(path.suffix == f".{kind}" for path in result.files)
            if count:
                print(f"  {display_path(out / kind)}/ ({count} {kind.upper()} files)")
    if getattr(args, "gallery", True):         # (not one language of --lang all, nor a deck of --all)
        _remove_renamed(args, deck)
    if getattr(args, "gallery", True) and "gallery" in options.formats:
        from printgen.cli.gallery import refresh_gallery
        refresh_gallery(args, out)
    return 0


def _remove_renamed(args: argparse.Namespace, deck: Deck) -> None:
    """In the default output folder: once this build's files are in place (and its
    stale ones removed), remove the folders builds of the deck's file wrote under an
    earlier name (cli/renamed.py), saying so unless --quiet."""
    if args.out is not None or getattr(args, "among", False):
        return
    from printgen.cli.renamed import remove_renamed
    from printgen.spec.languages import file_name
    prune_current()
    remove_renamed(DEFAULT, str(deck.source),
                   {DEFAULT / file_name(deck.base_name, lang, deck.languages) for lang in deck.languages},
                   tell=not args.quiet)
