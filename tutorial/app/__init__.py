"""The Streamlit app. Only this package imports Streamlit."""
