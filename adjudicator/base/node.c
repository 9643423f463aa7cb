/* node.c - the document tree: building, freeing and checked access.
 *
 * A map keeps keys[i] and items[i] in two arrays of the same capacity
 * (cap), so a key and its value always share an index. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/node.h"

/* The longest part of a value quoted in a message, in bytes. */

void
node_quote(const char *s, char *out, size_t size)
{
	struct sbuf b;
	size_t i;
	unsigned char c;

	sbuf_init(&b);
	sbuf_putc(&b, '\'');
	for (i = 0; s[i] != '\0'; i++) {
		c = (unsigned char)s[i];
		/* Cut before a character, not inside a UTF-8 sequence. */
		if (i >= NODE_QUOTE_MAX && (c & 0xc0) != 0x80) {
			sbuf_puts(&b, "...");
			break;
		}
		if (c == '\'' || c == '\\')
			sbuf_printf(&b, "\\%c", c);
		else if (c == '\n')
			sbuf_puts(&b, "\\n");
		else if (c == '\t')
			sbuf_puts(&b, "\\t");
		else if (c < 0x20 || c == 0x7f)
			sbuf_printf(&b, "\\x%02x", c);
		else
			sbuf_putc(&b, (char)c);
	}
	sbuf_putc(&b, '\'');
	snprintf(out, size, "%s", b.p);
	sbuf_free(&b);
}

static struct arena node_arena;
static int node_arena_on; /* how many begins not yet ended */

void
node_arena_begin(void)
{
	node_arena_on++;
}

void
node_arena_end(void)
{
	assert(node_arena_on > 0);
	if (--node_arena_on == 0)
		arena_reset(&node_arena);
}

/* A zeroed node with size - sizeof (struct node) bytes after it. */
static struct node *
node_alloc(size_t size)
{
	struct node *n;

	if (!node_arena_on)
		return util_calloc(1, size);
	n = arena_alloc(&node_arena, size);
	memset(n, 0, sizeof *n);
	n->arena = 1;
	return n;
}

static struct node *
node_new(enum node_kind kind)
{
	struct node *n = node_alloc(sizeof *n);

	n->kind = kind;
	return n;
}

/* A scalar and its string in one allocation: trees are built and freed
 * by the thousand (every state read, every report's view). */
struct node *
node_scalarn(const char *s, size_t len)
{
	struct node *n = node_alloc(sizeof *n + len + 1);

	n->kind = NODE_SCALAR;
	n->str = (char *)(n + 1);
	memcpy(n->str, s, len);
	n->str[len] = '\0';
	n->len = len;
	return n;
}

struct node *
node_scalar(const char *s)
{
	return node_scalarn(s, strlen(s));
}

struct node *
node_scalarf(const char *fmt, ...)
{
	struct node *n;
	struct sbuf b;
	va_list ap;

	sbuf_init(&b);
	va_start(ap, fmt);
	sbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	n = node_scalarn(b.p != NULL ? b.p : "", b.len);
	sbuf_free(&b);
	return n;
}

struct node *
node_int(long long v)
{
	char buf[UTIL_INT_MAX];

	return node_scalarn(buf, (size_t)(util_fmt_int(buf, v) - buf));
}

struct node *
node_text(const char *s)
{
	struct node *n = node_scalar(s);

	n->quoted = 1;
	return n;
}

struct node *
node_bool(int v)
{
	return node_scalar(v ? "true" : "false");
}

struct node *
node_seq(void)
{
	return node_new(NODE_SEQ);
}

struct node *
node_map(void)
{
	return node_new(NODE_MAP);
}

/* Room for one more entry (and its key, in a map).  A map's keys share
 * one allocation with its items: keys = items + cap. */
static void
node_grow(struct node *n)
{
	size_t cap, per = n->kind == NODE_MAP ? 2 : 1;
	struct node **v;

	if (n->n < n->cap)
		return;
	cap = n->cap ? n->cap * 2 : 4;
	if (!n->arena)
		v = util_reallocarray(NULL, cap * per, sizeof *v);
	else if (cap > SIZE_MAX / per / sizeof *v)
		abort(); /* cannot happen: the items so far fill memory */
	else
		v = arena_alloc(&node_arena, cap * per * sizeof *v);
	if (n->n > 0) {
		memcpy(v, n->items, n->n * sizeof *v);
		if (per == 2)
			memcpy(v + cap, n->keys, n->n * sizeof *v);
	}
	if (!n->arena)
		free(n->items);
	n->items = v;
	n->keys = per == 2 ? v + cap : NULL;
	n->cap = cap;
}

struct node *
node_push(struct node *seq, struct node *item)
{
	assert(seq->kind == NODE_SEQ);
	node_grow(seq);
	seq->items[seq->n++] = item;
	return item;
}

struct node *
node_set(struct node *map, const char *key, struct node *value)
{
	assert(map->kind == NODE_MAP);
	return node_put(map, node_scalar(key), value);
}

struct node *
node_put(struct node *map, struct node *key, struct node *value)
{
	assert(map->kind == NODE_MAP && key->kind == NODE_SCALAR);
	node_grow(map);
	map->keys[map->n] = key;
	map->items[map->n] = value;
	map->n++;
	return value;
}

void
node_free(struct node *n)
{
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++) {
		if (n->keys != NULL)
			node_free(n->keys[i]);
		node_free(n->items[i]);
	}
	if (n->arena) /* node_arena_end frees it */
		return;
	free(n->items); /* and the keys, in the same block */
	if (n->str != (char *)(n + 1)) /* not node_scalarn's */
		free(n->str);
	free(n);
}

const struct node *
node_get(const struct node *map, const char *key)
{
	size_t i;

	if (map == NULL || map->kind != NODE_MAP)
		return NULL;
	for (i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->str, key) == 0)
			return map->items[i];
	return NULL;
}

/* How a node is named in "must be X, not Y" messages. */
static const char *
kind_name(enum node_kind kind)
{
	switch (kind) {
	case NODE_SCALAR:
		return "a scalar";
	case NODE_SEQ:
		return "a sequence";
	case NODE_MAP:
		return "a mapping";
	}
	return "a node";
}

/* What n is, for the "not ..." part of a message: a scalar is quoted. */
static void
describe(const struct node *n, char *out, size_t size)
{
	char q[NODE_QUOTE_MAX * 4 + 8];

	if (n->kind != NODE_SCALAR) {
		snprintf(out, size, "%s", kind_name(n->kind));
		return;
	}
	node_quote(n->str, q, sizeof q);
	snprintf(out, size, "%s%s", n->quoted ? "the quoted string " : "", q);
}

int
node_want_kind(const struct node *n, enum node_kind kind, const char *what,
    struct gb_err *e)
{
	char d[NODE_QUOTE_MAX * 4 + 32];

	if (n == NULL)
		return err_set(e, 0, 0, "missing \"%s\"", what);
	if (n->kind == kind)
		return 0;
	describe(n, d, sizeof d);
	return err_set(e, n->line, n->col, "\"%s\" must be %s, not %s", what,
	    kind_name(kind), d);
}

/* Find key in map, or say why it cannot be found. */
static const struct node *
need(const struct node *map, const char *key, struct gb_err *e)
{
	const struct node *v;
	char q[NODE_QUOTE_MAX * 4 + 8];

	/* The key is quoted only for a message: a state's every field goes
	 * through here when it is read. */
	if (map != NULL && map->kind == NODE_MAP &&
	    (v = node_get(map, key)) != NULL)
		return v;
	node_quote(key, q, sizeof q);
	if (map == NULL)
		err_set(e, 0, 0, "missing key %s", q);
	else if (map->kind != NODE_MAP)
		err_set(e, map->line, map->col, "cannot look up key %s in %s",
		    q, kind_name(map->kind));
	else
		err_set(e, map->line, map->col, "missing key %s", q);
	return NULL;
}

int
node_need(const struct node *map, const char *key, enum node_kind kind,
    const struct node **out, struct gb_err *e)
{
	const struct node *v;

	if ((v = need(map, key, e)) == NULL)
		return -1;
	if (node_want_kind(v, kind, key, e) != 0)
		return -1;
	*out = v;
	return 0;
}

int
node_want_int(const struct node *n, long long min, long long max,
    const char *what, long long *out, struct gb_err *e)
{
	char d[NODE_QUOTE_MAX * 4 + 32];

	if (n == NULL)
		return err_set(e, 0, 0, "missing \"%s\"", what);
	/* A quoted "5" is a string that happens to hold digits: an integer
	 * has one spelling in gunbai's files, plain. */
	if (n->kind == NODE_SCALAR && !n->quoted &&
	    util_parse_int(n->str, min, max, out) == 0)
		return 0;
	describe(n, d, sizeof d);
	return err_set(e, n->line, n->col,
	    "\"%s\" must be an integer from %lld to %lld, not %s", what, min,
	    max, d);
}

int
node_need_int(const struct node *map, const char *key, long long min,
    long long max, long long *out, struct gb_err *e)
{
	const struct node *v;

	if ((v = need(map, key, e)) == NULL)
		return -1;
	return node_want_int(v, min, max, key, out, e);
}

int
node_need_str(const struct node *map, const char *key, const char **out,
    struct gb_err *e)
{
	const struct node *v;

	if (node_need(map, key, NODE_SCALAR, &v, e) != 0)
		return -1;
	*out = v->str;
	return 0;
}

int
node_only_keys(const struct node *map, const char *const *allowed,
    struct gb_err *e)
{
	const struct node *k;
	char q[NODE_QUOTE_MAX * 4 + 8];
	size_t i, j;

	if (map == NULL || map->kind != NODE_MAP) {
		if (map == NULL)
			return err_set(e, 0, 0, "expected a mapping");
		return err_set(e, map->line, map->col,
		    "expected a mapping, not %s", kind_name(map->kind));
	}
	for (i = 0; i < map->n; i++) {
		k = map->keys[i];
		for (j = 0; allowed[j] != NULL; j++)
			if (strcmp(k->str, allowed[j]) == 0)
				break;
		if (allowed[j] == NULL) {
			node_quote(k->str, q, sizeof q);
			return err_set(e, k->line, k->col, "unknown key %s", q);
		}
	}
	return 0;
}

int
node_need_word(const struct node *map, const char *key,
    const char *const *words, size_t n, int *index, struct gb_err *e)
{
	const struct node *v;
	struct sbuf list;

	if (node_need(map, key, NODE_SCALAR, &v, e) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (strcmp(v->str, words[i]) == 0) {
			*index = (int)i;
			return 0;
		}
	sbuf_init(&list);
	for (size_t i = 0; i < n; i++)
		sbuf_printf(&list, "%s%s", i == 0 ? "" : i + 1 == n ? " or " :
		    ", ", words[i]);
	err_set(e, v->line, v->col, "\"%s\" must be %s", key, list.p);
	sbuf_free(&list);
	return -1;
}
