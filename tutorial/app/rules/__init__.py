"""The Rules page."""
