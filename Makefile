# gunbai - play-by-email war game adjudicator.  See README.md.
#
#   make            build ./gunbai
#   make test       install missing Debian packages (as root), then build
#                   and run every test with gcc, and again with clang under
#                   AddressSanitizer and UndefinedBehaviorSanitizer
#   make demo       play the sample Senjin game end to end
#   make install    PREFIX (/usr/local) and DESTDIR honoured
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
WARN = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wformat=2 -Werror
CFLAGS ?= -O2 -g
ifeq ($(SAN),1)
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
ALL_CFLAGS = -std=c17 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(WARN) $(CFLAGS) $(SANFLAGS) \
	-DGUNBAI_VERSION='"$(VERSION)"' -iquote adjudicator \
	$(shell $(PKG_CONFIG) --cflags yaml-0.1 libcrypto 2>/dev/null)
LIBS = $(shell $(PKG_CONFIG) --libs yaml-0.1 libcrypto 2>/dev/null)
TEST_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
TEST_LIBS = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

# Everything but main.c goes in the library the tests link with.
CORE_SRCS = $(filter-out adjudicator/main.c,$(wildcard adjudicator/*.c))
GAME_SRCS = $(wildcard games/*/*.c)
LIB_OBJS = $(patsubst %.c,$(BUILD)/%.o,$(CORE_SRCS) $(GAME_SRCS))
TEST_SRCS = $(wildcard tests/test_*.c)
TEST_BINS = $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRCS))
TOOL_SRCS = $(wildcard tests/tools/*.c)
TOOL_BINS = $(patsubst tests/tools/%.c,$(BUILD)/tools/%,$(TOOL_SRCS))
MANS = $(wildcard man/*.[0-9])

# Debian packages the build, the tests and the demo need.
DEB_PKGS = libyaml-dev libssl-dev libcmocka-dev pkg-config openssl mandoc clang make python3 \
	libclang-rt-14-dev
# On Debian every package is asked for by name; elsewhere, the commands.
DEB_CHECK = if command -v dpkg >/dev/null; then \
	  dpkg -s $(DEB_PKGS) >/dev/null 2>&1; else \
	  $(PKG_CONFIG) --exists yaml-0.1 libcrypto cmocka && \
	  command -v openssl >/dev/null && command -v mandoc >/dev/null && \
	  command -v clang >/dev/null && command -v python3 >/dev/null; fi

.PHONY: all deps test check demo install lint clean
.SUFFIXES:

all: gunbai

gunbai: $(BUILD)/gunbai
	cp $< $@

$(BUILD)/gunbai: $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a
	$(CC) $(ALL_CFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/libgunbai.a: $(LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c $(wildcard adjudicator/*.h games/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libgunbai.a $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -Itests -o $@ $< $(BUILD)/libgunbai.a $(TEST_LIBS) $(LIBS)

$(BUILD)/tools/%: tests/tools/%.c $(BUILD)/libgunbai.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libgunbai.a $(LIBS)

# Install what is missing, as root, on Debian; otherwise say what to install.
deps:
	@if ! ( $(DEB_CHECK) ); then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing: $(DEB_PKGS)"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(DEB_PKGS); \
	  else \
	    echo "missing packages; install: $(DEB_PKGS)" >&2; exit 1; \
	  fi; \
	fi

# One build variant: the binary, the unit tests and the tools, then run.
check: $(BUILD)/gunbai $(TEST_BINS) $(TOOL_BINS)
	@sh tests/run.sh $(BUILD)

test: deps
	$(MAKE) --no-print-directory check BUILD=build/gcc CC=gcc
	HARNESS_SEEDS=4 $(MAKE) --no-print-directory check BUILD=build/san CC=clang SAN=1
	$(MAKE) --no-print-directory lint

demo: deps
	$(MAKE) --no-print-directory gunbai
	@sh samples/senjin/play.sh ./gunbai demo-out

lint:
	mandoc -Tlint -W warning $(MANS)

install: gunbai
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man6
	install -m 755 gunbai $(DESTDIR)$(BINDIR)/gunbai
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 man/*.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 man/*.6 $(DESTDIR)$(MANDIR)/man6/

clean:
	rm -rf build gunbai demo-out

# ---------------------------------------------------------------------
# Robustness (issue 3): fuzz targets, fault injection, coverage, bench.
#
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (60), one
#                   session per registered game for fuzz_game; fails on
#                   any crash, leak or sanitizer report
#   make coverage   gcc --coverage build, every test, line and branch
#                   coverage of adjudicator/ and games/
#   make bench      whole-process adjudication against the floor, random
#                   playouts per game, early against late turns

FUZZ_SECONDS ?= 60
FUZZ_SRCS = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_COMMON = tests/fuzz/common.c
FUZZ_DEPS = $(FUZZ_COMMON) tests/fuzz/fuzz.h $(BUILD)/libgunbai.a
# In every build variant: each target linked with a main that replays
# the corpora (tests/t_fuzz.sh runs them).
FUZZ_REPLAY_BINS = $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRCS))
# gunbai with open, write, fsync, rename, ... and the allocator wrapped,
# to fail on demand (tests/faults/faults.c, tests/t_faults.sh).
FAULT_WRAP = open close read write fsync rename link mkdir \
	mkdtemp mkstemp opendir fchmod malloc calloc realloc
FAULT_BIN = $(BUILD)/tools/gunbai-faults

.PHONY: fuzz fuzz-build coverage bench

check: $(FUZZ_REPLAY_BINS) $(FAULT_BIN)

$(BUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/fuzz -o $@ $< tests/fuzz/replay.c \
	    $(FUZZ_COMMON) $(BUILD)/libgunbai.a $(LIBS)

$(BUILD)/libfuzzer/%: tests/fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< \
	    $(FUZZ_COMMON) $(BUILD)/libgunbai.a $(LIBS)

$(FAULT_BIN): tests/faults/faults.c $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/faults/faults.c \
	    $(BUILD)/adjudicator/main.o $(BUILD)/libgunbai.a $(LIBS) \
	    $(foreach f,$(FAULT_WRAP),-Wl,--wrap=$(f))

fuzz-build: $(BUILD)/gunbai $(patsubst tests/fuzz/%.c,$(BUILD)/libfuzzer/%,$(FUZZ_SRCS))

fuzz: deps
	$(MAKE) --no-print-directory fuzz-build BUILD=build/fuzz CC=clang \
	    SAN=1 CFLAGS='-O1 -g -fsanitize=fuzzer-no-link'
	sh tests/fuzz/run.sh build/fuzz $(FUZZ_SECONDS)

# The figures are printed even if a test fails.
coverage: deps
	rm -rf build/coverage
	-$(MAKE) --no-print-directory check BUILD=build/coverage CC=gcc \
	    CFLAGS='-O0 -g --coverage'
	@sh tests/coverage.sh build/coverage

bench: deps
	$(MAKE) --no-print-directory BUILD=build/bench CC=gcc \
	    build/bench/gunbai build/bench/tools/bench_time \
	    build/bench/tools/bench_floor build/bench/tools/bench_play \
	    build/bench/tools/bench_peak
	@sh bench/bench.sh build/bench
