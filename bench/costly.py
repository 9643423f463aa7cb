#!/usr/bin/env python3
"""bench/costly.py DIR [STATE]: write the costly states of `make bench`
to DIR; with STATE (a good state), also that state with as many log
entries as the node cap lets a state have: one that is read, not refused.

Each file is a state (or what claims to be one) of at most 16 MiB, the
state size cap (FILEIO_STATE_MAX), built to cost the reader as much as it
can: the most nodes per byte, the most keys to check for duplicates, keys
chosen to collide in the low bits of a known hash (FNV-1a, the reader's
old duplicate check), the longest scalar.  bench/bench.sh runs
`gunbai status` on each and reports time and peak memory."""
import itertools
import os
import sys

CAP = 16 << 20
FNV_BASIS, FNV_PRIME, M64 = 14695981039346656037, 1099511628211, (1 << 64) - 1


def fnv(h, data):
    for c in data:
        h = ((h ^ c) * FNV_PRIME) & M64
    return h


def colliding_keys(blocks, bits=20):
    """2**blocks distinct keys whose FNV-1a hashes agree in the low bits:
    low bits of FNV-1a depend only on low bits, so a pair of blocks that
    lead to the same low bits from one state can be chained."""
    alpha = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    mask = (1 << bits) - 1
    h = FNV_BASIS
    pairs = []
    for _ in range(blocks):
        seen = {}
        for t in itertools.product(alpha, repeat=3):
            s = bytes(t)
            v = fnv(h, s)
            if v & mask in seen:
                pairs.append((seen[v & mask], s))
                h = v
                break
            seen[v & mask] = s
    keys = [b""]
    for x, y in pairs:
        keys = [k + x for k in keys] + [k + y for k in keys]
    return keys


def fill(head, unit, tail):
    n = (CAP - len(head) - len(tail)) // len(unit)
    return head + unit * n + tail


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    files = {
        # 2 bytes per node: the most nodes a byte can make
        "flow-seq-2-bytes-a-node": fill(b"junk: [", b"a,", b"a]\n"),
        "block-seq-4-bytes-a-node": fill(b"junk:\n", b"- a\n", b""),
        "flow-maps": fill(b"junk: [", b"{a: b},", b"{}]\n"),
        "nested-seqs": fill(b"junk: [", b"[[[a]]],", b"a]\n"),
        # one scalar as long as the cap allows
        "one-scalar-16MB": fill(b"junk: ", b"x", b"\n"),
        "one-quoted-scalar-16MB": fill(b'junk: "', b"\\t", b'"\n'),
    }
    # 65536 keys chosen to collide in the low 20 bits of FNV-1a
    keys = colliding_keys(16)
    files["colliding-keys-65536"] = b"".join(k + b": 1\n" for k in keys)
    # as many distinct keys as fit, sharing a long prefix: sorting them
    # compares the prefix every time
    pre = b"k" * 200
    n = CAP // (len(pre) + 12)
    files["long-keys-same-prefix"] = b"".join(
        pre + b"%08d: 1\n" % i for i in range(n))
    if len(sys.argv) > 2:
        with open(sys.argv[2], "rb") as f:
            state = f.read()
        at = state.index(b"\nlog:\n") + len(b"\nlog:\n")
        while at < len(state) and state[at:at + 1] in (b" ", b"-"):
            at = state.index(b"\n", at) + 1
        entry = b'  - turn: 1\n    to: all\n    text: "%s"\n' % (b"w " * 30)
        # 7 nodes an entry; the rest of the state is far under 5000 nodes
        files["log-entries-18000"] = state[:at] + entry * 18000 + state[at:]
    for name, data in files.items():
        assert len(data) <= CAP, name
        with open(os.path.join(out, name + ".yaml"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
