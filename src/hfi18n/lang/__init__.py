"""Language layers: what a real analyzer says about a language's sentences (see :mod:`.base`), and the
team's style settings that the checks and the prompt read (:mod:`.style`)."""

from .base import Ending, Layer, LayerUnavailable, Mood, RegisterInfo, Sentence, has_layer, layer_for

__all__ = ["Ending", "Layer", "LayerUnavailable", "Mood", "RegisterInfo", "Sentence", "has_layer", "layer_for"]
