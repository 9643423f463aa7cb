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

#include "turn/orders.h"
#include "turn/state.h"

/* The start of an envelope of the sample game (its uid from its seed). */
#define HEAD "gunbai: orders 2\ngame: demo\nuid: " \
    "07c7d23f975f08849d89139c68dc2b79\n"

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
    HEAD "turn: 3\nplayer: alice\norders:\n"
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
	assert_int_equal(of.orders[1].line, 8);
	assert_int_equal(of.orders[1].col, 5);
	orders_free(&of);
}

static void
test_tampered(void **ctx)
{
	(void)ctx;
	/* Signed over other bytes: one character differs. */
	orders_expect(orders_make("tampered.yaml", orders_good, "alice",
	    HEAD "turn: 3\nplayer: alice\norders:\n"
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
	orders_expect(orders_make("old.yaml", HEAD
	    "turn: 2\nplayer: alice\norders:\n  - move a2 a3\n", "alice", NULL),
	    0, "point 2 (their 'turn:'), which has already been adjudicated");
}

static void
test_other_game(void **ctx)
{
	(void)ctx;
	orders_expect(orders_make("other.yaml", "gunbai: orders 2\n"
	    "game: other\nuid: 07c7d23f975f08849d89139c68dc2b79\nturn: 3\nplayer: alice\norders: []\n", "alice",
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
	orders_expect(orders_make("key.yaml", HEAD
	    "turn: 3\nplayer: alice\norders: []\nextra: 1\n", "alice", NULL),
	    0, "unknown key 'extra'");
	orders_expect(orders_make("version.yaml", "gunbai: orders 3\n"
	    "game: demo\nturn: 3\nplayer: alice\norders: []\n", "alice", NULL),
	    0, "unknown version");
	/* The format before uids: refused, saying what to do. */
	orders_expect(orders_make("v1.yaml", "gunbai: orders 1\n"
	    "game: demo\nturn: 3\nplayer: alice\norders: []\n", "alice", NULL),
	    0, "from the orders template of your latest report");
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
	snprintf(c, sizeof c, "%s", orders_make("c.yaml", HEAD
	    "turn: 3\nplayer: alice\norders: [move a2 a3]\n",
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

/* A game made again with the same id and players has another uid: the
 * old game's signed orders are refused by it. */
static void
test_other_uid(void **ctx)
{
	(void)ctx;
	orders_expect(orders_make("old-game.yaml", "gunbai: orders 2\n"
	    "game: demo\nuid: 00000000000000000000000000000000\nturn: 3\n"
	    "player: alice\norders: [move e4 e5, place shield]\n", "alice",
	    NULL), 0, "the orders of another game with the same id are never "
	    "valid in this one");
	orders_expect(orders_make("no-uid.yaml", "gunbai: orders 2\n"
	    "game: demo\nturn: 3\nplayer: alice\norders: []\n", "alice", NULL),
	    0, "missing key 'uid'");
	orders_expect(orders_make("bad-rev.yaml", HEAD "turn: 3\n"
	    "revision: -1\nplayer: alice\norders: []\n", "alice", NULL), 0,
	    "revision");
}

/* The files of one revision test: name, revision, orders. */
struct rev_file {
	const char *name;
	int revision;
	const char *orders;
};

/* Read the files in the order perm gives, sort, and write "name:ok"
 * for each in the sorted order, with the reason of each refusal. */
static void
rev_outcome(const struct rev_file *rf, const int *perm, size_t n,
    char *out, size_t cap)
{
	struct orders_file f[4];
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		char path[128];
		snprintf(path, sizeof path, "%s/%s", orders_dir,
		    rf[perm[i]].name);
		orders_read(&f[i], path, &orders_st);
		assert_true(f[i].ok);
	}
	orders_sort(f, n);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		const char *base = strrchr(f[i].path, '/') + 1;
		len += (size_t)snprintf(out + len, cap - len, "%s:%d:%s\n",
		    base, f[i].ok, f[i].ok ? "" : f[i].err.msg);
		orders_free(&f[i]);
	}
}

/* Every order of arrival of n <= 4 files gives the same outcome, and one
 * good file is used exactly when want_used names it. */
static void
rev_case(const struct rev_file *rf, size_t n, const char *want_used)
{
	int perm[4] = { 0, 1, 2, 3 };
	char first[2048], got[2048], want[64];
	int count = 0;

	for (size_t i = 0; i < n; i++) {
		char text[512];
		snprintf(text, sizeof text, HEAD "turn: 3\nrevision: %d\n"
		    "player: alice\norders: [%s]\n", rf[i].revision,
		    rf[i].orders);
		orders_make(rf[i].name, text, "alice", NULL);
	}
	rev_outcome(rf, perm, n, first, sizeof first);
	/* Heap's algorithm: every permutation of perm[0..n). */
	{
		int c[4] = { 0 };
		size_t i = 0;
		count = 1;
		while (i < n) {
			if (c[i] < (int)i) {
				int k = i % 2 == 0 ? 0 : c[i], t = perm[k];
				perm[k] = perm[i];
				perm[i] = t;
				rev_outcome(rf, perm, n, got, sizeof got);
				if (strcmp(first, got) != 0)
					fail_msg("arrival order changed the "
					    "outcome:\n%s---\n%s", first, got);
				count++;
				c[i]++;
				i = 0;
			} else {
				c[i] = 0;
				i++;
			}
		}
	}
	assert_int_equal(count, n == 3 ? 6 : n == 4 ? 24 : count);
	if (want_used == NULL) {
		assert_null(strstr(first, ":1:"));
	} else {
		snprintf(want, sizeof want, "%s:1:", want_used);
		assert_non_null(strstr(first, want));
		/* Only one file is used. */
		assert_null(strstr(strstr(first, ":1:") + 1, ":1:"));
	}
}

/* Corrections: the highest revision wins; identical copies count once;
 * two different files of the highest revision are both refused, and the
 * lower revisions do not come back. */
static void
test_revisions(void **ctx)
{
	static const struct rev_file copies[] = {
		{ "r0.yaml", 0, "move e4 e5, place shield" },
		{ "r1a.yaml", 1, "move e4 e5, flip sword" },
		{ "r1b.yaml", 1, "move e4 e5, flip sword" },
	};
	static const struct rev_file clash[] = {
		{ "s0.yaml", 0, "move e4 e5, place shield" },
		{ "s1a.yaml", 1, "move e4 e5, flip sword" },
		{ "s1b.yaml", 1, "move e4 e5, place sword" },
	};
	static const struct rev_file over[] = {
		{ "t2.yaml", 2, "move e4 e5" },
		{ "t1a.yaml", 1, "move e4 e5, flip sword" },
		{ "t1b.yaml", 1, "move e4 e5, place sword" },
		{ "t0.yaml", 0, "move e4 e5, place shield" },
	};
	char out[2048];
	int perm[3] = { 0, 1, 2 };

	(void)ctx;
	rev_case(copies, 3, "r1a.yaml");
	rev_case(clash, 3, NULL);
	rev_case(over, 4, "t2.yaml");
	rev_outcome(clash, perm, 3, out, sizeof out);
	assert_non_null(strstr(out, "2 different orders files of the same "
	    "player for point 3 with revision 1"));
	assert_non_null(strstr(out, "s0.yaml:0:revision 0, replaced by "
	    "revision 1"));
	rev_outcome(copies, perm, 3, out, sizeof out);
	assert_non_null(strstr(out, "r1b.yaml:0:a copy of"));
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
		cmocka_unit_test(test_other_uid),
		cmocka_unit_test(test_revisions),
	};

	return cmocka_run_group_tests(tests, orders_setup, orders_teardown);
}
