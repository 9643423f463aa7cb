/* fuzz_mail.c - mail messages through mail-in's reader (mail_in.h) and,
 * for every orders file it finds, the checks `gunbai mail-in` makes
 * (orders_read_mem, adjudicate_check), against a new game of a
 * registered game.
 *
 * The input: byte 0 picks the game (modulo the registry, unless
 * FUZZ_GAME is set) and the mode; byte 1 picks a player.  Modes:
 *   0  the rest is the input as mail-in reads it: a message or an mbox;
 *   1  the rest is a message with a marker line "%%": the text from
 *      the first line starting "gunbai:" up to the marker is signed
 *      with the player's key and the marker replaced by the signature
 *      in base64, so that documents pasted in a body, with their
 *      signature, are found and verified.
 * Invariants: a document said to be signed verifies with that player's
 * key, every bound holds, and a refusal has a reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "turn/adjudicate.h"
#include "fuzz.h"
#include "mail/mail_in.h"
#include "turn/orders.h"
#include "turn/registry.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Check what mail_in_read found in one message. */
static void
fuzz_judge(const struct mail_in_msg *m, const struct state *st)
{
	if (m->refused) {
		if (m->err.msg[0] == '\0' || m->ndocs != 0)
			fuzz_fail("a refused message without a reason, or "
			    "with documents");
		return;
	}
	if (m->nparts > MAIL_IN_PARTS_MAX)
		fuzz_fail("%zu parts looked at", m->nparts);
	for (size_t i = 0; i < m->ndocs; i++) {
		const struct mail_in_doc *d = &m->docs[i];
		uint8_t sig[CRYPTO_SIG_BYTES];
		struct orders_file f;
		struct sbuf msgs;

		if (d->signer >= 0) {
			if (d->sig == NULL || crypto_sig_decode(
			    (const uint8_t *)d->sig, d->siglen, sig,
			    NULL) == -1 || orders_signer(st, d->buf, d->len,
			    sig, NULL) != d->signer)
				fuzz_fail("document %zu: said to be signed "
				    "by %d, but is not", i, d->signer);
		}
		if (strchr(d->hint, '\n') != NULL ||
		    strchr(d->sighint, '\n') != NULL)
			fuzz_fail("a part's name of more than one line");
		orders_read_mem(&f, "mail.yaml", d->buf, d->len,
		    d->sig ? d->sig : "", d->siglen, st);
		if (d->signer >= 0 && f.signer != d->signer)
			fuzz_fail("mail-in and the orders reader disagree on "
			    "the signer");
		f.arg = 0;
		sbuf_init(&msgs);
		adjudicate_check(st, &f, 1, &msgs);
		sbuf_free(&msgs);
		orders_free(&f);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_entry *g = fuzz_env_game();
	uint8_t seed[RNG_SEED_BYTES] = { 0x6d };
	struct mail_in_span *spans;
	struct state st;
	unsigned b0 = fuzz_byte(&in), b1 = fuzz_byte(&in);
	char *buf = NULL;
	size_t len = in.n, n;

	if (g == NULL)
		g = game_registry[(b0 >> 1) % game_count];
	fuzz_new_state(&st, g, g->min_players, seed);
	if ((b0 & 1) != 0) {
		const uint8_t *cut = NULL;
		for (size_t i = 0; i + 4 <= in.n && cut == NULL; i++)
			if (memcmp(in.p + i, "\n%%\n", 4) == 0)
				cut = in.p + i;
		if (cut != NULL) {
			uint8_t sig[CRYPTO_SIG_BYTES];
			unsigned char b64[4 * CRYPTO_SIG_BYTES / 3 + 8];
			size_t first = (size_t)(cut - in.p) + 1, from = 0;
			int k;

			for (size_t i = 0; i + 7 <= first; i++)
				if ((i == 0 || in.p[i - 1] == '\n') &&
				    memcmp(in.p + i, "gunbai:", 7) == 0) {
					from = i;
					break;
				}
			fuzz_sign((int)(b1 % (unsigned)g->min_players),
			    in.p + from, first - from, sig);
			k = EVP_EncodeBlock(b64, sig, sizeof sig);
			buf = malloc(in.n + (size_t)k + 1);
			if (buf == NULL)
				fuzz_fail("out of memory");
			memcpy(buf, in.p, first);
			memcpy(buf + first, b64, (size_t)k);
			memcpy(buf + first + k, cut + 3, in.n - first - 3);
			len = first + (size_t)k + (in.n - first - 3);
		}
	}
	if (buf == NULL) {
		buf = malloc(len + 1);
		if (buf == NULL)
			fuzz_fail("out of memory");
		memcpy(buf, in.p, len);
	}
	n = mail_in_split(buf, len, &spans);
	for (size_t i = 0; i < n && i < MAIL_IN_MESSAGES_MAX; i++) {
		struct mail_in_msg m;

		if (spans[i].off + spans[i].len > len)
			fuzz_fail("message %zu past the input", i);
		mail_in_read(&m, buf + spans[i].off, spans[i].len, &st);
		fuzz_judge(&m, &st);
		mail_in_free(&m);
	}
	free(spans);
	free(buf);
	state_free(&st);
	return 0;
}
