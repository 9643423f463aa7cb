#!/bin/sh
# End to end through a real MTA (issue 12): the test starts its own Exim
# (exim4-daemon-light) with its own configuration in a temporary
# directory, listening on 127.0.0.1 on a free high port and delivering
# every local recipient to an mbox file there; it never touches the
# system's Exim or /etc, and stops its daemon at exit.  Players mail their
# signed orders over SMTP (messages made by Python's email package, sent
# with smtplib); the organiser's mailbox goes to `gunbai mail-in`; the
# README's robot, samples/mail/deadline.sh, runs the game, `gunbai
# mail-out` and `exim -t` (sendmail -t) for each message; then each
# player's mailbox holds exactly their own report and nobody else's.  If Exim cannot run, the test fails: it never skips.
# Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
check=$top/tests/mail_check.py
make="python3 $top/tests/mail_make.py"
cd "$tmp" || exit 1
. "$top/tests/exim.sh"

# The game, with every player's address.
"$gunbai" new senjin --id club --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
    --player "alice=$keys/alice.pub,alice@example.org" \
    --player "bob=$keys/bob.pub,bob@example.net" --option first=alice \
    -d g >/dev/null || fail_loudly "gunbai new"
uid=$(state_uid g/start.yaml)
printf 'gunbai: orders 2\ngame: club\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
    "$uid" >a1.yaml
printf 'gunbai: orders 2\ngame: club\nuid: %s\nturn: 2\nplayer: bob\norders:\n  - move e8 e7\n  - move d9 e8\n' \
    "$uid" >b2.yaml
for f in a1:alice b2:bob; do
	openssl pkeyutl -sign -rawin -inkey "$keys/${f#*:}.key" \
	    -in "${f%:*}.yaml" -out "${f%:*}.yaml.sig"
done

# The players mail their orders to the organiser, gm@example.org, over
# SMTP, as Thunderbird and Gmail shape such messages.
$make thunderbird a1.eml alice@example.org a1.yaml a1.yaml.sig &&
    $make gmail b2.eml bob@example.net b2.yaml b2.yaml.sig ||
    fail_loudly "making the players' messages"
for m in a1.eml b2.eml; do
	if smtp_send "$m"
	then ok "$m sent over SMTP"; else fail_loudly "SMTP refused $m"; fi
done
delivered
if [ "$(grep -c '^From ' "$(box gm@example.org)")" -eq 2 ]; then
	ok "the organiser's mailbox holds both messages"; else
	fail_loudly "organiser's mailbox: $(ls "$ex/mail")"; fi

# The organiser's robot: mail-in on the mbox, then the deadline.
status_is 0 "mail-in files the orders from the mbox" "$gunbai" mail-in g \
    --from gm@example.org "$(box gm@example.org)"
if [ "$(ls g/inbox | grep -c '\.sig$')" -eq 2 ]; then
	ok "two signed files in the inbox"; else not_ok "inbox: $(ls g/inbox)"; fi
# The deadline, by the robot of the README: run, mail-out, exim -t.
status_is 0 "samples/mail/deadline.sh runs the game and sends the reports" \
    env GUNBAI="$gunbai" SENDMAIL="$exim -C $conf" \
    sh "$top/samples/mail/deadline.sh" g gm@example.org observers@example.org
if grep -q '^turn: 3$' g/runs/0001/state.yaml; then
	ok "both players' orders applied"; else not_ok "run did not apply both"; fi
if [ "$(ls g/outbox/0001)" = "$(printf 'alice.eml\nbob.eml\npublic.eml')" ]
then ok "mail-out wrote three messages"; else
	not_ok "outbox: $(ls g/outbox/0001)"; fi
delivered

# Each mailbox: exactly its own report, attachments byte for byte.
r=g/runs/0001/reports
for who in alice:alice@example.org bob:bob@example.net \
    public:observers@example.org; do
	p=${who%%:*} a=${who#*:}
	if python3 "$check" --mbox "$(box "$a")" "$a" "$r/$p.txt" \
	    "$r/$p.json" "$r/$p.svg" 2>"$tmp/err"; then
		ok "$a received exactly the $p report"; else
		not_ok "$a: $(cat "$tmp/err")"; fi
done
if grep -Fq -e alice@example.org -e bob@example.net \
    "$(box observers@example.org)"; then
	not_ok "a player's address reached the public list"; else
	ok "no player's address reached the public list"; fi
if grep -Fq bob@example.net "$(box alice@example.org)" ||
    grep -Fq alice@example.org "$(box bob@example.net)"; then
	not_ok "a player saw the other's address"; else
	ok "no player saw the other's address"; fi
if [ "$(grep -c '^From ' "$(box gm@example.org)")" -eq 2 ]; then
	ok "the organiser received no report"; else
	not_ok "the organiser's mailbox changed"; fi
status_is 0 "verify the game after it all" "$gunbai" verify g

echo "1..$n"
[ "$fails" -eq 0 ]
