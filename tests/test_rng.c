/* test_rng.c - the generator against formats/rng.md: known answers, range,
 * rejection, streams, shuffles, and agreement with the independent
 * reference in tests/rng_reference.py. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/crypto.h"
#include "base/rng.h"
#include "base/util.h"

#define TWO_63 (UINT64_C(1) << 63)

static const uint8_t seed_count[RNG_SEED_BYTES] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
	0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
};

static const uint8_t seed_ff[RNG_SEED_BYTES] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

/* The vectors of formats/rng.md, as printed by tests/rng_reference.py. */
static const struct {
	uint64_t point;
	uint64_t state[4];
	uint64_t next[5];
} vec_next[] = {
	{ 0,
	  { 0x524a6b23aea84622, 0x4f03e8112889ae34, 0xd8d82826e168bb78,
	    0xf50b52d23cd223e3 },
	  { 0xd7e5821019cf946d, 0x4d894b13f1d52ed5, 0x3cb7ef1c9df177fa,
	    0xdc687c820465933f, 0x36af4b659863968c } },
	{ 1,
	  { 0xec9b9d3d7b664886, 0xa43e11df73392fd1, 0xdcc8cf8ee3a0d929,
	    0x05eb1773496f8530 },
	  { 0x749223a086b3df6a, 0x9a6d12bdfa3e170b, 0x24834fa399948353,
	    0xe2136fcebb64772c, 0x77598fd73799c2e7 } },
	{ 1000,
	  { 0xb2959a6fab553f80, 0xbae243af815b3ea2, 0xfdfa28fdb0e51b40,
	    0x2f8aca8747aee2c6 },
	  { 0xe2f2ecde85013feb, 0xf9b3ea1da9d1a08d, 0xa73d4fcf5cf2a949,
	    0xf0d74c59cc949b13, 0x82322de4bd1ae7a0 } },
};

static void
test_vectors_next(void **state)
{
	(void)state;
	for (size_t v = 0; v < sizeof(vec_next) / sizeof(vec_next[0]); v++) {
		struct rng r;

		rng_init(&r, seed_count, vec_next[v].point);
		for (int i = 0; i < 4; i++)
			assert_int_equal(r.s[i], vec_next[v].state[i]);
		assert_int_equal(r.draws, 0);
		for (int i = 0; i < 5; i++)
			assert_int_equal(rng_next(&r), vec_next[v].next[i]);
		assert_int_equal(r.draws, 5);
	}
}

/* The state is the SHA-256 of tag, seed and big-endian point, read as
 * four little-endian words. */
static void
test_derivation(void **state)
{
	static const uint8_t hash_ff7[CRYPTO_SHA256_BYTES] = {
		0xb5, 0x91, 0x79, 0x1a, 0xec, 0xc3, 0xc3, 0xf6,
		0x83, 0x56, 0xc9, 0xe4, 0xcd, 0x58, 0x9e, 0x31,
		0x42, 0x0b, 0x56, 0xa2, 0xd2, 0xb7, 0xcf, 0xf6,
		0xae, 0x2c, 0x87, 0x61, 0xf2, 0xa5, 0x29, 0x78,
	};
	uint8_t msg[53], h[CRYPTO_SHA256_BYTES];
	struct rng r;

	(void)state;
	memcpy(msg, "gunbai-rng-v1", 13);
	memcpy(msg + 13, seed_ff, 32);
	memcpy(msg + 45, "\0\0\0\0\0\0\0\7", 8);
	crypto_sha256(msg, sizeof(msg), h);
	assert_memory_equal(h, hash_ff7, sizeof(h));

	rng_init(&r, seed_ff, 7);
	assert_int_equal(r.s[0], 0xf6c3c3ec1a7991b5);
	assert_int_equal(r.s[1], 0x319e58cde4c95683);
	assert_int_equal(r.s[2], 0xf6cfb7d2a2560b42);
	assert_int_equal(r.s[3], 0x7829a5f261872cae);
}

/* The published first outputs of xoshiro256** from the state 1, 2, 3, 4. */
static void
test_xoshiro_core(void **state)
{
	static const uint64_t want[] = {
		11520, 0, 1509978240, 1215971899390074240,
		1216172134540287360, 607988272756665600,
	};
	struct rng r = { .s = { 1, 2, 3, 4 }, .draws = 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_int_equal(rng_next(&r), want[i]);
	assert_int_equal(r.draws, 6);
}

static void
test_vectors_below(void **state)
{
	static const uint64_t want6[] = { 0, 1, 4, 4, 2, 2, 2, 5, 0, 5 };
	static const uint64_t want_p[] = {
		337026308, 831130683, 260890240, 223002642, 989017783,
	};
	static const uint64_t want_big[] = {
		UINT64_C(4898577409623675737), UINT64_C(2402828738326321163),
		UINT64_C(1101600930129595935), UINT64_C(7007739732578111540),
		UINT64_C(6074502572094141316),
	};
	static const int want_die[] = { 1, 2, 5, 5, 3, 3, 3, 6, 1, 6 };
	struct rng r;

	(void)state;
	rng_init(&r, seed_ff, 7);
	for (int i = 0; i < 10; i++)
		assert_int_equal(rng_below(&r, 6), want6[i]);
	assert_int_equal(r.draws, 10);

	rng_init(&r, seed_ff, 7);
	for (int i = 0; i < 5; i++)
		assert_int_equal(rng_below(&r, 1000000007), want_p[i]);
	assert_int_equal(r.draws, 5);

	/* Half the outputs fall below 2^63 - 1 and are thrown away. */
	rng_init(&r, seed_ff, 7);
	for (int i = 0; i < 5; i++)
		assert_int_equal(rng_below(&r, TWO_63 + 1), want_big[i]);
	assert_int_equal(r.draws, 11);

	rng_init(&r, seed_ff, 7);
	for (int i = 0; i < 10; i++)
		assert_int_equal(rng_die(&r, 6), want_die[i]);
	assert_int_equal(r.draws, 10);
}

static void
test_vectors_shuffle(void **state)
{
	static const int want[] = { 8, 3, 5, 9, 1, 2, 4, 6, 7, 0 };
	int v[10];
	struct rng r;

	(void)state;
	for (int i = 0; i < 10; i++)
		v[i] = i;
	rng_init(&r, seed_ff, 7);
	rng_shuffle(&r, v, 10, sizeof(v[0]));
	assert_memory_equal(v, want, sizeof(v));
	assert_int_equal(r.draws, 9);
}

static void
test_below_range(void **state)
{
	static const uint64_t ns[] = {
		1, 2, 3, 5, 6, 7, 10, 52, 1000, 1000000007,
		UINT64_C(1) << 32, (UINT64_C(1) << 32) + 1,
		UINT64_MAX / 3, UINT64_MAX / 2, TWO_63, TWO_63 + 1,
		TWO_63 + 12345, UINT64_MAX - 1, UINT64_MAX,
	};
	struct rng r;

	(void)state;
	rng_init(&r, seed_count, 42);
	for (size_t k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
		for (int i = 0; i < 2000; i++) {
			uint64_t before = r.draws, x = rng_below(&r, ns[k]);

			assert_true(x < ns[k]);
			assert_true(r.draws > before);
		}
	}

	/* n = 1 still takes exactly one draw. */
	rng_init(&r, seed_count, 43);
	for (int i = 1; i <= 100; i++) {
		assert_int_equal(rng_below(&r, 1), 0);
		assert_int_equal(r.draws, (uint64_t)i);
	}

	/* Small n: every value turns up. */
	for (uint64_t n = 2; n <= 12; n++) {
		int seen[12] = { 0 };

		rng_init(&r, seed_count, n);
		for (int i = 0; i < 1000; i++)
			seen[rng_below(&r, n)] = 1;
		for (uint64_t x = 0; x < n; x++)
			assert_true(seen[x]);
	}
}

/* Find a stream whose first bounded draw is rejected and replay it by hand:
 * the result and the draw count must match the rejection rule. */
static void
test_below_rejection(void **state)
{
	const uint64_t n = TWO_63 + 1, threshold = TWO_63 - 1;
	int found = 0;

	(void)state;
	for (uint64_t point = 0; point < 64 && found < 3; point++) {
		struct rng a, b;
		uint64_t got, x, k = 0;

		rng_init(&a, seed_count, point);
		got = rng_below(&a, n);
		if (a.draws == 1)
			continue;
		found++;
		rng_init(&b, seed_count, point);
		do {
			x = rng_next(&b);
			k++;
		} while (x < threshold);
		assert_true(k >= 2);
		assert_int_equal(a.draws, k);
		assert_int_equal(got, x % n);
		/* And both streams continue in step. */
		assert_int_equal(rng_next(&a), rng_next(&b));
	}
	assert_int_equal(found, 3);
}

static void
test_streams(void **state)
{
	uint8_t other[RNG_SEED_BYTES];
	struct rng a, b, c, d;
	int same_point = 1, same_seed = 1;

	(void)state;
	memcpy(other, seed_count, sizeof(other));
	other[31] ^= 1;
	rng_init(&a, seed_count, 5);
	rng_init(&b, seed_count, 5);
	rng_init(&c, seed_count, 6);
	rng_init(&d, other, 5);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a);

		assert_int_equal(x, rng_next(&b));
		if (x != rng_next(&c))
			same_point = 0;
		if (x != rng_next(&d))
			same_seed = 0;
	}
	assert_false(same_point);
	assert_false(same_seed);
	assert_int_equal(a.draws, 1000);

	/* Points that differ only in a high byte must differ too. */
	rng_init(&a, seed_count, 0);
	rng_init(&b, seed_count, UINT64_C(1) << 56);
	assert_true(rng_next(&a) != rng_next(&b));

	/* rng_init restarts the stream and the count. */
	rng_init(&a, seed_count, 5);
	rng_init(&b, seed_count, 5);
	assert_int_equal(a.draws, 0);
	assert_int_equal(rng_next(&a), rng_next(&b));
}

static void
test_die(void **state)
{
	struct rng r;
	int seen[21] = { 0 };

	(void)state;
	rng_init(&r, seed_count, 9);
	for (int i = 0; i < 100; i++)
		assert_int_equal(rng_die(&r, 1), 1);
	for (int i = 0; i < 2000; i++) {
		int x = rng_die(&r, 20);

		assert_true(x >= 1 && x <= 20);
		seen[x] = 1;
	}
	for (int x = 1; x <= 20; x++)
		assert_true(seen[x]);
}

struct big {
	unsigned char bytes[200]; /* more than rng.c swaps at once */
};

static void
test_shuffle_permutation(void **state)
{
	int v[100], w[2] = { 7, 8 }, count[100] = { 0 };
	struct big *b;
	struct rng r, q;

	(void)state;
	/* Nothing to do, and no draws, for 0 or 1 element. */
	rng_init(&r, seed_count, 3);
	rng_shuffle(&r, NULL, 0, sizeof(int));
	rng_shuffle(&r, w, 1, sizeof(int));
	assert_int_equal(r.draws, 0);
	assert_int_equal(w[0], 7);

	for (int i = 0; i < 100; i++)
		v[i] = i;
	rng_init(&r, seed_count, 3);
	rng_shuffle(&r, v, 100, sizeof(v[0]));
	assert_int_equal(r.draws, 99);
	for (int i = 0; i < 100; i++) {
		assert_true(v[i] >= 0 && v[i] < 100);
		count[v[i]]++;
	}
	for (int i = 0; i < 100; i++)
		assert_int_equal(count[i], 1);

	/* Large elements move whole, in the same permutation. */
	b = calloc(100, sizeof(*b));
	assert_non_null(b);
	for (int i = 0; i < 100; i++)
		memset(b[i].bytes, i, sizeof(b[i].bytes));
	rng_init(&q, seed_count, 3);
	rng_shuffle(&q, b, 100, sizeof(*b));
	assert_int_equal(q.draws, 99);
	for (int i = 0; i < 100; i++)
		for (size_t k = 0; k < sizeof(b[i].bytes); k++)
			assert_int_equal(b[i].bytes[k], v[i]);
	free(b);
}

/* The vectors as text, in the format tests/rng_reference.py prints. */
struct text {
	char buf[16384];
	size_t len;
};

static void text_printf(struct text *t, const char *fmt, ...)
    GB_PRINTF(2, 3);

static void
text_printf(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(t->buf + t->len, sizeof(t->buf) - t->len, fmt, ap);
	va_end(ap);
	assert_true(k >= 0 && (size_t)k < sizeof(t->buf) - t->len);
	t->len += (size_t)k;
}

static void
text_stream(struct text *t, const uint8_t seed[RNG_SEED_BYTES],
    uint64_t point)
{
	uint8_t msg[53], h[CRYPTO_SHA256_BYTES];
	struct rng r;

	memcpy(msg, "gunbai-rng-v1", 13);
	memcpy(msg + 13, seed, RNG_SEED_BYTES);
	for (int i = 0; i < 8; i++)
		msg[45 + i] = (uint8_t)(point >> (56 - 8 * i));
	crypto_sha256(msg, sizeof(msg), h);
	rng_init(&r, seed, point);

	text_printf(t, "seed  ");
	for (int i = 0; i < RNG_SEED_BYTES; i++)
		text_printf(t, "%02x", seed[i]);
	text_printf(t, "\npoint %" PRIu64 "\nhash  ", point);
	for (int i = 0; i < CRYPTO_SHA256_BYTES; i++)
		text_printf(t, "%02x", h[i]);
	text_printf(t, "\nstate %016" PRIx64 " %016" PRIx64 " %016" PRIx64
	    " %016" PRIx64 "\n", r.s[0], r.s[1], r.s[2], r.s[3]);
}

static void text_vectors_v2(struct text *t);

static void
text_vectors(struct text *t)
{
	static const uint64_t points[] = { 0, 1, 1000 };
	static const struct {
		uint64_t n;
		int count;
	} belows[] = { { 6, 10 }, { 1000000007, 5 }, { TWO_63 + 1, 5 } };
	int v[10];
	struct rng r;

	text_printf(t, "gunbai-rng-v1 known-answer vectors\n");
	for (size_t p = 0; p < 3; p++) {
		text_printf(t, "\n");
		text_stream(t, seed_count, points[p]);
		rng_init(&r, seed_count, points[p]);
		text_printf(t, "next ");
		for (int i = 0; i < 5; i++)
			text_printf(t, " %016" PRIx64, rng_next(&r));
		text_printf(t, "\ndraws %" PRIu64 "\n", r.draws);
	}

	text_printf(t, "\n");
	text_stream(t, seed_ff, 7);
	for (size_t b = 0; b < 3; b++) {
		rng_init(&r, seed_ff, 7);
		text_printf(t, "below %" PRIu64 " x%d:", belows[b].n,
		    belows[b].count);
		for (int i = 0; i < belows[b].count; i++)
			text_printf(t, " %" PRIu64, rng_below(&r, belows[b].n));
		text_printf(t, "\ndraws %" PRIu64 "\n", r.draws);
	}
	rng_init(&r, seed_ff, 7);
	text_printf(t, "die 6 x10:");
	for (int i = 0; i < 10; i++)
		text_printf(t, " %d", rng_die(&r, 6));
	text_printf(t, "\ndraws %" PRIu64 "\n", r.draws);
	rng_init(&r, seed_ff, 7);
	for (int i = 0; i < 10; i++)
		v[i] = i;
	rng_shuffle(&r, v, 10, sizeof(v[0]));
	text_printf(t, "shuffle 10:");
	for (int i = 0; i < 10; i++)
		text_printf(t, " %d", v[i]);
	text_printf(t, "\ndraws %" PRIu64 "\n", r.draws);
	text_vectors_v2(t);
}

static void
text_hex(struct text *t, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		text_printf(t, "%02x", p[i]);
}

/* The gunbai-rng-v2 vectors, as v2_lines() of the reference prints them. */
static void
text_vectors_v2(struct text *t)
{
	uint8_t sig[RNG_SIG_BYTES], flipped[RNG_SIG_BYTES], ab[RNG_SIG_BYTES];
	const struct {
		const uint8_t *seed;
		uint64_t point;
		struct rng_answer a[2];
		size_t n;
	} cases[] = {
		{ seed_count, 3, { { 0, sig }, { 2, NULL } }, 2 },
		{ seed_count, 3, { { 0, flipped }, { 2, NULL } }, 2 },
		{ seed_count, 3, { { 0, NULL }, { 2, NULL } }, 2 },
		{ seed_ff, 1, { { 1, ab } }, 1 },
	};

	for (int i = 0; i < RNG_SIG_BYTES; i++)
		sig[i] = flipped[i] = (uint8_t)i;
	flipped[0] ^= 1;
	memset(ab, 0xab, sizeof ab);
	text_printf(t, "\ngunbai-rng-v2 known-answer vectors\n");
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		uint8_t h[CRYPTO_SHA256_BYTES];
		struct rng r;

		rng_init_answers(&r, cases[c].seed, cases[c].point, cases[c].a,
		    cases[c].n);
		text_printf(t, "\nseed  ");
		text_hex(t, cases[c].seed, RNG_SEED_BYTES);
		text_printf(t, "\npoint %" PRIu64 "\n", cases[c].point);
		for (size_t k = 0; k < cases[c].n; k++) {
			text_printf(t, "sig %d ", cases[c].a[k].player);
			if (cases[c].a[k].sig == NULL)
				text_printf(t, "none");
			else
				text_hex(t, cases[c].a[k].sig, RNG_SIG_BYTES);
			text_printf(t, "\n");
		}
		/* The state words are the hash read little-endian. */
		for (int w = 0; w < 4; w++)
			for (int b = 0; b < 8; b++)
				h[8 * w + b] = (uint8_t)(r.s[w] >> (8 * b));
		text_printf(t, "hash  ");
		text_hex(t, h, sizeof h);
		text_printf(t, "\nstate %016" PRIx64 " %016" PRIx64 " %016"
		    PRIx64 " %016" PRIx64 "\n", r.s[0], r.s[1], r.s[2],
		    r.s[3]);
		text_printf(t, "next ");
		for (int i = 0; i < 5; i++)
			text_printf(t, " %016" PRIx64, rng_next(&r));
		text_printf(t, "\ndraws %" PRIu64 "\n", r.draws);
	}
}

/* One changed byte of one answer's signature, another player's answer,
 * or another point gives another stream; the same inputs the same. */
static void
test_v2_answers(void **state)
{
	uint8_t sig[RNG_SIG_BYTES] = { 0 }, other[RNG_SIG_BYTES] = { 0 };
	struct rng_answer a[2] = { { 0, sig }, { 1, NULL } };
	struct rng_answer b[2] = { { 0, other }, { 1, NULL } };
	struct rng x, y;

	(void)state;
	sig[0] = 7;
	other[0] = 7;
	rng_init_answers(&x, seed_count, 5, a, 2);
	rng_init_answers(&y, seed_count, 5, b, 2);
	assert_memory_equal(x.s, y.s, sizeof x.s);
	for (int i = 0; i < RNG_SIG_BYTES; i++) {
		other[i] ^= 0x80;
		rng_init_answers(&y, seed_count, 5, b, 2);
		assert_memory_not_equal(x.s, y.s, sizeof x.s);
		other[i] ^= 0x80;
	}
	b[1].player = 2;
	rng_init_answers(&y, seed_count, 5, b, 2);
	assert_memory_not_equal(x.s, y.s, sizeof x.s);
	rng_init_answers(&y, seed_count, 6, a, 2);
	assert_memory_not_equal(x.s, y.s, sizeof x.s);
	/* Not the v1 stream of the point, nor a stream without answers. */
	rng_init(&y, seed_count, 5);
	assert_memory_not_equal(x.s, y.s, sizeof x.s);
	rng_init_answers(&y, seed_count, 5, a, 0);
	assert_memory_not_equal(x.s, y.s, sizeof x.s);
	assert_int_equal(x.draws, 0);
}

/* Run the Python reference (from the repository root) and require the
 * same text, byte for byte. */
static void
test_reference_python(void **state)
{
	static struct text c, py;
	FILE *f;
	size_t k;

	(void)state;
	if (system("command -v python3 >/dev/null 2>&1") != 0)
		skip();
	text_vectors(&c);
	f = popen("python3 tests/rng_reference.py", "r");
	assert_non_null(f);
	while ((k = fread(py.buf + py.len, 1, sizeof(py.buf) - 1 - py.len,
	    f)) > 0)
		py.len += k;
	assert_int_equal(pclose(f), 0);
	py.buf[py.len] = '\0';
	assert_string_equal(py.buf, c.buf);
}

/* formats/rng.md must show the vectors exactly, as a fenced block. */
static void
test_doc_vectors(void **state)
{
	enum { DOC_MAX = 1 << 16 };
	static struct text c;
	static char doc[DOC_MAX + 1], block[sizeof(c.buf) + 8];
	size_t len = 0, k;
	FILE *f;

	(void)state;
	text_vectors(&c);
	snprintf(block, sizeof(block), "```\n%s```\n", c.buf);
	f = fopen("formats/rng.md", "r");
	if (f == NULL)
		fail_msg("cannot open 'formats/rng.md' (run the tests from the "
		    "repository root)");
	while ((k = fread(doc + len, 1, DOC_MAX - len, f)) > 0)
		len += k;
	fclose(f);
	assert_true(len < DOC_MAX);
	doc[len] = '\0';
	if (strstr(doc, block) == NULL)
		fail_msg("formats/rng.md does not hold the vectors verbatim");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors_next),
		cmocka_unit_test(test_derivation),
		cmocka_unit_test(test_xoshiro_core),
		cmocka_unit_test(test_vectors_below),
		cmocka_unit_test(test_vectors_shuffle),
		cmocka_unit_test(test_below_range),
		cmocka_unit_test(test_below_rejection),
		cmocka_unit_test(test_streams),
		cmocka_unit_test(test_die),
		cmocka_unit_test(test_shuffle_permutation),
		cmocka_unit_test(test_v2_answers),
		cmocka_unit_test(test_reference_python),
		cmocka_unit_test(test_doc_vectors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
