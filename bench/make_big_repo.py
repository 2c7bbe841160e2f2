"""Build a big synthetic doc-builder repository from the corpora's real docs, to measure at scale (issue 32).

    python bench/make_big_repo.py                 # builds once, prints the path of the cached repo
    python bench/make_big_repo.py --force         # build again
    python bench/make_big_repo.py --commits 2000  # a smaller one (another cache entry)

The corpora in ``../shared`` hold 2,200 commits and 450 English pages; the largest doc-builder repositories
have 20,000 commits, 550 pages and redesigns. This script replays the real doc histories of the three
corpora, interleaved by time and each under a folder of its own (``docs/source/en/diffusers/...``,
``en/hub/...``, ``en/agents/...``; every language alike), and fills the timeline up to ``--commits``
with the commits such repositories have, drawn from a seeded random generator (the same repo every time):

* English edits (a sentence, a code line, a new section) that leave the translations behind;
* translation updates tagged ``[i18n-KO]`` (a re-translation, or only the English code changes carried),
  typo fixes of one translation, edits of the other languages;
* sweeps across every language (a license year, ``torch_dtype`` -> ``dtype``, a link host);
* renames of English pages, the translation moved in the same commit, later, or never;
* a redesign that rewrites pages at the same path (their translations lose their base);
* new English pages (the last versions of pages the corpora deleted, under ``legacy/``) up to
  ``--pages``, and new Korean translations up to ``--translations``, some made from an English several
  versions old (translations that lag). Made-up translations keep the English's code, links, inline
  code and anchors and turn its words into Hangul: protected content is what status and check compare.

It writes everything with one ``git fast-import`` (a minute or so for 20,000 commits), then checks the
tree out. The repository is cached under the temp folder, keyed by this script's hash and the
arguments (``hfi18n-big-<key>``), so benches reuse it; it is never part of the project (nothing to commit).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from _corpora import NAMES, corpus  # noqa: E402

from hfi18n.doc.anchors import ANCHOR_RE, slugify  # noqa: E402

FOLDER = {"diffusers": "diffusers", "huggingface_hub": "hub", "smolagents": "agents"}
"""Each corpus's folder inside every language folder of the big repo."""

ROOT = "docs/source"
LANG_RE = re.compile(r"^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$")
DOC_RE = re.compile(r"\.mdx?$")
EPOCH_END = 1_790_000_000
"""Time of the last synthetic commit (2026-09)."""


@dataclass
class RealCommit:
    time: int
    author: str
    subject: str
    changes: list[tuple[str, str, str]] = field(default_factory=list)
    """``(status, path in the big repo, blob sha)``; status ``M`` (add or modify) or ``D``."""


def git(repo: Path, *args: str, input: bytes | None = None) -> bytes:
    return subprocess.run(["git", "-C", str(repo), *args], input=input, check=True, capture_output=True).stdout


def big_path(name: str, path: str) -> str | None:
    """``docs/source/ko/a.md`` of corpus ``name`` -> ``docs/source/ko/<folder>/a.md`` (English at the old
    docs root goes to ``en/``); None for anything but a doc."""
    if not path.startswith(ROOT + "/") or not DOC_RE.search(path):
        return None
    rest = path[len(ROOT) + 1:]
    lang, sep, rel = rest.partition("/")
    if not (sep and LANG_RE.match(lang)):
        lang, rel = "en", rest
    return f"{ROOT}/{lang}/{FOLDER[name]}/{rel}"


def read_corpus(name: str) -> tuple[list[RealCommit], dict[str, bytes]]:
    """The first-parent doc history of a corpus (oldest first) and the contents of its doc blobs."""
    repo = corpus(name)
    raw = git(repo, "log", "--first-parent", "--reverse", "--no-renames", "--raw", "-z", "--no-abbrev",
              "--format=%x01%at%x02%an <%ae>%x02%s", "HEAD", "--", ROOT)
    commits: list[RealCommit] = []
    tokens = raw.decode("utf-8", "surrogateescape").split("\0")
    i = 0
    while i < len(tokens):
        tok = tokens[i].lstrip("\n")
        i += 1
        if tok.startswith("\x01"):
            t, author, subject = tok[1:].split("\x02", 2)
            commits.append(RealCommit(int(t), author, subject))
        elif tok.startswith(":"):
            fields = tok[1:].split()
            path = tokens[i]
            i += 1
            mapped = big_path(name, path)
            if mapped is not None:
                commits[-1].changes.append(("D" if fields[4][0] == "D" else "M", mapped, fields[3]))
    wanted = sorted({b for c in commits for s, _, b in c.changes if s == "M"})
    out = git(repo, "cat-file", "--batch", input=("\n".join(wanted) + "\n").encode())
    blobs: dict[str, bytes] = {}
    pos = 0
    for sha in wanted:
        nl = out.index(b"\n", pos)
        size = int(out[pos:nl].split()[2])
        blobs[sha] = out[nl + 1: nl + 1 + size]
        pos = nl + 1 + size + 1
    return [c for c in commits if c.changes], blobs


# --------------------------------------------------------------------------------- made-up content

_PROTECTED = re.compile(r"(`+[^`]*`+|\]\([^)]*\)|<[^>]*>|\[\[[^\]]*\]\]|\[`[^`]*`\]|https?://\S+|\{[^}]*\})")
_WORD = re.compile(r"[A-Za-z]+")
_FENCE = re.compile(r"^\s*(```+|~~~+)")


def hangul(word: str) -> str:
    """A Hangul pseudo-word for an English word (the same each time)."""
    h = int.from_bytes(hashlib.blake2b(word.lower().encode(), digest_size=4).digest(), "big")
    n = max(1, min(4, (len(word) + 1) // 2))
    return "".join(chr(0xAC00 + (h >> (3 * k)) % 11172) for k in range(n))


def _words_to_hangul(text: str) -> str:
    parts = _PROTECTED.split(text)
    return "".join(p if k % 2 else _WORD.sub(lambda m: hangul(m.group(0)), p) for k, p in enumerate(parts))


def pseudo_translate(english: str) -> str:
    """A made-up Korean translation: code, links, inline code, tags and anchors kept, words in Hangul."""
    out = []
    fence: str | None = None
    for line in english.split("\n"):
        m = _FENCE.match(line)
        if fence is not None:
            out.append(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            continue
        if m:
            fence = m.group(1)
            out.append(line)
            continue
        s = line.lstrip()
        if s.startswith("#") and s.lstrip("#").startswith(" "):
            hashes, _, title = s.partition(" ")
            explicit = ANCHOR_RE.search(title)
            anchor = explicit.group(1) if explicit else slugify(title)
            title = ANCHOR_RE.sub("", title)
            out.append(f"{hashes} {_words_to_hangul(title).strip()} [[{anchor}]]")
        elif s.startswith(("<!--", "-->", "[[", "|---", "|:-")) or not s:
            out.append(line)
        else:
            out.append(_words_to_hangul(line))
    return "\n".join(out)


_SENTENCES = ("This is explained in more detail below.", "See the API reference for every option.",
              "It works the same way on a GPU.", "Make sure you are logged in first.",
              "The default value changed in this release.", "You can also pass a local path.")
_SUBJECTS = ("Update {name}", "Fix typo in {name}", "[docs] Improve {name}", "docs: clarify {stem}",
             "[Docs] Fix broken example in {name}", "Refresh {stem} guide", "[doc] small fixes ({stem})")


def edit_english(text: str, rng: random.Random, n: int) -> str:
    """One English change: a sentence added to a paragraph, a code line changed, or a new section."""
    lines = text.split("\n")
    prose, code, fence = [], [], None
    for k, line in enumerate(lines):
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0]:
                fence = None
            elif line.strip() and not line.strip().startswith("#"):
                code.append(k)
            continue
        if m:
            fence = m.group(1)
        elif len(line) > 40 and line[:1].isalpha():
            prose.append(k)
    kind = rng.random()
    if kind < 0.55 and prose:
        k = rng.choice(prose)
        lines[k] = lines[k].rstrip() + " " + rng.choice(_SENTENCES)
    elif kind < 0.85 and code:
        k = rng.choice(code)
        digits = [m.start() for m in re.finditer(r"\d", lines[k])]
        if digits:
            d = rng.choice(digits)
            lines[k] = lines[k][:d] + str((int(lines[k][d]) + 1) % 10) + lines[k][d + 1:]
        else:
            lines[k] = lines[k].rstrip() + f"  # step {n}"
    else:
        lines.append(f"\n## Notes on release {n}\n\nThe `option_{n}` argument is new in this release; see "
                     f"[the reference](./index#option-{n}).\n")
    return "\n".join(lines)


def carry_code(translation: str, english: str) -> str:
    """A partial update: the translation's code blocks replaced by the English's, block by block
    (prose left as it was), when both have as many."""
    def blocks(text: str) -> list[tuple[int, int]]:
        out, start, fence = [], 0, None
        lines = text.split("\n")
        for k, line in enumerate(lines):
            m = _FENCE.match(line)
            if fence is None and m:
                fence, start = m.group(1), k
            elif fence is not None and m and m.group(1)[0] == fence[0]:
                out.append((start, k))
                fence = None
        return out

    t_lines, e_lines = translation.split("\n"), english.split("\n")
    tb, eb = blocks(translation), blocks(english)
    if len(tb) != len(eb) or not tb:
        return translation
    for (ts, te), (es, ee) in reversed(list(zip(tb, eb, strict=True))):
        t_lines[ts:te + 1] = e_lines[es:ee + 1]
    return "\n".join(t_lines)


# ------------------------------------------------------------------------------------------- build

class Builder:
    """The fast-import stream, the tree as it stands, and the counters of what was made."""

    def __init__(self, out) -> None:
        self.out = out
        self.marks: dict[bytes, int] = {}
        self.next_mark = 1
        self.tree: dict[str, bytes] = {}
        self.commits = 0
        self.last: int | None = None

    def blob(self, data: bytes) -> int:
        key = hashlib.sha1(data).digest()
        mark = self.marks.get(key)
        if mark is None:
            mark = self.marks[key] = self.next_mark
            self.next_mark += 1
            self.out.write(b"blob\nmark :%d\ndata %d\n%s\n" % (mark, len(data), data))
        return mark

    def commit(self, when: int, author: str, subject: str, changes: dict[str, bytes | None]) -> None:
        """Apply ``path -> content`` (None deletes) as one commit; nothing changed, no commit."""
        ops = []
        for path, data in changes.items():
            if data is None:
                if path in self.tree:
                    del self.tree[path]
                    ops.append(b"D %s\n" % path.encode())
            elif self.tree.get(path) != data:
                self.tree[path] = data
                ops.append(b"M 100644 :%d %s\n" % (self.blob(data), path.encode()))
        if not ops:
            return
        mark = self.next_mark
        self.next_mark += 1
        who = author.encode("utf-8", "replace")
        msg = subject.encode("utf-8", "replace") + b"\n"
        self.out.write(b"commit refs/heads/main\nmark :%d\nauthor %s %d +0000\ncommitter %s %d +0000\n"
                       b"data %d\n%s" % (mark, who, when, who, when, len(msg), msg))
        if self.last is not None:
            self.out.write(b"from :%d\n" % self.last)
        self.out.write(b"".join(ops))
        self.out.write(b"\n")
        self.last = mark
        self.commits += 1

    def docs(self, lang: str) -> list[str]:
        prefix = f"{ROOT}/{lang}/"
        return sorted(p for p in self.tree if p.startswith(prefix) and DOC_RE.search(p))


_AUTHORS = ("Ada Lovelace <ada@example.com>", "Kim Minji <minji@example.com>", "Park Jisoo <jisoo@example.com>",
            "Lee Hyun <hyun@example.com>", "Grace Hopper <grace@example.com>", "Wang Fang <fang@example.com>")
_SWEEPS = (("torch_dtype", "dtype"), ("Copyright 2023", "Copyright 2024"), ("Copyright 2024", "Copyright 2025"),
           ("https://huggingface.co/docs", "https://hf.co/docs"), ("https://hf.co/docs", "https://huggingface.co/docs"),
           ("runwayml/stable-diffusion-v1-5", "stable-diffusion-v1-5/stable-diffusion-v1-5"),
           ("cuda", "cuda:0"), ("pip install", "pip install -U"), ("from_pretrained(", "from_pretrained( "))


def build(dest: Path, n_commits: int, n_pages: int, n_translations: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    real: list[tuple[int, str, RealCommit]] = []
    contents: dict[str, bytes] = {}
    for name in NAMES:
        commits, blobs = read_corpus(name)
        contents.update(blobs)
        real.extend((c.time, name, c) for c in commits)
    real.sort(key=lambda x: x[0])
    # where the real history leaves things: pages it deletes (new English pages take their last version,
    # under legacy/), the last real commit touching each path (a page is renamed only after it), the
    # Korean paths it creates (a made-up translation never takes one)
    alive: dict[str, str] = {}
    last_touch: dict[str, int] = {}
    real_ko: set[str] = set()
    deleted: dict[str, str] = {}
    for k, (_, _, c) in enumerate(real):
        for status, path, blob in c.changes:
            last_touch[path] = k
            if path.startswith(f"{ROOT}/ko/"):
                real_ko.add(path)
            if status == "M":
                alive[path] = blob
                deleted.pop(path, None)
            elif path in alive:
                deleted[path] = alive.pop(path)
    legacy_pool = sorted(p for p in deleted if p.startswith(f"{ROOT}/en/"))
    rng.shuffle(legacy_pool)
    extra_pages = max(0, n_pages - sum(p.startswith(f"{ROOT}/en/") for p in alive))
    extra_ko = max(0, n_translations - sum(p.startswith(f"{ROOT}/ko/") for p in alive))
    synth = max(0, n_commits - len(real) - 2)
    per_gap = synth / max(1, len(real))
    subprocess.run(["git", "init", "-q", "-b", "main", str(dest)], check=True)
    proc = subprocess.Popen(["git", "-C", str(dest), "fast-import", "--quiet"], stdin=subprocess.PIPE)
    assert proc.stdin is not None
    b = Builder(proc.stdin)
    history: dict[str, list[bytes]] = {}  # English path -> its last versions (translations that lag)
    pending_moves: list[tuple[str, str]] = []  # translation moves a later commit makes
    stats = dict.fromkeys(("real", "en-edit", "ko-update", "ko-carry", "ko-fix", "other-edit", "sweep", "rename",
                           "redesign", "new-page", "new-translation"), 0)
    redesign_at = int(len(real) * 0.7)
    counter = 0
    debt = 0.0
    real_index = 0

    def english_pages() -> list[str]:
        return b.docs("en")

    def ko_of(en_path: str) -> str:
        return en_path.replace(f"{ROOT}/en/", f"{ROOT}/ko/", 1)

    def remember(path: str, data: bytes) -> None:
        versions = history.setdefault(path, [])
        versions.append(data)
        del versions[:-6]

    def synthetic(when: int, progress: float) -> None:
        nonlocal counter
        counter += 1
        en = english_pages()
        ko = b.docs("ko")
        if stats["new-page"] < extra_pages * progress and legacy_pool:  # new pages arrive steadily
            src = legacy_pool.pop()
            path = src.replace(f"{ROOT}/en/", f"{ROOT}/en/legacy/", 1)
            if path not in b.tree:
                remember(path, contents[deleted[src]])
                b.commit(when, rng.choice(_AUTHORS), f"[docs] Add {Path(path).name}", {path: contents[deleted[src]]})
                stats["new-page"] += 1
                return
        if stats["new-translation"] < extra_ko * progress:
            untranslated = [p for p in en if ko_of(p) not in b.tree and ko_of(p) not in real_ko
                            and last_touch.get(p, -1) < real_index]
            if untranslated:
                p = rng.choice(untranslated)
                versions = history.get(p) or [b.tree[p]]
                base = versions[max(0, len(versions) - 1 - rng.choice((0, 0, 0, 1, 2)))]  # some lag behind
                text = pseudo_translate(base.decode("utf-8", "replace")).encode()
                b.commit(when, rng.choice(_AUTHORS[1:4]), f"🌐 [i18n-KO] Translated `{Path(p).name}` to Korean",
                         {ko_of(p): text})
                stats["new-translation"] += 1
                return
        r = rng.random()
        if r < 0.0025:  # a sweep across every language
            old, new = rng.choice(_SWEEPS)
            changes = {}
            langs = None if rng.random() < 0.6 else {"en", rng.choice(("ko", "zh"))}
            for path, data in b.tree.items():
                lang = path[len(ROOT) + 1:].split("/", 1)[0]
                if DOC_RE.search(path) and (langs is None or lang in langs) and old.encode() in data:
                    changes[path] = data.replace(old.encode(), new.encode())
            for path, data in changes.items():
                if path.startswith(f"{ROOT}/en/"):
                    remember(path, data)
            b.commit(when, rng.choice(_AUTHORS), f"[docs] Replace {old} with {new} everywhere", changes)
            stats["sweep"] += 1
        elif r < 0.0055:  # an English page renamed; its translation moves now, later or never
            movable = [p for p in en if last_touch.get(p, -1) < real_index
                       and last_touch.get(ko_of(p), -1) < real_index]
            if not movable:
                return
            p = rng.choice(movable)
            folder, name = p.rsplit("/", 1)
            new_path = f"{folder}/guides/{name}" if rng.random() < 0.5 else f"{folder}/{name.replace('_', '-')}"
            if new_path in b.tree or new_path == p:
                new_path = p.replace(".md", "-guide.md")
            if new_path in b.tree:
                return
            data = b.tree[p]
            changes: dict[str, bytes | None] = {p: None, new_path: data}
            history[new_path] = history.pop(p, [data])
            if ko_of(p) in b.tree:
                fate = rng.random()
                if fate < 0.5:
                    changes[ko_of(p)], changes[ko_of(new_path)] = None, b.tree[ko_of(p)]
                elif fate < 0.75:
                    pending_moves.append((ko_of(p), ko_of(new_path)))
            b.commit(when, rng.choice(_AUTHORS), f"[docs] Move {name} to {new_path.rsplit('/', 2)[-2]}", changes)
            stats["rename"] += 1
        elif r < 0.0065 and pending_moves:
            old, new = pending_moves.pop(0)
            if old in b.tree and new not in b.tree:
                b.commit(when, rng.choice(_AUTHORS[1:4]), f"[i18n-KO] Move {Path(old).name} like the English",
                         {old: None, new: b.tree[old]})
                stats["rename"] += 1
        elif r < 0.08 and ko:  # a translation update
            p = rng.choice(ko)
            en_path = p.replace(f"{ROOT}/ko/", f"{ROOT}/en/", 1)
            if en_path not in b.tree:
                return
            if rng.random() < 0.6:
                text = pseudo_translate(b.tree[en_path].decode("utf-8", "replace")).encode()
                kind, subject = "ko-update", f"🌐 [i18n-KO] Updated `{Path(p).name}` to the latest English"
            else:
                text = carry_code(b.tree[p].decode("utf-8", "replace"), b.tree[en_path].decode("utf-8", "replace")).encode()
                kind, subject = "ko-carry", f"docs(ko): sync code in {Path(p).name}"
            b.commit(when, rng.choice(_AUTHORS[1:4]), subject, {p: text})
            stats[kind] += 1
        elif r < 0.10 and ko:  # a typo fix in one translation
            p = rng.choice(ko)
            data = b.tree[p].decode("utf-8", "replace")
            k = data.find("니다.")
            if k < 0:
                return
            b.commit(when, rng.choice(_AUTHORS[1:4]), f"fix typo in {Path(p).name}",
                     {p: (data[:k] + "니다!" + data[k + 3:]).encode()})
            stats["ko-fix"] += 1
        elif r < 0.12:  # another language edited alone
            others = [p for p in b.tree if DOC_RE.search(p) and p.split("/")[2] not in ("en", "ko")]
            if not others:
                return
            p = rng.choice(others)
            b.commit(when, rng.choice(_AUTHORS), f"docs: fix {Path(p).name}", {p: b.tree[p] + b"\n"})
            stats["other-edit"] += 1
        else:  # an English edit
            p = rng.choice(en)
            data = edit_english(b.tree[p].decode("utf-8", "replace"), rng, counter).encode()
            remember(p, data)
            b.commit(when, rng.choice(_AUTHORS), rng.choice(_SUBJECTS).format(name=Path(p).name, stem=Path(p).stem),
                     {p: data})
            stats["en-edit"] += 1

    made = 0
    t_end = max(EPOCH_END, real[-1][0] + 1)
    for k, (t, _name, c) in enumerate(real):
        real_index = k
        if k == redesign_at:  # a redesign: pages rewritten at the same path, 10 commits
            en = english_pages()
            rewritten = rng.sample(en, min(60, len(en) // 8))
            for j in range(0, len(rewritten), 6):
                changes = {}
                for p in rewritten[j:j + 6]:
                    other = rng.choice(en)
                    data = b.tree.get(other, b"") + b"\n"
                    changes[p] = data
                    remember(p, data)
                b.commit(t - 1, _AUTHORS[0], "[docs] Redesign: new structure for the guides", changes)
                stats["redesign"] += 1
        changes: dict[str, bytes | None] = {}
        for status, path, blob in c.changes:
            changes[path] = None if status == "D" else contents[blob]
            if status == "M" and path.startswith(f"{ROOT}/en/"):
                remember(path, contents[blob])
        b.commit(t, c.author, c.subject, changes)
        stats["real"] += 1
        nxt = real[k + 1][0] if k + 1 < len(real) else t_end
        debt += per_gap
        steps = int(debt)
        debt -= steps
        for s in range(steps):
            when = t + (nxt - t) * (s + 1) // (steps + 1)
            made += 1
            before = b.commits
            for _try in range(20):  # an operation with nothing to do (no page to move...) makes no commit
                synthetic(max(when, t), made / max(1, synth))
                if b.commits > before:
                    break
    # the toctrees: every page of English and Korean listed
    toc = {}
    for lang in ("en", "ko"):
        lines = ["- title: Docs\n  sections:\n"]
        for p in b.docs(lang):
            local = DOC_RE.sub("", p[len(f"{ROOT}/{lang}/"):])
            lines.append(f"  - local: {local}\n    title: {Path(local).name}\n")
        toc[f"{ROOT}/{lang}/_toctree.yml"] = "".join(lines).encode()
    b.commit(t_end + 60, _AUTHORS[0], "Update the toctrees", toc)
    proc.stdin.close()
    if proc.wait() != 0:
        raise SystemExit("git fast-import failed")
    subprocess.run(["git", "-C", str(dest), "checkout", "-q", "-f", "main"], check=True)
    stats["commits"] = b.commits
    stats["en pages"] = len(b.docs("en"))
    stats["ko pages"] = len(b.docs("ko"))
    return stats


def cache_key(args: argparse.Namespace) -> str:
    h = hashlib.sha256(Path(__file__).read_bytes())
    h.update(f"{args.commits}/{args.pages}/{args.translations}/{args.seed}".encode())
    return h.hexdigest()[:12]


def big_repo(commits: int = 20000, pages: int = 550, translations: int = 170, seed: int = 32,
             force: bool = False, quiet: bool = True) -> Path:
    """The path of the big repo with these parameters, built first when it is not cached."""
    args = argparse.Namespace(commits=commits, pages=pages, translations=translations, seed=seed)
    dest = Path(tempfile.gettempdir()) / f"hfi18n-big-{cache_key(args)}"
    if (dest / ".git").is_dir() and not force:
        return dest
    work = Path(tempfile.mkdtemp(prefix="hfi18n-big-build-"))
    start = time.perf_counter()
    stats = build(work / "repo", commits, pages, translations, seed)
    if dest.exists():
        shutil.rmtree(dest)
    (work / "repo").rename(dest)  # whole or not at all: a half-built repo is never taken for the cache
    shutil.rmtree(work, ignore_errors=True)
    if not quiet:
        print(f"built in {time.perf_counter() - start:.1f} s: " + ", ".join(f"{k} {v}" for k, v in stats.items()),
              file=sys.stderr)
    return dest


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commits", type=int, default=20000)
    ap.add_argument("--pages", type=int, default=550, help="English pages at the end")
    ap.add_argument("--translations", type=int, default=170, help="Korean translations at the end")
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("--force", action="store_true", help="build again even when cached")
    a = ap.parse_args(argv)
    print(big_repo(a.commits, a.pages, a.translations, a.seed, a.force, quiet=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
