"""Stage 4: draw laid-out primitives to files (pdf: reportlab, svg: svgwrite, png: Pillow)."""
