#!/bin/sh
# Line and branch coverage of adjudicator/ and games/ after the tests ran
# on a --coverage build: tests/coverage.sh BUILD (make coverage).  One
# line per directory (each layer's and each game's), then the totals.  gcov -b -n
# reads the .gcno/.gcda files beside the objects and writes nothing.
set -u
build=${1:?usage: coverage.sh BUILD}
dirs="$(ls -d adjudicator/*/ games/*/ 2>/dev/null | sed 's:/$::')"
printf '%-26s %18s %18s %18s\n' "" "lines" "branches" "branches taken"
for d in $dirs; do
	ls "$build/$d"/*.gcda >/dev/null 2>&1 || {
		printf '%-26s (no coverage data: not built or not run)\n' "$d/"
		continue
	}
	for c in "$d"/*.c; do
		gcov -b -n -o "$build/$d" "$c" 2>/dev/null
	done | awk -v dir="$d" '
	    /^File / { keep = index($0, "\x27" dir "/") > 0 }
	    keep && /^Lines executed:/ { split($0, a, /[:% ]+/)
	        l += a[3] * a[5] / 100; L += a[5] }
	    keep && /^Branches executed:/ { split($0, a, /[:% ]+/)
	        b += a[3] * a[5] / 100; B += a[5] }
	    keep && /^Taken at least once:/ { split($0, a, /[:% ]+/)
	        t += a[5] * a[7] / 100 }
	    END { printf "%-26s %6.1f%% of %6d %6.1f%% of %6d %6.1f%% of %6d\n",
	        dir "/", L ? 100 * l / L : 0, L, B ? 100 * b / B : 0, B,
	        B ? 100 * t / B : 0, B
	        printf "T %s %.0f %d %.0f %.0f %d\n", dir, l, L, b, t, B > "/dev/stderr" }'
done 2>"$build/coverage.totals"
# main.c on its own: the command line, run only by the shell tests.
if [ -f "$build/adjudicator/main.gcda" ]; then
	gcov -b -n -o "$build/adjudicator" adjudicator/main.c 2>/dev/null |
	    awk '/^Lines executed:/ && !l { split($0, a, /[:% ]+/); l = a[3]; L = a[5] }
	    /^Branches executed:/ && !b { split($0, a, /[:% ]+/); b = a[3]; B = a[5] }
	    /^Taken at least once:/ && !t { split($0, a, /[:% ]+/); t = a[5] }
	    END { printf "%-26s %6.1f%% of %6d %6.1f%% of %6d %6.1f%% of %6d\n",
	        "adjudicator/main.c", l, L, b, B, t, B }'
fi
awk '$1 == "T" { l += $3; L += $4; b += $5; t += $6; B += $7
    if ($2 !~ /^adjudicator/) { gl += $3; gL += $4; gb += $5; gt += $6; gB += $7 } }
    END {
    printf "%-26s %6.1f%% of %6d %6.1f%% of %6d %6.1f%% of %6d\n", "games/ (all)",
        gL ? 100 * gl / gL : 0, gL, gB ? 100 * gb / gB : 0, gB, gB ? 100 * gt / gB : 0, gB
    printf "%-26s %6.1f%% of %6d %6.1f%% of %6d %6.1f%% of %6d\n", "total (less main.c)",
        L ? 100 * l / L : 0, L, B ? 100 * b / B : 0, B, B ? 100 * t / B : 0, B }' \
    "$build/coverage.totals"
