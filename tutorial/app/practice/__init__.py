"""The Practice page: the screen model (:mod:`.model`, plain Python), the view (:mod:`.view`) and the page script (:mod:`.page`)."""
