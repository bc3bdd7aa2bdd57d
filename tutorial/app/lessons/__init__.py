"""The Lessons page: its page script (:mod:`.page`), the answers kept (:mod:`.state`) and the steps on screen (:mod:`.steps`)."""
