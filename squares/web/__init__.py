"""The local web app: API and page."""
