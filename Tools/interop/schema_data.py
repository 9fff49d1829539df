"""The data both interop servers serve: three characters, one of whom hides a field."""

CHARACTERS = {
    "1": {"id": "1", "name": "Rick Sanchez", "species": "Human"},
    "2": {"id": "2", "name": "Morty Smith", "species": "Human"},
    "3": {"id": "3", "name": "Birdperson", "species": None},
}


def species(character):
    """The species, or an error for a character without one: a field error beside data."""
    if character["species"] is None:
        raise ValueError("species withheld")
    return character["species"]
