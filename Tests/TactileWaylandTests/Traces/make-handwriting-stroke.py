#!/usr/bin/env python3
"""Writes handwriting-stroke.trace: one finger writing three loops across a 400x300 window, as a
125 Hz touch screen reports it (a sample every 7-9 ms, one wl_touch.frame per sample), for the
prediction test (TouchPredictionTests). The pen follows a minimum-jerk progress along a looping curve
(slow start, fast middle, slow end), with 0.3-point digitizer noise; positions are rounded to wl_fixed's
1/256 and times to the protocol's milliseconds. Deterministic: run it again to get the same file."""
import json
import math
import random

random.seed(22)
duration = 1.2  # seconds
start_ms = 1000


def position(t):
    s = t / duration
    progress = 10 * s**3 - 15 * s**4 + 6 * s**5
    angle = 2 * math.pi * 3 * progress
    x = 60 + 260 * progress + 35 * math.sin(angle)
    y = 150 - 55 * math.cos(angle) + 20 * math.sin(math.pi * progress)
    return x, y


def fixed(value):
    return round(value * 256) / 256


lines = [{"type": "tactile-input-trace", "version": 2}]
t = 0.0
x, y = position(t)
lines.append({"id": 0, "surface": 0, "time": start_ms, "type": "touch-down", "x": fixed(x), "y": fixed(y)})
lines.append({"time": start_ms, "type": "touch-frame"})
while True:
    t += random.choice([0.007, 0.008, 0.008, 0.009])
    if t > duration:
        break
    x, y = position(t)
    x += random.gauss(0, 0.3)
    y += random.gauss(0, 0.3)
    ms = start_ms + round(t * 1000)
    lines.append({"id": 0, "time": ms, "type": "touch-motion", "x": fixed(x), "y": fixed(y)})
    lines.append({"time": ms, "type": "touch-frame"})
lines.append({"id": 0, "time": ms + 8, "type": "touch-up"})
lines.append({"time": ms + 8, "type": "touch-frame"})
with open("handwriting-stroke.trace", "w") as out:
    for line in lines:
        out.write(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n")
