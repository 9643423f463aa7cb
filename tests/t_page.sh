#!/bin/sh
# The player's page, page/gunbai-orders.html (README "For players"): its
# Content-Security-Policy (tests/page_csp.py), the SHA-256 that `gunbai
# --version` and the README give, and the page in real Chromium through
# WebDriver (tests/page_test.py): for each of the five games a whole
# answer composed, signed with a key openssl made, saved and accepted by
# `gunbai check`.
. tests/lib.sh
py=/usr/bin/python3
[ -x "$py" ] || py=python3
page=$top/page/gunbai-orders.html

if "$py" tests/page_csp.py "$page" 2>"$tmp/csp"; then
	ok "the page's policy forbids every connection and names its script and style"
else
	not_ok "the page's policy"; sed 's/^/    /' "$tmp/csp"
fi
sum=$(sha256sum "$page" | cut -d' ' -f1)
if "$gunbai" --version | grep -qx "gunbai-orders.html sha256 $sum"; then
	ok "gunbai --version prints the page's SHA-256"
else
	not_ok "gunbai --version prints the page's SHA-256 $sum"
	"$gunbai" --version | sed 's/^/    /'
fi
if grep -q "$sum" README.md; then
	ok "the README gives the page's SHA-256"
else
	not_ok "the README gives the page's SHA-256 $sum"
fi

# Keys made as a player makes them; a state of each game where a player
# owes orders, reached with the defaults of missed deadlines (--nmr).
w=$tmp/w
mkdir -p "$w"
for p in alice bob; do
	openssl genpkey -algorithm ed25519 -out "$w/$p.key" 2>/dev/null
	openssl pkey -in "$w/$p.key" -pubout -out "$w/$p.pub"
done
# game and how many deadlines to pass: to a turn of several orders
# where the game has one early.
for gs in senjin:1 japanese-swords:3 senshiai:2 sensoufuda:1 \
    shinobi-wars:1; do
	g=${gs%:*} k=${gs#*:}
	"$gunbai" new "$g" --id "page-$g" --seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f \
	    --player alice="$w/alice.pub" --player bob="$w/bob.pub" \
	    -o "$w/s0-$g.yaml" >/dev/null || not_ok "new $g"
	s=$w/s0-$g.yaml
	i=0
	while [ "$i" -lt "$k" ]; do
		i=$((i + 1))
		"$gunbai" adjudicate --nmr "$s" -o "$w/$g-$i" >/dev/null ||
		    not_ok "$g: adjudicate --nmr"
		s=$w/$g-$i/state.yaml
	done
	cp "$s" "$w/$g.yaml"
	p=$("$gunbai" status "$s" | sed -n 's/^owed: \([a-z]*\):.*/\1/p' | head -1)
	echo "$p" >"$w/$g.player"
	"$gunbai" view "$s" --player "$p" --json >"$w/$g.json"
	"$gunbai" view "$s" --player "$p" --svg >"$w/$g.svg"
done
# The same player's picture of Senjin one point earlier: not the report's.
"$gunbai" view "$w/s0-senjin.yaml" --player "$(cat "$w/senjin.player")" \
    --svg >"$w/senjin-other.svg"

if ! once; then
	# The page and Chromium are the same for every build: the first
	# build of make test drives them (tests/lib.sh, once).
	:
elif ! command -v chromedriver >/dev/null ||
    ! "$py" -c 'import selenium' 2>/dev/null; then
	not_ok "chromedriver and python3-selenium are installed (make test installs them)"
else
	"$py" tests/page_test.py "$page" "$gunbai" "$w" >"$tmp/page.log" 2>&1
	grep -v '^1\.\.' "$tmp/page.log" | while IFS= read -r line; do
		case $line in
		"ok "*) ok "${line#ok [0-9]* - }" ;;
		"not ok "*) not_ok "${line#not ok [0-9]* - }" ;;
		*) echo "$line" ;;
		esac
	done >"$tmp/tap"
	cat "$tmp/tap"
	n=$((n + $(grep -c '^\(not \)\{0,1\}ok ' "$tmp/tap")))
	fails=$((fails + $(grep -c '^not ok ' "$tmp/tap")))
	grep -q '^1\.\.' "$tmp/page.log" || not_ok "the WebDriver test ran to its end"
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
