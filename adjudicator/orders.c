/* orders.c - orders files and their envelopes. */
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "hints.h"
#include "orders.h"
#include "yaml.h"

/* Which player's key verifies sig over buf: index, -1 none, -2 error. */
static int
orders_signer(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	for (int i = 0; i < st->nplayers; i++) {
		int r = crypto_verify(st->players[i].key, buf, len, sig, e);
		if (r == -1)
			return -2;
		if (r == 1)
			return i;
	}
	return -1;
}

static int
orders_sig(struct orders_file *of, const char *buf, size_t len,
    const struct state *st)
{
	struct sbuf sigpath;
	char *sigbuf;
	size_t siglen;
	uint8_t sig[CRYPTO_SIG_BYTES];
	int r, signer;

	sbuf_init(&sigpath);
	sbuf_printf(&sigpath, "%s.sig", of->path);
	r = fileio_read(sigpath.p, FILEIO_SIG_MAX, &sigbuf, &siglen, &of->err);
	if (r == -1) {
		/* The message names the .sig file; the refusal is of the
		 * orders file. */
		err_file(&of->err, of->path);
		hints_unsigned(of->path, sigpath.p, &of->err);
		sbuf_free(&sigpath);
		return -1;
	}
	r = crypto_sig_decode((uint8_t *)sigbuf, siglen, sig, &of->err);
	free(sigbuf);
	if (r == -1) {
		/* A line and column are in the .sig file: name it. */
		if (of->err.line == 0)
			err_file(&of->err, of->path);
		sbuf_free(&sigpath);
		return -1;
	}
	sbuf_free(&sigpath);
	err_file(&of->err, of->path);
	signer = orders_signer(st, buf, len, sig, &of->err);
	if (signer == -2)
		return -1;
	if (signer == -1) {
		err_set(&of->err, 0, 0, "the signature does not verify "
		    "with the key of any player of game '%s' (signed with "
		    "another key, or the file was changed after signing)",
		    st->id);
		hints_sig_damage(st, buf, len, sig, &of->err);
		return -1;
	}
	return signer;
}

/* Does s hold a control character other than a tab (C0, DEL, or C1
 * U+0080 to U+009F)?  An order's text goes to gunbai's output and into
 * reports as it is: an escape sequence written as "\e[2J" in a quoted
 * scalar, or a carriage return that hides what comes before it, must not
 * reach a terminal or a mail reader.  A tab is white space players may
 * type. */
static int
orders_has_control(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++)
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f ||
		    (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return 1;
	return 0;
}

static int
orders_envelope(struct orders_file *of, const struct state *st, int signer)
{
	static const char *const keys[] = { "gunbai", "game", "turn",
		"player", "orders", NULL };
	const struct node *root = of->root, *n, *list;
	struct gb_err *e = &of->err;
	const char *s;

	/* The format first: a state file given as orders is "not an
	 * orders file", not a file with unknown keys. */
	if (node_want_kind(root, NODE_MAP, "orders file", e) == -1 ||
	    node_need_str(root, "gunbai", &s, e) == -1)
		return -1;
	if (strcmp(s, ORDERS_FORMAT) != 0) {
		n = node_get(root, "gunbai");
		return err_set(e, n->line, n->col, "not a gunbai orders file, "
		    "or an unknown version: 'gunbai: %s' (this is '%s')", s,
		    ORDERS_FORMAT);
	}
	if (node_only_keys(root, keys, e) == -1)
		return -1;
	if (node_need_str(root, "game", &s, e) == -1)
		return -1;
	if (strcmp(s, st->id) != 0) {
		n = node_get(root, "game");
		return err_set(e, n->line, n->col, "these orders are for game "
		    "'%s', not '%s'", s, st->id);
	}
	if (node_need_str(root, "player", &s, e) == -1)
		return -1;
	n = node_get(root, "player");
	if ((of->player = state_player(st, s)) == -1)
		return err_set(e, n->line, n->col,
		    "no player '%s' in game '%s'", s, st->id);
	if (of->player != signer) {
		of->player = -1;
		return err_set(e, n->line, n->col, "the file names player "
		    "'%s' but was signed with the key of '%s'", s,
		    st->names[signer]);
	}
	if (node_need_int(root, "turn", 1, 1000000000LL, &of->turn, e) == -1)
		return -1;
	if (of->turn < st->turn) {
		n = node_get(root, "turn");
		return err_set(e, n->line, n->col, "these orders are for turn "
		    "%lld, which has already been adjudicated (game '%s' is "
		    "at turn %lld)", of->turn, st->id, st->turn);
	}
	if (node_need(root, "orders", NODE_SEQ, &list, e) == -1)
		return -1;
	if (list->n > ORDERS_MAX)
		return err_set(e, list->line, list->col,
		    "%zu orders; at most %d in one file", list->n, ORDERS_MAX);
	of->orders = util_calloc(list->n + 1, sizeof *of->orders);
	for (size_t i = 0; i < list->n; i++) {
		const struct node *o = list->items[i];
		if (node_want_kind(o, NODE_SCALAR, "an order", e) == -1)
			return -1;
		if (o->len == 0 || o->len > ORDERS_TEXT_MAX ||
		    strchr(o->str, '\n') != NULL)
			return err_set(e, o->line, o->col, "an order is one "
			    "line of 1 to %d characters", ORDERS_TEXT_MAX);
		if (orders_has_control(o->str))
			return err_set(e, o->line, o->col, "an order may not "
			    "hold a control character (an escape, a carriage "
			    "return)");
		of->orders[i].text = o->str;
		of->orders[i].line = o->line;
		of->orders[i].col = o->col;
	}
	of->n = list->n;
	return 0;
}

static void
orders_read_raw(struct orders_file *of, const char *path,
    const struct state *st)
{
	uint8_t digest[CRYPTO_SHA256_BYTES];
	char *buf;
	size_t len;
	int signer;

	memset(of, 0, sizeof *of);
	of->path = util_strdup(path);
	of->player = -1;
	of->signer = -1;
	of->named = -1;
	if (fileio_read(path, FILEIO_ORDERS_MAX, &buf, &len, &of->err) == -1)
		return;
	crypto_sha256(buf, len, digest);
	util_hex(digest, sizeof digest, of->sha256);
	/* The signature is checked on the raw bytes before any parsing. */
	if ((signer = orders_sig(of, buf, len, st)) >= 0) {
		of->signer = signer;
		err_file(&of->err, path);
		if (yaml_read(buf, len, &of->root, &of->err) == 0 &&
		    orders_envelope(of, st, signer) == 0)
			of->ok = 1;
		else
			hints_paste(buf, len, &of->err);
	} else {
		of->named = hints_named(st, buf, len);
	}
	free(buf);
	if (!of->ok) {
		node_free(of->root);
		of->root = NULL;
		free(of->orders);
		of->orders = NULL;
		of->n = 0;
	}
}

void
orders_read(struct orders_file *of, const char *path, const struct state *st)
{
	char shown[sizeof of->err.file];

	orders_read_raw(of, path, st);
	/* From here the path is only shown: keep it one line of text. */
	util_clean(path, shown, sizeof shown);
	free(of->path);
	of->path = util_strdup(shown);
}

void
orders_free(struct orders_file *of)
{
	free(of->path);
	free(of->orders);
	node_free(of->root);
	memset(of, 0, sizeof *of);
}

static int
orders_cmp(const void *a, const void *b)
{
	const struct orders_file *x = a, *y = b;
	int c;

	/* Good files first, then by what they answer. */
	if (x->ok != y->ok)
		return y->ok - x->ok;
	if (x->turn != y->turn)
		return x->turn < y->turn ? -1 : 1;
	if (x->player != y->player)
		return x->player < y->player ? -1 : 1;
	if ((c = strcmp(x->sha256, y->sha256)) != 0)
		return c;
	return strcmp(x->path, y->path);
}

void
orders_sort(struct orders_file *f, size_t n)
{
	qsort(f, n, sizeof *f, orders_cmp);
	for (size_t i = 0; i < n; i++) {
		size_t j = i + 1;
		int differ = 0;

		if (!f[i].ok)
			continue;
		while (j < n && f[j].ok && f[j].turn == f[i].turn &&
		    f[j].player == f[i].player) {
			if (strcmp(f[j].sha256, f[i].sha256) != 0)
				differ = 1;
			j++;
		}
		for (size_t k = i + 1; k < j; k++) {
			if (!differ) {
				f[k].ok = 0;
				f[k].copy = 1;
				err_set(&f[k].err, 0, 0, "a copy of '%s'; "
				    "used once", f[i].path);
			}
		}
		if (differ) {
			for (size_t k = i; k < j; k++) {
				f[k].ok = 0;
				err_set(&f[k].err, 0, 0, "%zu different "
				    "orders files of the same player for "
				    "turn %lld; none is used: send one",
				    j - i, f[i].turn);
			}
		}
		i = j - 1;
	}
}
