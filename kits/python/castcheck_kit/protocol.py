"""The protocol loop: JSON lines on stdin and stdout, logs on stderr (docs/PROTOCOL.md, "Framing")."""

from __future__ import annotations

import json
import sys
import traceback
from typing import TextIO

from .check import check_trace
from .engine import Engine, run_scenario

PROTOCOL = 1


def _send(out: TextIO, message: dict) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def handle(engine: Engine, message: dict, out: TextIO, err: TextIO, check: bool = True) -> int | None:
    """Answers one message; returns an exit status when the engine should exit."""
    kind = message.get("type")
    if kind == "hello":
        if message.get("protocol") != PROTOCOL:
            _send(out, {"type": "error", "message": f"this engine speaks protocol {PROTOCOL}, not {message.get('protocol')}"})
            return 1
        _send(out, {"type": "hello", "protocol": PROTOCOL, "engine": {"name": engine.name, "version": engine.version}, "capabilities": engine.capabilities})
    elif kind == "run":
        try:
            trace = run_scenario(engine, message["scenario"])
        except Exception as error:  # a bug in the engine: say so, and stay up for the next scenario
            traceback.print_exc(file=err)
            _send(out, {"type": "error", "id": message["id"], "message": f"{type(error).__name__}: {error}"})
            return None
        if check:
            for problem in check_trace(message["scenario"], trace):
                print(f"castcheck-kit: request {message['id']}: {problem}", file=err, flush=True)
        _send(out, {"type": "trace", "id": message["id"], "trace": trace})
    elif kind == "stop":
        return 0
    # Any other type comes from a newer castcheck and is not for this engine.
    return None


def serve(engine: Engine, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, stderr: TextIO = sys.stderr, check: bool = True) -> int:
    """Answers castcheck until stop or the end of stdin; returns the exit status."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            _send(stdout, {"type": "error", "message": "the request is not JSON"})
            continue
        status = handle(engine, message, stdout, stderr, check)
        if status is not None:
            return status
    return 0
