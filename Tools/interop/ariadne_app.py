"""ariadne serving the interop schema: queries, mutations (one an upload, through its
`upload_scalar`), a field error, and a subscription over graphql-transport-ws at /graphql and over the older graphql-ws at
/legacy (an ariadne app speaks one WebSocket protocol)."""

import asyncio
import os

from ariadne import MutationType, QueryType, SubscriptionType, load_schema_from_path, make_executable_schema, upload_scalar
from ariadne.asgi import GraphQL
from ariadne.asgi.handlers import GraphQLTransportWSHandler, GraphQLWSHandler
from ariadne.contrib.sse import GraphQLHTTPSSEHandler
from starlette.applications import Starlette
from starlette.routing import Mount

from schema_data import CHARACTERS, measured, species

# ariadne runs no experimental directive: the schema it serves leaves out @defer's definition.
SDL = "\n".join(
    line for line in load_schema_from_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.graphql")).splitlines()
    if not line.startswith("directive @defer"))

query = QueryType()
mutation = MutationType()
subscription = SubscriptionType()


@query.field("character")
def resolve_character(_, info, id):
    return CHARACTERS.get(id)


@mutation.field("rename")
def resolve_rename(_, info, id, name):
    if id not in CHARACTERS:
        return None
    CHARACTERS[id]["name"] = name
    return CHARACTERS[id]


@mutation.field("upload")
async def resolve_upload(_, info, file):
    return await measured(file)


@subscription.source("count")
async def count_source(_, info, to):
    for number in range(1, to + 1):
        yield number
        await asyncio.sleep(0.02)


@subscription.field("count")
def resolve_count(number, info, to):
    return number


schema = make_executable_schema(SDL, query, mutation, subscription, upload_scalar)
schema.type_map["Character"].fields["species"].resolve = lambda character, info: species(character)
app = Starlette(routes=[
    Mount("/legacy", GraphQL(schema, websocket_handler=GraphQLWSHandler())),
    # GET queries are off by default in ariadne; the GraphQL SSE protocol (distinct
    # connections mode) is its contrib handler's.
    Mount("/", GraphQL(
        schema, execute_get_queries=True, http_handler=GraphQLHTTPSSEHandler(),
        websocket_handler=GraphQLTransportWSHandler())),
])
