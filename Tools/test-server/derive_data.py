"""Derives data.json from the public Rick and Morty API's data (see README.md).

    python derive_data.py SOURCE.json > data.json

SOURCE.json has `characters`, `locations` and `episodes` as the API serves them,
with links given as numeric ids. The output follows schema.graphql: ids are
strings, links are record keys (`Location:1`), enum values are enum names, empty
strings become null, and links to records outside the data set are dropped.
`Location.residents` and `Episode.characters` are not stored: the server derives
them from `Character.location` and `Character.episodes`.
"""

import json
import sys

STATUS = {"Alive": "ALIVE", "Dead": "DEAD", "unknown": "UNKNOWN"}
GENDER = {"Female": "FEMALE", "Male": "MALE", "Genderless": "GENDERLESS", "unknown": "UNKNOWN"}
FEATURED = ["Character:1", "Location:20", "Episode:1", "Character:2"]


def optional(text):
    return text if text else None


def link(typename, raw_id, known):
    return f"{typename}:{raw_id}" if raw_id is not None and raw_id in known else None


def derive(source):
    location_ids = {location["id"] for location in source["locations"]}
    episode_ids = {episode["id"] for episode in source["episodes"]}
    characters = [
        {
            "id": str(c["id"]),
            "name": c["name"],
            "status": STATUS[c["status"]],
            "species": c["species"],
            "type": optional(c["type"]),
            "gender": GENDER[c["gender"]],
            "origin": link("Location", c["origin"], location_ids),
            "location": link("Location", c["location"], location_ids),
            "image": c["image"],
            "episodes": [f"Episode:{e}" for e in c["episode"] if e in episode_ids],
            "created": c["created"],
        }
        for c in sorted(source["characters"], key=lambda c: c["id"])
    ]
    locations = [
        {
            "id": str(l["id"]),
            "name": l["name"],
            "type": optional(l["type"]),
            "dimension": optional(l["dimension"]),
            "created": l["created"],
        }
        for l in sorted(source["locations"], key=lambda l: l["id"])
    ]
    episodes = [
        {
            "id": str(e["id"]),
            "name": e["name"],
            "airDate": e["air_date"],
            "code": e["episode"],
            "created": e["created"],
        }
        for e in sorted(source["episodes"], key=lambda e: e["id"])
    ]
    return {"Character": characters, "Location": locations, "Episode": episodes, "featured": FEATURED}


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as file:
        json.dump(derive(json.load(file)), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
