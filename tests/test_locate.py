"""The TOML line locator: every key path tomllib returns is found at its line."""

import tomllib
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutorial.engine.locate import MAX_NESTING, locate


def paths(value, prefix=()):
    """Every key path in parsed TOML data (tables and arrays included, the root excluded)."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield prefix + (key,)
        yield from paths(item, prefix + (key,))


# ----- a generator of TOML documents that knows the line of every key --------
class Doc:
    """TOML text being written, with the lines where each key path appears."""

    def __init__(self):
        self.parts = []
        self.line = 1
        self.expected = defaultdict(set)

    def put(self, text):
        self.parts.append(text)
        self.line += text.count("\n")

    def mark(self, path):
        self.expected[path].add(self.line)

    @property
    def text(self):
        return "".join(self.parts)


def basic(text):
    """``text`` as a TOML basic string body (no line breaks or control characters left raw)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


TRICKY = ["answer = 1", "[positions.start]", "[[steps]]", "# not a comment", 'x = "y"', "a.b = {c = 1}",
          "]", "}", ",", "=", "'", "''", '"', '""', "\\", "\\n", "é ♥ 6♥", "\t"]
text_parts = st.lists(st.one_of(st.sampled_from(TRICKY), st.text(alphabet="ab =[]#{}.,'\"\\é♥\t", max_size=6)), max_size=4)
key_names = st.one_of(
    st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True),
    st.text(alphabet="ab. =#[]'\"\\é♥\n\t", min_size=0, max_size=5),
)
INTS = st.integers(-(2**63), 2**63 - 1)
FLOATS = ["3.14", "-0.0", "1e10", "6.626e-34", "inf", "-inf", "nan", "1_000.5", "+1.5"]
DATES = ["1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "1979-05-27 07:32:00-07:00", "1979-05-27T00:32:00.999999"]


@st.composite
def documents(draw):
    doc = Doc()

    def key_text(name):
        if name and all(c.isascii() and (c.isalnum() or c in "_-") for c in name) and draw(st.booleans()):
            return name
        if "'" not in name and "\n" not in name and "\t" not in name and draw(st.booleans()):
            return f"'{name}'"
        return f'"{basic(name)}"'

    def names(count):
        return draw(st.lists(key_names, min_size=count, max_size=count, unique=True))

    def blank():
        choice = draw(st.sampled_from(["", "", "\n", "# [fake] = 1\n", "  # answer = 2\n\n"]))
        doc.put(choice)

    def string():
        lines = draw(text_parts)
        form = draw(st.sampled_from(["basic", "literal", "ml-basic", "ml-literal"]))
        if form == "basic":
            doc.put('"' + basic(" ".join(lines)) + '"')
        elif form == "literal":
            doc.put("'" + " ".join(lines).replace("'", "").replace("\n", "") + "'")
        elif form == "ml-basic":
            joint = draw(st.sampled_from(["\n", "\\\n", "\r\n"]))
            body = joint.join(basic(line) for line in lines)
            doc.put('"""' + draw(st.sampled_from(["", "\n"])) + body + '"""')
        else:
            body = "\n".join(line.replace("'", "") for line in lines)
            doc.put("'''" + draw(st.sampled_from(["", "\n"])) + body + draw(st.sampled_from(["'''", "''''", "'''''"])))

    def value(path, depth):
        kinds = ["int", "float", "bool", "date", "string"] + (["array", "table"] if depth < 3 else [])
        kind = draw(st.sampled_from(kinds))
        if kind == "int":
            number = draw(INTS)
            form = draw(st.sampled_from(["dec", "hex", "oct", "bin", "under"]))
            if form == "dec" or number < 0:
                doc.put(str(number))
            elif form == "under":
                doc.put(f"{number:_}")
            else:
                doc.put({"hex": f"0x{number:X}", "oct": f"0o{number:o}", "bin": f"0b{number:b}"}[form])
        elif kind == "float":
            doc.put(draw(st.sampled_from(FLOATS)))
        elif kind == "bool":
            doc.put(draw(st.sampled_from(["true", "false"])))
        elif kind == "date":
            doc.put(draw(st.sampled_from(DATES)))
        elif kind == "string":
            string()
        elif kind == "array":
            count = draw(st.integers(0, 3))
            multiline = draw(st.booleans())
            doc.put("[")
            for index in range(count):
                if multiline:
                    doc.put(draw(st.sampled_from(["\n  ", "\n  # [x]\n  ", " "])))
                doc.mark(path + (index,))
                value(path + (index,), depth + 1)
                if index < count - 1 or (count and draw(st.booleans())):
                    doc.put(",")
            doc.put("\n]" if multiline else "]")
        else:
            doc.put("{")
            for number, name in enumerate(names(draw(st.integers(0, 3)))):
                doc.put(", " if number else " ")
                pair(path, [name], depth + 1)
            doc.put(" }")

    def pair(table, dotted, depth):
        path = table
        written = []
        for name in dotted:
            path += (name,)
            doc.mark(path)
            written.append(key_text(name))
        doc.put(draw(st.sampled_from([".", " . "])).join(written) + draw(st.sampled_from([" = ", "=", "  =  "])))
        value(path, depth)

    def pairs(table, keys):
        for name in keys:
            blank()
            dotted = [name] + names(draw(st.integers(0, 2)))  # a.b.c = … (fresh names below the first)
            pair(table, list(dict.fromkeys(dotted)), 0)
            doc.put(draw(st.sampled_from(["\n", "  # x = 1\n", "\r\n"])))

    def split(keys):
        """Key names of one table: those of its pairs, those of its sub-tables (never the same)."""
        cut = draw(st.integers(0, len(keys)))
        return keys[:cut], keys[cut:]

    def header(parts, array, marks):
        """Write ``[a.b]`` or ``[[a.b]]``; ``marks``: the key paths it names (array indices resolved)."""
        for path in marks:
            doc.mark(path)
        doc.put(("[[" if array else "[") + ".".join(map(key_text, parts)) + ("]]" if array else "]") + "\n")

    plain, tables = split(names(draw(st.integers(0, 6))))
    for name in plain:
        pair((), [name], 0)
        doc.put("\n")
    for name in tables:
        blank()
        if draw(st.booleans()):
            header([name], False, [(name,)])
            keys, subs = split(names(draw(st.integers(0, 5))))
            pairs((name,), keys)
            for sub in subs:
                header([name, sub], False, [(name,), (name, sub)])
                pairs((name, sub), names(draw(st.integers(0, 3))))
        else:
            for index in range(draw(st.integers(1, 3))):
                header([name], True, [(name,), (name, index)])
                keys, subs = split(names(draw(st.integers(0, 5))))
                pairs((name, index), keys)
                for sub in subs:
                    array = draw(st.booleans())
                    for number in range(draw(st.integers(1, 2)) if array else 1):
                        element = (name, index, sub) + ((number,) if array else ())
                        header([name, sub], array, [(name,), (name, index), (name, index, sub), element])
                        pairs(element, names(draw(st.integers(0, 3))))
    return doc


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@settings(max_examples=120, deadline=None)
@given(doc=documents())
def test_every_key_path_is_found_at_a_line_where_it_appears(doc):
    data = tomllib.loads(doc.text)  # the generator writes valid TOML only
    lines = locate(doc.text)
    for path in paths(data):
        assert path in lines, (path, doc.text)
        assert lines[path] in doc.expected[path], (path, lines[path], doc.expected[path], doc.text)


@pytest.mark.no_cover  # a long run over code the other tests cover: without coverage's tracer, half the time
@settings(max_examples=80, deadline=None)
@given(doc=documents(), cut=st.integers(0, 10**6), junk=st.text(max_size=3))
def test_never_raises_on_broken_text(doc, cut, junk):
    text = doc.text
    cut %= len(text) + 1
    for broken in (text[:cut], text[:cut] + junk + text[cut:]):
        lines = locate(broken)
        assert all(isinstance(line, int) and line >= 1 for line in lines.values())


@given(st.text())
def test_never_raises_on_any_text(text):
    locate(text)


# ----- particular cases --------------------------------------------------------
def test_a_line_inside_a_multi_line_string_is_not_a_key():
    text = 'title = """\nanswer = 1\n[[steps]]\n"""\nanswer = 2\n'
    lines = locate(text)
    assert dict(lines) == {("title",): 1, ("answer",): 5}


def test_every_element_of_a_multi_line_array_has_its_own_line():
    text = 'commons = [\n  ["5C"],  # one\n  [\n    "9D",\n    "XX",\n  ],\n]\n'
    lines = locate(text)
    assert [lines[("commons", 1, i)] for i in (0, 1)] == [4, 5]
    assert lines[("commons", 0, 0)] == 2 and lines[("commons",)] == 1


def test_tables_arrays_of_tables_dotted_and_inline():
    text = """
[positions.start]
players = ["A", "B", "C"]
[positions.start.stocks]
"B c" = ["6H"]
[[steps]]
id = "a"
[[steps]]
id = "b"
position = { players = ["A"], stocks = { A = ["2D"] } }
site."google.com" = true
[steps.extra]
k = 1
"""
    lines = locate(text)
    assert lines[("positions",)] == 2 and lines[("positions", "start", "stocks", "B c", 0)] == 5
    assert lines[("steps",)] == 6 and lines[("steps", 1)] == 8 and lines[("steps", 1, "id")] == 9
    assert lines[("steps", 1, "position", "stocks", "A", 0)] == 10
    assert lines[("steps", 1, "site", "google.com")] == 11
    assert lines[("steps", 1, "extra", "k")] == 13


def test_line_falls_back_to_the_nearest_known_ancestor():
    lines = locate('[[steps]]\nid = "a"\n\n[[steps]]\nid = "b"\n')
    assert lines.line(("steps", 1, "answer")) == 4
    assert lines.line(("steps", 5, "answer")) == 1
    assert lines.line(("nothing",)) == 0 and lines.get(("steps", 1, "answer")) is None


def test_literal_gives_the_source_text_of_numbers_and_dates():
    lines = locate('a = 0xFF\nb = 1_000\nc = "1"\nd = 1979-05-27 07:32:00Z\n')
    assert [lines.literal((k,)) for k in "abcd"] == ["0xFF", "1_000", None, "1979-05-27 07:32:00Z"]


def test_invalid_text_keeps_what_came_before():
    lines = locate('a = 1\nb = = 2\nc = 3\n')
    assert dict(lines) == {("a",): 1, ("b",): 2}
    assert dict(locate("x = [[[[")) == {("x",): 1, ("x", 0): 1, ("x", 0, 0): 1, ("x", 0, 0, 0): 1}
    deep = locate("x = " + "[" * (MAX_NESTING * 50))
    assert len(deep) <= MAX_NESTING + 2
