/* evidence.c - the organiser's signed word (evidence.h,
 * formats/evidence.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "archive/evidence.h"
#include "base/fileio.h"
#include "report/report.h"
#include "turn/adjudicate.h"
#include "turn/commit.h"

int
evidence_key_load(const struct state *st, const char *path,
    struct crypto_key **key, struct gb_err *e)
{
	char *pem, *pub;
	size_t len;

	*key = NULL;
	if (path == NULL && st->organiser == NULL)
		return 0;
	if (path == NULL)
		return err_set(e, 0, 0, "the game names an organiser, whose "
		    "key signs every report and receipt: give it with --key");
	if (st->organiser == NULL)
		return err_set(e, 0, 0, "--key: the game names no organiser "
		    "(gunbai new --organiser)");
	if (fileio_read(path, FILEIO_KEY_MAX, &pem, &len, e) == -1)
		return -1;
	*key = crypto_key_load(pem, &pub, e);
	free(pem);
	if (*key == NULL) {
		err_file(e, path);
		return -1;
	}
	if (strcmp(pub, st->organiser) != 0) {
		free(pub);
		crypto_key_free(*key);
		*key = NULL;
		err_file(e, path);
		return err_set(e, 0, 0, "not the key of the organiser the game "
		    "names");
	}
	free(pub);
	return 0;
}

/* "uid U\ncommit C\n" of st. */
static void
evidence_game(const struct state *st, struct sbuf *out)
{
	char hex[COMMIT_HEX + 1];

	util_hex(st->uid, sizeof st->uid, hex);
	sbuf_puts(out, "uid ");
	sbuf_puts(out, hex);
	commit_seed_hex(st->seed, hex);
	sbuf_puts(out, "\ncommit ");
	sbuf_puts(out, hex);
	sbuf_putc(out, '\n');
}

void
evidence_report_text(const struct state *st, const char *state_hex,
    int player, const struct evidence_run *run, char *const body[],
    const size_t blen[], struct sbuf *out)
{
	char hex[COMMIT_HEX + 1];

	static const char *const fate[] = {
		[ADJUDICATE_USED] = "used",
		[ADJUDICATE_KEPT] = "kept",
		[ADJUDICATE_REFUSED] = "refused",
	};

	sbuf_puts(out, EVIDENCE_REPORT "\n");
	evidence_game(st, out);
	sbuf_puts(out, "player ");
	sbuf_puts(out, player < 0 ? "public" : st->names[player]);
	sbuf_puts(out, "\npoint ");
	sbuf_int(out, st->turn);
	sbuf_puts(out, "\nfrom-point ");
	if (run == NULL)
		sbuf_puts(out, "none");
	else
		sbuf_int(out, run->from_turn);
	sbuf_puts(out, "\nstate ");
	sbuf_puts(out, state_hex);
	sbuf_puts(out, "\nfrom ");
	sbuf_puts(out, st->has_previous ? st->previous : "none");
	/* The start: what check-seed makes again from the seed and the
	 * record, hidden cards and all (the state's hash, which leaves the
	 * mail addresses out, as `state` says it). */
	if (run == NULL) {
		sbuf_puts(out, "\nstart ");
		sbuf_puts(out, state_hex);
	}
	/* The whole of each report, not only this text. */
	crypto_sha256_hex(body[REPORT_TEXT], blen[REPORT_TEXT], hex);
	sbuf_puts(out, "\nbody-text ");
	sbuf_puts(out, hex);
	crypto_sha256_hex(body[REPORT_JSON], blen[REPORT_JSON], hex);
	sbuf_puts(out, "\nbody-json ");
	sbuf_puts(out, hex);
	sbuf_putc(out, '\n');
	/* The files of this player the run took, and what became of each:
	 * what a receipt is held against (withholding). */
	for (size_t i = 0; player >= 0 && run != NULL && i < run->n; i++) {
		const struct orders_file *f = &run->files[i];
		char sig[COMMIT_HEX + 1];

		if (f->signer != player)
			continue;
		orders_sig_sha256(f, sig);
		sbuf_puts(out, "file ");
		sbuf_puts(out, f->sha256);
		sbuf_putc(out, ' ');
		sbuf_puts(out, sig);
		sbuf_putc(out, ' ');
		sbuf_puts(out, fate[adjudicate_fate(st, run->files, run->n,
		    i)]);
		sbuf_putc(out, '\n');
	}
}

/* A receipt's fields under the first line first. */
static void
evidence_file_text(const char *first, const struct state *st,
    const char *state_hex, const struct orders_file *f, const char *sig,
    struct sbuf *out)
{
	sbuf_puts(out, first);
	sbuf_putc(out, '\n');
	evidence_game(st, out);
	sbuf_puts(out, "player ");
	sbuf_puts(out, st->names[f->player]);
	sbuf_puts(out, "\npoint ");
	sbuf_int(out, f->turn);
	sbuf_puts(out, "\nat-point ");
	sbuf_int(out, st->turn);
	sbuf_puts(out, "\nstate ");
	sbuf_puts(out, state_hex);
	sbuf_puts(out, "\nfile ");
	sbuf_puts(out, f->sha256);
	sbuf_puts(out, "\nfile-sig ");
	sbuf_puts(out, sig);
	sbuf_putc(out, '\n');
}

void
evidence_receipt_text(const struct state *st, const char *state_hex,
    const struct orders_file *f, const char *sig, struct sbuf *out)
{
	evidence_file_text(EVIDENCE_RECEIPT, st, state_hex, f, sig, out);
}

void
evidence_declined_text(const struct state *st, const char *state_hex,
    const struct orders_file *f, const char *sig, struct sbuf *out)
{
	evidence_file_text(EVIDENCE_DECLINED, st, state_hex, f, sig, out);
}

void
evidence_block(struct sbuf *out, const char *text,
    const uint8_t sig[CRYPTO_SIG_BYTES])
{
	struct sbuf all;

	/* Cut to the reports' width (a line ending in a backslash goes on
	 * in the next): the text signed is the lines joined again. */
	sbuf_init(&all);
	sbuf_puts(&all, text);
	sbuf_puts(&all, "signature ");
	util_base64(sig, CRYPTO_SIG_BYTES, &all);
	sbuf_putc(&all, '\n');
	sbuf_puts(out, EVIDENCE_BEGIN "\n");
	util_cut(out, "", all.p, REPORT_WIDTH);
	sbuf_puts(out, EVIDENCE_END "\n");
	sbuf_free(&all);
}

void
evidence_append(char **bytes, size_t *len, int json, const char *text,
    const uint8_t sig[CRYPTO_SIG_BYTES])
{
	struct sbuf b;

	sbuf_init(&b);
	if (!json) {
		sbuf_add(&b, *bytes, *len);
		sbuf_puts(&b, EVIDENCE_PREAMBLE);
		evidence_block(&b, text, sig);
	} else {
		/* The report ends "\n}" (and a newline): the key goes in
		 * before it, written as jansson writes the others (one
		 * space of indent a level, ASCII). */
		size_t end = *len;

		while (end > 0 && (*bytes)[end - 1] != '}')
			end--;
		if (end < 2) { /* not a report's JSON: left alone */
			sbuf_free(&b);
			return;
		}
		end -= 2;
		sbuf_add(&b, *bytes, end);
		sbuf_puts(&b, EVIDENCE_JSON_OPEN);
		for (const char *p = text; *p != '\0'; p++)
			if (*p == '\n')
				sbuf_puts(&b, "\\n");
			else
				sbuf_putc(&b, *p);
		sbuf_puts(&b, "\",\n  \"signature\": \"");
		util_base64(sig, CRYPTO_SIG_BYTES, &b);
		sbuf_puts(&b, "\"\n }");
		sbuf_add(&b, *bytes + end, *len - end);
	}
	free(*bytes);
	*len = b.len;
	*bytes = sbuf_take(&b);
}

void
evidence_sign_reports(char *out[], size_t len[], const char *text,
    struct crypto_key *key, const uint8_t *sig)
{
	uint8_t mine[CRYPTO_SIG_BYTES];

	if (key != NULL) {
		crypto_sign(key, text, strlen(text), mine);
		sig = mine;
	}
	evidence_append(&out[REPORT_TEXT], &len[REPORT_TEXT], 0, text, sig);
	evidence_append(&out[REPORT_JSON], &len[REPORT_JSON], 1, text, sig);
}

/* The last place the n bytes at buf hold s, or NULL. */
static const char *
evidence_last(const char *buf, size_t n, const char *s)
{
	size_t k = strlen(s);

	for (size_t i = n >= k ? n - k + 1 : 0; i-- > 0;)
		if (memcmp(buf + i, s, k) == 0)
			return buf + i;
	return NULL;
}

int
evidence_body(const char *buf, size_t n, char **body, size_t *len)
{
	const char *p, *end;
	struct sbuf b;

	sbuf_init(&b);
	if ((p = evidence_last(buf, n, EVIDENCE_JSON_OPEN)) != NULL &&
	    (end = evidence_last(p, n - (size_t)(p - buf), "\"\n }")) !=
	    NULL) {
		/* JSON: the key and its object taken out again. */
		sbuf_add(&b, buf, (size_t)(p - buf));
		end += 4;
		sbuf_add(&b, end, n - (size_t)(end - buf));
	} else if ((p = evidence_last(buf, n, EVIDENCE_PREAMBLE)) != NULL) {
		sbuf_add(&b, buf, (size_t)(p - buf));
	} else {
		return -1;
	}
	*len = b.len;
	if (b.p == NULL)
		sbuf_puts(&b, "");
	*body = sbuf_take(&b);
	return 0;
}

void
evidence_say_key(const char *key)
{
	uint8_t raw[32];
	char hex[65];

	if (crypto_pubkey_raw(key, raw) == 0) {
		util_hex(raw, sizeof raw, hex);
		printf("judged under the organiser's key %s: compare it with "
		    "the key the organiser announced\n", hex);
	}
}

int
evidence_body_ok(const char *buf, size_t n, const char *text)
{
	char want[COMMIT_HEX + 1], hex[COMMIT_HEX + 1], *body;
	size_t blen, i = 0;
	int ok = 0;

	while (i < n && (buf[i] == ' ' || buf[i] == '\n'))
		i++;
	evidence_field(text, i < n && buf[i] == '{' ? "body-json" :
	    "body-text", want, sizeof want);
	if (evidence_body(buf, n, &body, &blen) == 0) {
		crypto_sha256_hex(body, blen, hex);
		ok = want[0] != '\0' && strcmp(hex, want) == 0;
		free(body);
	}
	return ok;
}

/* The block in a text, from its BEGIN line. */
static int
evidence_find_text(const char *buf, size_t n, char **text,
    uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	const char *b = NULL, *end = NULL, *p;
	size_t bl = strlen(EVIDENCE_BEGIN), el = strlen(EVIDENCE_END);
	char *all, *last;

	/* The last block: a report quotes no other. */
	for (p = buf; p + bl + 1 <= buf + n; p++)
		if ((p == buf || p[-1] == '\n') &&
		    memcmp(p, EVIDENCE_BEGIN "\n", bl + 1) == 0)
			b = p + bl + 1;
	if (b == NULL)
		return 0;
	for (p = b; p + el <= buf + n && end == NULL; p++)
		if (p[-1] == '\n' && memcmp(p, EVIDENCE_END, el) == 0)
			end = p;
	if (end == NULL)
		return err_set(e, 0, 0, "a signed block without its '%s' line",
		    EVIDENCE_END);
	all = util_uncut(b, (size_t)(end - b), "");
	/* Its last line is "signature B64". */
	last = all + strlen(all);
	if (last > all)
		last--;
	while (last > all && last[-1] != '\n')
		last--;
	if (strncmp(last, "signature ", 10) != 0 ||
	    crypto_sig_decode((const uint8_t *)last + 10, strlen(last + 10),
	    sig, e) == -1) {
		free(all);
		return err_set(e, 0, 0, "a signed block whose last line is not "
		    "'signature' and 64 bytes of base64");
	}
	*last = '\0';
	*text = all;
	return 1;
}

/* Do the n bytes at buf hold s? */
static int
evidence_has(const char *buf, size_t n, const char *s)
{
	size_t k = strlen(s);

	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(buf + i, s, k) == 0)
			return 1;
	return 0;
}

/* A mail message's quoted-printable body (as a reply with a long line
 * is sent) decoded: soft line breaks joined, =XX made bytes.  The block
 * is ASCII, so decoding the whole message is enough to read it. */
static char *
evidence_unqp(const char *buf, size_t n, size_t *len)
{
	static const char hex[] = "0123456789ABCDEF";
	struct sbuf b;

	sbuf_init(&b);
	for (size_t i = 0; i < n; i++) {
		const char *h, *l;

		if (buf[i] == '=' && i + 1 < n && buf[i + 1] == '\n') {
			i++;
		} else if (buf[i] == '=' && i + 2 < n && buf[i + 1] == '\r' &&
		    buf[i + 2] == '\n') {
			i += 2;
		} else if (buf[i] == '=' && i + 2 < n &&
		    (h = strchr(hex, buf[i + 1])) != NULL && buf[i + 1] != '\0' &&
		    (l = strchr(hex, buf[i + 2])) != NULL && buf[i + 2] != '\0') {
			sbuf_putc(&b, (char)((h - hex) * 16 + (l - hex)));
			i += 2;
		} else if (buf[i] != '\r') {
			sbuf_putc(&b, buf[i]);
		}
	}
	*len = b.len;
	if (b.p == NULL)
		sbuf_puts(&b, "");
	return sbuf_take(&b);
}

int
evidence_find(const char *buf, size_t n, char **text,
    uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	json_t *root, *o, *t, *g;
	json_error_t je;
	size_t i = 0;

	*text = NULL;
	while (i < n && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t' ||
	    buf[i] == '\r'))
		i++;
	if (i == n || buf[i] != '{') {
		size_t dlen;
		char *d;
		int r;

		if (!evidence_has(buf, n, "quoted-printable"))
			return evidence_find_text(buf, n, text, sig, e);
		d = evidence_unqp(buf, n, &dlen);
		r = evidence_find_text(d, dlen, text, sig, e);
		free(d);
		return r;
	}
	if ((root = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &je)) == NULL)
		return err_set(e, je.line, je.column, "not JSON: %s", je.text);
	o = json_object_get(root, EVIDENCE_JSON_KEY);
	if (o == NULL) {
		json_decref(root);
		return 0;
	}
	t = json_object_get(o, "text");
	g = json_object_get(o, "signature");
	if (!json_is_string(t) || !json_is_string(g) ||
	    crypto_sig_decode((const uint8_t *)json_string_value(g),
	    json_string_length(g), sig, e) == -1) {
		json_decref(root);
		return err_set(e, 0, 0, "'%s' must hold the strings 'text' and "
		    "'signature' (base64 of 64 bytes)", EVIDENCE_JSON_KEY);
	}
	*text = util_strndup(json_string_value(t), json_string_length(t));
	json_decref(root);
	return 1;
}

void
evidence_field(const char *text, const char *key, char *out, size_t cap)
{
	size_t kl = strlen(key);

	out[0] = '\0';
	for (const char *p = text; p != NULL && *p != '\0';) {
		const char *nl = strchr(p, '\n');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);

		if (len > kl && strncmp(p, key, kl) == 0 && p[kl] == ' ' &&
		    len - kl - 1 < cap) {
			memcpy(out, p + kl + 1, len - kl - 1);
			out[len - kl - 1] = '\0';
			return;
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
}
