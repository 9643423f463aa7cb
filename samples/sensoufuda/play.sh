#!/bin/sh
# Plays the sample Sensoufuda game, as an organiser and two players would:
# samples/sensoufuda/play.sh GUNBAI OUTDIR
#
# The story: both players choose a sealed strategy (alice's fortify breaks
# bob's assault, so alice starts); the battle goes turn by turn until
# alice makes Three Strategists and presses on; bob counterattacks; alice's
# Spy lifts her combo to Three Strategists plus Spy, a successful press on
# at x2, and she declares victory for 12 VP.  The second battle is dealt
# and its Strategic Phase played.
#
# The players' keys are in samples/sensoufuda/keys (sample keys: never use
# them for a real game).  Every orders file was signed with
#   openssl pkeyutl -sign -rawin -inkey KEY -in FILE -out FILE.sig
# and the signatures are kept beside the files.  Each turn the organiser
# checks the signatures with openssl and gunbai, as a mail robot would,
# and adjudicates.
set -eu
gunbai=${1:?usage: play.sh GUNBAI OUTDIR}
out=${2:?usage: play.sh GUNBAI OUTDIR}
here=$(dirname "$0")
seed=5e4a11d0c0ffee0000000000000000000000000000000000000000000000000a
last=16

rm -rf "$out"
mkdir -p "$out/mail"
echo "== gunbai new: a game of Sensoufuda between alice (Axis of Evil)"
echo "   and bob (Paladins of Hope)"
"$gunbai" new sensoufuda --id demo --seed "$seed" \
    --player alice="$here/keys/alice.pub" --player bob="$here/keys/bob.pub" \
    -o "$out/start.yaml"
state=$out/start.yaml
"$gunbai" status "$state"
turn=1
while [ "$turn" -le "$last" ]; do
	mails=
	for orders in "$here"/orders/turn$turn-*.yaml; do
		player=$(basename "$orders" .yaml | sed 's/^turn[0-9]*-//')
		mail=$out/mail/$(basename "$orders")
		cp "$orders" "$mail"
		cp "$orders.sig" "$mail.sig"
		echo
		echo "== turn $turn: $player mails $(basename "$orders")"
		openssl pkeyutl -verify -rawin -pubin \
		    -inkey "$here/keys/$player.pub" -in "$mail" \
		    -sigfile "$mail.sig"
		mails="$mails $mail"
	done
	echo "== gunbai check (the answer a mail robot sends at once)"
	# shellcheck disable=SC2086 # the mail files have no spaces
	"$gunbai" check "$state" $mails || true
	echo "== gunbai adjudicate"
	# shellcheck disable=SC2086
	"$gunbai" adjudicate "$state" $mails -o "$out/turn$turn"
	state=$out/turn$turn/state.yaml
	turn=$((turn + 1))
done
echo
echo "== bob's report after turn $last"
"$gunbai" view "$state" --player bob
echo
echo "== gunbai status"
"$gunbai" status "$state"
echo
echo "Outputs are in $out/: start.yaml, the signed mail in mail/, and for"
echo "each turn N turnN/state.yaml with the reports in turnN/reports/."
