#!/bin/sh
# Same bytes out whatever the compiler and its flags (issue 16):
#     tests/flags.sh BUILD_DIR...     (make flags builds them and runs this)
# Each BUILD_DIR holds a gunbai and its tools built another way (gcc and
# clang at -O0 and -O3, Debian's dpkg-buildflags; make test adds its
# sanitizer build, whose suites then skip what judges the same bytes).  With each, found rather
# than listed: `gunbai games`; every sample (samples/*/play.sh) played to
# its end; for every registered game, a long game of random legal orders
# (tools/bench_play long) whose two staged states are then adjudicated with
# their signed answers; and every case file (tests/test_cases).  All the
# outputs and logs must be byte-identical to those of the first BUILD_DIR.
[ $# -ge 2 ] || { echo "usage: tests/flags.sh BUILD_DIR BUILD_DIR..." >&2; exit 2; }
GUNBAI=$1/gunbai
. tests/lib.sh

# outputs BUILD OUT: everything the build makes, into OUT (one directory,
# the same relative paths and the same argv[0] for every build).
outputs() {
	b=$1 out=$2
	mkdir -p "$out/bin" "$out/o/samples" "$out/o/long"
	cp "$b/gunbai" "$out/bin/gunbai"
	cd "$out/o" || return 1
	g=../bin/gunbai
	$g games >games.txt 2>&1
	echo "exit $?" >>games.txt
	for play in "$top"/samples/*/play.sh; do
		s=$(basename "$(dirname "$play")")
		sh "$play" "$g" "samples/$s" >"samples/$s.log" 2>&1
		echo "exit $?" >>"samples/$s.log"
	done
	# bench_play reads tests/keys from the current directory.
	(cd "$top" && "$b/tools/bench_play" long "$out/o/long" 4 40) \
	    >long.txt 2>&1
	echo "exit $?" >>long.txt
	for st in long/*/state.yaml; do
		[ -f "$st" ] || continue
		d=$(dirname "$st")
		$g adjudicate "$st" "$d"/p*.yaml -o "$d/out" >"$d/adjudicate.log" 2>&1
		echo "exit $?" >>"$d/adjudicate.log"
	done
	(cd "$top" && "$b/tests/test_cases") >cases.txt 2>&1
	echo "exit $?" >>cases.txt
	cd "$top" || return 1
}

for b in "$@"; do
	v=$(basename "$b")
	if [ -x "$b/gunbai" ] && [ -x "$b/tools/bench_play" ] &&
	    [ -x "$b/tests/test_cases" ]; then
		outputs "$b" "$tmp/$v" &
	else
		not_ok "$b has no gunbai, tools/bench_play or tests/test_cases"
	fi
done
wait
first=$tmp/$(basename "$1")
[ -d "$first/o" ] || { echo "1 passed, $((fails + 1)) failed"; exit 1; }

# What the first build gives must be whole, or agreeing proves little.
nsamples=$(ls "$top"/samples/*/play.sh | wc -l)
ngames=$(grep -c . "$first/o/games.txt")
if grep -qx "exit 0" "$first/o/games.txt" && [ "$ngames" -gt 1 ]; then
	ok "gunbai games lists $((ngames - 1)) lines"
else
	not_ok "gunbai games failed:"; sed 's/^/    /' "$first/o/games.txt"
fi
for log in "$first"/o/samples/*.log; do
	s=$(basename "$log" .log)
	if tail -1 "$log" | grep -qx "exit 0"; then ok "the $s sample plays"
	else not_ok "the $s sample fails:"; tail -5 "$log" | sed 's/^/    /'; fi
done
[ "$(ls "$first"/o/samples/*.log | wc -l)" -eq "$nsamples" ] ||
    not_ok "not every sample ran"
if tail -1 "$first/o/long.txt" | grep -qx "exit 0" &&
    ! grep -q " error " "$first/o/long.txt"; then
	ok "long random games of $(ls "$first/o/long" | sed 's/-[a-z]*$//' |
	    sort -u | tr '\n' ' ')staged"
else
	not_ok "bench_play long failed:"; sed 's/^/    /' "$first/o/long.txt"
fi
nad=0
for log in "$first"/o/long/*/adjudicate.log; do
	[ -f "$log" ] || continue
	# The answers of every owed player are there: the turn applies.
	if tail -1 "$log" | grep -qx "exit 0"; then nad=$((nad + 1))
	else not_ok "$log:"; sed 's/^/    /' "$log" | head -10; fi
done
ok "$nad staged states adjudicated"
if tail -1 "$first/o/cases.txt" | grep -qx "exit 0"; then
	ok "every case file passes ($(grep -c '^\[       OK \]' "$first/o/cases.txt"))"
else
	not_ok "case files fail:"; grep -A3 FAIL "$first/o/cases.txt" | head -20
fi

for b in "$@"; do
	v=$(basename "$b")
	[ "$tmp/$v" = "$first" ] && continue
	[ -d "$tmp/$v/o" ] || continue
	if diff -r "$first/o" "$tmp/$v/o" >"$tmp/diff" 2>&1; then
		ok "$v gives the same bytes as $(basename "$first")"
	else
		not_ok "$v differs from $(basename "$first"):"
		head -30 "$tmp/diff" | sed 's/^/    /'
	fi
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
