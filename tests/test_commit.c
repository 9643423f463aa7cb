/* test_commit.c - the game uid made from a seed and the commitment to the
 * seed (adjudicator/turn/commit.h), against values computed independently with
 * Python's hashlib from the messages formats/threats.md gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "turn/commit.h"

#define SEED_HEX "000102030405060708090a0b0c0d0e0f" \
    "101112131415161718191a1b1c1d1e1f"
/* hashlib.sha256(b"gunbai-uid-v1" + seed).digest()[:16] */
#define UID_HEX "98c380789c4a01b77189a44da8d4f8ad"
/* hashlib.sha256(b"gunbai-seed-commit-v1" + uid + seed) */
#define COMMIT "b1296d675bbee7c3dbf32b88f964f52ccf2ff022ef2f4280d603638374c26f9a"

static void
test_known_values(void **state)
{
	uint8_t seed[RNG_SEED_BYTES], uid[COMMIT_UID_BYTES];
	char hex[COMMIT_HEX + 1];

	(void)state;
	for (int i = 0; i < RNG_SEED_BYTES; i++)
		seed[i] = (uint8_t)i;
	commit_uid_from_seed(seed, uid);
	util_hex(uid, sizeof uid, hex);
	assert_string_equal(hex, UID_HEX);
	commit_seed_hex(uid, seed, hex);
	assert_string_equal(hex, COMMIT);
}

static void
test_check(void **state)
{
	struct gb_err e = { 0 };
	char bad[COMMIT_HEX + 1];

	(void)state;
	assert_int_equal(commit_check(COMMIT, UID_HEX, SEED_HEX, &e), 0);
	/* Any other seed, uid or commitment is refused with the reason. */
	snprintf(bad, sizeof bad, "%s", SEED_HEX);
	bad[63] = 'e';
	assert_int_equal(commit_check(COMMIT, UID_HEX, bad, &e), -1);
	assert_non_null(strstr(e.msg, "does not match the commitment"));
	assert_int_equal(commit_check(COMMIT,
	    "98c380789c4a01b77189a44da8d4f8ae", SEED_HEX, &e), -1);
	snprintf(bad, sizeof bad, "%s", COMMIT);
	bad[0] = 'c';
	assert_int_equal(commit_check(bad, UID_HEX, SEED_HEX, &e), -1);
	/* Malformed values say which. */
	assert_int_equal(commit_check("b129", UID_HEX, SEED_HEX, &e), -1);
	assert_non_null(strstr(e.msg, "seed commitment must be 64"));
	assert_int_equal(commit_check(COMMIT, "xyz", SEED_HEX, &e), -1);
	assert_non_null(strstr(e.msg, "game uid must be 32"));
	assert_int_equal(commit_check(COMMIT, UID_HEX, "", &e), -1);
	assert_non_null(strstr(e.msg, "seed must be 64"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_values),
		cmocka_unit_test(test_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
