/* commit.h - the commitment to a game's seed (formats/evidence.md).
 *
 * commitment: SHA-256("gunbai-seed-commit-v2" || seed), shown in every
 * report from the first on; the seed itself is shown in the public report
 * once the game is over, and commit_check() ties the two.  The game's uid
 * is derived from the commitment and the game's setup record (setup.h),
 * so that no two games share a uid unless they share the seed and every
 * input of the setup. */
#ifndef GUNBAI_COMMIT_H
#define GUNBAI_COMMIT_H

#include <stdint.h>

#include "base/crypto.h"
#include "base/rng.h"
#include "base/util.h"

#define COMMIT_UID_BYTES 16
#define COMMIT_UID_HEX (2 * COMMIT_UID_BYTES)
#define COMMIT_HEX (2 * CRYPTO_SHA256_BYTES)

/* The commitment to seed. */
void commit_seed(const uint8_t seed[RNG_SEED_BYTES],
    uint8_t out[CRYPTO_SHA256_BYTES]);

/* The same, in lowercase hex (COMMIT_HEX digits and a NUL). */
void commit_seed_hex(const uint8_t seed[RNG_SEED_BYTES],
    char out[COMMIT_HEX + 1]);

/* The uid of the game whose seed has the commitment commit and whose
 * setup record is the n bytes at record: the first 16 bytes of
 * SHA-256("gunbai-uid-v2" || commit || record). */
void commit_uid(const uint8_t commit[CRYPTO_SHA256_BYTES],
    const char *record, size_t n, uint8_t uid[COMMIT_UID_BYTES]);

/* Does the commitment (hex) match the revealed seed (hex)?  Returns 0 if
 * it does; -1 with the reason in e if a value is not hex of the right
 * length or the commitment does not match. */
int commit_check(const char *commitment, const char *seed, struct gb_err *e);

#endif
