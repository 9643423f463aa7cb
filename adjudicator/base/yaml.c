/* yaml.c - read YAML with libyaml's event API into a node tree; write a
 * tree in the canonical form of formats/canonical.md.
 *
 * The reader keeps its own stack of open mappings and sequences instead of
 * recursing, and refuses a document as soon as an event breaks a rule, so
 * hostile input (100000 nested brackets) costs no more than 32 levels. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libyaml's header has the same name as ours: the project's headers must
 * be found with -iquote adjudicator, not -Iadjudicator, or <yaml.h> is
 * this directory's yaml.h. */
#include <yaml.h>
#ifndef YAML_H
#error "<yaml.h> is not libyaml's: compile with -iquote adjudicator"
#endif

#include "base/yaml.h"

/* A key written longer than this (in bytes, so also in characters) could
 * not be read back as a YAML simple key: libyaml looks for the ':' at
 * most 1024 characters after a simple key's start.  Such keys are written
 * as explicit "? key" entries. */
#define SIMPLE_KEY_MAX 1024

/* ---------------------------------------------------------------------
 * Reading
 */

/* An open mapping or sequence. */
struct frame {
	struct node *node;
	struct node *key; /* MAP: the key read, waiting for its value */
};

struct reader {
	const char *buf;
	size_t len;
	struct frame stack[YAML_MAX_DEPTH];
	int depth;
	struct node *root;
	int documents;
	size_t nodes;     /* made so far; at most YAML_MAX_NODES */
	struct gb_err *e;
};

/* Keys in sorted order, equal keys by position: a sorted check of
 * duplicates costs O(n log n) whatever the keys are, where a hash table
 * with a known hash lets chosen colliding keys cost O(n^2). */
static int
key_cmp(const void *a, const void *b)
{
	const struct node *x = *(struct node *const *)a;
	const struct node *y = *(struct node *const *)b;
	int c;

	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	if ((c = memcmp(x->str, y->str, x->len)) != 0)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/* Maps of at most this many keys are checked pair by pair: no sort, no
 * allocation (a state has thousands of small maps); the cost stays
 * bounded, at most DUP_PAIRWISE_MAX^2 / 2 compares a map. */
#define DUP_PAIRWISE_MAX 16

static int
key_eq(const struct node *x, const struct node *y)
{
	return x->len == y->len && memcmp(x->str, y->str, x->len) == 0;
}

/* The first key of map (in file order) that repeats an earlier one, or
 * NULL.  Keys are in file order (the reader appends them as read), so
 * the first key equal to one before it is the earliest second
 * occurrence, which is what the sort below finds for larger maps. */
static const struct node *
first_dup(const struct node *map)
{
	struct node **v;
	const struct node *dup = NULL;

	if (map->n < 2)
		return NULL;
	if (map->n <= DUP_PAIRWISE_MAX) {
		for (size_t j = 1; j < map->n; j++)
			for (size_t i = 0; i < j; i++)
				if (key_eq(map->keys[i], map->keys[j]))
					return map->keys[j];
		return NULL;
	}
	v = util_reallocarray(NULL, map->n, sizeof *v);
	memcpy(v, map->keys, map->n * sizeof *v);
	qsort(v, map->n, sizeof *v, key_cmp);
	for (size_t i = 1; i < map->n; i++) {
		if (!key_eq(v[i], v[i - 1]))
			continue;
		/* v[i] repeats v[i - 1]; the first such in the file. */
		if (dup == NULL || v[i]->line < dup->line ||
		    (v[i]->line == dup->line && v[i]->col < dup->col))
			dup = v[i];
		while (i + 1 < map->n && key_eq(v[i + 1], v[i]))
			i++;
	}
	free(v);
	return dup;
}

/* A node is complete: it becomes the root, a sequence item, a key waiting
 * for its value, or the value of that key.  Takes n in all cases. */
static int
attach(struct reader *r, struct node *n)
{
	struct frame *f;

	if (r->depth == 0) {
		r->root = n;
		return 0;
	}
	f = &r->stack[r->depth - 1];
	if (f->node->kind == NODE_SEQ) {
		node_push(f->node, n);
		return 0;
	}
	if (f->key == NULL) {
		/* Non-scalar keys are refused when they start; duplicates
		 * when the mapping ends. */
		f->key = n;
		return 0;
	}
	/* The key's node, with its position and style. */
	node_put(f->node, f->key, n);
	f->key = NULL;
	return 0;
}

static int
expecting_key(const struct reader *r)
{
	const struct frame *f;

	if (r->depth == 0)
		return 0;
	f = &r->stack[r->depth - 1];
	return f->node->kind == NODE_MAP && f->key == NULL;
}

/* Rules every node event must follow. */
static int
check_props(struct reader *r, const yaml_char_t *anchor,
    const yaml_char_t *tag, int line, int col)
{
	if (++r->nodes > YAML_MAX_NODES)
		return err_set(r->e, line, col, "more than %d values, "
		    "sequences and mappings in one file", YAML_MAX_NODES);
	if (anchor != NULL)
		return err_set(r->e, line, col,
		    "anchors and aliases are not allowed");
	if (tag != NULL)
		return err_set(r->e, line, col, "tags are not allowed");
	return 0;
}

static int
on_scalar(struct reader *r, const yaml_event_t *ev, int line, int col)
{
	const char *v = (const char *)ev->data.scalar.value;
	size_t len = ev->data.scalar.length;
	struct node *n;

	if (check_props(r, ev->data.scalar.anchor, ev->data.scalar.tag,
	    line, col) != 0)
		return -1;
	/* "\0" in a double-quoted scalar: node strings are C strings. */
	if (memchr(v, '\0', len) != NULL)
		return err_set(r->e, line, col, "scalar contains a NUL byte");
	n = node_scalarn(v, len);
	n->line = line;
	n->col = col;
	n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
	return attach(r, n);
}

static int
on_start(struct reader *r, const yaml_event_t *ev, int line, int col)
{
	int map = ev->type == YAML_MAPPING_START_EVENT;
	struct frame *f;
	const yaml_char_t *anchor, *tag;

	anchor = map ? ev->data.mapping_start.anchor :
	    ev->data.sequence_start.anchor;
	tag = map ? ev->data.mapping_start.tag : ev->data.sequence_start.tag;
	if (check_props(r, anchor, tag, line, col) != 0)
		return -1;
	if (expecting_key(r))
		return err_set(r->e, line, col,
		    "mapping keys must be scalars");
	if (r->depth == YAML_MAX_DEPTH)
		return err_set(r->e, line, col,
		    "nesting deeper than %d levels", YAML_MAX_DEPTH);
	f = &r->stack[r->depth++];
	memset(f, 0, sizeof *f);
	f->node = map ? node_map() : node_seq();
	f->node->line = line;
	f->node->col = col;
	return 0;
}

static int
on_end(struct reader *r)
{
	struct frame *f = &r->stack[--r->depth];
	struct node *n = f->node;
	const struct node *dup;
	char q[NODE_QUOTE_MAX * 4 + 8];

	memset(f, 0, sizeof *f);
	if (n->kind == NODE_MAP && (dup = first_dup(n)) != NULL) {
		node_quote(dup->str, q, sizeof q);
		err_set(r->e, dup->line, dup->col, "duplicate key %s", q);
		node_free(n);
		return -1;
	}
	return attach(r, n);
}

/* libyaml gives reader errors (bad UTF-8, control characters) as a byte
 * offset; count lines and characters up to it as libyaml's marks do. */
static void
offset_pos(const struct reader *r, size_t off, int *line, int *col)
{
	const unsigned char *p = (const unsigned char *)r->buf;
	size_t i = 0;

	*line = 1;
	*col = 1;
	if (r->len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	if (off > r->len)
		off = r->len;
	for (; i < off; i++) {
		if (p[i] == '\n' || (p[i] == '\r' && (i + 1 >= r->len ||
		    p[i + 1] != '\n'))) {
			(*line)++;
			*col = 1;
		} else if ((p[i] & 0xc0) != 0x80 && p[i] != '\r')
			(*col)++;
	}
}

/* libyaml gives the offset of a bad trailing byte of a UTF-8 sequence;
 * errors point at the sequence's first byte, where the character starts. */
static size_t
lead_byte(const struct reader *r, size_t off)
{
	const unsigned char *p = (const unsigned char *)r->buf;

	if (off > r->len)
		return off;
	while (off > 0 && (p[off - 1] & 0xc0) == 0x80)
		off--;
	return off > 0 ? off - 1 : 0;
}

static int
libyaml_error(struct reader *r, const yaml_parser_t *p)
{
	size_t off;
	int line, col;

	switch (p->error) {
	case YAML_MEMORY_ERROR:
		fputs("gunbai: out of memory\n", stderr);
		exit(EXIT_NOMEM);
	case YAML_READER_ERROR:
		off = p->problem_offset;
		if (p->problem != NULL &&
		    strcmp(p->problem, "invalid trailing UTF-8 octet") == 0)
			off = lead_byte(r, off);
		offset_pos(r, off, &line, &col);
		return err_set(r->e, line, col, "invalid YAML: %s",
		    p->problem ? p->problem : "unreadable input");
	default:
		break;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	if (p->context != NULL)
		return err_set(r->e, line, col,
		    "invalid YAML: %s (%s at line %d, column %d)",
		    p->problem ? p->problem : "syntax error", p->context,
		    (int)p->context_mark.line + 1,
		    (int)p->context_mark.column + 1);
	return err_set(r->e, line, col, "invalid YAML: %s",
	    p->problem ? p->problem : "syntax error");
}

/* One event: 1 at the end of the stream, 0 to go on, -1 on error. */
static int
on_event(struct reader *r, const yaml_event_t *ev)
{
	int line = (int)ev->start_mark.line + 1;
	int col = (int)ev->start_mark.column + 1;

	switch (ev->type) {
	case YAML_STREAM_START_EVENT:
		if (ev->data.stream_start.encoding != YAML_UTF8_ENCODING)
			return err_set(r->e, 1, 1, "the file must be UTF-8");
		return 0;
	case YAML_STREAM_END_EVENT:
		if (r->documents == 0)
			return err_set(r->e, line, col, "empty document");
		return 1;
	case YAML_DOCUMENT_START_EVENT:
		if (++r->documents > 1)
			return err_set(r->e, line, col,
			    "more than one document");
		return 0;
	case YAML_DOCUMENT_END_EVENT:
		/* A document with no content ("---" alone) has an empty
		 * plain scalar for its root. */
		if (r->root->kind == NODE_SCALAR && r->root->len == 0 &&
		    !r->root->quoted)
			return err_set(r->e, r->root->line, r->root->col,
			    "empty document");
		return 0;
	case YAML_ALIAS_EVENT:
		return err_set(r->e, line, col,
		    "anchors and aliases are not allowed");
	case YAML_SCALAR_EVENT:
		return on_scalar(r, ev, line, col);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		return on_start(r, ev, line, col);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return on_end(r);
	case YAML_NO_EVENT:
		break;
	}
	return err_set(r->e, line, col, "invalid YAML: unexpected event");
}

static void
reader_free(struct reader *r)
{
	struct frame *f;

	while (r->depth > 0) {
		f = &r->stack[--r->depth];
		node_free(f->node);
		node_free(f->key);
	}
	node_free(r->root);
	r->root = NULL;
}

int
yaml_read(const char *buf, size_t len, struct node **out, struct gb_err *e)
{
	struct reader r;
	yaml_parser_t parser;
	yaml_event_t ev;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.buf = buf ? buf : "";
	r.len = buf ? len : 0;
	r.e = e;
	*out = NULL;
	if (!yaml_parser_initialize(&parser)) {
		fputs("gunbai: out of memory\n", stderr);
		exit(EXIT_NOMEM);
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)r.buf,
	    r.len);
	while (rc == 0) {
		if (!yaml_parser_parse(&parser, &ev)) {
			rc = libyaml_error(&r, &parser);
			break;
		}
		rc = on_event(&r, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (rc < 0) {
		reader_free(&r);
		return -1;
	}
	*out = r.root;
	return 0;
}

/* ---------------------------------------------------------------------
 * Writing.  formats/canonical.md is the specification of every byte.
 */

/* The words YAML 1.1 reads as booleans or null: written quoted, so that
 * no YAML tool takes them for anything but strings. */
static const char *const special_words[] = {
	"true", "false", "yes", "no", "on", "off", "null", "y", "n", NULL
};

static int
plain_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '/' ||
	    c == '+' || c == '-';
}

/* strcasecmp without the locale: the output must not depend on it. */
static int
ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int
ascii_caseeq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (ascii_lower(*a) != ascii_lower(*b))
			return 0;
	return *a == *b;
}

static int
can_be_plain(const struct node *n)
{
	size_t i;

	if (n->len == 0)
		return 0;
	for (i = 0; i < n->len; i++)
		if (!plain_char((unsigned char)n->str[i]))
			return 0;
	/* '-' starts a sequence entry; "-3" reads as a scalar. */
	if (n->str[0] == '-') {
		if (n->len == 1)
			return 0;
		for (i = 1; i < n->len; i++)
			if (n->str[i] < '0' || n->str[i] > '9')
				return 0;
	}
	/* "..." alone at the start of a line ends a document. */
	if (strcmp(n->str, "...") == 0)
		return 0;
	/* The special words are at most 5 letters, and each starts with
	 * one of these (a number or most names need no compare). */
	if (n->len > 5 || strchr("tfynoTFYNO", n->str[0]) == NULL)
		return 1;
	for (i = 0; special_words[i] != NULL; i++)
		if (ascii_caseeq(n->str, special_words[i]))
			return 0;
	return 1;
}

/* The length of the UTF-8 character at s (at most n bytes) with its code
 * point in *cp, or 0 if the bytes there are not valid UTF-8. */
static size_t
utf8_char(const unsigned char *s, size_t n, uint32_t *cp)
{
	size_t len, i;
	uint32_t c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		c = s[0] & 0x07;
	} else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF. */
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

/* Characters a YAML reader would not give back as written: controls,
 * which libyaml refuses; NEL, LS and PS, which it takes for line breaks;
 * and the non-characters U+FFFE and U+FFFF.  '\n' and '\t' are not in
 * this set: each style decides about them. */
static int
needs_escape(uint32_t c)
{
	return (c < 0x20 && c != '\n' && c != '\t') ||
	    (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 ||
	    c == 0xfffe || c == 0xffff;
}

/* A literal block: one final newline, no leading empty line, no space
 * starting the first line, no trailing blanks, nothing needing escape. */
static int
can_be_literal(const struct node *n)
{
	const unsigned char *s = (const unsigned char *)n->str;
	size_t i, k;
	uint32_t c;

	if (n->len < 2 || s[n->len - 1] != '\n' || s[n->len - 2] == '\n' ||
	    s[0] == '\n' || s[0] == ' ')
		return 0;
	for (i = 0; i < n->len; i += k) {
		if ((k = utf8_char(s + i, n->len - i, &c)) == 0)
			return 0;
		if (c == '\t' || needs_escape(c))
			return 0;
		if (c == '\n' && i > 0 && s[i - 1] == ' ')
			return 0;
	}
	return 1;
}

static void
write_quoted(const struct node *n, struct sbuf *out)
{
	const unsigned char *s = (const unsigned char *)n->str;
	size_t i, k;
	uint32_t c;

	sbuf_putc(out, '"');
	for (i = 0; i < n->len; i += k) {
		/* A run of printable ASCII but '"' and '\\' is written as
		 * it is, in one piece. */
		for (k = 0; i + k < n->len && s[i + k] >= 0x20 &&
		    s[i + k] < 0x7f && s[i + k] != '"' && s[i + k] != '\\'; k++)
			;
		if (k > 0) {
			sbuf_add(out, (const char *)s + i, k);
			continue;
		}
		if ((k = utf8_char(s + i, n->len - i, &c)) == 0) {
			/* Not UTF-8: a YAML file cannot hold this byte;
			 * write it as the character of the same number. */
			sbuf_printf(out, "\\x%02X", s[i]);
			k = 1;
		} else if (c == '"')
			sbuf_puts(out, "\\\"");
		else if (c == '\\')
			sbuf_puts(out, "\\\\");
		else if (c == '\n')
			sbuf_puts(out, "\\n");
		else if (c == '\t')
			sbuf_puts(out, "\\t");
		else if (c == 0x85)
			sbuf_puts(out, "\\N");
		else if (c == 0x2028)
			sbuf_puts(out, "\\L");
		else if (c == 0x2029)
			sbuf_puts(out, "\\P");
		else if (c == 0xfffe || c == 0xffff)
			sbuf_printf(out, "\\u%04X", (unsigned)c);
		else if (needs_escape(c))
			sbuf_printf(out, "\\x%02X", (unsigned)c);
		else
			sbuf_add(out, (const char *)s + i, k);
	}
	sbuf_putc(out, '"');
}

static void
indent(struct sbuf *out, int n)
{
	static const char spaces[] = "                                ";

	for (; n > (int)sizeof spaces - 1; n -= (int)sizeof spaces - 1)
		sbuf_add(out, spaces, sizeof spaces - 1);
	if (n > 0)
		sbuf_add(out, spaces, (size_t)n);
}

/* A literal block's lines, each indented by ind; empty lines stay
 * empty. */
static void
write_literal(const struct node *n, int ind, struct sbuf *out)
{
	const char *p = n->str, *end = n->str + n->len, *nl;

	sbuf_puts(out, "|\n");
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl > p)
			indent(out, ind);
		sbuf_add(out, p, (size_t)(nl - p) + 1);
		p = nl + 1;
	}
}

static void write_entries(const struct node *n, int ind, int inline_first,
    struct sbuf *out);

/* A node after "key:" or "-" (or at the top, ind 0, with nothing
 * before): scalars and empty collections on the same line, the rest on
 * the next lines.  ind is the indentation of the entries the node is
 * part of. */
static void
write_value(const struct node *n, int ind, int top, struct sbuf *out)
{
	const char *sep = top ? "" : " ";

	if (n->kind == NODE_SCALAR) {
		if (!top)
			sbuf_putc(out, ' ');
		if (can_be_plain(n))
			sbuf_add(out, n->str, n->len);
		else if (can_be_literal(n)) {
			write_literal(n, ind + 2, out);
			return;
		} else
			write_quoted(n, out);
		sbuf_putc(out, '\n');
	} else if (n->n == 0) {
		sbuf_printf(out, "%s%s\n", sep, n->kind == NODE_MAP ? "{}" :
		    "[]");
	} else if (top)
		write_entries(n, 0, 0, out);
	else {
		sbuf_putc(out, '\n');
		write_entries(n, ind + 2, 0, out);
	}
}

static void
write_key(const struct node *k, struct sbuf *out)
{
	if (can_be_plain(k))
		sbuf_add(out, k->str, k->len);
	else
		write_quoted(k, out);
}

/* The entries of a non-empty map or sequence at indentation ind.  With
 * inline_first the first entry goes on the current line, right after the
 * "- " of the sequence entry holding n. */
static void
write_entries(const struct node *n, int ind, int inline_first,
    struct sbuf *out)
{
	const struct node *v;
	size_t i, start;

	for (i = 0; i < n->n; i++) {
		if (i > 0 || !inline_first)
			indent(out, ind);
		v = n->items[i];
		if (n->kind == NODE_SEQ) {
			sbuf_putc(out, '-');
			if (v->kind != NODE_SCALAR && v->n > 0) {
				/* "- a: 1" and "- - x": the nested entries
				 * line up after the "- ". */
				sbuf_putc(out, ' ');
				write_entries(v, ind + 2, 1, out);
			} else
				write_value(v, ind, 0, out);
			continue;
		}
		/* A plain key (the common case) is short enough for a
		 * simple key, and written as it is. */
		if (n->keys[i]->len <= SIMPLE_KEY_MAX &&
		    can_be_plain(n->keys[i])) {
			sbuf_add(out, n->keys[i]->str, n->keys[i]->len);
			sbuf_putc(out, ':');
			write_value(v, ind, 0, out);
			continue;
		}
		/* Written in place; too long for a simple key, it becomes
		 * "? key" on a line of its own. */
		start = out->len;
		write_key(n->keys[i], out);
		if (out->len - start > SIMPLE_KEY_MAX) {
			sbuf_add(out, "? ", 2);
			memmove(out->p + start + 2, out->p + start,
			    out->len - start - 2);
			memcpy(out->p + start, "? ", 2);
			sbuf_putc(out, '\n');
			indent(out, ind);
		}
		sbuf_putc(out, ':');
		write_value(v, ind, 0, out);
	}
}

void
yaml_write(const struct node *root, struct sbuf *out)
{
	write_value(root, 0, 1, out);
}
