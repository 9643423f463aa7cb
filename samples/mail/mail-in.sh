#!/bin/sh
# The inbound half of a mail robot: one message (or an mbox) on standard
# input, as an MTA pipe or procmail gives it, is filed in the game's inbox
# by `gunbai mail-in` and answered at once.
#
#   mail-in.sh GAMEDIR FROM
#
# FROM is the organiser's address, the one players mail their orders to,
# and the replies' From:.  GUNBAI names gunbai (default: gunbai in PATH);
# SENDMAIL the MTA's sendmail (default /usr/sbin/sendmail), given each
# reply with -t; ORGANISER_KEY the organiser's private key of a game made
# with new --organiser, to sign each receipt (mail-in --key).  A reply sent is removed from GAMEDIR/outbox/mail-in/; one
# that could not be sent stays there and is sent by the next message.
# Exits with gunbai mail-in's status (gunbai(1)).
set -u
usage="usage: mail-in.sh GAMEDIR FROM"
game=${1:?$usage} from=${2:?$usage}
gunbai=${GUNBAI:-gunbai}
sendmail=${SENDMAIL:-/usr/sbin/sendmail}

"$gunbai" mail-in "$game" --from "$from" \
    ${ORGANISER_KEY:+--key "$ORGANISER_KEY"}
status=$?
for m in "$game/outbox/mail-in"/*.eml; do
	[ -f "$m" ] || continue
	$sendmail -t <"$m" && rm -f "$m"
done
exit $status
