#!/usr/bin/env python3
"""Reference implementation of the gunbai RNG (formats/rng.md) and of the
commitment, the setup record and the uid (formats/evidence.md).

Written from the specification alone, with Python integers and hashlib, to
show that an independent implementation reproduces the C one.  Prints the
known-answer vectors of formats/rng.md; tests/test_rng.c runs this script
and compares its output with the same text made by adjudicator/base/rng.c.

    python3 tests/rng_reference.py             # the RNG's vectors
    python3 tests/rng_reference.py --evidence  # formats/evidence.md's
    python3 tests/rng_reference.py --report-body REPORT  # its body's SHA-256
    python3 tests/rng_reference.py --state STATE  # a state's hash (also --start)
"""

import hashlib
import sys

MASK = (1 << 64) - 1
TAG = b"gunbai-rng-v1"
TAG2 = b"gunbai-rng-v2"


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


class Rng:
    """One stream: the state of xoshiro256** and the count of draws."""

    def __init__(self, seed, point, answers=None):
        """answers=None: gunbai-rng-v1 (and v2 setup).  Otherwise the v2
        stream of a decision point: a list of (player, sig) in increasing
        player order, sig 64 bytes or None for an answer of defaults."""
        if len(seed) != 32:
            raise ValueError("seed must be 32 bytes")
        self.hash = hashlib.sha256(TAG + seed + point.to_bytes(8, "big")).digest()
        if answers is not None:
            msg = TAG2 + self.hash + len(answers).to_bytes(4, "big")
            for player, sig in answers:
                if sig is not None and len(sig) != 64:
                    raise ValueError("a signature is 64 bytes")
                msg += player.to_bytes(4, "big") + (sig or bytes(64))
            self.hash = hashlib.sha256(msg).digest()
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

    out.append("")
    out += v2_lines()
    sys.stdout.write("\n".join(out) + "\n")


def v2_lines():
    """The gunbai-rng-v2 vectors: decision points seeded by answers."""
    out = ["gunbai-rng-v2 known-answer vectors"]
    sig = bytes(range(64))
    flipped = bytes([sig[0] ^ 1]) + sig[1:]
    cases = [
        (bytes(range(32)), 3, [(0, sig), (2, None)]),
        (bytes(range(32)), 3, [(0, flipped), (2, None)]),
        (bytes(range(32)), 3, [(0, None), (2, None)]),
        (b"\xff" * 32, 1, [(1, b"\xab" * 64)]),
    ]
    for seed, point, answers in cases:
        r = Rng(seed, point, answers)
        out.append("")
        out.append("seed  " + seed.hex())
        out.append("point %d" % point)
        for player, s in answers:
            out.append("sig %d %s" % (player, s.hex() if s else "none"))
        out.append("hash  " + r.hash.hex())
        out.append("state " + " ".join("%016x" % v for v in r.s))
        out.append("next  " + " ".join("%016x" % r.next() for _ in range(5)))
        out.append("draws %d" % r.draws)
    return out


def commitment(seed):
    """formats/evidence.md: SHA-256("gunbai-seed-commit-v2" || seed)."""
    return hashlib.sha256(b"gunbai-seed-commit-v2" + seed).digest()


def secret_option(seed, name, clear):
    """formats/evidence.md: the commitment to a secret option's value,
    SHA-256("gunbai-secret-option-v1" || seed || "NAME VALUE") with VALUE
    as the record writes it in the clear."""
    return hashlib.sha256(b"gunbai-secret-option-v1" + seed +
                          ("%s %s" % (name, clear)).encode()).hexdigest()


def setup_record(seed, game, ruleset, gid, players, organiser, options):
    """The setup record: players a list of (name, 32-byte key), organiser
    a 32-byte key or None, options a list of (name, value, secret) in the
    game's order, every one (a file option given a file: ("NAME",
    b"CONTENTS", secret)); a secret option's value is committed to with
    the seed."""
    out = "gunbai-setup-v1\ngame %s\nruleset %s\nid %s\n" % (game, ruleset, gid)
    for name, key in players:
        out += "player %s %s\n" % (name, key.hex())
    out += "organiser %s\n" % (organiser.hex() if organiser else "none")
    for name, value, secret in options:
        if isinstance(value, bytes):
            value = "file " + hashlib.sha256(value).hexdigest()
        if secret:
            value = "secret " + secret_option(seed, name, value)
        out += "option %s %s\n" % (name, value)
    return out.encode()


def uid(commit, record):
    """The first 16 bytes of SHA-256("gunbai-uid-v2" || commit || record)."""
    return hashlib.sha256(b"gunbai-uid-v2" + commit + record).digest()[:16]


def evidence_lines():
    """The vectors of formats/evidence.md."""
    alice = bytes.fromhex("f5a9db55b4f3e78176f284ecdb2c0ce3"
                          "d7ec0e9e78e40cbc39f67eb0097b5181")
    bob = bytes.fromhex("75fa677773b96dd57e7999dd7dbcd8a7"
                        "e4b14ddddb588ea0d57887bc2196eba3")
    cases = [
        (bytes(range(32)), ("senjin", "1", "demo", [("alice", alice), ("bob", bob)],
                            None, [("first", "random", False), ("turn-limit", "0", False)])),
        (bytes(range(32)), ("senjin", "1", "demo", [("alice", alice), ("bob", bob)],
                            bob[::-1], [("first", "south", False), ("turn-limit", "0", False)])),
        (b"\xff" * 32, ("shinobi-wars", "0", "club-7", [("bob", bob), ("alice", alice)],
                         None, [("deck-leaf", b"# my deck\n", True),
                                ("deck-mist", "standard", True)])),
    ]
    out = ["evidence known-answer vectors"]
    for seed, args in cases:
        rec = setup_record(seed, *args)
        c = commitment(seed)
        out.append("")
        out.append("seed   " + seed.hex())
        out.append("commit " + c.hex())
        out += ["record " + line for line in rec.decode().splitlines()]
        out.append("uid    " + uid(c, rec).hex())
    return out


PREAMBLE = (b"\nThe organiser's signature over this report (formats/evidence.md;\n"
            b"'gunbai evidence' checks it):\n")
JSON_OPEN = b',\n "signed": {\n  "text": "'


def report_body(data):
    """formats/evidence.md, What the organiser signs: the body of a signed
    report, whose SHA-256 the signed text names (body-text, body-json)."""
    if data.lstrip()[:1] == b"{":
        start = data.rindex(JSON_OPEN)
        end = data.index(b'"\n }', start) + 4
        return data[:start] + data[end:]
    return data[:data.rindex(PREAMBLE)]


def start_hash(data):
    """formats/state.md and formats/evidence.md: the state's hash, which
    every report (`state`, `from`, the first reports' `start`), receipt
    and state (`previous`) names: the SHA-256 of the state file without
    the lines of its top-level `players:` block (the lines after
    `players:` that start with a space) that start with `    address: `
    (the players' mail addresses)."""
    kept, players = [], False
    for line in data.split(b"\n"):
        if not line.startswith(b" "):
            players = line == b"players:"
        if not (players and line.startswith(b"    address: ")):
            kept.append(line)
    return hashlib.sha256(b"\n".join(kept)).hexdigest()


if __name__ == "__main__":
    if sys.argv[1:] == ["--evidence"]:
        sys.stdout.write("\n".join(evidence_lines()) + "\n")
    elif sys.argv[1:2] == ["--report-body"]:
        # --report-body FILE: the SHA-256 of a signed report's body.
        with open(sys.argv[2], "rb") as f:
            print(hashlib.sha256(report_body(f.read())).hexdigest())
    elif sys.argv[1:2] in (["--start"], ["--state"]):
        # --state STATE (or --start): the state's hash, its mail
        # addresses left out.
        with open(sys.argv[2], "rb") as f:
            print(start_hash(f.read()))
    else:
        main()
