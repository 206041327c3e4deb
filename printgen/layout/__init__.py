"""Stage 3: turn the model into placed drawing primitives (card sides, pages)."""
