"""printgen: compile card-game components into print-ready files.

The flow is spec -> model -> layout -> render, one package folder per stage.
"""

__version__ = "0.1.0"
