#!/bin/sh
# Plays the sample Senshiai game, three players for 31 decision points, as
# an organiser would: samples/senshiai/play.sh GUNBAI OUTDIR
#
# The sealed deck lists (alice's own: Plains and Samurai; bob and carol
# the standard deck), then turns of alice, bob and carol, each a Draw
# Stage and a Main Stage: terrains laid toward carol's Capital, troops
# recruited, companies moved.  bob lays a Village at g7 and gives a
# standing order in his Draw Stage, "on cast earthquake cast dispel", for
# the Dispel he holds; when carol casts Earthquake on his Village a round
# later, it fires with no mail round and annuls the Earthquake before it
# comes into play (an interrupt); carol then owes her Main Stage again.
# Then three close combats of alice's Samurai against carol's Capital at
# h2: the first two fall on the companies there, the third on the Capital
# itself (Castle Town takes 9).  The script ends by checking that the
# game shows all of this.
#
# The orders are in orders 2 with the game's uid, and the game draws with
# gunbai-rng-v2: each decision point's stream depends on the signatures
# of the files answering it (the Reserves are shuffled at point 1, from
# the turn 1 files; dice later), so the orders were written point by
# point, each seeing the hands and dice the ones before it made.  The
# comment in bob's turn 1 file was chosen, knowing this sample's public
# seed, so that bob's Dispel and carol's Earthquake come early: the
# grinding that formats/threats.md describes for a player who knows the
# seed (never publish a real game's seed before it ends).
#
# Each orders file was signed by its player with the stock openssl command
#   openssl pkeyutl -sign -rawin -inkey KEY -in FILE -out FILE.sig
# (the keys are in samples/senshiai/keys: sample keys, never use them for
# a real game).  Each turn the organiser checks the signatures of the mail
# at once, as a mail robot would, and adjudicates the files of that turn
# together.
set -eu
gunbai=${1:?usage: play.sh GUNBAI OUTDIR}
out=${2:?usage: play.sh GUNBAI OUTDIR}
here=$(dirname "$0")
seed=5e4a11d0c0ffee000000000000000000000000000000000000000000000055aa
last=31

rm -rf "$out"
mkdir -p "$out/mail"
echo "== gunbai new: a game of Senshiai for alice, bob and carol"
"$gunbai" new senshiai --id senshiai --seed "$seed" --option first=alice \
    --player alice="$here/keys/alice.pub" --player bob="$here/keys/bob.pub" \
    --player carol="$here/keys/carol.pub" -o "$out/start.yaml"
state=$out/start.yaml
"$gunbai" status "$state"
for turn in $(seq 1 "$last"); do
	files=
	for orders in "$here/orders/turn$turn-"*.yaml; do
		player=$(basename "$orders" .yaml | sed 's/^turn[0-9]*-//')
		mail=$out/mail/$(basename "$orders")
		cp "$orders" "$mail"
		cp "$orders.sig" "$mail.sig"
		echo
		echo "== turn $turn: $player mails $(basename "$orders") and its signature"
		openssl pkeyutl -verify -rawin -pubin \
		    -inkey "$here/keys/$player.pub" -in "$mail" \
		    -sigfile "$mail.sig"
		echo "== gunbai check (the answer a mail robot sends at once)"
		"$gunbai" check "$state" "$mail" || true
		files="$files $mail"
	done
	echo "== gunbai adjudicate"
	# shellcheck disable=SC2086 # the file names have no spaces
	"$gunbai" adjudicate "$state" $files -o "$out/turn$turn"
	state=$out/turn$turn/state.yaml
done
echo
echo "== the report of alice after turn $last"
"$gunbai" view "$state" --player alice
echo
echo "== the public report after turn $last"
"$gunbai" view "$state" --public
echo
echo "== gunbai status"
"$gunbai" status "$state"
# What the sample is for, checked in the events of every turn: a battle,
# a Capital taking damage, an interrupt by a standing order.
for want in "alice attacks carol's company at h2 from g2 in close combat." \
    "Castle Town takes 9." \
    "bob casts Dispel (a standing order): carol's Earthquake is annulled"
do
	if ! cat "$out"/turn*/state.yaml | grep -qF "$want"; then
		echo "play.sh: the sample no longer shows: $want" >&2
		exit 1
	fi
done
echo
echo "Outputs are in $out/: start.yaml, the signed mail in mail/, and for"
echo "each turn N turnN/state.yaml with the reports in turnN/reports/."
