"""LiveHub: what the server's live side shares between connections and the control API.

Subscribers (one asyncio queue per running subscription, on its connection's
event loop) hear of changed records through `publish`, which any thread may call
(a mutation's resolver, a control command). The hub also holds the control
API's live faults (reject the next connection_init, refuse the next upgrades)
and what tests check afterwards: the connection_init payloads received, the ids
subscribed and completed by clients, the connections open now.
"""

import threading


class LiveHub:
    def __init__(self):
        self._lock = threading.Lock()
        self._listeners = {}
        self._next_token = 0
        self.connections = set()
        self.reset()

    def reset(self):
        """Forgets faults and history; connections and running subscriptions stay."""
        with self._lock:
            self.inits = []
            self.subscribed = []
            self.completed = []
            self.init_rejections = 0
            self.refusals = 0
            self.increment_delay_ms = 0
            self.incremental_format = "pendingAndCompleted"
            self.heartbeat_ms = 1000

    # Subscribers

    def listen(self, loop, queue, record_key=None):
        """Registers a queue for events about `record_key` (None: every record); returns a token."""
        with self._lock:
            self._next_token += 1
            self._listeners[self._next_token] = (loop, queue, record_key)
            return self._next_token

    def unlisten(self, token):
        with self._lock:
            self._listeners.pop(token, None)

    def publish(self, record_key, payload=None):
        """Tells every subscriber of `record_key`; returns how many heard. Never blocks."""
        with self._lock:
            listeners = list(self._listeners.values())
        heard = 0
        for loop, queue, wanted in listeners:
            if wanted is not None and wanted != record_key:
                continue
            try:
                loop.call_soon_threadsafe(queue.put_nowait, (record_key, payload))
                heard += 1
            except RuntimeError:
                pass  # the connection's loop has closed: it is going away
        return heard

    def complete_all(self):
        """Ends every running subscription's event stream, as a server whose source of events
        finished would; each protocol then sends its own completion. Returns how many."""
        with self._lock:
            listeners = list(self._listeners.values())
        for loop, queue, _wanted in listeners:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, None)
            except RuntimeError:
                pass  # the connection's loop has closed: it is going away
        return len(listeners)

    # Connections

    def opened(self, connection):
        with self._lock:
            self.connections.add(connection)

    def closed(self, connection):
        with self._lock:
            self.connections.discard(connection)

    def drop_all(self):
        """Cuts every open connection without a close frame, as a network loss would."""
        with self._lock:
            connections = list(self.connections)
        for connection in connections:
            connection.drop()
        return len(connections)

    def stall_all(self):
        """Every open WebSocket goes silent both ways, as a network that died without a close
        would leave it: nothing is answered or sent, pings included."""
        with self._lock:
            connections = list(self.connections)
        for connection in connections:
            connection.stall()
        return len(connections)

    def send_raw(self, text):
        """Sends `text` as a text frame on every open WebSocket, to test what clients make of it."""
        with self._lock:
            connections = list(self.connections)
        for connection in connections:
            connection.send_raw(text)
        return len(connections)

    def take_refusal(self):
        with self._lock:
            if self.refusals <= 0:
                return False
            self.refusals -= 1
            return True

    def take_init_rejection(self):
        with self._lock:
            if self.init_rejections <= 0:
                return False
            self.init_rejections -= 1
            return True

    def note(self, kind, value):
        with self._lock:
            getattr(self, kind).append(value)

    def snapshot(self):
        with self._lock:
            return {
                "open": len(self.connections),
                "active": len(self._listeners),
                "inits": list(self.inits),
                "subscribed": list(self.subscribed),
                "completed": list(self.completed),
            }
