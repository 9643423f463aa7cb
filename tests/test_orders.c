/* test_orders.c - the envelope of orders files: a file is accepted only if
 * its signature over the raw bytes verifies with the key of the player it
 * names, for this game and a turn not yet adjudicated; and what a run
 * or a check makes of the files never depends on the order they were
 * given in, nor on a check made before.  Uses the sample Senjin game
 * after turn 2 (turn 3 owed by alice). */
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

#include "turn/adjudicate.h"
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
	    0, "point 2 (their 'turn:'), which has already been adjudicated "
	    "(game 'demo' is at point 3, which you owe: write 'turn: 3')");
	/* bob owes nothing at point 3: no point to write is named. */
	orders_expect(orders_make("old-bob.yaml", HEAD
	    "turn: 2\nplayer: bob\norders:\n  - move a8 a7\n", "bob", NULL),
	    0, "which has already been adjudicated (game 'demo' is at point "
	    "3)");
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

/* The files of the run below: alice's answer to point 3, bob's
 * incomplete one to point 4 (its only order is refused), alice's for
 * point 5, not yet due. */
static const char *const given_names[] = { "g3.yaml", "g4.yaml", "g5.yaml" };

static void
given_make(void)
{
	orders_make("g3.yaml", HEAD "turn: 3\nplayer: alice\norders:\n"
	    "  - move a2 a3\n  - move b2 b3\n", "alice", NULL);
	orders_make("g4.yaml", HEAD "turn: 4\nplayer: bob\norders:\n"
	    "  - move a1 a9\n", "bob", NULL);
	orders_make("g5.yaml", HEAD "turn: 5\nplayer: alice\norders:\n"
	    "  - move a3 a4\n", "alice", NULL);
}

/* Read the files of given_names into f, file i given as argument
 * perm[i], and sort them as a run does. */
static void
given_read(struct orders_file *f, const struct state *st, const int *perm)
{
	for (size_t i = 0; i < 3; i++) {
		char path[128];

		snprintf(path, sizeof path, "%s/%s", orders_dir,
		    given_names[i]);
		orders_read(&f[i], path, st);
		assert_true(f[i].ok);
		f[i].arg = (size_t)perm[i];
	}
	orders_sort(f, 3);
}

/* A file checked alone gets its verdict whatever its place was among
 * the files of a run (its arg): a check of one file of a run's files
 * judged nothing when that file was not the first given, and the run
 * told the player of an incomplete file 'kept' by where it stood
 * (gunbai verify, which gives the files in another order, replayed
 * other reports). */
static void
test_checked_alone(void **ctx)
{
	static const int perm[3] = { 2, 0, 1 };
	struct orders_file f[3];
	struct check_result all, one;

	(void)ctx;
	given_make();
	given_read(f, &orders_st, perm);
	adjudicate_check_data(&orders_st, f, 3, &all);
	assert_int_equal(all.n, 3);
	for (size_t i = 0; i < 3; i++) {
		const struct check_file *cf = NULL;

		adjudicate_check_data(&orders_st, &f[i], 1, &one);
		assert_int_equal(one.n, 1);
		for (size_t k = 0; k < 3; k++)
			if (all.v[k].f == &f[i])
				cf = &all.v[k];
		assert_non_null(cf);
		assert_int_equal(one.v[0].verdict, cf->verdict);
		assert_int_equal(one.v[0].complete, cf->complete);
		assert_int_equal(one.v[0].n, cf->n);
		adjudicate_check_free(&one);
	}
	/* In the order given: g4 (arg 0), g5, g3. */
	assert_string_equal(strrchr(all.v[0].f->path, '/') + 1, "g4.yaml");
	assert_string_equal(strrchr(all.v[2].f->path, '/') + 1, "g3.yaml");
	adjudicate_check_free(&all);
	for (size_t i = 0; i < 3; i++)
		orders_free(&f[i]);
}

/* One run of the three files given in the order perm, after a check of
 * them if check_first: its messages and the state it makes, into out. */
static void
given_run(const int *perm, int check_first, struct sbuf *out)
{
	struct gb_err e = { 0 };
	struct orders_file f[3];
	struct state st;
	struct sbuf msgs;
	char prev[2 * CRYPTO_SHA256_BYTES + 1], *bytes;
	size_t len;

	assert_int_equal(state_load(&st, "samples/senjin/state-turn2.yaml",
	    &e), 0);
	given_read(f, &st, perm);
	sbuf_init(&msgs);
	if (check_first) {
		adjudicate_check(&st, f, 3, &msgs);
		sbuf_free(&msgs);
		sbuf_init(&msgs);
	}
	memset(prev, 'a', sizeof prev - 1);
	prev[sizeof prev - 1] = '\0';
	if (adjudicate_run(&st, prev, f, 3, 0, &msgs) != 1)
		fail_msg("point 3 not applied:\n%s", msgs.p);
	/* What a check after the run sees changes nothing of the state. */
	bytes = state_write(&st, &len);
	{
		struct sbuf after;
		char *again;
		size_t alen;

		sbuf_init(&after);
		adjudicate_check(&st, f, 3, &after);
		sbuf_free(&after);
		again = state_write(&st, &alen);
		assert_int_equal(alen, len);
		assert_memory_equal(again, bytes, len);
		free(again);
	}
	sbuf_init(out);
	sbuf_printf(out, "%s---\n", msgs.p);
	sbuf_add(out, bytes, len);
	free(bytes);
	sbuf_free(&msgs);
	for (size_t i = 0; i < 3; i++)
		orders_free(&f[i]);
	state_free(&st);
}

/* A run gives the same messages and state bytes whatever the order the
 * files were given in, and whether or not they were checked first. */
static void
test_run_any_order(void **ctx)
{
	static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 },
		{ 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
	struct sbuf first, got;

	(void)ctx;
	given_make();
	given_run(perms[0], 0, &first);
	/* Point 3 applied; point 4 waits for bob, whose file is told
	 * incomplete with its refused order, not "kept for point 4". */
	assert_non_null(strstr(first.p, "point 3: applied\n"));
	assert_non_null(strstr(first.p, "g4.yaml:7:5: refused: move a1 a9: "));
	assert_non_null(strstr(first.p, "g4.yaml: incomplete: more orders are "
	    "needed for point 4; "));
	assert_null(strstr(first.p, "kept for point 4"));
	assert_non_null(strstr(first.p, "are not a whole answer (0 accepted, "
	    "1 refused): more orders are needed, and point 4 waits for you."));
	assert_non_null(strstr(first.p, "kept for point 5: "));
	for (size_t i = 0; i < 6; i++)
		for (int check = 0; check < 2; check++) {
			given_run(perms[i], check, &got);
			if (strcmp(first.p, got.p) != 0)
				fail_msg("files given as %d %d %d%s: another "
				    "run:\n%s\n=== against ===\n%s",
				    perms[i][0], perms[i][1], perms[i][2],
				    check ? ", checked first" : "", got.p,
				    first.p);
			sbuf_free(&got);
		}
	sbuf_free(&first);
}

/* A replaced revision is named in its sender's report, by revision and
 * hash: the correction did not go unnoticed (issue 30).  Only the sender
 * is told: a player's own files are all the event shows. */
static void
test_replaced_told(void **ctx)
{
	struct gb_err e = { 0 };
	struct orders_file f[2];
	struct state st;
	struct sbuf msgs;
	char prev[2 * CRYPTO_SHA256_BYTES + 1], want[160], *bytes;
	const char *at;
	size_t len;

	(void)ctx;
	orders_make("v0.yaml", HEAD "turn: 3\nplayer: alice\norders:\n"
	    "  - move a2 a3\n  - move b2 b3\n", "alice", NULL);
	orders_make("v1.yaml", HEAD "turn: 3\nrevision: 1\nplayer: alice\n"
	    "orders:\n  - move a2 a3\n  - move c2 c3\n", "alice", NULL);
	assert_int_equal(state_load(&st, "samples/senjin/state-turn2.yaml",
	    &e), 0);
	for (size_t i = 0; i < 2; i++) {
		char path[128];

		snprintf(path, sizeof path, "%s/v%zu.yaml", orders_dir, i);
		orders_read(&f[i], path, &st);
		f[i].arg = i;
	}
	orders_sort(f, 2);
	assert_int_equal(f[1].replaced_by, 1);
	snprintf(want, sizeof want, "Your orders for point 3, revision 0 "
	    "(sha256 %.16s), were replaced by revision 1 and not used.",
	    f[1].sha256);
	memset(prev, 'a', sizeof prev - 1);
	prev[sizeof prev - 1] = '\0';
	sbuf_init(&msgs);
	assert_int_equal(adjudicate_run(&st, prev, f, 2, 0, &msgs), 1);
	bytes = state_write(&st, &len);
	at = strstr(bytes, want);
	if (at == NULL)
		fail_msg("no '%s' in the state:\n%s", want, bytes);
	/* To alice alone: the event's "to" lists her. */
	assert_non_null(strstr(bytes, "to:\n      - alice\n    text: \"Your "
	    "orders for point 3, revision 0"));
	free(bytes);
	sbuf_free(&msgs);
	for (size_t i = 0; i < 2; i++)
		orders_free(&f[i]);
	state_free(&st);
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
		cmocka_unit_test(test_checked_alone),
		cmocka_unit_test(test_run_any_order),
		cmocka_unit_test(test_replaced_told),
	};

	return cmocka_run_group_tests(tests, orders_setup, orders_teardown);
}
