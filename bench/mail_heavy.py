#!/usr/bin/env python3
"""Mailboxes for make bench, section 8 (bench/README):

    mail_heavy.py OUT ORDERS SIG UID

OUT/ordinary.mbox: 1,000 messages as a player sends them, the signed
orders ORDERS and its signature SIG attached (Thunderbird's shape);
OUT/heavy.mbox: 1,000 hostile messages, each with 64 pasted orders texts
of the game UID (one in each text part) and 16 signature-like lines
(base64 of 64 bytes) in its body, none of which verifies: every text
tried with every signature, unless the work a message may cost is
bounded.  Each message is made by Python's email package and written as
an mbox entry ("From " line, then the message as it is: no line of it
starts with "From ")."""
import base64
import hashlib
import os
import sys
from email.message import EmailMessage
from email.policy import default


def main():
    out, orders, sig, uid = sys.argv[1:5]
    orders, sig = open(orders, 'rb').read(), open(sig, 'rb').read()
    os.makedirs(out, exist_ok=True)
    for name in ('ordinary.mbox', 'heavy.mbox'):
        if os.path.exists(os.path.join(out, name)):
            os.unlink(os.path.join(out, name))
    with open(os.path.join(out, 'ordinary.mbox'), 'wb') as f:
        for i in range(1000):
            m = EmailMessage(policy=default)
            m['From'] = 'alice@example.org'
            m['To'] = 'gm@example.org'
            m['Subject'] = 'orders'
            m['Message-ID'] = '<o%d@example.org>' % i
            m.set_content('Here are my orders.\n')
            m.add_attachment(orders, maintype='application',
                             subtype='octet-stream', filename='orders.yaml')
            m.add_attachment(sig, maintype='application',
                             subtype='octet-stream',
                             filename='orders.yaml.sig')
            f.write(b'From alice@example.org\n' + m.as_bytes() + b'\n')
    with open(os.path.join(out, 'heavy.mbox'), 'wb') as f:
        for i in range(1000):
            m = EmailMessage(policy=default)
            m['From'] = 'mallory@example.net'
            m['To'] = 'gm@example.org'
            m['Subject'] = 'orders'
            m['Message-ID'] = '<h%d@example.net>' % i
            sigs = ''.join(base64.b64encode(hashlib.sha512(
                b'%d %d' % (i, k)).digest()).decode() + '\n'
                for k in range(16))
            m.set_content('Hello.\n\n' + sigs)
            for k in range(64):
                text = ('gunbai: orders 2\ngame: heavy\nuid: %s\n'
                        'turn: 1\nplayer: alice\norders:\n'
                        '  - move e2 e3\n# %d %d\n' % (uid, i, k))
                m.add_attachment(text, subtype='plain',
                                 disposition='inline')
            f.write(b'From mallory@example.net\n' + m.as_bytes() + b'\n')

if __name__ == '__main__':
    main()
