#!/bin/sh
# make bench: three measurements, each the median of repeated runs made
# in this one run (bench/README says what each means).
#   bench/bench.sh BUILD     (make bench: build/bench, gcc -O2)
# BENCH_RUNS (51) timed runs per figure; BENCH_SECONDS (1) per playout
# sample and BENCH_REPS (5) samples; BENCH_LATE (500) the point the long
# game is taken at.
set -u
build=${1:?usage: bench/bench.sh BUILD}
runs=${BENCH_RUNS:-51}
secs=${BENCH_SECONDS:-1}
reps=${BENCH_REPS:-5}
late=${BENCH_LATE:-500}
top=$(pwd)
gunbai=$top/$build/gunbai
tools=$top/$build/tools
work=$top/$build/bench-work
rm -rf "$work"
mkdir -p "$work"

ms() { awk -v u="$1" 'BEGIN { printf "%.2f ms", u / 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# BENCH_SECTIONS (all): the sections to run, as in BENCH_SECTIONS=1,2,3.
want() {
	case ",${BENCH_SECTIONS:-1,2,3,4,5,6,7,8}," in *,"$1",*) return 0 ;; esac
	return 1
}
# peak [-r DIR] CMD ARGS...: the largest peak resident memory (KB) of
# BENCH_PEAK_RUNS (5) runs of a command (bench_peak: ru_maxrss of the
# child), DIR removed before each run.
peak() {
	rmdir=/nonexistent
	[ "$1" = -r ] && { rmdir=$2; shift 2; }
	i=0
	while [ "$i" -lt "${BENCH_PEAK_RUNS:-5}" ]; do
		rm -rf "$rmdir"
		"$tools/bench_peak" "$@" | cut -d' ' -f2
		i=$((i + 1))
	done | sort -n | tail -1
}
mb() { awk -v k="$1" 'BEGIN { printf "%.1f MB", k / 1024 }'; }

echo "== machine"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores online"
echo "kernel: $(uname -sr); compiler: $(gcc --version | head -1); $(openssl version)"
echo "gunbai: $build (gcc -O2 -g); $runs timed runs per figure, medians"
echo

# The fixtures: a long game of every registered game, its states early
# and late, and the signed answers of the next two points.
# (Only for the sections that use them.)
if want 1 || want 3 || want 6; then
	(cd "$top" && "$tools/bench_play" long "$work" 5 "$late") >"$work/long.txt" ||
	    { echo "bench_play long failed"; exit 1; }
	fix=$work/senjin-early
	[ -d "$fix" ] || fix=$(ls -d "$work"/*-early | head -1)
fi

if want 1; then
	echo "== 1. one signed turn of two files, whole process, against the floor"
	cd "$fix" || exit 1
	p1=$(ls p1-*.yaml) p2=$(ls p2-*.yaml)
	key() { n=${1#p?-}; echo "$top/tests/keys/${n%.yaml}.pub"; }
	# The four figures side by side (bench_time interleaves their runs:
	# the machine's speed drifts from minute to minute, and each ratio
	# below is of two figures measured in the same rounds).  gunbai
	# flushes every output to the disk (syncfs, then the parent's fsync:
	# crash safety) and the floor writes nothing: the same run with the
	# outputs on a tmpfs (no disk to wait for) gives what the program
	# itself costs.
	shm=/dev/shm/gunbai-bench-$$
	[ -d /dev/shm ] || shm=
	set -- "$gunbai" adjudicate state.yaml "$p1" "$p2" -o "$work/out" \
	    ';' "$tools/bench_floor" state.yaml "$p1" "$p2" \
	    ';' openssl pkeyutl -verify -rawin -pubin -inkey "$(key "$p1")" \
	    -in "$p1" -sigfile "$p1.sig" :: openssl pkeyutl -verify -rawin \
	    -pubin -inkey "$(key "$p2")" -in "$p2" -sigfile "$p2.sig"
	[ -n "$shm" ] && set -- "$@" ';' "$gunbai" adjudicate state.yaml \
	    "$p1" "$p2" -o "$shm"
	"$tools/bench_time" -n "$runs" -r "$work/out" ${shm:+-r "$shm"} \
	    "$@" >"$work/turn.txt" || exit 1
	g=$(sed -n 1p "$work/turn.txt" | cut -d' ' -f1)
	f=$(sed -n 2p "$work/turn.txt" | cut -d' ' -f1)
	o=$(sed -n 3p "$work/turn.txt" | cut -d' ' -f1)
	gs=$(sed -n 4p "$work/turn.txt" | cut -d' ' -f1)
	echo "$(basename "$fix"): state.yaml ($(wc -c <state.yaml) bytes), $p1, $p2"
	printf '  gunbai adjudicate (2 points, 2 signatures)   %s\n' "$(ms "$g")"
	printf '  floor: read, libyaml, libcrypto verify       %s   gunbai/floor   %s\n' \
	    "$(ms "$f")" "$(ratio "$g" "$f")"
	printf '  2 x openssl pkeyutl -verify                  %s   gunbai/openssl %s\n' \
	    "$(ms "$o")" "$(ratio "$g" "$o")"
	if [ -n "$gs" ]; then
		printf '  the same, outputs on a tmpfs (/dev/shm)      %s   gunbai/floor   %s   gunbai/openssl %s\n' \
		    "$(ms "$gs")" "$(ratio "$gs" "$f")" "$(ratio "$gs" "$o")"
	fi
	pg=$(peak -r "$work/out" "$gunbai" adjudicate state.yaml "$p1" "$p2" \
	    -o "$work/out")
	pf=$(peak "$tools/bench_floor" state.yaml "$p1" "$p2")
	printf '  peak memory: gunbai %s, floor %s           gunbai/floor   %s\n' \
	    "$(mb "$pg")" "$(mb "$pf")" "$(ratio "$pg" "$pf")"
	cd "$top" || exit 1
	echo
fi

if want 2; then
	echo "== 2. random legal playouts in process, per game (median of $reps x ${secs}s)"
	printf '  %-18s %12s %14s %14s\n' game games/s orders/s points/game
	"$tools/bench_play" playouts "$secs" "$reps" | while read -r id a b c; do
		if [ "$a" = error ]; then
			printf '  %-18s not measured: %s %s\n' "$id" "$b" "$c"
		else
			printf '  %-18s %12s %14s %14s\n' "$id" "$a" "$b" "$c"
		fi
	done
	echo
fi

if want 3; then
	echo "== 3. one adjudicated point early and late in a long game, whole process"
	printf '  %-18s %16s %16s %8s\n' game "early" "late" late/early
	for e in "$work"/*-early; do
		id=$(basename "$e" -early)
		l=$work/$id-late
		ep=$(awk -v g="$id" '$1 == g && $2 == "early" { print $3 }' "$work/long.txt")
		lp=$(awk -v g="$id" '$1 == g && $2 == "late" { print $3 }' "$work/long.txt")
		if [ ! -d "$l" ]; then
			printf '  %-18s no late stage: %s\n' "$id" \
			    "$(grep "^$id " "$work/long.txt" | tail -1)"
			continue
		fi
		# Outputs on a tmpfs when there is one: the disk's flushes
		# (section 1) would hide what the state's size costs.
		o3=$work/out
		[ -d /dev/shm ] && o3=/dev/shm/gunbai-bench-$$
		# Early and late side by side (interleaved, as in section 1).
		t=$("$tools/bench_time" -n "$runs" -r "$o3" "$gunbai" \
		    adjudicate "$e/state.yaml" "$e"/p1-*.yaml -o "$o3" ';' \
		    "$gunbai" adjudicate "$l/state.yaml" "$l"/p1-*.yaml \
		    -o "$o3") || exit 1
		te=$(echo "$t" | sed -n 1p | cut -d' ' -f1)
		tl=$(echo "$t" | sed -n 2p | cut -d' ' -f1)
		rm -rf "$o3"
		printf '  %-18s %16s %16s %8s\n' "$id" "$(ms "$te") @$ep" \
		    "$(ms "$tl") @$lp" "$(ratio "$tl" "$te")"
		printf '  %-18s %16s %16s\n' "  state bytes" "$(wc -c <"$e/state.yaml")" \
		    "$(wc -c <"$l/state.yaml")"
	done
	grep ' error ' "$work/long.txt" | sed 's/^/  not measured: /'
	echo
fi

if want 4; then
	echo "== 4. archive verification: gunbai verify of a whole game against the floor"
	# A random game of each of two games played to its end through a game
	# directory, one `gunbai run` per decision point; then `gunbai verify`
	# (every signature, replay, state and reports compared) against the
	# floor's verify of the same orders files (read, libyaml, libcrypto).
	vruns=$(( runs < 11 ? runs : 11 ))
	printf '  %-16s %6s %10s %10s %12s %12s %8s\n' game runs "verify" games/s \
	    "sigs/s" "floor sigs/s" ratio
	for id in senjin japanese-swords; do
		a=$work/archive-$id
		rm -rf "$a" "$a-answers"
		mkdir -p "$a-answers"
		"$gunbai" new "$id" --id arch --seed \
		    00000000000000000000000000000000000000000000000000000000000000a7 \
		    --player alice="$top/tests/keys/alice.pub" \
		    --player bob="$top/tests/keys/bob.pub" -d "$a" >/dev/null
		end=$(cd "$top" && "$tools/bench_play" end "$a/start.yaml" "$a-answers" 5) ||
		    { printf '  %-16s not measured: bench_play end failed\n' "$id"; continue; }
		p=1
		while [ "$p" -lt "$end" ]; do
			cp "$a-answers"/p$p-* "$a/inbox/"
			"$gunbai" run "$a" >/dev/null || break
			p=$((p + 1))
		done
		"$gunbai" verify "$a" >/dev/null ||
		    { printf '  %-16s not measured: the archive does not verify\n' "$id"; continue; }
		nr=$(ls "$a/runs" | wc -l)
		ns=$(ls "$a"/runs/*/orders/*.yaml | wc -l)
		# verify and the floor side by side (interleaved, as in section 1).
		# shellcheck disable=SC2046
		t=$("$tools/bench_time" -n "$vruns" -w 1 "$gunbai" verify "$a" \
		    ';' "$tools/bench_floor" "$a/start.yaml" \
		    $(ls "$a"/runs/*/orders/*.yaml)) || exit 1
		tv=$(echo "$t" | sed -n 1p | cut -d' ' -f1)
		tf=$(echo "$t" | sed -n 2p | cut -d' ' -f1)
		printf '  %-16s %6s %10s %10s %12s %12s %8s\n' "$id" "$nr" "$(ms "$tv")" \
		    "$(awk -v t="$tv" 'BEGIN { printf "%.2f", 1e6 / t }')" \
		    "$(awk -v t="$tv" -v n="$ns" 'BEGIN { printf "%.0f", n * 1e6 / t }')" \
		    "$(awk -v t="$tf" -v n="$ns" 'BEGIN { printf "%.0f", n * 1e6 / t }')" \
		    "$(ratio "$tv" "$tf")"
	done
	echo
fi

if want 5; then
	echo "== 5. a league of 200 games, one deadline: gunbai league run -j 1 and -j 2"
	# 200 Senjin game directories, each with the signed orders of its first
	# two decision points in its inbox: one `league run` adjudicates them all.
	# Each timing starts from a fresh copy of the league (the copy untimed).
	lruns=${BENCH_LEAGUE_RUNS:-5}
	lg=$work/league
	rm -rf "$lg-template" "$lg-answers"
	mkdir -p "$lg-template" "$lg-answers"
	"$gunbai" new senjin --id league --seed \
	    00000000000000000000000000000000000000000000000000000000000000b1 \
	    --player alice="$top/tests/keys/alice.pub" \
	    --player bob="$top/tests/keys/bob.pub" --option first=alice \
	    -d "$lg-template/g001" >/dev/null
	(cd "$top" && "$tools/bench_play" end "$lg-template/g001/start.yaml" \
	    "$lg-answers" 7 >/dev/null)
	cp "$lg-answers"/p1-* "$lg-answers"/p2-* "$lg-template/g001/inbox/"
	i=2
	while [ "$i" -le 200 ]; do
		cp -r "$lg-template/g001" "$lg-template/g$(printf '%03d' "$i")"
		i=$((i + 1))
	done
	for j in 1 2; do
		: >"$work/league-$j.times"
		r=0
		while [ "$r" -lt "$lruns" ]; do
			rm -rf "$lg"
			cp -r "$lg-template" "$lg"
			"$tools/bench_time" -n 1 -w 0 "$gunbai" league "$lg" run -j "$j" \
			    | cut -d' ' -f1 >>"$work/league-$j.times"
			r=$((r + 1))
		done
		sort -n "$work/league-$j.times" | awk '{ t[NR] = $1 }
		    END { print t[int((NR + 1) / 2)] }' >"$work/league-$j.median"
	done
	t1=$(cat "$work/league-1.median") t2=$(cat "$work/league-2.median")
	printf '  %-10s %12s %10s\n' jobs "200 games" games/s
	printf '  %-10s %12s %10s\n' "-j 1" "$(ms "$t1")" \
	    "$(awk -v t="$t1" 'BEGIN { printf "%.1f", 200e6 / t }')"
	printf '  %-10s %12s %10s\n' "-j 2" "$(ms "$t2")" \
	    "$(awk -v t="$t2" 'BEGIN { printf "%.1f", 200e6 / t }')"
	printf '  speed-up of -j 2 over -j 1: %s (goal: at least 1.8; %s cores online)\n' \
	    "$(ratio "$t1" "$t2")" "$(nproc)"
	echo
fi
if want 6; then
	echo "== 6. costly states under the size cap: refused or read, time and peak memory"
	# Each file of bench/costly.py is at most 16 MiB (the state cap); the
	# goal (adjudicator/base/yaml.h) is under 0.5 s and under 64 MB for every one.
	# BENCH_COSTLY_RUNS (5) runs each: the median time, the largest peak.
	"${PYTHON:-python3}" "$top/bench/costly.py" "$work/costly" "$fix/state.yaml" ||
	    { echo "bench/costly.py failed"; exit 1; }
	printf '  %-30s %9s %8s %10s %9s %s\n' file bytes exit "time" peak goal
	for f in "$work"/costly/*.yaml; do
		i=0
		: >"$work/peak.txt"
		while [ "$i" -lt "${BENCH_COSTLY_RUNS:-5}" ]; do
			"$tools/bench_peak" "$gunbai" status "$f" >>"$work/peak.txt"
			i=$((i + 1))
		done
		sort -n "$work/peak.txt" | awk -v f="$(basename "$f" .yaml)" \
		    -v b="$(wc -c <"$f")" '{ t[NR] = $1; if ($2 > p) p = $2; s = $3 }
		    END { m = t[int((NR + 1) / 2)]
			v = "exit " s
			if (s == 0) v = "read"
			if (s == 4) v = "refused"
			g = "MISSED"
			if (m < 0.5 && p < 65536 && (s == 0 || s == 4)) g = "ok"
			printf "  %-30s %9d %8s %8.3f s %6.1f MB %s\n", f, b, v, m,
			    p / 1024, g }'
	done
fi

if want 7; then
	echo "== 7. mail rounds per game turn: long random games and the samples"
	# A mail round is a deadline: a decision point at which some owed
	# player must send a file (his answer is not complete without one).
	# bench_play rounds: BENCH_ROUNDS_GAMES (200) seeded random games of
	# every game, each to its end or point BENCH_ROUNDS_POINTS (1000),
	# answers that would end it drawn again; a player whose standing
	# orders answer for him sends nothing.  A game turn is a point owing
	# the decision that begins a player's turn (bench_play.c).
	ng=${BENCH_ROUNDS_GAMES:-200} np=${BENCH_ROUNDS_POINTS:-1000}
	printf '  %-18s %8s %8s %8s %12s\n' game points rounds turns rounds/turn
	(cd "$top" && "$tools/bench_play" rounds "$ng" "$np") >"$work/rounds.txt" ||
	    { echo "bench_play rounds failed"; exit 1; }
	awk '$2 == "all" { printf "  %-18s %8d %8d %8d %12.2f\n", $1, $3, $4, $5,
	    $4 / $5 } $2 == "error" { print "  " $0 }' "$work/rounds.txt"
	echo "  by decision (points, rounds):"
	awk '$2 != "all" && $2 != "error" { l[$1] = l[$1] " " $2 " " $3 "/" $4 }
	    END { for (g in l) printf "    %-16s%s\n", g, l[g] }' \
	    "$work/rounds.txt" | sort
	echo "  the samples (samples/GAME/play.sh; a round: a point owing a file):"
	printf '  %-18s %8s %8s %8s %12s\n' sample points rounds turns rounds/turn
	for d in "$top"/samples/*/play.sh; do
		id=$(basename "$(dirname "$d")")
		[ "$id" = mail ] && continue
		o=$work/sample-$id
		sh "$d" "$gunbai" "$o" >/dev/null 2>&1 ||
		    { printf '  %-18s not measured: play.sh failed\n' "$id"; continue; }
		# Every state the sample wrote but the last owes one point.
		# shellcheck disable=SC2046
		(cd "$top" && "$tools/bench_play" owed $(find "$o" -name start.yaml \
		    -o -name state.yaml | sort)) | sort -n -u -k1,1 |
		    sed '$d' | awk -v g="$id" '{ p++; t += $(NF - 1); r += $NF }
		    END { printf "  %-18s %8d %8d %8d %12.2f\n", g, p, r, t,
		    t ? r / t : 0 }'
	done
	echo
fi

if want 8; then
	echo "== 8. mail-in of 1,000 messages: ordinary and hostile (goal: hostile under 3 s of CPU)"
	# bench/mail_heavy.py: ordinary.mbox, 1,000 messages as a player
	# sends them (the signed orders and their .sig attached); heavy.mbox,
	# 1,000 hostile ones, each with 64 pasted orders texts of the game
	# and 16 signature-like lines, none of which verifies.  Each run
	# gives one mbox to `gunbai mail-in` on a fresh copy of a Senjin game
	# directory (the copy not timed), which files, checks and answers
	# every message (1,000 replies written and flushed to the build's
	# disk).  BENCH_MAIL_RUNS (3) runs each: the median CPU time (user
	# and system: the figure the load of the machine moves least) and
	# the median wall time.
	mruns=${BENCH_MAIL_RUNS:-3}
	m=$work/mail
	rm -rf "$m"
	mkdir -p "$m"
	"$gunbai" new senjin --id heavy --seed \
	    00000000000000000000000000000000000000000000000000000000000000c1 \
	    --player alice="$top/tests/keys/alice.pub",alice@example.org \
	    --player bob="$top/tests/keys/bob.pub",bob@example.net \
	    --option first=alice -d "$m/game" >/dev/null || exit 1
	uid=$(sed -n 's/^uid: //p' "$m/game/start.yaml" | head -1)
	printf 'gunbai: orders 2\ngame: heavy\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
	    "$uid" >"$m/orders.yaml"
	openssl pkeyutl -sign -rawin -inkey "$top/tests/keys/alice.key" \
	    -in "$m/orders.yaml" -out "$m/orders.yaml.sig" || exit 1
	"${PYTHON:-python3}" "$top/bench/mail_heavy.py" "$m" "$m/orders.yaml" \
	    "$m/orders.yaml.sig" "$uid" || { echo "bench/mail_heavy.py failed"; exit 1; }
	printf '  %-10s %8s %10s %10s %12s %12s %s\n' mbox exit "CPU" wall \
	    "msgs/CPU-s" "msgs/wall-s" goal
	for box in ordinary heavy; do
		: >"$m/$box.times"
		r=0
		while [ "$r" -lt "$mruns" ]; do
			rm -rf "$m/run"
			cp -r "$m/game" "$m/run"
			"$tools/bench_peak" "$gunbai" mail-in "$m/run" \
			    "$m/$box.mbox" --from gm@example.org >>"$m/$box.times"
			r=$((r + 1))
		done
		# Every message answered: one reply each.
		nr=$(ls "$m/run/outbox/mail-in" | wc -l)
		wm=$(sort -n -k1,1 "$m/$box.times" | awk '{ t[NR] = $1 }
		    END { print t[int((NR + 1) / 2)] }')
		sort -n -k4,4 "$m/$box.times" | awk -v b="$box" -v nr="$nr" \
		    -v wm="$wm" '{ c[NR] = $4; if ($3 != 0) s = $3 }
		    END { cm = c[int((NR + 1) / 2)]
			v = s ? "exit " s : "0"
			g = ""
			if (b == "heavy") g = (cm < 3 && !s && nr == 1000) ? "ok" : "MISSED"
			if (nr != 1000) g = g " (" nr " replies, not 1000)"
			printf "  %-10s %8s %8.2f s %8.2f s %12.0f %12.0f %s\n",
			    b, v, cm, wm, 1000 / cm, 1000 / wm, g }'
	done
	rm -rf "$m/run"
	echo
fi
