#!/bin/sh
# Run every libFuzzer target of a fuzz build for a bounded time:
#   tests/fuzz/run.sh BUILD SECONDS       (make fuzz: build/fuzz, 60)
# fuzz_game runs once per registered game (FUZZ_GAME=ID; the ids come
# from `gunbai games`, so a game added to the registry is fuzzed with no
# change here).  Each session starts from the committed corpus
# (tests/fuzz/corpus/NAME/, read only) and the crash inputs kept
# (tests/fuzz/crashes/NAME/), grows a working corpus in BUILD/corpus/, and
# writes what crashes to BUILD/crashes/.  Fails if any session found a
# crash, a leak or a sanitizer report: copy the input it names into
# tests/fuzz/crashes/NAME/ so that `make test` replays it from then on.
# The summary at the end gives each session's executions per second
# (libFuzzer's average, with the sanitizers of the fuzz build) and, for
# fuzz_game, how deep its executions went (FUZZ_STATS: the deepest
# decision point reached and the mean, fuzz_game.c).
set -u
build=${1:?usage: run.sh BUILD SECONDS}
secs=${2:-60}
top=$(pwd)
fails=0
n=0
rates=
mkdir -p "$build/corpus" "$build/crashes"
# Leaks and every UBSan report are errors; a report stops the session.
# malloc_context_size=0: ASan records no call stack for each allocation
# and free (as afl-fuzz runs its targets by default).  It finds the same
# errors (every check, the quarantine and the leak check are as before);
# only its reports lack the "allocated by" and "freed by" stacks, and
# unwinding the stack at every malloc and free was a twentieth of a
# fuzz_game session (bench/README).  A session that fails is replayed on
# its input at once with the stacks (replay_full below), and `make test`
# replays every input kept in tests/fuzz/crashes/ with them.
ASAN_FULL=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:malloc_context_size=0}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
FUZZ_STATS=1
export ASAN_OPTIONS UBSAN_OPTIONS FUZZ_STATS

replay_full() { # replay_full NAME LABEL: the failed input, with stacks
	input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' \
	    "$build/$2.log" 2>/dev/null | tail -n 1)
	[ -n "$input" ] && [ -f "$input" ] || return 0
	ASAN_OPTIONS=$ASAN_FULL "$build/libfuzzer/$1" "$input" \
	    >"$build/$2.replay.log" 2>&1
	echo "    the input replayed with allocation stacks: $build/$2.replay.log"
}

session() { # session NAME LABEL: one libFuzzer session
	name=$1 label=$2
	work=$build/corpus/$label
	mkdir -p "$work"
	seeds="$top/tests/fuzz/corpus/$name"
	[ -d "$top/tests/fuzz/crashes/$name" ] &&
	    seeds="$seeds $top/tests/fuzz/crashes/$name"
	n=$((n + 1))
	echo "== $label: ${secs}s"
	# shellcheck disable=SC2086
	if "$build/libfuzzer/$name" -max_total_time="$secs" -timeout=20 \
	    -rss_limit_mb=2560 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix="$build/crashes/$label-" \
	    "$work" $seeds >"$build/$label.log" 2>&1; then
		grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb)' \
		    "$build/$label.log" | sed 's/^/   /'
		grep -E '^(#[0-9]+[[:space:]]*DONE|fuzz_game: )' "$build/$label.log" |
		    sed 's/^/   /'
		rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' \
		    "$build/$label.log")
		depth=$(sed -n 's/^fuzz_game: .*\(deepest [^,]*, mean [0-9.]*\).*/, \1/p' \
		    "$build/$label.log")
		rates="$rates$(printf '  %-28s %8s executions/s%s' "$label" \
		    "${rate:-?}" "$depth")
"
		echo "ok $n - $label"
	else
		fails=$((fails + 1))
		rates="$rates$(printf '  %-28s %8s (failed: see above)' "$label" \
		    -)
"
		echo "not ok $n - $label: see $build/$label.log"
		grep -E 'ERROR|SUMMARY|fuzz: |Test unit written' \
		    "$build/$label.log" | head -20 | sed 's/^/    /'
		replay_full "$name" "$label"
	fi
}

for t in "$build"/libfuzzer/fuzz_*; do
	name=$(basename "$t")
	if [ "$name" = fuzz_game ]; then
		for g in $("$build/gunbai" games | \
		    sed -n 's/^\([A-Za-z0-9_-]*\): .*/\1/p'); do
			FUZZ_GAME=$g session "$name" "$name-$g"
		done
	else
		session "$name" "$name"
	fi
done
echo "== executions per second, ${secs}s each, with the sanitizers"
printf '%s' "$rates"
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
