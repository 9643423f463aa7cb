/* commit.c - game uid and seed commitment (commit.h). */
#include <string.h>

#include "turn/commit.h"

#define COMMIT_UID_TAG "gunbai-uid-v1"
#define COMMIT_SEED_TAG "gunbai-seed-commit-v1"

void
commit_uid_from_seed(const uint8_t seed[RNG_SEED_BYTES],
    uint8_t uid[COMMIT_UID_BYTES])
{
	uint8_t msg[sizeof COMMIT_UID_TAG - 1 + RNG_SEED_BYTES];
	uint8_t h[CRYPTO_SHA256_BYTES];

	memcpy(msg, COMMIT_UID_TAG, sizeof COMMIT_UID_TAG - 1);
	memcpy(msg + sizeof COMMIT_UID_TAG - 1, seed, RNG_SEED_BYTES);
	crypto_sha256(msg, sizeof msg, h);
	memcpy(uid, h, COMMIT_UID_BYTES);
}

void
commit_seed(const uint8_t uid[COMMIT_UID_BYTES],
    const uint8_t seed[RNG_SEED_BYTES], uint8_t out[CRYPTO_SHA256_BYTES])
{
	uint8_t msg[sizeof COMMIT_SEED_TAG - 1 + COMMIT_UID_BYTES +
	    RNG_SEED_BYTES];
	size_t off = sizeof COMMIT_SEED_TAG - 1;

	memcpy(msg, COMMIT_SEED_TAG, off);
	memcpy(msg + off, uid, COMMIT_UID_BYTES);
	memcpy(msg + off + COMMIT_UID_BYTES, seed, RNG_SEED_BYTES);
	crypto_sha256(msg, sizeof msg, out);
}

void
commit_seed_hex(const uint8_t uid[COMMIT_UID_BYTES],
    const uint8_t seed[RNG_SEED_BYTES], char out[COMMIT_HEX + 1])
{
	uint8_t h[CRYPTO_SHA256_BYTES];

	commit_seed(uid, seed, h);
	util_hex(h, sizeof h, out);
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
commit_check(const char *commitment, const char *uid, const char *seed,
    struct gb_err *e)
{
	uint8_t c[CRYPTO_SHA256_BYTES], u[COMMIT_UID_BYTES], s[RNG_SEED_BYTES];
	uint8_t want[CRYPTO_SHA256_BYTES];

	if (commit_unhex("seed commitment", commitment, c, sizeof c, e) == -1 ||
	    commit_unhex("game uid", uid, u, sizeof u, e) == -1 ||
	    commit_unhex("seed", seed, s, sizeof s, e) == -1)
		return -1;
	commit_seed(u, s, want);
	if (memcmp(want, c, sizeof c) != 0)
		return err_set(e, 0, 0, "the seed does not match the "
		    "commitment: the seed revealed is not the one the game "
		    "was committed to");
	return 0;
}
