"""The data both interop servers serve: three characters, one of whom hides a field; and
what an uploaded file measured as it was read."""

import hashlib

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


async def measured(upload):
    """An uploaded file's name, size and SHA-256, read a chunk at a time (both servers hand
    the resolver Starlette's `UploadFile`)."""
    digest, size = hashlib.sha256(), 0
    while chunk := await upload.read(65536):
        digest.update(chunk)
        size += len(chunk)
    return {"filename": upload.filename, "size": size, "sha256": digest.hexdigest()}
