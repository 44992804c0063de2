"""Sounds we synthesise at startup with the standard library: dice rattle, chip clink, card slide, ambience.

Why synthesised: no sound files to license or ship, and every sound can be re-made from this file. The
mixer may be missing (no audio device, a CI machine): then the bank stays silent and says why, never raises.
"""

from __future__ import annotations

import array
import math
import random
from typing import Any

import pygame

from game.ui import audio

RATE = 22050


def _env(i: int, n: int, attack: float = 0.005, decay: float = 8.0) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-decay * t) * (1 - i / n) ** 0.5


def clink(seed: int = 1) -> list[float]:
    """Two chips touching: a few inharmonic partials dying fast."""
    rng = random.Random(seed)
    n = int(RATE * 0.18)
    partials = [(rng.uniform(2900, 3300), 1.0), (rng.uniform(4700, 5200), 0.6), (rng.uniform(7100, 7600), 0.35)]
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * f * t) for f, a in partials)
        out.append(0.25 * v * _env(i, n, 0.001, 30.0))
    # a second, softer touch
    lag = int(RATE * 0.045)
    for i in range(lag, n):
        out[i] += 0.5 * out[i - lag]
    return out


def rattle(seed: int = 2) -> list[float]:
    """Dice in a cup and on the felt: a dozen short knocks, closer together, then quieter."""
    rng = random.Random(seed)
    n = int(RATE * 0.55)
    out = [0.0] * n
    t = 0.0
    gap = 0.05
    while t < 0.5:
        start = int(t * RATE)
        f = rng.uniform(900, 1600)
        length = int(RATE * 0.025)
        amp = 0.55 * (1 - t / 0.6)
        for i in range(length):
            if start + i >= n:
                break
            e = math.exp(-i / (RATE * 0.004))
            out[start + i] += amp * e * (0.6 * math.sin(2 * math.pi * f * i / RATE) + 0.4 * rng.uniform(-1, 1))
        t += gap * rng.uniform(0.6, 1.3)
        gap = max(0.015, gap * 0.9)
    return out


def slide(seed: int = 3) -> list[float]:
    """A card sliding on felt: soft filtered noise that swells and fades."""
    rng = random.Random(seed)
    n = int(RATE * 0.22)
    out = []
    lp = 0.0
    for i in range(n):
        lp += 0.12 * (rng.uniform(-1, 1) - lp)
        env = math.sin(math.pi * i / n) ** 1.5
        out.append(0.5 * lp * env)
    return out


def ambience(seed: int = 4) -> list[float]:
    """A low room hum with a slow murmur, looped quietly under everything."""
    rng = random.Random(seed)
    n = RATE * 4
    out = []
    lp = 0.0
    for i in range(n):
        t = i / RATE
        lp += 0.01 * (rng.uniform(-1, 1) - lp)
        hum = 0.05 * math.sin(2 * math.pi * 55 * t) + 0.025 * math.sin(2 * math.pi * 110 * t)
        murmur = 0.7 * lp * (0.6 + 0.4 * math.sin(2 * math.pi * 0.25 * t))
        out.append(hum + murmur)
    # crossfade the ends so the loop has no click
    fade = RATE // 5
    for i in range(fade):
        a = i / fade
        out[i] = out[i] * a + out[n - fade + i] * (1 - a)
    return out[: n - fade]


SYNTHS = {"chips": clink, "dice": rattle, "card": slide}


class SoundBank:
    """The game's sounds, or silence (``problem`` says why) when there is no mixer."""

    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.sounds: dict[str, Any] = {}
        self.ambient: Any = None
        self.problem: str | None = None
        try:
            why = audio.open_mixer()  # quietly, and never a second time once there was no device
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error(why or "the mixer did not start")
            self.rate, _fmt, self.channels = init
            for name, fn in SYNTHS.items():
                self.sounds[name] = self._make(fn())
            self.ambient = self._make(ambience())
        except (pygame.error, NotImplementedError, ValueError, TypeError) as exc:
            self.problem = f"no sound: {exc}"
            self.sounds = {}
            self.ambient = None
        self.apply_settings()

    def _make(self, samples: list[float]) -> Any:
        if self.rate != RATE:  # resample by nearest neighbour: good enough for these sounds
            k = RATE / self.rate
            samples = [samples[min(len(samples) - 1, int(i * k))] for i in range(int(len(samples) / k))]
        data = array.array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
        if self.channels == 2:
            data = array.array("h", (v for s in data for v in (s, s)))
        return pygame.mixer.Sound(buffer=data.tobytes())

    def volume(self) -> float:
        return 0.0 if self.settings.muted else float(self.settings.volume)

    def apply_settings(self) -> None:
        v = self.volume()
        for s in self.sounds.values():
            s.set_volume(v)
        if self.ambient is not None:
            if self.settings.ambience and v > 0:
                self.ambient.set_volume(v * 0.35)
                if not getattr(self, "_ambient_on", False):
                    self.ambient.play(loops=-1)
                    self._ambient_on = True
            else:
                self.ambient.stop()
                self._ambient_on = False

    def play(self, name: str) -> None:
        s = self.sounds.get(name)
        if s is not None and self.volume() > 0:
            s.play()

    def stop(self) -> None:
        try:
            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except pygame.error:
            pass
