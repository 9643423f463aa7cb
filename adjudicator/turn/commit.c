/* commit.c - the seed commitment and the uid derived from it (commit.h). */
#include <stdlib.h>
#include <string.h>

#include "turn/commit.h"

#define COMMIT_UID_TAG "gunbai-uid-v2"
#define COMMIT_SEED_TAG "gunbai-seed-commit-v2"

void
commit_seed(const uint8_t seed[RNG_SEED_BYTES],
    uint8_t out[CRYPTO_SHA256_BYTES])
{
	uint8_t msg[sizeof COMMIT_SEED_TAG - 1 + RNG_SEED_BYTES];
	size_t off = sizeof COMMIT_SEED_TAG - 1;

	memcpy(msg, COMMIT_SEED_TAG, off);
	memcpy(msg + off, seed, RNG_SEED_BYTES);
	crypto_sha256(msg, sizeof msg, out);
}

void
commit_seed_hex(const uint8_t seed[RNG_SEED_BYTES], char out[COMMIT_HEX + 1])
{
	uint8_t h[CRYPTO_SHA256_BYTES];

	commit_seed(seed, h);
	util_hex(h, sizeof h, out);
}

void
commit_uid(const uint8_t commit[CRYPTO_SHA256_BYTES], const char *record,
    size_t n, uint8_t uid[COMMIT_UID_BYTES])
{
	size_t off = sizeof COMMIT_UID_TAG - 1;
	uint8_t *msg = util_malloc(off + CRYPTO_SHA256_BYTES + n);
	uint8_t h[CRYPTO_SHA256_BYTES];

	memcpy(msg, COMMIT_UID_TAG, off);
	memcpy(msg + off, commit, CRYPTO_SHA256_BYTES);
	if (n > 0)
		memcpy(msg + off + CRYPTO_SHA256_BYTES, record, n);
	crypto_sha256(msg, off + CRYPTO_SHA256_BYTES + n, h);
	free(msg);
	memcpy(uid, h, COMMIT_UID_BYTES);
}

/* n bytes from exactly 2n hex digits of s, or -1 with e set. */
static int
commit_unhex(const char *what, const char *s, uint8_t *out, size_t n,
    struct gb_err *e)
{
	if (strlen(s) != 2 * n || util_unhex(s, out, n) == -1)
		return err_set(e, 0, 0, "the %s must be %zu hexadecimal "
		    "digits", what, 2 * n);
	return 0;
}

int
commit_check(const char *commitment, const char *seed, struct gb_err *e)
{
	uint8_t c[CRYPTO_SHA256_BYTES], s[RNG_SEED_BYTES];
	uint8_t want[CRYPTO_SHA256_BYTES];

	if (commit_unhex("seed commitment", commitment, c, sizeof c, e) == -1 ||
	    commit_unhex("seed", seed, s, sizeof s, e) == -1)
		return -1;
	commit_seed(s, want);
	if (memcmp(want, c, sizeof c) != 0)
		return err_set(e, 0, 0, "the seed does not match the "
		    "commitment: the seed revealed is not the one the game "
		    "was committed to");
	return 0;
}
