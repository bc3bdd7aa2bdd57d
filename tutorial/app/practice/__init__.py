"""The Practice page: its typed state and address form (:mod:`.state`, plain Python), the
screen model (:mod:`.model`, plain Python: what the page shows and every action, each with a
*can* and a *do*), the view (:mod:`.view`) and the page script (:mod:`.page`)."""
