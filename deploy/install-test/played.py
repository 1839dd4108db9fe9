#!/usr/bin/env python3
"""Exit 0 when `crate-admin --json status` on stdin says an album was played to its end
(the player is idle again with a track list): install-test.sh polls it."""
import json
import sys

try:
    player = json.load(sys.stdin)["status"]["player"]
except (ValueError, KeyError):  # no daemon (yet), or a refusal: not played
    sys.exit(1)
state = player["state"]["state"]  # {"state": "idle"}, or e.g. {"state": "error", "message": …}
sys.exit(0 if state == "idle" and player["tracks"] else 1)
