#!/bin/sh
# Every sample game (samples/<game>/play.sh) plays to its end: keys,
# signatures made with the openssl command line, check, adjudicate.  The
# documented command for each is `sh samples/<game>/play.sh GUNBAI OUT`.
. tests/lib.sh
for play in samples/*/play.sh; do
	game=$(basename "$(dirname "$play")")
	n=$((n + 1))
	if sh "$play" "$gunbai" "$tmp/$game" >"$tmp/$game.log" 2>&1; then
		last=$(ls -d "$tmp/$game"/turn*/state.yaml \
		    "$tmp/$game"/game/runs/*/state.yaml 2>/dev/null |
		    sort -V | tail -1)
		if "$gunbai" status "$last" | grep -q "^game: $game "; then
			echo "ok $n - the $game sample plays ($(basename \
			    "$(dirname "$last")"))"
		else
			fails=$((fails + 1))
			echo "not ok $n - the $game sample's last state: $last"
		fi
	else
		fails=$((fails + 1))
		echo "not ok $n - the $game sample failed:"
		tail -20 "$tmp/$game.log" | sed 's/^/    /'
	fi
	# Nothing refused except where the sample means it.
	n=$((n + 1))
	if grep -q ": refused file: " "$tmp/$game.log"; then
		fails=$((fails + 1))
		echo "not ok $n - the $game sample has a refused file:"
		grep ": refused file: " "$tmp/$game.log" | sed 's/^/    /'
	else
		echo "ok $n - no orders file of the $game sample is refused"
	fi
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
