# gunbai - play-by-email war game adjudicator.  See README.md.
#
#   make            build ./gunbai
#   make test       install missing Debian packages (as root), then build
#                   and run every test with gcc, and again with clang under
#                   AddressSanitizer and UndefinedBehaviorSanitizer; then
#                   the flag matrix, make install and the Debian package
#                   (make flags, install-test, deb-test)
#   make demo       play the sample Senjin game end to end
#   make install    PREFIX (/usr/local) and DESTDIR honoured; uninstall
#   make lint       mandoc -Tlint on the man pages
#   make clean

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BUILD ?= build/default
CC ?= cc
PKG_CONFIG ?= pkg-config
SAN ?=

VERSION = 0.1.0
WARN = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wformat=2
# Warnings are errors in the builds the tests make (check, flags, fuzz,
# bench); a plain `make` with the user's CFLAGS never fails on one.
WERROR =
CFLAGS ?= -O2 -g
ifeq ($(SAN),1)
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
ALL_CFLAGS = -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(WERROR) \
	$(CPPFLAGS) $(CFLAGS) $(SANFLAGS) \
	-DGUNBAI_VERSION='"$(VERSION)"' -iquote adjudicator \
	$(shell $(PKG_CONFIG) --cflags yaml-0.1 libcrypto jansson gmime-3.0 2>/dev/null)
# libcrypto first: the loader looks each symbol up in the program, then
# in the libraries in this order, and libcrypto (BIND_NOW) binds some
# 4,200 references of its own at start; first, it finds them one library
# sooner (callgrind, the signed turn of bench section 1: 144,000 fewer
# instructions in the loader, 1.5% of the turn).  -Wl,-O1 and
# -Wl,--as-needed were measured too: 7,000, not kept.  libcrypto stays
# shared, for its security updates.
LIBS = $(shell $(PKG_CONFIG) --libs libcrypto yaml-0.1 jansson 2>/dev/null)
# GMime (and GLib) only in gunbai-mail, which `gunbai mail-in` and
# `gunbai mail-out` run: loading them would double what every other
# command costs (bench/README).
MAIL_LIBS = $(shell $(PKG_CONFIG) --libs gmime-3.0 2>/dev/null)
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
TEST_LIBS = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

# Everything but the two mains goes in the libraries the tests link
# with: libgunbai-mail.a the code that uses GMime, libgunbai.a the rest.
# adjudicator/ is in layer folders (adjudicator/README.md); every .c but
# the mains is in a library.
MAIL_SRCS = $(filter-out adjudicator/mail/mail_main.c, \
	$(wildcard adjudicator/mail/*.c))
CORE_SRCS = $(filter-out adjudicator/main.c adjudicator/mail/%, \
	$(wildcard adjudicator/*.c adjudicator/*/*.c))
GAME_SRCS = $(wildcard games/*/*.c)
LIB_OBJS = $(patsubst %.c,$(BUILD)/%.o,$(CORE_SRCS) $(GAME_SRCS))
MAIL_OBJS = $(patsubst %.c,$(BUILD)/%.o,$(MAIL_SRCS))
# What a test or fuzz target links: every library.
ALL_LIBS = $(BUILD)/libgunbai-mail.a $(BUILD)/libgunbai.a
TEST_SRCS = $(wildcard tests/test_*.c)
TEST_BINS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRCS))
TOOL_SRCS = $(wildcard tests/tools/*.c)
TOOL_BINS = $(patsubst tests/tools/%.c,$(BUILD)/tools/%,$(TOOL_SRCS))
MANS = $(wildcard man/*.[0-9])

# Debian packages: DEMO_PKGS build gunbai and play the demo (the build
# and runtime libraries, make, openssl); TEST_PKGS are what the tests add
# (cmocka, clang and its sanitizers, a browser, an MTA, lintian, valgrind,
# ...).  README, Dependencies, gives each one's reason.
DEMO_PKGS = build-essential make pkg-config libyaml-dev libssl-dev \
	libjansson-dev libgmime-3.0-dev openssl
TEST_PKGS = libcmocka-dev mandoc clang python3 libclang-rt-14-dev \
	python3-jsonschema python3-pil chromium chromium-driver \
	python3-selenium parallel dpkg-dev debhelper \
	lintian man-db exim4-daemon-light mutt mpack valgrind
DEB_PKGS = $(DEMO_PKGS) $(TEST_PKGS)
# deps_check PACKAGES: on Debian every package asked for by name;
# elsewhere, the commands and libraries.
deps_check = if command -v dpkg >/dev/null; then \
	  dpkg -s $(1) >/dev/null 2>&1; else \
	  $(PKG_CONFIG) --exists yaml-0.1 libcrypto jansson gmime-3.0 && \
	  command -v openssl >/dev/null && { [ "$(2)" = demo ] || { \
	  $(PKG_CONFIG) --exists cmocka && command -v mandoc >/dev/null && \
	  command -v clang >/dev/null && command -v python3 >/dev/null && \
	  command -v chromium >/dev/null; }; }; fi
# deps_install PACKAGES KIND APT-OPTIONS: what is missing installed, as
# root, on Debian; otherwise say what to install.  No service a package
# brings is started (a policy-rc.d that says no, for the install only, if
# there is none): the Exim of the tests is theirs, started and stopped by
# tests/t_mta.sh, never the system's.
deps_install = if ! ( $(call deps_check,$(1),$(2)) ); then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing: $(strip $(1))"; \
	    prc=; if [ ! -e /usr/sbin/policy-rc.d ]; then prc=/usr/sbin/policy-rc.d; \
	      printf '\#!/bin/sh\nexit 101\n' >$$prc && chmod 755 $$prc; fi; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(3) $(1); \
	    st=$$?; [ -z "$$prc" ] || rm -f $$prc; exit $$st; \
	  else \
	    echo "missing packages; install: $(strip $(1))" >&2; exit 1; \
	  fi; \
	fi

.PHONY: all deps demo-deps test check bins demo install uninstall lint clean
.SUFFIXES:

all: gunbai

gunbai: $(BUILD)/gunbai $(BUILD)/gunbai-mail
	cp $(BUILD)/gunbai-mail gunbai-mail
	cp $(BUILD)/gunbai $@

$(BUILD)/gunbai: $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a | $(BUILD)/gunbai-mail
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/adjudicator/main.o \
	    $(BUILD)/libgunbai.a $(LIBS)

$(BUILD)/gunbai-mail: $(BUILD)/adjudicator/mail/mail_main.o $(ALL_LIBS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS) $(MAIL_LIBS)

# The player's page: the same bytes for everyone, its SHA-256 printed by
# `gunbai --version` from a header made here from the file itself.
PAGE = page/gunbai-orders.html
$(BUILD)/page_sha256.h: $(PAGE)
	@mkdir -p $(dir $@)
	printf '#define GUNBAI_PAGE_SHA256 "%s"\n' \
	    "$$(sha256sum $(PAGE) | cut -d' ' -f1)" >$@.tmp && mv $@.tmp $@

$(BUILD)/adjudicator/main.o $(BUILD)/adjudicator/mail/mail_out.o: \
    $(BUILD)/page_sha256.h
$(BUILD)/adjudicator/main.o $(BUILD)/adjudicator/mail/mail_out.o: \
    ALL_CFLAGS += -iquote $(BUILD)

$(BUILD)/libgunbai.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/libgunbai-mail.a: $(MAIL_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c $(wildcard adjudicator/*/*.h games/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(ALL_LIBS) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(TEST_CFLAGS) -Itests -o $@ $< \
	    $(ALL_LIBS) $(TEST_LIBS) $(LIBS) $(MAIL_LIBS)

$(BUILD)/tools/%: tests/tools/%.c $(BUILD)/libgunbai.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libgunbai.a $(LIBS)

# Install what is missing, as root, on Debian: everything (deps, for the
# tests) or what the demo needs (demo-deps).
deps:
	@$(call deps_install,$(DEB_PKGS),test)

demo-deps:
	@$(call deps_install,$(DEMO_PKGS),demo,--no-install-recommends)

# One build variant: the binary, the unit tests and the tools (bins),
# then run, warnings as errors.
bins: $(BUILD)/gunbai $(TEST_BINS) $(TOOL_BINS)

check: WERROR = -Werror
check: bins
	@bash tests/run.sh $(BUILD)

# make test: the gcc and the sanitizer builds first, in parallel
# (TEST_JOBS, the cores), then every suite of both and the checks across
# builds run in parallel (tests/run.sh): the gcc build's suites, the clang
# ASan/UBSan build's (fewer harness seeds and smaller trees of legal
# orders in the harness's JSON reports: it is the slowest; ONCE=0: the
# checks that judge bytes the same in every build, which the flags job
# shows of build/san too, run with the gcc build only: tests/lib.sh; the
# fault injection, t_faults.sh, in the sanitizer build only, where ASan
# also watches each error path: FAULTS_ELSEWHERE), mandoc
# -Tlint, the flag matrix (make flags: its variants built in that job),
# make install (install-test) and the Debian package (deb-test).  Each
# configuration is built once.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)

test: deps
	$(MAKE) --no-print-directory -j$(TEST_JOBS) test-builds
	@bash tests/run.sh FAULTS_ELSEWHERE=1 build/gcc FAULTS_ELSEWHERE=0 \
	    HARNESS_SEEDS=4 HARNESS_CHOICES=50 ONCE=0 build/san \
	    --job lint '$(MAKE) --no-print-directory lint' \
	    --job flags '$(MAKE) --no-print-directory $(TEST_FLAGS_ONLY:%=flags-%) && \
	        sh tests/flags.sh build/gcc build/san $(TEST_FLAGS_BUILDS)' \
	    --job install-test 'sh tests/install.sh build/gcc' \
	    --job deb-test '$(DEB_TEST)'

# (test-builds, with every flags variant, is below the variants.)  The gcc
# build takes Debian's build flags where there are some (dpkg-buildflags:
# -O2 and the hardening): it is the flag matrix's gcc-dpkg variant too, so
# that configuration is built once.
.PHONY: test-builds test-build-gcc test-build-san
test-build-gcc:
	+$(MAKE) --no-print-directory bins BUILD=build/gcc CC=gcc WERROR=-Werror \
	    $(if $(filter gcc-dpkg,$(FLAGS_ONLY)),$(FLAGS_gcc-dpkg))
test-build-san:
	+$(MAKE) --no-print-directory bins BUILD=build/san CC=clang SAN=1 WERROR=-Werror

demo: demo-deps
	$(MAKE) --no-print-directory -j$(TEST_JOBS) gunbai
	@sh samples/senjin/play.sh ./gunbai demo-out

lint:
	mandoc -Tlint -W warning $(MANS)

# The binary of BUILD to BINDIR and gunbai-mail to PREFIX/libexec/gunbai/
# (gunbai runs it from ../libexec/gunbai/ beside itself, so BINDIR is
# PREFIX/bin for the mail commands); each man/NAME.S goes to MANDIR/manS/.
# uninstall removes those files, nothing else (directories stay: others
# may use them; libexec/gunbai/ is gunbai's own).
install: $(BUILD)/gunbai
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PREFIX)/libexec/gunbai
	install -m 755 $(BUILD)/gunbai $(DESTDIR)$(BINDIR)/gunbai
	install -m 755 $(BUILD)/gunbai-mail $(DESTDIR)$(PREFIX)/libexec/gunbai/gunbai-mail
	install -d $(DESTDIR)$(PREFIX)/share/gunbai
	install -m 644 $(PAGE) $(DESTDIR)$(PREFIX)/share/gunbai/gunbai-orders.html
	for m in $(MANS); do \
	  d=$(DESTDIR)$(MANDIR)/man$${m##*.}; \
	  install -d "$$d" && install -m 644 "$$m" "$$d/" || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gunbai $(DESTDIR)$(PREFIX)/libexec/gunbai/gunbai-mail
	rmdir $(DESTDIR)$(PREFIX)/libexec/gunbai 2>/dev/null || true
	rm -f $(DESTDIR)$(PREFIX)/share/gunbai/gunbai-orders.html
	rmdir $(DESTDIR)$(PREFIX)/share/gunbai 2>/dev/null || true
	for m in $(MANS); do \
	  rm -f "$(DESTDIR)$(MANDIR)/man$${m##*.}/$${m#man/}" || exit 1; \
	done

clean:
	rm -rf build gunbai gunbai-mail demo-out

# ---------------------------------------------------------------------
# Robustness (issue 3): fuzz targets, fault injection, coverage, bench.
#
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (60), one
#                   session per registered game for fuzz_game; fails on
#                   any crash, leak or sanitizer report
#   make coverage   gcc --coverage build, every test, line and branch
#                   coverage of adjudicator/ and games/
#   make bench      whole-process adjudication against the floor, random
#                   playouts per game, early against late turns, mail-in
#                   of ordinary and hostile mailboxes (bench/README)

FUZZ_SECONDS ?= 60
FUZZ_SRCS = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_COMMON = tests/fuzz/common.c
FUZZ_DEPS = $(FUZZ_COMMON) tests/fuzz/fuzz.h $(ALL_LIBS)
# In every build variant: each target linked with a main that replays
# the corpora (tests/t_fuzz.sh runs them).
FUZZ_REPLAY_BINS = $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRCS))
# gunbai with open, write, fsync, rename, ... and the allocator wrapped,
# to fail on demand (tests/faults/faults.c, tests/t_faults.sh).
FAULT_WRAP = open close read write fsync syncfs fstatfs rename link \
	mkdir mkdtemp mkstemp opendir fchmod malloc calloc realloc
FAULT_BIN = $(BUILD)/tools/gunbai-faults

.PHONY: fuzz fuzz-build coverage bench

bins: $(FUZZ_REPLAY_BINS) $(FAULT_BIN)

$(BUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Itests/fuzz -o $@ $< tests/fuzz/replay.c \
	    $(FUZZ_COMMON) $(ALL_LIBS) $(LIBS) $(MAIL_LIBS)

$(BUILD)/libfuzzer/%: tests/fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< \
	    $(FUZZ_COMMON) $(ALL_LIBS) $(LIBS) $(MAIL_LIBS)

$(FAULT_BIN): tests/faults/faults.c $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/faults/faults.c \
	    $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a $(LIBS) \
	    $(foreach f,$(FAULT_WRAP),-Wl,--wrap=$(f))

# fuzz_game's libraries are built again in $(BUILD)/game/ without
# comparison tracing (trace-cmp), a third of its time.  libFuzzer (without
# -use_value_profile) uses what is compared only to copy compared values
# into inputs; fuzz_game's input is mostly choices, and the text it sends
# as orders learns the order syntax from the legal orders it mangles;
# fuzz_orders, which keeps the tracing, fuzzes that text against the same
# validation (bench/README, "fuzz_game executions per second").
fuzz-build: WERROR = -Werror
fuzz-build: $(BUILD)/gunbai $(patsubst tests/fuzz/%.c,$(BUILD)/libfuzzer/%,$(filter-out tests/fuzz/fuzz_game.c,$(FUZZ_SRCS)))
	$(MAKE) --no-print-directory BUILD=$(BUILD)/game WERROR=-Werror \
	    CFLAGS='$(CFLAGS) -fno-sanitize-coverage=trace-cmp' \
	    $(BUILD)/game/libfuzzer/fuzz_game
	@mkdir -p $(BUILD)/libfuzzer
	ln -sf ../game/libfuzzer/fuzz_game $(BUILD)/libfuzzer/fuzz_game

# -O2 as the other builds: fuzz_game replays a fixed corpus in 8% (Japanese
# Swords) and 3 to 5% (Senshiai) less CPU time than at -O1 (bench/README).
fuzz: deps
	$(MAKE) --no-print-directory fuzz-build BUILD=build/fuzz CC=clang \
	    SAN=1 CFLAGS='-O2 -g -fsanitize=fuzzer-no-link'
	sh tests/fuzz/run.sh build/fuzz $(FUZZ_SECONDS)

# The figures are printed even if a test fails.
coverage: deps
	rm -rf build/coverage
	-$(MAKE) --no-print-directory check BUILD=build/coverage CC=gcc \
	    CFLAGS='-O0 -g --coverage'
	@sh tests/coverage.sh build/coverage

bench: deps
	$(MAKE) --no-print-directory BUILD=build/bench CC=gcc WERROR=-Werror \
	    build/bench/gunbai build/bench/gunbai-mail build/bench/tools/bench_time \
	    build/bench/tools/bench_floor build/bench/tools/bench_play \
	    build/bench/tools/bench_peak
	@sh bench/bench.sh build/bench

# ---------------------------------------------------------------------
# Any compiler, any flags (issue 16), run by `make test`:
#
#   make flags      gunbai and the programs that play built with gcc and clang at
#                   -O0 and -O3 (gcc with -march=native) and with Debian's
#                   dpkg-buildflags (hardening), warnings as errors; every
#                   sample, a long random game of every registered game and
#                   every case file must give the same bytes in all
#                   (tests/flags.sh)

# Each variant's make arguments; the dpkg-buildflags ones are Debian's own
# build (hardening included) as debian/rules gets them.
FLAGS_VARIANTS = gcc-O0 gcc-O3 clang-O0 clang-O3 gcc-dpkg
FLAGS_gcc-O0 = CC=gcc CFLAGS=-O0
FLAGS_gcc-O3 = CC=gcc CFLAGS='-O3 -march=native'
FLAGS_clang-O0 = CC=clang CFLAGS=-O0
FLAGS_clang-O3 = CC=clang CFLAGS=-O3
FLAGS_gcc-dpkg = CC=gcc CFLAGS="$$(dpkg-buildflags --get CFLAGS)" \
	CPPFLAGS="$$(dpkg-buildflags --get CPPFLAGS)" \
	LDFLAGS="$$(dpkg-buildflags --get LDFLAGS)"
FLAGS_JOBS ?= 2

.PHONY: flags $(FLAGS_VARIANTS:%=flags-%)

# Without dpkg-buildflags (not Debian) the other four are built.
FLAGS_ONLY = $(if $(shell command -v dpkg-buildflags),$(FLAGS_VARIANTS),\
	$(filter-out gcc-dpkg,$(FLAGS_VARIANTS)))
FLAGS_BUILDS = $(FLAGS_ONLY:%=build/flags/%)

flags: deps
	$(MAKE) --no-print-directory -j$(FLAGS_JOBS) $(FLAGS_ONLY:%=flags-%)
	sh tests/flags.sh $(FLAGS_BUILDS)

# Each variant builds what tests/flags.sh runs: every object of gunbai and
# gunbai-mail (all of adjudicator/ and games/, warnings as errors) and the
# two test programs that play (bench_play, test_cases).  The other test
# programs are built and run by the gcc and the sanitizer builds.
FLAGS_BINS = gunbai tools/bench_play tests/test_cases

$(FLAGS_VARIANTS:%=flags-%):
	+$(MAKE) --no-print-directory \
	    $(FLAGS_BINS:%=build/flags/$(@:flags-%=%)/%) \
	    BUILD=build/flags/$(@:flags-%=%) \
	    WERROR=-Werror $(FLAGS_$(@:flags-%=%))

# make test's: every variant but gcc-dpkg, which is build/gcc there, and
# gcc-O0: -O0 is clang-O0's, gcc is build/gcc's (-O2) and gcc-O3's, and
# the suite must stay within 5 minutes on two cores (the variant cost 17 s
# of CPU).  `make flags` builds and compares all five.
TEST_FLAGS_ONLY = $(filter-out gcc-dpkg gcc-O0,$(FLAGS_ONLY))
TEST_FLAGS_BUILDS = $(TEST_FLAGS_ONLY:%=build/flags/%)
# The flag variants are built by the flags job of make test, beside the
# other suites: the builds fill the cores while suites wait.
test-builds: test-build-gcc test-build-san

#   make install-test   make install into a scratch DESTDIR and PREFIX, the
#                   installed binary and man pages used, make uninstall
#                   (tests/install.sh; BUILD's binary)
#   make deb-test   dpkg-buildpackage -us -uc in a copy of the tree,
#                   lintian, the .deb unpacked and run (tests/deb.sh)

.PHONY: install-test deb-test

install-test: $(BUILD)/gunbai
	sh tests/install.sh $(BUILD)

deb-test:
	$(DEB_TEST)

# Without dpkg-buildpackage (not Debian) there is no package to build.
DEB_TEST = if command -v dpkg-buildpackage >/dev/null; then sh tests/deb.sh; \
	else echo "deb-test skipped: no dpkg-buildpackage (not Debian)"; fi
