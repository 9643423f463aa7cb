/* test_escape.c - the one escaping rule (adjudicator/base/escape.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/escape.h"
#include "base/svg.h"

static const struct {
	const char *in, *out;
} cases[] = {
	{ "move e2 e3", "move e2 e3" },
	{ "a\\b 'q'", "a\\b 'q'" },                      /* as it is */
	{ "\x1b]0;t\x07\x1b[2J", "\\x1b]0;t\\x07\\x1b[2J" }, /* ESC, OSC, BEL */
	{ "a\nb\rc\td\x7f", "a\\nb\\rc\\td\\x7f" },
	{ "\xc2\x9b" "31m", "\\u009b31m" },                /* C1 CSI */
	{ "\xc2\x85", "\\u0085" },                         /* C1 NEL */
	{ "x\xe2\x80\xae" "y", "x\\u202ey" },              /* RLO */
	{ "\xe2\x80\xa8\xe2\x80\xa9", "\\u2028\\u2029" },  /* separators */
	{ "z\xe2\x80\x8bw", "z\\u200bw" },                 /* ZWSP */
	{ "\xef\xbb\xbf" "bob", "\\ufeffbob" },            /* BOM */
	{ "\xe2\x81\xa6" "a\xe2\x81\xa9", "\\u2066a\\u2069" }, /* isolates */
	{ "\xc2\xad", "\\u00ad" },                         /* soft hyphen */
	{ "\xf3\xa0\x80\x81", "\\U000e0001" },             /* tag */
	{ "caf\xc3\xa9 \xe6\x88\xa6 \xe2\x80\x94", "caf\xc3\xa9 \xe6\x88\xa6 \xe2\x80\x94" },
	{ "\xff\xc0\xaf", "\\xff\\xc0\\xaf" },              /* not UTF-8 */
	{ "\xed\xa0\x80", "\\xed\\xa0\\x80" },             /* surrogate */
	{ "\xe2\x80", "\\xe2\\x80" },                      /* cut */
};

static void
test_escape_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sbuf b;
		char fixed[128];

		sbuf_init(&b);
		escape_puts(&b, cases[i].in);
		assert_string_equal(b.p, cases[i].out);
		/* Escaping is idempotent: an escaped text passes as it is. */
		assert_int_equal(escape_needed(b.p, 0), 0);
		sbuf_free(&b);
		escape_copy(cases[i].in, fixed, sizeof fixed);
		assert_string_equal(fixed, cases[i].out);
		assert_int_equal(escape_needed(cases[i].in, 0),
		    strcmp(cases[i].in, cases[i].out) != 0);
	}
}

static void
test_escape_lines(void **state)
{
	struct sbuf b;

	(void)state;
	sbuf_init(&b);
	escape_add(&b, "a\nb\x1b\n", 5, ESCAPE_LINES);
	assert_string_equal(b.p, "a\nb\\x1b\n");
	assert_int_equal(escape_needed("a\nb", ESCAPE_LINES), 0);
	assert_int_equal(escape_needed("a\nb", 0), 1);
	sbuf_free(&b);
}

/* A fixed buffer is cut between characters and escapes, never inside. */
static void
test_escape_copy_cut(void **state)
{
	char out[8];

	(void)state;
	escape_copy("ab\x1b" "cd", out, 6);
	assert_string_equal(out, "ab");
	escape_copy("abc\xe6\x88\xa6", out, 6);
	assert_string_equal(out, "abc");
	escape_copy("abcd\xe6\x88\xa6", out, 8);
	assert_string_equal(out, "abcd\xe6\x88\xa6");
}

/* SVG text follows the same rule, then XML's: a bidi override or a
 * control in a picture shows as its escape, never as the raw character
 * (nor vanishes), and markup characters become entities. */
static void
test_escape_svg(void **state)
{
	struct sbuf b;

	(void)state;
	sbuf_init(&b);
	svg_text(&b, 0, 0, 0, NULL, 0, "a\xe2\x80\xae<b>\x1b[2J&\"\xef\xbb\xbf"
	    "\xe2\x80\x8b\xff\xc3\xa9");
	assert_string_equal(b.p, "a\\u202e&lt;b&gt;\\x1b[2J&amp;&quot;"
	    "\\ufeff\\u200b\\xff\xc3\xa9");
	sbuf_free(&b);
	sbuf_init(&b);
	svg_text(&b, 1, 2, 3, "start", 0, "x\xe2\x80\xa8y");
	assert_string_equal(b.p,
	    "<text x=\"1\" y=\"2\" font-size=\"3\">x\\u2028y</text>\n");
	sbuf_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_cases),
		cmocka_unit_test(test_escape_lines),
		cmocka_unit_test(test_escape_copy_cut),
		cmocka_unit_test(test_escape_svg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
