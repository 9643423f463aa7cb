#!/usr/bin/env python3
"""Sign a file with Ed25519 using a nonce of our choosing (RFC 8032 math
written out with Python integers and hashlib only).

    python3 tests/ed25519_nonce.py KEY.pem FILE NONCE-TEXT >FILE.sig

A signature made with any nonce r verifies like the deterministic one
(R = rB, S = r + H(R || A || M) a mod L): the same key can make many valid
signatures over the same bytes.  OpenSSL always takes r from the key and
the message, so tests/t_evidence.sh uses this to show that gunbai merges
copies of one file by its bytes and picks the signature that feeds the
dice by a rule (the smallest) that no file name can steer.
"""

import base64
import hashlib
import sys

P = 2 ** 255 - 19
L = 2 ** 252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
BY = 4 * pow(5, P - 2, P) % P


def xrecover(y):
    xx = (y * y - 1) * pow(D * y * y + 1, P - 2, P)
    x = pow(xx, (P + 3) // 8, P)
    if (x * x - xx) % P != 0:
        x = x * pow(2, (P - 1) // 4, P) % P
    return P - x if x % 2 else x


B = (xrecover(BY), BY)


def add(p, q):
    x1, y1 = p
    x2, y2 = q
    t = D * x1 * x2 * y1 * y2
    x3 = (x1 * y2 + x2 * y1) * pow(1 + t, P - 2, P)
    y3 = (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P)
    return (x3 % P, y3 % P)


def mul(k, p):
    r = (0, 1)
    while k:
        if k & 1:
            r = add(r, p)
        p = add(p, p)
        k >>= 1
    return r


def enc(p):
    x, y = p
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def h(b):
    return int.from_bytes(hashlib.sha512(b).digest(), "little")


def main():
    pem, path, nonce = sys.argv[1], sys.argv[2], sys.argv[3].encode()
    der = base64.b64decode("".join(
        l for l in open(pem).read().splitlines() if not l.startswith("-----")))
    seed = der[-32:]
    dig = hashlib.sha512(seed).digest()
    a = int.from_bytes(dig[:32], "little")
    a &= (1 << 254) - 8
    a |= 1 << 254
    pub = enc(mul(a, B))
    msg = open(path, "rb").read()
    r = h(b"nonce" + nonce + msg) % L
    big_r = enc(mul(r, B))
    s = (r + h(big_r + pub + msg) * a) % L
    sys.stdout.buffer.write(big_r + s.to_bytes(32, "little"))


if __name__ == "__main__":
    main()
