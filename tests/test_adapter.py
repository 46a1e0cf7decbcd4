"""Adapter: VASSAL saves/logs → canonical events (expected events written by hand from the log's meaning)."""

from __future__ import annotations

from vassal_logs import add, log_text, piece, save_text, stack, tiny_game, vsav

from modgen.logs.eventlog import event_problems
from modgen.vassal.adapter import adapt

# Hex centres at hex_px 100 for the tiny map (modgen.geometry.hexgrid.center_px): 0203 (194,350), 0303 (281,300),
# 0405 (367,550), 0505 (454,600), 0404 (367,450).


def units_save(extra_pieces=()):
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")
    tb, sb = piece("102", "B", "main", 367, 550, unit="su.b", side="soviet", faces=("front", "reduced"), face=2)
    return [add("101", ta, sa), add("102", tb, sb), *extra_pieces,
            stack("201", "main", 194, 350, "101"), stack("202", "main", 367, 550, "102")]


def strip(events):
    return [{k: v for k, v in e.items() if k not in ("i", "source")} for e in events]


def test_setup_events():
    pieces = units_save()
    res = adapt(vsav(save_text(pieces)), tiny_game(), scenario="s1")
    assert strip(res.events) == [
        {"type": "scenario_start", "game": "tiny", "scenario": "s1"},
        {"type": "setup", "unit": "de.a", "hex": "0203", "face": "front", "side": "german"},
        {"type": "setup", "unit": "su.b", "hex": "0405", "face": "reduced", "side": "soviet"},
    ]
    assert res.warnings == []
    assert [e["i"] for e in res.events] == [0, 1, 2]
    assert all(event_problems(e) == [] for e in res.events)


def test_off_map_setup():
    tx, sx = piece("104", "X", "reinforcements", 10, 10, unit="de.a")
    res = adapt(vsav(save_text([add("104", tx, sx)])), tiny_game())
    assert strip(res.events)[1] == {"type": "setup", "unit": "de.a", "off_map": "reinforcements", "face": "front",
                                    "side": "german"}


def play_log():
    pieces = units_save()
    _, sb_front = piece("102", "B", "main", 454, 500, unit="su.b", side="soviet", faces=("front", "reduced"), face=1)
    _, sb_red = piece("102", "B", "main", 454, 500, unit="su.b", side="soviet", faces=("front", "reduced"), face=2)
    esc = lambda s: s.replace("/", "\\/")  # noqa: E731
    steps = [
        ["CHAT&lt;Alice&gt; - !phase movement german"],
        ["CHAT&lt;Alice&gt; - !mode road"],
        ["M/101/main/281/300/null/main/194/350/null/alice", stack("203", "main", 281, 300, "101")],
        ["M/101/main/283/302/null/main/281/300/null/alice"],  # nudged inside 0303: not a move
        ["CHAT&lt;Alice&gt; - !phase combat german"],
        ["CHAT&lt;Alice&gt; - !attack 0303 -> 0405 mobile"],
        ["CHAT&lt;Alice&gt; - !roll combat"],
        ["CHAT*** German rolled 1d6 [1d6]: 5 ***"],
        ["CHAT&lt;Alice&gt; - !result DR"],
        ["M/102/main/454/500/null/main/367/550/null/bob"],
        ["CHAT&lt;Bob&gt; - !retreat 0405 0505"],
        ["D/102/" + esc(sb_front) + "/" + esc(sb_red)],
        ["CHAT&lt;Bob&gt; - good game"],
        ["M/101/main/367/450/null/main/283/302/null/alice"],
        ["UNDO\ttrue", "M/101/main/283/302/null/main/367/450/null/alice", "CHAT* UNDO: moves", "UNDO\tfalse"],
        ["-/101"],
        ["CHAT&lt;Alice&gt; - !attack 0303 =&gt; 0405"],
        ["TURNTurnTracker0\t0|2;0;false;-1"],
        ["CHAT&lt;Bob&gt; - !vp soviet 2 held the line"],
        ["CHAT&lt;Bob&gt; - !end"],
    ]
    return log_text(save_text(pieces), steps)


def test_play_log_to_canonical_events():
    res = adapt(vsav(play_log()), tiny_game(), name="game.vlog")
    ev = strip(res.events)
    assert ev[3:] == [
        {"type": "phase", "phase": "movement", "side": "german"},
        {"type": "move", "unit": "de.a", "from": "0203", "to": "0303", "mode": "road", "side": "german"},
        {"type": "phase", "phase": "combat", "side": "german"},
        {"type": "attack", "attackers": ["de.a"], "defenders": ["su.b"], "hex": "0405", "kind": "mobile"},
        {"type": "roll", "dice": [5], "purpose": "combat", "side": "german"},
        {"type": "result", "result": "DR"},
        {"type": "retreat", "unit": "su.b", "side": "soviet", "path": ["0405", "0505"]},
        {"type": "flip", "unit": "su.b", "face": "front"},
        {"type": "chat", "text": "good game"},
        # the move to 0404 and its undo are both gone
        {"type": "loss", "unit": "de.a", "eliminated": True},
        {"type": "chat", "text": "!attack 0303 => 0405",
         "note": "not understood: expected '->' or another attacking unit or hex, got '=>'"},
        {"type": "turn", "turn": 2},
        {"type": "vp", "side": "soviet", "points": 2, "reason": "held the line"},
        {"type": "game_end"},
    ]
    assert len(res.warnings) == 1 and "game.vlog: step 17" in res.warnings[0] and "column 14" in res.warnings[0]
    assert all(event_problems(e) == [] for e in res.events), [event_problems(e) for e in res.events]
    src = res.events[4]["source"]
    assert src["file"] == "game.vlog" and src["step"] == 3 and src["offset"] > 0


def test_retreat_declared_before_the_drop():
    pieces = units_save()
    text = log_text(save_text(pieces), [["CHAT&lt;Bob&gt; - !retreat su.b 0505"],
                                        ["M/102/main/454/500/null/main/367/550/null/bob"]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[-1] == {"type": "retreat", "unit": "su.b", "path": ["0405", "0505"]}


def test_reinforcement_after_setup():
    tx, sx = piece("105", "X", "main", 194, 350, unit="de.a")
    text = log_text(save_text([]), [[add("105", tx, sx)]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[-1] == {"type": "reinforcement", "unit": "de.a", "hex": "0203", "side": "german"}


def test_marker_counters_become_marker_events():
    tm, sm = piece("106", "Supp", "main", 367, 550, unit="marker.supp", faces=("front",))
    pieces = units_save()
    text = log_text(save_text(pieces), [[add("106", tm, sm)], ["-/106"]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    # su.b is the only unit in 0405, so the marker names it
    assert ev[-2:] == [{"type": "marker", "hex": "0405", "marker": "supp", "on": True, "unit": "su.b"},
                       {"type": "marker", "hex": "0405", "marker": "supp", "on": False, "unit": "su.b"}]


def test_marker_on_an_empty_hex_names_no_unit():
    tm, sm = piece("106", "Supp", "main", 281, 300, unit="marker.supp", faces=("front",))
    text = log_text(save_text(units_save()), [[add("106", tm, sm)]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[-1] == {"type": "marker", "hex": "0303", "marker": "supp", "on": True}


def test_log_for_another_module_warns():
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a", game="othergame")
    res = adapt(vsav(save_text([add("101", ta, sa)])), tiny_game())
    assert any("pieces belong to othergame, not tiny" in w for w in res.warnings)
    tf, sf = piece("101", "Foreign", "Main Map", 10, 10)
    res = adapt(vsav(save_text([add("101", tf, sf)])), tiny_game())
    assert any("not from a module built from tiny" in w for w in res.warnings)


def test_without_game_uses_names_and_pixels():
    tf, sf = piece("101", "Foreign Piece", "Main Map", 10, 20)
    text = log_text(save_text([add("101", tf, sf)]), [["M/101/Main Map/30/40/null/Main Map/10/20/null/p"]])
    ev = strip(adapt(vsav(text)).events)
    assert ev == [{"type": "setup", "unit": "Foreign Piece", "off_map": "Main Map"},
                  {"type": "move", "unit": "Foreign Piece", "from": "Main Map@10,20", "to": "Main Map@30,40"}]


def test_holding_box_and_table_positions():
    game = tiny_game()
    game.maps_docs[0]["maps"].append({"id": "table", "kind": "table", "width_in": 72, "height_in": 48})
    game.scenarios = {"s": {"id": "s", "setup": [{"unit": "de.a", "off_map": "reinforcements"},
                                                 {"unit": "su.b", "off_map": "eliminated"}]}}
    # hex_px 100 -> counter_px 75, cell 93, band 24 + 3*93 = 303 px; boxes sorted: eliminated, reinforcements
    ta, sa = piece("101", "A", "holding", 46, 303 + 70, unit="de.a")
    tb, sb = piece("102", "B", "holding", 46, 70, unit="su.b", side="soviet", faces=("front", "reduced"))
    tc, sc = piece("103", "C", "table", 300, 150, unit="de.a")  # 30 px per inch (default)
    text = log_text(save_text([add("101", ta, sa), add("102", tb, sb), add("103", tc, sc)]),
                    [["M/103/table/330/165/null/table/300/150/null/p"],
                     ["M/101/main/194/350/null/holding/46/373/null/p"]])
    ev = strip(adapt(vsav(text), game).events)
    assert ev[1:] == [
        {"type": "setup", "unit": "de.a", "off_map": "reinforcements", "face": "front", "side": "german"},
        {"type": "setup", "unit": "su.b", "off_map": "eliminated", "face": "front", "side": "soviet"},
        {"type": "setup", "unit": "de.a", "pos": [10.0, 5.0], "face": "front", "side": "german"},
        {"type": "move", "unit": "de.a", "from_pos": [10.0, 5.0], "to_pos": [11.0, 5.5], "side": "german"},
        # dragged from the reinforcements box onto the map: it enters
        {"type": "reinforcement", "unit": "de.a", "hex": "0203", "side": "german"},
    ]


def test_waiting_reinforcements_have_their_arrival_band():
    """Units of ``reinforcements`` that ``setup`` does not place wait in a band per arrival, after the set-up boxes;
    dragged onto a hex or a table they are ``reinforcement`` events (hex / pos), not moves."""
    game = tiny_game()
    game.maps_docs[0]["maps"].append({"id": "table", "kind": "table", "width_in": 72, "height_in": 48})
    game.scenarios = {"s": {"id": "s", "setup": [{"unit": "marker.supp", "off_map": "pool"}],
                            "reinforcements": [
                                {"turn": 3, "side": "soviet", "units": ["su.b"], "area": "east",
                                 "roll": {"die": "1d6", "on": [4, 6, 5]}, "group": "7gd"},
                                {"turn": 2, "side": "german", "units": ["de.a"], "area": "west"}]}}
    # bands 303 px high (see above): pool, then "Turn 2 …" before "Turn 3 …" (by turn)
    ta, sa = piece("101", "A", "holding", 46, 303 + 70, unit="de.a")
    tb, sb = piece("102", "B", "holding", 46, 606 + 70, unit="su.b", side="soviet", faces=("front", "reduced"))
    text = log_text(save_text([add("101", ta, sa), add("102", tb, sb)]),
                    [["M/101/main/194/350/null/holding/46/373/null/p"],
                     ["M/102/table/330/165/null/holding/46/676/null/p"]])
    res = adapt(vsav(text), game)
    assert res.warnings == []
    assert strip(res.events)[1:] == [
        {"type": "setup", "unit": "de.a", "off_map": "Turn 2 — German: west", "face": "front", "side": "german"},
        {"type": "setup", "unit": "su.b", "off_map": "Turn 3 — Soviet: 7gd (4-6 on 1d6)", "face": "front",
         "side": "soviet"},
        {"type": "reinforcement", "unit": "de.a", "hex": "0203", "side": "german"},
        {"type": "reinforcement", "unit": "su.b", "pos": [11.0, 5.5], "side": "soviet"},
    ]


def test_turn_tracker_phases_per_side():
    from modgen.systems.base import Phase

    class FakeSystem:
        def phases(self, game):
            return [Phase("movement", "Movement"), Phase("combat", "Combat"), Phase("end", "End", per_side=False)]

    game = tiny_game()
    game.manifest["sides"] = [{"id": "german"}, {"id": "soviet"}]
    game.rule_system = lambda: FakeSystem()
    game.scenarios = {"s1": {"first_player": "german"}}
    # Phase list (modgen.vassal.tracker): German Movement, German Combat, Soviet Movement, Soviet Combat, End
    steps = [["TURNTurnTracker0\t0|1;0;false;-1;0\\;0\\;0\\;true"],
             ["TURNTurnTracker0\t0|1;0;false;-1;3\\;0\\;0\\;true"],
             ["TURNTurnTracker0\t0|2;0;false;-1;4\\;0\\;0\\;true"]]
    ev = strip(adapt(vsav(log_text(save_text([]), steps)), game).events)
    assert ev[1:] == [{"type": "turn", "turn": 1}, {"type": "phase", "phase": "movement", "side": "german"},
                      {"type": "phase", "phase": "combat", "side": "soviet"},
                      {"type": "turn", "turn": 2}, {"type": "phase", "phase": "end"}]


def test_declarations_get_the_players_side_from_the_roster():
    game = tiny_game()
    game.manifest["sides"] = [{"id": "german", "name": "German"}, {"id": "soviet", "name": "Soviet"}]
    pieces = units_save()
    text = log_text(save_text(pieces, ["PLAYER\tpw1\tAlice\tGerman", "PLAYER\tpw2\tBob\tSoviet"]),
                    [["CHAT&lt;Alice&gt; - !attack 0203 -> 0405"], ["CHAT&lt;Bob&gt; - hello"],
                     ["CHAT&lt;Carol&gt; - !result NE"]])
    ev = strip(adapt(vsav(text), game).events)
    assert ev[-3:] == [{"type": "attack", "attackers": ["de.a"], "defenders": ["su.b"], "hex": "0405",
                        "side": "german"},
                       {"type": "chat", "text": "hello", "side": "soviet"},
                       {"type": "result", "result": "NE"}]


def test_turn_and_phase_said_by_tracker_and_chat_once():
    from modgen.systems.base import Phase

    class FakeSystem:
        def phases(self, game):
            return [Phase("movement", "Movement"), Phase("combat", "Combat")]

    game = tiny_game()
    game.rule_system = lambda: FakeSystem()
    game.scenarios = {"s1": {"first_player": "german"}}
    steps = [["TURNTurnTracker0\t0|1;0;false;-1;0\\;0\\;0\\;true"],      # turn 1, German movement
             ["CHAT&lt;Alice&gt; - !turn 1"], ["CHAT&lt;Alice&gt; - !phase movement german"],
             ["CHAT&lt;Alice&gt; - !phase combat german"]]
    ev = strip(adapt(vsav(log_text(save_text([]), steps)), game).events)
    assert ev[1:] == [{"type": "turn", "turn": 1}, {"type": "phase", "phase": "movement", "side": "german"},
                      {"type": "phase", "phase": "combat", "side": "german"}]


def test_facing_in_setup_moves_and_turns_in_place():
    from modgen.vassal import sequence as se

    rot = "rotate;6;93,130;91,130;CW;CCW;;;Facing;Facing;;;;false"
    ta, sa = piece("101", "A", "main", 194, 350, unit="de.a")

    def with_rot(t, s, idx):
        return se.join_traits([rot, t]), se.join_traits([str(idx), s])

    t, s0 = with_rot(ta, sa, 2)
    _, s_turned = with_rot(ta, sa, 3)
    esc = lambda x: x.replace("/", "\\/")  # noqa: E731
    text = log_text(save_text([add("101", t, s0), stack("201", "main", 194, 350, "101")]),
                    [["D/101/" + esc(s_turned) + "/" + esc(s0)],
                     ["M/101/main/281/300/null/main/194/350/null/p", stack("203", "main", 281, 300, "101")]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[1:] == [
        {"type": "setup", "unit": "de.a", "hex": "0203", "face": "front", "facing": 120.0, "side": "german"},
        {"type": "facing", "unit": "de.a", "facing": 180.0},
        {"type": "move", "unit": "de.a", "from": "0203", "to": "0303", "facing": 180.0, "side": "german"},
    ]


def test_retreat_dragged_hex_by_hex_is_one_retreat():
    pieces = units_save()
    # su.b drags 0405 -> 0505 -> 0504 in two steps, then declares the retreat by its starting hex
    text = log_text(save_text(pieces), [["M/102/main/454/500/null/main/367/550/null/bob"],
                                        ["M/102/main/454/400/null/main/454/500/null/bob"],
                                        ["CHAT&lt;Bob&gt; - !retreat 0405 0505 0504"]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[3:] == [{"type": "retreat", "unit": "su.b", "side": "soviet", "path": ["0405", "0505", "0504"]}]


def test_retreat_does_not_swallow_moves_off_the_path():
    pieces = units_save()
    # the first drop (to 0404) is not on the declared path, so it stays a move
    text = log_text(save_text(pieces), [["M/102/main/367/450/null/main/367/550/null/bob"],
                                        ["M/102/main/454/400/null/main/367/450/null/bob"],
                                        ["CHAT&lt;Bob&gt; - !retreat su.b 0504"]])
    ev = strip(adapt(vsav(text), tiny_game()).events)
    assert ev[3:] == [{"type": "move", "unit": "su.b", "from": "0405", "to": "0404", "side": "soviet"},
                      {"type": "retreat", "unit": "su.b", "side": "soviet", "path": ["0404", "0504"]}]
