"""Tables across machines: a server holding the only ``State`` and clients folding what their seat sees.

:mod:`game.net.protocol` is the wire format, :mod:`game.net.server` the table server (``cantina serve``),
:mod:`game.net.client` the headless client (``cantina join --agent``). This layer sits on the engine and the
AI (``engine ← ai ← net``), never on the UI: a server needs no pygame.
"""
