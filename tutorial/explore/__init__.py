"""The rules explorer's engine side: simulated players, the lean simulation path, the
teaching-engine path it is checked against, and studies of many seeded hands. Imports no
Streamlit, Pillow or gettext."""
