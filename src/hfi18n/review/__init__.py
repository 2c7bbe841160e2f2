"""``hfi18n review``: review a translated doc (or a translation PR) the way a language team does.

Every ``check`` finding, placed on a line; omissions and duplications (:mod:`.coverage`); glossary
consistency against the language's other docs (:mod:`.terms`); an optional LLM review per aligned
paragraph (:mod:`.llm`). Results render as text, JSON or Markdown (:mod:`.render`) and can be posted as
one GitHub review of a pull request (:mod:`.pull`, :mod:`.post`).
"""

from .model import DocReview, Edit, Fix, Kind, Review, ReviewFinding
from .runner import Options, review_paths, review_texts

__all__ = ["DocReview", "Edit", "Fix", "Kind", "Options", "Review", "ReviewFinding", "review_paths", "review_texts"]
