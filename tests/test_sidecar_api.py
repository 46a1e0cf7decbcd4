"""The sidecar's endpoints through Starlette's ASGI test client: normal use and every bad-input case."""

from __future__ import annotations

import json
import threading

import pytest
from starlette.testclient import TestClient

from modgen.sidecar import Limits, create_app
from tests.sidecar_helpers import (
    BASE,
    GAME,
    LEGAL,
    VIOLATIONS,
    attack_violations,
    flip_and_marker_violations,
    traversal_zip,
    truncated_zip,
    zip_bomb,
)


@pytest.fixture(scope="module")
def client():
    app = create_app(GAME, limits=Limits(max_upload=4 * 1024 * 1024, max_decompressed=8 * 1024 * 1024))
    with TestClient(app, base_url=BASE) as c:
        yield c


def test_health_and_openapi(client: TestClient) -> None:
    assert client.get("/health").json()["status"] == "ok"
    doc = client.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert {"/check", "/reports", "/health"} <= set(doc["paths"])


def test_page_and_assets_work_offline(client: TestClient) -> None:
    html = client.get("/").text
    assert "<script src=\"/static/app.js\">" in html
    for asset in ("/static/app.js", "/static/app.css"):
        body = client.get(asset).text.replace("http://www.w3.org/2000/svg", "")  # a namespace name, not a fetch
        assert "http://" not in body and "https://" not in body  # no CDN: the page must work without network
    assert "http" not in html.replace("http://www.w3.org/2000/svg", "")


def test_map_png(client: TestClient) -> None:
    resp = client.get("/map.png")
    assert resp.status_code == 200
    assert resp.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_multipart_reports_the_planted_violations(client: TestClient) -> None:
    resp = client.post("/check", files={"file": ("violations.jsonl", VIOLATIONS.read_bytes())})
    assert resp.status_code == 200, resp.text
    report = resp.json()
    errors = [f for f in report["findings"] if f["severity"] == "error"]
    assert len(errors) == 3
    for f in errors:
        assert f["rule"].startswith("EFB ")
        assert f["message"]
        assert "overlay" in f and f["overlay"]["hexes"], f  # each violation can be drawn on the map


def test_check_raw_body(client: TestClient) -> None:
    resp = client.post("/check?filename=legal.jsonl", content=LEGAL.read_bytes(),
                       headers={"content-type": "application/octet-stream"})
    assert resp.status_code == 200, resp.text
    assert [f for f in resp.json()["findings"] if f["severity"] == "error"] == []


@pytest.mark.parametrize(
    ("name", "payload", "status", "words"),
    [
        ("empty.vlog", b"", 400, "empty"),
        ("notes.txt", b"hello", 415, "unsupported"),
        ("garbage.vlog", b"this is not a zip", 422, ""),
        ("truncated.vsav", truncated_zip(), 422, ""),
        ("traversal.vsav", traversal_zip(), 422, ""),
        ("garbage.jsonl", b'{"type": "move", "unit": \n', 422, ""),
    ],
)
def test_bad_uploads_get_clear_4xx(client: TestClient, name: str, payload: bytes, status: int, words: str) -> None:
    resp = client.post("/check", files={"file": (name, payload)})
    assert resp.status_code == status, resp.text
    message = resp.json()["error"]
    assert words in message.lower()
    assert "Traceback" not in message and "internal error" not in message


def test_zip_bomb_is_refused(client: TestClient) -> None:
    resp = client.post("/check", files={"file": ("bomb.vlog", zip_bomb(32 * 1024 * 1024))})
    assert resp.status_code == 422
    assert "internal error" not in resp.json()["error"]


def test_oversized_upload_is_413(client: TestClient) -> None:
    big = b"x" * (5 * 1024 * 1024)
    assert client.post("/check", files={"file": ("big.vlog", big)}).status_code == 413
    assert client.post("/check?filename=big.vlog", content=big).status_code == 413


def test_multipart_without_file_field(client: TestClient) -> None:
    resp = client.post("/check", data={"other": "x"}, files={"nope": ("a.vlog", b"x")})
    assert resp.status_code == 400


def test_time_limit_stops_a_check() -> None:
    # A fresh worker process cannot even start Python within 1 ms, so this check must hit the limit.
    app = create_app(GAME, limits=Limits(check_seconds=0.001, workers=1))
    with TestClient(app, base_url=BASE) as c:
        resp = c.post("/check", files={"file": ("violations.jsonl", VIOLATIONS.read_bytes())})
        assert resp.status_code == 504
        assert "longer than" in resp.json()["error"]


def test_concurrent_checks_do_not_share_state(client: TestClient) -> None:
    payloads = [("violations.jsonl", VIOLATIONS.read_bytes()), ("legal.jsonl", LEGAL.read_bytes())] * 5
    results: list[tuple[str, int, str]] = []

    def one(name: str, data: bytes) -> None:
        r = client.post("/check", files={"file": (name, data)})
        results.append((name, r.status_code, json.dumps(sorted(f["rule"] for f in r.json()["findings"]))))

    threads = [threading.Thread(target=one, args=p) for p in payloads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(status == 200 for _, status, _ in results)
    by_name: dict[str, set[str]] = {}
    for name, _, rules in results:
        by_name.setdefault(name, set()).add(rules)
    assert all(len(v) == 1 for v in by_name.values()), by_name  # same input, same answer, whatever ran beside it
    assert by_name["violations.jsonl"] != by_name["legal.jsonl"]


def test_reports_without_watch(client: TestClient) -> None:
    assert client.get("/reports").json() == {"watching": None, "reports": {}}


def test_game_info(client: TestClient) -> None:
    info = client.get("/api/game").json()
    assert info["game"] == "minsk44"
    assert info["kind"] == "hex"
    assert "historical" in info["scenarios"]


def test_invalid_game_data_is_refused_before_checking(tmp_path, capsys) -> None:
    """`modgen check` and `modgen serve` validate the game first: one line naming the bad place, exit 1."""
    import shutil

    from modgen.cli import main
    from tests.conftest import REPO

    for d in ("games", "counters", "maps", "scenarios"):
        shutil.copytree(REPO / d, tmp_path / d)
    counters = tmp_path / "counters" / "minsk44.json"
    doc = json.loads(counters.read_text())
    doc["counters"][3]["faces"] = "oops"
    counters.write_text(json.dumps(doc))
    manifest = str(tmp_path / "games" / "minsk44.json")
    for args in (["check", str(LEGAL), "--game", manifest], ["serve", "--game", manifest]):
        assert main(args) == 1, args
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "/counters/3/faces: expected an object" in err, err
        assert "Traceback" not in err


def test_worker_returns_the_report_serialised() -> None:
    """Big reports are encoded in the worker process: the server's event loop only forwards bytes."""
    from modgen.data.model import load_game
    from modgen.report.mapview import MapView
    from modgen.sidecar.workers import run_check

    game = load_game(GAME)
    outcome = run_check(game, MapView(game), VIOLATIONS.read_bytes(), "violations.jsonl", None, 8 * 1024 * 1024)
    assert set(outcome) == {"body", "summary"} and isinstance(outcome["body"], bytes)
    assert outcome["summary"]["counts"] == {"error": 3}  # the three planted violations, for history lists
    report = json.loads(outcome["body"])
    assert report["map"]["game"] == "minsk44"
    assert all("overlay" in f for f in report["findings"])


def test_units_and_attack_arrows_in_the_report(client: TestClient) -> None:
    """The page gets what the --map-image picture shows: the units where the log leaves them and, for an attack
    finding, an arrow from each attacker's hex to the defenders' hex, in /map.png pixels."""
    from modgen.data.model import load_game
    from modgen.report.mapview import MapView

    resp = client.post("/check", files={"file": ("attack.jsonl", attack_violations())})
    assert resp.status_code == 200, resp.text
    report = resp.json()
    view = MapView(load_game(GAME))  # the app's own scale (hex_px 64)
    units = {u["id"]: u for u in report["units"]}
    assert {"id", "label", "name", "side", "x", "y"} <= set(units["su.3gtc.20"])
    # 3 GTC/20 ended its illegal move in 4505, alone: drawn on that hex's centre
    assert (units["su.3gtc.20"]["x"], units["su.3gtc.20"]["y"]) == pytest.approx(view.point("4505"), abs=0.1)
    assert units["su.3gtc.20"]["label"] == "3 GTC/20" and units["su.3gtc.20"]["side"] == "soviet"
    assert "Soviet" in units["su.3gtc.20"]["name"]
    # the two defenders retreated to 3111: a stack, fanned out around that hex's centre
    cx, cy = view.point("3111")
    a, b = units["de.31id.17"], units["de.31id.82"]
    assert a["x"] < cx < b["x"] and a["y"] < cy < b["y"]
    assert "de.7pz.hq" not in units  # set up off the map: not drawn
    far = next(f for f in report["findings"] if f["rule"] == "EFB 11.5" and "3405" in f["hexes"])
    assert far["attacker_hexes"] == ["3209", "3405"] and far["defender_hexes"] == ["3210"]
    arrows = far["overlay"]["arrows"]
    assert [view.point("3405"), view.point("3210")] in [[tuple(p) for p in arrow] for arrow in arrows]


def test_table_map_units_in_pixels() -> None:
    """A Flames of War table: positions in inches become pixels (12 px an inch), bases carry their facing."""
    from modgen.data.model import load_game
    from modgen.report.mapview import MapView
    from modgen.sidecar.workers import run_check
    from tests.conftest import REPO

    game = load_game(REPO / "games" / "fow.json")
    log = [{"type": "scenario_start", "game": "fow", "scenario": "free_for_all", "options": {}},
           {"type": "setup", "unit": "us.sherman.1", "pos": [26, 42], "facing": 0, "face": "front"},
           {"type": "setup", "unit": "de.pz4h.2", "pos": [34, 6], "facing": 180, "face": "front"},
           {"type": "turn", "turn": 1}, {"type": "phase", "phase": "movement", "side": "us"},
           {"type": "move", "unit": "us.sherman.1", "from_pos": [26, 42], "to_pos": [24, 34], "facing": 30}]
    data = "\n".join(json.dumps({**e, "i": n}) for n, e in enumerate(log)).encode()
    outcome = run_check(game, MapView(game), data, "fow.jsonl", None, 8 * 1024 * 1024)
    report = json.loads(outcome["body"])
    units = {u["id"]: u for u in report["units"]}
    assert report["map"]["kind"] == "table"
    assert (units["us.sherman.1"]["x"], units["us.sherman.1"]["y"], units["us.sherman.1"]["facing"]) == (
        24 * 12, 34 * 12, 30.0)
    assert (units["de.pz4h.2"]["x"], units["de.pz4h.2"]["y"]) == (34 * 12, 6 * 12)
    assert units["us.sherman.1"]["w"] != units["us.sherman.1"]["h"]  # a base, not a square counter


def test_the_timeline_carries_faces_and_markers(client: TestClient) -> None:
    """The step slider shows the state at each event: positions, and also the face up and the markers on a unit.
    3 GTC/20 (in 4505) is flipped to its back at place 254, gets an out-of-supply marker at 255, loses it at 256."""
    from modgen.data.model import load_game
    from modgen.report.mapview import MapView

    resp = client.post("/check", files={"file": ("flip.jsonl", flip_and_marker_violations())})
    assert resp.status_code == 200, resp.text
    report = resp.json()
    tl = report["timeline"]
    assert tl["count"] == 257
    x, y = MapView(load_game(GAME)).point("4505")
    by_place = {n: changes for n, _, changes in tl["steps"]}
    # the move into 4505: front face up, no markers (the short form [id, x, y, facing])
    assert by_place[251] == [["su.3gtc.20", x, y, 0.0]]
    assert by_place[254] == [["su.3gtc.20", x, y, 0.0, "back"]]
    assert by_place[255] == [["su.3gtc.20", x, y, 0.0, "back", ["out_of_supply"]]]
    assert by_place[256] == [["su.3gtc.20", x, y, 0.0, "back"]]
    # the end state agrees with the last step
    end = next(u for u in report["units"] if u["id"] == "su.3gtc.20")
    assert (end["face"], end["markers"]) == ("back", [])
    others = [u for u in report["units"] if u["id"] != "su.3gtc.20"]
    assert others and all(u["markers"] == [] for u in others)
    assert {u["face"] for u in others} == {"front", "back"}  # the log sets some up on their backs
