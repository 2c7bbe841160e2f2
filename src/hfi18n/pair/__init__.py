"""The one pairing of an English doc with its translation, below translate, check and review.

Translators do not work one-to-one: they merge two English paragraphs into one, split a long one, move a
tip, translate a docstring inside a code block and choose their own heading anchors. A one-to-one pairing
(what ``--update`` used) lost human text on all 3 docs of a controlled experiment (a merged paragraph
deleted, a split half dropped, a duplicate machine paragraph added where the English had not changed), and
25 human prose lines on 15 real outdated docs (issue 24). Here the pairing is n-m beads with a confidence
(:mod:`.model`), built on the review's Gale-Church aligner (:mod:`.bitext`) and its units (:mod:`.units`).
"""
