"""The Home page."""
