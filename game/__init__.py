"""Lost Hand Cantina: the galaxy's dice and card games, played in a smoky cantina.

The package is split so that the rules never depend on the screen: ``game.engine`` is pure
Python, ``game.ui`` draws it with pygame-ce, ``game.ai`` plays seats from their views.
"""

__version__ = "0.1.0"
