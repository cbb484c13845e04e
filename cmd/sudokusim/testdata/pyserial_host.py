"""A host program talking to 'sudokusim serve --pty' through pyserial.

usage: pyserial_host.py DEVICE FRAME_HEX...

Opens DEVICE at 115200 8N1, and for each frame sends its bytes, reads one
answer (a solution frame or the 7-byte error reply, found by its header and
size byte) and prints it in hex, one line per frame. Exits 3 when pyserial
is missing, 1 when an answer does not come within the timeout.
"""
import sys

try:
    import serial
except ImportError:
    print("pyserial missing: install python3-serial", file=sys.stderr)
    sys.exit(3)

HEADER = bytes([0xA5, 0x3C, 0x5A, 0xC3])


def read_exact(port, n):
    data = port.read(n)
    if len(data) != n:
        print("timeout: %d of %d bytes" % (len(data), n), file=sys.stderr)
        sys.exit(1)
    return data


def main():
    port = serial.Serial(sys.argv[1], 115200, bytesize=8, parity="N", stopbits=1, timeout=30)
    for frame in sys.argv[2:]:
        port.write(bytes.fromhex(frame))
        port.flush()
        head = read_exact(port, 6)
        if head[:4] != HEADER:
            print("bad header: " + head.hex(), file=sys.stderr)
            sys.exit(1)
        size = head[5]
        rest = read_exact(port, 1 if size == 0 else size * size)
        print((head + rest).hex())
    port.close()


main()
