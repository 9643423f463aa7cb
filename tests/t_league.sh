#!/bin/sh
# gunbai league (gunbai(1), formats/archive.md): a league of game
# directories of every kind, played through five deadlines with a missed
# deadline and a tampered file, run with -j 1, with -j 2 and sharded with
# GNU parallel over `gunbai run`: the three leagues end byte for byte the
# same; an unreadable game never stops the others; standings, tallied by
# hand below from each game's result, match; JSON output is valid under
# formats/commands.schema.json; and `league verify` replays every game.
. tests/lib.sh
py=/usr/bin/python3
[ -x "$py" ] || py=python3
play=${TOOLS:?}/bench_play
case $play in /*) ;; *) play=$top/$play ;; esac

# game NAME KIND PLAYERS OPTIONS...: a game directory in league/ and, in
# pool/NAME/, the signed orders of every decision point of a random legal
# game to its end (bench_play end, seeded by the game's number).
seed=0
game() {
	name=$1 kind=$2 np=$3
	shift 3
	seed=$((seed + 1))
	# bench_play signs as alice, bob, carol in the state's order.
	[ "$np" -ge 3 ] && set -- --player carol="$keys/carol.pub" "$@"
	set -- --player alice="$keys/alice.pub" --player bob="$keys/bob.pub" "$@"
	"$gunbai" new "$kind" --id "$name" --seed "$(printf '%064d' $seed)" \
	    "$@" -d "league/$name" >/dev/null || { not_ok "new $name"; return; }
	mkdir -p "pool/$name"
	# bench_play reads tests/keys from the top of the tree.
	end=$(cd "$top" && "$play" end "$tmp/league/$name/start.yaml" \
	    "$tmp/pool/$name" $seed) ||
	    not_ok "bench_play end $name"
	echo "$name $end" >>ends
}

cd "$tmp" || exit 1
mkdir league pool
: >ends
for k in 1 2 3; do
	game "s$k-senjin" senjin 2 --option first=alice --option turn-limit=$((6 + 2 * k))
	game "f$k-sensoufuda" sensoufuda 2 --option battles=1 --option target=5
	game "j$k-swords" japanese-swords $((k == 2 ? 2 : 3))
	game "a$k-senshiai" senshiai $((k == 3 ? 2 : 3)) --option first=alice \
	    --option turn-limit=$((4 + k))
done
for k in 1 2; do game "n$k-shinobi" shinobi-wars 2; done
ngames=$(wc -l <ends)
[ "$ngames" -eq 14 ] && ok "a league of $ngames games of every kind" ||
    not_ok "a league of $ngames games"

# deliver LEAGUE D: the mail of deadline D (1 to 5) into the inboxes: the
# files of the points up to D/5 of each game's end not delivered before
# (LEAGUE.sent/GAME holds the last point delivered).  At deadline 2 a
# tampered file comes for s1; at deadline 3 the players of f2 and j2 miss
# the deadline (their mail comes after it, and the run is made with
# --nmr).
deliver() {
	mkdir -p "$1.sent"
	while read -r name end; do
		[ "$2" -eq 3 ] && { [ "$name" = f2-sensoufuda ] ||
		    [ "$name" = j2-swords ]; } && continue
		upto=$(((end * $2 + 4) / 5))
		i=0
		[ -f "$1.sent/$name" ] && read -r i <"$1.sent/$name"
		files=
		while [ "$i" -lt "$upto" ]; do
			i=$((i + 1))
			for f in pool/"$name"/p$i-*.yaml; do
				[ -f "$f" ] && files="$files $f $f.sig"
			done
		done
		# shellcheck disable=SC2086 # file names made by the test
		[ -z "$files" ] || cp $files "$1/$name/inbox/" 2>/dev/null
		echo "$upto" >"$1.sent/$name"
	done <ends
	if [ "$2" -eq 2 ]; then
		sed 's/^turn: .*/&\n# a line added after signing/' \
		    pool/s1-senjin/p2-bob.yaml >"$1/s1-senjin/inbox/late-bob.yaml"
		cp pool/s1-senjin/p2-bob.yaml.sig "$1/s1-senjin/inbox/late-bob.yaml.sig"
	fi
}

cp -r league league-j2
cp -r league league-par
# One broken game in the -j 1 and -j 2 leagues: it must not stop the others.
for l in league league-j2; do
	mkdir "$l/zz-broken"
	printf 'gunbai: state 1\n' >"$l/zz-broken/start.yaml"
done
d=1
while [ "$d" -le 5 ]; do
	for l in league league-j2 league-par; do deliver "$l" $d; done
	nmr=
	[ "$d" -eq 3 ] || [ "$d" -eq 5 ] && nmr=--nmr
	# shellcheck disable=SC2086
	"$gunbai" league league run $nmr >"run1-$d.out" 2>&1
	st1=$?
	# shellcheck disable=SC2086
	"$gunbai" league league-j2 run -j 2 $nmr >"run2-$d.out" 2>&1
	st2=$?
	# Sharding: GNU parallel runs the same `gunbai run` per game.
	# shellcheck disable=SC2086
	ls -d league-par/*/ | parallel --will-cite -j 2 "$gunbai" run $nmr {} \
	    >"par-$d.out" 2>&1
	if [ "$st1" -eq 1 ] && [ "$st2" -eq 1 ] &&
	    grep -q "zz-broken: unreadable" "run1-$d.out" &&
	    grep -q ", 1 failed$" "run2-$d.out"; then
		ok "deadline $d: the broken game fails, the others run ($(tail -1 "run2-$d.out" | sed 's/.*games: //'))"
	else
		not_ok "deadline $d: league run exits $st1 and $st2:"
		tail -5 "run1-$d.out" | sed 's/^/    /'
	fi
	d=$((d + 1))
done
rm -r league/zz-broken league-j2/zz-broken
if diff -r league league-j2 >diff.out && diff -r league league-par >>diff.out
then ok "-j 1, -j 2 and GNU parallel leave the same bytes in every game"
else not_ok "the leagues differ:"; head -20 diff.out | sed 's/^/    /'; fi

# The tampered file was refused with its reason; the missed deadline was
# filled with defaults.
if find league/s1-senjin/runs -path '*/refused/late-bob.yaml.reason' |
    grep -q . && grep -q "late-bob.yaml" run1-2.out; then
	ok "the tampered file is refused, named in the run's output"
else not_ok "the tampered file of s1-senjin"; fi
if grep -q "^f2-sensoufuda: run" run1-3.out &&
    find league/f2-sensoufuda/runs -name nmr | grep -q .; then
	ok "a missed deadline is played with the defaults (--nmr)"
else not_ok "the missed deadline of f2-sensoufuda"; fi

# Each game's result, as status says it; the standings are tallied by hand
# from these lines.
"$gunbai" league league status >status.out
sed -n 's/^\([a-z0-9-]*\): [a-z-]*, turn [0-9]*, run [0-9]*: over, \(won by [a-z]*\|a draw\):.*/\1 \2/p' \
    status.out >results
cat >results.want <<'EOF'
a1-senshiai a draw
a2-senshiai a draw
a3-senshiai a draw
f1-sensoufuda won by bob
f2-sensoufuda won by alice
f3-sensoufuda won by bob
j1-swords won by bob
j2-swords won by alice
j3-swords won by bob
n1-shinobi won by alice
n2-shinobi won by bob
s1-senjin a draw
s2-senjin a draw
s3-senjin a draw
EOF
if cmp -s results results.want; then
	ok "every game's result as expected"
else
	not_ok "results differ:"; diff results.want results | sed 's/^/    /'
fi
"$gunbai" league league standings >standings.out
# By hand: every game is over.  alice: 14 (a1-a3, f1-f3, j1-j3, n1, n2,
# s1-s3), won f2 j2 n1, drew a1-a3 s1-s3, lost f1 f3 j1 j3 n2.  bob: the
# same 14, won f1 f3 j1 j3 n2, drew 6, lost f2 j2 n1.  carol plays only
# the 3-player games a1, a2, j1, j3: drew a1 a2, lost j1 j3.
# (The games' dice depend on the signatures, which cover the uid: the
# results changed when the uid came to be derived from the setup, and
# with the Japanese Swords rules of issue 30.)
cat >standings.want <<'EOF'
all games:
  player                           played  won drawn lost playing
  alice                                14    3     6    5       0
  bob                                  14    5     6    3       0
  carol                                 4    0     2    2       0
EOF
if sed -n '/^all games:/,/^[a-z-]*:$/p' standings.out | sed '$d' |
    cmp -s - standings.want; then
	ok "standings over all games, tallied by hand from the results"
else
	not_ok "standings:"; cat standings.out | sed 's/^/    /'
fi

# JSON: status and standings, valid under the schema.
"$gunbai" league league status --json >ls.json &&
    "$gunbai" league league standings --json >lt.json
if "$py" "$top/tests/json_schema.py" "$top/formats/commands.schema.json" \
    ls.json lt.json >json.out 2>&1; then
	ok "league status --json and standings --json valid under the schema"
else not_ok "league JSON:"; sed 's/^/    /' json.out; fi

# verify replays every game.
if "$gunbai" league league verify -j 2 >verify.out 2>&1 &&
    tail -1 verify.out | grep -q "$ngames games verified, 0 FAILED"; then
	ok "league verify: every game replayed and verified"
else not_ok "league verify:"; tail -5 verify.out | sed 's/^/    /'; fi
# and catches an edited report in one of them.
echo tampered >>league/j1-swords/runs/0001/reports/alice.txt
if "$gunbai" league league verify >verify2.out 2>&1; then
	not_ok "league verify passes a tampered report"
elif grep -q "j1-swords/runs/0001/reports/alice.txt" verify2.out &&
    tail -1 verify2.out | grep -q "1 FAILED"; then
	ok "league verify names the tampered report of one game"
else not_ok "league verify output:"; tail -5 verify2.out | sed 's/^/    /'; fi

# Usage errors.
for args in "league" "league nothing" "league run -j 0" "league status --nmr"; do
	# shellcheck disable=SC2086
	"$gunbai" league $args >/dev/null 2>&1
	st=$?
	[ "$st" -eq 2 ] && ok "league $args: usage (2)" ||
	    not_ok "league $args exits $st"
done

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
