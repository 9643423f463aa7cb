#!/usr/bin/env python3
"""Mail messages as real mail clients make them, with Python's email
package (tests/t_mail_in.sh).  Nothing here is hand-typed MIME: every
message is built by the library, the way each client shapes it.

    mail_make.py STYLE OUT FROM ORDERS [SIG]

STYLE:
  thunderbird  multipart/mixed: a format=flowed text body, the orders as
               application/x-yaml and the .sig as application/pgp-signature
               (what .sig means to many mime.types), both base64
  mutt-qp      the orders as text/plain quoted-printable (long lines
               folded with soft breaks), the .sig application/octet-stream
  gmail        CRLF line ends throughout; multipart/alternative text and
               HTML, then both files as application/octet-stream base64
  outlook      CRLF; a windows-1252 quoted-printable body with a long
               line; non-ASCII file names, RFC 2231 for the orders and
               RFC 2047 for the .sig
  nested       the files three multiparts deep (a forwarding client)
  pasted       no attachment: the orders and the base64 signature pasted
               in a plain-text body
  flowed       pasted as a client that reflows: format=flowed, a space
               added at the end of every line (the signature breaks)
  stuffed      pasted as RFC 3676 asks of a flowed client: format=flowed,
               every line starting with a space (each '  - ' order line)
               space-stuffed, long lines broken after a space
  delsp-qp     the same with delsp=yes (long lines broken anywhere, a
               space added), sent quoted-printable
  alternative  multipart/alternative: the stuffed text/plain and an HTML
               twin, as webmail sends pasted text
  unsigned     only the orders file attached
  noorders     a text body and nothing else
  cmd-WORD     a mail command: the subject WORD ('status', 'resend')
  autoreply    an out-of-office answer (Auto-Submitted: auto-replied, as
               RFC 3834 asks), the orders attached if given
  bounce       a delivery failure report from Mailer-Daemon (send it with
               a null envelope sender)
The message goes to OUT; FROM is its From: address.

    mail_make.py mbox OUT MESSAGE...   an mbox of the messages (mailbox)
    mail_make.py read MESSAGE          a reply gunbai wrote, parsed: its
                                       To:, Subject:, In-Reply-To: and
                                       the decoded text of its body
"""
import base64
import email
import mailbox
import os
import sys
from email.header import Header
from email.mime.application import MIMEApplication
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.message import EmailMessage
from email.policy import SMTP, compat32, default


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def base(frm, subject='orders'):
    m = EmailMessage(policy=default)
    m['From'] = 'Player <%s>' % frm
    m['To'] = 'Organiser <gm@example.org>'
    m['Subject'] = subject
    # MAIL_MAKE_ID: the message's own id, as each client makes one.
    m['Message-ID'] = '<%s@example.net>' % os.environ.get(
        'MAIL_MAKE_ID', '%s.%s' % (subject.replace(' ', '.'),
                                   frm.replace('@', '.')))
    return m


def attach(m, data, mtype, name, cte='base64'):
    maintype, subtype = mtype.split('/')
    if maintype == 'text':
        m.add_attachment(data.decode('utf-8'), subtype=subtype,
                         filename=name, cte=cte)
    else:
        m.add_attachment(data, maintype=maintype, subtype=subtype,
                         filename=name)


def pasted_text(orders, sig):
    b64 = base64.b64encode(sig).decode('ascii')
    return ('Hello,\n\nmy orders are below.\n\n' + orders.decode('utf-8') +
            '\n' + b64 + '\n\n-- \nAlice\n')


def flow(text, delsp):
    """text encoded format=flowed (RFC 3676) as a careful client does:
    lines starting with a space, '>' or 'From ' space-stuffed; lines over
    76 characters broken (after a space, or with delsp=yes anywhere, a
    space added to be deleted again)."""
    def stuff(line):
        return ' ' + line if line.startswith((' ', '>', 'From ')) else line
    out = []
    for line in text.split('\n')[:-1]:
        line = stuff(line)
        while len(line) > 76:
            k = line.rfind(' ', 1, 76)
            if delsp:
                k = 60 if k < 1 else k
                out.append(line[:k] + ' ')
                line = stuff(line[k:])
            elif k < 1:
                break
            else:
                out.append(line[:k + 1])
                line = stuff(line[k + 1:])
        out.append(line)
    return ''.join(line + '\n' for line in out)


def outlook(frm, orders, sig):
    """As Outlook: the older email API (compat32), CRLF, a windows-1252
    quoted-printable body with a long line, the orders named in RFC 2231
    and the .sig in RFC 2047 words, as Outlook names attachments."""
    m = MIMEMultipart()
    m['From'] = 'Player <%s>' % frm
    m['To'] = 'Organiser <gm@example.org>'
    m['Subject'] = 'orders outlook'
    m['Message-ID'] = '<orders.outlook.%s@example.net>' % frm.replace('@', '.')
    body = MIMEText('Mes ordres, voilà. ' + 'Très long texte. ' * 40 + '\n',
                    'plain', 'windows-1252')
    m.attach(body)
    a = MIMEApplication(orders, 'octet-stream')
    a.add_header('Content-Disposition', 'attachment',
                 filename=('utf-8', '', 'ordres-été.yaml'))
    m.attach(a)
    b = MIMEApplication(sig, 'octet-stream')
    b.add_header('Content-Disposition', 'attachment',
                 filename=Header('ordres-été.yaml.sig', 'utf-8').encode())
    m.attach(b)
    return m.as_bytes(policy=compat32.clone(linesep='\r\n'))


def make(style, frm, orders, sig):
    if style.startswith('cmd-'):
        m = base(frm, style[4:])
        m.set_content('Thank you.\n')
        return m.as_bytes(policy=default)
    if style == 'autoreply':
        m = base(frm, 'Out of office: your orders')
        m['Auto-Submitted'] = 'auto-replied'
        m.set_content('I am away until Monday.\n')
        if orders:
            attach(m, orders, 'application/octet-stream', 'orders.yaml')
            attach(m, sig, 'application/octet-stream', 'orders.yaml.sig')
        return m.as_bytes(policy=default)
    if style == 'bounce':
        m = base('Mailer-Daemon@example.net',
                 'Mail delivery failed: returning message to sender')
        m.replace_header('From', 'Mail Delivery System '
                         '<Mailer-Daemon@example.net>')
        m.set_content('This message was created automatically by mail '
                      'delivery software.\n\nA message that you sent '
                      'could not be delivered to one or more of its '
                      'recipients.\n')
        return m.as_bytes(policy=default)
    m = base(frm, 'orders ' + style)
    if style == 'thunderbird':
        m.set_content('Here are my orders.\n', params={'format': 'flowed'})
        attach(m, orders, 'application/x-yaml', 'orders.yaml')
        attach(m, sig, 'application/pgp-signature', 'orders.yaml.sig')
    elif style == 'mutt-qp':
        m.set_content('Orders attached.\n')
        attach(m, orders, 'text/plain', 'orders.yaml',
               cte='quoted-printable')
        attach(m, sig, 'application/octet-stream', 'orders.yaml.sig')
    elif style == 'gmail':
        m.set_content('Orders attached.\n')
        m.add_alternative('<div dir="ltr">Orders attached.</div>\n',
                          subtype='html')
        m.make_mixed()
        attach(m, orders, 'application/octet-stream', 'orders.yaml')
        attach(m, sig, 'application/octet-stream', 'orders.yaml.sig')
    elif style == 'outlook':
        return outlook(frm, orders, sig)
    elif style == 'nested':
        inner = EmailMessage(policy=default)
        inner.set_content('forwarded\n')
        attach(inner, orders, 'application/octet-stream', 'orders.yaml')
        attach(inner, sig, 'application/octet-stream', 'orders.yaml.sig')
        mid = EmailMessage(policy=default)
        mid.set_content('middle\n')
        mid.make_mixed()
        mid.attach(inner)
        m.set_content('outer\n')
        m.make_mixed()
        m.attach(mid)
    elif style == 'pasted':
        m.set_content(pasted_text(orders, sig))
    elif style == 'flowed':
        text = pasted_text(orders, sig)
        text = ''.join(line + ' \n' for line in text.split('\n')[:-1])
        m.set_content(text, params={'format': 'flowed'})
    elif style == 'pasted-top':
        # The orders first in the body, with the spaces a client added at
        # the ends of lines, then the signature: no greeting before them.
        b64 = base64.b64encode(sig).decode('ascii')
        text = ''.join(line + ' \n' for line in
                       orders.decode('utf-8').split('\n')[:-1])
        m.set_content(text + '\n' + b64 + '\n')
    elif style == 'stuffed':
        m.set_content(flow(pasted_text(orders, sig), False),
                      params={'format': 'flowed'}, cte='7bit')
    elif style == 'delsp-qp':
        m.set_content(flow(pasted_text(orders, sig), True),
                      params={'format': 'flowed', 'delsp': 'yes'},
                      cte='quoted-printable')
    elif style == 'alternative':
        m.set_content(flow(pasted_text(orders, sig), False),
                      params={'format': 'flowed'}, cte='7bit')
        m.add_alternative('<div dir="ltr"><pre>%s</pre></div>\n' %
                          orders.decode('utf-8'), subtype='html')
    elif style == 'unsigned':
        m.set_content('Orders attached, no signature.\n')
        attach(m, orders, 'application/octet-stream', 'orders.yaml')
    elif style == 'noorders':
        m.set_content('What are the rules again?\n')
    else:
        sys.exit('unknown style ' + style)
    crlf = style == 'gmail'
    return m.as_bytes(policy=SMTP if crlf else default)


def make_mbox(out, paths):
    box = mailbox.mbox(out, create=True)
    for p in paths:
        box.add(mailbox.mboxMessage(read(p)))
    box.flush()
    box.close()


def show(path):
    msg = email.message_from_bytes(read(path), policy=default)
    if msg.defects or msg.is_multipart():
        sys.exit('mail_make: %s: defects %r' % (path, msg.defects))
    for h in ('To', 'Subject', 'In-Reply-To'):
        print('%s: %s' % (h, msg.get(h, '')))
    print()
    sys.stdout.write(msg.get_content())


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'mbox':
        make_mbox(sys.argv[2], sys.argv[3:])
        return
    if len(sys.argv) == 3 and sys.argv[1] == 'read':
        show(sys.argv[2])
        return
    if len(sys.argv) == 4 and sys.argv[1].startswith('cmd-'):
        sys.argv.append('')
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    style, out, frm, orders = sys.argv[1:5]
    sig = read(sys.argv[5]) if len(sys.argv) == 6 else b''
    with open(out, 'wb') as f:
        f.write(make(style, frm, read(orders) if orders else b'', sig))


if __name__ == '__main__':
    main()
