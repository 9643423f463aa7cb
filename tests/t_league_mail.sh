#!/bin/sh
# A league by mail with no glue (issue 32), through a real MTA: the test
# starts its own Exim (tests/exim.sh) once and stops it at exit.  Four
# games of three kinds, every player mailing one address (gm@example.org)
# over SMTP; the MTA pipes each message for that address into `gunbai
# league L mail-in` by an alias, as the README's set-up says (an alias and
# one crontab line), and `gunbai league L tick --now TIME` is the crontab
# line, the clock moved over two deadlines.  Players mail orders (one late, one never, one
# correction, one bad signature, one pasted by a flowed client, one that
# fits no game, a mail command, a message delivered twice); reminders and
# late notices go out; then every mailbox holds exactly the reports,
# replies and notices its player should have, nothing twice, and
# `league verify` passes.  Run by tests/run.sh with GUNBAI set.
. tests/lib.sh
cd "$tmp" || exit 1
# The README's alias: gm@example.org piped into league mail-in.  The
# replies go by the test's Exim (over SMTP: exim.sh's SMTP_SENDMAIL)
# where an organiser's go by /usr/sbin/sendmail -t.  As root, Exim runs
# the pipe as nobody: the league is made writable for it (umask 000).
# The alias is the README's line, as it is written, with this test's
# paths, addresses and mail command put in.
ALIASES=$(sed -n 's/^    club: "|\/usr\/bin\/gunbai league \/srv\/club mail-in/gm: "|GUNBAI league LEAGUE mail-in/p' \
    "$top/README.md")
case $ALIASES in
'gm: "|GUNBAI league LEAGUE mail-in '*'"') ;;
*) not_ok "no league alias in README.md: '$ALIASES'"; echo "1..$n"; exit 1 ;;
esac
ALIASES=$(printf '%s\n' "$ALIASES" | sed \
    -e "s|GUNBAI|$gunbai|" -e "s|LEAGUE|$tmp/L|" \
    -e 's/club@example\.org/gm@example.org/g' \
    -e "s|\"\$| --sendmail $tmp/exim/smtp-sendmail\"|")
# The README's crontab line, as it is written: its options after
# `tick`, this test's addresses put in; the test adds --now (the moved
# clock) and its mail command.  gunbai(1) gives the same line.
CRON=$(grep '^    \*/5 \* \* \* \* /usr/bin/gunbai league /srv/club tick ' \
    "$top/README.md" | sed 's/^    //')
case $CRON in
'*/5 * * * * /usr/bin/gunbai league /srv/club tick --from club@example.org --list '*) ;;
*) not_ok "no league crontab line in README.md: '$CRON'"; echo "1..$n"; exit 1 ;;
esac
grep -qxF -- "$CRON" "$top/man/gunbai.1" ||
    not_ok "gunbai(1) gives another crontab line than README.md's"
cron_args=$(printf '%s\n' "${CRON#*/srv/club tick }" | sed \
    -e 's/club@example\.org/gm@example.org/g' \
    -e 's/watchers@example\.org/observers@example.org/g')
if [ "$(id -u)" -eq 0 ]; then pipe_umask=000; umask 000; fi
. "$top/tests/exim.sh"
ok "Exim listens on 127.0.0.1:$port"

send="$exim -C $conf -odb -t"
gm=$(box gm@example.org)
from=gm@example.org
tick() { # tick TIME [SENDMAIL]: the crontab line at TIME
	# shellcheck disable=SC2086
	"$gunbai" league L tick $cron_args --now "$1" \
	    --sendmail "${2:-$send}"
}
# piped DESCRIPTION: every message delivered, those for gm@example.org
# through the alias's pipe into league mail-in (their replies too), and
# no delivery failed or deferred (Exim's log).
piped() {
	delivered
	if grep -E ' (\*\*|==) ' "$ex/log/mainlog" >/dev/null; then
		not_ok "$1: a delivery failed"
		grep -E ' (\*\*|==) ' "$ex/log/mainlog" | sed 's/^/    /'
	else ok "$1"; fi
}
# mailin_again: the MTA delivering the organiser's whole mailbox again
# (the copy of every message the alias got).
mailin_again() {
	"$gunbai" league L mail-in --from $from --sendmail "$send" "$gm"
}
posted=0
: >posts
post() { # post STYLE FROM [ORDERS]: a player's message, sent by posts_send
	posted=$((posted + 1))
	echo "msg$posted $1 $2 ${3:-}" >>posts
}
posts_send() { # every message posted, over one SMTP connection
	python3 - "$top/tests" "$port" posts <<'PY' ||
import os, smtplib, sys
sys.path.insert(0, sys.argv[1])
import mail_make
with smtplib.SMTP("127.0.0.1", int(sys.argv[2]), "localhost",
                  timeout=10) as s:
    for line in open(sys.argv[3]):
        mid, style, frm, *orders = line.split()
        os.environ["MAIL_MAKE_ID"] = mid
        o = mail_make.read(orders[0]) if orders else b""
        g = mail_make.read(orders[0] + ".sig") if orders else b""
        # A bounce has a null envelope sender.
        s.sendmail("" if style == "bounce" else frm, ["gm@example.org"],
                   mail_make.make(style, frm, o, g))
PY
	fail_loudly "mailing $(cat posts)"
	: >posts
}
# sign FILE KEY: FILE.sig by KEY
sign() { openssl pkeyutl -sign -rawin -inkey "$keys/$2.key" -in "$1" \
    -out "$1.sig"; }
# orders FILE GAME PLAYER TURN ORDER...: an orders file of GAME's uid
orders() {
	f=$1 g=$2 p=$3 t=$4
	shift 4
	{
		printf 'gunbai: orders 2\ngame: club-%s\nuid: %s\nturn: %s\n' \
		    "$g" "$(state_uid L/$g/start.yaml)" "$t"
		printf 'player: %s\norders:\n' "$p"
		for o in "$@"; do printf '  - %s\n' "$o"; done
	} >"$f"
}

# The league: one directory per game, each with its schedule.
mkdir L
seed=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
pl() { echo "--player $1=$keys/$1.pub,$1@$2"; }
sched="--deadline 2026-12-04T20:00Z --period 1d --grace 2h --remind 6h"
# shellcheck disable=SC2046,SC2086
{ "$gunbai" new senjin --id club-s1 --seed $seed $(pl alice example.org) \
    $(pl bob example.net) --option first=alice -d L/s1 $sched &&
  "$gunbai" new senjin --id club-s2 --seed $seed $(pl carol example.org) \
    $(pl dave example.net) --option first=carol -d L/s2 $sched &&
  "$gunbai" new shinobi-wars --id club-sw --seed "${seed%??}00" \
    $(pl alice example.org) $(pl carol example.org) -d L/sw $sched &&
  "$gunbai" new japanese-swords --id club-js --seed $seed \
    $(pl alice example.org) $(pl bob example.net) $(pl dave example.net) \
    -d L/js $sched; } >/dev/null || fail_loudly "gunbai new"
if grep -q '^owed: alice: turn' <<EOF
$("$gunbai" status L/sw)
EOF
then ok "shinobi-wars: alice owes the first turn"; else
	fail_loudly "shinobi-wars: not alice first"; fi

# The public reports sent to the league's own address would come back
# to league mail-in: refused.
status_is 2 "tick with --list the league's own address" "$gunbai" league L \
    tick --now 2026-12-04T09:00Z --from $from --list GM@example.org \
    --sendmail "$send"
grep -q "the league's own address" "$tmp/err" && [ ! -d L/s1/outbox/0000 ] &&
    ok "and says why, writing nothing" || not_ok "--list: $(cat "$tmp/err")"

# 10:00, before anything is due: the first reports go out.
status_is 0 "tick at 10:00 mails the first reports" tick 2026-12-04T10:00Z
[ "$(grep -c '^sent ' "$tmp/out")" -eq 13 ] && ok "13 first messages sent" ||
    not_ok "first messages: $(cat "$tmp/out")"

# The players mail the one address.
orders a1.yaml s1 alice 1 'move e2 e3'; sign a1.yaml alice
post thunderbird alice@example.org a1.yaml
{ sed '4a revision: 1' a1.yaml; } >a1r.yaml; sign a1r.yaml alice
post mutt-qp alice@example.org a1r.yaml                      # a correction
orders c1.yaml s2 carol 1 'move e2 e3'
{ echo "# Orders of carol for turn 1 of game club-s2 (Senjin), the whole template as her report gives it."
  cat c1.yaml; } >c1t.yaml; sign c1t.yaml carol
post stuffed carol@example.org c1t.yaml          # pasted, flowed client
orders ja.yaml js alice 1 'rps paper'; sign ja.yaml alice
post gmail alice@example.org ja.yaml
orders jd.yaml js dave 1 'rps rock'; sign jd.yaml dave
post thunderbird dave@example.net jd.yaml
orders jb.yaml js bob 1 'rps rock'; sign jb.yaml carol
post thunderbird bob@example.net jb.yaml                 # a bad signature
post cmd-status dave@example.net                            # a command
printf 'gunbai: orders 2\ngame: club-s1\nuid: %s\nturn: 1\nplayer: bob\norders:\n  - move e8 e7\n' \
    00000000000000000000000000000000 >nog.yaml; sign nog.yaml bob
post pasted bob@example.net nog.yaml                     # fits no game
echo "msg1 thunderbird alice@example.org a1.yaml" >>posts # delivered twice
# Mail no one is to answer (RFC 3834): answering it could loop, as the
# league answering its own mail did: an out-of-office answer, a bounce,
# and the league's own address writing to itself.  A loop would keep
# Exim's queue full (delivered gives up after 20 queue runs).
post autoreply carol@example.org
post bounce MAILER-DAEMON
post noorders gm@example.org
# A stranger's message with nothing gunbai can use: answering it would
# answer spam, to whatever address it forged.
post noorders stranger@else.test
posts_send
piped "the alias pipes each message into league mail-in, which files and answers it"
if ! grep -Eqr '^In-Reply-To: <msg(9|10|11|12)@' "$ex/mail" L; then
	ok "an autoreply, a bounce, the league's own mail, a stranger's: not answered"
else not_ok "mail no one is to answer was answered"; fi
if [ "$(ls L/s1/inbox | wc -l)" -eq 4 ] && [ "$(ls L/s2/inbox | wc -l)" -eq 2 ] &&
    [ "$(ls L/js/inbox | wc -l)" -eq 4 ] && [ "$(ls L/sw/inbox | wc -l)" -eq 0 ]
then ok "each file filed in its own game, the bad signature in none"
else not_ok "inboxes: $(ls L/*/inbox)"; fi
"$gunbai" league L status >st.txt
grep -qx '  alice owes 3, 2 filed in whole: js turn 1 (filed), s1 turn 1 (filed), sw turn 1 (nothing filed)' st.txt &&
    grep -qx '  bob owes 1, 0 filed in whole: js turn 1 (nothing filed)' st.txt &&
    ok "league status says who has filed what they owe" ||
    not_ok "league status: $(cat st.txt)"
if cmp -s L/s2/inbox/carol-t1-*.yaml c1t.yaml; then
	ok "the flowed paste filed as signed, template comments and all"
else not_ok "carol's pasted template not filed"; fi
[ "$(grep -c '^In-Reply-To: <msg1@' "$(box alice@example.org)")" -eq 1 ] &&
    ok "a message delivered twice: answered once" ||
    not_ok "msg1 answered $(grep -c '^In-Reply-To: <msg1@' "$(box alice@example.org)") times"
status_is 0 "mail-in again on the same mailbox answers nothing again" mailin_again
[ "$(grep -c 'delivered before' "$tmp/out")" -eq 13 ] &&
    ! grep -q '^sent' "$tmp/out" && ok "every message known, nothing sent" ||
    not_ok "mail-in again: $(cat "$tmp/out")"

# 15:00, the reminders: alice owes shinobi-wars, bob's swords file was
# refused.
status_is 0 "tick at 15:00" tick 2026-12-04T15:00Z
grep -q 'sw: reminder to alice' "$tmp/out" &&
    grep -q 'js: reminder to bob' "$tmp/out" &&
    [ "$(grep -c reminder "$tmp/out")" -eq 2 ] &&
    ok "reminders to alice (club-sw) and bob (club-js) only" ||
    not_ok "reminders: $(cat "$tmp/out")"

# 20:30, past the deadline; the mail command fails at first.
status_is 5 "tick at 20:30 with a failing mail command" tick \
    2026-12-04T20:30Z false
[ -d L/s1/runs/0001 ] && [ -d L/s2/runs/0001 ] && [ ! -d L/sw/runs/0001 ] &&
    [ ! -d L/js/runs/0001 ] &&
    ok "all orders in: s1 and s2 run; the others wait for the grace" ||
    not_ok "runs: $(ls -d L/*/runs/*)"
! grep -q 'send each player' "$tmp/out" &&
    [ "$(grep -c 'its mail is written and sent by this tick' "$tmp/out")" -eq 2 ] &&
    ok "tick's runs say tick mails them, not to send the reports by hand" ||
    not_ok "tick's runs: $(cat "$tmp/out")"
grep -q 'sw: late notice to alice' "$tmp/out" &&
    grep -q 'js: late notice to bob' "$tmp/out" &&
    ok "late notices to alice and bob" || not_ok "late: $(cat "$tmp/out")"
status_is 0 "tick again at 20:30: the failed sends are retried" tick \
    2026-12-04T20:30Z
[ ! -d L/s1/runs/0002 ] && [ "$(grep -c '^sent ' "$tmp/out")" -eq 8 ] &&
    ok "no second run; the 6 reports and 2 notices sent once" ||
    not_ok "retry: $(cat "$tmp/out")"
grep -q '^revision: 1' L/s1/runs/0001/orders/* &&
    ok "the correction is what s1 applied" || not_ok "s1 did not take revision 1"

# bob's good file, late but within the grace.
orders jb.yaml js bob 1 'rps rock'; sign jb.yaml bob
post thunderbird bob@example.net jb.yaml
posts_send
piped "the late file piped into league mail-in"
# 22:30, after the grace: club-js has all it needs, club-sw defaults.
status_is 0 "tick at 22:30" tick 2026-12-04T22:30Z
[ -f L/sw/runs/0001/nmr ] && [ -d L/js/runs/0001 ] && [ ! -f L/js/runs/0001/nmr ] &&
    grep -q 'bob-t1' L/js/runs/0001/orders/* 2>/dev/null ||
    ls L/js/runs/0001/orders | grep -q '^bob-t1' &&
    ok "club-sw run with default orders; club-js with bob's late file" ||
    not_ok "after the grace: $(ls -R L/sw/runs L/js/runs)"

# The second deadline: bob plays club-s1 and asks for his reports again;
# nobody else mails.
orders b2.yaml s1 bob 2 'move e8 e7' 'move d9 e8'; sign b2.yaml bob
post thunderbird bob@example.net b2.yaml
post cmd-resend bob@example.net
posts_send
piped "bob's orders and his resend piped into league mail-in"
"$gunbai" league L status --json >st.json
# Who owes now and has filed nothing: each gets a reminder and a late
# notice for the second deadline.
owing=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for g in d["games"]:
    for o in g["owed"]:
        if (g["name"], o["player"]) != ("s1", "bob"):
            print(g["name"], o["player"])' st.json)
status_is 0 "tick at 15:00 the next day" tick 2026-12-05T15:00Z
[ "$(grep -c reminder "$tmp/out")" -eq "$(echo "$owing" | wc -l)" ] &&
    ok "a reminder to each of: $(echo "$owing" | tr '\n' ',')" ||
    not_ok "reminders: $(cat "$tmp/out"), owing: $owing"
status_is 0 "tick at 20:30" tick 2026-12-05T20:30Z
[ -d L/s1/runs/0002 ] && [ ! -d L/s2/runs/0002 ] &&
    [ "$(grep -c 'late notice' "$tmp/out")" -eq "$(echo "$owing" | wc -l)" ] &&
    ok "s1 runs with bob's orders; late notices to the same players" ||
    not_ok "20:30: $(cat "$tmp/out")"
status_is 0 "tick at 22:30" tick 2026-12-05T22:30Z
for g in s2 sw js; do
	[ -f L/$g/runs/0002/nmr ] || not_ok "$g: no default run"
done
ok "the games whose players never mailed run with default orders"
status_is 0 "a tick with nothing due" tick 2026-12-05T22:40Z
! grep -q . "$tmp/out" && ok "nothing due: nothing run, nothing sent" ||
    not_ok "nothing due: $(cat "$tmp/out")"
delivered

# Every mailbox: exactly what its player should have, nothing twice.
# want ADDRESS RESENT PATTERN=COUNT...: the subjects of ADDRESS's mailbox;
# no Message-Id twice, and RESENT reports asked for again, each with a
# Message-Id of its own (a reader drops an id it saw before).
want() {
	if python3 - "$(box "$1")" "$@" <<'PY'
import mailbox, re, sys
box, addr, resent, wants = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
subjects, ids, twice, again = [], set(), 0, 0
for m in mailbox.mbox(box):
    mid = m["Message-Id"]
    # RFC 3834: what gunbai writes says a program wrote it, an answer
    # auto-replied, a report or notice auto-generated.
    kind = "auto-replied" if m["In-Reply-To"] or re.search(
        "your orders|fit no game|status of your games|reports sent again",
        m["Subject"]) else "auto-generated"
    if m["Auto-Submitted"] != kind:
        sys.exit("%s: %r has Auto-Submitted %r, not %s" % (
            addr, m["Subject"], m["Auto-Submitted"], kind))
    twice += mid in ids
    again += ".resend.gunbai@" in mid
    ids.add(mid)
    subjects.append(" ".join(m["Subject"].split()))
if twice != 0:
    sys.exit("%s: %d Message-Ids twice" % (addr, twice))
if again != int(resent):
    sys.exit("%s: %d messages sent again, wanted %s" % (addr, again, resent))
left = list(subjects)
for w in wants:
    pat, n = w.rsplit("=", 1)
    got = [s for s in left if re.fullmatch(pat, s)]
    if len(got) != int(n):
        sys.exit("%s: %d of %r, wanted %s: %r" % (addr, len(got), pat, n,
                 subjects))
    left = [s for s in left if not re.fullmatch(pat, s)]
if left:
    sys.exit("%s: more messages: %r" % (addr, left))
PY
	then ok "$1: exactly its reports, replies and notices"
	else not_ok "$1: see above"; fi
}
n_owing() { echo "$owing" | grep -c " $1\$"; }
rep='gunbai club-%s: point [0-9]+, report for %s'
# shellcheck disable=SC2059
want alice@example.org 0 \
    "$(printf "$rep" s1 alice)=3" "$(printf "$rep" sw alice)=3" \
    "$(printf "$rep" js alice)=3" 'gunbai club-s1: point 1, your orders=2' \
    'gunbai club-js: point 1, your orders=1' \
    "gunbai club-.*reminder for alice=$((1 + $(n_owing alice)))" \
    "gunbai club-.*late notice for alice=$((1 + $(n_owing alice)))"
# shellcheck disable=SC2059
want bob@example.net 2 \
    "$(printf "$rep" s1 bob)=4" "$(printf "$rep" js bob)=4" \
    'gunbai club-js: point 1, your orders=2' \
    'gunbai club-s1: point 2, your orders=1' \
    'gunbai: orders that fit no game of the league=1' \
    'gunbai: your reports sent again=1' \
    "gunbai club-.*reminder for bob=$((1 + $(n_owing bob)))" \
    "gunbai club-.*late notice for bob=$((1 + $(n_owing bob)))"
# shellcheck disable=SC2059
want carol@example.org 0 \
    "$(printf "$rep" s2 carol)=3" "$(printf "$rep" sw carol)=3" \
    'gunbai club-s2: point 1, your orders=1' \
    "gunbai club-.*reminder for carol=$(n_owing carol)" \
    "gunbai club-.*late notice for carol=$(n_owing carol)"
# shellcheck disable=SC2059
want dave@example.net 0 \
    "$(printf "$rep" s2 dave)=3" "$(printf "$rep" js dave)=3" \
    'gunbai club-js: point 1, your orders=1' \
    'gunbai: the status of your games=1' \
    "gunbai club-.*reminder for dave=$(n_owing dave)" \
    "gunbai club-.*late notice for dave=$(n_owing dave)"
want observers@example.org 0 'gunbai club-.*public report=12'
grep -q 'No orders file\|fit no game' "$(box bob@example.net)" &&
    ok "bob is told his file fits no game" || not_ok "no word on the lost file"
grep -q 'you are dave' "$(box dave@example.net)" &&
    ok "dave's status command answered with his games" ||
    not_ok "no status for dave"
# Of alice's file only whether she filed (her message may be delivered
# before or after dave's command); of his own, its details.
if grep -Eq '^alice: (filed point 1|nothing filed yet for point 1)$' \
    "$(box dave@example.net)" &&
    grep -q '^dave: filed point 1 (1 order, a whole answer)' \
    "$(box dave@example.net)" &&
    ! grep -q '^alice: filed point 1 (' "$(box dave@example.net)"; then
	ok "dave's status tells of alice's file only that she filed"
else
	not_ok "dave's status of the files:"
	grep ': filed point\|nothing filed' "$(box dave@example.net)" |
	    sed 's/^/    /'
fi
# Every message to gm@example.org went through the alias's pipe: 13 at
# the first deadline (4 of them not to be answered), 1 late, 2 at the
# second.
np=$(grep -c ' => |.* league .* mail-in .*R=aliases T=pipe' "$ex/log/mainlog")
[ "$np" -eq 16 ] && ok "the 16 messages to the league were piped into league mail-in" ||
    not_ok "$np pipe deliveries, not 16: $(grep ' => |' "$ex/log/mainlog")"
grep -q 'report for' "$gm" && not_ok "the organiser received a report" ||
    ok "the organiser's mailbox holds only the players' mail"
status_is 0 "league verify passes after it all" "$gunbai" league L verify

# A run made by mistake is taken back before its mail is sent, not after.
mkdir U
cp -r L/s1 U/g
rm -rf U/g/runs/* U/g/inbox/* U/g/outbox U/g/undone
orders a1.yaml s1 alice 1 'move e2 e3'; sign a1.yaml alice
cp a1.yaml a1.yaml.sig U/g/inbox/
status_is 0 "a run made by mistake" "$gunbai" run U/g
status_is 0 "undo takes back a run not yet mailed" "$gunbai" undo U/g
if [ ! -d U/g/runs/0001 ] && cmp -s U/g/inbox/a1.yaml a1.yaml &&
    cmp -s U/g/inbox/a1.yaml.sig a1.yaml.sig && [ -d U/g/undone/0001-1 ]; then
	ok "the run moved to undone/0001-1, its file back in the inbox"
else not_ok "after undo: $(ls -R U/g)"; fi
"$gunbai" run U/g >/dev/null
diff -r U/g/runs/0001 U/g/undone/0001-1 >/dev/null &&
    ok "run again: the same run, byte for byte" || not_ok "not the same run"
status_is 0 "the league's tick mails it" "$gunbai" league U tick \
    --now 2026-12-04T10:00Z --from $from --sendmail 'cat >/dev/null'
status_is 1 "undo refuses a run whose mail was sent" "$gunbai" undo U/g
grep -q 'was mailed' "$tmp/err" && [ -d U/g/runs/0001 ] &&
    ok "and says why, changing nothing" || not_ok "undo: $(cat "$tmp/err")"
status_is 0 "verify passes after the undo" "$gunbai" verify U/g

# A filed file whose orders are not a whole answer (its one order
# refused) is owed still: the reminder and the late notice go to its
# player too, saying so, and the game is not run at the deadline as if
# every answer were in.
mkdir I
# shellcheck disable=SC2046,SC2086
"$gunbai" new senjin --id club-s1 --seed $seed $(pl alice example.org) \
    $(pl bob example.net) --option first=alice -d I/g $sched >/dev/null ||
    not_ok "gunbai new I/g"
printf 'gunbai: orders 2\ngame: club-s1\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e9\n' \
    "$(state_uid I/g/start.yaml)" >ai.yaml; sign ai.yaml alice
cp ai.yaml ai.yaml.sig I/g/inbox/
"$gunbai" status I/g | grep -q '^alice: filed point 1, but it is incomplete' ||
    not_ok "alice's file is not incomplete: $("$gunbai" status I/g)"
# says PHRASE FILE...: some message FILE's decoded text holds PHRASE
says() {
	python3 - "$@" <<'PY'
import sys
from email import message_from_binary_file, policy
want = sys.argv[1]
# Words, not lines: the notices are wrapped.
sys.exit(0 if any(" ".join(want.split()) in " ".join(
    message_from_binary_file(open(f, "rb"), policy=policy.default)
    .get_body().get_content().split()) for f in sys.argv[2:]) else 1)
PY
}
itick() { "$gunbai" league I tick --now "$1" --from $from \
    --sendmail 'cat >/dev/null'; }
status_is 0 "tick at 15:00 with an incomplete file filed" itick 2026-12-04T15:00Z
grep -q '^g: reminder to alice, point 1 (filed, incomplete)$' "$tmp/out" &&
    says 'filed but incomplete: 0 of its 1 order are accepted, and they are not yet a whole answer' I/g/outbox/notices/remind-*alice* &&
    ok "a reminder to alice, whose filed file is incomplete, saying so" ||
    not_ok "15:00: $(cat "$tmp/out"; ls I/g/outbox/notices 2>&1)"
"$gunbai" league I status | grep -qx '  alice owes 1, 0 filed in whole: g turn 1 (filed, incomplete)' &&
    ok "league status: alice's file filed, incomplete" ||
    not_ok "league status: $("$gunbai" league I status)"
status_is 0 "tick at 20:30" itick 2026-12-04T20:30Z
[ ! -d I/g/runs/0001 ] &&
    grep -q '^g: late notice to alice, point 1 (filed, incomplete)$' "$tmp/out" &&
    says "again with 'revision: 1'" I/g/outbox/notices/late-*alice* &&
    ok "at the deadline no run, and a late notice to alice saying how to complete it" ||
    not_ok "20:30: $(cat "$tmp/out"; ls I/g/runs I/g/outbox/notices 2>&1)"
# Every paragraph of a notice alike: wrapped to 72 columns, no line
# ending in a space (a hard break mid-sentence showed as '=20').
if python3 - I/g/outbox/notices/*.eml <<'PY'
import sys
from email import message_from_binary_file, policy
for f in sys.argv[1:]:
    m = message_from_binary_file(open(f, "rb"), policy=policy.default)
    if m["Content-Transfer-Encoding"] not in (None, "7bit"):
        sys.exit("%s: %s" % (f, m["Content-Transfer-Encoding"]))
    for line in m.get_body().get_content().split("\n"):
        if len(line) > 72 or line.endswith(" "):
            sys.exit("%s: %r" % (f, line))
PY
then ok "the notices' paragraphs wrapped alike, no trailing space"
else not_ok "a notice's lines"; fi
status_is 0 "tick at 22:30, after the grace" itick 2026-12-04T22:30Z
[ -f I/g/runs/0001/nmr ] && ok "after the grace: run with the default orders" ||
    not_ok "22:30: $(cat "$tmp/out"; ls I/g/runs 2>&1)"
status_is 0 "league status" "$gunbai" league I status
grep -qx '  deadline 2026-12-05T20:00Z; reminders from 2026-12-05T14:00Z; late files until 2026-12-05T22:00Z, then default orders (--nmr)' "$tmp/out" &&
    ok "league status shows the game's next deadline, reminder time and grace" ||
    not_ok "league status: $(cat "$tmp/out")"
status_is 0 "schedule I/g" "$gunbai" schedule I/g
grep -qx 'deadline 2026-12-05T20:00Z; reminders from 2026-12-05T14:00Z; late files until 2026-12-05T22:00Z, then default orders (--nmr)' "$tmp/out" &&
    ok "schedule GAMEDIR shows the same times, not only its settings" ||
    not_ok "schedule: $(cat "$tmp/out")"

# bob's first swords file was refused (signed with carol's key): his
# reminder says a file came and was refused, and why, not that none came.
says 'a file naming you came in but was refused whole, so none of yours is filed for it' \
    L/js/outbox/notices/remind-20261204T2000Z-t1-bob-* &&
    says 'The reason it was refused: the signature does not verify' \
    L/js/outbox/notices/remind-20261204T2000Z-t1-bob-* &&
    ok "bob's reminder: his file came and was refused, and why" ||
    not_ok "bob's reminder: $(python3 "$top/tests/mail_make.py" read L/js/outbox/notices/remind-20261204T2000Z-t1-bob-*)"

echo "1..$n"
[ "$fails" -eq 0 ]
