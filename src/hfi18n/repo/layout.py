"""Where docs live in a doc-builder repository and how translated files pair with English ones.

A doc-builder repo keeps one folder per language under ``docs/source`` (``en``, ``ko``, ...); a
translated doc ``docs/source/ko/X`` is the twin of ``docs/source/en/X``. Paths in this module are
POSIX strings relative to the language folder (``"training/lora.md"``) unless they say otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import RepoError
from ..fileio import inside

DOC_SUFFIXES = (".md", ".mdx")
SOURCE_LANG = "en"


@dataclass(slots=True, frozen=True)
class DocsLayout:
    """A repository checkout and its docs root."""

    repo: Path
    """Root of the git checkout."""
    docs_root: Path
    """Folder holding one sub-folder per language (``<repo>/docs/source``)."""

    @classmethod
    def open(cls, repo: Path | str = ".", docs_root: str = "docs/source") -> DocsLayout:
        """Find the docs root of ``repo`` or raise a :class:`RepoError` that says what to pass."""
        r = Path(repo).resolve()
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
        return self.docs_root / lang

    def languages(self) -> list[str]:
        """Translation languages: folders of the docs root other than ``en`` holding docs."""
        return sorted(
            p.name
            for p in self.docs_root.iterdir()
            if p.is_dir() and p.name != SOURCE_LANG and not p.name.startswith((".", "_"))
        )

    def docs(self, lang: str) -> list[str]:
        """Every ``.md``/``.mdx`` doc of a language, relative to its folder, sorted."""
        base = self.lang_dir(lang)
        if not base.is_dir():
            return []
        return sorted(
            p.relative_to(base).as_posix()
            for p in base.rglob("*")
            if p.suffix in DOC_SUFFIXES and p.is_file()
        )

    def path(self, lang: str, rel: str) -> Path:
        return self.lang_dir(lang) / rel

    def rel_to_repo(self, path: Path) -> str:
        return path.resolve().relative_to(self.repo).as_posix()

    def twin(self, rel: str, lang: str) -> str | None:
        """The existing file of ``lang`` for doc ``rel``, allowing ``.md``/``.mdx`` to differ."""
        stem = rel.rsplit(".", 1)[0]
        for suffix in DOC_SUFFIXES:
            cand = stem + suffix
            if self.path(lang, cand).is_file():
                return cand
        return None

    def resolve_doc_arg(self, arg: str, lang: str) -> tuple[str, str]:
        """Turn a user's path argument into ``(lang_of_file, rel)``.

        Accepts ``training/lora.md``, ``docs/source/ko/training/lora.md``, ``en/training/lora.md`` or an
        absolute path; refuses paths outside the repo.
        """
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
        inside(self.lang_dir(SOURCE_LANG), self.lang_dir(SOURCE_LANG) / p)
        rel = p.as_posix()
        for lg in (lang, SOURCE_LANG):
            if self.path(lg, rel).is_file():
                return lg, rel
        raise RepoError(
            f"no doc {arg} under {self.docs_root}/{SOURCE_LANG} or {self.docs_root}/{lang}",
            hint="give a path relative to the language folder, e.g. training/lora.md",
        )
