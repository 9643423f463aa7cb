# tests/lib.sh - sourced by the shell tests (tests/t_*.sh), run from the
# top of the tree by tests/run.sh with GUNBAI (and TOOLS) set.
#
# Sets: gunbai (an absolute path), top, keys (tests/keys), tmp (removed at
# exit), and the TAP-like counters with ok and not_ok.
set -u
gunbai=${GUNBAI:?}
case $gunbai in /*) ;; *) gunbai=$PWD/$gunbai ;; esac
top=$PWD
keys=$top/tests/keys
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }

# once: whether this suite runs for the first build of make test.  The
# later builds' runs (tests/run.sh is given ONCE=0 for them) skip the
# checks that do not depend on the build: external judges (JSON Schema,
# Chromium, svg_check.py, the layers) of bytes that tests/flags.sh shows
# are the same in every build, and the documents' own text; and
# t_kill.sh, whose runs are killed by SIGKILL, which leaves a sanitizer
# nothing to report.  Every other gunbai command of a suite still runs in
# every build.
once() { [ "${ONCE:-1}" != 0 ]; }

# status_is WANT DESCRIPTION COMMAND...: passes if COMMAND exits WANT;
# its output stays in $tmp/out and $tmp/err.
status_is() { # status_is WANT DESCRIPTION COMMAND...
	want=$1; d=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok "$d (exit $want)"; else
		not_ok "$d: exit $got, wanted $want"
		sed 's/^/    /' "$tmp/out" "$tmp/err" | head -40; fi
}

# abs PATH: PATH made absolute against the top of the tree.
abs() { case $1 in /*) echo "$1" ;; *) echo "$top/$1" ;; esac; }

# state_uid STATE: the game uid a state file names.
state_uid() { sed -n 's/^uid: //p' "$1"; }

# senjin_fixture ID: in the current directory, in/s1.yaml (a Senjin game
# called ID between alice and bob, alice first, a fixed seed) and the
# signed orders of its first two turns, in/a1.yaml and in/b2.yaml.  Sets
# newargs, the arguments of the `gunbai new` that made in/s1.yaml.  More
# arguments of new may follow ID: they are part of the setup, from which
# the uid the orders name is derived (formats/evidence.md).
senjin_fixture() {
	mkdir -p in
	newargs="new senjin --id $1 --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
--player alice=$keys/alice.pub --player bob=$keys/bob.pub \
--option first=alice ${2:-}"
	# shellcheck disable=SC2086
	"$gunbai" $newargs -o in/s1.yaml >/dev/null
	u=$(state_uid in/s1.yaml)
	printf 'gunbai: orders 2\ngame: %s\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
	    "$1" "$u" >in/a1.yaml
	printf 'gunbai: orders 2\ngame: %s\nuid: %s\nturn: 2\nplayer: bob\norders:\n  - move e8 e7\n  - move d9 e8\n' \
	    "$1" "$u" >in/b2.yaml
	openssl pkeyutl -sign -rawin -inkey "$keys/alice.key" -in in/a1.yaml \
	    -out in/a1.yaml.sig
	openssl pkeyutl -sign -rawin -inkey "$keys/bob.key" -in in/b2.yaml \
	    -out in/b2.yaml.sig
}

# golden_diff DIR: DIR (the Senjin sample played, samples/senjin/play.sh)
# against tests/golden/senjin; an empty inbox/ is not in git's copy, nor
# the game's lock (.lock, empty: formats/archive.md).
golden_diff() { diff -r -x inbox -x .lock "$top/tests/golden/senjin" "$1"; }

# Does the gunbai at $1 run its mail commands?  mail-in and mail-out run
# gunbai-mail, found beside gunbai or in ../libexec/gunbai/ (main.c); its
# usage is printed by gunbai-mail itself.
mail_runs() {
	"$1" mail-out --help >"$tmp/mail-runs" 2>&1 &&
	    grep -q '^usage: gunbai mail-out ' "$tmp/mail-runs"
}

# tap_relay COMMAND...: runs a test helper that prints TAP-like lines of
# its own (tests/tap.py) and counts them here, numbered on from this
# suite's; its other lines (the details) are passed on.
tap_relay() {
	"$@" >"$tmp/relay" 2>&1
	relay=$?
	while IFS= read -r line; do
		case $line in
		"ok "[0-9]*) ok "${line#ok [0-9]* - }" ;;
		"not ok "[0-9]*) not_ok "${line#not ok [0-9]* - }" ;;
		[0-9]*" passed, "[0-9]*" failed") ;;
		*) echo "$line" ;;
		esac
	done <"$tmp/relay"
	[ "$relay" -eq 0 ] || grep -q '^not ok' "$tmp/relay" ||
	    not_ok "$1 ${2:-} ran to its end (exit $relay)"
}
