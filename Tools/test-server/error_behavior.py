"""The `onError` request field (graphql-spec RFC "error behaviors"): NULL, PROPAGATE, HALT.

graphql-core 3.3.2 has no `onError` argument, but its Executor exposes the two
hooks needed: `error_propagation` (the switch behind its experimental
`@experimental_disableErrorPropagation` directive) and `handle_field_error`.
"""

from graphql import Executor, located_error

ERROR_BEHAVIORS = ("NULL", "PROPAGATE", "HALT")


class NullOnErrorExecutor(Executor):
    """NULL: a field error leaves null where it happened, even in a non-null position."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.error_propagation = False


class HaltOnErrorExecutor(Executor):
    """HALT: the first field error stops execution; the response is `data: null` and that error.

    Raising from every position (nullable or not) carries the error to the root,
    where the executor answers `data: null` with the one error it caught.
    """

    def handle_field_error(self, raw_error, return_type, field_details_list, path):
        raise located_error(raw_error, [details.node for details in field_details_list], path.as_list())


EXECUTORS = {"NULL": NullOnErrorExecutor, "PROPAGATE": Executor, "HALT": HaltOnErrorExecutor}


def executor_for(on_error):
    """The Executor class for an `onError` value; None (absent) means PROPAGATE."""
    return EXECUTORS["PROPAGATE" if on_error is None else on_error]
