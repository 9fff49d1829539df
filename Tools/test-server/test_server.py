"""Self-test of the loopback server: GraphQL-over-HTTP, real queries, process lifecycle.

.venv/bin/python -m unittest discover -s Tools/test-server -p 'test_*.py'
"""

import json
import os
import signal
import socket
import subprocess
import sys
import unittest

from launcher import HERE, ServerProcess

GRAPHQL_RESPONSE = "application/graphql-response+json; charset=utf-8"
JSON = "application/json; charset=utf-8"


class ServerTestCase(unittest.TestCase):
    """One server per test class, reset before every test."""

    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess().__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.server.__exit__(None, None, None)

    def setUp(self):
        self.assertEqual(self.server.control({"command": "reset"})[0], 200)


class QueryTests(ServerTestCase):
    def test_character_with_links(self):
        status, response = self.server.graphql(
            "query Rick($id: ID!) { character(id: $id) { __typename id name status type gender "
            "origin { id name type dimension } location { id name } created } }",
            variables={"id": "1"},
        )
        self.assertEqual(status, 200)
        self.assertEqual(
            response,
            {
                "data": {
                    "character": {
                        "__typename": "Character",
                        "id": "1",
                        "name": "Rick Sanchez",
                        "status": "ALIVE",
                        "type": None,
                        "gender": "MALE",
                        "origin": {
                            "id": "1",
                            "name": "Earth (C-137)",
                            "type": "Planet",
                            "dimension": "Dimension C-137",
                        },
                        "location": {"id": "20", "name": "Earth (Replacement Dimension)"},
                        "created": "2017-11-04T18:48:46.250Z",
                    }
                }
            },
        )

    def test_unknown_id_is_null(self):
        self.assertEqual(self.server.graphql('{ character(id: "999") { id } }'), (200, {"data": {"character": None}}))

    def test_pagination_and_filter(self):
        query = (
            "query($page: Int) { characters(page: $page, filter: {status: DEAD}) "
            "{ info { count pages next prev } results { id } } }"
        )
        _, first = self.server.graphql(query, {"page": 1})
        self.assertEqual(
            first["data"]["characters"],
            {
                "info": {"count": 11, "pages": 1, "next": None, "prev": None},
                "results": [{"id": i} for i in ["8", "9", "10", "11", "12", "16", "25", "31", "32", "33", "40"]],
            },
        )
        _, everyone = self.server.graphql("{ characters(page: 2) { info { count pages next prev } results { id } } }")
        page = everyone["data"]["characters"]
        self.assertEqual(page["info"], {"count": 40, "pages": 2, "next": None, "prev": 1})
        self.assertEqual([r["id"] for r in page["results"]], [str(i) for i in range(21, 41)])

    def test_gender_filter_is_exact(self):
        _, response = self.server.graphql("{ characters(filter: {gender: MALE}) { results { gender } } }")
        self.assertEqual({r["gender"] for r in response["data"]["characters"]["results"]}, {"MALE"})

    def test_derived_lists_follow_links(self):
        _, response = self.server.graphql(
            '{ location(id: "3") { residents { id } } l2: location(id: "2") { residents { id } } '
            'episode(id: "2") { code characters { id } } }'
        )
        self.assertEqual(
            response["data"],
            {
                "location": {"residents": [{"id": i} for i in ["8", "14", "15", "18", "21", "22", "27"]]},
                "l2": {"residents": [{"id": "6"}]},
                "episode": {"code": "S01E02", "characters": [{"id": "1"}, {"id": "2"}, {"id": "38"}]},
            },
        )

    def test_union_and_interface(self):
        _, response = self.server.graphql(
            '{ search(text: "citadel") { __typename ... on Location { id name } } '
            "featured { __typename id ... on Episode { code } } }"
        )
        self.assertEqual(
            response["data"],
            {
                "search": [{"__typename": "Location", "id": "3", "name": "Citadel of Ricks"}],
                "featured": [
                    {"__typename": "Character", "id": "1"},
                    {"__typename": "Location", "id": "20"},
                    {"__typename": "Episode", "id": "1", "code": "S01E01"},
                    {"__typename": "Character", "id": "2"},
                ],
            },
        )

    def test_by_ids_keeps_nulls_for_unknown_ids(self):
        _, response = self.server.graphql('{ charactersByIds(ids: ["2", "404", "1"]) { name } }')
        self.assertEqual(response["data"]["charactersByIds"], [{"name": "Morty Smith"}, None, {"name": "Rick Sanchez"}])

    def test_mutations_change_later_reads(self):
        status, response = self.server.graphql(
            'mutation Rename { updateCharacterName(id: "1", name: "Pickle Rick") { id name } '
            'createEpisode(input: {name: "Pilot 2", airDate: "May 1, 2026", code: "S09E01", characterIds: ["2"]}) '
            "{ id code characters { id } } }"
        )
        self.assertEqual(status, 200)
        self.assertEqual(
            response["data"],
            {
                "updateCharacterName": {"id": "1", "name": "Pickle Rick"},
                "createEpisode": {"id": "11", "code": "S09E01", "characters": [{"id": "2"}]},
            },
        )
        _, later = self.server.graphql('{ character(id: "1") { name } c2: character(id: "2") { episodes { id } } }')
        self.assertEqual(later["data"]["character"]["name"], "Pickle Rick")
        self.assertEqual(later["data"]["c2"]["episodes"][-1], {"id": "11"})

    def test_mutation_on_unknown_character_is_a_field_error(self):
        _, response = self.server.graphql('mutation { updateCharacterName(id: "404", name: "X") { id } }')
        self.assertEqual(response["data"], {"updateCharacterName": None})
        self.assertEqual(response["errors"][0]["message"], "No character with id '404'.")
        self.assertEqual(response["errors"][0]["path"], ["updateCharacterName"])


class ProtocolTests(ServerTestCase):
    def test_media_type_follows_accept(self):
        cases = [
            ("application/graphql-response+json", GRAPHQL_RESPONSE),
            ("application/json", JSON),
            ("application/graphql-response+json, application/json;q=0.9", GRAPHQL_RESPONSE),
            ("application/json, application/graphql-response+json;q=0.5", JSON),
            ("*/*", JSON),
            (None, GRAPHQL_RESPONSE),
        ]
        for accept, expected in cases:
            with self.subTest(accept=accept):
                status, headers, _ = self.server.post({"query": "{ __typename }"}, accept=accept)
                self.assertEqual((status, headers["content-type"]), (200, expected))

    def test_not_acceptable(self):
        status, _, _ = self.server.post({"query": "{ __typename }"}, accept="text/html")
        self.assertEqual(status, 406)

    def test_request_errors_by_media_type(self):
        bodies = [
            {"query": "{ character(id: 1) { bogus } }"},
            {"query": "{"},
            {"query": "query($id: ID!) { character(id: $id) { id } }"},
            {"query": "query A { __typename } query B { __typename }"},
            {"query": "{ __typename }", "onError": "SOMETIMES"},
        ]
        for body in bodies:
            with self.subTest(body=body):
                status, _, raw = self.server.post(body, accept="application/graphql-response+json")
                response = json.loads(raw)
                self.assertEqual(status, 400)
                self.assertNotIn("data", response)
                self.assertTrue(response["errors"][0]["message"])
                status, _, raw = self.server.post(body, accept="application/json")
                self.assertEqual(status, 200)
                self.assertNotIn("data", json.loads(raw))

    def test_malformed_requests_are_400_for_both_media_types(self):
        bodies = [
            b"NONSENSE",
            b'{"query":',
            b"[1]",
            b'{"qeury": "{ __typename }"}',
            b'{"query": "{ __typename }", "variables": [7]}',
            b'{"query": 1}',
        ]
        for body in bodies:
            for accept in ("application/graphql-response+json", "application/json"):
                with self.subTest(body=body, accept=accept):
                    self.assertEqual(self.server.post(body, accept=accept)[0], 400)

    def test_content_type_must_be_json(self):
        for content_type in ("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin-1"):
            with self.subTest(content_type=content_type):
                self.assertEqual(self.server.post({"query": "{ __typename }"}, content_type=content_type)[0], 415)
        self.assertEqual(
            self.server.post({"query": "{ __typename }"}, content_type="application/json; charset=utf-8")[0], 200
        )

    def test_malformed_get_requests(self):
        self.assertEqual(self.server.request("GET", "/graphql?operationName=A")[0], 400)
        self.assertEqual(self.server.request("GET", "/graphql?query=%7B__typename%7D&variables=%7Bnope")[0], 400)
        status, _, raw = self.server.request("GET", "/graphql?query=%7B__typename%7D&operationName=&variables=")
        self.assertEqual((status, json.loads(raw)), (200, {"data": {"__typename": "Query"}}))

    def test_get_queries_and_refuses_mutations(self):
        status, _, raw = self.server.get(
            {"query": "query($id: ID!) { character(id: $id) { name } }", "variables": {"id": "2"}}
        )
        self.assertEqual((status, json.loads(raw)), (200, {"data": {"character": {"name": "Morty Smith"}}}))
        status, headers, _ = self.server.get({"query": 'mutation { updateCharacterName(id: "1", name: "X") { id } }'})
        self.assertEqual((status, headers.get("allow")), (405, "POST"))
        self.assertEqual(
            self.server.graphql('{ character(id: "1") { name } }')[1]["data"]["character"]["name"], "Rick Sanchez"
        )

    def test_other_methods_and_paths(self):
        self.assertEqual(self.server.request("PUT", "/graphql", b"{}")[0], 405)
        self.assertEqual(self.server.request("GET", "/elsewhere")[0], 404)

    def test_field_errors_still_200(self):
        self.server.control({"command": "fieldError", "target": "Query.character", "message": "boom"})
        for accept in ("application/graphql-response+json", "application/json"):
            status, _, raw = self.server.post({"query": '{ character(id: "1") { id } }'}, accept=accept)
            self.assertEqual((status, json.loads(raw)["data"]), (200, {"character": None}))


class LifecycleTests(unittest.TestCase):
    def start(self, *flags):
        process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "server.py"), "--port", "0", *flags],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.addCleanup(process.stdout.close)
        self.addCleanup(process.wait, 10)
        self.addCleanup(lambda: process.poll() is None and process.kill())
        line = process.stdout.readline()
        self.assertRegex(line, r"^LISTENING \d+\n$")
        return process, int(line.split()[1])

    def test_sigterm_and_sigint_exit_cleanly(self):
        for signal_number in (signal.SIGTERM, signal.SIGINT):
            with self.subTest(signal=signal_number):
                process, _ = self.start()
                process.send_signal(signal_number)
                self.assertEqual(process.wait(timeout=10), 0)
                process.stdin.close()

    def test_exits_when_stdin_closes_if_asked(self):
        process, _ = self.start("--exit-on-stdin-eof")
        process.stdin.close()
        self.assertEqual(process.wait(timeout=10), 0)

    def test_listens_on_loopback_only(self):
        process, port = self.start("--exit-on-stdin-eof")
        self.addCleanup(process.stdin.close)
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
        addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
        for address in addresses - {"127.0.0.1"}:
            with self.subTest(address=address), self.assertRaises(OSError):
                socket.create_connection((address, port), timeout=2).close()


if __name__ == "__main__":
    unittest.main()
