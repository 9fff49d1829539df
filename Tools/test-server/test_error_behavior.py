"""onError: PROPAGATE (the default), NULL and HALT, with injected errors and nulls in non-null fields."""

import unittest

from test_server import ServerTestCase

QUERY = '{ character(id: "1") { id species type } other: character(id: "2") { id species } }'


class ErrorBehaviorTests(ServerTestCase):
    def inject(self, target, message):
        status, _ = self.server.control({"command": "fieldError", "target": target, "message": message})
        self.assertEqual(status, 200)

    def test_propagate_nulls_the_nearest_nullable_parent(self):
        self.inject("Character:1.species", "species unavailable")
        for on_error in (None, "PROPAGATE"):
            with self.subTest(on_error=on_error):
                status, response = self.server.graphql(QUERY, on_error=on_error)
                self.assertEqual(status, 200)
                self.assertEqual(response["data"], {"character": None, "other": {"id": "2", "species": "Human"}})
                self.assertEqual(
                    response["errors"],
                    [
                        {
                            "message": "species unavailable",
                            "locations": [{"line": 1, "column": 27}],
                            "path": ["character", "species"],
                        }
                    ],
                )

    def test_null_leaves_null_at_the_error_even_if_non_null(self):
        self.inject("Character:1.species", "species unavailable")
        status, response = self.server.graphql(QUERY, on_error="NULL")
        self.assertEqual(status, 200)
        self.assertEqual(
            response["data"],
            {"character": {"id": "1", "species": None, "type": None}, "other": {"id": "2", "species": "Human"}},
        )
        self.assertEqual([e["path"] for e in response["errors"]], [["character", "species"]])

    def test_null_in_a_list_of_non_null_items(self):
        self.inject("Episode:2.code", "code unavailable")
        query = '{ character(id: "1") { episodes { code } } }'
        _, propagated = self.server.graphql(query)
        self.assertEqual(propagated["data"], {"character": None})
        _, in_place = self.server.graphql(query, on_error="NULL")
        episodes = in_place["data"]["character"]["episodes"]
        self.assertEqual(episodes[:3], [{"code": "S01E01"}, {"code": None}, {"code": "S01E03"}])
        self.assertEqual(in_place["errors"][0]["path"], ["character", "episodes", 1, "code"])

    def test_null_value_in_non_null_field(self):
        self.server.control({"command": "set", "target": "Character:1.name", "value": None})
        query = '{ character(id: "1") { id name } }'
        _, propagated = self.server.graphql(query)
        self.assertEqual(propagated["data"], {"character": None})
        self.assertEqual(
            propagated["errors"][0]["message"], "Cannot return null for non-nullable field Character.name."
        )
        _, in_place = self.server.graphql(query, on_error="NULL")
        self.assertEqual(in_place["data"], {"character": {"id": "1", "name": None}})
        self.assertEqual(in_place["errors"][0]["path"], ["character", "name"])

    def test_halt_answers_data_null_and_the_first_error(self):
        self.inject("Character.species", "species unavailable")
        status, response = self.server.graphql(QUERY, on_error="HALT")
        self.assertEqual(status, 200)
        self.assertEqual(
            response,
            {
                "data": None,
                "errors": [
                    {
                        "message": "species unavailable",
                        "locations": [{"line": 1, "column": 27}],
                        "path": ["character", "species"],
                    }
                ],
            },
        )

    def test_halt_on_a_nullable_field_too(self):
        self.inject("Character:1.type", "type unavailable")
        _, response = self.server.graphql(QUERY, on_error="HALT")
        self.assertEqual(response["data"], None)
        self.assertEqual([e["path"] for e in response["errors"]], [["character", "type"]])

    def test_halt_stops_executing_later_mutation_fields(self):
        _, response = self.server.graphql(
            'mutation { first: updateCharacterName(id: "404", name: "A") { id } '
            'second: updateCharacterName(id: "1", name: "Halted") { id } }',
            on_error="HALT",
        )
        self.assertEqual(response["data"], None)
        self.assertEqual([e["path"] for e in response["errors"]], [["first"]])
        _, later = self.server.graphql('{ character(id: "1") { name } }')
        self.assertEqual(later["data"]["character"]["name"], "Rick Sanchez")

    def test_without_errors_every_behavior_answers_the_same(self):
        answers = [self.server.graphql(QUERY, on_error=mode) for mode in (None, "PROPAGATE", "NULL", "HALT")]
        self.assertEqual(len({repr(answer) for answer in answers}), 1)
        self.assertNotIn("errors", answers[0][1])


if __name__ == "__main__":
    unittest.main()
