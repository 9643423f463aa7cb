/* rng.h - the only source of randomness in gunbai.
 *
 * Specified in formats/rng.md so that anyone can re-derive every roll.
 * gunbai-rng-v1: the stream of point N is seeded from
 * K = SHA-256("gunbai-rng-v1" || seed || N as 8 bytes big-endian) and
 * drawn with xoshiro256**.  gunbai-rng-v2 (games of state 2): setup uses
 * the same K for point 0; a decision point N >= 1 is seeded from
 * SHA-256("gunbai-rng-v2" || K || its answers' signatures), so no one can
 * know its draws before every answer exists.  Draws at a point never
 * depend on how many earlier points drew. */
#ifndef GUNBAI_RNG_H
#define GUNBAI_RNG_H

#include <stddef.h>
#include <stdint.h>

#define RNG_SEED_BYTES 32

struct rng {
	uint64_t s[4];
	uint64_t draws; /* 64-bit outputs taken so far from this stream */
};

/* Start the stream of decision point `point` (setup uses point 0). */
void rng_init(struct rng *r, const uint8_t seed[RNG_SEED_BYTES],
    uint64_t point);
/* One owed player's contribution to a decision point's stream (v2): the
 * 64 bytes of the signature of the orders file used, or NULL when no file
 * was used (the game's defaults for a missed deadline: 64 zero bytes). */
struct rng_answer {
	int player;
	const uint8_t *sig; /* RNG_SIG_BYTES, or NULL */
};

#define RNG_SIG_BYTES 64

/* Start the gunbai-rng-v2 stream of decision point `point` >= 1 from the
 * answers of every owed player, in increasing player order. */
void rng_init_answers(struct rng *r, const uint8_t seed[RNG_SEED_BYTES],
    uint64_t point, const struct rng_answer *answers, size_t n);
/* The next 64-bit output of xoshiro256**. */
uint64_t rng_next(struct rng *r);
/* A uniform integer in [0, n), n >= 1, without modulo bias (rejection:
 * draws below 2^64 mod n are thrown away). */
uint64_t rng_below(struct rng *r, uint64_t n);
/* A uniform integer in [1, sides]: one die roll. */
int rng_die(struct rng *r, int sides);
/* Fisher-Yates shuffle of n elements of size bytes each: for i from n-1
 * down to 1, swap element i with element rng_below(i + 1). */
void rng_shuffle(struct rng *r, void *base, size_t n, size_t size);

#endif
