"""Where docs live in a doc-builder repository and how translated files pair with English ones.

A doc-builder repo keeps one folder per language under ``docs/source`` (``en``, ``ko``, ...); a
translated doc ``docs/source/ko/X`` is the twin of ``docs/source/en/X``. Paths in this module are
POSIX strings relative to the language folder (``"training/lora.md"``) unless they say otherwise.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, RepoError
from ..fileio import DOC_SUFFIXES, inside
from ..languages import LANGUAGES, suggest

__all__ = ["DEFAULT_DOCS_ROOT", "DOC_SUFFIXES", "SOURCE_LANG", "DocsLayout", "is_lang_name", "validate_lang"]
SOURCE_LANG = "en"
DEFAULT_DOCS_ROOT = "docs/source"
"""Where doc-builder repositories keep their docs (one folder per language), relative to the repository."""

_LANG_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
"""A language folder name: ``ko``, ``zh-hans``, ``pt_BR``; never a path (no ``/``, ``..``, empty)."""


def is_lang_name(name: str) -> bool:
    """Whether ``name`` is a plain language folder name (``.git`` or ``1bad`` are not)."""
    return bool(_LANG_NAME_RE.fullmatch(name))


def validate_lang(lang: str, *, target: bool = False) -> str:
    """Return ``lang`` if it is a plain language folder name, else raise :class:`InputError`.

    Every command goes through this (via :meth:`DocsLayout.lang_dir`), so ``--lang ../..`` or ``--lang ''``
    can never turn into a path outside the docs root. ``target=True`` (commands that write into the
    language folder: translate, toctree, publish) also refuses the source language, so the English is
    never overwritten by a "translation".
    """
    if not isinstance(lang, str) or not _LANG_NAME_RE.fullmatch(lang):
        raise InputError(
            f"{lang!r} is not a language code",
            hint="pass --lang with the name of a language folder under docs/source, such as ko, zh or pt_BR",
        )
    if target and lang.lower() == SOURCE_LANG:  # `--lang EN` wrote docs/source/EN/, which IS en on macOS/Windows
        raise InputError(
            f"'{SOURCE_LANG}' is the source language: it cannot be a translation target",
            hint="pass the language to translate into, such as --lang ko",
        )
    return lang


@dataclass(slots=True, frozen=True)
class DocsLayout:
    """A repository checkout and its docs root."""

    repo: Path
    """Root of the git checkout."""
    docs_root: Path
    """Folder holding one sub-folder per language (``<repo>/docs/source``)."""

    @classmethod
    def open(cls, repo: Path | str = ".", docs_root: str = DEFAULT_DOCS_ROOT) -> DocsLayout:
        """Find the docs root of ``repo`` or raise a :class:`RepoError` that says what to pass."""
        r = Path(repo).resolve()
        if r.exists() and not r.is_dir():
            raise RepoError(f"{repo} is a file, not a folder", hint="pass --repo the folder of the repository checkout")
        if not r.is_dir():
            raise RepoError(f"repository folder {repo} does not exist", hint="pass --repo PATH to a checkout")
        root = inside(r, docs_root)
        if not (root / SOURCE_LANG).is_dir():
            raise RepoError(
                f"no English docs at {root / SOURCE_LANG}",
                hint="pass --repo to the root of a doc-builder repository (one with docs/source/en)",
            )
        return cls(r, root)

    def lang_dir(self, lang: str) -> Path:
        """The folder of ``lang`` (validated by :func:`validate_lang`: never outside the docs root)."""
        return self.docs_root / validate_lang(lang)

    def _folders(self) -> list[str]:
        return sorted(p.name for p in self.docs_root.iterdir()
                      if p.is_dir() and p.name != SOURCE_LANG and not p.name.startswith((".", "_")))

    def languages(self) -> list[str]:
        """Translation languages: folders of the docs root other than ``en``, named like a language."""
        return [name for name in self._folders() if is_lang_name(name)]

    def non_language_folders(self) -> list[str]:
        """Folders of the docs root that no language code names (``1ko``): reported, never read as one."""
        return [name for name in self._folders() if not is_lang_name(name)]

    def _spelled(self, lang: str) -> str | None:
        """The folder here that is ``lang`` in another case (``ko`` for ``KO``), if ``lang`` itself is not one.

        ``--lang KO`` beside ``ko/`` was told to pass ``--new-language`` (which made ``KO/``, and on a disk
        that ignores case wrote into ``ko/`` under another name) or "did you mean uk" (issue 33)."""
        names = [p.name for p in self.docs_root.iterdir() if p.is_dir()]
        if lang in names:
            return None
        return next((n for n in names if n.lower() == lang.lower()), None)

    def _refuse_spelling(self, lang: str) -> None:
        spelled = self._spelled(lang)
        if spelled is not None:
            raise InputError(f"the {lang!r} docs are in the folder {spelled!r}: language folders are matched "
                             "exactly", hint=f"pass --lang {spelled}")

    def require_langs(self, *langs: str) -> None:
        """Refuse, naming them all and the languages there are, the ``langs`` with no folder here; refuse the
        source language (``status --lang en`` reported the English as its own translation) and a language
        spelled in another case than its folder."""
        for lg in langs:
            validate_lang(lg)
            if lg.lower() == SOURCE_LANG:
                raise InputError(f"'{lg}' is the source language: translations are compared with it, it is not "
                                 "one of them", hint="pass a translation language, such as --lang ko"
                                 + (f" (languages here: {', '.join(self.languages())})" if self.languages() else ""))
            self._refuse_spelling(lg)
        unknown = [lg for lg in langs if not self.lang_dir(lg).is_dir()]
        if unknown:
            raise InputError(f"no docs folder for language(s) {', '.join(unknown)} under {self.docs_root}",
                             hint=self._did_you_mean(unknown[0]) + "languages here: "
                             + (", ".join(self.languages()) or "none"))

    def require_target(self, lang: str, *, new_language: bool = False) -> None:
        """Refuse a target language with no folder here unless ``new_language`` (the translator's explicit
        wish to start one), with the folder it most likely meant.

        ``translate --lang kr`` made ``docs/source/kr`` and wrote the Korean there, beside the real ``ko``:
        a typo became a new language, and a PR for it. A folder that exists is always a target."""
        validate_lang(lang, target=True)
        self._refuse_spelling(lang)  # KO beside ko/ is ko, even with --new-language
        if new_language or self.lang_dir(lang).is_dir():
            return
        here = ", ".join(self.languages()) or "none"
        where = self.rel_to_repo(self.docs_root)
        if lang.lower() in LANGUAGES:  # a real language this repository has no docs in yet
            raise InputError(f"there is no '{lang}' ({LANGUAGES[lang.lower()].name}) docs folder under {where} yet",
                             hint=f"to start one, pass --new-language (languages here: {here})")
        raise InputError(f"there is no '{lang}' docs folder under {where}",
                         hint=f"{self._did_you_mean(lang)}languages here: {here}; to start a new language "
                              f"folder {lang}/ all the same, pass --new-language")

    def _did_you_mean(self, lang: str) -> str:
        meant = suggest(lang, self.languages())
        return f"did you mean --lang {meant}? " if meant else ""

    def is_inside(self, path: Path | str) -> bool:
        """Does ``path`` (symlinks resolved, existing or not) stay inside the repository?

        Every file hfi18n discovers or is about to read, write or back up must pass this: a symlink in
        the docs pointing elsewhere is never followed (see :meth:`docs`, :meth:`outside_docs`).
        """
        try:
            full = Path(path).resolve()
        except (OSError, RuntimeError):  # a symlink loop
            return False
        return full == self.repo or self.repo in full.parents

    def safe_path(self, path: Path | str) -> Path:
        """``path`` itself when :meth:`is_inside`, else a :class:`RepoError` naming it."""
        if not self.is_inside(path):
            shown = Path(path)
            with contextlib.suppress(ValueError):
                shown = shown.relative_to(self.repo)
            raise RepoError(f"{shown} is a link to a file outside the repository: hfi18n does not read or write it",
                            hint="replace the link with a real file, or remove it")
        return Path(path)

    def _walk(self, lang: str) -> list[tuple[str, bool]]:
        base = self.lang_dir(lang)
        if not base.is_dir():
            return []
        found = []
        for p in base.rglob("*"):
            if p.suffix in DOC_SUFFIXES and (p.is_file() or p.is_symlink()):
                found.append((p.relative_to(base).as_posix(), p.is_file() and self.is_inside(p)))
        return sorted(found)

    def docs(self, lang: str) -> list[str]:
        """Every ``.md``/``.mdx`` doc of a language, relative to its folder, sorted.

        A doc that resolves outside the repository (a symlink to elsewhere) is left out: it is never
        read, sent to a provider or written (:meth:`outside_docs` lists them, for ``check`` to report).
        """
        return [rel for rel, ok in self._walk(lang) if ok]

    def outside_docs(self, lang: str) -> list[str]:
        """Docs of a language that are links leading outside the repository (or nowhere)."""
        return [rel for rel, ok in self._walk(lang) if not ok]

    def path(self, lang: str, rel: str) -> Path:
        return self.lang_dir(lang) / rel

    def rel_to_repo(self, path: Path) -> str:
        """``path`` relative to the repository; a link leading outside is named by where it sits."""
        try:
            return path.resolve().relative_to(self.repo).as_posix()
        except (ValueError, OSError, RuntimeError):
            return Path(os.path.abspath(path)).relative_to(self.repo).as_posix()

    def twin(self, rel: str, lang: str) -> str | None:
        """The existing file of ``lang`` for doc ``rel``, allowing ``.md``/``.mdx`` to differ."""
        stem = rel.rsplit(".", 1)[0]
        for suffix in DOC_SUFFIXES:
            cand = stem + suffix
            path = self.path(lang, cand)
            if path.is_file() and self.is_inside(path):
                return cand
        return None

    def resolve_doc_arg(self, arg: str, lang: str) -> tuple[str, str]:
        """Turn a user's path argument into ``(lang_of_file, rel)``.

        Accepts ``training/lora.md``, ``docs/source/ko/training/lora.md``, ``en/training/lora.md`` or an
        absolute path; refuses paths outside the repo, and names holding a NUL or another control character
        (a NUL made the OS call fail with "unexpected error ... a bug").
        """
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in arg):
            raise InputError(f"{arg!r} is not a doc path: it holds a control character",
                             hint="give a path relative to the language folder, e.g. training/lora.md")
        if arg.startswith("-"):  # `en/--fork-url=...md` became a job worker's option (issue 33)
            raise InputError(f"{arg!r}: a doc name starting with '-' reads as an option on a command line",
                             hint="rename the file so it starts with a letter or digit")
        p = Path(arg)
        candidates = [p] if p.is_absolute() else [self.repo / p, self.docs_root / p, Path.cwd() / p]
        for cand in candidates:
            full = cand.resolve()
            try:
                rel_root = full.relative_to(self.docs_root.resolve())
            except ValueError:
                continue
            parts = rel_root.parts
            if len(parts) >= 2 and full.exists():
                inside(self.repo, full)
                return parts[0], Path(*parts[1:]).as_posix()
        # a bare doc path relative to a language folder: it must stay inside that folder
        if p.is_absolute():
            inside(self.docs_root, p)
        # named inside the language folder (a link inside the repository is checked below, not refused here:
        # en/contributing.md -> ../../../CONTRIBUTING.md is a doc of its own, issue 31)
        inside(self.lang_dir(SOURCE_LANG), Path(os.path.normpath(self.lang_dir(SOURCE_LANG) / p)).parent)
        if ".." in p.parts:  # ko/../en/index.md is the English source, not a Korean doc
            raise RepoError(f"{arg}: a doc path may not contain '..' (it would leave its language folder)",
                            hint="give a path relative to the language folder, e.g. training/lora.md")
        rel = p.as_posix()
        for lg in (lang, SOURCE_LANG):
            path = self.path(lg, rel)
            if path.is_file() or path.is_symlink():
                self.safe_path(path)
                return lg, rel
        near = self._near_doc(rel, lang)
        raise RepoError(
            f"no doc {arg} under {self.docs_root}/{SOURCE_LANG} or {self.docs_root}/{lang}",
            hint=f"did you mean {near}?" if near else "give a path relative to the language folder, e.g. "
                                                      "training/lora.md",
        )

    def _near_doc(self, rel: str, lang: str) -> str | None:
        """The doc a mistyped path most likely meant (``quicktor.md``: ``quicktour.md``), by name and by path."""
        import difflib

        docs = list(dict.fromkeys([*self.docs(SOURCE_LANG), *(self.docs(lang) if self.lang_dir(lang).is_dir()
                                                                 else [])]))
        found = difflib.get_close_matches(rel, docs, n=1, cutoff=0.75)
        if not found:  # the right name in the wrong folder, or the folder left out: guides/quicktor.md
            names = {d.rsplit("/", 1)[-1]: d for d in docs}
            near = difflib.get_close_matches(rel.rsplit("/", 1)[-1], list(names), n=1, cutoff=0.75)
            found = [names[near[0]]] if near else []
        return found[0] if found else None


def state_dir(layout: DocsLayout, name: str) -> Path:
    """``<repo>/.git/hfi18n/<name>`` (``<repo>/.hfi18n/hfi18n/<name>`` without a ``.git`` folder): where hfi18n
    keeps its own files (backups, batch and agent jobs), never in the worktree git would commit."""
    git = layout.repo / ".git"
    return (git if git.is_dir() else layout.repo / ".hfi18n") / "hfi18n" / name
