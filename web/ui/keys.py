"""The table's keys (? lists them) and which input is in use: instructions name keys or a
finger (or mouse), whichever the player last used."""

from pyscript import document

import screens
from dom import listen, spawn


class Keys:
    def __init__(self, page):
        self.page = page  # the game, the hand and the controls

    def watch(self):
        listen(document, "keydown", self.on_key)
        listen(document, "pointerdown", self.on_pointer)

    def on_pointer(self, event):
        self.note_input(False)
        self.page.feedback.on_gesture()

    def note_input(self, by_keys):
        page = self.page
        if page.controls.by_keys != by_keys:
            page.controls.by_keys = by_keys
            if page.view is not None and page.screen() in screens.TABLE_SCREENS:
                page.update_controls()

    def on_key(self, event):
        """Never while typing in a field, choosing from a list, or a sheet is open (its
        Escape closes it, wherever the focus fell), nor with Ctrl, Alt or Meta held."""
        page = self.page
        page.feedback.on_gesture()
        target = event.target
        if (page.screen() not in screens.TABLE_SCREENS or page.view is None
                or document.querySelector("dialog:modal") is not None
                or event.ctrlKey or event.altKey or event.metaKey
                or target.closest("input, select, textarea, dialog") is not None):
            return
        key = event.key
        on_card = target.closest("#hand .card") is not None
        game = page.game
        if key in ("ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"):
            page.hand.move_focus(-1 if key in ("ArrowLeft", "ArrowUp") else 1)
        elif key == "Enter" and (on_card or target == document.body):
            spawn(game.play_selection())  # Space on a card selects it (the button's own key)
        elif key in ("p", "P"):
            spawn(game.pass_turn())
        elif key in ("h", "H"):
            spawn(game.ask_hint())
        elif key == "Escape":
            page.hand.clear()
            page.update_controls()
        elif key == "?":
            page.open_dialog("keys-help", "keys")
        else:
            return
        event.preventDefault()
        self.note_input(True)
