#!/bin/sh
# The command line as gunbai(1) and `gunbai games` tell it: the synopsis
# and options of every command (tests/man_usage.py), `gunbai help`, the
# option defaults `gunbai games` shows, and the exit statuses of verify.
. tests/lib.sh

tap_relay python3 tests/man_usage.py "$gunbai"

status_is 0 "gunbai help" "$gunbai" help
grep -q '^usage: gunbai games$' "$tmp/out" &&
    grep -q 'gunbai help \[COMMAND\]' "$tmp/out" &&
    ok "gunbai help lists the commands" ||
    not_ok "gunbai help lists the commands"
status_is 0 "gunbai help verify" "$gunbai" help verify
if head -1 "$tmp/out" | grep -q '^usage: gunbai verify GAMEDIR' &&
    grep -q 'Replays every run' "$tmp/out" && grep -q 'gunbai(1)' "$tmp/out"
then ok "gunbai help verify: its usage, what it does, the man page"
else not_ok "gunbai help verify: its usage, what it does, the man page"
	sed 's/^/    /' "$tmp/out"; fi
status_is 2 "gunbai help of no command" "$gunbai" help nosuch
grep -q "unknown command 'nosuch'" "$tmp/err" &&
    ok "gunbai help nosuch says what is wrong" ||
    not_ok "gunbai help nosuch says what is wrong"

# Every option's default, as `gunbai games` shows it, is accepted when
# written out, even where the option otherwise names a file; with a file
# of that name at hand, gunbai says it took the default.
"$gunbai" games >"$tmp/games"
cd "$tmp" || exit 2
mkdir opt && cd opt || exit 2
game=
while IFS= read -r line; do
	case $line in
	"  --option "*)
		name=${line#  --option }; name=${name%%=*}
		def=${line#*(default }; def=${def%%)*}
		# shellcheck disable=SC2086
		set -- $players
		status_is 0 "$game: --option $name=$def, its default" \
		    "$gunbai" new "$game" --id t "$@" --option "$name=$def" \
		    -o "$game-$name.yaml"
		echo "not a $name" >"$def"
		status_is 0 "$game: --option $name=$def beside a file '$def'" \
		    "$gunbai" new "$game" --id t "$@" --option "$name=$def" \
		    -o "$game-$name-file.yaml"
		# An option that names a file (its help says so) says which
		# it took; any other has nothing to say.
		case $line in
		*file*) grep -q "the default, not the file '$def'" "$tmp/err" ;;
		*) [ ! -s "$tmp/err" ] ;;
		esac && ok "$game: --option $name=$def beside '$def': says what it took" ||
		    not_ok "$game: --option $name=$def beside '$def': says what it took"
		rm -f "$def" ;;
	[a-z]*:*)
		game=${line%%:*}
		min=$(echo "$line" | sed 's/.*, \([0-9]*\)\( to [0-9]*\)* players$/\1/')
		players=
		for p in alice bob carol dave; do
			[ "$min" -gt 0 ] || break
			players="$players --player $p=$keys/$p.pub"
			min=$((min - 1))
		done ;;
	esac
done <"$tmp/games"
cd "$top" || exit 2

# verify's exit statuses are those gunbai(1) gives it: 4 when the game
# directory cannot be read.
said=$(python3 tests/man_usage.py --exits verify)
"$gunbai" new senjin --id v --player alice="$keys/alice.pub" \
    --player bob="$keys/bob.pub" -d "$tmp/v" >/dev/null
for how in ok gap start none; do
	case $how in
	gap) mkdir -p "$tmp/v/runs/0002" ;;
	start) rm -rf "$tmp/v/runs/0002"; mv "$tmp/v/start.yaml" "$tmp/s" ;;
	none) rm -rf "$tmp/v" ;;
	esac
	"$gunbai" verify "$tmp/v" >/dev/null 2>&1
	got=$?
	case " $said " in
	*" $got "*) ok "verify ($how): exit $got, one gunbai(1) gives ($said)" ;;
	*) not_ok "verify ($how): exit $got, not one gunbai(1) gives ($said)" ;;
	esac
done
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
