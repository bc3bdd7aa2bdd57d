"""Pictures drawn with Pillow: cards now, the seat-true table next (no Streamlit here)."""
