/* fuzz_roundtrip.c - the canonical writer on whatever the reader
 * accepts: read, write, read, write must give the same bytes, for any
 * YAML document and for any state file; and a written document reads
 * back as the same tree. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "base/yaml.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Same kinds, same strings, same keys, in the same order. */
static int
fuzz_same(const struct node *a, const struct node *b)
{
	if (a->kind != b->kind || a->n != b->n)
		return 0;
	if (a->kind == NODE_SCALAR)
		return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
	for (size_t i = 0; i < a->n; i++) {
		if (a->kind == NODE_MAP && !fuzz_same(a->keys[i], b->keys[i]))
			return 0;
		if (!fuzz_same(a->items[i], b->items[i]))
			return 0;
	}
	return 1;
}

static void
fuzz_yaml(const uint8_t *data, size_t size)
{
	struct node *a, *b;
	struct gb_err e = { 0 };
	struct sbuf wa, wb;

	if (yaml_read((const char *)data, size, &a, &e) == -1)
		return;
	sbuf_init(&wa);
	yaml_write(a, &wa);
	if (yaml_read(wa.p, wa.len, &b, &e) == -1)
		fuzz_fail("written YAML does not read back: %d:%d: %s\n%s",
		    e.line, e.col, e.msg, wa.p);
	if (!fuzz_same(a, b))
		fuzz_fail("written YAML reads back as another tree:\n%s",
		    wa.p);
	sbuf_init(&wb);
	yaml_write(b, &wb);
	if (wa.len != wb.len || memcmp(wa.p, wb.p, wa.len) != 0)
		fuzz_fail("read, write, read, write gives other bytes:\n%s\n"
		    "---\n%s", wa.p, wb.p);
	sbuf_free(&wa);
	sbuf_free(&wb);
	node_free(a);
	node_free(b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct state st;
	struct gb_err e = { 0 };
	size_t len;

	fuzz_yaml(data, size);
	if (state_parse(&st, (const char *)data, size, "fuzz.yaml", &e) == 0) {
		free(fuzz_roundtrip(&st, &len));
		state_free(&st);
	}
	return 0;
}
