#!/bin/sh
# The one escaping rule (adjudicator/base/escape.h): no byte that reaches a
# terminal, a report or a mail may be a control (C0, DEL, C1: ESC, BEL,
# OSC, CSI) or an invisible or direction-changing character (U+202E,
# U+2028, U+200B, U+FEFF ...), whether it came from the command line, a
# file name, a state's log or a refused order.  Each is shown escaped.
. tests/lib.sh
cd "$tmp" || exit 1

# raw FILE: FILE holds none of the bytes the rule escapes (a newline is
# the only control allowed: outputs are lines).
raw_hex=' 1b | 07 | 0d | 7f | c2 9[0-9a-f] | c2 8[0-9a-f] | e2 80 ae | e2 80 a8 | e2 80 8b | ef bb bf | e2 81 a6 '
clean() {
	if od -An -v -tx1 "$1" | tr '\n' ' ' | sed 's/  */ /g; s/$/ /' |
	    grep -Eq "$raw_hex"; then
		echo "    raw control or invisible character in $1:"
		od -c "$1" | head -20 | sed 's/^/    | /'
		return 1
	fi
}
# shows FILE TEXT: FILE shows TEXT (fixed string)
shows() {
	grep -qF -- "$2" "$1" && return 0
	echo "    '$2' not in $1:"
	sed 's/^/    | /' "$1" | head -20
	return 1
}
# expect WHAT FILE ESCAPED...: FILE is clean and shows each escape
expect() {
	what=$1 f=$2
	shift 2
	good=1
	clean "$f" || good=0
	for s in "$@"; do shows "$f" "$s" || good=0; done
	if [ "$good" = 1 ]; then ok "$what"; else not_ok "$what"; fi
}

esc=$(printf '\033')
bel=$(printf '\007')
osc="$esc]0;pwned$bel$esc[2J"
rlo=$(printf '\342\200\256')  # U+202E right-to-left override
lsep=$(printf '\342\200\250') # U+2028 line separator
zwsp=$(printf '\342\200\213') # U+200B zero width space
bom=$(printf '\357\273\277')  # U+FEFF
csi=$(printf '\302\233')      # U+009B, C1 CSI

senjin_fixture esc
# The command line, echoed in messages on stderr.
"$gunbai" new "senjin$osc" --id x --player a=x -o o.yaml 2>e1
expect "an unknown game name is escaped on stderr" e1 '\x1b]0;pwned\x07\x1b[2J'
"$gunbai" new senjin --id "x$rlo" --player "alice=$keys/alice.pub" \
    --player "bob=$keys/bob.pub" -o o.yaml 2>e2
expect "--id is escaped on stderr" e2 'x\u202e'
"$gunbai" new senjin --id x --player "al${csi}ice=$keys/alice.pub" \
    --player "bob=$keys/bob.pub" -o o.yaml 2>e3
expect "--player is escaped on stderr" e3 'al\u009bice'
"$gunbai" new senjin --id x --player "alice=$keys/alice.pub" \
    --player "bob=$keys/bob.pub" --option "fi${lsep}rst=alice" -o o.yaml 2>e4
expect "--option is escaped on stderr" e4 'fi\u2028rst'
"$gunbai" view in/s1.yaml --player "bob$zwsp$esc[31m" 2>e5
expect "view --player is escaped on stderr" e5 'bob\u200b\x1b[31m'
"$gunbai" "che${bom}ck" 2>e6
expect "an unknown command is escaped on stderr" e6 'che\ufeffck'
"$gunbai" check "--bad$esc[2J" in/s1.yaml 2>e7
expect "an unknown option is escaped on stderr" e7 '--bad\x1b[2J'
"$gunbai" status "in/no$rlo.yaml" 2>e8
expect "a file name is escaped on stderr" e8 'no\u202e.yaml'

# A state's log text, in view and in reports.
"$gunbai" adjudicate in/s1.yaml in/a1.yaml -o t1 >/dev/null
awk '/^    text: "alice \(South\)/ && !done {
	sub(/\."$/, ".\\e]0;pwned\\a\\e[2J\\x9b31m\\u202e\\u2028\\u200b\\ufeff\\u2066 end\""); done = 1 }
    { print }' t1/state.yaml >hostile.yaml
if cmp -s t1/state.yaml hostile.yaml; then
	not_ok "the hostile state differs from the good one"
fi
"$gunbai" view hostile.yaml --public >v1 2>&1
expect "view escapes a state's log text" v1 '\x1b]0;pwned\x07\x1b[2J\u009b31m\u202e\u2028\u200b\ufeff\u2066'
"$gunbai" view hostile.yaml --player bob >v2 2>&1
expect "view --player escapes a state's log text" v2 '\x1b]0;pwned\x07'
"$gunbai" status hostile.yaml >v3 2>&1
clean v3 && ok "status of the hostile state is clean" ||
    not_ok "status of the hostile state is clean"

# A refused order holding invisible characters: stdout, and the report.
printf 'gunbai: orders 2\ngame: esc\nuid: %s\nturn: 2\nplayer: bob\norders:\n  - "move\\u202e e8 e7"\n  - "move e8\\u2028 e7"\n  - "mo\\u200bve d9 e8"\n  - "\\ufeffmove e8 e7"\n' \
    "$(state_uid hostile.yaml)" >b2.yaml
openssl pkeyutl -sign -rawin -inkey "$keys/bob.key" -in b2.yaml -out b2.yaml.sig
"$gunbai" check hostile.yaml b2.yaml >c1 2>&1
expect "check escapes refused orders on stdout" c1 'move\u202e e8 e7' \
    'move e8\u2028 e7' 'mo\u200bve d9 e8' '\ufeffmove e8 e7'
"$gunbai" adjudicate --nmr hostile.yaml b2.yaml -o t2 >c2 2>&1
expect "adjudicate escapes refused orders on stdout" c2 'move\u202e e8 e7'
expect "the sender's report escapes refused orders" t2/reports/bob.txt \
    'move\u202e e8 e7' 'move e8\u2028 e7' 'mo\u200bve d9 e8'
# run and league run print the same verdicts: escaped too (issue 32).
mkdir -p L/gd/inbox L/gd/runs L/gd/reports
cp hostile.yaml L/gd/start.yaml
cp b2.yaml b2.yaml.sig L/gd/inbox/
cp -r L L2
"$gunbai" run --nmr L/gd >c3 2>&1
expect "run escapes refused orders on stdout" c3 'move\u202e e8 e7' \
    'move e8\u2028 e7' 'mo\u200bve d9 e8' '\ufeffmove e8 e7'
"$gunbai" league L2 run --nmr >c4 2>&1
expect "league run escapes refused orders on stdout" c4 'move\u202e e8 e7' \
    'mo\u200bve d9 e8'
good=1
for r in t2/reports/*.txt; do clean "$r" || good=0; done
if [ "$good" = 1 ]; then ok "every report is clean"
else not_ok "every report is clean"; fi

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
