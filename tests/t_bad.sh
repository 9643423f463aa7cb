#!/bin/sh
# The catalogue of bad inputs (tests/bad/CATALOGUE): every hostile or
# broken state file, orders file, signature, key and mail message must give exactly one
# line naming the file and, where the input has one, the position; the
# documented exit status; nothing written and no temporary file left; no
# crash and, under the san build, no leak (LeakSanitizer makes a leak an
# extra report and another exit status).  Run by tests/run.sh with GUNBAI.
. tests/lib.sh
bad=$top/tests/bad
# A run may not hang: a FIFO must be refused, not waited on.
run() { timeout 60 "$@"; }
sign() { # sign KEYNAME FILE
	openssl pkeyutl -sign -rawin -inkey "$keys/$1.key" -in "$2" \
	    -out "$2.sig"
}

# The inputs made here: too big, too deep or too odd to commit.
big() { # big FILE PREFIX BYTES: PREFIX then x up to BYTES in all
	{ printf '%s' "$2"; head -c $(($3 - ${#2})) /dev/zero | tr '\0' x; } \
	    >"$1"
}
deep_flow() { # 100000 nested flow sequences in the value of key
	awk -v k="$2" 'BEGIN { printf "%s: ", k
	    for (i = 0; i < 100000; i++) printf "["
	    for (i = 0; i < 100000; i++) printf "]"; print "" }' >"$1"
}
gen_state_huge_100MB() { big "$1" 'gunbai: "state 1"
id: ' 104857600; }
gen_state_scalar_15MB() {
	sed '/^id: /,$d' "$tmp/good-state.yaml" >"$1"
	big "$1.x" 'id: ' $((15 << 20))
	echo >>"$1.x"
	sed '1,/^id: /d' "$tmp/good-state.yaml" | cat "$1.x" - >>"$1"
	rm "$1.x"
}
gen_state_deep_flow_100000() { deep_flow "$1" gunbai; }
gen_state_deep_block_100000() {
	awk 'BEGIN { for (i = 0; i < 100000; i++) printf "- "; print "x" }' \
	    >"$1"
}
gen_state_is_a_directory() { mkdir "$1"; }
gen_state_fifo() { mkfifo "$1"; }
gen_state_missing() { :; }
gen_state_symlink_loop() { ln -s "$1" "$1"; }
gen_orders_huge_100MB() { big "$1" 'gunbai: orders 2
orders: ' 104857600; }
gen_orders_deep_flow_100000() {
	sed '/^orders:/,$d' "$bad/orders/good.yaml" >"$1"
	deep_flow "$1.x" orders
	cat "$1.x" >>"$1"
	rm "$1.x"
}
gen_orders_name_with_newline_and_shell() { cp "$bad/orders/good.yaml" "$1"; }

# input NAME: the path of the input NAME in $tmp (made or copied)
input() {
	base=$(basename "$1")
	ext=yaml
	case $1 in keys/*) ext=pub ;; mail/*) ext=eml ;; esac
	if [ "$1" = orders/name-with-newline-and-shell ]; then
		f="$tmp/in/evil
\$(id);\`id\`|&.yaml"
	else
		f=$tmp/in/$base.$ext
	fi
	rm -rf "$tmp/in"
	mkdir "$tmp/in"
	if [ -f "$bad/$1.$ext" ]; then
		cp "$bad/$1.$ext" "$f"
	elif [ "$ext" = eml ]; then
		python3 "$bad/mail_bad.py" "$base" "$f" "$tmp/good.yaml" \
		    "$tmp/good.yaml.sig" || return 1
	else
		fn=gen_$(echo "$1" | tr '/-' '__')
		if ! command -v "$fn" >/dev/null 2>&1; then
			echo "no input $1: neither tests/bad/$1.$ext nor $fn"
			return 1
		fi
		"$fn" "$f"
	fi
	echo "$f"
}

# make_sig HOW FILE: FILE.sig as the catalogue's SIGN column says
make_sig() {
	case $1 in
	bob | alice | dave) sign "$1" "$2" ;;
	none | -) ;;
	trunc63) sign bob "$2" && head -c 63 "$2.sig" >"$2.t" &&
	    mv "$2.t" "$2.sig" ;;
	garbage) printf 'not base64 at all!!\n' >"$2.sig" ;;
	url) sign bob "$2" && openssl base64 -A -in "$2.sig" | tr '+/' '-_' \
	    >"$2.t" && mv "$2.t" "$2.sig" ;;
	empty) : >"$2.sig" ;;
	other) cp "$tmp/good.yaml.sig" "$2.sig" ;;
	big) head -c 5000 /dev/zero >"$2.sig" ;;
	dir) mkdir "$2.sig" ;;
	*) echo "unknown SIGN '$1'"; return 1 ;;
	esac
}

# one_line WHAT FILE: FILE is exactly one line
one_line() {
	lines=$(wc -l <"$2")
	if [ "$lines" -eq 1 ] && [ "$(tail -c 1 "$2" | od -An -c | tr -d ' ')" = '\n' ]; then
		return 0
	fi
	echo "    $1: $lines lines, not one:"
	head -5 "$2" | sed 's/^/    | /'
	return 1
}

# reason_ok LINE PREFIX FILE POS REGEX [VERDICT]: LINE is
# PREFIX FILE[position]: [VERDICT: ]REASON
reason_ok() {
	line=$1 prefix=$2 file=$3 pos=$4 re=$5 verdict=${6:-}
	shown=$(printf '%s' "$file" | awk 'BEGIN { RS = "\001" }
	    { gsub(/\n/, "\\n"); printf "%s", $0 }')
	[ "$pos" = sig ] && shown=$shown.sig
	rest=${line#"$prefix$shown:"}
	if [ "$rest" = "$line" ]; then
		echo "    does not start with '$prefix$shown:': $line"
		return 1
	fi
	case $pos in
	pos | sig) at='^[0-9]+:[0-9]+: ' ;;
	file) at='^ ' ;;
	esac
	if ! printf '%s\n' "$rest" | grep -Eq -- "$at"; then
		echo "    wanted $pos: $line"
		return 1
	fi
	reason=$(printf '%s\n' "$rest" | sed -E "s/$at//")
	if [ -n "$verdict" ]; then
		case $reason in
		"$verdict: "*) reason=${reason#"$verdict: "} ;;
		*) echo "    no '$verdict: ' after the position: $line"
		   return 1 ;;
		esac
	fi
	if ! printf '%s\n' "$reason" | grep -Eq -- "$re"; then
		echo "    reason '$reason' does not match /$re/"
		return 1
	fi
}

# nothing_left DIR: no output and no temporary file in DIR
nothing_left() {
	left=$(ls -A "$1")
	[ -z "$left" ] && return 0
	echo "    left behind in the output's directory: $left"
	return 1
}

# The good game the orders are judged against: turn 2, bob owes.
cd "$tmp" || exit 1
seed=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
"$gunbai" new senjin --id bad --seed $seed --player alice="$keys/alice.pub" \
    --player bob="$keys/bob.pub" --option first=alice -o s1.yaml >/dev/null
cp s1.yaml good-state.yaml
printf 'gunbai: orders 2\ngame: bad\nuid: %s\nturn: 1\nplayer: alice\norders:\n  - move e2 e3\n' \
    "$(state_uid s1.yaml)" >a1.yaml
sign alice a1.yaml
"$gunbai" adjudicate s1.yaml a1.yaml -o t1 >/dev/null
state=$tmp/t1/state.yaml
cp "$bad/orders/good.yaml" good.yaml
sign bob good.yaml
if "$gunbai" check "$state" good.yaml >good.out 2>&1; then
	ok "the reference orders file is accepted (the bad ones differ from it)"
else
	not_ok "the reference orders file is refused"; sed 's/^/    /' good.out
fi

# The game directory mail is sent to: game 'bad' as above, at turn 1.
# The hostile mail comes from mallory@example.net, bob's registered
# address: a player attacking the robot, who is answered (mail-in answers
# no stranger's message that holds nothing it can use).
"$gunbai" new senjin --id bad --seed $seed \
    --player alice="$keys/alice.pub,alice@example.net" \
    --player bob="$keys/bob.pub,mallory@example.net" --option first=alice \
    -d gd >/dev/null
cp -r gd gd.orig

count=0
while read -r name how want pos re; do
	case $name in '#'* | '') continue ;; esac
	count=$((count + 1))
	f=$(input "$name") || { not_ok "$name: $f"; continue; }
	mkdir -p "$tmp/out"
	good=1
	case $name in
	state/*)
		run "$gunbai" status "$f" >"$tmp/o" 2>"$tmp/e"
		got=$?
		[ "$got" -eq "$want" ] || { echo "    status: exit $got"; good=0; }
		[ -s "$tmp/o" ] && { echo "    status printed on stdout"; good=0; }
		one_line stderr "$tmp/e" || good=0
		reason_ok "$(head -1 "$tmp/e")" "gunbai: " "$f" "$pos" "$re" ||
		    good=0
		run "$gunbai" adjudicate "$f" -o "$tmp/out/next" >"$tmp/o" \
		    2>"$tmp/e2"
		got=$?
		[ "$got" -eq "$want" ] || { echo "    adjudicate: exit $got"; good=0; }
		cmp -s "$tmp/e" "$tmp/e2" ||
		    { echo "    adjudicate says otherwise:"; cat "$tmp/e2"; good=0; }
		nothing_left "$tmp/out" || good=0
		;;
	orders/*)
		make_sig "$how" "$f" || good=0
		run "$gunbai" check "$state" "$f" >"$tmp/o" 2>"$tmp/e"
		got=$?
		[ "$got" -eq "$want" ] || { echo "    check: exit $got"; good=0; }
		[ -s "$tmp/e" ] && { echo "    check wrote to stderr:"; cat "$tmp/e"; good=0; }
		one_line stdout "$tmp/o" || good=0
		reason_ok "$(head -1 "$tmp/o")" "" "$f" "$pos" "$re" \
		    "refused file" || good=0
		run "$gunbai" adjudicate "$state" "$f" -o "$tmp/out/next" \
		    >"$tmp/o2" 2>"$tmp/e"
		got=$?
		[ "$got" -eq 3 ] || { echo "    adjudicate: exit $got, not 3"; good=0; }
		grep -qxF "$(head -1 "$tmp/o")" "$tmp/o2" ||
		    { echo "    adjudicate does not give the reason"; good=0; }
		nothing_left "$tmp/out" || good=0
		;;
	mail/*)
		# Answered (exit 0): one line on stdout, "FILE: message 1:
		# REASON"; refused whole (exit 4): one line on stderr.
		# Either way nothing filed and the game unchanged.
		run "$gunbai" mail-in gd "$f" >"$tmp/o" 2>"$tmp/e"
		got=$?
		[ "$got" -eq "$want" ] || { echo "    mail-in: exit $got"; good=0; }
		if [ "$want" -eq 0 ]; then
			[ -s "$tmp/e" ] && { echo "    stderr:"; cat "$tmp/e"; good=0; }
			one_line stdout "$tmp/o" || good=0
			reason_ok "$(head -1 "$tmp/o")" "" "$f" "$pos" "$re" ||
			    good=0
		else
			[ -s "$tmp/o" ] && { echo "    stdout:"; cat "$tmp/o"; good=0; }
			one_line stderr "$tmp/e" || good=0
			reason_ok "$(head -1 "$tmp/e")" "gunbai: " "$f" "$pos" \
			    "$re" || good=0
		fi
		nothing_left gd/inbox || good=0
		diff -r -x outbox -x .lock gd.orig gd >/dev/null ||
		    { echo "    the game directory changed"; good=0; }
		rm -rf gd/outbox
		;;
	keys/*)
		run "$gunbai" new senjin --id k --player alice="$keys/alice.pub" \
		    --player bob="$f" -o "$tmp/out/s.yaml" >"$tmp/o" 2>"$tmp/e"
		got=$?
		[ "$got" -eq "$want" ] || { echo "    new: exit $got"; good=0; }
		one_line stderr "$tmp/e" || good=0
		reason_ok "$(head -1 "$tmp/e")" "gunbai: " "$f" "$pos" "$re" ||
		    good=0
		nothing_left "$tmp/out" || good=0
		;;
	*)
		echo "    unknown kind"; good=0 ;;
	esac
	if [ "$good" = 1 ]; then ok "$name"; else not_ok "$name"; fi
	rm -rf "$tmp/out" "$tmp/in"
done <"$bad/CATALOGUE"
if [ "$count" -ge 60 ]; then ok "$count bad inputs catalogued (at least 60)"
else not_ok "only $count bad inputs catalogued"; fi

cmp -s "$state" "$tmp/t1/state.yaml" && ok "the state judged against is untouched"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
