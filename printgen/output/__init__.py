"""The one owner of the output folder: every write and every delete under --out.

Writing. Every file goes to a temporary file beside it, then is renamed. A failure
part-way leaves no half-written file behind; an unwritable folder is a clear
OutputError naming the path as the user typed it. Inside a job (every command of the
CLI runs as one, see `recording`), the renames wait until the job succeeds: a run
that stops with an error, at any point, leaves the output folder as it found it (its
temporary files removed, the folders it created removed again, every earlier file
untouched). A file whose bytes would not change is not rewritten (its date is kept).

Links. The output folder (--out, or printgen's default output/) is the job's root
(never the root of the file system: cli/options.py's out_folder refuses it);
nothing is written or deleted outside it. Below it every path component is checked
with lstat and no symbolic link is ever followed: a folder below the root that is a
link (out/png -> elsewhere), or a link where printgen would write a file, is refused
with one located error before anything is written there; listings that only read
(the gallery's) skip links. Files are opened with O_NOFOLLOW.

The build record. Every folder printgen writes into keeps a record of the files each
job wrote there (MANIFEST, a small hidden JSON file): per file its size and sha256
digest, per job its file names (format version 2), and for a file drawn from a
content key (render/keys.py) that key:

    {"printgen": 2, "about": "...", "folder": "png",
     "files": {"NAME": [SIZE, "SHA256"], ...},
     "jobs": {"JOB": ["NAME", ...], ...},
     "keys": {"format": 1, "check": "SHA256", "files": {"NAME": "KEY", ...}}}

A rebuild leaves a file as it is when the folder's record gives it the key of what
would be drawn now and the file still has the size and digest recorded (it is the
file printgen wrote): `unchanged`. The keys are trusted only in their own format and
when their check (a digest of every key with its file's name, size and digest) holds:
a record edited by hand, or written in another format, draws everything again. The
record holds nothing of when it was written (no dates, no inodes): the same build
gives the same record. A process reads a file's digest once while the file keeps its
stamp (device, inode, size and dates; `_digests`), so that a watch reading the same
records, previews and card images save after save reads only what changed.

A job is one kind of run (`build sabacc-62` on A4, the gallery of a folder, ...: its
deck by the file it names, however the command line spelt it); when a job finishes,
the files its previous run wrote and this run did not are removed, unless another job
still claims them, and only where the file still has exactly the size and digest
recorded. A folder that holds one product of a deck (its PNGs, its SVGs, a print
shop's files) records them under the deck's product instead (`own_folder`), so that
a rebuild of the deck on other paper or with other options removes what earlier builds
left there too. The command's job says in one note what it removed. A job that fails
while it puts its files in place records those already in place (`commit`), so they
stay printgen's. A job also prunes a subfolder it did not write this time
(out/png, after a build that makes no PNGs any more) when its record names the job
and the folder where it is ("folder": its path from the output folder, "." for the
output folder itself): a copy of out/png the user made (out/png-backup, record and
all) is the user's, and is not pruned. Anything else there is the user's: it is left
alone and a one-line note on standard error says so. A file a job of another deck wrote (another deck file, language or shop: the `rival`
a job is started with, cli/rivals.py) is replaced only with the very same bytes: two
decks built into one folder would otherwise share out/png/back.png, the second
silently taking the first deck's back. A file printgen did not write is
never replaced either: writing over one is an error, decided before anything is
written (`check_file`), in printgen's default folder output/ as in any other.
Exceptions, as before records had digests: a file whose content names printgen as
its maker (a PDF's /Creator, the gallery page, a proof record) and names an
old-format record (version 1, names only) lists may be replaced, unless the folder's
record names the file with other bytes (printgen wrote it and the user changed it
since: a PDF annotated in another program keeps its /Creator); an old-format record
never makes printgen delete. Folders below the output folder are walked without recursion
and without following links, at most MAX_DEPTH deep and MAX_FOLDERS in all (`walk`).

Records are data from a stranger: read only as regular files (lstat, O_NOFOLLOW,
O_NONBLOCK, fstat again), at most MAX_RECORD_BYTES, validated strictly. A record
that cannot be trusted deletes nothing: a small malformed one is replaced by a fresh
record; one that is not a regular file or is too large is left as it is (and no
record is kept in that folder), with a one-line note either way.

Temporary files are named `.printgen-TOKEN-RANDOM.tmp` (secrets.token_hex: no one can
guess them) and created with O_EXCL|O_NOFOLLOW. Before a job makes one in a folder it
notes its TOKEN and process id in the folder's PENDING record, and takes the note out
when it ends; its own temporary files it removes itself. The next job that writes
into the folder removes the temporary files of a noted job whose process is gone, as
does a job that succeeds in every folder it wrote or kept files in (taking the dead
jobs' notes out). A job that fails removes every temporary file of its token from the
folders it made them in, one made as it was interrupted too, before it takes its note
out. Nothing is removed because its name looks temporary: only the files of a
recorded token. (A run killed while it writes a record can leave one small hidden
file.)

The lock. While a job runs it holds the lock of its output folder: an advisory lock
of the system's (flock, or msvcrt's on Windows) on LOCK, an empty file there made for
it and removed by its holder when it lets go. A second printgen writing into the same
folder, or into a folder around it or inside it (whose pruning, sweeping and gallery
reach into the first one's files: `--out output/x` while a build writes into output/,
or the other way round), waits for it up to LOCK_WAIT seconds, saying so, then stops
with one line (`_lock`). A lock file around or inside the folder counts only where it
is the user's own: another user's printgen cannot write into this user's folders. The lock ends with the process however it ends, so a crashed
build blocks nothing (its file is left, and the next holder removes it). Jobs inside a job and the worker
processes of a pool work under their job's lock; a folder that does not exist yet is
locked when the job makes it.


The modules, each one idea of the above, in the order work flows (each imports only
modules before it): running.py (the jobs running in this process and what each
writes), folders.py (links: the folders below the output folder, `walk`), digests.py
(reading a stranger's file safely; digests and stamps), record.py (the build record),
claims.py (whose a file is: `check_file`), notes.py (a job's notes), temps.py
(temporary files and PENDING), lock.py (the lock), writing.py (writing a file:
`atomic_path`), keeping.py (a file kept instead of written again: `unchanged`, `keep`),
saving.py (a folder's record saved after a job), pruning.py (removing what a record
names: a job's stale files, a renamed deck's folders) and jobs.py (a job: `recording`,
`together`, its files put in place, or removed when it fails). Other modules import
their names from here; a test that patches a name patches it in the module that reads
it.
"""

from __future__ import annotations

from printgen.output.claims import check_file, may_write, ours
from printgen.output.digests import Stamp, known_stamp, open_regular, read_small, settled, stamp
from printgen.output.folders import DEFAULT, check_folder, out_folder, walk
from printgen.output.jobs import Run, own_folder, prune_current, prune_tree, recording, together
from printgen.output.keeping import keep, keep_same, keyed, read_recorded, unchanged
from printgen.output.notes import note
from printgen.output.pruning import remove_made_folder
from printgen.output.record import record_folder, recorded_key, recorded_keys
from printgen.output.running import Rival
from printgen.output.writing import (
    atomic_path,
    ensure_dir,
    file_digest,
    made_by_worker,
    made_pdfs,
    read_made,
    scratch,
    staged,
    write_bytes,
)

__all__ = [
    "DEFAULT", "Rival", "Run", "Stamp", "atomic_path", "check_file", "check_folder", "ensure_dir", "file_digest",
    "keep", "keep_same", "keyed", "known_stamp", "made_by_worker", "made_pdfs", "may_write", "note",
    "open_regular", "ours", "out_folder", "own_folder", "prune_current", "prune_tree", "read_made",
    "read_recorded", "read_small", "record_folder", "recorded_key", "recorded_keys", "recording",
    "remove_made_folder", "scratch", "settled", "staged", "stamp", "together", "unchanged", "walk", "write_bytes",
]
