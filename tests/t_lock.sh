#!/bin/sh
# The game directory's lock (issue 31, formats/archive.md): mail-in and
# run on one game are serialised, so that a receipt names the state the
# next run starts from.  Without it a mail-in that read the state before a
# run, and filed after the run had read the inbox, got a receipt the run
# never honoured: `gunbai evidence` then proved withholding against an
# honest organiser.  Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
S=$top/samples/senjin
K=$S/keys
py=/usr/bin/python3
seed=5e4a11d0c0ffee00000000000000000000000000000000000000000000000001
tries=${LOCK_TRIES:-16}
cd "$tmp" || exit 1

openssl genpkey -algorithm ed25519 -out org.key 2>/dev/null
"$gunbai" new senjin --id demo --seed "$seed" --organiser org.key \
    --player alice="$K/alice.pub" --player bob="$K/bob.pub" -d g >/dev/null
uid=$(state_uid g/start.yaml)
printf 'gunbai: orders 2\ngame: demo\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
    "$uid" >a1.yaml
openssl pkeyutl -sign -rawin -inkey "$K/alice.key" -in a1.yaml -out a1.yaml.sig
$py "$top/tests/mail_make.py" thunderbird msg.eml alice@example.net a1.yaml a1.yaml.sig

[ -e g/.lock ] && not_ok "new made a lock file" || ok "new makes no lock file"

# A mail-in racing a run --nmr, many times: whichever takes the lock
# first, a receipt for point 1 filed against the start is honoured by the
# run from the start, and evidence proves nothing against the organiser.
i=0 receipted=0 late=0 false=0
while [ $i -lt "$tries" ]; do
	i=$((i + 1))
	rm -rf r; cp -R g r
	"$gunbai" run --nmr --key org.key r >/dev/null 2>&1 &
	"$gunbai" mail-in r --key org.key msg.eml >/dev/null 2>&1
	wait
	reply=$(ls r/outbox/mail-in/*.eml 2>/dev/null | head -1)
	if [ -n "$reply" ] && grep -q '^gunbai-receipt-v' "$reply"; then
		receipted=$((receipted + 1))
		if ! "$gunbai" evidence g/reports/alice.txt "$reply" \
		    r/runs/0001/reports/alice.txt >out 2>&1; then
			false=$((false + 1))
			echo "# try $i: $(grep PROVEN out)"
		fi
	else
		late=$((late + 1))
	fi
done
[ "$false" -eq 0 ] &&
    ok "$tries mail-ins racing a run: no false proof of withholding ($receipted receipted and taken, $late refused as late)" ||
    not_ok "$false of $tries races gave a false proof of withholding"
"$gunbai" verify r >out 2>&1 && ok "the last race's archive verifies" ||
    not_ok "verify: $(head -3 out)"

# The lock is held: mail-in and run wait while another process holds it.
hold() { # hold NAME: hold g/.lock for 1.5 s; NAME.held, then NAME.released
	$py -c 'import fcntl, sys, time
f = open(sys.argv[1], "a")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2] + ".held", "w").close()
time.sleep(1.5)
open(sys.argv[2] + ".released", "w").close()' g/.lock "$1" &
	holder=$!
	while [ ! -e "$1.held" ]; do sleep 0.05; done
}
rm -rf g2; cp -R g g2
hold m
"$gunbai" mail-in g --key org.key msg.eml >/dev/null 2>&1
[ -e m.released ] && ok "mail-in waits for the game's lock" ||
    not_ok "mail-in filed while the lock was held"
wait $holder
hold r
"$gunbai" run --nmr --key org.key g >/dev/null 2>&1
[ -e r.released ] && ok "run waits for the game's lock" ||
    not_ok "run ran while the lock was held"
wait $holder
# A lock file planted as a link is not followed.
rm -f g2/.lock; ln -s /etc/passwd g2/.lock
status_is 4 "mail-in refuses a lock that is a symbolic link" \
    "$gunbai" mail-in g2 --key org.key msg.eml
grep -q "cannot open the lock" "$tmp/err" && ok "and says so" ||
    not_ok "stderr: $(cat "$tmp/err")"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
