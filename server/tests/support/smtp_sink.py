#!/usr/bin/env python3
"""A real SMTP server for the tests: accepts every message (aiosmtpd) and writes each one as an
.eml file into a folder, so tests read exactly what a mail server would have received.

Usage: smtp_sink.py DIR   — listens on 127.0.0.1 on a free port and prints "PORT <n>" when ready.
"""
import itertools
import os
import socket
import sys
import threading

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        n = next(self.counter)
        path = os.path.join(self.folder, f"{n:05d}.eml")
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n")
            f.write(envelope.original_content)
        os.replace(tmp, path)  # readers never see half a message
        return "250 Message accepted for delivery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    port = free_port()
    controller = Controller(Sink(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"PORT {port}", flush=True)
    try:
        threading.Event().wait()  # until the test harness kills the process
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
