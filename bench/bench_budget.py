"""Speed kept: the hot paths, cold and warm, against their budgets and against an older commit (issue 32).

    python bench/bench_budget.py                        # the three corpora and the big repo, against c59780c
    python bench/bench_budget.py --against main~5       # another commit to compare with
    python bench/bench_budget.py --against c59780c,main # several, a column each
    python bench/bench_budget.py --targets diffusers --repeat 3
    python bench/bench_budget.py --cases status,check

Each case runs the way a user runs it: a whole ``hfi18n`` process (``status``, ``check`` of a language and
of one file, ``review`` of one file, ``translate --dry-run --next 5 --update``), or the library call the web
app makes for its status page (``api.status(repo, None, require=[lang])``, in a process of its own: the first
call cold, a second one in the same process warm), or the review of a 3,000-paragraph doc
(``review_texts``, the learned length model, timed in its process). *Cold*: no cache (``.git/hfi18n``'s
cache files removed first); *warm*: nothing changed since a run just before. Every tree is compiled to
bytecode first, as an installed hfi18n is (:func:`compiled`).

The older commit is checked out into a temporary folder (``git archive``) and run from there with the
same interpreter (``PYTHONPATH``), in the same run, case after case, so both see the same machine load.
Each line prints this tree's wall seconds (median of ``--repeat``), CPU seconds (the process and the git
processes it waited for) and peak memory, the older commit's, the ratio of wall seconds, and the budget
of ``bench/budgets.toml`` (``OVER`` when exceeded). Budgets are CPU seconds: on this shared machine the
wall clock of one process is two to three times its CPU time whenever the other helpers are busy, while
CPU time is what a change moves. Compare the two columns of one run, never numbers of different runs.
Never run as a test.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from _corpora import NAMES, corpus  # noqa: E402

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

CACHE_FILES = ("cache.sqlite", "cache.sqlite-wal", "cache.sqlite-shm", "status-cache.json")
"""What a cold run starts without (this tree's cache, the older commits' bases file)."""

CASES = ("status", "check", "check-one", "review-one", "translate-plan", "web-status", "review-3000")


@dataclass
class Run:
    wall: float
    cpu: float
    mb: float
    ok: bool
    note: str = ""


def _clear(repo: Path) -> None:
    folder = repo / ".git" / "hfi18n"
    for name in CACHE_FILES:
        (folder / name).unlink(missing_ok=True)


LAUNCHER = textwrap.dedent("""
    import os, sys, time
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.execvp(sys.argv[2], sys.argv[2:])
    _pid, status, ru = os.wait4(pid, 0)
    with open(sys.argv[1], "w") as out:
        out.write(f"{time.perf_counter() - start} {ru.ru_utime + ru.ru_stime} {ru.ru_maxrss / 1024} "
                  f"{os.waitstatus_to_exitcode(status)}")
""")
"""Runs a command from a small process: Linux keeps a process's peak memory across ``exec``, so a command
forked from this bench (which holds the corpora's texts) reported the bench's own size."""


def _measure(argv: list[str], env: dict[str, str], cwd: Path) -> Run:
    """Wall seconds, CPU seconds and peak memory of one process, run by :data:`LAUNCHER` (``wait4``: its
    CPU includes the git processes it waited for). A snippet that times its own call prints ``BENCH wall
    cpu mb`` instead."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".usage") as usage:
        subprocess.run([sys.executable, "-c", LAUNCHER, usage.name, *argv], env=env, cwd=cwd, stdout=out,
                       stderr=err, check=False)
        wall, cpu, mb, code = usage.read().split()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    snippet = argv[1] == "-c"
    ok = code == "0" if snippet else code in ("0", "1")  # check and review exit 1 on findings
    note = "" if ok else (stderr.strip().splitlines() or ["failed"])[-1][:120]
    for line in stdout.splitlines():
        if line.startswith("BENCH "):
            _tag, secs, cpu, mb = line.split()
            return Run(float(secs), float(cpu), float(mb), ok, note)
    if snippet:
        return Run(float("nan"), float("nan"), float("nan"), False, note or "no timing printed")
    return Run(float(wall), float(cpu), float(mb), ok, note)


WEB_SNIPPET = textwrap.dedent("""
    import resource, sys, time
    from hfi18n import api
    repo, lang = sys.argv[1], sys.argv[2]
    def call():
        try:
            return api.status(repo, None, require=[lang])
        except TypeError:  # an older API without require=
            return api.status(repo, None)
    for label in ("cold", "warm"):
        t, c = time.perf_counter(), time.process_time()
        call()
        if label == sys.argv[3]:
            print("BENCH", time.perf_counter() - t, time.process_time() - c,
                  resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            break
""")

REVIEW_SNIPPET = textwrap.dedent("""
    import marshal, resource, sys, time
    try:
        from hfi18n.pair.bitext import Lexicon, LengthModel, WordSense
    except ImportError:  # before the pair model moved below repo/
        from hfi18n.review.bitext import Lexicon, LengthModel, WordSense
    from hfi18n.review import Options, review_texts
    en, tr, (c, s2, pairs, lex) = marshal.loads(open(sys.argv[1], "rb").read())
    lexicon = Lexicon({w: WordSense(frozenset(t), h, ch) for w, (t, h, ch) in lex[0].items()}, lex[1]) if lex else None
    model = LengthModel(c, s2, pairs, lexicon)  # built with the classes of the tree being measured
    try:
        options = Options(length=model, max_units=None)
    except TypeError:  # before reviews had a per-doc bound
        options = Options(length=model)
    t, c = time.perf_counter(), time.process_time()
    doc = review_texts(en, tr, file="ko/big.md", english_file="en/big.md", lang="ko", options=options)
    print("BENCH", time.perf_counter() - t, time.process_time() - c,
          resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
""")


def _review_input(tmp: Path) -> Path:
    """The 3,000-paragraph doc of ``bench_pair_scale`` and the length model learned from the corpora, as
    plain values (each tree builds its own model from them), made once."""
    path = Path(tempfile.gettempdir()) / "hfi18n-bench-review-3000.marshal"
    if not path.exists():
        import marshal

        import bench_pair_scale as scale

        from hfi18n.pair.bitext import LengthModel

        en, tr = scale.synth(scale._pairs("ko"), 3000)
        model = LengthModel.learn(scale._lexicon_pairs(), "ko")
        lex = model.lexicon
        plain = (model.c, model.s2, model.pairs, None if lex is None else (
            {w: (sorted(x.tokens), x.hit, x.chance) for w, x in lex.senses.items()}, lex.mean_len))
        part = tmp / "review.marshal"
        part.write_bytes(marshal.dumps((en, tr, plain)))
        part.replace(path)
    return path


def _one_file(repo: Path, lang: str) -> str:
    """The biggest translated doc of ``lang`` that has an English twin (a whole-language size, one file)."""
    base = repo / "docs" / "source"
    files = [p for p in (base / lang).rglob("*.md") if (base / "en" / p.relative_to(base / lang)).exists()]
    return max(files, key=lambda p: p.stat().st_size).relative_to(base / lang).as_posix()


def _argv(case: str, repo: Path, lang: str, mode: str, review_input: Path | None) -> list[str] | None:
    py = [sys.executable]
    cli = [*py, "-m", "hfi18n"]
    if case == "status":
        return [*cli, "status", "--lang", lang, "--format", "json", "--repo", str(repo)]
    if case == "check":
        return [*cli, "check", "--lang", lang, "--format", "json", "--repo", str(repo)]
    if case == "check-one":
        return [*cli, "check", "--lang", lang, _one_file(repo, lang), "--format", "json", "--repo", str(repo)]
    if case == "review-one":
        return [*cli, "review", "--lang", lang, _one_file(repo, lang), "--format", "json", "--repo", str(repo)]
    if case == "translate-plan":
        return [*cli, "translate", "--lang", lang, "--dry-run", "--next", "5", "--update", "--repo", str(repo)]
    if case == "web-status":
        return [*py, "-c", WEB_SNIPPET, str(repo), lang, mode]
    if case == "review-3000" and review_input is not None:
        return [*py, "-c", REVIEW_SNIPPET, str(review_input)]
    return None


def run_case(case: str, repo: Path, lang: str, mode: str, src: Path, repeat: int, review_input: Path | None) -> Run:
    env = {**os.environ, "PYTHONPATH": str(src), "HFI18N_NO_UPDATE_CHECK": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python keeps the bytecode it compiles (see compiled)
    env.pop("GITHUB_TOKEN", None)  # no PR detection: a network call is no part of the budget
    argv = _argv(case, repo, lang, mode, review_input)
    if argv is None:
        return Run(float("nan"), float("nan"), float("nan"), False, "n/a")
    runs = []
    for _ in range(repeat):
        _clear(repo)
        if mode == "warm" and case != "web-status":  # web-status warms itself: a second call in its process
            _measure(argv, env, repo)
        runs.append(_measure(argv, env, repo))
    _clear(repo)
    best = sorted(runs, key=lambda r: r.wall)[len(runs) // 2]
    return best


def old_tree(rev: str, dest: Path) -> Path:
    """The ``src`` folder of commit ``rev``, checked out into ``dest`` and compiled (:func:`compiled`)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return compiled(dest / "src")


def compiled(src: Path) -> Path:
    """``src`` with its modules compiled to bytecode, as ``pip install .`` leaves an installed hfi18n.

    Why: run from a source folder with ``PYTHONDONTWRITEBYTECODE`` set (this machine's shells set it), every
    process compiled hfi18n's ~100 modules again before doing anything: 0.15 cpu s of each case, a third of
    a warm ``check`` of one file, that no user pays."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True, stdout=subprocess.DEVNULL)
    return src


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="c59780c", help="older commit(s) to compare with, comma-separated "
                    "(default c59780c); the ratio is to the first")
    ap.add_argument("--targets", default=",".join([*NAMES, "big"]), help="corpora and/or big")
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--modes", default="cold,warm")
    ap.add_argument("--lang", default="ko")
    ap.add_argument("--repeat", type=int, default=1, help="runs per case and tree (the median is printed)")
    ap.add_argument("--budgets", type=Path, default=HERE / "budgets.toml")
    args = ap.parse_args(argv)
    budgets = tomllib.loads(args.budgets.read_text(encoding="utf-8"))
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    revs = args.against.split(",")
    shorts = [subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], capture_output=True,
                             text=True, check=True).stdout.strip() for rev in revs]
    print(f"this tree ({head}, uncommitted changes included) against {', '.join(shorts)}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M')}")
    over = 0
    with tempfile.TemporaryDirectory(prefix="hfi18n-budget-") as tmp:
        old_srcs = []
        for i, rev in enumerate(revs):
            (Path(tmp) / str(i)).mkdir()
            old_srcs.append(old_tree(rev, Path(tmp) / str(i)))
        compiled(ROOT / "src")
        review_input = _review_input(Path(tmp)) if "review-3000" in args.cases else None
        print(f"{'target':<16} {'case':<15} {'mode':<5} {'s':>7} {'cpu s':>7} {'MB':>6} | "
              + " | ".join(f"{short + ' s':>10} {'cpu s':>7} {'MB':>6}" for short in shorts)
              + f" {'ratio':>6} | {'budget':>7}")
        for target in args.targets.split(","):
            if target == "big":
                from make_big_repo import big_repo

                repo = big_repo()
            else:
                repo = corpus(target)
            for case in args.cases.split(","):
                if case == "review-3000" and target != NAMES[0]:
                    continue  # one synthetic doc: measured once
                for mode in args.modes.split(","):
                    if case == "review-3000" and mode == "warm":
                        continue
                    new = run_case(case, repo, args.lang, mode, ROOT / "src", args.repeat, review_input)
                    olds = [run_case(case, repo, args.lang, mode, src, args.repeat, review_input) for src in old_srcs]
                    limits = budgets.get(target, {}).get(f"{case} {mode}", {})
                    secs, mb = limits.get("cpu"), limits.get("mb")
                    verdict = ""
                    if secs is not None or mb is not None:
                        bad = not new.ok or (secs is not None and new.cpu > secs) or (mb is not None and new.mb > mb)
                        over += bad
                        verdict = ("OVER " if bad else "ok ") + "/".join(
                            x for x in (f"{secs:g} cpu s" if secs is not None else "",
                                        f"{mb:g} MB" if mb else "") if x)
                    old = olds[0]
                    ratio = new.wall / old.wall if old.ok and old.wall == old.wall and old.wall > 0 else float("nan")
                    notes = [r.note for r in (new, *olds) if r.note]
                    print(f"{target:<16} {case:<15} {mode:<5} {new.wall:7.2f} {new.cpu:7.2f} {new.mb:6.0f} | "
                          + " | ".join(f"{o.wall:10.2f} {o.cpu:7.2f} {o.mb:6.0f}" for o in olds)
                          + f" {ratio:6.2f} | {verdict}" + (f"  [{notes[0]}]" if notes else ""), flush=True)
    print(f"{over} case(s) over budget" if over else "every case within its budget")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
