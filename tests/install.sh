#!/bin/sh
# make install and make uninstall, as a packager runs them (issue 16):
#     tests/install.sh BUILD_DIR      (make install-test runs this)
# Into a scratch DESTDIR with PREFIX=/opt/gunbai, beside files that are
# not ours: install adds exactly the binary of BUILD_DIR and one page per
# man/*.[0-9]; the binary runs from its installed place (the sample
# Senjin game against its golden files); `man -l` opens every installed
# page; uninstall removes exactly what install added.
build=${1:?usage: tests/install.sh BUILD_DIR}
GUNBAI=$build/gunbai
. tests/lib.sh
make=${MAKE:-make}
root=$tmp/root
prefix=/opt/gunbai

# Files that are someone else's, in the directories install writes to.
mkdir -p "$root$prefix/bin" "$root$prefix/share/man/man1"
echo other >"$root$prefix/bin/other"
echo other >"$root$prefix/share/man/man1/other.1"
files() { (cd "$root" && find . ! -type d | sort); }
files >"$tmp/before"

if $make --no-print-directory install BUILD="$build" DESTDIR="$root" \
    PREFIX=$prefix >"$tmp/log" 2>&1; then ok "make install"
else not_ok "make install:"; sed 's/^/    /' "$tmp/log"; fi
{ cat "$tmp/before"; echo ".$prefix/bin/gunbai"
  echo ".$prefix/libexec/gunbai/gunbai-mail"
  echo ".$prefix/share/gunbai/gunbai-orders.html"
  for m in man/*.[0-9]; do echo ".$prefix/share/man/man${m##*.}/${m#man/}"; done
} | sort >"$tmp/want"
files >"$tmp/after"
if cmp -s "$tmp/want" "$tmp/after"; then
	ok "install adds the binary, gunbai-mail, the player's page and the $(ls man/*.[0-9] | wc -l) man pages, nothing else"
else
	not_ok "installed files, - wanted + got:"
	diff "$tmp/want" "$tmp/after" | sed 's/^/    /'
fi
if cmp -s "$gunbai" "$root$prefix/bin/gunbai" &&
    [ -x "$root$prefix/bin/gunbai" ]; then ok "the binary is the build's, executable"
else not_ok "the installed binary is not $build/gunbai"; fi

# It runs from there, away from the source tree.
cd "$tmp" || exit 1
if "$root$prefix/bin/gunbai" games >"$tmp/games" 2>&1 &&
    grep -q senjin "$tmp/games"; then ok "the installed gunbai lists its games"
else not_ok "the installed gunbai games:"; sed 's/^/    /' "$tmp/games"; fi
# Only gunbai-mail loads GMime and GLib: every other command would pay
# for them (bench/README).
if ldd "$root$prefix/bin/gunbai" >"$tmp/ldd" 2>&1 &&
    ! grep -q 'gmime\|glib' "$tmp/ldd" &&
    ldd "$root$prefix/libexec/gunbai/gunbai-mail" | grep -q gmime; then
	ok "gunbai does not load GMime, gunbai-mail does"
else not_ok "ldd gunbai:"; sed 's/^/    /' "$tmp/ldd"; fi
if mail_runs "$root$prefix/bin/gunbai"; then
	ok "the installed gunbai runs mail-out (gunbai-mail from libexec)"
else not_ok "the installed gunbai mail-out --help:"; sed 's/^/    /' "$tmp/mail-runs"; fi
sh "$top/samples/senjin/play.sh" "$root$prefix/bin/gunbai" demo >"$tmp/demo.log" 2>&1
if golden_diff demo >"$tmp/diff" 2>&1; then
	ok "the installed gunbai plays the sample game to the golden files"
else
	not_ok "the installed gunbai's sample game differs:"
	head -20 "$tmp/diff" | sed 's/^/    /'
fi
cd "$top" || exit 1

for m in man/*.[0-9]; do
	page=$root$prefix/share/man/man${m##*.}/${m#man/}
	name=$(basename "$m" | sed 's/\.[0-9]$//')
	if MANWIDTH=80 man -l "$page" >"$tmp/page" 2>"$tmp/err" </dev/null &&
	    [ ! -s "$tmp/err" ] && grep -q "^NAME" "$tmp/page" &&
	    grep -q "$name" "$tmp/page"; then
		ok "man -l opens the installed ${m#man/}"
	else
		not_ok "man -l ${m#man/}:"; sed 's/^/    /' "$tmp/err" | head -5
	fi
done

if $make --no-print-directory uninstall DESTDIR="$root" PREFIX=$prefix \
    >"$tmp/log" 2>&1; then ok "make uninstall"
else not_ok "make uninstall:"; sed 's/^/    /' "$tmp/log"; fi
files >"$tmp/after"
if cmp -s "$tmp/before" "$tmp/after"; then
	ok "uninstall removes what install added, and nothing else"
else
	not_ok "after uninstall, - before install + after uninstall:"
	diff "$tmp/before" "$tmp/after" | sed 's/^/    /'
fi
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
