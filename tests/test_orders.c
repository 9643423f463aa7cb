/* test_orders.c - the envelope of orders files: a file is accepted only if
 * its signature over the raw bytes verifies with the key of the player it
 * names, for this game and a turn not yet adjudicated.  Uses the sample
 * Senjin game after turn 2 (turn 3 owed by alice). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include "orders.h"
#include "state.h"

static struct state orders_st;
static char orders_dir[64];

static int
orders_setup(void **ctx)
{
	struct gb_err e = { 0 };

	(void)ctx;
	snprintf(orders_dir, sizeof orders_dir, "/tmp/gunbai-orders.XXXXXX");
	if (mkdtemp(orders_dir) == NULL)
		return -1;
	return state_load(&orders_st, "samples/senjin/state-turn2.yaml", &e);
}

static int
orders_teardown(void **ctx)
{
	char cmd[128];

	(void)ctx;
	state_free(&orders_st);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", orders_dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Write name with text, and name.sig signed by signer's sample key over
 * the bytes signed (NULL: the same text). */
static const char *
orders_make(const char *name, const char *text, const char *signer,
    const char *signed_text)
{
	static char path[128];
	char keypath[128], sigpath[160];
	unsigned char sig[64];
	size_t siglen = sizeof sig;
	EVP_PKEY *key;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", orders_dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	snprintf(keypath, sizeof keypath, "samples/senjin/keys/%s.key", signer);
	f = fopen(keypath, "r");
	assert_non_null(f);
	key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	fclose(f);
	assert_non_null(key);
	if (signed_text == NULL)
		signed_text = text;
	assert_int_equal(EVP_DigestSignInit(md, NULL, NULL, NULL, key), 1);
	assert_int_equal(EVP_DigestSign(md, sig, &siglen,
	    (const unsigned char *)signed_text, strlen(signed_text)), 1);
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(key);
	snprintf(sigpath, sizeof sigpath, "%s.sig", path);
	f = fopen(sigpath, "wb");
	assert_non_null(f);
	fwrite(sig, 1, siglen, f);
	fclose(f);
	return path;
}

static const char orders_good[] =
    "gunbai: orders 1\ngame: demo\nturn: 3\nplayer: alice\norders:\n"
    "  - move e4 e5\n  - place shield\n";

/* Read path; check ok and, if refused, that the reason contains want. */
static void
orders_expect(const char *path, int ok, const char *want)
{
	struct orders_file of;

	orders_read(&of, path, &orders_st);
	if (of.ok != ok || (want != NULL && strstr(of.err.msg, want) == NULL))
		fail_msg("%s: ok %d, reason '%s'; wanted ok %d and '%s'", path,
		    of.ok, of.err.msg, ok, want ? want : "");
	orders_free(&of);
}

static void
test_good(void **ctx)
{
	struct orders_file of;

	(void)ctx;
	orders_read(&of, orders_make("good.yaml", orders_good, "alice", NULL),
	    &orders_st);
	assert_true(of.ok);
	assert_int_equal(of.player, 0);
	assert_int_equal(of.turn, 3);
	assert_int_equal(of.n, 2);
	assert_string_equal(of.orders[1].text, "place shield");
	assert_int_equal(of.orders[1].line, 7);
	assert_int_equal(of.orders[1].col, 5);
	orders_free(&of);
}

static void
test_tampered(void **ctx)
{
	(void)ctx;
	/* Signed over other bytes: one character differs. */
	orders_expect(orders_make("tampered.yaml", orders_good, "alice",
	    "gunbai: orders 1\ngame: demo\nturn: 3\nplayer: alice\norders:\n"
	    "  - move e4 e6\n  - place shield\n"), 0,
	    "signature does not verify");
}

static void
test_wrong_player(void **ctx)
{
	(void)ctx;
	/* bob signs a file naming alice: bob's key verifies, but the file
	 * names another player. */
	orders_expect(orders_make("wrong-player.yaml", orders_good, "bob",
	    NULL), 0, "names player 'alice' but was signed with the key of "
	    "'bob'");
}

static void
test_replayed_turn(void **ctx)
{
	(void)ctx;
	orders_expect(orders_make("old.yaml", "gunbai: orders 1\ngame: demo\n"
	    "turn: 2\nplayer: alice\norders:\n  - move a2 a3\n", "alice", NULL),
	    0, "turn 2, which has already been adjudicated");
}

static void
test_other_game(void **ctx)
{
	(void)ctx;
	orders_expect(orders_make("other.yaml", "gunbai: orders 1\n"
	    "game: other\nturn: 3\nplayer: alice\norders: []\n", "alice",
	    NULL), 0, "for game 'other', not 'demo'");
}

static void
test_missing_signature(void **ctx)
{
	char path[128], sig[160];

	(void)ctx;
	snprintf(path, sizeof path, "%s", orders_make("nosig.yaml",
	    orders_good, "alice", NULL));
	snprintf(sig, sizeof sig, "%s.sig", path);
	assert_int_equal(unlink(sig), 0);
	orders_expect(path, 0, "nosig.yaml.sig");
}

static void
test_unknown_key_and_version(void **ctx)
{
	(void)ctx;
	orders_expect(orders_make("key.yaml", "gunbai: orders 1\ngame: demo\n"
	    "turn: 3\nplayer: alice\norders: []\nextra: 1\n", "alice", NULL),
	    0, "unknown key 'extra'");
	orders_expect(orders_make("version.yaml", "gunbai: orders 2\n"
	    "game: demo\nturn: 3\nplayer: alice\norders: []\n", "alice", NULL),
	    0, "unknown version");
}

/* Two different files of one player for one turn are both refused; a
 * copy counts once; the result does not depend on the order given. */
static void
test_duplicates(void **ctx)
{
	struct orders_file f[3];
	char a[128], b[128], c[128];

	(void)ctx;
	snprintf(a, sizeof a, "%s", orders_make("a.yaml", orders_good,
	    "alice", NULL));
	snprintf(b, sizeof b, "%s", orders_make("b.yaml", orders_good,
	    "alice", NULL));
	snprintf(c, sizeof c, "%s", orders_make("c.yaml", "gunbai: orders 1\n"
	    "game: demo\nturn: 3\nplayer: alice\norders: [move a2 a3]\n",
	    "alice", NULL));
	orders_read(&f[0], b, &orders_st);
	orders_read(&f[1], a, &orders_st);
	orders_sort(f, 2);
	assert_true(f[0].ok);
	assert_string_equal(f[0].path, a);
	assert_false(f[1].ok);
	assert_true(f[1].copy);
	orders_free(&f[0]);
	orders_free(&f[1]);
	orders_read(&f[0], c, &orders_st);
	orders_read(&f[1], a, &orders_st);
	orders_read(&f[2], b, &orders_st);
	orders_sort(f, 3);
	for (int i = 0; i < 3; i++) {
		assert_false(f[i].ok);
		orders_free(&f[i]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_tampered),
		cmocka_unit_test(test_wrong_player),
		cmocka_unit_test(test_replayed_turn),
		cmocka_unit_test(test_other_game),
		cmocka_unit_test(test_missing_signature),
		cmocka_unit_test(test_unknown_key_and_version),
		cmocka_unit_test(test_duplicates),
	};

	return cmocka_run_group_tests(tests, orders_setup, orders_teardown);
}
