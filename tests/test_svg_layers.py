"""An SVG picture's layers and filter work, bounded at read time: a morphology of radius
200 took resvg 68 s, a turbulence of 1,000 octaves 19 s, 1,000 blurs in one filter 13 s,
200 translucent groups 16 s; each is one located error in moments, and a picture with
a few filters and a few dozen translucent groups is read as before."""

from __future__ import annotations

import pytest
from cputime import cpu_seconds
from test_svg_pictures import OPEN, refused

SHAPE = '<rect width="10" height="10"/>'


def filtered(primitives: str, times: int = 1) -> str:
    return (f'{OPEN}\n<defs><filter id="f">{primitives}</filter></defs>\n'
            + '<rect width="10" height="10" filter="url(#f)"/>' * times + "</svg>")


@pytest.mark.parametrize("svg, says", [
    (filtered('<feMorphology radius="200"/>'), '<feMorphology> at line 2 has radius=200, more than 0.06'),
    (filtered('<feMorphology radius="0.01 3"/>'), 'radius=0.01 3, more than 0.06'),
    (filtered('<feTurbulence baseFrequency="0.05" numOctaves="1000"/>'), "numOctaves=1000, more than 5"),
    (filtered('<feConvolveMatrix order="50" kernelMatrix="1"/>'), "order=50, more than 10"),
    (filtered('<feGaussianBlur stdDeviation="1"/>' * 1000), "more than 8 filter primitives drawn (line 2)"),
    (filtered('<feOffset dx="1"/>', 25), "more than 8 filter primitives drawn"),
    (f'{OPEN}\n' + f'<g opacity="0.5">{SHAPE}</g>' * 200 + "</svg>", "more than 30 layers drawn"),
    (f'{OPEN}\n<defs><filter id="f"><feOffset dx="1"/><feOffset dx="1"/></filter>'
     f'<g id="s" filter="url(#f)">{SHAPE}</g></defs>\n' + '<use href="#s"/>' * 5 + "</svg>",
     "more than 8 filter primitives drawn"),
])
def test_costly_filters_and_layers_are_refused_in_moments(cli, tmp_path, svg, says):
    start = cpu_seconds()
    said = refused(cli, tmp_path, svg)
    assert cpu_seconds() - start < 5
    assert says in said, said


@pytest.mark.parametrize("svg", [
    f'{OPEN}\n' + f'<g style="opacity: 50%">{SHAPE}</g>' * 4 + "</svg>",
    f'{OPEN}\n' + '<rect width="9" height="9" opacity=".9"/>' * 4 + "</svg>",
    f'{OPEN}\n<defs><clipPath id="c">{SHAPE}</clipPath><g id="g" clip-path="url(#c)">{SHAPE}</g></defs>\n'
    + '<use href="#g"/>' * 4 + "</svg>",
    (f'{OPEN}\n<defs><pattern id="p" width="2" height="2">{SHAPE}</pattern></defs>\n'
    f'<g fill="url(#p)">{SHAPE * 4}</g></svg>'),
    (f'{OPEN}\n<defs><mask id="m"><g opacity="0.5">{SHAPE}</g></mask></defs>\n'
    f'<rect width="9" height="9" mask="url(#m)"/><rect width="9" height="9" mask="url(#m)"/></svg>'),
    (f'{OPEN}\n<defs><filter id="f"><feOffset dx="1"/></filter></defs>\n'
    f'<g filter="url(#f)" opacity="0.5">{SHAPE}</g><g filter="url(#f)" opacity="0.5">{SHAPE}</g></svg>'),
])
def test_layers_are_counted_for_every_element_and_reference_that_draws_them(cli, tmp_path, monkeypatch, svg):
    """Each draws 4 layers: four translucent groups or shapes, a clipped group drawn by
    four <use>, a pattern filling four shapes, a mask holding a translucent group set on
    two shapes, two translucent filtered groups."""
    import printgen.svglayers
    monkeypatch.setattr(printgen.svglayers, "MAX_LAYERS", 3)
    said = refused(cli, tmp_path, svg)
    assert "more than 3 layers drawn" in said and "<use> or url(#id)" in said


def test_primitives_are_counted_for_every_element_set_with_the_filter(cli, tmp_path, monkeypatch):
    """A filter of three primitives (one a turbulence of two octaves) set on three
    shapes draws 9; its definition is not drawn."""
    import printgen.svglayers
    from printgen.vector import svg_size
    body = '<feTurbulence numOctaves="2"/><feOffset dx="1"/>'
    monkeypatch.setattr(printgen.svglayers, "MAX_PRIMITIVES", 8)
    said = refused(cli, tmp_path, filtered(body, 3))
    assert "more than 8 filter primitives drawn" in said
    monkeypatch.setattr(printgen.svglayers, "MAX_PRIMITIVES", 9)
    (tmp_path / "ok.svg").write_text(filtered(body, 3))
    assert svg_size(tmp_path / "ok.svg", "ok.svg") == (10, 10)


def test_a_morphology_radius_is_measured_against_the_picture(tmp_path):
    """The same radius is small in a large picture, large in a small one; in a filter
    measured in the element's box it is a fraction of that box."""
    from printgen.errors import InputError
    from printgen.vector import svg_size

    def picture(side: int, radius: str, units: str = "userSpaceOnUse") -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}">'
                f'<defs><filter id="f" primitiveUnits="{units}"><feMorphology radius="{radius}"/></filter>'
                f'</defs><rect width="{side}" height="{side}" filter="url(#f)"/></svg>')
    for name, svg, fine in [("large", picture(1000, "6"), True), ("small", picture(100, "6"), False),
                            ("box", picture(1000, "0.005", "objectBoundingBox"), True),
                            ("wide box", picture(1000, "0.1", "objectBoundingBox"), False)]:
        (tmp_path / f"{name}.svg").write_text(svg)
        if fine:
            assert svg_size(tmp_path / f"{name}.svg", name) == (1000, 1000)
        else:
            with pytest.raises(InputError, match="feMorphology"):
                svg_size(tmp_path / f"{name}.svg", name)


def test_ordinary_artwork_with_filters_and_translucent_groups_is_read(tmp_path):
    """A drop shadow on two shapes, a blur, a clipped and a masked group, a pattern and
    two dozen translucent groups, some drawn again by <use>; the filter and clip path
    definitions are not counted as drawn."""
    from printgen.vector import svg_size
    shadow = ('<filter id="shadow"><feGaussianBlur in="SourceAlpha" stdDeviation="2"/><feOffset dx="2" dy="2"/>'
              '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>')
    svg = (f'{OPEN}\n<defs>{shadow}<filter id="soft"><feGaussianBlur stdDeviation="1"/></filter>'
           f'<clipPath id="c">{SHAPE}</clipPath><mask id="m">{SHAPE}</mask>'
           f'<pattern id="p" width="2" height="2">{SHAPE}</pattern>'
           f'<g id="leaf" opacity="0.8">{SHAPE}</g></defs>\n'
           f'<rect width="5" height="5" filter="url(#shadow)"/><circle r="3" filter="url(#shadow)"/>'
           f'<circle r="2" filter="url(#soft)"/><g clip-path="url(#c)">{SHAPE}</g><g mask="url(#m)">{SHAPE}</g>'
           f'<rect width="4" height="4" fill="url(#p)"/>'
           + f'<g opacity="0.6">{SHAPE}</g>' * 16 + '<use href="#leaf"/>' * 6 + "</svg>")
    (tmp_path / "art.svg").write_text(svg)
    assert svg_size(tmp_path / "art.svg", "art.svg") == (10, 10)
