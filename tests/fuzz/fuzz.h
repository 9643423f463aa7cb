/* fuzz.h - what the fuzz targets of tests/fuzz/ share.
 *
 * Each fuzz_NAME.c is one libFuzzer target: it defines
 * LLVMFuzzerTestOneInput (and LLVMFuzzerInitialize).  `make fuzz` links
 * each with libFuzzer (clang, ASan, UBSan; fuzz_game with libraries built
 * without comparison tracing, see the Makefile); every build variant of
 * `make check` links each with replay.c instead, a main that runs the
 * target once on every file it is given, so that the committed corpora
 * (tests/fuzz/corpus/NAME/) and every input that ever crashed
 * (tests/fuzz/crashes/NAME/) are replayed on every `make test`, with gcc
 * too.  common.c has the helpers.
 *
 * A target checks invariants itself and calls fuzz_fail (which aborts)
 * when one breaks; the sanitizers catch the rest. */
#ifndef GUNBAI_FUZZ_H
#define GUNBAI_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "base/crypto.h"
#include "game/game.h"
#include "turn/state.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The test keys (tests/keys/NAME.pub and NAME.key, or FUZZ_KEYS/): names
 * and their canonical public PEM. */
#define FUZZ_PLAYERS 4
extern const char *const fuzz_names[FUZZ_PLAYERS];
const char *fuzz_pubkey(int i);
/* Sign n bytes with the private key of player i. */
void fuzz_sign(int i, const void *data, size_t n,
    uint8_t sig[CRYPTO_SIG_BYTES]);

/* A new game of g for np players (fuzz_names[0..np)) with its default
 * options, seeded with seed; id "fuzz". */
void fuzz_new_state(struct state *st, const struct game_entry *g, int np,
    const uint8_t seed[RNG_SEED_BYTES]);

/* The registered game FUZZ_GAME names, or NULL if it is not set; exits
 * if it names no game. */
const struct game_entry *fuzz_env_game(void);

/* Write then parse st: returns the bytes (caller frees) after checking
 * that parse(write(st)) writes the same bytes. */
char *fuzz_roundtrip(const struct state *st, size_t *len);
/* The same check of bytes a (len) that state_write(st) returned. */
void fuzz_roundtrip_check(const struct state *st, const char *a,
    size_t len);

/* The file replay.c is running, for messages; NULL under libFuzzer. */
extern const char *fuzz_input;

/* Report a broken invariant and abort, so that libFuzzer keeps the
 * input. */
void fuzz_fail(const char *fmt, ...) GB_PRINTF(1, 2)
    __attribute__((noreturn));

/* Reading an input as a stream of choices. */
struct fuzz_in {
	const uint8_t *p;
	size_t n;
};
/* The next byte, 0 once the input is used up. */
unsigned fuzz_byte(struct fuzz_in *in);
/* A number in [0, n) from the next bytes (0 when n is 0). */
size_t fuzz_below(struct fuzz_in *in, size_t n);

#endif
