"""Measuring, not playing: seeded simulations and benchmarks (``python -m game simulate|bench``).

Everything that plays many games to say something about them lives here, above every other layer (it may
import the engine, the AI, the campaign and the UI): the ``simulate`` command, the engine/AI/render/campaign
benchmarks, and Better Hintaro's economy report with its bounty-hunting ``broker`` seat. Nothing in the game
itself imports this package.
"""
