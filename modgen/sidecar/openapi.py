"""The sidecar's OpenAPI 3.1 description (served at /openapi.json)."""

from __future__ import annotations

from typing import Any

from modgen import __version__

_FINDING = {
    "type": "object",
    "properties": {
        "rule": {"type": "string", "description": "Rule cited, e.g. 'EFB 10.5'."},
        "severity": {"type": "string", "enum": ["error", "warning", "could-not-check"]},
        "event_index": {"type": ["integer", "null"]},
        "event": {"type": ["object", "null"]},
        "turn": {"type": ["integer", "null"]},
        "phase": {"type": ["string", "null"]},
        "side": {"type": ["string", "null"]},
        "units": {"type": "array", "items": {"type": "string"}},
        "hexes": {"type": "array", "items": {}},
        "path": {"type": "array", "items": {}},
        "message": {"type": "string"},
        "number": {"type": "integer", "description": "Its number in the report, on the map and the page."},
        "family": {"type": "string", "description": "Rule family (as in the coverage section), else its chapter."},
        "attacker_hexes": {"type": "array", "items": {"type": "string"},
                           "description": "Attack findings: where the attacking units stand."},
        "defender_hexes": {"type": "array", "items": {"type": "string"},
                           "description": "Attack findings: where the defending units stand."},
        "attacker_positions": {"type": "array", "items": {"type": "array", "items": {"type": "number"}},
                               "description": "Attack findings on a table map: attackers' [x, y] in inches."},
        "defender_positions": {"type": "array", "items": {"type": "array", "items": {"type": "number"}},
                               "description": "Attack findings on a table map: defenders' [x, y] in inches."},
        "overlay": {"type": "object", "description": "Pixel points on /map.png of the finding's hexes and path, "
                    "its dashed rings, badge and attack arrows ([[x1, y1], [x2, y2]] from attacker to defender)."},
    },
    "required": ["rule", "severity", "message"],
}
_REPORT = {
    "type": "object",
    "properties": {
        "game": {"type": "string"},
        "scenario": {"type": ["string", "null"]},
        "events": {"type": "integer"},
        "findings": {"type": "array", "items": {"$ref": "#/components/schemas/Finding"}},
        "map": {"type": "object"},
        "units": {"type": "array", "items": {"$ref": "#/components/schemas/Unit"},
                  "description": "Every unit where the log leaves it, in /map.png pixels (as --map-image draws)."},
        "timeline": {"$ref": "#/components/schemas/Timeline"},
        "stopped": {"type": ["object", "null"], "description": "Set when the check stopped at the findings limit: "
                    "{limit, value, event_index, events_checked, message}; the events after event_index and the "
                    "end-of-log checks were not checked. Null when the whole log was checked."},
    },
    "required": ["findings"],
}
_UNIT = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "label": {"type": "string", "description": "What the unit's chip prints (its designation)."},
        "name": {"type": "string", "description": "Designation plus side and formation, as findings name it."},
        "side": {"type": ["string", "null"]},
        "x": {"type": "number"}, "y": {"type": "number"},
        "w": {"type": "number", "description": "Width in pixels (a counter, or a table base)."},
        "h": {"type": "number"},
        "facing": {"type": "number", "description": "Degrees clockwise from the top of the map."},
        "fill": {"type": "string"}, "ink": {"type": "string"},
    },
    "required": ["id", "label", "x", "y"],
}
_ENTRY = {
    "type": "object",
    "description": "One stored report in the history (no findings: fetch its url for those).",
    "properties": {
        "id": {"type": "integer"}, "url": {"type": "string", "description": "/reports/{id}"},
        "game": {"type": "string"}, "file": {"type": "string"},
        "source": {"type": "string", "enum": ["upload", "watch"]},
        "created": {"type": "number", "description": "Seconds since the Unix epoch."},
        "size": {"type": "integer", "description": "Bytes of the checked file."},
        "events": {"type": ["integer", "null"]}, "scenario": {"type": ["string", "null"]},
        "counts": {"type": "object", "additionalProperties": {"type": "integer"},
                   "description": "Findings by severity."},
        "error": {"type": "string", "description": "Present when the file could not be checked (watch folder)."},
    },
    "required": ["id", "url", "game", "file", "source", "created"],
}
_TIMELINE = {
    "type": ["object", "null"],
    "description": "The log replayed event by event for the page's step slider (null for very long logs).",
    "properties": {
        "count": {"type": "integer", "description": "Events in the log."},
        "units": {"type": "object", "description": "Unit id -> id, label, name, side, w, h, fill, ink."},
        "steps": {"type": "array", "description": "[n, i, changes] per event that moved what is drawn: n its place "
                  "in the log, i its index; each change [id, x, y, facing] (in /map.png pixels) or [id] (gone)."},
    },
}
_ERROR = {"type": "object", "properties": {"error": {"type": "string"}}, "required": ["error"]}


def _err(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def document() -> dict[str, Any]:
    """The OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "modgen rules-checker sidecar", "version": __version__,
                 "description": "Checks VASSAL logs/saves and canonical event logs against a game's rules."},
        "paths": {
            "/health": {"get": {"summary": "Liveness for scripts", "responses": {"200": {
                "description": "Service is up",
                "content": {"application/json": {"schema": {"type": "object"}}}}}}},
            "/check": {"post": {
                "summary": "Check a log and return findings",
                "parameters": [
                    {"name": "filename", "in": "query", "required": False, "schema": {"type": "string"},
                     "description": "Name of the uploaded file when sending a raw body (its suffix picks the reader)."},
                    {"name": "scenario", "in": "query", "required": False, "schema": {"type": "string"}}],
                "requestBody": {"required": True, "content": {
                    "multipart/form-data": {"schema": {"type": "object", "properties": {
                        "file": {"type": "string", "format": "binary"}}, "required": ["file"]}},
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                "responses": {
                    "200": {"description": "Findings (also stored: the Location header gives its /reports/{id})",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Report"}}}},
                    "400": _err("Malformed or empty upload"),
                    "403": _err("Cross-site request: the Origin (or Referer) is not this service's own page"),
                    "408": _err("The upload did not arrive within the body time limit"),
                    "413": _err("Upload larger than the limit (refused as soon as it passes it)"),
                    "415": _err("Not a .vlog, .vsav or .jsonl file, or sent as text/*"),
                    "421": _err("The Host header is not a name of this service (DNS rebinding)"),
                    "422": _err("The file could not be read as a game log (truncated, hostile, too large decoded, "
                                "more memory than a worker may use, wrong game…)"),
                    "504": _err("The check exceeded its time limit")}}},
            "/reports": {"get": {"summary": "Latest report per watched file", "responses": {"200": {
                "description": "Reports keyed by file name",
                "content": {"application/json": {"schema": {"type": "object"}}}}}}},
            "/history": {"get": {
                "summary": "Stored reports, newest first (kept across restarts, pruned to the newest --keep)",
                "parameters": [
                    {"name": "game", "in": "query", "required": False, "schema": {"type": "string"}},
                    {"name": "file", "in": "query", "required": False, "schema": {"type": "string"}},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 200}}],
                "responses": {"200": {"description": "History", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "game": {"type": "string"}, "keep": {"type": "integer"},
                        "reports": {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}}}}}}},
                    "400": _err("Bad limit")}}},
            "/reports/{id}": {"get": {
                "summary": "One stored report (?download=1 to save it as a file)",
                "parameters": [
                    {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                    {"name": "download", "in": "query", "required": False, "schema": {"type": "string"}}],
                "responses": {
                    "200": {"description": "The history entry with its report", "content": {"application/json": {
                        "schema": {"allOf": [{"$ref": "#/components/schemas/Entry"}, {"type": "object", "properties": {
                            "report": {"$ref": "#/components/schemas/Report"}}}]}}}},
                    "404": _err("No such report (never made, or pruned)")}}},
            "/events": {"get": {
                "summary": "Server-sent events: 'hello' on connecting, then 'report' (an Entry) for every report "
                           "made, by upload or from the watch folder",
                "responses": {"200": {"description": "An endless text/event-stream",
                                      "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}},
            "/api/game": {"get": {"summary": "The game and map the service checks against", "responses": {"200": {
                "description": "Game description", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
            "/map.png": {"get": {"summary": "The rendered map", "responses": {"200": {
                "description": "PNG image", "content": {"image/png": {}}}}}},
        },
        "components": {"schemas": {"Finding": _FINDING, "Report": _REPORT, "Unit": _UNIT, "Error": _ERROR,
                                  "Entry": _ENTRY, "Timeline": _TIMELINE}},
    }
