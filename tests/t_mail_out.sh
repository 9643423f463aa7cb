#!/bin/sh
# gunbai mail-out (formats/mail.md) and player addresses: messages after
# `new -d` and after a run, each parsed back by Python's email package
# (tests/mail_check.py): the right To, the body byte for byte the text
# report, the JSON and SVG reports attached byte for byte; the public
# message holds no player's address; the same bytes twice; addresses
# checked, carried through run, in no report; verify and league verify
# untroubled by the outbox; run and league run keep the addresses.  Run
# by tests/run.sh with GUNBAI set.
. tests/lib.sh
check=$top/tests/mail_check.py
cd "$tmp" || exit 1
A=alice@example.org
B=bob.smith+games@mail.example.net
seed=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
newg() { # newg DIR ALICE-ADDRESS-SUFFIX BOB-ADDRESS-SUFFIX
	"$gunbai" new senjin --id club-7 --seed $seed --option first=alice \
	    --player "alice=$keys/alice.pub$2" --player "bob=$keys/bob.pub$3" \
	    -d "$1"
}
# mailed WHAT EML TO REPORTS NAME: EML carries REPORTS/NAME.* to TO
mailed() {
	atts=
	for k in json svg; do
		[ -f "$4/$5.$k" ] && atts="$atts $4/$5.$k"
	done
	# shellcheck disable=SC2086
	if python3 "$check" "$2" "$3" "$4/$5.txt" $atts 2>err; then
		ok "$1"; else not_ok "$1: $(cat err)"; fi
}

status_is 0 "new -d with two addresses" newg g ",$A" ",$B"
if grep -q "address: \"$A\"" g/start.yaml &&
    grep -q "address: \"$B\"" g/start.yaml; then
	ok "the addresses are in the state"; else not_ok "addresses in state"; fi
status_is 0 "mail-out after new" "$gunbai" mail-out g --from gm@example.com \
    --list observers@example.com
if grep -qx "g/outbox/0000/alice.eml: to $A" out &&
    grep -qx "g/outbox/0000/public.eml: to observers@example.com" out; then
	ok "mail-out says what it wrote"; else not_ok "mail-out output"; fi
if [ "$(ls g/outbox/0000)" = "$(printf 'alice.eml\nbob.eml\npublic.eml')" ]
then ok "one message per player and one public"; else
	not_ok "outbox holds: $(ls g/outbox/0000)"; fi
# mailed looks for NAME.json, NAME.svg
for f in json svg; do [ -f "g/reports/alice.$f" ] || not_ok "no alice.$f"; done
mailed "alice's message" g/outbox/0000/alice.eml "$A" g/reports alice
mailed "bob's message" g/outbox/0000/bob.eml "$B" g/reports bob
mailed "the public message" g/outbox/0000/public.eml observers@example.com \
    g/reports public
if grep -q "alice" g/outbox/0000/public.eml &&
    ! grep -Fq -e "$A" -e "$B" -e example.org -e example.net \
    g/outbox/0000/public.eml; then
	ok "the public message holds no player address"; else
	not_ok "a player address in the public message"; fi
if grep -Fq "$B" g/outbox/0000/alice.eml ||
    grep -Fq "$A" g/outbox/0000/bob.eml; then
	not_ok "a player's message holds another's address"; else
	ok "no player's message holds another's address"; fi
sed '/^$/q' g/outbox/0000/alice.eml | sed '$d' >head.txt
if cmp -s head.txt "$top/tests/mail-out-alice.head"; then
	ok "formats/mail.md's example headers are what mail-out writes"; else
	not_ok "example headers differ:"; diff "$top/tests/mail-out-alice.head" \
	    head.txt | sed 's/^/    /'; fi
awk '/^This is `tests\/mail-out-alice.head`/ { w = 1 } w && /^```$/ { if (i) exit
	i = 1; next } i { print }' "$top/formats/mail.md" >doc.txt
if cmp -s doc.txt "$top/tests/mail-out-alice.head"; then
	ok "formats/mail.md shows tests/mail-out-alice.head"; else
	not_ok "formats/mail.md's example differs from the file"; fi
if grep -q '^From: gm@example.com$' g/outbox/0000/bob.eml &&
    ! grep -qi '^date:' g/outbox/0000/bob.eml; then
	ok "From is --from, no Date"; else not_ok "From or Date"; fi

status_is 0 "mail-out again into another directory" "$gunbai" mail-out g \
    --from gm@example.com --list observers@example.com -o again
if diff -r g/outbox/0000 again >/dev/null; then
	ok "the same messages, byte for byte"; else not_ok "not deterministic"; fi
status_is 5 "mail-out refuses to write over an outbox" "$gunbai" mail-out g \
    --from gm@example.com
if grep -q "exists\|not empty" err && diff -r g/outbox/0000 again >/dev/null
then ok "and leaves it as it was"; else not_ok "outbox changed: $(cat err)"; fi
status_is 0 "verify accepts a game directory with an outbox" "$gunbai" verify g

# A run: alice's signed orders, then the run's reports mailed.
u=$(state_uid g/start.yaml)
printf 'gunbai: orders 2\ngame: club-7\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
    "$u" >g/inbox/a1.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in g/inbox/a1.yaml \
    -out g/inbox/a1.yaml.sig
status_is 0 "run" "$gunbai" run g
if grep -q "address: \"$A\"" g/runs/0001/state.yaml &&
    grep -q "address: \"$B\"" g/runs/0001/state.yaml; then
	ok "run carries the addresses through"; else not_ok "addresses lost"; fi
status_is 0 "mail-out of the run" "$gunbai" mail-out g/runs/0001/ \
    --from gm@example.com
mailed "alice's message after the run" g/outbox/0001/alice.eml "$A" \
    g/runs/0001/reports alice
mailed "bob's message after the run" g/outbox/0001/bob.eml "$B" \
    g/runs/0001/reports bob
mailed "the public message after the run, to --from" \
    g/outbox/0001/public.eml gm@example.com g/runs/0001/reports public
if grep -q '^Subject: gunbai club-7: point 2, report for bob$' \
    g/outbox/0001/bob.eml; then ok "the subject names game, turn, player"
else not_ok "subject: $(grep ^Subject g/outbox/0001/bob.eml)"; fi
if grep -rFq -e "$A" -e "$B" g/reports g/runs/0001/reports; then
	not_ok "an address in a report"; else ok "no report shows an address"; fi
(cd g/runs/0001 && "$gunbai" mail-out . -o ../../../dot \
    --from gm@example.com >/dev/null) &&
    diff -r g/outbox/0001 dot >/dev/null &&
    ok "mail-out of '.', -o" || not_ok "mail-out of '.'"
status_is 0 "verify after run and mail-out" "$gunbai" verify g
mkdir league && cp -r g league/club-7
status_is 0 "league verify with an outbox" "$gunbai" league league verify
mkdir league2 && newg league2/club-7 ",$A" ",$B" >/dev/null &&
    cp g/runs/0001/orders/a1.yaml g/runs/0001/orders/a1.yaml.sig \
    league2/club-7/inbox/
status_is 0 "league run" "$gunbai" league league2 run
if grep -q "address: \"$A\"" league2/club-7/runs/0001/state.yaml &&
    grep -q "address: \"$B\"" league2/club-7/runs/0001/state.yaml; then
	ok "league run carries the addresses through"; else
	not_ok "league run lost an address"; fi

# Attachments only where they exist.
cp -r g g2 && rm -r g2/outbox && rm g2/reports/alice.svg
status_is 0 "mail-out without alice.svg" "$gunbai" mail-out g2 -o o2
mailed "alice's message has only the JSON" o2/alice.eml "$A" g2/reports alice
if grep -q '^From: gunbai@localhost$' o2/alice.eml; then
	ok "From is gunbai@localhost by default"; else not_ok "default From"; fi
rm g2/reports/bob.txt
status_is 4 "a missing text report is an error" "$gunbai" mail-out g2 -o o3
if grep -q "bob.txt" err && [ ! -e o3 ]; then ok "named; nothing written"
else not_ok "missing report: $(cat err)"; fi

# A player without an address is named and skipped.
status_is 0 "new -d, bob without an address" newg h ",$A" ""
if grep -c address h/start.yaml | grep -qx 1; then ok "one address kept"
else not_ok "addresses in h"; fi
status_is 1 "mail-out with a player without an address" "$gunbai" mail-out h
if grep -q "bob: no address" err && [ -f h/outbox/0000/alice.eml ] &&
    [ -f h/outbox/0000/public.eml ] && [ ! -e h/outbox/0000/bob.eml ]; then
	ok "bob named and skipped, the others written"; else
	not_ok "skipping bob: $(cat err)"; fi
status_is 0 "new -d without addresses" newg k "" ""
"$gunbai" new senjin --id club-7 --seed $seed --option first=alice \
    --player "alice=$keys/alice.pub" --player "bob=$keys/bob.pub" -o k.yaml \
    >/dev/null
if cmp -s k.yaml k/start.yaml; then ok "a state without addresses is as before"
else not_ok "state without addresses"; fi

# Hostile addresses.
for bad in "x@|alice: address 'x@' has no domain" \
    "a@b.org,c@d.org|holds more than one address" \
    "Alice <a@b.org>|has a space" \
    "a@b.org
Bcc: eve@evil.example|has a line break" \
    "caf$(printf '\303\251')@b.org|not ASCII"; do
	addr=${bad%%|*} why=${bad#*|}
	status_is 2 "new refuses '$why'" "$gunbai" new senjin --id x \
	    --player "alice=$keys/alice.pub,$addr" \
	    --player "bob=$keys/bob.pub" -o bad.yaml
	if grep -Fq "$why" err && [ ! -e bad.yaml ]; then ok "  said: $why"
	else not_ok "  message: $(cat err)"; fi
done
sed "s/address: \"$A\"/address: \"alice@\"/" g/start.yaml >bad.yaml
status_is 4 "a state with a bad address is refused" "$gunbai" status bad.yaml
if grep -q "bad.yaml:13:.*alice: address 'alice@' has no domain" err; then
	ok "  at its line"; else not_ok "  message: $(cat err)"; fi
status_is 2 "--from is checked" "$gunbai" mail-out g --from "gm" -o o4
status_is 2 "--list is checked" "$gunbai" mail-out g --list "a@b,c@d" -o o4
status_is 2 "a directory that is no game needs -o" "$gunbai" mail-out g/inbox
[ ! -e o4 ] && ok "nothing written" || not_ok "o4 written"

"$gunbai" mail-out --help >help.txt
if mandoc -Tascii -O width=200 "$top/man/gunbai.1" | col -bx |
    sed 's/^ *//' | grep -qxF "$(sed 's/^usage: //' help.txt)"; then
	ok "mail-out --help is in the manual's SYNOPSIS"; else
	not_ok "mail-out --help: $(cat help.txt)"; fi

# --page: the player's page attached to each player's message, byte for
# byte, and not to the public one; a page that is not this gunbai's
# (one byte changed) refused, nothing written.
page=$top/page/gunbai-orders.html
status_is 0 "mail-out --page" "$gunbai" mail-out g --from gm@example.com \
    --list observers@example.com --page "$page" -o withpage
if python3 "$check" withpage/alice.eml "$A" g/reports/alice.txt \
    g/reports/alice.json g/reports/alice.svg "$page" 2>err; then
	ok "alice's message carries the page"; else not_ok "page in alice's message: $(cat err)"; fi
if python3 "$check" withpage/public.eml observers@example.com \
    g/reports/public.txt g/reports/public.json g/reports/public.svg 2>err; then
	ok "the public message does not"; else not_ok "public message with --page: $(cat err)"; fi
sed 's/connect-src/connect-src /' "$page" >gunbai-orders.html
status_is 4 "mail-out --page refuses a page that is not the released one" \
    "$gunbai" mail-out g --from gm@example.com --page gunbai-orders.html \
    -o badpage
if grep -q "is not the player's page of this gunbai" err && [ ! -e badpage ]
then ok "it says why and writes nothing"; else not_ok "--page refusal: $(cat err)"; fi

echo "1..$n"
[ "$fails" -eq 0 ]
