"""Loopback servers for the download tests (nothing touches the internet): ``Server`` serves a folder and
records the paths asked for; ``Silent`` is a network that drops packets (it takes every connection and never
answers)."""

from __future__ import annotations

import contextlib
import functools
import socket
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Server:
    """A loopback HTTP server over a folder that records the paths requested."""

    def __init__(self, folder: Path) -> None:
        self.requests: list[str] = []
        server = self

        class Handler(SimpleHTTPRequestHandler):
            def do_GET(self):
                server.requests.append(self.path)
                super().do_GET()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.02,), daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class Silent:
    """A server on a network that drops packets: it takes every connection and never answers."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/"
        self.connections: list[socket.socket] = []
        self.running = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while self.running:
            with contextlib.suppress(OSError):
                self.connections.append(self.sock.accept()[0])

    def count(self) -> int:
        time.sleep(0.1)  # let the accepting thread catch up
        return len(self.connections)

    def close(self) -> None:
        self.running = False
        self.thread.join()
        for conn in self.connections:
            conn.close()
        self.sock.close()
