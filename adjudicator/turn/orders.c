/* orders.c - orders files and their envelopes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/fileio.h"
#include "turn/hints.h"
#include "turn/orders.h"
#include "base/yaml.h"

int
orders_signer(const struct state *st, const char *buf, size_t len,
    const uint8_t sig[CRYPTO_SIG_BYTES], struct gb_err *e)
{
	/* The key of the player the raw lines name first (a look, never a
	 * parse: hints_named): a good file costs one verification, not one
	 * per player before its own.  Which key verifies does not depend on
	 * the order they are tried in: no two players have the same key
	 * (state.c), and a signature verifies under one key only. */
	int named = hints_named(st, buf, len);

	for (int k = -1; k < st->nplayers; k++) {
		int i = k < 0 ? named : k, r;

		if (i < 0 || (k >= 0 && k == named))
			continue;
		r = crypto_verify(st->players[i].key, buf, len, sig, e);
		if (r == -1)
			return -2;
		if (r == 1)
			return i;
	}
	return -1;
}

/* The signer of buf by the signature text sigbuf, read from sigpath. */
static int
orders_sig_check(struct orders_file *of, const char *buf, size_t len,
    const char *sigbuf, size_t siglen, const char *sigpath,
    const struct state *st, size_t *budget)
{
	uint8_t sig[CRYPTO_SIG_BYTES];
	int signer;

	err_file(&of->err, sigpath);
	if (crypto_sig_decode((const uint8_t *)sigbuf, siglen, sig,
	    &of->err) == -1) {
		/* A line and column are in the .sig file: name it. */
		if (of->err.line == 0)
			err_file(&of->err, of->path);
		return -1;
	}
	err_file(&of->err, of->path);
	memcpy(of->sig, sig, sizeof of->sig);
	signer = orders_signer(st, buf, len, sig, &of->err);
	if (signer == -2)
		return -1;
	if (signer == -1) {
		err_set(&of->err, 0, 0, "the signature does not verify "
		    "with the key of any player of game '%s' (signed with "
		    "another key, or the file was changed after signing)",
		    st->id);
		hints_sig_damage(st, buf, len, sig, budget, &of->err);
		return -1;
	}
	return signer;
}

static int
orders_sig(struct orders_file *of, const char *buf, size_t len,
    const struct state *st)
{
	struct sbuf sigpath;
	char *sigbuf;
	size_t siglen;
	int r;

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
	r = orders_sig_check(of, buf, len, sigbuf, siglen, sigpath.p, st,
	    NULL);
	free(sigbuf);
	sbuf_free(&sigpath);
	return r;
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

/* An order written as YAML other than one line of text, such as
 * "- scout: w1 e1", which is a mapping (a key and its value): what to
 * write instead. */
static int
orders_not_text(const struct node *o, struct gb_err *e)
{
	char k[64], v[64];

	if (o->kind == NODE_MAP && o->n == 1 &&
	    o->keys[0]->kind == NODE_SCALAR &&
	    o->items[0]->kind == NODE_SCALAR) {
		escape_copy(o->keys[0]->str, k, sizeof k);
		escape_copy(o->items[0]->str, v, sizeof v);
		return err_set(e, o->line, o->col, "an order is one line of "
		    "text, but '%s: %s' reads as a key and its value: write "
		    "'- %s%s%s' without the colon, or the whole order in "
		    "quotes", k, v, k, v[0] != '\0' ? " " : "", v);
	}
	return err_set(e, o->line, o->col, "an order is one line of text, "
	    "not %s: write each order on a line of its own as '- ORDER', "
	    "in quotes if it holds ': ' or starts with '{' or '['",
	    o->kind == NODE_MAP ? "a mapping" : "a sequence");
}

/* The file must name this game's uid: a game made again with the same id
 * and players has another uid, and refuses the old game's files. */
static int
orders_uid(const struct node *root, const struct state *st,
    struct gb_err *e)
{
	char want[COMMIT_UID_HEX + 1];
	const struct node *n;
	const char *s;

	if (node_need_str(root, "uid", &s, e) == -1)
		return -1;
	n = node_get(root, "uid");
	util_hex(st->uid, sizeof st->uid, want);
	if (strcmp(s, want) != 0)
		return err_set(e, n->line, n->col, "these orders name another "
		    "uid than game '%s' (uid %s): the orders of another game "
		    "with the same id are never valid in this one", st->id,
		    want);
	return 0;
}

/* The line of the key of root (a mapping) named key, 0 if none. */
static int
orders_key_line(const struct node *root, const char *key)
{
	for (size_t i = 0; i < root->n; i++)
		if (strcmp(root->keys[i]->str, key) == 0)
			return root->keys[i]->line;
	return 0;
}

/* Does player p owe a decision at the state's point? */
static int
orders_owes(const struct state *st, int p)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t n = st->game->owed(st->g, owed);

	for (size_t i = 0; i < n; i++)
		if (owed[i].player == p)
			return 1;
	return 0;
}

static int
orders_envelope(struct orders_file *of, const struct state *st, int signer)
{
	static const char *const keys[] = { "gunbai", "game", "uid", "turn",
		"revision", "player", "orders", NULL };
	const struct node *root = of->root, *n, *list;
	struct gb_err *e = &of->err;
	const char *s;

	/* The format first: a state file given as orders is "not an
	 * orders file", not a file with unknown keys. */
	if (node_want_kind(root, NODE_MAP, "orders file", e) == -1 ||
	    node_need_str(root, "gunbai", &s, e) == -1)
		return -1;
	if (strcmp(s, "orders 1") == 0) {
		n = node_get(root, "gunbai");
		return err_set(e, n->line, n->col, "an 'orders 1' file does not "
		    "name the game's uid: write '%s' files, from the orders "
		    "template of your latest report", ORDERS_FORMAT);
	}
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
	if (orders_uid(root, st, e) == -1)
		return -1;
	of->revision = 0;
	if (node_get(root, "revision") != NULL &&
	    node_need_int(root, "revision", 0, ORDERS_REVISION_MAX,
	    &of->revision, e) == -1)
		return -1;
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
		char due[48] = "";

		n = node_get(root, "turn");
		/* A player who counts the own turns ("Mist's own turn 1")
		 * writes a point already past: name the one to write. */
		if (orders_owes(st, of->player))
			snprintf(due, sizeof due, ", which you owe: write "
			    "'turn: %lld'", st->turn);
		return err_set(e, n->line, n->col, "these orders are for point "
		    "%lld (their 'turn:'), which has already been adjudicated "
		    "(game '%s' is at point %lld%s)", of->turn, st->id,
		    st->turn, due);
	}
	n = node_get(root, "orders");
	if (n != NULL && n->kind == NODE_SCALAR && n->len > 0 &&
	    orders_key_line(root, "orders") == n->line) {
		char v[64];

		/* "orders: move i8 h7": say how a list is written.  (Order
		 * lines without '- ' below 'orders:' make a scalar of
		 * several lines, which hints_paste names by its line.) */
		escape_copy(n->str, v, sizeof v);
		return err_set(e, n->line, n->col, "\"orders\" is a list, "
		    "not one line of text: write each order below 'orders:' "
		    "on a line of its own as '  - ORDER' ('  - %s'), or "
		    "'orders: [%s]'", v, v);
	}
	if (node_need(root, "orders", NODE_SEQ, &list, e) == -1)
		return -1;
	if (list->n > ORDERS_MAX)
		return err_set(e, list->line, list->col,
		    "%zu orders; at most %d in one file", list->n, ORDERS_MAX);
	of->orders = util_calloc(list->n + 1, sizeof *of->orders);
	for (size_t i = 0; i < list->n; i++) {
		const struct node *o = list->items[i];
		if (o->kind != NODE_SCALAR)
			return orders_not_text(o, e);
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

/* The checks after the signature's: parse and the envelope. */
static void
orders_parse(struct orders_file *of, const char *buf, size_t len,
    int signer, const struct state *st)
{
	if (signer >= 0) {
		of->signer = signer;
		err_file(&of->err, of->path);
		if (yaml_read(buf, len, &of->root, &of->err) == 0 &&
		    orders_envelope(of, st, signer) == 0)
			of->ok = 1;
		else
			hints_paste(buf, len, &of->err);
	} else {
		of->named = hints_named(st, buf, len);
	}
	if (!of->ok) {
		node_free(of->root);
		of->root = NULL;
		free(of->orders);
		of->orders = NULL;
		of->n = 0;
	}
}

static void
orders_start(struct orders_file *of, const char *path)
{
	memset(of, 0, sizeof *of);
	of->path = util_strdup(path);
	of->player = -1;
	of->signer = -1;
	of->named = -1;
}

static void
orders_sha256(struct orders_file *of, const char *buf, size_t len)
{
	crypto_sha256_hex(buf, len, of->sha256);
}

static void
orders_read_raw(struct orders_file *of, const char *path,
    const struct state *st)
{
	char *buf;
	size_t len;

	orders_start(of, path);
	if (fileio_read(path, FILEIO_ORDERS_MAX, &buf, &len, &of->err) == -1)
		return;
	orders_sha256(of, buf, len);
	/* The signature is checked on the raw bytes before any parsing. */
	orders_parse(of, buf, len, orders_sig(of, buf, len, st), st);
	free(buf);
}

void
orders_read(struct orders_file *of, const char *path, const struct state *st)
{
	char shown[sizeof of->err.file];

	orders_read_raw(of, path, st);
	/* From here the path is only shown: keep it one line of text. */
	escape_copy(path, shown, sizeof shown);
	free(of->path);
	of->path = util_strdup(shown);
}

void
orders_read_mem(struct orders_file *of, const char *path, const char *buf,
    size_t len, const char *sig, size_t siglen, const struct state *st)
{
	orders_read_bounded(of, path, buf, len, sig, siglen, st, NULL);
}

void
orders_read_bounded(struct orders_file *of, const char *path,
    const char *buf, size_t len, const char *sig, size_t siglen,
    const struct state *st, size_t *budget)
{
	char shown[sizeof of->err.file];
	struct sbuf sigpath;

	escape_copy(path, shown, sizeof shown);
	orders_start(of, shown);
	orders_sha256(of, buf, len);
	sbuf_init(&sigpath);
	sbuf_printf(&sigpath, "%s.sig", of->path);
	orders_parse(of, buf, len, orders_sig_check(of, buf, len, sig, siglen,
	    sigpath.p, st, budget), st);
	sbuf_free(&sigpath);
}

void
orders_sig_sha256(const struct orders_file *of, char out[COMMIT_HEX + 1])
{
	crypto_sha256_hex((const char *)of->sig, sizeof of->sig, out);
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

	/* Good files first, then by what they answer, the highest revision
	 * first. */
	if (x->ok != y->ok)
		return y->ok - x->ok;
	if (x->turn != y->turn)
		return x->turn < y->turn ? -1 : 1;
	if (x->player != y->player)
		return x->player < y->player ? -1 : 1;
	if (x->revision != y->revision)
		return x->revision > y->revision ? -1 : 1;
	if ((c = strcmp(x->sha256, y->sha256)) != 0)
		return c;
	/* Copies of one file are merged by its bytes, whatever their
	 * signatures; of two valid signatures over the same bytes the one
	 * whose SHA-256 is smaller is used, the one that feeds the dice
	 * (formats/rng.md): a rule names cannot steer, and one a player
	 * can check from the hashes the receipts and reports show. */
	if (x->ok) {
		char xs[COMMIT_HEX + 1], ys[COMMIT_HEX + 1];

		orders_sig_sha256(x, xs);
		orders_sig_sha256(y, ys);
		if ((c = strcmp(xs, ys)) != 0)
			return c;
	}
	return strcmp(x->path, y->path);
}

/* Settle the files f[0..n) of one (turn, player), highest revision
 * first. */
static void
orders_settle(struct orders_file *f, size_t n)
{
	size_t top = 1;
	int differ = 0;

	while (top < n && f[top].revision == f[0].revision) {
		if (strcmp(f[top].sha256, f[0].sha256) != 0)
			differ = 1;
		top++;
	}
	for (size_t k = 0; k < top; k++) {
		if (differ) {
			f[k].ok = 0;
			err_set(&f[k].err, 0, 0, "%zu different orders files "
			    "of the same player for point %lld with revision "
			    "%lld; none is used: send one with a higher "
			    "revision", top, f[0].turn, f[0].revision);
		} else if (k > 0) {
			f[k].ok = 0;
			f[k].copy = 1;
			err_set(&f[k].err, 0, 0, "a copy of '%s': the same "
			    "bytes count once", f[0].path);
		}
	}
	/* Lower revisions are replaced, whether the highest is used or
	 * refused: a correction never brings an older file back. */
	for (size_t k = top; k < n; k++) {
		f[k].ok = 0;
		f[k].copy = 1;
		f[k].replaced_by = f[0].revision;
		err_set(&f[k].err, 0, 0, "revision %lld, replaced by revision "
		    "%lld ('%s')", f[k].revision, f[0].revision, f[0].path);
	}
}

void
orders_sort(struct orders_file *f, size_t n)
{
	qsort(f, n, sizeof *f, orders_cmp);
	for (size_t i = 0; i < n; i++) {
		size_t j = i + 1;

		if (!f[i].ok)
			continue;
		while (j < n && f[j].ok && f[j].turn == f[i].turn &&
		    f[j].player == f[i].player)
			j++;
		orders_settle(f + i, j - i);
		i = j - 1;
	}
}

void
orders_given(const struct orders_file *files, size_t n, size_t *idx)
{
	/* Insertion sort: stable, and the files of a run are few. */
	for (size_t i = 0; i < n; i++) {
		size_t j = i;

		for (; j > 0 && files[idx[j - 1]].arg > files[i].arg; j--)
			idx[j] = idx[j - 1];
		idx[j] = i;
	}
}
