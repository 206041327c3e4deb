"""Drawings kept for reuse within a process, up to a number of bytes.

A deck's cards share much of what they draw (a background, a suit's symbol, a line of
rules text). The PNG renderer keeps each such drawing under a key that says all its
pixels depend on, so a later card pastes it instead of drawing it again; a store lets
its oldest drawings go when a new one would pass its budget.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from PIL import Image

V = TypeVar("V")


def image_bytes(image: Image.Image | None) -> int:
    """The memory Pillow takes for image's pixels (RGB is kept as 4 bytes a pixel)."""
    if image is None:
        return 0
    return image.width * image.height * (1 if image.mode in ("1", "L", "P") else 4)


class Kept(Generic[V]):
    """Values under keys, up to budget bytes in all (the oldest let go first)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._items: dict[object, tuple[V, int]] = {}
        self.size = 0

    def get(self, key: object) -> V | None:
        found = self._items.get(key)
        return None if found is None else found[0]

    def put(self, key: object, value: V, size: int) -> V:
        """Keep value (of size bytes) if it fits in the budget; return it either way."""
        if key in self._items:
            self.size -= self._items.pop(key)[1]
        while self._items and self.size + size > self.budget:
            self.size -= self._items.pop(next(iter(self._items)))[1]
        if size <= self.budget:
            self._items[key] = (value, size)
            self.size += size
        return value

    def clear(self) -> None:
        self._items.clear()
        self.size = 0

    def __len__(self) -> int:
        return len(self._items)

    def sizes(self) -> list[int]:
        return [size for _, size in self._items.values()]
