#!/usr/bin/env python3
"""Slow, silent and many clients against a running `tally serve` (loopback only); prints one JSON object.

  slow_clients.py siege URL SECONDS TRICKLERS SILENT
      TRICKLERS sockets, 40 from 127.0.0.1 (the moderator's own address) and the rest from 127.0.0.5-7,
      each send a request head one line every 2 s and never finish it; SILENT sockets from 127.0.0.1
      connect and send nothing; each one the server closes is opened again 1 s later. Five more tricklers from 127.0.0.3 (below every limit)
      measure how long the server lets an unfinished request live. Meanwhile a moderator on 127.0.0.1
      fetches the queue every 0.2 s. Reports the moderator's latencies, errors, how many attacking
      sockets were open at once, and the probes' lifetimes.
  slow_clients.py flood URL SOCKETS
      A process of its own opens SOCKETS silent sockets from 127.0.0.1 (the moderator's own address) as
      fast as it can, holding the newest 400 (it closes its oldest itself beyond that), while a plain
      client on 127.0.0.1 fetches the queue one request after another, from before the flood starts until
      it ends. Reports the plain client's requests during the flood and its errors.
  slow_clients.py limits URL PER_ADDRESS TOTAL
      Silent sockets: PER_ADDRESS + 8 from 127.0.0.2, then enough from 127.0.0.4.. (PER_ADDRESS - 2
      each) to pass TOTAL; reports which of them the server closed.
"""
import http.client
import json
import multiprocessing
import selectors
import socket
import sys
import threading
import time
import urllib.parse


def split(url):
    parts = urllib.parse.urlsplit(url)
    return parts.hostname, parts.port, parts.path.rstrip("/")


def connect(host, port, source):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.connect((host, port))
    sock.setblocking(False)
    return sock


class Attack:
    """Sockets that hold the server's connections: trickling or silent, reopened when closed."""

    def __init__(self, host, port, base):
        self.host, self.port, self.base = host, port, base
        self.selector = selectors.DefaultSelector()
        self.sockets = {}  # socket -> dict(kind, source, opened, next_line, lines)
        self.reopen = []  # (time, kind, source)
        self.closed_by_server = {"trickle": 0, "silent": 0, "probe": 0}
        self.probe_lifetimes = []
        self.peak = 0

    def open(self, kind, source):
        sock = connect(self.host, self.port, source)
        now = time.monotonic()
        self.sockets[sock] = {"kind": kind, "source": source, "opened": now, "next_line": now, "lines": 0}
        self.selector.register(sock, selectors.EVENT_READ)
        if kind in ("trickle", "probe"):
            sock.send(f"GET {self.base}/ HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n".encode())

    def step(self, now):
        for key, _ in self.selector.select(timeout=0.05):
            sock = key.fileobj
            try:
                data = sock.recv(4096)
            except OSError:
                data = b""
            if data:
                continue  # an answer (a refusal) before the end: the server closes next
            info = self.sockets.pop(sock)
            self.selector.unregister(sock)
            sock.close()
            self.closed_by_server[info["kind"]] += 1
            if info["kind"] == "probe":
                self.probe_lifetimes.append(round(now - info["opened"], 2))
            self.reopen.append((now + 1.0, info["kind"], info["source"]))
        for sock, info in list(self.sockets.items()):
            if info["kind"] != "silent" and now >= info["next_line"]:
                info["lines"] += 1
                info["next_line"] = now + 2
                try:
                    sock.send(f"X-Slow-{info['lines']}: {'x' * 10}\r\n".encode())
                except OSError:
                    pass
        due = [entry for entry in self.reopen if entry[0] <= now]
        self.reopen = [entry for entry in self.reopen if entry[0] > now]
        for _, kind, source in due:
            self.open(kind, source)
        attacking = sum(1 for info in self.sockets.values() if info["kind"] != "probe")
        self.peak = max(self.peak, attacking)

    def close(self):
        for sock in list(self.sockets):
            sock.close()


def moderator(url, stop, latencies, errors, pause=0.2):
    host, port, base = split(url)
    while not stop.is_set():
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection(host, port, timeout=10, source_address=("127.0.0.1", 0))
            connection.request("GET", base + "/", headers={"Host": f"{host}:{port}"})
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status != 200:
                errors.append(response.status)
        except Exception as error:
            errors.append(repr(error))
        latencies.append(time.monotonic() - started)
        stop.wait(pause)


def siege(url, seconds, tricklers, silent):
    host, port, base = split(url)
    attack = Attack(host, port, base)
    for number in range(tricklers):
        attack.open("trickle", "127.0.0.1" if number < 40 else f"127.0.0.{5 + number % 3}")
    for _ in range(silent):
        attack.open("silent", "127.0.0.1")
    for _ in range(5):
        attack.open("probe", "127.0.0.3")
    opened_at_once = len(attack.sockets)
    latencies, errors, stop = [], [], threading.Event()
    thread = threading.Thread(target=moderator, args=(url, stop, latencies, errors))
    thread.start()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        attack.step(time.monotonic())
    stop.set()
    thread.join()
    attack.close()
    latencies.sort()

    def percentile(p):
        return round(latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000, 1)

    print(json.dumps({
        "requests": len(latencies), "errors": errors[:10], "error_count": len(errors),
        "p50_ms": percentile(50), "p99_ms": percentile(99), "max_ms": round(latencies[-1] * 1000, 1),
        "opened_at_once": opened_at_once, "peak_attacking": attack.peak, "closed_by_server": attack.closed_by_server,
        "probe_lifetimes": attack.probe_lifetimes,
    }))


def flooder(host, port, count, opened):
    """Opens `count` silent sockets as fast as it can (a process of its own: no lock shared with the client)."""
    held = []
    for _ in range(count):
        try:
            held.append(connect(host, port, "127.0.0.1"))
            opened.value += 1
        except OSError:
            pass  # the listen queue was full: the kernel's answer, not the server's
        if len(held) > 400:
            held.pop(0).close()
    for sock in held:
        sock.close()


def flood(url, count):
    host, port, _ = split(url)
    latencies, errors, stop = [], [], threading.Event()
    thread = threading.Thread(target=moderator, args=(url, stop, latencies, errors, 0.001))
    thread.start()
    while not latencies and thread.is_alive():
        time.sleep(0.01)  # the plain client is asking before the flood starts
    before = len(latencies)
    opened = multiprocessing.Value("i", 0)
    attacker = multiprocessing.Process(target=flooder, args=(host, port, count, opened))
    attacker.start()
    attacker.join()
    during = len(latencies) - before
    stop.set()
    thread.join()
    print(json.dumps({
        "requests_during_flood": during, "requests": len(latencies), "errors": errors[:10],
        "error_count": len(errors), "flood_opened": opened.value,
    }))


def limits(url, per_address, total):
    host, port, _ = split(url)
    groups = [("127.0.0.2", per_address + 8)]
    count, number = per_address + 8, 4
    while count <= total + 8:
        groups.append((f"127.0.0.{number}", per_address - 2))
        count += per_address - 2
        number += 1
    opened = []  # (source, index in its group, socket), in the order opened
    for source, size in groups:
        for index in range(size):
            opened.append((source, index, connect(host, port, source)))
            time.sleep(0.002)  # the server records the order it saw them in
    time.sleep(1.5)
    closed = []
    for source, index, sock in opened:
        try:
            data = sock.recv(1)
            alive = False if data == b"" else True
        except BlockingIOError:
            alive = True
        except OSError:
            alive = False
        if not alive:
            closed.append([source, index])
        sock.close()
    print(json.dumps({"opened": len(opened), "closed": closed}))


if __name__ == "__main__":
    if sys.argv[1] == "siege":
        siege(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif sys.argv[1] == "flood":
        flood(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "limits":
        limits(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
