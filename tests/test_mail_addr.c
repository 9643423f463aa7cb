/* test_mail_addr.c - player and organiser addresses (mail_addr.h): what
 * is accepted, and hostile addresses refused with the reason. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "base/mail_addr.h"

static const char *const good[] = {
	"alice@example.org",
	"a@b",
	"bob@localhost",
	"first.last+gunbai@mail.example.co.uk",
	"o'neil@example.org",
	"x!#$%&'*+-/=?^_`{|}~y@example-mail.org",
	"A.B@EXAMPLE.ORG",
	"1@2.3",
};

static const struct {
	const char *in, *why;
} bad[] = {
	{ "", "address is empty" },
	{ "alice", "address 'alice' has no '@'" },
	{ "alice@", "address 'alice@' has no domain" },
	{ "@example.org", "address '@example.org' has no local part before '@'" },
	{ "a@b@c", "address 'a@b@c' has more than one '@'" },
	{ "Alice <alice@example.org>", "address 'Alice <alice@example.org>' has a space" },
	{ "<alice@example.org>", "address '<alice@example.org>' must be bare local@domain, without a display name or <>" },
	{ "alice@example.org(home)", "address 'alice@example.org(home)' has a comment" },
	{ "alice@example.org,bob@example.org", "address 'alice@example.org,bob@example.org' holds more than one address" },
	{ "alice@example.org;", "address 'alice@example.org;' holds more than one address" },
	{ "alice@example.org\nBcc: eve@evil.example", "address 'alice@example.org\\nBcc: eve@evil.example' has a line break" },
	{ "alice@example.org\r", "address 'alice@example.org\\r' has a line break" },
	{ "al\x1b[2Jice@example.org", "address 'al\\x1b[2Jice@example.org' has a control character" },
	{ "al\tice@example.org", "address 'al\\tice@example.org' has a control character" },
	{ "al\x7fice@example.org", "address 'al\\x7fice@example.org' has a control character" },
	{ "caf\xc3\xa9@example.org", "address 'caf\xc3\xa9@example.org' has a character that is not ASCII" },
	{ "x@b\xe2\x80\xae" "gro.evil", "address 'x@b\\u202egro.evil' has a character that is not ASCII" },
	{ "\"a b\"@example.org", "address '\"a b\"@example.org' has a quoted local part; only a plain one is accepted" },
	{ "\"ab\"@example.org", "address '\"ab\"@example.org' has a quoted local part; only a plain one is accepted" },
	{ "a@[127.0.0.1]", "address 'a@[127.0.0.1]' has a domain literal; only a domain name is accepted" },
	{ "group:a@b;", "address 'group:a@b;' has a ':' (a group or a route)" },
	{ "@route:a@b", "address '@route:a@b' has a ':' (a group or a route)" },
	{ ".alice@example.org", "address '.alice@example.org' has a dot at an end of its local part or two in a row" },
	{ "alice.@example.org", "address 'alice.@example.org' has a dot at an end of its local part or two in a row" },
	{ "al..ice@example.org", "address 'al..ice@example.org' has a dot at an end of its local part or two in a row" },
	{ "alice@example..org", "address 'alice@example..org' has an empty label in its domain" },
	{ "alice@.example.org", "address 'alice@.example.org' has an empty label in its domain" },
	{ "alice@example.org.", "address 'alice@example.org.' has an empty label in its domain" },
	{ "alice@-example.org", "address 'alice@-example.org' has a domain label starting with '-'" },
	{ "alice@example-.org", "address 'alice@example-.org' has a domain label ending in '-'" },
	{ "alice@exa_mple.org", "address 'alice@exa_mple.org' has a character not allowed in a domain" },
	{ "alice@exa/mple.org", "address 'alice@exa/mple.org' has a character not allowed in a domain" },
};

static void
test_mail_addr_good(void **ctx)
{
	struct gb_err e;

	(void)ctx;
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		memset(&e, 0, sizeof e);
		if (mail_addr_check(good[i], &e) != 0)
			fail_msg("'%s' refused: %s", good[i], e.msg);
	}
	assert_string_equal(mail_addr_domain("first.last@mail.example"),
	    "mail.example");
}

static void
test_mail_addr_bad(void **ctx)
{
	struct gb_err e;

	(void)ctx;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&e, 0, sizeof e);
		if (mail_addr_check(bad[i].in, &e) != -1)
			fail_msg("case %zu accepted", i);
		assert_string_equal(e.msg, bad[i].why);
	}
}

/* The limits: 64 in a local part, 63 in a label, 254 in all. */
static void
test_mail_addr_lengths(void **ctx)
{
	char a[400];
	struct gb_err e;

	(void)ctx;
	memset(a, 'x', 64);
	strcpy(a + 64, "@example.org");
	assert_int_equal(mail_addr_check(a, &e), 0);
	memset(a, 'x', 65);
	strcpy(a + 65, "@example.org");
	assert_int_equal(mail_addr_check(a, &e), -1);
	assert_non_null(strstr(e.msg, "local part longer than 64"));

	strcpy(a, "a@");
	memset(a + 2, 'd', 63);
	strcpy(a + 65, ".org");
	assert_int_equal(mail_addr_check(a, &e), 0);
	strcpy(a, "a@");
	memset(a + 2, 'd', 64);
	strcpy(a + 66, ".org");
	assert_int_equal(mail_addr_check(a, &e), -1);
	assert_non_null(strstr(e.msg, "label longer than 63"));

	/* 2 + 4 labels of 61 and dots: 2 + 4 * 62 - 1 = 249, then ".abcd" */
	strcpy(a, "a@");
	for (int i = 0; i < 4; i++) {
		memset(a + 2 + i * 62, 'd', 61);
		a[2 + i * 62 + 61] = '.';
	}
	strcpy(a + 2 + 4 * 62 - 1, ".abcd");
	assert_int_equal(strlen(a), 254);
	assert_int_equal(mail_addr_check(a, &e), 0);
	strcat(a, "e");
	assert_int_equal(mail_addr_check(a, &e), -1);
	assert_non_null(strstr(e.msg, "longer than 254 characters"));
	/* A long hostile address is quoted cut, on one line. */
	assert_true(strlen(e.msg) < 200);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mail_addr_good),
		cmocka_unit_test(test_mail_addr_bad),
		cmocka_unit_test(test_mail_addr_lengths),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
