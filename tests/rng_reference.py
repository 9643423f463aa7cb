#!/usr/bin/env python3
"""Reference implementation of the gunbai RNG (formats/rng.md).

Written from the specification alone, with Python integers and hashlib, to
show that an independent implementation reproduces the C one.  Prints the
known-answer vectors of formats/rng.md; tests/test_rng.c runs this script
and compares its output with the same text made by adjudicator/rng.c.

    python3 tests/rng_reference.py
"""

import hashlib
import sys

MASK = (1 << 64) - 1
TAG = b"gunbai-rng-v1"


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    """One stream: the state of xoshiro256** and the count of draws."""

    def __init__(self, seed, point):
        if len(seed) != 32:
            raise ValueError("seed must be 32 bytes")
        self.hash = hashlib.sha256(TAG + seed + point.to_bytes(8, "big")).digest()
        self.s = [int.from_bytes(self.hash[8 * i:8 * i + 8], "little")
                  for i in range(4)]
        if self.s == [0, 0, 0, 0]:
            self.s[0] = 1
        self.draws = 0

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        self.draws += 1
        return result

    def below(self, n):
        if n < 1 or n > MASK:
            raise ValueError("n must be in [1, 2^64 - 1]")
        threshold = (1 << 64) % n
        while True:
            x = self.next()
            if x >= threshold:
                return x % n

    def die(self, sides):
        return 1 + self.below(sides)

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def stream_lines(seed, point):
    r = Rng(seed, point)
    return [
        "seed  " + seed.hex(),
        "point %d" % point,
        "hash  " + r.hash.hex(),
        "state " + " ".join("%016x" % v for v in r.s),
    ]


def main():
    out = ["gunbai-rng-v1 known-answer vectors"]

    seed = bytes(range(32))
    for point in (0, 1, 1000):
        out.append("")
        out += stream_lines(seed, point)
        r = Rng(seed, point)
        out.append("next  " + " ".join("%016x" % r.next() for _ in range(5)))
        out.append("draws %d" % r.draws)

    seed = b"\xff" * 32
    point = 7
    out.append("")
    out += stream_lines(seed, point)
    # Each of these starts afresh at (seed, point).
    for n, count in ((6, 10), (1000000007, 5), ((1 << 63) + 1, 5)):
        r = Rng(seed, point)
        vals = [r.below(n) for _ in range(count)]
        out.append("below %d x%d: %s" % (n, count, " ".join(map(str, vals))))
        out.append("draws %d" % r.draws)
    r = Rng(seed, point)
    vals = [r.die(6) for _ in range(10)]
    out.append("die 6 x10: " + " ".join(map(str, vals)))
    out.append("draws %d" % r.draws)
    r = Rng(seed, point)
    items = list(range(10))
    r.shuffle(items)
    out.append("shuffle 10: " + " ".join(map(str, items)))
    out.append("draws %d" % r.draws)

    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
