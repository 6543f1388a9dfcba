"""A process that has loaded forge once and starts each ``python -m forge`` the tests ask for
by forking itself: the command runs in a process of its own, as a user's would (its own
working directory, environment, standard streams, exit status, signals, child processes),
without paying Python's start-up and forge's imports again (0.3–0.5 s of CPU each).

The server runs as ``python tests/forkserver.py``; :class:`ForkServer` starts it and asks it. It reads one request per line on stdin, JSON:
``{"args": [...], "cwd": ..., "env": {...}, "stdout": path, "stderr": path}``, and answers on
stdout ``{"pid": N}`` when the command has started, then ``{"code": N}`` when it has ended
(``subprocess``'s return code: negative for a signal). Loaded by the server: what every command loads (forge's package and its libraries).
A child resets what the server set up (signals, streams) before it runs the command.
"""
from __future__ import annotations

import atexit
import io
import json
import os
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

__all__ = ["ForkServer"]


class ForkServer:
    """The server, started with the environment ``env``, and the runs asked of it."""

    def __init__(self, env: dict[str, str]):
        self.env = env
        self.process = subprocess.Popen([sys.executable, __file__], env=env, cwd=Path(__file__).parent,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)  # unbuffered: select sees each answer
        self.scratch = Path(tempfile.mkdtemp(prefix="forge-runs-"))

    def run(self, args: list[str], cwd: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
        """``python -m forge ARGS`` in ``cwd`` with ``env``, as :func:`subprocess.run` with
        ``capture_output=True, text=True`` would give it."""
        out, err = self.scratch / "stdout", self.scratch / "stderr"
        request = {"args": args, "cwd": os.path.abspath(cwd), "env": env, "stdout": str(out), "stderr": str(err)}
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        pid = self._answer(None)["pid"]
        answer = self._answer(timeout)
        if answer is None:
            os.killpg(pid, signal.SIGKILL)
            self._answer(None)
            raise subprocess.TimeoutExpired(args, timeout)
        texts = [p.read_text(encoding="utf-8") if p.exists() else "" for p in (out, err)]
        return subprocess.CompletedProcess([sys.executable, "-m", "forge", *args], answer["code"], *texts)

    def _answer(self, timeout: float | None) -> dict | None:
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"tests/forkserver.py stopped (exit {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


#: loaded once by the server: what the commands import (the command line, and what a build,
#: a check or an export loads as it goes), so that no run pays for it again
PRELOAD = ("forge.build", "forge.cli", "forge.launch", "forge.rendering", "forge.incremental", "forge.stamp",
           "forge.publish", "forge.cardspec.loader", "forge.kit.render", "forge.kit.print_all",
           "forge.kit.calibration", "forge.rulebook.pages", "forge.rulebook.check", "forge.rulebook.about",
           "forge.rulebook.booklet", "forge.engine.registry", "forge.engine.simulate", "forge.export",
           "forge.games.chatvert", "forge.games.dalmuti", "forge.games.familienbande", "forge.games.gjdlv",
           "forge.games.majority")


def serve() -> None:
    import importlib
    for name in PRELOAD:
        importlib.import_module(name)
    control_in, control_out = sys.stdin.buffer, sys.stdout.buffer
    for line in control_in:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            os._exit(_child(request))
        control_out.write(json.dumps({"pid": pid}).encode() + b"\n")
        control_out.flush()
        _, status = os.waitpid(pid, 0)
        control_out.write(json.dumps({"code": os.waitstatus_to_exitcode(status)}).encode() + b"\n")
        control_out.flush()


def _child(request: dict) -> int:
    """Run the command as ``python -m forge ARGS`` would; its exit status."""
    try:
        os.setpgid(0, 0)                   # its own group: a timeout kills it and its workers
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
            os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), fd)
        os.chdir(request["cwd"])
        sys.path[0] = os.getcwd()          # as ``python -m`` puts it
        os.environ.clear()
        os.environ.update(request["env"])
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
            signal.signal(sig, signal.default_int_handler if sig == signal.SIGINT else signal.SIG_DFL)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                      errors="backslashreplace", line_buffering=True)
    except BaseException:                  # the command could not even start
        traceback.print_exc()
        return 70
    code = _run(request["args"])
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        traceback.print_exc()
        code = code or 1
    return code


def _run(args: list[str]) -> int:
    """``python -m forge ARGS``: its exit status as the interpreter would give it."""
    sys.argv = ["forge", *args]
    try:
        runpy.run_module("forge", run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        if stop.code is None:
            return 0
        if isinstance(stop.code, int):
            return stop.code
        print(stop.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        traceback.print_exc()
        return 128 + signal.SIGINT
    except BaseException:
        traceback.print_exc()
        return 1
    return 0


if __name__ == "__main__":
    serve()
