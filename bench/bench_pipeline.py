"""Benchmark of the card pipeline on the 62-card Sabacc deck (issues 2 and 16).

In one run it times, as separate processes and best of several runs each:
  - `printgen build sabacc-62 --only pdf` against bench/bare_reportlab.py, which
    draws the same 62 faces and backs with crop marks in plain reportlab, and prints
    the ratio of their best wall times and of their best CPU times (target: at most
    1.8x);
  - the PDF's size (target: under 150 KB);
  - the 62 face PNGs at 300 dpi, drawn in this process alone and with jobs=2, best
    of the runs (target: 0.35 s on two cores; fewer sides than write_pngs'
    PARALLEL_FROM are drawn in this process whatever jobs is, and bench/bench_png.py
    times the worker processes at other sizes);
  - the whole deck build (PDF, PNGs, SVGs, box, dice, leaflets) as a process;
  - the peak memory (max RSS) of the PDF and PNG builds (target: under 150 MB).

With --against DIR (a checkout of printgen, say of the code before a change), the PDF
build is also timed from DIR's printgen, taking turns with the other two, and its
ratio printed beside: a before-and-after in one run.

Usage: python bench/bench_pipeline.py [--runs N] [--pdf-only] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Python as users run it: it keeps compiled bytecode (some sandboxes set this variable,
# which would make every run recompile printgen's modules from source).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def child_rss() -> float:
    """The largest max RSS of any child process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def child_cpu() -> float:
    """The CPU time (user and system) of the child processes waited for so far, in s."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


CPU: list[float] = []       # the best CPU time of each command of the last best_times()


def best_times(commands: list[list[str]], runs: int, envs: list[dict[str, str]] | None = None,
               cwd: Path | None = None) -> list[float]:
    """Best wall time of each command over runs, the commands taking turns so that a
    slow spell of the machine hits them alike (each run writes to a fresh folder:
    "{run}" in a command is replaced by the run's number; envs[i], if given, is the
    environment of commands[i], and cwd the folder they run in). Their best CPU times
    go to CPU: on a busy machine, the fairer figure."""
    best = [float("inf")] * len(commands)
    CPU[:] = [float("inf")] * len(commands)
    for run in range(runs):
        for index, command in enumerate(commands):
            start, cpu = time.perf_counter(), child_cpu()
            subprocess.run([part.replace("{run}", str(run)) for part in command], check=True,
                           stdout=subprocess.DEVNULL, env=envs[index] if envs else ENV, cwd=cwd)
            best[index] = min(best[index], time.perf_counter() - start)
            CPU[index] = min(CPU[index], child_cpu() - cpu)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pdf-only", action="store_true", help="time only the PDF build and the bare script")
    parser.add_argument("--against", type=Path, help="a checkout of printgen whose PDF build is timed too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        bare_command = [sys.executable, str(HERE / "bare_reportlab.py"), str(out / "bare{run}.pdf")]
        ours_command = [sys.executable, "-m", "printgen", "build", "sabacc-62", "--only", "pdf",
                        "--out", str(out / "pg{run}"), "-q"]
        best_times([bare_command], 1)           # its memory alone, and warm caches for both
        bare_rss = child_rss()
        # each printgen found by its import path: the build runs in the temporary folder, since
        # `python -m` puts the folder it runs in first on the path
        commands, envs = [bare_command, ours_command], [ENV, {**ENV, "PYTHONPATH": str(HERE.parent)}]
        if args.against:
            commands.append([part.replace("pg{run}", "against{run}") for part in ours_command])
            envs.append({**ENV, "PYTHONPATH": str(args.against.resolve())})
        bare, ours, *against = best_times(commands, args.runs, envs, cwd=out)
        bare_cpu, ours_cpu, *against_cpu = CPU
        pdf_rss = child_rss()
        pdf = out / "pg0" / "sabacc-62-a4.pdf"
        if args.pdf_only:
            print(f"bare reportlab PDF        {bare:7.3f} s")
            print(f"printgen PDF              {ours:7.3f} s   ratio {ours / bare:.2f}x (target <= 1.8x)")
            print(f"  CPU time, best of each    {ours_cpu:7.3f} s / {bare_cpu:.3f} s   ratio {ours_cpu / bare_cpu:.2f}x")
            if against:
                print(f"printgen PDF, {args.against}: {against[0]:7.3f} s   ratio {against[0] / bare:.2f}x; "
                      f"CPU {against_cpu[0]:.3f} s   ratio {against_cpu[0] / bare_cpu:.2f}x")
            return
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "printgen", "build", "sabacc-62", "--only", "png",
                        "--out", str(out / "png"), "-q"], check=True, env=ENV)
        png_process = time.perf_counter() - start
        png_rss = child_rss()
        png_one = min(png_in_process(out / f"one{run}", 1) for run in range(args.runs))
        png_two = min(png_in_process(out / f"two{run}", 2) for run in range(args.runs))
        full, = best_times([[sys.executable, "-m", "printgen", "build", "sabacc-62", "--out",
                             str(out / "full{run}"), "-q"]], max(1, args.runs // 2))
        print(f"bare reportlab PDF        {bare:7.3f} s   ({(out / 'bare0.pdf').stat().st_size / 1024:.0f} KB)")
        print(f"printgen PDF              {ours:7.3f} s   ratio {ours / bare:.2f}x (target <= 1.8x)")
        print(f"  CPU time, best of each    {ours_cpu:7.3f} s / {bare_cpu:.3f} s   ratio {ours_cpu / bare_cpu:.2f}x")
        print(f"printgen PDF size         {pdf.stat().st_size / 1024:7.1f} KB (target < 150 KB)")
        print(f"62 face PNGs, 1 process   {png_one:7.3f} s")
        print(f"62 face PNGs, jobs=2      {png_two:7.3f} s   (target <= 0.35 s; "
              f"below PARALLEL_FROM: no workers)")
        print(f"PNG build, whole process  {png_process:7.3f} s   (63 files incl. the back)")
        print(f"whole deck build          {full:7.3f} s   (PDF, PNGs, SVGs, box, dice, leaflets)")
        print(f"peak memory (max RSS)     {max(pdf_rss, png_rss):7.1f} MB (target < 150 MB; "
              f"bare script {bare_rss:.0f} MB)")


def png_in_process(folder: Path, jobs: int) -> float:
    """Wall time of writing the 62 face PNGs at 300 dpi with jobs processes (the worker
    processes' start included)."""
    from printgen.layout.deck import layout_deck
    from printgen.render.png import write_pngs
    from printgen.spec import load_deck
    faces = layout_deck(load_deck("sabacc-62")).faces
    folder.mkdir(parents=True)
    start = time.perf_counter()
    write_pngs(len(faces), lambda i: (faces[i], folder / f"{faces[i].name}.png"), dpi=300, jobs=jobs)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
