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
exim=$(command -v exim4 || command -v exim || echo /usr/sbin/exim4)
ex=$tmp/exim
mkdir -p "$ex/spool" "$ex/log" "$ex/mail"
expid=
stop_exim() {
	if [ -n "$expid" ]; then
		kill "$expid" 2>/dev/null
		wait "$expid" 2>/dev/null
		expid=
	fi
}
trap 'stop_exim; rm -rf "$tmp"' EXIT
fail_loudly() {
	not_ok "$1"
	for f in "$ex"/log/*; do [ -f "$f" ] && sed 's/^/    /' "$f"; done
	echo "1..$n"
	exit 1
}
[ -x "$exim" ] || fail_loudly "no Exim (exim4-daemon-light) at $exim"

# Exim never delivers as root: as root, deliveries run as nobody into a
# sticky world-writable folder; as another user, Exim drops its privileges
# for a configuration given with -C and delivers as that user.
if [ "$(id -u)" -eq 0 ]; then
	duser=nobody runuser=root
	chmod 755 "$tmp" "$ex"
	chmod 1777 "$ex/mail"
else
	duser=$(id -un) runuser=$(id -un)
fi
port=$(python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
conf=$ex/exim.conf
cat >"$conf" <<CONF
primary_hostname = gunbai.test
qualify_domain = gunbai.test
domainlist local_domains = example.org : example.net
local_interfaces = 127.0.0.1
daemon_smtp_ports = $port
spool_directory = $ex/spool
log_file_path = $ex/log/%slog
exim_user = $runuser
exim_group = $(id -gn)
trusted_users = $(id -un)
keep_environment =
tls_advertise_hosts =
host_lookup =
rfc1413_hosts =
acl_smtp_rcpt = acl_rcpt
begin acl
acl_rcpt:
  accept domains = +local_domains
  deny message = not a local domain
begin routers
mbox:
  driver = accept
  domains = +local_domains
  local_parts = gm : alice : bob : observers
  transport = mbox
begin transports
mbox:
  driver = appendfile
  file = $ex/mail/\${local_part_data}@\${domain_data}
  user = $duser
  mode = 0644
  delivery_date_add
  envelope_to_add
  return_path_add
begin retry
* * F,1m,1m
CONF
chmod 644 "$conf" # Exim refuses a configuration others may write
# The daemon in the foreground (-bdf), a child of this shell: its pid is
# ours to stop, as root or not.
"$exim" -C "$conf" -bdf -oX "$port" </dev/null >"$ex/out" 2>&1 &
expid=$!
i=0
until python3 -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
    "$port" 2>/dev/null; do
	i=$((i + 1))
	kill -0 "$expid" 2>/dev/null ||
	    fail_loudly "Exim does not start: $(cat "$ex/out")"
	[ $i -gt 50 ] && fail_loudly "Exim does not listen on 127.0.0.1:$port"
	sleep 0.1
done
ok "Exim listens on 127.0.0.1:$port"

# delivered: wait until Exim's queue is empty (every message delivered or
# bounced), at most 10 seconds.
delivered() {
	i=0
	while [ "$("$exim" -C "$conf" -bpc 2>/dev/null)" != 0 ]; do
		i=$((i + 1))
		[ $i -gt 100 ] && fail_loudly "Exim still holds mail after 10 s"
		sleep 0.1
	done
}
box() { echo "$ex/mail/$1"; }

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
	if python3 -c 'import smtplib, sys
from email import message_from_binary_file, policy
with open(sys.argv[2], "rb") as f:
    msg = message_from_binary_file(f, policy=policy.default)
with smtplib.SMTP("127.0.0.1", int(sys.argv[1]), "localhost",
                  timeout=10) as s:
    s.send_message(msg, to_addrs=["gm@example.org"])' "$port" "$m"
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
