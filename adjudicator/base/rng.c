/* rng.c - the seeded generator of formats/rng.md: SHA-256 derives one
 * xoshiro256** stream per decision point. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "base/crypto.h"
#include "base/rng.h"

#define RNG_TAG "gunbai-rng-v1"
#define RNG_TAG_BYTES (sizeof(RNG_TAG) - 1)
#define RNG_TAG2 "gunbai-rng-v2"
#define RNG_TAG2_BYTES (sizeof(RNG_TAG2) - 1)
/* Answers of a point hashed from a buffer on the stack (a game has at
 * most 4 players); more take one from the heap. */
#define RNG_LOCAL_ANSWERS 8

static uint64_t
rng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* Byte order is fixed here, not taken from the host, so every machine
 * derives the same state. */
static uint64_t
rng_load_le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static void
rng_put_be(uint8_t *p, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
}

/* K = SHA-256("gunbai-rng-v1" || seed || BE64(point)). */
static void
rng_key_v1(const uint8_t seed[RNG_SEED_BYTES], uint64_t point,
    uint8_t h[CRYPTO_SHA256_BYTES])
{
	uint8_t msg[RNG_TAG_BYTES + RNG_SEED_BYTES + 8];

	memcpy(msg, RNG_TAG, RNG_TAG_BYTES);
	memcpy(msg + RNG_TAG_BYTES, seed, RNG_SEED_BYTES);
	rng_put_be(msg + RNG_TAG_BYTES + RNG_SEED_BYTES, point, 8);
	crypto_sha256(msg, sizeof(msg), h);
}

static void
rng_start(struct rng *r, const uint8_t h[CRYPTO_SHA256_BYTES])
{
	for (int i = 0; i < 4; i++)
		r->s[i] = rng_load_le64(h + 8 * i);
	/* xoshiro256** never leaves the all-zero state; SHA-256 will not
	 * realistically produce it, but the rule keeps the spec total. */
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;
	r->draws = 0;
}

void
rng_init(struct rng *r, const uint8_t seed[RNG_SEED_BYTES], uint64_t point)
{
	uint8_t h[CRYPTO_SHA256_BYTES];

	rng_key_v1(seed, point, h);
	rng_start(r, h);
}

void
rng_init_answers(struct rng *r, const uint8_t seed[RNG_SEED_BYTES],
    uint64_t point, const struct rng_answer *a, size_t n)
{
	static const uint8_t none[RNG_SIG_BYTES];
	size_t len = RNG_TAG2_BYTES + CRYPTO_SHA256_BYTES + 4 +
	    n * (4 + RNG_SIG_BYTES), off = 0;
	/* A point's few answers fit on the stack: no allocation per point. */
	uint8_t local[RNG_TAG2_BYTES + CRYPTO_SHA256_BYTES + 4 +
	    RNG_LOCAL_ANSWERS * (4 + RNG_SIG_BYTES)];
	uint8_t *msg = n <= RNG_LOCAL_ANSWERS ? local : util_calloc(len, 1);
	uint8_t h[CRYPTO_SHA256_BYTES];

	memcpy(msg, RNG_TAG2, RNG_TAG2_BYTES);
	off += RNG_TAG2_BYTES;
	rng_key_v1(seed, point, msg + off);
	off += CRYPTO_SHA256_BYTES;
	rng_put_be(msg + off, (uint64_t)n, 4);
	off += 4;
	for (size_t i = 0; i < n; i++) {
		assert(i == 0 || a[i - 1].player < a[i].player);
		rng_put_be(msg + off, (uint64_t)a[i].player, 4);
		off += 4;
		memcpy(msg + off, a[i].sig != NULL ? a[i].sig : none,
		    RNG_SIG_BYTES);
		off += RNG_SIG_BYTES;
	}
	crypto_sha256(msg, len, h);
	if (msg != local)
		free(msg);
	rng_start(r, h);
}

uint64_t
rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rng_rotl(s[3], 45);
	r->draws++;
	return result;
}

uint64_t
rng_below(struct rng *r, uint64_t n)
{
	uint64_t threshold, x;

	assert(n >= 1);
	/* 2^64 mod n: the draws below it are the incomplete last round of
	 * residues, and taking them would favour small results. */
	threshold = (UINT64_C(0) - n) % n;
	do
		x = rng_next(r);
	while (x < threshold);
	return x % n;
}

int
rng_die(struct rng *r, int sides)
{
	assert(sides >= 1);
	return (int)(1 + rng_below(r, (uint64_t)sides));
}

static void
rng_swap(unsigned char *a, unsigned char *b, size_t size)
{
	unsigned char tmp[64];

	while (size > 0) {
		size_t k = size < sizeof(tmp) ? size : sizeof(tmp);

		memcpy(tmp, a, k);
		memcpy(a, b, k);
		memcpy(b, tmp, k);
		a += k;
		b += k;
		size -= k;
	}
}

void
rng_shuffle(struct rng *r, void *base, size_t n, size_t size)
{
	unsigned char *p = base;

	if (n < 2)
		return;
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = (size_t)rng_below(r, (uint64_t)i + 1);

		/* The draw is taken even when j == i, as the spec says. */
		if (j != i)
			rng_swap(p + i * size, p + j * size, size);
	}
}
