#!/bin/sh
# Plays the sample Senjin game end to end through a game directory, as an
# organiser and two players would: samples/senjin/play.sh GUNBAI OUTDIR
#
# The players' keys are in samples/senjin/keys (sample keys: never use
# them for a real game).  Each deadline the player signs the orders file
# with the stock openssl command line and mails it; the organiser checks
# it at once (as a mail robot would), puts it in the inbox and runs
# `gunbai run`, then mails out runs/N/reports/.  At the end `gunbai
# verify` replays the whole archive.
set -eu
gunbai=${1:?usage: play.sh GUNBAI OUTDIR}
out=${2:?usage: play.sh GUNBAI OUTDIR}
here=$(dirname "$0")
seed=5e4a11d0c0ffee00000000000000000000000000000000000000000000000001

rm -rf "$out"
mkdir -p "$out/mail"
game=$out/game
echo "== gunbai new: a game of Senjin between alice and bob, in $game"
"$gunbai" new senjin --id demo --seed "$seed" \
    --player alice="$here/keys/alice.pub" --player bob="$here/keys/bob.pub" \
    -d "$game"
state=$game/start.yaml
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
	echo "== the deadline: the mail goes into the inbox, gunbai run"
	cp "$mail" "$mail.sig" "$game/inbox/"
	"$gunbai" run "$game"
	state=$game/runs/000$turn/state.yaml
done
echo
echo "== the public report after turn 6"
cat "$game/runs/0006/reports/public.txt"
echo
echo "== gunbai status"
"$gunbai" status "$state"
echo
echo "== gunbai verify: every run replayed from start.yaml"
"$gunbai" verify "$game"
echo
echo "Outputs are in $out/: the signed mail in mail/, and the game directory"
echo "$game: start.yaml, the first reports, and for each deadline N"
echo "runs/000N/ with the orders used, state.yaml and the reports mailed out."
