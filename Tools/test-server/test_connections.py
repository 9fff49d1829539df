"""charactersConnection: forward and backward to the end, filters, stable cursors,
addCharacter and deleteCharacter, and per-page faults."""

import base64
import unittest

from test_server import ServerTestCase

PAGE = """query Page($first: Int, $after: String, $last: Int, $before: String, $filter: CharacterFilter) {
  charactersConnection(first: $first, after: $after, last: $last, before: $before, filter: $filter) {
    edges { cursor node { id name } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}"""


def cursor(character_id):
    return base64.b64encode(f"Character:{character_id}".encode()).decode()


class ConnectionTests(ServerTestCase):
    def page(self, **variables):
        status, response = self.server.graphql(PAGE, variables=variables)
        self.assertEqual(status, 200, response)
        self.assertNotIn("errors", response)
        return response["data"]["charactersConnection"]

    def ids(self, connection):
        return [edge["node"]["id"] for edge in connection["edges"]]

    def test_forward_to_the_end(self):
        seen, after, pages = [], None, 0
        while True:
            connection = self.page(first=15, after=after)
            seen += self.ids(connection)
            pages += 1
            info = connection["pageInfo"]
            self.assertEqual(info["hasPreviousPage"], after is not None)
            if not info["hasNextPage"]:
                break
            after = info["endCursor"]
        self.assertEqual(pages, 3)
        self.assertEqual(seen, [str(i) for i in range(1, 41)])
        self.assertEqual(connection["totalCount"], 40)

    def test_backward_to_the_start(self):
        seen, before = [], None
        while True:
            connection = self.page(last=15, before=before)
            seen = self.ids(connection) + seen
            info = connection["pageInfo"]
            self.assertEqual(info["hasNextPage"], before is not None)
            if not info["hasPreviousPage"]:
                break
            before = info["startCursor"]
        self.assertEqual(seen, [str(i) for i in range(1, 41)])

    def test_first_page_info_and_cursors(self):
        connection = self.page(first=2)
        self.assertEqual(connection["edges"][0], {"cursor": cursor(1), "node": {"id": "1", "name": "Rick Sanchez"}})
        self.assertEqual(
            connection["pageInfo"],
            {"hasNextPage": True, "hasPreviousPage": False, "startCursor": cursor(1), "endCursor": cursor(2)},
        )

    def test_empty_page_past_the_end(self):
        connection = self.page(first=5, after=cursor(40))
        self.assertEqual(connection["edges"], [])
        self.assertEqual(
            connection["pageInfo"],
            {"hasNextPage": False, "hasPreviousPage": True, "startCursor": None, "endCursor": None},
        )

    def test_filter(self):
        connection = self.page(first=3, filter={"name": "smith"})
        self.assertEqual(self.ids(connection), ["2", "3", "4"])
        self.assertTrue(connection["pageInfo"]["hasNextPage"])
        rest = self.page(first=10, after=connection["pageInfo"]["endCursor"], filter={"name": "smith"})
        self.assertFalse(rest["pageInfo"]["hasNextPage"])
        self.assertTrue(all("Smith" in e["node"]["name"] for e in rest["edges"]))

    def test_cursors_survive_deletes_and_adds(self):
        after = self.page(first=3)["pageInfo"]["endCursor"]
        _, response = self.server.graphql('mutation { deleteCharacter(id: "3") { deletedId } }')
        self.assertEqual(response, {"data": {"deleteCharacter": {"deletedId": "3"}}})
        self.assertEqual(self.ids(self.page(first=2, after=after)), ["4", "5"])
        self.assertEqual(self.ids(self.page(first=2, after=cursor(2))), ["4", "5"])

    def test_add_character_gives_its_edge(self):
        _, response = self.server.graphql(
            'mutation { addCharacter(input: {name: "Squanchy"}) '
            "{ characterEdge { cursor node { id name species } } character { id } } }"
        )
        payload = response["data"]["addCharacter"]
        self.assertEqual(
            payload["characterEdge"], {"cursor": cursor(41), "node": {"id": "41", "name": "Squanchy", "species": "Human"}}
        )
        self.assertEqual(self.ids(self.page(last=1)), ["41"])

    def test_delete_unknown_character_is_an_error(self):
        _, response = self.server.graphql('mutation { deleteCharacter(id: "999") { deletedId } }')
        self.assertEqual(response["errors"][0]["message"], "No character with id '999'.")

    def test_deleted_character_leaves_featured_and_lookups(self):
        self.server.graphql('mutation { deleteCharacter(id: "1") { deletedId } }')
        _, response = self.server.graphql('{ character(id: "1") { id } featured { __typename id } }')
        self.assertIsNone(response["data"]["character"])
        self.assertNotIn({"__typename": "Character", "id": "1"}, response["data"]["featured"])
        self.assertIn({"__typename": "Character", "id": "2"}, response["data"]["featured"])

    def test_bad_cursor_is_a_field_error(self):
        _, response = self.server.graphql(PAGE, variables={"first": 1, "after": "bm9wZQ=="})
        self.assertEqual(response["errors"][0]["message"], "'bm9wZQ==' is not a cursor of this connection.")


class PageFaultTests(ServerTestCase):
    def test_fault_hits_only_the_matching_page(self):
        status, _ = self.server.control({"command": "pageFault", "after": cursor(10), "status": 503, "count": 1})
        self.assertEqual(status, 200)
        self.assertEqual(self.server.graphql(PAGE, variables={"first": 10})[0], 200)
        status, headers, body = self.server.post({"query": PAGE, "variables": {"first": 10, "after": cursor(10)}})
        self.assertEqual(status, 503)
        self.assertEqual((headers["content-type"], body), ("text/plain; charset=utf-8", b"page failed with HTTP 503\n"))
        status, response = self.server.graphql(PAGE, variables={"first": 10, "after": cursor(10)})
        self.assertEqual((status, len(response["data"]["charactersConnection"]["edges"])), (200, 10))

    def test_first_page_fault_matches_a_missing_after(self):
        self.server.control({"command": "pageFault", "after": None, "message": "first page down"})
        self.assertEqual(self.server.post({"query": PAGE, "variables": {"first": 10}})[0], 500)
        self.assertEqual(self.server.graphql(PAGE, variables={"first": 10, "after": cursor(10)})[0], 200)
        self.server.control({"command": "reset"})
        self.assertEqual(self.server.graphql(PAGE, variables={"first": 10})[0], 200)

    def test_bad_page_fault_commands(self):
        for command in (
            {"command": "pageFault", "status": 200},
            {"command": "pageFault", "connection": "characters"},
            {"command": "pageFault", "after": 3},
        ):
            status, answer = self.server.control(command)
            self.assertEqual(status, 400, command)
            self.assertEqual(answer["applied"], 0)


if __name__ == "__main__":
    unittest.main()
