# tests/exim.sh - sourced by the suites that mail through a real MTA
# (t_mta.sh, t_league_mail.sh), from inside $tmp: starts Exim
# (exim4-daemon-light) with its own configuration in $tmp/exim, listening
# on 127.0.0.1 on a free port and delivering every message for
# gm, alice, bob, carol, dave and observers at example.org and example.net
# to an mbox file in $tmp/exim/mail; stops it at exit.  Sets exim, conf,
# port, and the functions fail_loudly, delivered (wait for an empty
# queue), box ADDRESS (the mbox of ADDRESS) and smtp_send MESSAGE.  If Exim cannot run, the
# suite fails: it never skips.
# A suite that sets ALIASES before sourcing this gets them as the MTA's
# aliases file, as an organiser writes /etc/aliases: lines such as
# `gm: "|/path/to/gunbai league L mail-in --from gm@example.org"`, each
# pipe run by Exim's pipe transport as the delivery user, with standard
# input the message (a copy also goes to the address's mbox, for the
# suite to look at).  It also gets SMTP_SENDMAIL, a `sendmail -t` that
# hands a message to this Exim over SMTP, for a pipe's replies: Exim
# run as root delivers as nobody, who cannot write its spool.
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
# Messages are queued as they come and delivered by delivered() below,
# one at a time in the order they came: a message piped into gunbai
# before the next is (a correction after the file it corrects), as one
# queue run of a real MTA may; Exim delivering each at once, in parallel
# processes, filed them in any order on a loaded machine.
queue_only = true
queue_run_in_order = true
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
aliases:
  driver = redirect
  domains = +local_domains
  data = \${lookup{\$local_part}lsearch{$ex/aliases}}
  pipe_transport = pipe
  unseen
mbox:
  driver = accept
  domains = +local_domains
  local_parts = gm : alice : bob : carol : dave : observers
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
pipe:
  driver = pipe
  user = $duser
  umask = ${pipe_umask:-022}
  temp_errors = 5 : 75
  return_fail_output
  log_output
begin retry
* * F,1m,1m
CONF
chmod 644 "$conf" # Exim refuses a configuration others may write
printf '%s\n' "${ALIASES:-}" >"$ex/aliases"
chmod 644 "$ex/aliases"
SMTP_SENDMAIL=$ex/smtp-sendmail
cat >"$SMTP_SENDMAIL" <<SH
#!/bin/sh
# sendmail -t: the message on standard input to the test's Exim over SMTP
exec /usr/bin/python3 -c 'import smtplib, sys
from email import message_from_binary_file, policy
msg = message_from_binary_file(sys.stdin.buffer, policy=policy.default)
with smtplib.SMTP("127.0.0.1", $port, "localhost", timeout=10) as s:
    s.send_message(msg)'
SH
chmod 755 "$SMTP_SENDMAIL"
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

# delivered: deliver Exim's queue, in order, until it is empty (every
# message delivered or bounced, the replies they made too), at most 20
# queue runs.
delivered() {
	i=0
	while [ "$("$exim" -C "$conf" -bpc 2>/dev/null)" != 0 ]; do
		i=$((i + 1))
		[ $i -gt 20 ] && fail_loudly "Exim still holds mail after 20 queue runs"
		"$exim" -C "$conf" -qf >/dev/null 2>&1
	done
}
box() { echo "$ex/mail/$1"; }
# smtp_send MESSAGE: MESSAGE mailed over SMTP to gm@example.org, as a
# player's client sends it (Python's smtplib).
smtp_send() {
	python3 -c 'import smtplib, sys
from email import message_from_binary_file, policy
with open(sys.argv[2], "rb") as f:
    msg = message_from_binary_file(f, policy=policy.default)
with smtplib.SMTP("127.0.0.1", int(sys.argv[1]), "localhost",
                  timeout=10) as s:
    s.send_message(msg, to_addrs=["gm@example.org"])' "$port" "$1"
}
