"""Presenter mode: the switch and keys (:mod:`.mode`), lessons and practice on a projector."""
