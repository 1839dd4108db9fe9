"""What the Plex and Last.fm stand-ins share: how they run under a test."""
import os
import sys
import threading
from http.server import ThreadingHTTPServer


def serve(handler):
    """Serves `handler` on a free port of 127.0.0.1, prints the port (the test reads it
    first) and exits when stdin closes: the test that started the server is gone."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    os._exit(0)
