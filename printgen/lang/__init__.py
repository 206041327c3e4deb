"""The small languages a user writes in: template expressions (Jinja2, sandboxed and
bounded) and Markdown. Pure functions of text: they open no file; whatever a text
names (a picture) is looked up through a function the caller hands in."""
