"""Runs a program with its standard output on a real pseudo-terminal and prints what the terminal
received, byte for byte, then exits with the program's status. Usage: pty_run.py FOLDER PROGRAM ARG...

A program that checks isatty(1) sees a terminal, as it would in a user's shell; the tests read
what it sent to that terminal (HostileEscapeTests)."""
import os
import subprocess
import sys

folder, program, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
primary, secondary = os.openpty()
child = subprocess.Popen([program] + arguments, cwd=folder, stdin=subprocess.DEVNULL, stdout=secondary,
                         stderr=subprocess.DEVNULL)
os.close(secondary)
received = bytearray()
while True:
    try:
        chunk = os.read(primary, 65536)
    except OSError:  # EIO: every writer of the terminal has closed it
        break
    if not chunk:
        break
    received += chunk
status = child.wait()
sys.stdout.buffer.write(bytes(received))
sys.exit(status if status >= 0 else 128 - status)
