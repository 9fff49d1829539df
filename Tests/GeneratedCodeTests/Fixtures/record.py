"""Records the loopback server's responses that GeneratedCodeTests read.

    .venv/bin/python Tests/GeneratedCodeTests/Fixtures/record.py

Each case sends the generated operation's own text (its `document`, read out of the
generated Swift file) so the response matches the selection metadata exactly.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
GENERATED = os.path.join(ROOT, "Tests", "GeneratedCodeTests", "Generated", "RickAndMorty")
RECORDER = os.path.join(ROOT, "Tools", "test-server", "record_fixture.py")


def field_error(target, message):
    return {"command": "fieldError", "target": target, "message": message}


def set_value(target, value):
    return {"command": "set", "target": target, "value": value}


# name: (generated type, variables, onError, control commands)
CASES = {
    "CharacterDetail": ("CharacterDetailQuery", {"id": "1"}, "NULL", []),
    "CharacterDetail-locationError": ("CharacterDetailQuery", {"id": "1"}, "NULL", [field_error("Character:1.location", "location unavailable")]),
    "CharacterDetail-typeError": ("CharacterDetailQuery", {"id": "2"}, "NULL", [field_error("Character:2.type", "type unavailable")]),
    "CharacterDetail-nameError": ("CharacterDetailQuery", {"id": "1"}, "NULL", [field_error("Character:1.name", "name unavailable")]),
    "CaughtFields-errors": ("CaughtFieldsQuery", {"id": "1"}, "NULL", [field_error("Character:1.species", "species unavailable"), field_error("Character:1.type", "type unavailable")]),
    "CaughtFields": ("CaughtFieldsQuery", {"id": "1"}, "NULL", []),
    "StrictCharacter-typeError": ("StrictCharacterQuery", {"id": "1"}, "NULL", [field_error("Character:1.type", "type unavailable")]),
    "CharacterWithCard-typeError": ("CharacterWithCardQuery", {"id": "1"}, "NULL", [field_error("Character:1.type", "type unavailable")]),
    "CharacterWithCard": ("CharacterWithCardQuery", {"id": "1"}, "NULL", []),
    "RequiredFields-typeNull": ("RequiredFieldsQuery", {"id": "1"}, "NULL", [set_value("Character:1.type", None)]),
    "RequiredFields-originNull": ("RequiredFieldsQuery", {"id": "1"}, "NULL", [set_value("Character:1.type", "Human"), set_value("Character:1.origin", None)]),
    "RequiredFields-dimensionNull": ("RequiredFieldsQuery", {"id": "1"}, "NULL", [set_value("Character:1.type", "Human"), set_value("Location:20.dimension", None)]),
    "Search": ("SearchQuery", {"text": "Rick", "first": 60}, "NULL", []),
    "Featured": ("FeaturedQuery", {}, "NULL", []),
    "Featured-originNull": ("FeaturedQuery", {}, "NULL", [set_value("Character:1.origin", None)]),
    "Names": ("NamesQuery", {}, "NULL", []),
    "CharactersPage": ("CharactersPageQuery", {"withOrigin": True}, "NULL", []),
    "CaughtCards": ("CaughtCardsQuery", {"id": "1"}, "NULL", []),
    "CaughtCards-originError": ("CaughtCardsQuery", {"id": "1"}, "NULL", [field_error("Character:1.origin", "origin unavailable")]),
    "Badge-nameError": ("BadgeQuery", {"id": "1"}, "NULL", [field_error("Character:1.name", "name unavailable")]),
    "Badge": ("BadgeQuery", {"id": "1"}, "NULL", []),
}


def document(type_name):
    with open(os.path.join(GENERATED, f"RickAndMorty.{type_name}.swift"), encoding="utf-8") as file:
        text = file.read()
    literal = re.search(r'static let document = (".*")\n', text).group(1)
    return json.loads(literal)


def main():
    for name, (type_name, variables, on_error, controls) in CASES.items():
        with tempfile.NamedTemporaryFile("w", suffix=".graphql", delete=False) as query:
            query.write(document(type_name))
        command = [sys.executable, RECORDER, query.name, os.path.join(HERE, name + ".json"),
                   "--variables", json.dumps(variables), "--on-error", on_error]
        for control in controls:
            command += ["--control", json.dumps(control)]
        subprocess.run(command, check=True)
        os.unlink(query.name)


if __name__ == "__main__":
    main()
