"""Every bound lives in printgen/data/limits.yaml with a reason, and the code uses
each one (a bound in the file that nothing reads would be a promise not kept)."""

from __future__ import annotations

import re
from pathlib import Path

import printgen
from printgen.limits import limit, limits

PACKAGE = Path(printgen.__file__).parent


def test_every_limit_has_a_value_and_a_one_line_reason():
    assert len(limits()) >= 25
    for key, (value, why) in limits().items():
        assert isinstance(value, (int, float)) and value > 0, key
        assert len(why) > 20 and "\n" not in why, key


def test_every_limit_is_used_by_the_code_and_every_use_names_a_limit():
    code = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    used = set(re.findall(r'limit\("([a-z_]+)"\)', code))
    assert used == set(limits())


def test_the_limits_the_messages_quote_are_the_files():
    from printgen import reading
    from printgen.spec import yamlload
    assert reading.MAX_BYTES == limit("file_bytes") and yamlload.MAX_DEPTH == limit("yaml_depth")
    assert limit("deal_number_max") == 2 ** 64 - 1
