"""Every control command: field errors, values and links, records, delays, canned,
malformed and dropped responses, retarget-on-fetch, reset and counters."""

import http.client
import json
import time
import unittest
import zlib

from test_server import ServerTestCase

RICK = '{ character(id: "1") { id name species origin { id name } } }'


class FieldErrorCommandTests(ServerTestCase):
    def test_record_field_error_with_extensions(self):
        status, answer = self.server.control(
            {
                "command": "fieldError",
                "target": "Character:1.species",
                "message": "species unavailable",
                "extensions": {"code": "UNAVAILABLE"},
            }
        )
        self.assertEqual((status, answer), (200, {"ok": True, "applied": 1}))
        _, response = self.server.graphql(
            '{ a: character(id: "1") { species } b: character(id: "2") { species } }', on_error="NULL"
        )
        self.assertEqual(response["data"], {"a": {"species": None}, "b": {"species": "Human"}})
        self.assertEqual(response["errors"][0]["extensions"], {"code": "UNAVAILABLE"})

    def test_type_field_error_hits_every_record(self):
        self.server.control({"command": "fieldError", "target": "Character.species", "message": "down"})
        _, response = self.server.graphql(
            '{ a: character(id: "1") { species } b: character(id: "2") { species } }', on_error="NULL"
        )
        self.assertEqual(response["data"], {"a": {"species": None}, "b": {"species": None}})

    def test_path_field_error(self):
        self.server.control(
            {"command": "fieldError", "path": ["characters", "results", 1, "name"], "message": "no name"}
        )
        _, response = self.server.graphql("{ characters { results { name } } }", on_error="NULL")
        names = [r["name"] for r in response["data"]["characters"]["results"][:3]]
        self.assertEqual(names, ["Rick Sanchez", None, "Summer Smith"])
        self.assertEqual(response["errors"][0]["path"], ["characters", "results", 1, "name"])

    def test_count_limits_and_clear_removes(self):
        self.server.control({"command": "fieldError", "target": "Character:1.name", "message": "once", "count": 1})
        self.assertIn("errors", self.server.graphql(RICK)[1])
        self.assertNotIn("errors", self.server.graphql(RICK)[1])
        self.server.control({"command": "fieldError", "target": "Character:1.name", "message": "always"})
        self.assertIn("errors", self.server.graphql(RICK)[1])
        self.assertIn("errors", self.server.graphql(RICK)[1])
        self.server.control({"command": "clearFieldErrors"})
        self.assertNotIn("errors", self.server.graphql(RICK)[1])

    def test_root_field_error_skips_the_resolver(self):
        self.server.control({"command": "fieldError", "target": "Mutation.updateCharacterName", "message": "read only"})
        _, response = self.server.graphql('mutation { updateCharacterName(id: "1", name: "X") { id } }')
        self.assertEqual(response["errors"][0]["message"], "read only")
        self.assertEqual(self.server.graphql(RICK)[1]["data"]["character"]["name"], "Rick Sanchez")


class DataCommandTests(ServerTestCase):
    def test_set_value(self):
        self.server.control({"command": "set", "target": "Character:1.name", "value": "Pickle Rick"})
        self.assertEqual(self.server.graphql(RICK)[1]["data"]["character"]["name"], "Pickle Rick")

    def test_retarget_link_and_derived_residents(self):
        self.server.control(
            {"command": "set", "target": "Character:1.origin", "value": "Location:20"},
            {"command": "set", "target": "Character:1.location", "value": "Location:3"},
        )
        _, response = self.server.graphql(
            '{ character(id: "1") { origin { id } } location(id: "3") { residents { id } } }'
        )
        self.assertEqual(response["data"]["character"]["origin"], {"id": "20"})
        self.assertIn({"id": "1"}, response["data"]["location"]["residents"])
        self.server.control({"command": "set", "target": "Character:1.origin", "value": None})
        self.assertIsNone(self.server.graphql(RICK)[1]["data"]["character"]["origin"])

    def test_add_record_then_link_to_it(self):
        status, _ = self.server.control(
            {
                "command": "addRecord",
                "key": "Location:99",
                "fields": {"name": "Froopyland", "type": "Dream", "dimension": None, "created": "2026-01-01T00:00:00Z"},
            },
            {"command": "set", "target": "Character:1.origin", "value": "Location:99"},
        )
        self.assertEqual(status, 200)
        _, response = self.server.graphql('{ character(id: "1") { origin { id name type dimension } } }')
        self.assertEqual(
            response["data"]["character"]["origin"],
            {"id": "99", "name": "Froopyland", "type": "Dream", "dimension": None},
        )
        self.server.control(
            {"command": "addRecord", "key": "Character:41", "fields": {"name": "New", "episodes": ["Episode:1"]}}
        )
        _, listed = self.server.graphql(
            "{ characters(page: 3) { results { id } } characters2: characters(page: 2) { info { count } } }"
        )
        self.assertEqual(listed["data"]["characters2"]["info"]["count"], 41)
        self.assertEqual(listed["data"]["characters"]["results"], [{"id": "41"}])

    def test_bad_commands_say_why_and_change_nothing(self):
        cases = [
            ({"command": "explode"}, "unknown command"),
            ({"command": "set", "target": "Character:999.name", "value": "x"}, "no record Character:999"),
            ({"command": "set", "target": "Character:1.nickname", "value": "x"}, "no field Character.nickname"),
            ({"command": "set", "target": "Character:1.origin", "value": "Location:404"}, "existing Location"),
            ({"command": "set", "target": "Location:1.residents", "value": []}, "derived"),
            ({"command": "fieldError", "target": "Character:1.name"}, "message"),
            ({"command": "delay", "ms": -1}, "ms"),
            ({"command": "respond", "status": 700}, "status"),
            ({"command": "malformed", "kind": "sideways"}, "kind"),
            ({"command": "drop", "when": "later"}, "when"),
            ({"command": "redirect"}, "'to'"),
            ({"command": "redirect", "to": "/graphql", "status": 200}, "status"),
            ({"command": "malformed", "kind": "gzipBomb", "megabytes": 2048}, "megabytes"),
            ({"command": "delay", "ms": 1, "count": 0}, "count"),
            ({"command": "addRecord", "key": "Character:1"}, "already exists"),
        ]
        for command, words in cases:
            with self.subTest(command=command):
                status, answer = self.server.control(command)
                self.assertEqual(status, 400)
                self.assertIn(words, answer["error"])
        status, answer = self.server.control(
            {"command": "set", "target": "Character:1.name", "value": "Applied"},
            {"command": "set", "target": "Character:1.name", "value": 1, "target": "Bogus.name"},
        )
        self.assertEqual((status, answer["index"], answer["applied"]), (400, 1, 1))
        self.assertEqual(self.server.graphql(RICK)[1]["data"]["character"]["name"], "Applied")

    def test_retarget_on_fetch_moves_once_per_execution(self):
        self.server.control({"command": "retargetOnFetch", "target": "Character:1.origin"})
        query = '{ character(id: "1") { origin { id } again: origin { id } } }'
        seen = []
        for _ in range(3):
            data = self.server.graphql(query)[1]["data"]["character"]
            self.assertEqual(data["origin"], data["again"])
            seen.append(data["origin"]["id"])
        self.assertEqual(seen, ["2", "3", "4"])
        self.server.control(
            {"command": "retargetOnFetch", "target": "Character:1.origin", "cycle": ["Location:3", "Location:5"]}
        )
        self.assertEqual(
            [self.server.graphql(query)[1]["data"]["character"]["origin"]["id"] for _ in range(3)], ["3", "5", "3"]
        )
        self.server.control({"command": "retargetOnFetch", "target": "Character:1.origin", "enabled": False})
        self.assertEqual(
            [self.server.graphql(query)[1]["data"]["character"]["origin"]["id"] for _ in range(2)], ["3", "3"]
        )

    def test_reset_restores_data_and_behaviour(self):
        self.server.control(
            {"command": "set", "target": "Character:1.name", "value": "Pickle Rick"},
            {"command": "fieldError", "target": "Character.species", "message": "x"},
            {"command": "respond", "status": 500},
        )
        self.server.control({"command": "reset"})
        self.assertEqual(
            self.server.graphql(RICK),
            (
                200,
                {
                    "data": {
                        "character": {
                            "id": "1",
                            "name": "Rick Sanchez",
                            "species": "Human",
                            "origin": {"id": "1", "name": "Earth (C-137)"},
                        }
                    }
                },
            ),
        )


class HTTPFaultCommandTests(ServerTestCase):
    def test_delay_next_request(self):
        self.server.control({"command": "delay", "ms": 1000, "count": 1})
        timings = []
        for _ in range(2):
            start = time.monotonic()
            self.assertEqual(self.server.graphql(RICK)[0], 200)
            timings.append(time.monotonic() - start)
        self.assertGreaterEqual(timings[0], 1.0)
        self.assertLess(timings[1], 0.8)

    def test_respond_with_status(self):
        self.server.control(
            {"command": "respond", "status": 500, "count": 1},
            {
                "command": "respond",
                "status": 503,
                "headers": {"Retry-After": "1"},
                "body": "busy",
                "contentType": "text/plain",
                "count": 1,
            },
            {"command": "respond", "status": 401, "json": {"errors": [{"message": "log in"}]}, "count": 1},
        )
        status, headers, body = self.server.post({"query": RICK})
        self.assertEqual((status, headers["content-type"]), (500, "text/html; charset=utf-8"))
        self.assertIn(b"<h1>500 Internal Server Error</h1>", body)
        status, headers, body = self.server.post({"query": RICK})
        self.assertEqual(
            (status, headers["retry-after"], headers["content-type"], body), (503, "1", "text/plain", b"busy")
        )
        status, headers, body = self.server.post({"query": RICK})
        self.assertEqual(
            (status, headers["content-type"], json.loads(body)),
            (401, "application/graphql-response+json; charset=utf-8", {"errors": [{"message": "log in"}]}),
        )
        self.assertEqual(self.server.post({"query": RICK})[0], 200)

    def test_cache_hints(self):
        self.server.control(
            {"command": "cacheHints", "maxAge": 20, "hints": [{"path": ["character", "species"], "maxAge": 5}], "count": 1}
        )
        status, headers, body = self.server.post({"query": RICK})
        reply = json.loads(body)
        self.assertEqual((status, headers["cache-control"]), (200, "max-age=20"))
        self.assertEqual(reply["data"]["character"]["name"], "Rick Sanchez")
        self.assertEqual(reply["extensions"]["cacheControl"]["hints"], [{"path": ["character", "species"], "maxAge": 5}])
        status, headers, body = self.server.post({"query": RICK})
        self.assertNotIn("cache-control", headers)
        self.assertNotIn("extensions", json.loads(body))

    def test_malformed_bodies(self):
        for kind in ("notJSON", "html", "notGraphQL"):
            with self.subTest(kind=kind):
                self.server.control({"command": "malformed", "kind": kind, "count": 1})
                status, headers, body = self.server.post({"query": RICK})
                self.assertEqual(status, 200)
                if kind == "notGraphQL":
                    self.assertEqual(json.loads(body), {"hello": 1})
                elif kind == "html":
                    self.assertTrue(headers["content-type"].startswith("text/html"))
                else:
                    self.assertRaises(ValueError, json.loads, body)
        self.server.control({"command": "malformed", "kind": "truncatedJSON", "count": 1})
        status, headers, body = self.server.post({"query": RICK})
        self.assertEqual(int(headers["content-length"]), len(body))
        self.assertRaises(ValueError, json.loads, body)
        self.assertTrue(self.server.post({"query": RICK})[2].startswith(body))

    def test_oversized_body_is_valid_json(self):
        self.server.control({"command": "malformed", "kind": "oversized", "megabytes": 3, "count": 1})
        _, _, body = self.server.post({"query": RICK})
        self.assertGreater(len(body), 3 * 1024 * 1024)
        response = json.loads(body)
        self.assertEqual(response["data"]["character"]["name"], "Rick Sanchez")
        self.assertEqual(len(response["extensions"]["padding"]), 3 * 1024 * 1024)

    def test_gzip_bomb_is_small_and_inflates_to_json(self):
        self.server.control({"command": "malformed", "kind": "gzipBomb", "megabytes": 16, "count": 1})
        status, headers, body = self.server.post({"query": RICK})
        self.assertEqual((status, headers["content-encoding"]), (200, "gzip"))
        self.assertLess(len(body), 32 * 1024)
        response = json.loads(zlib.decompress(body, 16 + zlib.MAX_WBITS))
        self.assertEqual(len(response["extensions"]["padding"]), 16 * 1024 * 1024)
        self.assertEqual(self.server.post({"query": RICK})[1].get("content-encoding"), None)

    def test_gigabyte_gzip_bomb_is_about_a_megabyte(self):
        self.server.control({"command": "malformed", "kind": "gzipBomb", "megabytes": 1024, "count": 1})
        _, _, body = self.server.post({"query": RICK})
        self.assertLess(len(body), 1100 * 1024)
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        self.assertEqual(len(inflater.decompress(body[:4096], 1024 * 1024)), 1024 * 1024)

    def test_redirect_answers_the_location_without_executing(self):
        self.server.control(
            {"command": "redirect", "to": "http://localhost:1/graphql", "count": 1},
            {"command": "redirect", "to": "/graphql?again", "status": 308, "count": 1},
        )
        status, headers, body = self.server.post({"query": 'mutation { updateCharacterName(id: "1", name: "X") { id } }'})
        self.assertEqual((status, headers["location"], body), (307, "http://localhost:1/graphql", b""))
        status, headers, _ = self.server.post({"query": RICK})
        self.assertEqual((status, headers["location"]), (308, "/graphql?again"))
        self.assertEqual(self.server.graphql(RICK)[1]["data"]["character"]["name"], "Rick Sanchez")

    def test_drop_before_response(self):
        self.server.control({"command": "drop", "count": 1})
        with self.assertRaises(http.client.RemoteDisconnected):
            self.server.post({"query": RICK})
        self.assertEqual(self.server.post({"query": RICK})[0], 200)

    def test_drop_mid_body_after_executing(self):
        self.server.control({"command": "drop", "when": "midBody", "count": 1})
        with self.assertRaises(http.client.IncompleteRead):
            self.server.post({"query": 'mutation { updateCharacterName(id: "1", name: "Lost reply") { id name } }'})
        self.assertEqual(self.server.graphql(RICK)[1]["data"]["character"]["name"], "Lost reply")

    def test_faults_without_count_last_until_reset(self):
        self.server.control({"command": "respond", "status": 502})
        self.assertEqual([self.server.post({"query": RICK})[0] for _ in range(3)], [502, 502, 502])
        self.server.control({"command": "reset"})
        self.assertEqual(self.server.post({"query": RICK})[0], 200)


class CounterTests(ServerTestCase):
    def test_counts_total_and_per_operation(self):
        self.server.graphql("query Rick { character(id: 1) { id } }")
        self.server.graphql("query Rick { character(id: 1) { id } }")
        self.server.graphql("query A { __typename } query B { __typename }", operation_name="B", on_error="NULL")
        self.server.graphql("{ __typename }")
        self.server.post(b"NONSENSE")
        self.server.control({"command": "respond", "status": 500, "count": 1})
        self.assertEqual(self.server.post({"query": "query Rick { character(id: 1) { id } }"})[0], 500)
        counters = self.server.counters()
        self.assertEqual(counters["total"], 6)
        self.assertEqual(counters["byOperationName"], {"Rick": 3, "B": 1, "": 2})
        third = counters["recent"][2]
        self.assertEqual((third["method"], third["path"], third["body"]["onError"]), ("POST", "/graphql", "NULL"))
        self.assertEqual(third["headers"]["Accept"], "application/graphql-response+json, application/json;q=0.9")
        self.assertEqual(counters["recent"][4]["body"], "NONSENSE")
        self.server.control({"command": "reset"})
        self.assertEqual(self.server.counters(), {"total": 0, "byOperationName": {}, "recent": []})


if __name__ == "__main__":
    unittest.main()
