/* test_yaml.c - the document tree, the YAML reader and the canonical
 * writer.  Run from the repository root (reads formats/canonical.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/node.h"
#include "base/util.h"
#include "base/yaml.h"

/* ---------------------------------------------------------------------
 * Helpers
 */

/* yaml_read on an exact-size copy without a NUL, so that the sanitizer
 * catches any read past the end. */
static int
read_buf(const char *s, size_t len, struct node **out, struct gb_err *e)
{
	char *copy = util_malloc(len);
	int rc;

	memcpy(copy, s, len);
	memset(e, 0, sizeof *e);
	rc = yaml_read(copy, len, out, e);
	free(copy);
	return rc;
}

static struct node *
read_ok(const char *s)
{
	struct node *t = NULL;
	struct gb_err e;

	if (read_buf(s, strlen(s), &t, &e) != 0)
		fail_msg("refused at %d:%d: %s\n--- input:\n%s", e.line, e.col,
		    e.msg, s);
	assert_non_null(t);
	return t;
}

/* The input must be refused at line:col with exactly msg (or, when msg
 * ends with '*', a message starting with the rest). */
static void
read_fails_n(const char *s, size_t len, int line, int col, const char *msg)
{
	struct node *t = (struct node *)&t;
	struct gb_err e;
	size_t n = strlen(msg);

	if (read_buf(s, len, &t, &e) != -1)
		fail_msg("accepted: %.*s", (int)len, s);
	assert_null(t);
	if (n > 0 && msg[n - 1] == '*') {
		if (strncmp(e.msg, msg, n - 1) != 0)
			fail_msg("message '%s', want '%s'", e.msg, msg);
	} else
		assert_string_equal(e.msg, msg);
	if (e.line != line || e.col != col)
		fail_msg("'%s' at %d:%d, want %d:%d", e.msg, e.line, e.col,
		    line, col);
}

static void
read_fails(const char *s, int line, int col, const char *msg)
{
	read_fails_n(s, strlen(s), line, col, msg);
}

static char *
write_str(const struct node *t)
{
	struct sbuf b;

	sbuf_init(&b);
	yaml_write(t, &b);
	return sbuf_take(&b);
}

/* Same kinds, strings and order; positions and styles are not compared. */
static int
tree_eq(const struct node *a, const struct node *b)
{
	size_t i;

	if (a->kind != b->kind || a->n != b->n)
		return 0;
	if (a->kind == NODE_SCALAR)
		return a->len == b->len && strlen(a->str) == a->len &&
		    memcmp(a->str, b->str, a->len) == 0;
	for (i = 0; i < a->n; i++) {
		if (a->kind == NODE_MAP && !tree_eq(a->keys[i], b->keys[i]))
			return 0;
		if (!tree_eq(a->items[i], b->items[i]))
			return 0;
	}
	return 1;
}

/* write, read back, compare, write again: the same bytes.  Returns the
 * text written (caller frees). */
static char *
round_trip(const struct node *t)
{
	struct node *back;
	struct gb_err e;
	char *s, *s2;

	s = write_str(t);
	if (read_buf(s, strlen(s), &back, &e) != 0)
		fail_msg("canonical output refused at %d:%d: %s\n%s", e.line,
		    e.col, e.msg, s);
	if (!tree_eq(t, back))
		fail_msg("tree changed by a round trip through:\n%s", s);
	s2 = write_str(back);
	if (strcmp(s, s2) != 0)
		fail_msg("second write differs:\n%s---\n%s", s, s2);
	free(s2);
	node_free(back);
	return s;
}

/* ---------------------------------------------------------------------
 * The tree
 */

static void
test_node_build(void **state)
{
	struct node *m, *s, *v;
	char *out;

	(void)state;
	m = node_map();
	node_set(m, "c", node_int(1));
	node_set(m, "a", node_int(-2));
	v = node_set(m, "b", node_scalarf("%s-%d", "x", 3));
	assert_string_equal(v->str, "x-3");
	assert_int_equal(v->len, 3);
	s = node_set(m, "list", node_seq());
	for (int i = 0; i < 100; i++)
		assert_non_null(node_push(s, node_int(i)));
	node_set(m, "min", node_int(LLONG_MIN));
	node_set(m, "max", node_int(LLONG_MAX));

	/* Insertion order, not sorted. */
	assert_string_equal(m->keys[0]->str, "c");
	assert_string_equal(m->keys[1]->str, "a");
	assert_int_equal(m->n, 6);
	assert_int_equal(m->keys[0]->line, 0);
	assert_string_equal(node_get(m, "a")->str, "-2");
	assert_string_equal(node_get(m, "min")->str, "-9223372036854775808");
	assert_string_equal(node_get(m, "max")->str, "9223372036854775807");
	assert_ptr_equal(node_get(m, "list"), s);
	assert_null(node_get(m, "nope"));
	assert_null(node_get(s, "c"));
	assert_null(node_get(NULL, "c"));
	assert_string_equal(s->items[99]->str, "99");

	out = write_str(m);
	assert_true(strncmp(out, "c: 1\na: -2\nb: x-3\nlist:\n  - 0\n", 30)
	    == 0);
	free(out);
	node_free(m);
	node_free(NULL);
}

static const char access_doc[] =
    "turn: abc\n"
    "count: \"5\"\n"
    "big: 100001\n"
    "list: [1]\n"
    "name: alice\n"
    "bad:\n"
    "  x: 1\n"
    "ok: 12\n"
    "neg: -12\n"
    "long: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n"
    "ctl: \"it's\\n\\x01\"\n";

static void
expect_err(const struct gb_err *e, int line, int col, const char *msg)
{
	assert_string_equal(e->msg, msg);
	if (e->line != line || e->col != col)
		fail_msg("'%s' at %d:%d, want %d:%d", e->msg, e->line, e->col,
		    line, col);
}

static void
test_node_access(void **state)
{
	static const char *const allowed[] = {
		"turn", "count", "big", "list", "name", "ok", "neg", "long",
		"ctl", NULL,
	};
	struct node *t = read_ok(access_doc);
	const struct node *n;
	const char *s;
	long long v;
	struct gb_err e;

	(void)state;
	memset(&e, 0, sizeof e);
	assert_int_equal(node_need_int(t, "ok", 1, 100000, &v, &e), 0);
	assert_true(v == 12);
	assert_int_equal(node_need_int(t, "neg", -100, 0, &v, &e), 0);
	assert_true(v == -12);

	assert_int_equal(node_need_int(t, "turn", 1, 100000, &v, &e), -1);
	expect_err(&e, 1, 7,
	    "\"turn\" must be an integer from 1 to 100000, not 'abc'");
	node_need_int(t, "count", 1, 100000, &v, &e);
	expect_err(&e, 2, 8, "\"count\" must be an integer from 1 to 100000, "
	    "not the quoted string '5'");
	node_need_int(t, "big", 1, 100000, &v, &e);
	expect_err(&e, 3, 6,
	    "\"big\" must be an integer from 1 to 100000, not '100001'");
	node_need_int(t, "list", 1, 100000, &v, &e);
	expect_err(&e, 4, 7,
	    "\"list\" must be an integer from 1 to 100000, not a sequence");
	node_need_int(t, "neg", 0, 5, &v, &e);
	expect_err(&e, 9, 6,
	    "\"neg\" must be an integer from 0 to 5, not '-12'");
	/* A missing key is reported at the map that lacks it. */
	assert_int_equal(node_need_int(t, "player", 1, 2, &v, &e), -1);
	expect_err(&e, 1, 1, "missing key 'player'");

	assert_int_equal(node_need(t, "list", NODE_SEQ, &n, &e), 0);
	assert_int_equal(n->n, 1);
	node_need(t, "list", NODE_MAP, &n, &e);
	expect_err(&e, 4, 7, "\"list\" must be a mapping, not a sequence");
	node_need(t, "name", NODE_SEQ, &n, &e);
	expect_err(&e, 5, 7, "\"name\" must be a sequence, not 'alice'");
	node_need(t, "nothere", NODE_MAP, &n, &e);
	expect_err(&e, 1, 1, "missing key 'nothere'");
	node_need(node_get(t, "list"), "x", NODE_MAP, &n, &e);
	expect_err(&e, 4, 7, "cannot look up key 'x' in a sequence");

	assert_int_equal(node_need_str(t, "name", &s, &e), 0);
	assert_string_equal(s, "alice");
	assert_int_equal(node_need_str(t, "bad", &s, &e), -1);
	expect_err(&e, 7, 3, "\"bad\" must be a scalar, not a mapping");

	assert_int_equal(node_want_kind(node_get(t, "bad"), NODE_MAP, "bad",
	    &e), 0);
	node_want_kind(node_get(t, "turn"), NODE_MAP, "turn", &e);
	expect_err(&e, 1, 7, "\"turn\" must be a mapping, not 'abc'");
	node_want_kind(NULL, NODE_MAP, "turn", &e);
	expect_err(&e, 0, 0, "missing \"turn\"");

	/* Quoted values in messages are cut and escaped. */
	node_want_kind(node_get(t, "long"), NODE_SEQ, "long", &e);
	expect_err(&e, 10, 7, "\"long\" must be a sequence, not "
	    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
	node_want_kind(node_get(t, "ctl"), NODE_SEQ, "ctl", &e);
	expect_err(&e, 11, 6, "\"ctl\" must be a sequence, not the quoted "
	    "string 'it\\'s\\n\\x01'");

	/* The key is the offending node. */
	assert_int_equal(node_only_keys(t, allowed, &e), -1);
	expect_err(&e, 6, 1, "unknown key 'bad'");
	assert_int_equal(node_only_keys(node_get(t, "bad"),
	    (const char *const[]){ "x", NULL }, &e), 0);
	node_only_keys(node_get(t, "list"), allowed, &e);
	expect_err(&e, 4, 7, "expected a mapping, not a sequence");

	/* e may be NULL. */
	assert_int_equal(node_need_int(t, "turn", 1, 2, &v, NULL), -1);
	node_free(t);
}

/* ---------------------------------------------------------------------
 * Reading
 */

static void
test_read_positions(void **state)
{
	struct node *t = read_ok("game: senjin\n"
	    "players:\n"
	    "  - name: alice\n"
	    "    hand: [a, 'b']\n"
	    "  - |\n"
	    "    text\n"
	    "# comment\n"
	    "empty:\n");
	const struct node *p, *m, *h;

	(void)state;
	assert_int_equal(t->kind, NODE_MAP);
	assert_int_equal(t->line, 1);
	assert_int_equal(t->col, 1);
	assert_int_equal(t->n, 3);
	assert_int_equal(t->keys[0]->line, 1);
	assert_int_equal(t->keys[0]->col, 1);
	assert_int_equal(t->items[0]->col, 7);
	assert_false(t->items[0]->quoted);
	p = t->items[1];
	assert_int_equal(p->kind, NODE_SEQ);
	assert_int_equal(p->line, 3);
	assert_int_equal(p->col, 3);
	m = p->items[0];
	assert_int_equal(m->kind, NODE_MAP);
	assert_int_equal(m->line, 3);
	assert_int_equal(m->col, 5);
	assert_int_equal(m->keys[1]->line, 4);
	assert_int_equal(m->keys[1]->col, 5);
	assert_string_equal(m->items[0]->str, "alice");
	assert_int_equal(m->items[0]->col, 11);
	h = m->items[1];
	assert_int_equal(h->line, 4);
	assert_int_equal(h->col, 11);
	assert_int_equal(h->items[1]->col, 15);
	assert_string_equal(h->items[1]->str, "b");
	assert_true(h->items[1]->quoted);
	assert_string_equal(p->items[1]->str, "text\n");
	assert_true(p->items[1]->quoted);
	assert_int_equal(p->items[1]->line, 5);
	assert_int_equal(p->items[1]->col, 5);
	/* "key:" with nothing is the empty string. */
	assert_string_equal(t->items[2]->str, "");
	assert_int_equal(t->items[2]->len, 0);
	node_free(t);
}

static void
test_read_bom_crlf(void **state)
{
	struct node *t;
	char *out;

	(void)state;
	t = read_ok("\xef\xbb\xbf" "a: 1\r\nb:\r\n  - x y\r\n"
	    "c: |\r\n  l1\r\n\r\n  l2\r\n");
	assert_int_equal(t->keys[0]->line, 1);
	assert_int_equal(t->keys[0]->col, 1); /* the BOM takes no column */
	assert_int_equal(t->keys[1]->line, 2);
	assert_int_equal(t->items[1]->items[0]->line, 3);
	assert_int_equal(t->items[1]->items[0]->col, 5);
	assert_string_equal(t->items[1]->items[0]->str, "x y");
	assert_string_equal(t->items[2]->str, "l1\n\nl2\n");
	out = write_str(t);
	assert_string_equal(out,
	    "a: 1\nb:\n  - \"x y\"\nc: |\n  l1\n\n  l2\n");
	free(out);
	node_free(t);

	/* Positions after CRLF lines are still right in errors. */
	read_fails("a: 1\r\nb: 2\r\na: 3\r\n", 3, 1, "duplicate key 'a'");
	read_fails("\xef\xbb\xbf" "a: &x 1\r\n", 1, 4,
	    "anchors and aliases are not allowed");
}

/* Memory is bounded: at most YAML_MAX_NODES nodes, however few bytes
 * each takes ("a," is two). */
static void
test_read_node_cap(void **state)
{
	struct sbuf b;
	char msg[100];

	(void)state;
	sbuf_init(&b);
	sbuf_putc(&b, '[');
	for (int i = 0; i < YAML_MAX_NODES - 2; i++)
		sbuf_puts(&b, "a,");
	sbuf_puts(&b, "a]");
	node_free(read_ok(b.p)); /* the sequence and YAML_MAX_NODES - 1 */
	b.len -= 1;
	sbuf_puts(&b, ",a]");
	snprintf(msg, sizeof msg, "more than %d values, sequences and "
	    "mappings in one file", YAML_MAX_NODES);
	read_fails(b.p, 1, 2 * YAML_MAX_NODES, msg);
	sbuf_free(&b);
}

static void
test_read_top(void **state)
{
	struct node *t;

	(void)state;
	t = read_ok("just text\n");
	assert_int_equal(t->kind, NODE_SCALAR);
	assert_string_equal(t->str, "just text");
	node_free(t);
	t = read_ok("{}");
	assert_int_equal(t->kind, NODE_MAP);
	assert_int_equal(t->n, 0);
	node_free(t);
	t = read_ok("[]\n");
	assert_int_equal(t->kind, NODE_SEQ);
	node_free(t);
	/* A quoted empty string is a document, unlike nothing at all. */
	t = read_ok("''\n");
	assert_string_equal(t->str, "");
	node_free(t);
	t = read_ok("--- a\n...\n");
	assert_string_equal(t->str, "a");
	node_free(t);
}

static void
test_read_not_terminated(void **state)
{
	static const char s[] = "a: 1\nb: 22";
	struct node *t;
	struct gb_err e;

	(void)state;
	/* Only len bytes count: "b: 2" of "b: 22". */
	assert_int_equal(read_buf(s, sizeof s - 2, &t, &e), 0);
	assert_string_equal(node_get(t, "b")->str, "2");
	node_free(t);
	/* NULL with length 0 is the empty file. */
	memset(&e, 0, sizeof e);
	assert_int_equal(yaml_read(NULL, 0, &t, &e), -1);
	assert_string_equal(e.msg, "empty document");
}

/* The first repeat in the file is named, on either side of the size
 * where first_dup stops comparing pair by pair and sorts: n keys in a
 * shuffled order (k0..k(n-1), taken 13 apart), with the one at index a
 * written again after the first b of them (line b + 1) and another
 * repeated at the end. */
static void
dup_sizes(void)
{
	char want[64];

	for (size_t n = 2; n <= 40; n++) {
		if (n % 13 == 0) /* 13 apart is no shuffle then */
			continue;
		for (size_t b = 1; b <= n; b++) {
			struct sbuf s;
			size_t a = (b * 7 + 1) % b, c = (b * 5 + 3) % n;

			sbuf_init(&s);
			for (size_t i = 0; i < n; i++) {
				if (i == b)
					sbuf_printf(&s, "k%zu: r\n",
					    a * 13 % n);
				sbuf_printf(&s, "k%zu: %zu\n", i * 13 % n, i);
			}
			if (b == n)
				sbuf_printf(&s, "k%zu: r\n", a * 13 % n);
			sbuf_printf(&s, "k%zu: late\n", c * 13 % n);
			snprintf(want, sizeof want, "duplicate key 'k%zu'",
			    a * 13 % n);
			read_fails(s.p, (int)b + 1, 1, want);
			sbuf_free(&s);
		}
	}
}

static void
test_read_refusals(void **state)
{
	(void)state;
	read_fails("", 1, 1, "empty document");
	read_fails("# only a comment\n", 2, 1, "empty document");
	read_fails("---\n", 2, 1, "empty document");
	read_fails("\n\n---\n...\n", 4, 1, "empty document");

	read_fails("a: 1\n---\nb: 2\n", 2, 1, "more than one document");
	read_fails("a\n...\n---\nb\n", 3, 1, "more than one document");
	/* libyaml wants "---" before a second document after "...". */
	read_fails("a\n...\nb\n", 3, 1,
	    "invalid YAML: did not find expected <document start>");

	read_fails("a: &x 1\n", 1, 4, "anchors and aliases are not allowed");
	read_fails("a: 1\nb: *x\n", 2, 4,
	    "anchors and aliases are not allowed");
	read_fails("&a [1]\n", 1, 1, "anchors and aliases are not allowed");
	read_fails("- &a\n  k: v\n", 1, 3,
	    "anchors and aliases are not allowed");
	read_fails("x: [a, &b {c: d}]\n", 1, 8,
	    "anchors and aliases are not allowed");
	read_fails("&k a: 1\n", 1, 1, "anchors and aliases are not allowed");

	read_fails("a: !!str 1\n", 1, 4, "tags are not allowed");
	read_fails("a: ! 1\n", 1, 4, "tags are not allowed");
	read_fails("a: !x \"q\"\n", 1, 4, "tags are not allowed");
	read_fails("- !seq [1]\n", 1, 3, "tags are not allowed");
	read_fails("!!map {a: 1}\n", 1, 1, "tags are not allowed");
	read_fails("%TAG !e! tag:e.org,2000:\n---\n!e!x a\n", 3, 1,
	    "tags are not allowed");

	read_fails("? [a]\n: b\n", 1, 3, "mapping keys must be scalars");
	read_fails("{[a]: b}\n", 1, 2, "mapping keys must be scalars");
	read_fails("x:\n  ? {a: b}\n  : c\n", 2, 5,
	    "mapping keys must be scalars");

	read_fails("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a'");
	read_fails("{x: 1, y: 2, x: 3}\n", 1, 14, "duplicate key 'x'");
	read_fails("a: 1\n\"a\": 2\n", 2, 1, "duplicate key 'a'");
	read_fails("- k: 1\n  k: 2\n", 2, 3, "duplicate key 'k'");
	read_fails("? |\n  a\n: 1\n\"a\\n\": 2\n", 4, 1,
	    "duplicate key 'a\\n'");
	/* Equal keys in different maps are fine. */
	node_free(read_ok("a: {a: 1}\nb: {a: 1}\n"));
	/* Of several repeated keys, the first repeat in the file is named,
	 * whatever the keys' order when sorted. */
	read_fails("b: 1\na: 1\nb: 2\na: 2\n", 3, 1, "duplicate key 'b'");
	read_fails("a: 1\nb: 1\nb: 2\na: 2\n", 3, 1, "duplicate key 'b'");
	read_fails("z: 0\na: 1\na: 2\na: 3\n", 3, 1, "duplicate key 'a'");
	read_fails("aa: 1\nb: 1\na: 2\nb: 3\n", 4, 1, "duplicate key 'b'");

	dup_sizes();
	read_fails("a: \"x\\0y\"\n", 1, 4, "scalar contains a NUL byte");
	read_fails("\"\\x00\": 1\n", 1, 1, "scalar contains a NUL byte");
	read_fails_n("a: x\0y\n", 7, 1, 5,
	    "invalid YAML: control characters are not allowed");

	read_fails("a: [\n", 2, 1, "invalid YAML: did not find expected "
	    "node content (while parsing a flow node at line 2, column 1)");
	read_fails("a: b: c\n", 1, 5, "invalid YAML: mapping values are "
	    "not allowed in this context");
	read_fails("x: 1\n  y: 2\n", 2, 4, "invalid YAML: mapping values "
	    "are not allowed in this context");
	read_fails("a:\n\tb: 1\n", 2, 1, "invalid YAML: found character that "
	    "cannot start any token*");
	read_fails("a: \"open\n", 2, 1, "invalid YAML: found unexpected end "
	    "of stream*");
	read_fails("a: \x01\n", 1, 4,
	    "invalid YAML: control characters are not allowed");
}

static void
test_read_bad_utf8(void **state)
{
	(void)state;
	read_fails("a: ok\nb: \xff\n", 2, 4,
	    "invalid YAML: invalid leading UTF-8 octet");
	read_fails("a: caf\xc3\xa9 \xc3\xa9\xc3\n", 1, 10,
	    "invalid YAML: invalid trailing UTF-8 octet");
	read_fails("a: caf\xc3\xa9\xc3", 1, 8,
	    "invalid YAML: incomplete UTF-8 octet sequence");
	read_fails("k: \xc3\x28\n", 1, 4,
	    "invalid YAML: invalid trailing UTF-8 octet");
	read_fails("k: \xc0\xaf\n", 1, 4,
	    "invalid YAML: invalid length of a UTF-8 sequence");
	read_fails("k: \xed\xa0\x80\n", 1, 4,
	    "invalid YAML: invalid Unicode character");
	read_fails("\xef\xbb\xbf\xff", 1, 1,
	    "invalid YAML: invalid leading UTF-8 octet");
	read_fails("a: 1\r\nb: 2\rc\xff", 3, 2,
	    "invalid YAML: invalid leading UTF-8 octet");
	/* UTF-16 has a byte-order mark libyaml understands; refused. */
	read_fails_n("\xff\xfe" "a\0:\0 \0" "1\0\n\0", 12, 1, 1,
	    "the file must be UTF-8");
}

/* Nesting: 32 levels are read; the 33rd level is refused where it
 * starts. */
static void
test_read_depth(void **state)
{
	struct sbuf b;
	struct node *t, *p;
	int i;

	(void)state;
	sbuf_init(&b);
	for (i = 0; i < YAML_MAX_DEPTH; i++)
		sbuf_putc(&b, '[');
	for (i = 0; i < YAML_MAX_DEPTH; i++)
		sbuf_putc(&b, ']');
	t = read_ok(b.p);
	sbuf_free(&b);
	node_free(t);

	sbuf_init(&b);
	for (i = 0; i <= YAML_MAX_DEPTH; i++)
		sbuf_putc(&b, '[');
	for (i = 0; i <= YAML_MAX_DEPTH; i++)
		sbuf_putc(&b, ']');
	read_fails(b.p, 1, 33, "nesting deeper than 32 levels");
	sbuf_free(&b);

	/* Block mappings, by indentation: "k:" on 33 lines, each 1 deeper. */
	sbuf_init(&b);
	for (i = 0; i < YAML_MAX_DEPTH; i++)
		sbuf_printf(&b, "%*sk:\n", i, "");
	sbuf_printf(&b, "%*sv\n", i, "");
	t = read_ok(b.p);
	node_free(t);
	sbuf_free(&b);
	sbuf_init(&b);
	for (i = 0; i <= YAML_MAX_DEPTH; i++)
		sbuf_printf(&b, "%*sk:\n", i, "");
	sbuf_printf(&b, "%*sv\n", i, "");
	read_fails(b.p, 33, 33, "nesting deeper than 32 levels");
	sbuf_free(&b);

	/* The writer's output for 32 levels reads back. */
	t = p = node_seq();
	for (i = 1; i < YAML_MAX_DEPTH; i++) {
		if (p->kind == NODE_SEQ)
			p = node_push(p, node_map());
		else
			p = node_set(p, "k", node_seq());
	}
	if (p->kind == NODE_SEQ)
		node_push(p, node_scalar("v"));
	else
		node_set(p, "k", node_scalar("v"));
	free(round_trip(t));
	node_free(t);
}

static void
deep_refused(const char *unit, size_t n, const char *end, int col)
{
	struct sbuf b;

	/* Refused as the 33rd level starts (the position says so); how
	 * fast is for `make bench`, not for a test. */
	sbuf_init(&b);
	for (size_t i = 0; i < n; i++)
		sbuf_puts(&b, unit);
	sbuf_puts(&b, end);
	read_fails(b.p, 1, col, "nesting deeper than 32 levels");
	sbuf_free(&b);
}

static void
test_read_very_deep(void **state)
{
	(void)state;
	deep_refused("[", 100000, "", 33);
	deep_refused("{a: ", 100000, "", 1 + 32 * 4);
	deep_refused("- ", 100000, "x\n", 1 + 32 * 2);
	deep_refused("[", 100000, "]\n", 33);
}

static void
test_read_many_keys(void **state)
{
	struct sbuf b;
	struct node *t;
	char *out;
	int i;

	(void)state;
	sbuf_init(&b);
	for (i = 0; i < 10000; i++)
		sbuf_printf(&b, "k%d: %d\n", i, i);
	t = read_ok(b.p);
	assert_int_equal(t->n, 10000);
	assert_string_equal(t->keys[9999]->str, "k9999");
	assert_int_equal(t->keys[9999]->line, 10000);
	assert_string_equal(node_get(t, "k5000")->str, "5000");
	/* It was canonical already: the same bytes come out. */
	out = write_str(t);
	assert_string_equal(out, b.p);
	free(out);
	node_free(t);

	sbuf_puts(&b, "k5000: again\n");
	read_fails(b.p, 10001, 1, "duplicate key 'k5000'");
	sbuf_free(&b);

	/* And a long sequence. */
	sbuf_init(&b);
	for (i = 0; i < 10000; i++)
		sbuf_printf(&b, "- %d\n", i);
	t = read_ok(b.p);
	assert_int_equal(t->n, 10000);
	node_free(t);
	sbuf_free(&b);
}

/* ---------------------------------------------------------------------
 * Writing
 */

static void
test_write_sample(void **state)
{
	struct node *t, *pl, *p, *board, *row;
	char *out;

	(void)state;
	t = node_map();
	node_set(t, "game", node_scalar("senjin"));
	node_set(t, "turn", node_int(12));
	node_set(t, "offset", node_int(-3));
	node_set(t, "note", node_scalar("Bob's move: attack"));
	node_set(t, "empty", node_scalar(""));
	node_set(t, "flag", node_scalar("yes"));
	pl = node_set(t, "players", node_seq());
	p = node_push(pl, node_map());
	node_set(p, "name", node_scalar("alice"));
	node_set(p, "key", node_scalar("-----BEGIN PUBLIC KEY-----\n"
	    "MCowBQYDK2VwAyEA\n"
	    "-----END PUBLIC KEY-----\n"));
	node_set(p, "hand", node_seq());
	p = node_push(pl, node_map());
	node_set(p, "name", node_scalar("bob"));
	row = node_set(p, "hand", node_seq());
	node_push(row, node_scalar("ashigaru"));
	node_push(row, node_scalar("two words"));
	node_set(p, "options", node_map());
	board = node_set(t, "board", node_seq());
	row = node_push(board, node_seq());
	node_push(row, node_scalar("a1"));
	node_push(row, node_scalar("x\ty"));
	node_push(board, node_seq());
	node_set(t, "letter", node_scalar("Dear alice,\n\n  your move.\n"));
	node_set(t, "key with space", node_scalar("tab\tand \"q\" \\"));

	out = round_trip(t);
	assert_string_equal(out,
	    "game: senjin\n"
	    "turn: 12\n"
	    "offset: -3\n"
	    "note: \"Bob's move: attack\"\n"
	    "empty: \"\"\n"
	    "flag: \"yes\"\n"
	    "players:\n"
	    "  - name: alice\n"
	    "    key: |\n"
	    "      -----BEGIN PUBLIC KEY-----\n"
	    "      MCowBQYDK2VwAyEA\n"
	    "      -----END PUBLIC KEY-----\n"
	    "    hand: []\n"
	    "  - name: bob\n"
	    "    hand:\n"
	    "      - ashigaru\n"
	    "      - \"two words\"\n"
	    "    options: {}\n"
	    "board:\n"
	    "  - - a1\n"
	    "    - \"x\\ty\"\n"
	    "  - []\n"
	    "letter: |\n"
	    "  Dear alice,\n"
	    "\n"
	    "    your move.\n"
	    "\"key with space\": \"tab\\tand \\\"q\\\" \\\\\"\n");
	free(out);
	node_free(t);
}

static void
test_write_top(void **state)
{
	static const struct {
		const char *s;
		const char *want;
	} cases[] = {
		{ "word", "word\n" },
		{ "two words", "\"two words\"\n" },
		{ "", "\"\"\n" },
		{ "...", "\"...\"\n" },
		{ "---", "\"---\"\n" },
		{ "a\nb\n", "|\n  a\n  b\n" },
	};
	struct node *t;
	char *out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		t = node_scalar(cases[i].s);
		out = round_trip(t);
		assert_string_equal(out, cases[i].want);
		free(out);
		node_free(t);
	}
	t = node_map();
	out = round_trip(t);
	assert_string_equal(out, "{}\n");
	free(out);
	node_free(t);
	t = node_seq();
	out = round_trip(t);
	assert_string_equal(out, "[]\n");
	node_push(t, node_seq());
	node_push(t->items[0], node_scalar("a"));
	node_push(t->items[0], node_map());
	node_set(t->items[0]->items[1], "k", node_scalar("v"));
	node_set(t->items[0]->items[1], "l", node_scalar("w"));
	free(out);
	out = round_trip(t);
	assert_string_equal(out, "- - a\n  - k: v\n    l: w\n");
	free(out);
	node_free(t);
}

/* How a value, and the same string as a key, are written. */
static const struct {
	const char *s;
	const char *value; /* written after "v:" */
	const char *key;   /* written before ": 1"; NULL: same as value */
} styles[] = {
	{ "abc", " abc\n", NULL },
	{ "A-Z_a.z/0+9", " A-Z_a.z/0+9\n", NULL },
	{ "-5", " -5\n", NULL },
	{ "-007", " -007\n", NULL },
	{ "-", " \"-\"\n", NULL },
	{ "-a", " \"-a\"\n", NULL },
	{ "--5", " \"--5\"\n", NULL },
	{ "-5.0", " \"-5.0\"\n", NULL },
	{ "+5", " +5\n", NULL },
	{ "010", " 010\n", NULL },
	{ "1.5", " 1.5\n", NULL },
	{ "....", " ....\n", NULL },
	{ "...", " \"...\"\n", NULL },
	{ "true", " \"true\"\n", NULL },
	{ "True", " \"True\"\n", NULL },
	{ "FALSE", " \"FALSE\"\n", NULL },
	{ "yEs", " \"yEs\"\n", NULL },
	{ "no", " \"no\"\n", NULL },
	{ "On", " \"On\"\n", NULL },
	{ "off", " \"off\"\n", NULL },
	{ "null", " \"null\"\n", NULL },
	{ "Y", " \"Y\"\n", NULL },
	{ "n", " \"n\"\n", NULL },
	{ "nn", " nn\n", NULL },
	{ "~", " \"~\"\n", NULL },
	{ "", " \"\"\n", NULL },
	{ "a b", " \"a b\"\n", NULL },
	{ " a", " \" a\"\n", NULL },
	{ "a:", " \"a:\"\n", NULL },
	{ "#x", " \"#x\"\n", NULL },
	{ "it's", " \"it's\"\n", NULL },
	{ "say \"hi\"", " \"say \\\"hi\\\"\"\n", NULL },
	{ "back\\slash", " \"back\\\\slash\"\n", NULL },
	{ "a\n", " |\n  a\n", " \"a\\n\"" },
	{ "a\nb\n", " |\n  a\n  b\n", " \"a\\nb\\n\"" },
	{ "a\n\nb\n", " |\n  a\n\n  b\n", " \"a\\n\\nb\\n\"" },
	{ "a\n  b\n", " |\n  a\n    b\n", " \"a\\n  b\\n\"" },
	{ "#a\n", " |\n  #a\n", " \"#a\\n\"" },
	{ "a\nb", " \"a\\nb\"\n", NULL },
	{ "a\n\n", " \"a\\n\\n\"\n", NULL },
	{ "\n", " \"\\n\"\n", NULL },
	{ "\na\n", " \"\\na\\n\"\n", NULL },
	{ " a\n", " \" a\\n\"\n", NULL },
	{ "a \n", " \"a \\n\"\n", NULL },
	{ "a\n \nb\n", " \"a\\n \\nb\\n\"\n", NULL },
	{ "a\tb\n", " \"a\\tb\\n\"\n", NULL },
	{ "a\r\n", " \"a\\x0D\\n\"\n", NULL },
	{ "\x01\x1b\x7f", " \"\\x01\\x1B\\x7F\"\n", NULL },
	{ "caf\xc3\xa9", " \"caf\xc3\xa9\"\n", NULL },
	{ "caf\xc3\xa9\n", " |\n  caf\xc3\xa9\n", " \"caf\xc3\xa9\\n\"" },
	{ "\xc2\x85", " \"\\N\"\n", NULL },
	{ "\xe2\x80\xa8\xe2\x80\xa9", " \"\\L\\P\"\n", NULL },
	{ "\xc2\x80\xc2\x9f\xc2\xa0", " \"\\x80\\x9F\xc2\xa0\"\n", NULL },
	{ "\xef\xbf\xbe\xef\xbf\xbf", " \"\\uFFFE\\uFFFF\"\n", NULL },
	{ "a\xc2\x85" "b\n", " \"a\\Nb\\n\"\n", NULL },
};

static void
test_write_styles(void **state)
{
	struct node *t;
	struct sbuf want;
	char *out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof styles / sizeof styles[0]; i++) {
		t = node_map();
		node_set(t, "v", node_scalar(styles[i].s));
		out = round_trip(t);
		sbuf_init(&want);
		sbuf_printf(&want, "v:%s", styles[i].value);
		if (strcmp(out, want.p) != 0)
			fail_msg("case %zu: got '%s', want '%s'", i, out,
			    want.p);
		free(out);
		sbuf_free(&want);
		node_free(t);

		/* As a key: never a block. */
		t = node_map();
		node_set(t, styles[i].s, node_scalar("1"));
		out = round_trip(t);
		sbuf_init(&want);
		if (styles[i].key != NULL)
			sbuf_printf(&want, "%s: 1\n", styles[i].key + 1);
		else {
			sbuf_add(&want, styles[i].value + 1,
			    strlen(styles[i].value) - 2);
			sbuf_puts(&want, ": 1\n");
		}
		if (strcmp(out, want.p) != 0)
			fail_msg("key case %zu: got '%s', want '%s'", i, out,
			    want.p);
		free(out);
		sbuf_free(&want);
		node_free(t);
	}
}

/* Strings that have broken YAML writers. */
static const char *const tricky[] = {
	"", " ", "  ", "\t", "\n", "\n\n", "\r", "\r\n", "a", "-", "-5",
	"-5a", "--", "---", "--- x", "...", "... x", "true", "False", "010",
	"0x1F", "1e3", ".inf", ".NaN", "~", "null", "=", "<<", "key: value",
	"a:b", "a :b", "- item", "? q", "?", ":", "[a]", "{a}", "a,b", "&a",
	"*a", "!t", "%x", "@x", "`x", "|", ">", "|\n", "'", "\"", "''",
	"\"\"", "\\", "\\n", "a #b", "a# b", "#", " leading", "trailing ",
	" both ", "two  spaces", "x\n\n\ny\n", "line1\nline2 \n",
	"line\n\tindented\n", "  lead\nx\n", "a\n b\n  c\n",
	"-----BEGIN PUBLIC KEY-----\n"
	"MCowBQYDK2VwAyEA1cF9oJ4mCgEQIbw3pMlNUu1ccjZz2JAbbqvU9Dg6H2U=\n"
	"-----END PUBLIC KEY-----\n",
	"-----BEGIN SIGNATURE-----\nabc\n-----END SIGNATURE-----",
	"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", "\xf0\x9f\x98\x80 smile",
	"\xef\xbb\xbf", "\xef\xbb\xbf" "a\n", "a\n\xef\xbb\xbf" "b\n",
	"\xc2\x85", "a\xc2\x85" "b", "\xe2\x80\xa8", "\xc2\xa0",
	"\x1b[31mred\x1b[0m", "\x7f", "\x01\x02", "tab\there",
	"a\\\"b\"c'd", "\"quoted\"", "'single'", "key:", "key: ",
	"http://x.org/a?b=c#d", "C:\\path", "%YAML 1.2", "--- |\n",
	"- - -", "y", "n", "Yes", "NO", "on", "OFF",
};

static void
check_string_everywhere(const char *s)
{
	struct node *t, *m;
	char *out;

	/* The top node. */
	t = node_scalar(s);
	free(round_trip(t));
	node_free(t);

	/* Value and key of a map, sequence item, map in a sequence, and
	 * deeper with an empty neighbour. */
	t = node_map();
	node_set(t, "v", node_scalar(s));
	node_set(t, s[0] == 'v' && s[1] == '\0' ? "w" : s, node_scalar(s));
	m = node_set(t, "seq", node_seq());
	node_push(m, node_scalar(s));
	node_push(m, node_scalar(s));
	m = node_push(m, node_map());
	node_set(m, s, node_scalar(s));
	node_set(m, s[0] == 'x' && s[1] == '\0' ? "y" : "x", node_scalar(s));
	m = node_set(m, "deeper", node_seq());
	m = node_push(m, node_seq());
	node_push(m, node_scalar(s));
	node_push(m, node_map());
	out = round_trip(t);
	free(out);
	node_free(t);
}

static void
test_round_trip_tricky(void **state)
{
	struct sbuf big;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof tricky / sizeof tricky[0]; i++)
		check_string_everywhere(tricky[i]);

	/* Long values: plain, quoted and block. */
	sbuf_init(&big);
	for (i = 0; i < 5000; i++)
		sbuf_putc(&big, (char)('a' + i % 26));
	check_string_everywhere(big.p);
	sbuf_putc(&big, ' ');
	check_string_everywhere(big.p);
	sbuf_puts(&big, "end\n");
	check_string_everywhere(big.p);
	sbuf_free(&big);
}

/* Keys longer than libyaml's simple key limit use "? key". */
static void
test_long_keys(void **state)
{
	static const size_t lens[] = { 1, 1023, 1024, 1025, 5000 };
	struct node *t, *m;
	struct sbuf k, want;
	char *out;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		sbuf_init(&k);
		while (k.len < lens[i])
			sbuf_putc(&k, 'k');
		t = node_map();
		node_set(t, k.p, node_scalar("v"));
		out = round_trip(t);
		sbuf_init(&want);
		if (lens[i] <= 1024)
			sbuf_printf(&want, "%s: v\n", k.p);
		else
			sbuf_printf(&want, "? %s\n: v\n", k.p);
		assert_string_equal(out, want.p);
		free(out);
		sbuf_free(&want);
		node_free(t);

		/* Quoted: the quotes count. */
		sbuf_putc(&k, ' ');
		t = node_seq();
		m = node_push(t, node_map());
		node_set(m, k.p, node_scalar("a\nb\n"));
		node_set(m, "x", node_scalar("-"));
		node_set(node_set(m, "y" , node_map()), k.p, node_map());
		node_set(node_get(m, "y")->items[0], k.p, node_seq());
		node_push(node_get(m, "y")->items[0]->items[0],
		    node_scalar(k.p));
		node_set(m, "z", node_seq());
		node_set(node_get(m, "y")->items[0], "k", node_scalar("v"));
		out = round_trip(t);
		sbuf_init(&want);
		if (lens[i] + 3 <= 1024)
			sbuf_printf(&want, "- \"%s\": |\n", k.p);
		else
			sbuf_printf(&want, "- ? \"%s\"\n  : |\n", k.p);
		assert_true(strncmp(out, want.p, want.len) == 0);
		free(out);
		sbuf_free(&want);
		node_free(t);
		sbuf_free(&k);
	}
}

/* A small deterministic generator for random trees. */
static uint32_t
lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

static struct node *
random_tree(uint32_t *seed, int depth)
{
	static const char *const parts[] = {
		"", " ", "a", "Z9", "-", "5", ".", ":", "#", "'", "\"", "\\",
		"\n", "\t", "\r", "true", "\xc3\xa9", "\xc2\x85",
		"\xe2\x80\xa8", "...", "---", "? ", "|", ">", "%", "@", "{",
		"[", ",", "\x7f", "\x01", "0", "~", "\xef\xbb\xbf",
		"\xf0\x9f\x98\x80", "  ", "- ", "x\n",
	};
	const size_t nparts = sizeof parts / sizeof parts[0];
	struct node *n;
	struct sbuf b;
	uint32_t kind = depth >= 6 ? 0 : lcg(seed) % 3;
	uint32_t i, count;

	if (kind == 0) {
		sbuf_init(&b);
		count = lcg(seed) % 5;
		for (i = 0; i < count; i++)
			sbuf_puts(&b, parts[lcg(seed) % nparts]);
		n = node_scalar(b.p);
		sbuf_free(&b);
		return n;
	}
	count = lcg(seed) % 4;
	if (kind == 1) {
		n = node_seq();
		for (i = 0; i < count; i++)
			node_push(n, random_tree(seed, depth + 1));
		return n;
	}
	n = node_map();
	for (i = 0; i < count; i++) {
		struct node *k = random_tree(seed, 6);

		/* Keys are unique; the caller of node_set sees to it. */
		if (node_get(n, k->str) == NULL)
			node_set(n, k->str, random_tree(seed, depth + 1));
		node_free(k);
	}
	return n;
}

static void
test_round_trip_random(void **state)
{
	uint32_t seed = 20240601;
	struct node *t;
	int i;

	(void)state;
	for (i = 0; i < 3000; i++) {
		t = random_tree(&seed, 0);
		free(round_trip(t));
		node_free(t);
	}
}

/* Strings that are not UTF-8 cannot be written as they are; the writer
 * still writes valid YAML (see formats/canonical.md). */
static void
test_write_invalid_utf8(void **state)
{
	struct node *t = node_scalar("a\xff\xc3(");
	struct node *back;
	struct gb_err e;
	char *out;

	(void)state;
	out = write_str(t);
	assert_string_equal(out, "\"a\\xFF\\xC3(\"\n");
	assert_int_equal(read_buf(out, strlen(out), &back, &e), 0);
	assert_string_equal(back->str, "a\xc3\xbf\xc3\x83(");
	node_free(back);
	free(out);
	node_free(t);
}

/* The example in formats/canonical.md is canonical. */
static void
test_canonical_example(void **state)
{
	FILE *f = fopen("formats/canonical.md", "rb");
	static char doc[65536];
	const char *start, *end;
	struct node *t;
	struct gb_err e;
	size_t n;
	char *out;

	(void)state;
	if (f == NULL)
		fail_msg("cannot open formats/canonical.md (run from the "
		    "repository root)");
	n = fread(doc, 1, sizeof doc - 1, f);
	fclose(f);
	doc[n] = '\0';
	start = strstr(doc, "\n```yaml\n");
	assert_non_null(start);
	start += strlen("\n```yaml\n");
	end = strstr(start, "\n```\n");
	assert_non_null(end);
	end++;
	assert_int_equal(read_buf(start, (size_t)(end - start), &t, &e), 0);
	out = write_str(t);
	if (strlen(out) != (size_t)(end - start) ||
	    memcmp(out, start, strlen(out)) != 0)
		fail_msg("the example is not canonical; canonical:\n%s", out);
	free(out);
	node_free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_node_build),
		cmocka_unit_test(test_node_access),
		cmocka_unit_test(test_read_positions),
		cmocka_unit_test(test_read_bom_crlf),
		cmocka_unit_test(test_read_top),
		cmocka_unit_test(test_read_not_terminated),
		cmocka_unit_test(test_read_refusals),
		cmocka_unit_test(test_read_bad_utf8),
		cmocka_unit_test(test_read_depth),
		cmocka_unit_test(test_read_very_deep),
		cmocka_unit_test(test_read_many_keys),
		cmocka_unit_test(test_write_sample),
		cmocka_unit_test(test_write_top),
		cmocka_unit_test(test_write_styles),
		cmocka_unit_test(test_round_trip_tricky),
		cmocka_unit_test(test_long_keys),
		cmocka_unit_test(test_round_trip_random),
		cmocka_unit_test(test_write_invalid_utf8),
		cmocka_unit_test(test_canonical_example),
		cmocka_unit_test(test_read_node_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
