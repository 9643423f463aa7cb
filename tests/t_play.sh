#!/bin/sh
# Random long games of every game (tools/bench_play rounds: seeded random
# legal answers, each game to its end or point 1000, with save and load
# between points): no legal answer may leave a state that fails to load
# or to resolve.  A Japanese Swords game once saved pending orders that
# its own check then refused (cases/japanese-swords/
# pending-forced-march-twice.yaml).  PLAY_GAMES games a game: 20 in the
# first build (about 1.5 s of CPU), 2 in the others (the sanitizers' build
# is ten times slower).
. "$(dirname "$0")/lib.sh"
games=${PLAY_GAMES:-20}
once || games=${PLAY_GAMES:-2}
out=$(cd "$top" && "${TOOLS:?}/bench_play" rounds "$games" 1000 2>&1)
rc=$?
for id in $(cd "$top/games" && ls); do
	if printf '%s\n' "$out" | grep -q "^$id all "; then
		ok "$id: $games random games played to their end or point 1000"
	else
		why=$(printf '%s\n' "$out" | grep "$id" | head -3)
		not_ok "$id: random games: ${why:-not played: bench_play stopped before it}"
	fi
done
[ "$rc" = 0 ] && ok "bench_play rounds ended with 0" ||
    not_ok "bench_play rounds ended with $rc: $(printf '%s\n' "$out" | tail -2)"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
