/* common.c - helpers of the fuzz targets (fuzz.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include "base/fileio.h"
#include "fuzz.h"
#include "turn/registry.h"

const char *const fuzz_names[FUZZ_PLAYERS] = { "alice", "bob", "carol",
	"dave" };

static char *fuzz_pub[FUZZ_PLAYERS];
static EVP_PKEY *fuzz_priv[FUZZ_PLAYERS];

const char *fuzz_input;

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	if (fuzz_input != NULL)
		fprintf(stderr, "fuzz: input %s\n", fuzz_input);
	fputs("fuzz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

static void
fuzz_free_keys(void)
{
	for (int i = 0; i < FUZZ_PLAYERS; i++) {
		free(fuzz_pub[i]);
		EVP_PKEY_free(fuzz_priv[i]);
		fuzz_pub[i] = NULL;
		fuzz_priv[i] = NULL;
	}
}

static void
fuzz_load_keys(void)
{
	const char *dir = getenv("FUZZ_KEYS");
	struct gb_err e = { 0 };

	if (fuzz_pub[0] != NULL)
		return;
	if (dir == NULL)
		dir = "tests/keys";
	for (int i = 0; i < FUZZ_PLAYERS; i++) {
		char path[512], *pem;
		size_t len;
		FILE *f;

		snprintf(path, sizeof path, "%s/%s.pub", dir, fuzz_names[i]);
		if (fileio_read(path, FILEIO_KEY_MAX, &pem, &len, &e) == -1 ||
		    crypto_pubkey_check(pem, &fuzz_pub[i], &e) == -1)
			fuzz_fail("%s: %s (run from the top of the tree, or "
			    "set FUZZ_KEYS)", path, e.msg);
		free(pem);
		snprintf(path, sizeof path, "%s/%s.key", dir, fuzz_names[i]);
		if ((f = fopen(path, "r")) == NULL ||
		    (fuzz_priv[i] = PEM_read_PrivateKey(f, NULL, NULL,
		    NULL)) == NULL)
			fuzz_fail("%s: cannot read the private key", path);
		fclose(f);
	}
	atexit(fuzz_free_keys);
}

const char *
fuzz_pubkey(int i)
{
	fuzz_load_keys();
	return fuzz_pub[i];
}

void
fuzz_sign(int i, const void *data, size_t n, uint8_t sig[CRYPTO_SIG_BYTES])
{
	EVP_MD_CTX *ctx;
	size_t len = CRYPTO_SIG_BYTES;

	fuzz_load_keys();
	if ((ctx = EVP_MD_CTX_new()) == NULL ||
	    EVP_DigestSignInit(ctx, NULL, NULL, NULL, fuzz_priv[i]) != 1 ||
	    EVP_DigestSign(ctx, sig, &len, data, n) != 1 ||
	    len != CRYPTO_SIG_BYTES)
		fuzz_fail("cannot sign");
	EVP_MD_CTX_free(ctx);
}

void
fuzz_new_state(struct state *st, const struct game_entry *g, int np,
    const uint8_t seed[RNG_SEED_BYTES])
{
	const char *optv[64];
	struct gb_err e = { 0 };
	struct rng rng;
	size_t n = 0;

	memset(st, 0, sizeof *st);
	st->game = g;
	for (; g->options != NULL && g->options[n].name != NULL; n++)
		optv[n] = g->options[n].def;
	for (int i = 0; i < np; i++) {
		st->players[i].name = util_strdup(fuzz_names[i]);
		st->players[i].key = util_strdup(fuzz_pubkey(i));
		st->nplayers++;
	}
	state_link_players(st);
	st->id = util_strdup("fuzz");
	st->turn = 1;
	memcpy(st->seed, seed, RNG_SEED_BYTES);
	rng_init(&rng, st->seed, 0);
	st->g = g->setup(&st->pl, optv, &rng, &st->log, &e);
	if (st->g == NULL)
		fuzz_fail("%s: setup with the default options: %s", g->id,
		    e.msg);
	st->draws = rng.draws;
}

const struct game_entry *
fuzz_env_game(void)
{
	const char *id = getenv("FUZZ_GAME");
	const struct game_entry *g;

	if (id == NULL || *id == '\0')
		return NULL;
	if ((g = game_find(id)) == NULL) {
		fprintf(stderr, "fuzz: FUZZ_GAME=%s: no such game\n", id);
		exit(2);
	}
	return g;
}

void
fuzz_roundtrip_check(const struct state *st, const char *a, size_t len)
{
	/* Kept from one check to the next: a state's bytes are written
	 * into it without allocating. */
	static struct sbuf out;
	struct state copy;
	struct gb_err e = { 0 };
	size_t len2;
	const char *b;

	if (state_parse(&copy, a, len, "written", &e) == -1)
		fuzz_fail("%s: a written state does not read back: %d:%d: "
		    "%s\n%s", st->game->id, e.line, e.col, e.msg, a);
	state_write_to(&copy, sbuf_clear(&out));
	b = out.p;
	len2 = out.len;
	if (len2 != len || memcmp(a, b, len2) != 0) {
		/* The first line that differs. */
		size_t i = 0, start = 0, ea, eb;
		int line = 1;
		for (; a[i] != '\0' && a[i] == b[i]; i++)
			if (a[i] == '\n') {
				line++;
				start = i + 1;
			}
		ea = strcspn(a + start, "\n");
		eb = strcspn(b + start, "\n");
		fuzz_fail("%s: write, read, write gives other bytes, from "
		    "line %d:\n%.*s\n---\n%.*s", st->game->id, line,
		    (int)ea, a + start, (int)eb, b + start);
	}
	state_free(&copy);
}

char *
fuzz_roundtrip(const struct state *st, size_t *len)
{
	char *a = state_write(st, len);

	fuzz_roundtrip_check(st, a, *len);
	return a;
}

unsigned
fuzz_byte(struct fuzz_in *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

size_t
fuzz_below(struct fuzz_in *in, size_t n)
{
	size_t v;

	if (n <= 1)
		return 0;
	v = fuzz_byte(in);
	if (n > 256)
		v = v << 8 | fuzz_byte(in);
	return v % n;
}
