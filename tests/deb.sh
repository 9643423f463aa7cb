#!/bin/sh
# The Debian package (issue 16):    tests/deb.sh     (make deb-test)
# Builds it as README says, with `dpkg-buildpackage -us -uc`, in a copy of
# the tree (it writes beside the tree it builds), without its test suite
# (make test has run it); lintian must be silent at its default level;
# the package, unpacked in a scratch root with dpkg -x, must hold the
# binary and every man/*.[0-9], be the Makefile's version, list its games
# and play the sample game of `make demo` to the golden files.
GUNBAI=/usr/bin/gunbai # where the package puts it, below its root
. tests/lib.sh
version=$(sed -n 's/^VERSION = //p' Makefile)

# The source as a user has it: no build outputs.
mkdir "$tmp/gunbai"
tar --exclude=./build --exclude=./.git --exclude=./gunbai \
    --exclude=./demo-out -cf - . | tar -xf - -C "$tmp/gunbai"
if (cd "$tmp/gunbai" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc) \
    >"$tmp/build.log" 2>&1; then ok "dpkg-buildpackage -us -uc"
else not_ok "dpkg-buildpackage -us -uc:"; tail -30 "$tmp/build.log" | sed 's/^/    /'; fi
deb=$(ls "$tmp"/gunbai_*.deb 2>/dev/null | head -1)
changes=$(ls "$tmp"/gunbai_*.changes 2>/dev/null | head -1)
if [ -z "$deb" ] || [ -z "$changes" ]; then
	not_ok "no .deb or .changes made"
	echo "$((n - fails)) passed, $fails failed"
	exit 1
fi

# lintian says "running with root privileges" on stderr, as root: only its
# tags count.
lintian "$changes" >"$tmp/lintian" 2>"$tmp/lintian.err"
st=$?
if [ "$st" -eq 0 ] && ! grep -q '^[EW]:' "$tmp/lintian"; then
	ok "lintian: no error, no warning"
else
	not_ok "lintian (exit $st):"; sed 's/^/    /' "$tmp/lintian" "$tmp/lintian.err"
fi
got=$(dpkg-deb -f "$deb" Version)
if [ "$got" = "$version" ]; then ok "the package is version $version"
else not_ok "the package is version $got, the Makefile's $version"; fi

root=$tmp/root
dpkg -x "$deb" "$root"
bin=$root$gunbai
{ echo ./usr/bin/gunbai
  echo ./usr/libexec/gunbai/gunbai-mail
  echo ./usr/share/gunbai/gunbai-orders.html
  for m in man/*.[0-9]; do echo "./usr/share/man/man${m##*.}/${m#man/}.gz"; done
} | sort >"$tmp/want"
(cd "$root" && find ./usr/bin ./usr/libexec ./usr/share/man \
    ./usr/share/gunbai -type f | sort) >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then ok "it holds the binary, gunbai-mail, the player's page and every man page"
else not_ok "its files, - wanted + got:"; diff "$tmp/want" "$tmp/got" | sed 's/^/    /'; fi
pages=0
for page in "$root"/usr/share/man/man*/*.gz; do
	[ -f "$page" ] || continue
	if MANWIDTH=80 man -l "$page" 2>"$tmp/err" </dev/null | grep -q "^NAME" &&
	    [ ! -s "$tmp/err" ]; then pages=$((pages + 1)); else
		not_ok "man -l $(basename "$page"):"; sed 's/^/    /' "$tmp/err"; fi
done
ok "man -l opens $pages packaged pages"

if cmp -s "$root/usr/share/gunbai/gunbai-orders.html" page/gunbai-orders.html &&
    "$bin" --version | grep -qx "gunbai-orders.html sha256 $(sha256sum \
    page/gunbai-orders.html | cut -d' ' -f1)"; then
	ok "the packaged page is page/gunbai-orders.html, whose SHA-256 the packaged gunbai prints"
else not_ok "the packaged page or its SHA-256 in gunbai --version"; fi

cd "$tmp" || exit 1
if [ "$("$bin" --version 2>&1 | head -1)" = "gunbai $version" ]; then
	ok "gunbai --version from the package: $version"
else not_ok "gunbai --version from the package: $("$bin" --version 2>&1)"; fi
"$bin" games >games.txt 2>&1
st=$?
if [ "$st" -eq 0 ] && grep -q '^senjin: ' games.txt; then
	ok "gunbai games from the package lists $(grep -c '^[a-z-]*: ' games.txt) games"
else not_ok "gunbai games from the package (exit $st):"; sed 's/^/    /' games.txt; fi
if mail_runs "$bin"; then ok "the packaged gunbai runs mail-out (gunbai-mail)"
else not_ok "the packaged gunbai mail-out --help:"; sed 's/^/    /' "$tmp/mail-runs"; fi
sh "$top/samples/senjin/play.sh" "$bin" demo >demo.log 2>&1
if golden_diff demo >diff.txt 2>&1; then
	ok "the demo played by the packaged gunbai gives the golden files"
else
	not_ok "the demo from the package:"; head -20 diff.txt demo.log | sed 's/^/    /'
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
