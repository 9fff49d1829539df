"""Starts server.py as a child process and talks to it; used by the self-test and record_fixture.py.

with ServerProcess() as server:
    server.control({"command": "set", "target": "Character:1.name", "value": "Pickle Rick"})
    status, headers, body = server.post({"query": "{ character(id: 1) { name } }"})
"""

import http.client
import json
import os
import subprocess
import sys
from urllib.parse import urlencode

HERE = os.path.dirname(os.path.abspath(__file__))
ACCEPT = "application/graphql-response+json, application/json;q=0.9"


class ServerProcess:
    def __init__(self, arguments=(), schema=None):
        self.arguments = list(arguments)
        self.process = None
        self.port = None
        self.schema = schema

    def __enter__(self):
        arguments = [sys.executable, os.path.join(HERE, "server.py"), "--port", "0", "--exit-on-stdin-eof"]
        if self.schema is not None:
            arguments += ["--schema", self.schema]
        self.process = subprocess.Popen(
            arguments + self.arguments,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        if not line.startswith("LISTENING "):
            self.__exit__(None, None, None)
            raise RuntimeError(f"server.py did not start; its first line was {line!r}")
        self.port = int(line.split()[1])
        return self

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process.stdin.close()
        self.process.stdout.close()

    def request(self, method, path, body=None, headers=None, timeout=30):
        """(status, headers, body bytes); raises OSError / http.client errors on a broken reply."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            connection.close()

    def post(self, params, accept=ACCEPT, content_type="application/json"):
        headers = {"Content-Type": content_type}
        if accept is not None:
            headers["Accept"] = accept
        body = params if isinstance(params, bytes) else json.dumps(params).encode("utf-8")
        return self.request("POST", "/graphql", body, headers)

    def get(self, params, accept=ACCEPT):
        encoded = {k: v if isinstance(v, str) else json.dumps(v) for k, v in params.items()}
        return self.request("GET", "/graphql?" + urlencode(encoded), headers={"Accept": accept})

    def graphql(self, query, variables=None, operation_name=None, on_error=None):
        """The decoded GraphQL response of a POST, and its status."""
        params = {"query": query}
        for name, value in (("variables", variables), ("operationName", operation_name), ("onError", on_error)):
            if value is not None:
                params[name] = value
        status, _, body = self.post(params)
        return status, json.loads(body)

    def control(self, *commands):
        payload = commands[0] if len(commands) == 1 else list(commands)
        status, _, body = self.request("POST", "/control", json.dumps(payload).encode("utf-8"))
        return status, json.loads(body)

    def counters(self):
        return json.loads(self.request("GET", "/control/requests")[2])
