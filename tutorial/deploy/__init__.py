"""Serving a school: several app processes behind one address (:mod:`.serve`), a reverse proxy
that keeps each browser on its process (:mod:`.proxy`, HAProxy) and a PostgreSQL cluster of
this machine's server programs for them to share (:mod:`.local_postgres`). No Streamlit here:
the processes are ``muggins app`` commands."""
