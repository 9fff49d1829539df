"""Runs one GraphQL request: parse, validate, pick the operation, execute with its onError.

The result says whether execution happened (the response has a `data` entry) or
a request error stopped it first, because the HTTP status depends on exactly that.
"""

from dataclasses import dataclass

from graphql import GraphQLError, OperationDefinitionNode, get_operation_ast, parse, validate
from graphql.language import OperationType

from connections import PageFault, page_fault_in
from error_behavior import ERROR_BEHAVIORS, executor_for
from resolvers import RequestContext, inject_field_errors


@dataclass(frozen=True)
class GraphQLRequest:
    """The parameters of a GraphQL-over-HTTP request, already checked for shape."""

    query: str
    operation_name: str | None = None
    variables: dict | None = None
    extensions: dict | None = None
    on_error: str | None = None


@dataclass(frozen=True)
class Outcome:
    response: dict
    executed: bool
    page_fault: PageFault | None = None


class MutationOverGet(Exception):
    """A GET request selected a mutation; GraphQL-over-HTTP answers 405."""


def operation_name(request):
    """The operation a request names, or its document's only operation's name; None if neither."""
    if request.operation_name:
        return request.operation_name
    try:
        document = parse(request.query)
    except GraphQLError:
        return None
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    return operations[0].name.value if len(operations) == 1 and operations[0].name else None


def request_error(*errors):
    return Outcome({"errors": [error.formatted for error in errors]}, executed=False)


def run(schema, state, request, allow_mutation=True):
    if request.on_error is not None and request.on_error not in ERROR_BEHAVIORS:
        allowed = ", ".join(ERROR_BEHAVIORS)
        return request_error(GraphQLError(f"onError must be one of {allowed}; got '{request.on_error}'."))
    try:
        document = parse(request.query)
    except GraphQLError as error:
        return request_error(error)
    errors = validate(schema, document)
    if errors:
        return request_error(*errors)
    operation = get_operation_ast(document, request.operation_name)
    if operation is not None and operation.operation == OperationType.MUTATION and not allow_mutation:
        raise MutationOverGet()
    with state.lock:
        executor = executor_for(request.on_error).build(
            schema,
            document,
            context_value=RequestContext(state),
            raw_variable_values=request.variables,
            operation_name=request.operation_name,
            middleware=[inject_field_errors],
        )
        if isinstance(executor, list):
            return request_error(*executor)
        result = executor.execute_operation()
    return Outcome(result.formatted, executed=True, page_fault=page_fault_in(result))
