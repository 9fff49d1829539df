"""strawberry-graphql serving the interop schema: queries, a mutation, a field error, a
subscription over both WebSocket subprotocols and over Apollo's multipart HTTP protocol,
uploads (the GraphQL multipart request, once `multipart_uploads_enabled`), and @defer (its experimental incremental execution, which answers in the current
incremental-delivery format)."""

import asyncio
from typing import AsyncGenerator, Optional

import strawberry
from strawberry.asgi import GraphQL
from strawberry.file_uploads import Upload
from strawberry.schema.config import StrawberryConfig
from strawberry.subscriptions import GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL, MULTIPART_SUBSCRIPTION_PROTOCOL

from schema_data import CHARACTERS, measured, species


@strawberry.type
class Character:
    id: strawberry.ID
    name: str

    @strawberry.field
    def species(self) -> Optional[str]:
        return species(CHARACTERS[self.id])


def _character(id: str) -> Optional[Character]:
    data = CHARACTERS.get(id)
    return Character(id=strawberry.ID(data["id"]), name=data["name"]) if data else None


@strawberry.type
class UploadedFile:
    filename: str
    size: int
    sha256: str


@strawberry.type
class Query:
    @strawberry.field
    def character(self, id: strawberry.ID) -> Optional[Character]:
        return _character(id)


@strawberry.type
class Mutation:
    @strawberry.mutation
    def rename(self, id: strawberry.ID, name: str) -> Optional[Character]:
        if id not in CHARACTERS:
            return None
        CHARACTERS[id]["name"] = name
        return _character(id)

    @strawberry.mutation
    async def upload(self, file: Upload) -> UploadedFile:
        return UploadedFile(**await measured(file))


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def count(self, to: int) -> AsyncGenerator[int, None]:
        for number in range(1, to + 1):
            yield number
            await asyncio.sleep(0.02)


schema = strawberry.Schema(
    query=Query, mutation=Mutation, subscription=Subscription,
    config=StrawberryConfig(enable_experimental_incremental_execution=True))
app = GraphQL(
    schema, subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_WS_PROTOCOL, MULTIPART_SUBSCRIPTION_PROTOCOL),
    multipart_uploads_enabled=True)
