"""Runs one interop server (strawberry-graphql or ariadne, from .venv-interop) for Baton's
interop tests, as Tools/test-server/server.py runs the loopback server:

    python serve.py --server strawberry|ariadne [--exit-on-stdin-eof]

Binds 127.0.0.1 on a free port, prints `LISTENING <port>` once the port accepts
connections, and exits when stdin closes (with --exit-on-stdin-eof) or on SIGTERM.
"""

import argparse
import importlib
import os
import socket
import sys
import threading
import time

import uvicorn


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", choices=["strawberry", "ariadne"], required=True)
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    arguments = parser.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    app = importlib.import_module(f"{arguments.server}_app").app
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, daemon=True).start()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    print(f"LISTENING {port}", flush=True)
    if arguments.exit_on_stdin_eof:
        sys.stdin.read()
        os._exit(0)
    threading.Event().wait()


if __name__ == "__main__":
    main()
