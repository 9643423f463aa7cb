#!/usr/bin/env python3
"""Check one mail message gunbai made, parsed by Python's email package
(independent mail software), against the files it must carry.

  mail_check.py FILE TO BODY [ATTACHMENT...]
  mail_check.py --mbox MBOX TO BODY [ATTACHMENT...]

FILE is one message (a gunbai mail-out file: it must have no Date:
header); MBOX is a mailbox that must hold exactly one message (delivered
by an MTA).  The message must be addressed To: TO alone, its text/plain
body must decode to the bytes of the file BODY, and its attachments must
be exactly the ATTACHMENT files: same names, same bytes, no others.
Exits 1 with the reason otherwise."""
import email
import email.policy
import mailbox
import os
import sys


def fail(why):
    sys.exit("mail_check: " + why)


def check(msg, to, body, attachments, delivered):
    if msg.defects:
        fail("defects: %r" % msg.defects)
    tos = msg.get_all("To") or []
    if len(tos) != 1 or str(tos[0]).strip() != to:
        fail("To is %r, not %r" % (tos, to))
    for h in ("Cc", "Bcc"):
        if msg.get(h) is not None:
            fail("has a %s header" % h)
    if not delivered and msg.get("Date") is not None:
        fail("has a Date header: the MTA adds it")
    if msg.get("Message-Id") is None:
        fail("has no Message-Id")
    parts = list(msg.walk()) if msg.is_multipart() else [msg]
    leaves = [p for p in parts if not p.is_multipart()]
    text = leaves[0]
    if text.get_content_type() != "text/plain" or text.get_filename():
        fail("the first part is not the text body")
    if text.get_content_charset() != "utf-8":
        fail("the body's charset is %r" % text.get_content_charset())
    with open(body, "rb") as f:
        want = f.read()
    got = text.get_payload(decode=True)
    if got != want:
        fail("body differs from %s:\n%r\n%r" % (body, got[:200], want[:200]))
    want_att = {}
    for a in attachments:
        with open(a, "rb") as f:
            want_att[os.path.basename(a)] = f.read()
    got_att = {}
    for p in leaves[1:]:
        name = p.get_filename()
        if name is None or p.get_content_disposition() != "attachment":
            fail("a part that is not an attachment: %s" % p.get_content_type())
        got_att[name] = p.get_payload(decode=True)
    if sorted(got_att) != sorted(want_att):
        fail("attachments %s, not %s" % (sorted(got_att), sorted(want_att)))
    for name, data in want_att.items():
        if got_att[name] != data:
            fail("attachment %s differs from the file" % name)


def main(argv):
    delivered = len(argv) > 1 and argv[1] == "--mbox"
    if delivered:
        argv = argv[1:]
    if len(argv) < 4:
        fail("usage: mail_check.py [--mbox] FILE TO BODY [ATTACHMENT...]")
    path, to, body, attachments = argv[1], argv[2], argv[3], argv[4:]
    if delivered:
        box = mailbox.mbox(path, factory=None, create=False)
        msgs = [email.message_from_bytes(box.get_bytes(k),
                                         policy=email.policy.default)
                for k in box.keys()]
        if len(msgs) != 1:
            fail("%s holds %d messages, not 1" % (path, len(msgs)))
        msg = msgs[0]
    else:
        with open(path, "rb") as f:
            msg = email.message_from_binary_file(f,
                                                 policy=email.policy.default)
    check(msg, to, body, attachments, delivered)


if __name__ == "__main__":
    main(sys.argv)
