#!/bin/sh
# gunbai mail-in: orders mailed as real mail clients send them are found,
# checked as `gunbai check` checks them, filed in the game directory's
# inbox byte for byte as signed, used by `gunbai run`, and answered.  The
# messages are made at test time by real mail software: Python's email
# package shaped as Thunderbird, mutt, Gmail and Outlook send them
# (tests/mail_make.py), mutt itself and mpack; the replies are parsed back
# with Python's email package.  Run by tests/run.sh with GUNBAI.
. tests/lib.sh
make="python3 $top/tests/mail_make.py"
cd "$tmp" || exit 1

# newgame DIR [ALICE_ADDRESS]: a Senjin game, alice first; alice and bob
# have addresses (alice's may be left out with "-").
newgame() {
	rm -rf "$1"
	aa=,alice@example.net
	[ "${2:-}" = - ] && aa=
	"$gunbai" new senjin --id club --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
	    --player "alice=$keys/alice.pub$aa" \
	    --player "bob=$keys/bob.pub,bob@example.net" \
	    --option first=alice -d "$1" >/dev/null
}
newgame gd
uid=$(state_uid gd/start.yaml)
# orders FILE PLAYER TURN [REVISION [ORDER...]]: a signed orders file
orders() {
	f=$1 p=$2 t=$3 rev=${4:-}
	shift 3
	[ $# -gt 0 ] && shift
	{
		printf 'gunbai: orders 2\ngame: club\nuid: %s\nturn: %s\n' \
		    "$uid" "$t"
		[ -n "$rev" ] && printf 'revision: %s\n' "$rev"
		printf 'player: %s\norders:\n' "$p"
		if [ $# -eq 0 ]; then
			case $p in alice) echo '  - move e2 e3' ;;
			*) printf '  - move e8 e7\n  - move d9 e8\n' ;; esac
		fi
		for o in "$@"; do printf '  - %s\n' "$o"; done
	} >"$f"
	openssl pkeyutl -sign -rawin -inkey "$keys/$p.key" -in "$f" \
	    -out "$f.sig"
}
orders a1.yaml alice 1
orders b2.yaml bob 2
sha() { sha256sum "$1" | cut -c1-64; }
a1sha=$(sha a1.yaml)
a1name=alice-t1-$(echo "$a1sha" | cut -c1-24).yaml

# replies DIR: the replies in DIR/outbox/mail-in, each parsed, into
# $tmp/replies (one after the other); how many there are on stdout.
replies() {
	: >"$tmp/replies"
	c=0
	for r in "$1"/outbox/mail-in/*.eml; do
		[ -f "$r" ] || continue
		c=$((c + 1))
		$make read "$r" >>"$tmp/replies" || echo "unreadable $r"
		echo "==" >>"$tmp/replies"
	done
	echo "$c"
}
has() { # has DESCRIPTION PATTERN FILE: a fixed string in FILE
	if grep -qF -- "$2" "$3"; then ok "$1"; else
		not_ok "$1: no '$2' in:"; sed 's/^/    /' "$3" | head -30; fi
}

# Pasted by clients that flow text (RFC 3676), the whole template signed
# as the report gives it: its comment lines first, one longer than a
# line of mail.
{
	echo "# Orders of alice for turn 1 of game club (Senjin), a comment long enough to be broken by the mail client."
	echo "# A turn is two actions."
	cat a1.yaml
} >t1.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in t1.yaml \
    -out t1.yaml.sig
t1name=alice-t1-$(sha256sum t1.yaml | cut -c1-24).yaml
for style in stuffed delsp-qp alternative; do
	newgame gd
	$make "$style" m.eml alice@example.net t1.yaml t1.yaml.sig
	status_is 0 "$style: mail-in" "$gunbai" mail-in gd m.eml
	if cmp -s gd/inbox/"$t1name" t1.yaml; then
		ok "$style: the flowing undone, the template filed as signed"
	else
		not_ok "$style: not filed as $t1name"; ls gd/inbox | sed 's/^/    /'
		sed 's/^/    /' "$tmp/out"
	fi
	# One message, one reply: the text as it came is not tried again
	# once its unflowed reading verified (it spent the message's
	# verifications, and a second reply said so).
	if [ "$(replies gd)" -eq 1 ] && ! grep -q 'Not every text' replies
	then ok "$style: one reply, and no word of a bound not reached"
	else not_ok "$style: $(cat "$tmp/out")"; fi
done

# Three valid signatures over one file in one message (Ed25519 makes
# one for each nonce): the one filed is the one run would use, the
# smallest SHA-256, whatever the order of the attachments.
python3 "$top/tests/ed25519_nonce.py" "$keys/alice.key" a1.yaml n1 >n1.sig
python3 "$top/tests/ed25519_nonce.py" "$keys/alice.key" a1.yaml n2 >n2.sig
least=$(for f in a1.yaml.sig n1.sig n2.sig; do
	echo "$(sha256sum <"$f" | cut -c1-64) $f"; done | sort | head -1 | cut -d' ' -f2)
# The attachments with the smallest last.
set -- $(for f in a1.yaml.sig n1.sig n2.sig; do
	echo "$(sha256sum <"$f" | cut -c1-64) $f"; done | sort -r | cut -d' ' -f2)
python3 - "$@" <<'PY'
import sys
from email.message import EmailMessage
m = EmailMessage()
m['From'] = 'alice@example.net'
m['To'] = 'gm@example.org'
m['Subject'] = 'orders'
m.set_content('Orders, signed three times.\n')
m.add_attachment(open('a1.yaml', 'rb').read(), maintype='application',
                 subtype='octet-stream', filename='orders.yaml')
for i, f in enumerate(sys.argv[1:]):
    m.add_attachment(open(f, 'rb').read(), maintype='application',
                     subtype='octet-stream', filename='orders%d.yaml.sig' % i)
open('three.eml', 'wb').write(bytes(m))
PY
newgame gd
status_is 0 "three valid signatures over one file: mail-in" "$gunbai" \
    mail-in gd three.eml
if cmp -s gd/inbox/"$a1name.sig" "$least" && [ "$(ls gd/inbox | wc -l)" -eq 2 ]
then ok "the signature filed is the smallest SHA-256's, as run's rule"
else not_ok "filed $(ls gd/inbox), not $least"; fi

# A good file mail-in declines (a higher revision of it filed) gets the
# organiser's signed word that it was not filed (gunbai-declined-v1:
# the receipt's fields), which the organiser's public key verifies.
openssl genpkey -algorithm ed25519 -out org.key 2>/dev/null
openssl pkey -in org.key -pubout -out org.pub
rm -rf go
"$gunbai" new senjin --id club --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
    --player "alice=$keys/alice.pub,alice@example.net" \
    --player "bob=$keys/bob.pub,bob@example.net" \
    --option first=alice --organiser org.key -d go >/dev/null
uid=$(state_uid go/start.yaml)
orders r1.yaml alice 1 1
orders r0.yaml alice 1
$make thunderbird r1.eml alice@example.net r1.yaml r1.yaml.sig
$make thunderbird r0.eml alice@example.net r0.yaml r0.yaml.sig
"$gunbai" mail-in go --key org.key r1.eml >/dev/null
rm -rf go/outbox
status_is 0 "a lower revision after a higher: mail-in --key" "$gunbai" \
    mail-in go --key org.key r0.eml
if python3 - go/outbox/mail-in/*.eml org.pub "$(sha r0.yaml)" <<'PY'
import base64, subprocess, sys
from email import message_from_binary_file, policy
body = message_from_binary_file(open(sys.argv[1], "rb"),
                                policy=policy.default).get_body().get_content()
block = body.split("-----BEGIN GUNBAI EVIDENCE-----\n")[1]
block = block.split("-----END GUNBAI EVIDENCE-----")[0].replace("\\\n", "")
text, sig = block.split("signature ")
fields = dict(l.split(" ", 1) for l in text.splitlines()[1:])
if text.splitlines()[0] != "gunbai-declined-v1" or \
        fields["file"] != sys.argv[3] or fields["player"] != "alice" or \
        "Not filed" not in body:
    sys.exit("not a declined notice of r0.yaml: %r" % text)
open("declined.txt", "w").write(text)
open("declined.sig", "wb").write(base64.b64decode(sig))
sys.exit(subprocess.call(["openssl", "pkeyutl", "-verify", "-rawin",
    "-pubin", "-inkey", sys.argv[2], "-in", "declined.txt",
    "-sigfile", "declined.sig"], stdout=subprocess.DEVNULL))
PY
then ok "the reply carries the organiser's signed word that it was not filed"
else not_ok "no signed declined notice: $(cat "$tmp/out")"; fi
# undo takes back a run until mail-in signs a receipt against its state:
# the receipt would prove the run discarded.
"$gunbai" run go --key org.key >/dev/null || not_ok "run go"
cp -r go go2
status_is 0 "undo before any receipt names the run's state" "$gunbai" undo go2
orders gb2.yaml bob 2
$make thunderbird gb2.eml bob@example.net gb2.yaml gb2.yaml.sig
"$gunbai" mail-in go --key org.key gb2.eml >/dev/null
status_is 1 "undo after mail-in signed a receipt against the run's state" \
    "$gunbai" undo go
grep -q 'signed receipts' "$tmp/err" && [ -d go/runs/0001 ] &&
    [ -z "$(ls go/undone 2>/dev/null)" ] &&
    ok "and says why, changing nothing" || not_ok "undo: $(cat "$tmp/err")"
uid=$(state_uid gd/start.yaml)

# Mail no one is to answer (RFC 3834): an out-of-office answer, a bounce,
# list mail, the address mail-in answers from.  A signed orders file in
# it is filed all the same; nothing is answered.
newgame gd
$make autoreply auto.eml alice@example.net a1.yaml a1.yaml.sig
status_is 0 "an autoreply carrying signed orders: mail-in" "$gunbai" \
    mail-in gd auto.eml
if cmp -s gd/inbox/"$a1name" a1.yaml && [ "$(replies gd)" -eq 0 ] &&
    grep -q 'not answered: it says a program sent it (Auto-Submitted)' \
    "$tmp/out"; then
	ok "its orders filed, nothing answered, and mail-in says why"
else not_ok "autoreply: $(cat "$tmp/out"; ls gd/inbox gd/outbox 2>&1)"; fi
$make bounce bounce.eml x ''
$make noorders self.eml gm@example.org ''
$make noorders list.eml carol@example.net ''
sed 's/^Subject:/Precedence: list\nSubject:/' list.eml >list2.eml
newgame gd
status_is 0 "a bounce, the league's own mail, list mail: mail-in" \
    "$gunbai" mail-in gd --from gm@example.org bounce.eml self.eml list2.eml
[ "$(replies gd)" -eq 0 ] &&
    [ "$(grep -c 'no orders file; not answered: ' "$tmp/out")" -eq 3 ] &&
    ok "none answered" || not_ok "answered: $(cat "$tmp/out")"
$make noorders self.eml GM@Example.org ''
status_is 0 "the --from address in other case" "$gunbai" mail-in gd \
    --from gm@example.org self.eml
[ "$(replies gd)" -eq 0 ] && ok "not answered either" ||
    not_ok "answered: $(cat "$tmp/out")"
# The older marks of autoreplies and bounces (a fresh re-check): from a
# registered player, with no orders, each is not answered; the same
# message without the mark is.
$make noorders plain.eml alice@example.net ''
i=0
for h in 'X-Autoreply: yes' 'X-Autorespond: yes' 'Precedence: auto_reply' \
    'List-Unsubscribe: <mailto:off@example.com>' 'Return-Path: < >' \
    'Return-Path: <MAILER-DAEMON>'; do
	i=$((i + 1))
	sed "s/^Subject:/$h\nSubject:/; s/^Message-ID: <orders/Message-ID: <r$i.orders/" \
	    plain.eml >robot$i.eml
done
sed 's|^Content-Type: text/plain; charset="utf-8"|Content-Type: multipart/report; report-type=delivery-status; boundary="b"|; s/^Message-ID: <orders/Message-ID: <r7.orders/' \
    plain.eml >robot7.eml
newgame gd
status_is 0 "seven autoreplies and bounces of older kinds: mail-in" \
    "$gunbai" mail-in gd --from gm@example.org robot1.eml robot2.eml \
    robot3.eml robot4.eml robot5.eml robot6.eml robot7.eml
[ "$(replies gd)" -eq 0 ] &&
    [ "$(grep -c 'no orders file; not answered: ' "$tmp/out")" -eq 7 ] &&
    ok "none answered" || not_ok "answered: $(cat "$tmp/out")"
status_is 0 "the same message with no such mark: mail-in" \
    "$gunbai" mail-in gd --from gm@example.org plain.eml
[ "$(replies gd)" -eq 1 ] && ok "is answered" ||
    not_ok "not answered: $(cat "$tmp/out")"

# Each client's way of attaching the two files.
for style in thunderbird mutt-qp gmail outlook nested pasted; do
	newgame gd
	$make "$style" m.eml alice@example.net a1.yaml a1.yaml.sig
	status_is 0 "$style: mail-in" "$gunbai" mail-in gd m.eml
	if cmp -s gd/inbox/"$a1name" a1.yaml; then
		ok "$style: filed as $a1name, byte for byte as signed"
	else
		not_ok "$style: not filed as $a1name"; ls gd/inbox | sed 's/^/    /'
	fi
	if [ "$style" = pasted ]; then
		openssl base64 -A -in a1.yaml.sig >want.sig && echo >>want.sig
	else
		cp a1.yaml.sig want.sig
	fi
	if cmp -s gd/inbox/"$a1name.sig" want.sig &&
	    [ "$(ls gd/inbox | wc -l)" -eq 2 ]; then
		ok "$style: its signature beside it, nothing else"
	else
		not_ok "$style: the inbox holds"; ls -l gd/inbox | sed 's/^/    /'
	fi
	[ "$(replies gd)" -eq 1 ] && ok "$style: one reply" ||
	    not_ok "$style: not one reply"
	has "$style: the reply goes to alice" "To: alice@example.net" replies
	has "$style: it answers the message" \
	    "In-Reply-To: <orders.$style.alice.example.net@example.net>" replies
	has "$style: the verdict of the order" \
	    "$a1name:7:5: accepted: move e2 e3" replies
	has "$style: the receipt" "Receipt: sha256 $a1sha" replies
	has "$style: what is owed, as status says" \
	    "owed: alice: turn: the first turn" replies
	[ "$style" = outlook ] &&
	    has "outlook: RFC 2231 and RFC 2047 file names decoded" \
	    "the attachment 'ordres-été.yaml', signed by the part 'ordres-été.yaml.sig'" \
	    replies
done

# A file signed with another key: the reply says which file it is and
# how to sign and check it, not only its hash.
newgame gd
cp a1.yaml x1.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/bob.key" -in x1.yaml -out x1.yaml.sig
$make thunderbird m.eml alice@example.net x1.yaml x1.yaml.sig
status_is 0 "a file signed with another key: mail-in" "$gunbai" mail-in gd m.eml
[ -z "$(ls gd/inbox)" ] && ok "another key: nothing filed" ||
    not_ok "another key: filed $(ls gd/inbox)"
replies gd >/dev/null
has "another key: the reply names the attachment as sent" \
    "the attachment 'orders.yaml', signed by the part 'orders.yaml.sig'" replies
has "another key: and says how to check the signature" \
    "openssl pkeyutl -verify -pubin -inkey YOURNAME.pub" replies

# Standard input, and the same message twice: filed once.
newgame gd
$make thunderbird m.eml alice@example.net a1.yaml a1.yaml.sig
# Under an OpenSSL configuration that allows FIPS algorithms only (no
# Ed25519): gunbai-mail reads none, as gunbai (gunbai(1), ENVIRONMENT).
printf '%s\n' 'openssl_conf = init' '[init]' 'alg_section = evp' '[evp]' \
    'default_properties = fips=yes' >fips.cnf
OPENSSL_CONF=fips.cnf "$gunbai" mail-in gd <m.eml >out 2>&1
has "standard input is read when no message is named" \
    "-: message 1: 1 orders file, 1 filed" out
status_is 0 "the same message again" "$gunbai" mail-in gd m.eml
[ "$(ls gd/inbox | wc -l)" -eq 2 ] && ok "the same bytes are filed once" ||
    not_ok "the same bytes filed more than once"
replies gd >/dev/null
has "the second reply says it was filed already" \
    "Already filed in the inbox as $a1name" replies

newgame gd
cp a1.yaml gd/inbox/copied.yaml
cp a1.yaml.sig gd/inbox/copied.yaml.sig
"$gunbai" mail-in gd m.eml >/dev/null
[ "$(ls gd/inbox | wc -l)" -eq 2 ] &&
    ok "the same bytes, copied into the inbox by hand, are not filed again" ||
    not_ok "the same bytes filed again beside a copy"

# mutt itself, as a player would send with it.
newgame gd
printf '#!/bin/sh\ncat >"%s/mutt.eml"\n' "$tmp" >catch.sh
chmod +x catch.sh
echo "my orders" >body.txt
if HOME=$tmp timeout 30 mutt -n -F /dev/null \
    -e "set sendmail=\"$tmp/catch.sh\"" -e 'set from=alice@example.net' \
    -e 'set use_from=yes' -e "set tmpdir=$tmp" -e 'set record=""' -s orders \
    -a a1.yaml a1.yaml.sig -- gm@example.org <body.txt >/dev/null 2>&1 &&
    [ -s mutt.eml ]; then
	status_is 0 "mutt's message" "$gunbai" mail-in gd mutt.eml
	cmp -s gd/inbox/"$a1name" a1.yaml && ok "mutt: filed as signed" ||
	    not_ok "mutt: not filed"
else
	not_ok "mutt could not make a message"
fi

# mpack: the orders alone, no signature, and no From: to answer.
newgame gd
timeout 30 mpack -s orders -o mpack.eml a1.yaml >/dev/null 2>&1 ||
    not_ok "mpack could not make a message"
status_is 0 "mpack's message (unsigned, no From:)" "$gunbai" mail-in gd mpack.eml
has "no reply without a From: address" "no reply: no From: address" out
[ -z "$(ls gd/inbox)" ] && ok "an unsigned file is not filed" ||
    not_ok "an unsigned file was filed"

# Refusals are explained to the sender.
newgame gd
$make unsigned m1.eml alice@example.net a1.yaml
$make flowed m2.eml alice@example.net a1.yaml a1.yaml.sig
$make noorders m3.eml alice@example.net a1.yaml
$make pasted-top m4.eml alice@example.net a1.yaml a1.yaml.sig
for m in m1 m2 m3 m4; do "$gunbai" mail-in gd $m.eml >/dev/null; done
[ -z "$(ls gd/inbox)" ] && ok "refused mail files nothing" ||
    not_ok "refused mail filed something"
[ "$(replies gd)" -eq 4 ] && ok "each refused message is answered" ||
    not_ok "refused messages not all answered"
has "unsigned: the reply says how to sign" "refused file: not signed" replies
has "pasted and reflowed: the reply says what the mail client did" \
    "it was signed by alice, but spaces were added at the ends of lines after signing: attach the file instead of pasting it" replies
[ "$(grep -cF "spaces were added at the ends of lines after signing" \
    replies)" -eq 2 ] &&
    ok "pasted at the top of the body: the reply says what the client did too" ||
    not_ok "orders pasted at the top of the body get no hint"
has "no orders: the reply says what to attach" \
    "No orders file was found in your message" replies

# The signature decides, never From:.
newgame gd
$make thunderbird m.eml bob@example.net a1.yaml a1.yaml.sig
"$gunbai" mail-in gd m.eml >out
cmp -s gd/inbox/"$a1name" a1.yaml && ok "From: bob, signed by alice: filed as alice's" ||
    not_ok "From: bob, signed by alice: not filed as alice's"
replies gd >/dev/null
has "the reply goes to alice's registered address" "To: alice@example.net" replies
if grep -q "bob@\|bob\.example" "$tmp/replies"; then
	not_ok "the reply shows bob's address or message"; cat "$tmp/replies"
else
	ok "the reply to alice shows nothing of bob's message"
fi
newgame gd -
"$gunbai" mail-in gd m.eml >out
replies gd >/dev/null
has "alice without an address: the reply goes to the sender" \
    "To: bob@example.net" replies

# What alice is answered does not change by one byte when what she may
# not see changes: bob's address.
newgame gd
$make thunderbird m.eml alice@example.net a1.yaml a1.yaml.sig
"$gunbai" mail-in gd m.eml >/dev/null
rm -rf gd2
"$gunbai" new senjin --id club --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
    --player "alice=$keys/alice.pub,alice@example.net" \
    --player "bob=$keys/bob.pub,someone.else@example.com" \
    --option first=alice -d gd2 >/dev/null
"$gunbai" mail-in gd2 m.eml >/dev/null
if diff -r gd/outbox gd2/outbox >/dev/null && [ -n "$(ls gd/outbox/mail-in)" ]; then
	ok "alice's reply is the same bytes whatever bob's address"
else
	not_ok "alice's reply depends on bob's address"
fi

# A later turn is filed (kept), corrections replace, conflicts do not.
newgame gd
$make thunderbird m1.eml alice@example.net a1.yaml a1.yaml.sig
$make gmail m2.eml bob@example.net b2.yaml b2.yaml.sig
$make noorders m3.eml carol@example.net a1.yaml
$make mbox box m1.eml m2.eml m3.eml
status_is 0 "an mbox of three messages" "$gunbai" mail-in gd box
grep -c ': message [123]: ' "$tmp/out" | grep -qx 3 &&
    ok "each message of the mbox is read" || not_ok "not three messages read"
# carol is no player of the game and her message holds nothing gunbai
# can use: not answered (an answer to any sender would be backscatter).
[ "$(replies gd)" -eq 2 ] &&
    grep -q "message 3: no orders file; not answered: it holds nothing gunbai can use and comes from no player's registered address" "$tmp/out" &&
    ok "one reply per message of a player; none to a stranger's empty message" ||
    not_ok "replies: $(cat "$tmp/out")"
b2name=bob-t2-$(sha b2.yaml | cut -c1-24).yaml
cmp -s gd/inbox/"$b2name" b2.yaml && ok "a file for a later turn is filed" ||
    not_ok "a file for a later turn is not filed"
has "the reply says it is not yet due" "not yet due: point 2 is not due" replies
orders a1r1.yaml alice 1 1
$make thunderbird m.eml alice@example.net a1r1.yaml a1r1.yaml.sig
rm -r gd/outbox
"$gunbai" mail-in gd m.eml >/dev/null
cmp -s gd/inbox/alice-t1-$(sha a1r1.yaml | cut -c1-24).yaml a1r1.yaml &&
    ok "a corrected revision is filed" || not_ok "a corrected revision is not filed"
# Which revision run will use, said plainly (fresh reader of Senjin: the
# reply to revision 1 never said it replaces revision 0, and the reply to
# revision 0 sent again advised a second, different revision 1).
replies gd >/dev/null
has "the reply to a correction names the revision it replaces" \
    "This revision 1 replaces the lower revision of your file for point 1 in the inbox: revision 0 ($a1name); it will not be used, even if this one is refused." replies
$make thunderbird m.eml alice@example.net a1.yaml a1.yaml.sig
rm -r gd/outbox
"$gunbai" mail-in gd m.eml >/dev/null
replies gd >/dev/null
has "revision 0 sent again: the reply says revision 1 is the one used" \
    "The inbox holds revision 1 of your file for point 1 (alice-t1-$(sha a1r1.yaml | cut -c1-24).yaml): run will use that one, and this revision 0 is replaced and will not be used." replies
has "revision 0 sent again: the next correction is revision 2" \
    "To change your orders again, send the whole file with 'revision: 2'." replies
if grep -qF "'revision: 1'" "$tmp/replies"; then
	not_ok "revision 0 sent again: the reply still asks for revision 1"
else ok "revision 0 sent again: no advice to send revision 1"; fi
# resend FILE COMMENT NEW: FILE with the line COMMENT added, as NEW,
# signed by alice and mailed; its reply parsed into $tmp/replies.
resend() {
	printf '%s\n' "$2" | cat "$1" - >"$3"
	openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in "$3" \
	    -out "$3.sig"
	$make thunderbird m.eml alice@example.net "$3" "$3.sig"
	rm -r gd/outbox
	"$gunbai" mail-in gd m.eml >/dev/null
	replies gd >/dev/null
}
resend a1.yaml '# late' a1b.yaml
has "a lower revision after a higher one is not filed" \
    "Not filed: revision 0, replaced by revision 1" replies
resend a1r1.yaml '# other' a1c.yaml
has "another file of the same revision is not filed" \
    "send this one again with 'revision: 2'" replies
[ "$(ls gd/inbox | wc -l)" -eq 6 ] && ok "the inbox holds a1, a1 revision 1 and b2" ||
    { not_ok "the inbox holds"; ls gd/inbox | sed 's/^/    /'; }

# gunbai run uses what mail-in filed.
status_is 0 "run with the inbox mail-in filled" "$gunbai" run gd
if cmp -s gd/runs/0001/orders/alice-t1-$(sha a1r1.yaml | cut -c1-24).yaml a1r1.yaml &&
    cmp -s gd/runs/0001/orders/"$b2name" b2.yaml; then
	ok "run applied the files mail-in filed"
else
	not_ok "run did not apply them"; ls -R gd/runs/0001 | sed 's/^/    /'
fi
grep -q '^turn: 3$' gd/runs/0001/state.yaml && ok "the game is at turn 3" ||
    not_ok "the game is not at turn 3"
status_is 0 "verify the game mail-in and run made" "$gunbai" verify gd

# The README's robot: samples/mail/mail-in.sh, as an MTA pipe runs it,
# with a sendmail that keeps what it is given.
newgame gd
printf '#!/bin/sh\n[ "$1" = -t ] || exit 1\ncat >>"%s/sendmail.out"\n' "$tmp" >sendmail.sh
chmod +x sendmail.sh
$make gmail m.eml alice@example.net a1.yaml a1.yaml.sig
GUNBAI=$gunbai SENDMAIL=$tmp/sendmail.sh sh "$top/samples/mail/mail-in.sh" \
    gd gm@example.org <m.eml >out 2>&1
st=$?
if [ "$st" -eq 0 ] && cmp -s gd/inbox/"$a1name" a1.yaml; then
	ok "samples/mail/mail-in.sh files the orders"
else
	not_ok "samples/mail/mail-in.sh: exit $st"; sed 's/^/    /' out
fi
if [ -s sendmail.out ] && [ -z "$(ls gd/outbox/mail-in)" ]; then
	ok "and sends the reply with sendmail -t, leaving none behind"
else
	not_ok "the reply was not sent"
fi
$make read sendmail.out >reply 2>&1
has "the reply sent is from the organiser" "Receipt: sha256 $a1sha" reply
grep -q '^From: gm@example.org$' sendmail.out && ok "From: is the organiser's address" ||
    not_ok "From: is not the organiser's address"

# Usage and inputs.
status_is 2 "no game directory" "$gunbai" mail-in
status_is 2 "a bad --from" "$gunbai" mail-in gd --from 'x@'
status_is 4 "not a game directory" "$gunbai" mail-in "$tmp/nowhere" m.eml
status_is 4 "a message that cannot be read" "$gunbai" mail-in gd "$tmp/nowhere"

# A reply says of other players only what every player may see
# (issue 31, finding 4): in Senshiai the deck lists of point 1 are
# sealed, and the number of orders in alice's file, or whether it is a
# whole answer, would tell bob whether her deck is the standard one.
# ssgame DIR ALICE_DECK_ORDERS...: a Senshiai game whose inbox holds
# alice's deck list (mailed in), then bob's standard one mailed in.
ssgame() {
	d=$1
	shift
	rm -rf "$d"
	"$gunbai" new senshiai --id ss --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
	    --player "alice=$keys/alice.pub,alice@example.net" \
	    --player "bob=$keys/bob.pub,bob@example.net" \
	    --player "carol=$keys/carol.pub,carol@example.net" \
	    --option first=alice -d "$d" >/dev/null
	ssuid=$(state_uid "$d/start.yaml")
	{
		printf 'gunbai: orders 2\ngame: ss\nuid: %s\nturn: 1\n' "$ssuid"
		printf 'player: alice\norders:\n'
		for o in "$@"; do printf '  - "%s"\n' "$o"; done
	} >ssa.yaml
	openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in ssa.yaml \
	    -out ssa.yaml.sig
	printf 'gunbai: orders 2\ngame: ss\nuid: %s\nturn: 1\nplayer: bob\norders:\n  - "standard"\n' \
	    "$ssuid" >ssb.yaml
	openssl pkeyutl -sign -rawin -inkey "$keys/bob.key" -in ssb.yaml \
	    -out ssb.yaml.sig
	$make thunderbird ma.eml alice@example.net ssa.yaml ssa.yaml.sig
	$make thunderbird mb.eml bob@example.net ssb.yaml ssb.yaml.sig
	"$gunbai" mail-in "$d" ma.eml >/dev/null 2>&1
	rm -f "$d"/outbox/mail-in/*.eml
	"$gunbai" mail-in "$d" mb.eml >/dev/null 2>&1
	$make read "$d"/outbox/mail-in/*.eml >"$d.reply" 2>&1
}
ssgame ssx "1 castle-town" "25 plains" "24 samurai" "done"
has "sealed deck: bob's reply says alice filed" \
    "alice: filed point 1" ssx.reply
if grep -q '^alice: filed point 1$' ssx.reply &&
    ! grep -q 'alice: .*order' ssx.reply; then
	ok "sealed deck: and nothing of her file but that"
else
	not_ok "sealed deck: bob's reply tells of alice's file:"
	grep '^alice' ssx.reply | sed 's/^/    /'
fi
has "sealed deck: bob is told of his own file" \
    "bob: filed point 1 (1 order, a whole answer)" ssx.reply
ssgame sss standard
if cmp -s ssx.reply sss.reply; then
	ok "sealed deck: bob's reply is the same bytes whether alice's deck is standard or not"
else
	not_ok "sealed deck: bob's reply differs:"
	diff ssx.reply sss.reply | sed 's/^/    /'
fi
"$gunbai" status ssx >ssx.status 2>&1
has "sealed deck: the organiser's status shows her file" \
    "alice: filed point 1 (4 orders, a whole answer)" ssx.status

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
