"""The table's elements that change at almost every action are written in Python rather than by
Jinja2 macros (``clank_web.present``): each must be byte for byte what its macro gave, escaping
included, whatever a pack's text holds (``<script>``, quotes, ampersands). The macros they
replaced are kept here as the reference, rendered by the web table's own environment
(autoescaped)."""

from __future__ import annotations

from clank_web import present
from clank_web.pages import environment
from hypothesis import given, settings
from hypothesis import strategies as st

MACROS = """
{% macro action_button(key, a) %}
<li data-key="{{ key }}"><button type="button" class="action kind-{{ a.kind }}" data-action="{{ a.text }}"{% if a.room %} data-room="{{ a.room }}"{% endif %}{% if a.preview %} data-preview="true"{% endif %}>{{ a.label }}</button></li>
{% endmacro %}
{% macro own_line(key, label, items, empty) %}
<p data-key="{{ key }}"><strong>{{ label }}:</strong> {% for item in items %}<span class="card-name">{{ item }}</span>{% if not loop.last %}, {% endif %}{% else %}{{ empty }}{% endfor %}</p>
{% endmacro %}
{% macro text_line(key, label, text) %}
<p data-key="{{ key }}"><strong>{{ label }}:</strong> {{ text }}</p>
{% endmacro %}
{% macro player_row(key, p) %}
<tr data-key="{{ key }}" class="{{ 'current' if p.current else '' }}" data-seat="{{ p.seat }}">
<td>{{ p.name }} <small>{{ p.status }}</small></td><td>{{ p.where }}</td><td>{{ p.gold }}</td>
<td class="health">{{ p.health_words }}</td><td>{{ p.cubes }}</td><td>{{ p.clank }}</td>
<td>{{ p.artifacts | join(", ") or "-" }}</td><td>{{ p.hand }}/{{ p.deck }}/{{ p.discard }}</td>
</tr>
{% endmacro %}
{% macro player_extra(key, p) %}
<tr data-key="{{ key }}" class="extra"><td colspan="8">{% if p.play %}in play: {{ p.play | join(", ") }}. {% endif %}{% if p.tokens %}tokens: {{ p.tokens | join(", ") }}. {% endif %}{{ p.marks | join("; ") }}</td></tr>
{% endmacro %}
{% macro log_line(key, line) %}<li data-key="{{ key }}">{{ line }}</li>{% endmacro %}
{% macro status_line(key, s) %}
<div data-key="{{ key }}" class="who">
{% if s.you %}You are <strong class="you">{{ s.you }}</strong>. {% else %}You are watching. {% endif %}
{% if s.stopped %}<strong class="stopped">{{ s.stopped }}</strong>
{% elif s.over %}<strong class="result">{{ s.result }}</strong>
{% elif s.deciding and s.own_turn and s.main %}Round {{ s.round }}. <strong class="your-move">Your turn.</strong>
{% elif s.deciding and s.own_turn %}Round {{ s.round }}, your turn. <strong class="your-move">Your decision: {{ s.prompt }}</strong>
{% elif s.deciding %}Round {{ s.round }}, {{ s.turn }}'s turn. <strong class="your-move">Your decision (on {{ s.turn }}'s turn): {{ s.prompt }}</strong>
{% else %}Round {{ s.round }}, <span class="turn">{{ s.turn }}'s turn</span>.
{% if s.out_of_turn %}<span class="waiting">Waiting for another player's decision.</span>{% endif %}
{% endif %}
</div>
{% endmacro %}
{% macro dragon(key, s) %}
<p data-key="{{ key }}" class="dragon"><strong>Clank! area:</strong> {% for who, n in s.area %}{{ who }} {{ n }}{% if not loop.last %}, {% endif %}{% else %}empty{% endfor %}
· <strong>bag:</strong> {{ s.bag }} cubes
· <strong>rage:</strong> space {{ s.rage }} of {{ s.rage_spaces }} (draws {{ s.draws }})
· dungeon deck {{ s.deck }} cards</p>
{% endmacro %}
"""

TEXT = st.text(alphabet=st.sampled_from("ab <>&\"'/=;×é"), max_size=12)
WORDS = st.lists(TEXT, max_size=3).map(tuple)
HOSTILE = "<script>alert('x')</script> & \"P1\""


def macros():
    return environment().from_string(MACROS).module


def reference(name: str, *args) -> str:
    return str(getattr(macros(), name)(*args)).strip()


def test_a_pack_text_with_markup_is_escaped_as_the_templates_escape_it():
    """A log line, an action's label and a player's row holding ``<script>`` reach a page as text."""
    line = present._log_line("l3", HOSTILE)
    assert "<script>" not in line.markup and "&lt;script&gt;" in line.markup
    assert line.markup == reference("log_line", "l3", HOSTILE)
    button = present._action_leaf(HOSTILE, HOSTILE, "play", HOSTILE, True)
    assert "<script>" not in button.markup
    assert button.markup == reference("action_button", f"a:{HOSTILE}", {"text": HOSTILE, "label": HOSTILE,
                                                                       "kind": "play", "room": HOSTILE,
                                                                       "preview": True})


@settings(max_examples=60, deadline=None)
@given(key=TEXT, label=TEXT, text=TEXT, items=WORDS, empty=TEXT)
def test_the_hands_lines_are_what_the_macros_gave(key, label, text, items, empty):
    assert present._text_line(key, label, text).markup == reference("text_line", key, label, text)
    assert present._own_line(key, label, items, empty).markup == reference("own_line", key, label, items, empty)
    assert present._log_line(key, text).markup == reference("log_line", key, text)


@settings(max_examples=60, deadline=None)
@given(text=TEXT, label=TEXT, kind=TEXT, room=st.one_of(st.none(), TEXT), preview=st.booleans())
def test_an_action_button_is_what_the_macro_gave(text, label, kind, room, preview):
    a = {"text": text, "label": label, "kind": kind, "room": room, "preview": preview}
    assert present._action_leaf(text, label, kind, room, preview).markup == reference("action_button", f"a:{text}", a)


@settings(max_examples=80, deadline=None)
@given(name=TEXT, where=TEXT, words=TEXT, numbers=st.lists(st.integers(0, 99), min_size=6, max_size=6),
       artifacts=WORDS, play=WORDS, tokens=WORDS, marks=WORDS, current=st.booleans())
def test_a_players_row_is_what_the_macros_gave(name, where, words, numbers, artifacts, play, tokens, marks, current):
    gold, cubes, clank, hand, deck, discard = numbers
    p = {"seat": 1, "name": name, "status": words, "where": where, "gold": gold, "health_words": words,
         "cubes": cubes, "clank": clank, "artifacts": artifacts, "hand": hand, "deck": deck, "discard": discard,
         "play": play, "tokens": tokens, "marks": marks, "current": current}
    assert present._player_row_markup("p1", p) == reference("player_row", "p1", p)
    assert present._player_extra_markup("x1", p) == reference("player_extra", "x1", p)


@settings(max_examples=120, deadline=None)
@given(you=st.one_of(st.none(), TEXT), stopped=st.one_of(st.none(), TEXT), result=TEXT, prompt=TEXT, turn=TEXT,
       round_=st.integers(1, 40), flags=st.lists(st.booleans(), min_size=5, max_size=5))
def test_the_status_line_is_what_the_macro_gave(you, stopped, result, prompt, turn, round_, flags):
    over, deciding, own_turn, main, out_of_turn = flags
    s = {"game": "g1", "you": you, "seat": 0, "round": round_, "turn": turn, "own_turn": own_turn, "main": main,
         "decider": turn, "out_of_turn": out_of_turn, "deciding": deciding, "prompt": prompt, "over": over,
         "stopped": stopped, "result": result}
    assert present._status_line(tuple(s.items())).markup == reference("status_line", "who", s)


@settings(max_examples=60, deadline=None)
@given(area=st.lists(st.tuples(TEXT, st.integers(1, 30)), max_size=4).map(tuple),
       numbers=st.lists(st.integers(0, 99), min_size=4, max_size=4), draws=st.one_of(st.integers(1, 5), TEXT))
def test_the_dragons_line_is_what_the_macro_gave(area, numbers, draws):
    bag, rage, spaces, deck = numbers
    s = {"area": area, "bag": bag, "rage": rage, "rage_spaces": spaces, "draws": draws, "deck": deck}
    assert present._dragon(tuple(s.items())).markup == reference("dragon", "dragon", s)
