#!/bin/sh
# Plays the sample Shinobi Wars game, as an organiser and two players would:
# samples/shinobi-wars/play.sh GUNBAI OUTDIR
#
# The story, nine turns: alice (Leaf) wins the draw for the first turn;
# her tobi goes on a supply run and strikes an empty front; bob's goro
# wins a brawl on the north front and damages the Leaf village; bob's
# yuki scouts alice's new north card and fails (it is a pit), and goro,
# attacking there, dies in a clean kill; alice's haruto, face down,
# scouts the yuki; bob's yuki strikes back; alice's haruto loses a brawl
# against bob's daichi on the west front while tobi hits the north.
#
# The players' keys are in samples/shinobi-wars/keys (sample keys: never use
# them for a real game).  Every orders file was signed with
#   openssl pkeyutl -sign -rawin -inkey KEY -in FILE -out FILE.sig
# and the signatures are kept beside the files.  Each turn the organiser
# checks the signatures with openssl and gunbai, as a mail robot would,
# and adjudicates.
set -eu
gunbai=${1:?usage: play.sh GUNBAI OUTDIR}
out=${2:?usage: play.sh GUNBAI OUTDIR}
here=$(dirname "$0")
seed=5e4a11d0c0ffee000000000000000000000000000000000000000000000000c1
last=9

rm -rf "$out"
mkdir -p "$out/mail"
echo "== gunbai new: a game of Shinobi Wars between alice (Leaf)"
echo "   and bob (Mist), both with the standard deck"
"$gunbai" new shinobi-wars --id demo --seed "$seed" \
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
