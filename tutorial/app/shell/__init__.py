"""The app's shared shell: the router (:mod:`.pages`), the learner's session, the click guard,
the keyboard focus, the document, markup helpers and the drawn table component."""
