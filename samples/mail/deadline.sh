#!/bin/sh
# A game's deadline for a mail robot (cron): run the game, then mail every
# player their report and the public report to a list.
#
#   deadline.sh [--nmr] GAMEDIR FROM LIST
#
# FROM is the organiser's address, the one players mail their orders to;
# LIST gets the public report.  GUNBAI names gunbai (default: gunbai in
# PATH); SENDMAIL the MTA's sendmail (default /usr/sbin/sendmail), given
# each message with -t; ORGANISER_KEY the organiser's private key of a
# game made with new --organiser, to sign its reports (run --key).  Exits with gunbai run's status when nothing was
# run (3: waiting for orders), and mails nothing then.
set -eu
usage="usage: deadline.sh [--nmr] GAMEDIR FROM LIST"
nmr=
if [ "${1:-}" = --nmr ]; then nmr=--nmr; shift; fi
game=${1:?$usage} from=${2:?$usage} list=${3:?$usage}
gunbai=${GUNBAI:-gunbai}
sendmail=${SENDMAIL:-/usr/sbin/sendmail}

"$gunbai" run $nmr ${ORGANISER_KEY:+--key "$ORGANISER_KEY"} "$game"
run=$(ls "$game/runs" | tail -n 1)
# Status 1: a player has no address (named); the others are written.
"$gunbai" mail-out "$game/runs/$run" --from "$from" --list "$list" ||
    [ $? -eq 1 ]
for m in "$game/outbox/$run"/*.eml; do
	$sendmail -t <"$m"
done
