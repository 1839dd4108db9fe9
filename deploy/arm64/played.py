#!/usr/bin/env python3
"""Exit 0 when `crate-admin --json status` on stdin says an album was played to its end
(the player is idle again with a track list): install-test.sh polls it."""
import json
import sys

player = json.load(sys.stdin)["status"]["player"]
sys.exit(0 if player["state"] == "idle" and player["tracks"] else 1)
