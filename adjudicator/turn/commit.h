/* commit.h - a game's identity and the commitment to its seed
 * (formats/threats.md).
 *
 * uid: 16 bytes made once at `gunbai new`, named by every orders file, so
 * that no signed file of one game is valid in another, even one with the
 * same id and players.  Without --seed it is fresh randomness from the
 * operating system; with --seed it is the first 16 bytes of
 * SHA-256("gunbai-uid-v1" || seed).
 *
 * commitment: SHA-256("gunbai-seed-commit-v1" || uid || seed), shown in
 * every report from the first on; the seed itself is shown in the public
 * report once the game is over, and commit_check() ties the two. */
#ifndef GUNBAI_COMMIT_H
#define GUNBAI_COMMIT_H

#include <stdint.h>

#include "base/crypto.h"
#include "base/rng.h"
#include "base/util.h"

#define COMMIT_UID_BYTES 16
#define COMMIT_UID_HEX (2 * COMMIT_UID_BYTES)
#define COMMIT_HEX (2 * CRYPTO_SHA256_BYTES)

/* The uid of a game made with a given seed (`new --seed`). */
void commit_uid_from_seed(const uint8_t seed[RNG_SEED_BYTES],
    uint8_t uid[COMMIT_UID_BYTES]);

/* The commitment to seed of the game uid. */
void commit_seed(const uint8_t uid[COMMIT_UID_BYTES],
    const uint8_t seed[RNG_SEED_BYTES], uint8_t out[CRYPTO_SHA256_BYTES]);

/* The same, in lowercase hex (COMMIT_HEX digits and a NUL). */
void commit_seed_hex(const uint8_t uid[COMMIT_UID_BYTES],
    const uint8_t seed[RNG_SEED_BYTES], char out[COMMIT_HEX + 1]);

/* Does the commitment (hex) match the revealed seed (hex) of the game uid
 * (hex)?  Returns 0 if it does; -1 with the reason in e if a value is not
 * hex of the right length or the commitment does not match. */
int commit_check(const char *commitment, const char *uid, const char *seed,
    struct gb_err *e);

#endif
