"""The Subscription root's resolvers: source event streams fed by the state's LiveHub."""

import asyncio


def attach(schema):
    subscription = schema.type_map.get("Subscription")
    if subscription is None:
        return
    field = subscription.fields["characterUpdated"]
    field.subscribe = _character_updated_events
    field.resolve = _character_updated


async def _character_updated_events(_root, info, id=None):
    queue = asyncio.Queue()
    hub = info.context.state.live
    token = hub.listen(asyncio.get_running_loop(), queue, None if id is None else f"Character:{id}")
    try:
        while True:
            event = await queue.get()
            if event is None:
                return  # completeSubscriptions
            yield event
    finally:
        hub.unlisten(token)


def _character_updated(event, info, id=None):
    record_key, _payload = event
    return info.context.state.dataset.record(record_key)
