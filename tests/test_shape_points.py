"""A polygon or named shape of a great many points is refused with its key path before
anything is drawn (one of 300,000 points, 4 MB of text under the file limit, took
minutes to rasterise): at most shape_points in one shape and card_points on one card
side, groups and mirrors counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.limits import limit

ONE = int(limit("shape_points"))
SIDE = int(limit("card_points"))


def ring(n: int) -> str:
    """n distinct points, as a polygon's `points:` text (mm)."""
    return " ".join(f"{10 + (i % 100) * 0.1:.1f}mm,{10 + (i // 100) * 0.1:.1f}mm" for i in range(n))


def build(cli, folder: Path, face: str):
    (folder / "face.yaml").write_text(face, encoding="utf-8")
    (folder / "deck.yaml").write_text("name: t\nsize: poker\nface: face.yaml\nback: face.yaml\n"
                                      "cards:\n  - fields: {v: a}\n", encoding="utf-8")
    return cli("build", str(folder / "deck.yaml"), "--only", "pdf", "--out", str(folder / "out"), "-q")


def one_error(result, folder: Path) -> str:
    assert result.status == 2, result.out
    line, = result.err.strip().splitlines()
    assert not (folder / "out").exists()
    return line


def test_a_polygon_of_too_many_points_is_refused_at_its_points(cli, tmp_path):
    result = build(cli, tmp_path, f"elements:\n  - {{kind: polygon, fill: '#000000', points: '{ring(ONE + 1)}'}}\n")
    line = one_error(result, tmp_path)
    assert "face.yaml:2 elements[0].points" in line and f"{ONE + 1:,} points; expected at most {ONE:,}" in line


def test_a_named_shape_of_too_many_points_is_refused_at_its_part(cli, tmp_path):
    numbers = " ".join(f"{(i % 100) / 100:.2f},{(i // 100) / 100:.2f}" for i in range(ONE + 1))
    result = build(cli, tmp_path, f"shapes:\n  blob:\n    - {{polygon: '{numbers}'}}\nelements:\n"
                                  f"  - {{kind: shape, shape: blob, cx: 30mm, cy: 40mm, size: 20mm}}\n")
    line = one_error(result, tmp_path)
    assert "face.yaml:3 shapes.blob[0].polygon" in line and f"expected at most {ONE:,}" in line, line


@pytest.mark.parametrize("mirror", [False, True])
def test_the_points_of_one_card_side_are_bounded_together(cli, tmp_path, mirror):
    each = SIDE // ONE + 1 - mirror * (SIDE // ONE // 2)
    face = (f"elements:\n  - kind: group\n    each: {each}\n    elements:\n"
            f"      - {{kind: polygon, fill: '#000000', mirror: {str(mirror).lower()}, points: '{ring(ONE)}'}}\n")
    line = one_error(build(cli, tmp_path, face), tmp_path)
    assert "face.yaml:5 elements[0].elements[0].points" in line, line
    assert f"points with this element's; expected at most {SIDE:,} on one card side" in line, line


def test_a_side_within_the_bounds_builds(cli, tmp_path):
    face = (f"elements:\n  - kind: group\n    each: {SIDE // ONE}\n    elements:\n"
            f"      - {{kind: polygon, fill: '#000000', points: '{ring(ONE)}'}}\n")
    result = build(cli, tmp_path, face)
    assert result.status == 0, result.err
