"""Auth with expiring tokens and a refresh endpoint, automatic persisted queries, and
persisted-only operations from an Apollo or a Relay manifest."""

import hashlib
import json
import os
import tempfile
import time

from test_server import ServerTestCase

RICK = '{ character(id: "1") { id name } }'
RICK_HASH = hashlib.sha256(RICK.encode("utf-8")).hexdigest()


def by_hash(digest, query=None):
    params = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    if query is not None:
        params["query"] = query
    return params


class AuthTests(ServerTestCase):
    def graphql(self, token, accept="application/json"):
        headers = {"Content-Type": "application/json", "Accept": accept}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        status, response_headers, body = self.server.request("POST", "/graphql", json.dumps({"query": RICK}).encode(), headers)
        return status, response_headers, body

    def refresh(self, refresh_token="refresh-0"):
        status, _, body = self.server.request("POST", "/auth/refresh", json.dumps({"refreshToken": refresh_token}).encode())
        return status, json.loads(body)

    def test_a_valid_token_runs_and_a_missing_one_is_401(self):
        self.server.control({"command": "auth", "token": "t0"})
        self.assertEqual(self.graphql("t0")[0], 200)
        status, headers, body = self.graphql(None)
        self.assertEqual(status, 401)
        self.assertIn("invalid_token", headers["www-authenticate"])
        self.assertEqual(self.graphql("wrong")[0], 401)

    def test_unauthenticated_style_answers_a_graphql_error(self):
        self.server.control({"command": "auth", "style": "unauthenticated", "token": "t0"})
        status, _, body = self.graphql("other")
        self.assertEqual(status, 200)
        response = json.loads(body)
        self.assertNotIn("data", response)
        self.assertEqual(response["errors"][0]["extensions"]["code"], "UNAUTHENTICATED")

    def test_refresh_rotates_the_token(self):
        self.server.control({"command": "auth", "token": "t0"}, {"command": "expireTokens"})
        self.assertEqual(self.graphql("t0")[0], 401)
        status, answer = self.refresh()
        self.assertEqual((status, answer), (200, {"token": "token-1"}))
        self.assertEqual(self.graphql("token-1")[0], 200)
        self.assertEqual(self.refresh()[1], {"token": "token-2"})
        self.assertEqual(self.graphql("token-1")[0], 401, "a refresh replaces every earlier token")
        network = json.loads(self.server.request("GET", "/control/network")[2])
        self.assertEqual((network["refreshes"], network["validTokens"]), (2, ["token-2"]))

    def test_a_token_expires_after_its_lifetime(self):
        self.server.control({"command": "auth", "token": "t0", "lifetimeSeconds": 0.2})
        self.assertEqual(self.graphql("t0")[0], 200)
        time.sleep(0.3)
        self.assertEqual(self.graphql("t0")[0], 401)

    def test_refresh_fails_when_told_or_with_a_wrong_refresh_token(self):
        self.server.control({"command": "auth", "refreshFails": True})
        self.assertEqual(self.refresh()[0], 401)
        self.server.control({"command": "auth"})
        self.assertEqual(self.refresh("nope")[0], 401)
        self.assertEqual(self.refresh()[0], 200)

    def test_bad_auth_commands_are_refused(self):
        self.assertEqual(self.server.control({"command": "auth", "style": "teapot"})[0], 400)
        self.assertEqual(self.server.control({"command": "expireTokens"})[0], 400)
        self.assertEqual(self.server.control({"command": "auth", "lifetimeSeconds": -1})[0], 400)

    def test_reset_turns_auth_off(self):
        self.server.control({"command": "auth"})
        self.server.control({"command": "reset"})
        self.assertEqual(self.graphql(None)[0], 200)


class AutomaticPersistedQueryTests(ServerTestCase):
    def setUp(self):
        super().setUp()
        self.server.control({"command": "persistedQueries", "mode": "automatic"})

    def test_miss_then_register_then_hit(self):
        status, _, body = self.server.post(by_hash(RICK_HASH))
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["errors"][0]["message"], "PersistedQueryNotFound")
        status, _, body = self.server.post(by_hash(RICK_HASH, RICK))
        self.assertEqual(json.loads(body)["data"]["character"]["name"], "Rick Sanchez")
        status, _, body = self.server.get({"extensions": by_hash(RICK_HASH)["extensions"]})
        self.assertEqual(json.loads(body)["data"]["character"]["name"], "Rick Sanchez")
        network = json.loads(self.server.request("GET", "/control/network")[2])
        self.assertEqual((network["persistedMisses"], network["registered"]), (1, [RICK_HASH]))

    def test_a_hash_that_is_not_the_texts_is_refused(self):
        status, _, body = self.server.post(by_hash("0" * 64, RICK))
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body)["errors"][0]["extensions"]["code"], "INVALID_SHA256")

    def test_without_the_mode_a_hash_is_not_supported(self):
        self.server.control({"command": "persistedQueries", "mode": "off"})
        body = json.loads(self.server.post(by_hash(RICK_HASH))[2])
        self.assertEqual(body["errors"][0]["message"], "PersistedQueryNotSupported")


class PersistedOnlyTests(ServerTestCase):
    def manifest(self, content):
        handle, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(handle, "w") as file:
            json.dump(content, file)
        self.addCleanup(os.remove, path)
        return path

    def test_an_apollo_manifest_runs_its_operations_by_id_only(self):
        path = self.manifest({
            "format": "apollo-persisted-query-manifest",
            "version": 1,
            "operations": [{"id": RICK_HASH, "name": "Rick", "type": "query", "body": RICK}],
        })
        self.assertEqual(self.server.control({"command": "persistedQueries", "mode": "persistedOnly", "manifest": path})[0], 200)
        body = json.loads(self.server.post(by_hash(RICK_HASH))[2])
        self.assertEqual(body["data"]["character"]["name"], "Rick Sanchez")
        status, _, body = self.server.post({"query": RICK})
        self.assertEqual((status, json.loads(body)["errors"][0]["extensions"]["code"]), (400, "PERSISTED_QUERY_ONLY"))
        body = json.loads(self.server.post(by_hash("f" * 64))[2])
        self.assertEqual(body["errors"][0]["message"], "PersistedQueryNotFound")

    def test_a_relay_map_loads_too(self):
        path = self.manifest({RICK_HASH: RICK})
        self.server.control({"command": "persistedQueries", "mode": "persistedOnly", "manifest": path})
        body = json.loads(self.server.post(by_hash(RICK_HASH))[2])
        self.assertEqual(body["data"]["character"]["id"], "1")

    def test_a_manifest_of_another_shape_is_refused(self):
        path = self.manifest({"format": "apollo-persisted-query-manifest", "version": 2, "operations": []})
        status, answer = self.server.control({"command": "persistedQueries", "mode": "persistedOnly", "manifest": path})
        self.assertEqual(status, 400)
        self.assertIn("version 1", answer["error"])
