"""The `--schema swapi` mode: its root type, `node(id:)`, both connections in both
directions from a middle cursor, and page faults on them."""

import base64
import unittest

from launcher import ServerProcess

PEOPLE = """query People($first: Int, $after: String, $last: Int, $before: String) {
  allPeople(first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id name } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    totalCount
  }
}"""


def cursor(person):
    return base64.b64encode(f"Person:person{person}".encode()).decode()


class SwapiTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ServerProcess(schema="swapi").__enter__()

    @classmethod
    def tearDownClass(cls):
        cls.server.__exit__(None, None, None)

    def setUp(self):
        self.assertEqual(self.server.control({"command": "reset"})[0], 200)

    def people(self, **variables):
        status, response = self.server.graphql(PEOPLE, variables=variables)
        self.assertEqual(status, 200, response)
        self.assertNotIn("errors", response)
        return response["data"]["allPeople"]

    @staticmethod
    def ids(connection):
        return [int(edge["node"]["id"].removeprefix("person")) for edge in connection["edges"]]

    def test_the_root_type_is_root(self):
        status, response = self.server.graphql("{ __typename allFilms { title } }")
        self.assertEqual(status, 200, response)
        self.assertEqual(response["data"]["__typename"], "Root")
        self.assertEqual(response["data"]["allFilms"][0]["title"], "A New Hope")

    def test_both_ways_from_a_middle_cursor(self):
        before = self.people(last=3, before=cursor(10))
        self.assertEqual(self.ids(before), [7, 8, 9])
        self.assertTrue(before["pageInfo"]["hasNextPage"] and before["pageInfo"]["hasPreviousPage"])
        after = self.people(first=3, after=cursor(10))
        self.assertEqual(self.ids(after), [11, 12, 13])
        self.assertEqual(self.people(first=10, after=cursor(13))["pageInfo"]["hasNextPage"], False)
        self.assertEqual(self.people(first=3, after=cursor(10), before=cursor(10))["edges"], [])
        self.assertEqual(after["totalCount"], 16)

    def test_a_films_characters_through_node(self):
        query = """query Cast($id: ID!, $after: String) { node(id: $id) { __typename id
          ... on Film { title characterConnection(first: 2, after: $after) { edges { node { name } } pageInfo { endCursor hasNextPage } } } } }"""
        status, response = self.server.graphql(query, variables={"id": "film4"})
        self.assertEqual(status, 200, response)
        film = response["data"]["node"]
        self.assertEqual(film["title"], "The Phantom Menace")
        names = [edge["node"]["name"] for edge in film["characterConnection"]["edges"]]
        self.assertEqual(names, ["C-3PO", "R2-D2"])
        after = film["characterConnection"]["pageInfo"]["endCursor"]
        _, response = self.server.graphql(query, variables={"id": "film4", "after": after})
        names = [edge["node"]["name"] for edge in response["data"]["node"]["characterConnection"]["edges"]]
        self.assertEqual(names, ["Obi-Wan Kenobi", "Anakin Skywalker"])

    def test_a_page_fault(self):
        self.server.control({"command": "pageFault", "connection": "allPeople", "after": cursor(3), "status": 500, "count": 1})
        status, _, _ = self.server.post({"query": PEOPLE, "variables": {"first": 3, "after": cursor(3)}})
        self.assertEqual(status, 500)
        self.assertEqual(self.ids(self.people(first=3, after=cursor(3))), [4, 5, 6])


if __name__ == "__main__":
    unittest.main()
