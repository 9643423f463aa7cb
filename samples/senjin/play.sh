#!/bin/sh
# Plays the sample Senjin game end to end, as an organiser and two players
# would: samples/senjin/play.sh GUNBAI OUTDIR
#
# The players' keys are in samples/senjin/keys (sample keys: never use
# them for a real game).  Each turn the player signs the orders file with
# the stock openssl command line, the organiser checks it at once (as a
# mail robot would) and adjudicates it.
set -eu
gunbai=${1:?usage: play.sh GUNBAI OUTDIR}
out=${2:?usage: play.sh GUNBAI OUTDIR}
here=$(dirname "$0")
seed=5e4a11d0c0ffee00000000000000000000000000000000000000000000000001

rm -rf "$out"
mkdir -p "$out/mail"
echo "== gunbai new: a game of Senjin between alice and bob"
"$gunbai" new senjin --id demo --seed "$seed" \
    --player alice="$here/keys/alice.pub" --player bob="$here/keys/bob.pub" \
    -o "$out/start.yaml"
state=$out/start.yaml
"$gunbai" status "$state"
for turn in 1 2 3 4 5 6; do
	orders=$(ls "$here"/orders/turn$turn-*.yaml)
	player=$(basename "$orders" .yaml | sed 's/^turn[0-9]*-//')
	mail=$out/mail/$(basename "$orders")
	cp "$orders" "$mail"
	echo
	echo "== turn $turn: $player signs and mails $(basename "$orders")"
	openssl pkeyutl -sign -rawin -inkey "$here/keys/$player.key" \
	    -in "$mail" -out "$mail.sig"
	openssl pkeyutl -verify -rawin -pubin -inkey "$here/keys/$player.pub" \
	    -in "$mail" -sigfile "$mail.sig"
	echo "== gunbai check (the answer a mail robot sends at once)"
	"$gunbai" check "$state" "$mail" || true
	echo "== gunbai adjudicate"
	"$gunbai" adjudicate "$state" "$mail" -o "$out/turn$turn"
	state=$out/turn$turn/state.yaml
done
echo
echo "== the public report after turn 6"
"$gunbai" view "$state" --public
echo
echo "== gunbai status"
"$gunbai" status "$state"
echo
echo "Outputs are in $out/: start.yaml, the signed mail in mail/, and for"
echo "each turn N turnN/state.yaml with the reports in turnN/reports/."
