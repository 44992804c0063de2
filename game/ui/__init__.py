"""The pygame-ce front end: app loop, scene stack, tables, menus, sound.

Nothing in this package decides a rule: it reads ``state.view(seat)``, ``legal_actions()``, ``amount_range()``
and the events the bus carries, and it sends actions through ``apply()``.
"""
