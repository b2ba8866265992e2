"""Sounds and vibration for what happens at the table, each as the settings allow (both on
at first; the table's mute button and the settings turn them off), and never the only
sign: every cue goes with something shown on the table.

The sounds are made on the spot with Web Audio (a few short notes), so nothing is
downloaded. Browsers let a page start sound only after the player's first tap or key:
the audio starts on such a gesture, once sound is on.
"""

import js

# Each cue: (notes as (frequency in Hz, start, length in seconds), oscillator type).
SOUNDS = {
    "play": ([(660, 0, 0.07)], "triangle"),
    "pass": ([(330, 0, 0.09)], "sine"),
    "turn": ([(523, 0, 0.08), (784, 0.09, 0.12)], "sine"),
    "revolution": ([(392, 0, 0.1), (311, 0.1, 0.1), (262, 0.2, 0.18)], "sawtooth"),
    "round_end": ([(523, 0, 0.1), (659, 0.1, 0.1), (784, 0.2, 0.22)], "triangle"),
}
VIBRATIONS = {"turn": [40], "revolution": [60, 40, 60], "round_end": [30, 30, 30]}
VOLUME = 0.12


class Feedback:
    def __init__(self, settings):
        self.settings = settings  # the page's settings (read at each cue)
        self.audio = None  # the AudioContext, made on a gesture once sound is on

    def on_gesture(self):
        """A tap or key: the moment a browser lets sound start."""
        if not self.settings["sound"]:
            return
        if self.audio is None:
            self.audio = js.AudioContext.new()
        elif self.audio.state == "suspended":
            self.audio.resume()

    def cue(self, name):
        """The sound and the vibration of ``name``, as the settings allow."""
        pattern = VIBRATIONS.get(name)
        if (pattern and self.settings["vibration"]
                and hasattr(js.navigator, "vibrate")):
            js.navigator.vibrate(js.JSON.parse(str(pattern)))
        if not self.settings["sound"] or self.audio is None or self.audio.state != "running":
            return
        notes, wave = SOUNDS[name]
        now = self.audio.currentTime
        for frequency, start, length in notes:
            oscillator = self.audio.createOscillator()
            gain = self.audio.createGain()
            oscillator.type = wave
            oscillator.frequency.value = frequency
            # A quick rise and fall, so no note clicks.
            gain.gain.setValueAtTime(0, now + start)
            gain.gain.linearRampToValueAtTime(VOLUME, now + start + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.001, now + start + length)
            oscillator.connect(gain)
            gain.connect(self.audio.destination)
            oscillator.start(now + start)
            oscillator.stop(now + start + length + 0.02)
