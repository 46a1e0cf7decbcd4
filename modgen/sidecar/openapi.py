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
                    "200": {"description": "Findings",
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
            "/api/game": {"get": {"summary": "The game and map the service checks against", "responses": {"200": {
                "description": "Game description", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
            "/map.png": {"get": {"summary": "The rendered map", "responses": {"200": {
                "description": "PNG image", "content": {"image/png": {}}}}}},
        },
        "components": {"schemas": {"Finding": _FINDING, "Report": _REPORT, "Unit": _UNIT, "Error": _ERROR}},
    }
