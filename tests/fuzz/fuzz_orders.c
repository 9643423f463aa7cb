/* fuzz_orders.c - orders files through the real reader: the file and its
 * .sig are written to a temporary directory and read with orders_read,
 * as `gunbai check` and `gunbai adjudicate` read them, against a new
 * game of a registered game; then checked and adjudicated.
 *
 * The input: byte 0 picks the game (modulo the registry, unless
 * FUZZ_GAME is set) and the mode; byte 1 picks a player.  Modes:
 *   0  the signature file's bytes come from the input (byte 2 is their
 *      length), so signature decoding and refusals are fuzzed;
 *   1  the rest is signed with the player's key, so that the YAML and
 *      envelope checks and the game's validation are reached;
 *   2  as 1, with the signature written in base64;
 *   3  the rest, cut at the first "\n%%\n", is two files, each signed by
 *      a player: copies, duplicates and the order of files. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "turn/adjudicate.h"
#include "fuzz.h"
#include "turn/orders.h"
#include "turn/registry.h"

static char fuzz_dir[64];

static void
fuzz_cleanup(void)
{
	char p[128];

	for (int i = 0; i < 2; i++) {
		snprintf(p, sizeof p, "%s/o%d.yaml", fuzz_dir, i);
		unlink(p);
		snprintf(p, sizeof p, "%s/o%d.yaml.sig", fuzz_dir, i);
		unlink(p);
	}
	rmdir(fuzz_dir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *t = getenv("TMPDIR");

	(void)argc;
	(void)argv;
	snprintf(fuzz_dir, sizeof fuzz_dir, "%s/fuzz-orders.XXXXXX",
	    t != NULL && strlen(t) < 32 ? t : "/tmp");
	if (mkdtemp(fuzz_dir) == NULL)
		fuzz_fail("cannot make a temporary directory");
	atexit(fuzz_cleanup);
	return 0;
}

static void
fuzz_put(const char *path, const void *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (fd == -1 || (n > 0 && write(fd, data, n) != (ssize_t)n))
		fuzz_fail("cannot write %s", path);
	close(fd);
}

/* Write file i: the orders bytes and a signature made as mode says. */
static void
fuzz_file(int i, int mode, int signer, const uint8_t *sig, size_t siglen,
    const uint8_t *data, size_t n)
{
	char path[128];
	uint8_t s[CRYPTO_SIG_BYTES];
	unsigned char b64[4 * CRYPTO_SIG_BYTES / 3 + 8];

	snprintf(path, sizeof path, "%s/o%d.yaml", fuzz_dir, i);
	fuzz_put(path, data, n);
	snprintf(path, sizeof path, "%s/o%d.yaml.sig", fuzz_dir, i);
	if (mode == 0) {
		fuzz_put(path, sig, siglen);
		return;
	}
	fuzz_sign(signer, data, n, s);
	if (mode == 2) {
		int len = EVP_EncodeBlock(b64, s, sizeof s);
		fuzz_put(path, b64, (size_t)len);
	} else
		fuzz_put(path, s, sizeof s);
}

static void
fuzz_judge(const struct orders_file *f, const struct state *st)
{
	if (f->ok) {
		if (f->player < 0 || f->player >= st->nplayers ||
		    f->player != f->signer)
			fuzz_fail("accepted for player %d, signed by %d",
			    f->player, f->signer);
		if (f->turn < st->turn)
			fuzz_fail("accepted for past turn %lld", f->turn);
		if (f->n > ORDERS_MAX)
			fuzz_fail("%zu orders accepted", f->n);
		for (size_t i = 0; i < f->n; i++) {
			const unsigned char *t =
			    (const unsigned char *)f->orders[i].text;
			if (t == NULL || f->orders[i].line < 1)
				fuzz_fail("a bad order accepted");
			for (; *t != '\0'; t++)
				if ((*t < 0x20 && *t != '\t') || *t == 0x7f)
					fuzz_fail("an order with a control "
					    "character accepted");
		}
	} else {
		if (f->err.msg[0] == '\0')
			fuzz_fail("a refusal without a reason");
		if (strchr(f->err.msg, '\n') != NULL ||
		    strchr(f->err.file, '\n') != NULL)
			fuzz_fail("a refusal of more than one line: %s",
			    f->err.msg);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_entry *g = fuzz_env_game();
	uint8_t seed[RNG_SEED_BYTES] = { 0x6f };
	struct orders_file files[2];
	struct state st;
	struct sbuf msgs;
	unsigned b0 = fuzz_byte(&in), b1 = fuzz_byte(&in);
	int mode = (int)(b0 & 3), np, nfiles = 1;
	char path[2][128];
	const uint8_t *sig = NULL;
	size_t siglen = 0;

	if (g == NULL)
		g = game_registry[(b0 >> 2) % game_count];
	np = g->min_players;
	fuzz_new_state(&st, g, np, seed);
	if (mode == 0) {
		siglen = fuzz_byte(&in);
		if (siglen > in.n)
			siglen = in.n;
		sig = in.p;
		in.p += siglen;
		in.n -= siglen;
	}
	if (mode == 3) {
		const uint8_t *cut = NULL;
		for (size_t i = 0; i + 4 <= in.n && cut == NULL; i++)
			if (memcmp(in.p + i, "\n%%\n", 4) == 0)
				cut = in.p + i;
		if (cut != NULL) {
			size_t first = (size_t)(cut - in.p) + 1;
			fuzz_file(0, 1, (int)(b1 % (unsigned)np), NULL, 0,
			    in.p, first);
			fuzz_file(1, 1, (int)((b1 >> 4) % (unsigned)np), NULL,
			    0, cut + 4, in.n - first - 3);
			nfiles = 2;
		} else
			fuzz_file(0, 1, (int)(b1 % (unsigned)np), NULL, 0,
			    in.p, in.n);
	} else
		fuzz_file(0, mode, (int)(b1 % (unsigned)np), sig, siglen,
		    in.p, in.n);
	for (int i = 0; i < nfiles; i++) {
		snprintf(path[i], sizeof path[i], "%s/o%d.yaml", fuzz_dir, i);
		orders_read(&files[i], path[i], &st);
		fuzz_judge(&files[i], &st);
	}
	orders_sort(files, (size_t)nfiles);
	sbuf_init(&msgs);
	adjudicate_check(&st, files, (size_t)nfiles, &msgs);
	adjudicate_run(&st, "0000000000000000000000000000000000000000000000"
	    "000000000000000000", files, (size_t)nfiles, (int)(b1 >> 7),
	    &msgs);
	sbuf_free(&msgs);
	for (int i = 0; i < nfiles; i++)
		orders_free(&files[i]);
	state_free(&st);
	return 0;
}
