#!/usr/bin/env python3
"""Hostile and broken mail for the catalogue of bad inputs
(tests/bad/CATALOGUE, kind mail/): mail_bad.py NAME OUT [ORDERS SIG]

Messages a client could send are built with Python's email package;
the ones no client would make (broken MIME, bombs) are written as bytes
here on purpose.  ORDERS and SIG, where given, are a good signed orders
file and its signature, to hide in a hostile message."""
import base64
import os
import subprocess
import sys
import tempfile
from email.message import EmailMessage
from email.policy import default

HEAD = (b'From: Mallory <mallory@example.net>\nTo: gm@example.org\n'
        b'Subject: hostile\nMIME-Version: 1.0\n')


def msg():
    m = EmailMessage(policy=default)
    m['From'] = 'Mallory <mallory@example.net>'
    m['To'] = 'gm@example.org'
    m['Subject'] = 'hostile'
    return m


def multipart(parts, boundary=b'b'):
    out = HEAD + b'Content-Type: multipart/mixed; boundary="' + boundary + \
        b'"\n\n'
    for p in parts:
        out += b'--' + boundary + b'\n' + p
    return out + b'--' + boundary + b'--\n'


def nested(depth):
    # Pieces joined once: adding to one bytes object copies it each time,
    # which at 20,000 levels took seconds.
    out = [HEAD]
    out += [b'Content-Type: multipart/mixed; boundary="n%d"\n\n--n%d\n'
            % (i, i) for i in range(depth)]
    out.append(b'Content-Type: text/plain\n\nhello\n')
    out += [b'--n%d--\n' % i for i in reversed(range(depth))]
    return b''.join(out)


def bob_signs(data):
    """bob's signature of data, with the test key and openssl."""
    key = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                       'keys', 'bob.key')
    with tempfile.NamedTemporaryFile() as f:
        f.write(data)
        f.flush()
        return subprocess.run(['openssl', 'pkeyutl', '-sign', '-rawin',
                               '-inkey', key, '-in', f.name],
                              check=True, stdout=subprocess.PIPE).stdout


def make(name, orders, sig):
    if name == 'over-size-3MB':
        m = msg()
        m.set_content('a big attachment\n')
        m.add_attachment(os.urandom(3 << 20), maintype='application',
                         subtype='octet-stream', filename='big.bin')
        return m.as_bytes()
    if name == 'input-over-64MB':
        m = msg()
        m.set_content('x' * 100 + '\n')
        one = b'From mallory@example.net Thu Jan  1 00:00:00 1970\n' + \
            m.as_bytes() + b'\n'
        return one * ((64 << 20) // len(one) + 2)
    if name == 'mbox-1001-messages':
        m = msg()
        m.set_content('hello\n')
        one = b'From mallory@example.net Thu Jan  1 00:00:00 1970\n' + \
            m.as_bytes() + b'\n'
        return one * 1001
    if name == 'parts-10000':
        return multipart([b'Content-Type: text/plain\n\nx\n'] * 10000)
    if name == 'parts-150':
        return multipart([b'\nx\n'] * 150)
    if name == 'nested-20':
        return nested(20)
    if name == 'nested-20000':
        return nested(20000)
    if name == 'rfc822-nested-50000':
        return HEAD + b'Content-Type: message/rfc822\n\n' * 50000 + b'\nx\n'
    if name == 'boundary-lines-2000':
        return HEAD + b'Content-Type: text/plain\n\n' + b'--\n' * 2000
    if name == 'header-1MB':
        return HEAD.replace(b'Subject: hostile',
                            b'Subject: ' + b'A' * (1 << 20)) + b'\nhi\n'
    if name == 'headers-100000':
        return HEAD + b'X-Spam: yes\n' * 100000 + b'\nhi\n'
    if name == 'bad-base64':
        return multipart([b'Content-Type: application/octet-stream\n'
                          b'Content-Transfer-Encoding: base64\n\n'
                          b'!!!*** not base64 at all ***!!!\n'])
    if name == 'bad-quoted-printable':
        body = orders.replace(b'move', b'mo=ZZve=\n=')
        return multipart([b'Content-Type: text/plain\n'
                          b'Content-Transfer-Encoding: quoted-printable\n\n'
                          + body,
                          b'Content-Type: application/octet-stream\n'
                          b'Content-Transfer-Encoding: base64\n\n'
                          + base64.encodebytes(sig)])
    if name == 'unknown-encoding':
        return multipart([b'Content-Type: application/octet-stream\n'
                          b'Content-Transfer-Encoding: x-gzip64\n\n'
                          + base64.encodebytes(orders)])
    if name == 'no-boundary':
        return HEAD + b'Content-Type: multipart/mixed\n\n--x\n\nhi\n--x--\n'
    if name == 'binary-garbage':
        return bytes(range(256)) * 64
    if name == 'empty':
        return b''
    if name == 'nul-in-headers':
        return HEAD.replace(b'hostile', b'ho\0stile') + b'\nhi\0there\n'
    if name == 'from-header-injection':
        return HEAD.replace(b'Mallory <mallory@example.net>',
                            b'"x\\"\r\nBcc: all@example.net" <a@b>') + \
            b'\nno orders\n'
    if name == 'orders-300KB':
        m = msg()
        m.set_content('a big orders file\n')
        big = orders + b'# ' + b'x' * (300 << 10) + b'\n'
        m.add_attachment(big, maintype='application',
                         subtype='octet-stream', filename='orders.yaml')
        m.add_attachment(bob_signs(big), maintype='application',
                         subtype='octet-stream', filename='orders.yaml.sig')
        return m.as_bytes()
    if name == 'sig-padded-5000':
        m = msg()
        m.set_content('a signature padded with spaces\n')
        m.add_attachment(orders, maintype='application',
                         subtype='octet-stream', filename='orders.yaml')
        padded = base64.b64encode(sig) + b' ' * 5000 + b'\n'
        m.add_attachment(padded, maintype='application',
                         subtype='octet-stream', filename='orders.yaml.sig')
        return m.as_bytes()
    if name == 'tries-bomb':
        # Orders-like texts and signature lines by the dozen: the
        # matching stops at its budget.
        text = b''
        for i in range(16):
            text += base64.b64encode(os.urandom(64)) + b'\n'
        doc = b'gunbai: orders 2\n' + b'x: y\n\n' * 60
        return multipart([b'Content-Type: text/plain\n\n' + text + doc] * 40)
    sys.exit('mail_bad: no input ' + name)


def main():
    name, out = sys.argv[1], sys.argv[2]
    orders = sig = b''
    if len(sys.argv) == 5:
        with open(sys.argv[3], 'rb') as f:
            orders = f.read()
        with open(sys.argv[4], 'rb') as f:
            sig = f.read()
    with open(out, 'wb') as f:
        f.write(make(name, orders, sig))


if __name__ == '__main__':
    main()
