/* test_commit.c - the commitment to the seed, the setup record and the
 * uid derived from them (adjudicator/turn/commit.h, setup.h), against
 * the independent Python reference (tests/rng_reference.py --evidence)
 * and the vectors of formats/evidence.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "turn/commit.h"
#include "turn/registry.h"
#include "turn/setup.h"

#define SEED_HEX "000102030405060708090a0b0c0d0e0f" \
    "101112131415161718191a1b1c1d1e1f"
/* hashlib.sha256(b"gunbai-seed-commit-v2" + seed) */
#define COMMIT "d1a704695e9140252cf3d1904ae05bcc4a80257ca72a39a15e39d25c549c0410"
#define ALICE "f5a9db55b4f3e78176f284ecdb2c0ce3d7ec0e9e78e40cbc39f67eb0097b5181"
#define BOB "75fa677773b96dd57e7999dd7dbcd8a7e4b14ddddb588ea0d57887bc2196eba3"

static char *
pem(const char *hex)
{
	uint8_t raw[32];

	assert_int_equal(util_unhex(hex, raw, sizeof raw), 0);
	return crypto_pubkey_pem(raw);
}

/* A game of two players (keys in hex), in st. */
static void
two(struct state *st, const char *game, const char *id, const char *a,
    const char *akey, const char *b, const char *bkey)
{
	memset(st, 0, sizeof *st);
	st->game = game_find(game);
	st->id = util_strdup(id);
	st->players[0].name = util_strdup(a);
	st->players[0].key = pem(akey);
	st->players[1].name = util_strdup(b);
	st->players[1].key = pem(bkey);
	st->nplayers = 2;
}

/* One case of the vectors: st's record, the seed's commitment, the uid. */
static void
vector(struct sbuf *out, struct state *st, uint8_t fill)
{
	uint8_t uid[COMMIT_UID_BYTES];
	char hex[COMMIT_HEX + 1];
	struct sbuf rec;

	for (int i = 0; i < RNG_SEED_BYTES; i++)
		st->seed[i] = fill == 0 ? (uint8_t)i : fill;
	state_link_players(st);
	util_hex(st->seed, sizeof st->seed, hex);
	sbuf_printf(out, "\nseed   %s\n", hex);
	commit_seed_hex(st->seed, hex);
	sbuf_printf(out, "commit %s\n", hex);
	sbuf_init(&rec);
	setup_record(st, &rec);
	for (char *p = rec.p, *nl; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		sbuf_printf(out, "record %.*s\n", (int)(nl - p), p);
	sbuf_free(&rec);
	setup_uid(st, uid);
	util_hex(uid, sizeof uid, hex);
	sbuf_printf(out, "uid    %s\n", hex);
	state_free(st);
}

/* The vectors as the reference prints them. */
static char *
vectors(void)
{
	struct sbuf out;
	struct state st;
	uint8_t raw[32], rev[32];

	sbuf_init(&out);
	sbuf_puts(&out, "evidence known-answer vectors\n");
	two(&st, "senjin", "demo", "alice", ALICE, "bob", BOB);
	vector(&out, &st, 0);
	two(&st, "senjin", "demo", "alice", ALICE, "bob", BOB);
	assert_int_equal(util_unhex(BOB, raw, sizeof raw), 0);
	for (int i = 0; i < 32; i++)
		rev[i] = raw[31 - i];
	st.organiser = crypto_pubkey_pem(rev);
	st.options[0] = util_strdup("south");
	vector(&out, &st, 0);
	two(&st, "shinobi-wars", "club-7", "bob", BOB, "alice", ALICE);
	st.options[0] = util_strdup("# my deck\n");
	vector(&out, &st, 0xff);
	return sbuf_take(&out);
}

static void
test_known_values(void **state)
{
	uint8_t seed[RNG_SEED_BYTES];
	char hex[COMMIT_HEX + 1];

	(void)state;
	for (int i = 0; i < RNG_SEED_BYTES; i++)
		seed[i] = (uint8_t)i;
	commit_seed_hex(seed, hex);
	assert_string_equal(hex, COMMIT);
}

static void
test_check(void **state)
{
	struct gb_err e = { 0 };
	char bad[COMMIT_HEX + 1];

	(void)state;
	assert_int_equal(commit_check(COMMIT, SEED_HEX, &e), 0);
	/* Any other seed or commitment is refused with the reason. */
	snprintf(bad, sizeof bad, "%s", SEED_HEX);
	bad[63] = 'e';
	assert_int_equal(commit_check(COMMIT, bad, &e), -1);
	assert_non_null(strstr(e.msg, "does not match the commitment"));
	snprintf(bad, sizeof bad, "%s", COMMIT);
	bad[0] = 'c';
	assert_int_equal(commit_check(bad, SEED_HEX, &e), -1);
	/* Malformed values say which. */
	assert_int_equal(commit_check("b129", SEED_HEX, &e), -1);
	assert_non_null(strstr(e.msg, "seed commitment must be 64"));
	assert_int_equal(commit_check(COMMIT, "", &e), -1);
	assert_non_null(strstr(e.msg, "seed must be 64"));
}

/* The record read back is the same inputs: the same record, the same
 * uid; a record that is not gunbai's own spelling is refused. */
static void
test_record_roundtrip(void **state)
{
	struct gb_err e = { 0 };
	struct state st;
	struct sbuf again;
	const char *rec = "gunbai-setup-v1\ngame senjin\nruleset 1\nid demo\n"
	    "player alice " ALICE "\nplayer bob " BOB "\norganiser none\n"
	    "option first south\noption turn-limit 0\n";
	char *bad;

	(void)state;
	assert_int_equal(setup_parse_record(&st, rec, NULL, &e), 0);
	assert_string_equal(st.options[0], "south");
	assert_null(st.options[1]);
	sbuf_init(&again);
	setup_record(&st, &again);
	assert_string_equal(again.p, rec);
	sbuf_free(&again);
	state_free(&st);
	bad = util_strdup(rec);
	bad[strlen(bad) - 2] = '1'; /* turn-limit 1: still a record */
	assert_int_equal(setup_parse_record(&st, bad, NULL, &e), 0);
	state_free(&st);
	memcpy(strstr(bad, "ruleset 1"), "ruleset 7", 9);
	assert_int_equal(setup_parse_record(&st, bad, NULL, &e), -1);
	free(bad);
}

/* Shinobi Wars' record of st (seed bytes all fill). */
static char *
sw_record(struct state *st, uint8_t fill, const char *deck)
{
	struct sbuf rec;

	two(st, "shinobi-wars", "club-7", "bob", BOB, "alice", ALICE);
	st->options[0] = deck != NULL ? util_strdup(deck) : NULL;
	memset(st->seed, fill, sizeof st->seed);
	state_link_players(st);
	sbuf_init(&rec);
	setup_record(st, &rec);
	state_free(st);
	return sbuf_take(&rec);
}

/* A secret option (Shinobi Wars' deck lists) is in the record only as a
 * commitment salted with the seed: neither the value nor the hash of a
 * file, nor whether it is the default, shows before the seed is
 * revealed; after, the default is checked and made again, a value given
 * is left to the archive. */
static void
test_secret_options(void **state)
{
	struct gb_err e = { 0 };
	struct state st;
	uint8_t seed[RNG_SEED_BYTES];
	char filehex[COMMIT_HEX + 1];
	char *deck = sw_record(&st, 0xff, "1 kage\n7 seal\n32 mei\n");
	char *deck2 = sw_record(&st, 0xfe, "1 kage\n7 seal\n32 mei\n");
	char *std = sw_record(&st, 0xff, NULL);
	char *clear;

	(void)state;
	crypto_sha256_hex("1 kage\n7 seal\n32 mei\n", 21, filehex);
	assert_null(strstr(deck, "standard"));
	assert_null(strstr(deck, "file"));
	assert_null(strstr(deck, filehex));
	assert_null(strstr(std, "standard"));
	assert_non_null(strstr(deck, "\noption deck-leaf secret "));
	/* Salted: the same deck under another seed is another line; the
	 * default deck-mist too. */
	assert_string_not_equal(strstr(deck, "option deck-leaf"),
	    strstr(deck2, "option deck-leaf"));
	assert_string_not_equal(strstr(deck, "option deck-mist"),
	    strstr(deck2, "option deck-mist"));
	/* Read without the seed: the same record again. */
	assert_int_equal(setup_parse_record(&st, deck, NULL, &e), 0);
	assert_string_equal(st.players[0].name, "bob");
	state_free(&st);
	/* With the seed: the default is made again, a deck given is not. */
	memset(seed, 0xff, sizeof seed);
	assert_int_equal(setup_parse_record(&st, std, seed, &e), 0);
	assert_null(st.options[0]);
	assert_null(st.options[1]);
	state_free(&st);
	assert_int_equal(setup_parse_record(&st, deck, seed, &e), -1);
	assert_non_null(strstr(e.msg, "option 'deck-leaf' was given a value "
	    "other than its default 'standard'"));
	seed[0] = 0;
	assert_int_equal(setup_parse_record(&st, std, seed, &e), -1);
	assert_non_null(strstr(e.msg, "option 'deck-leaf'"));
	/* The value in the clear is not a record of a secret option. */
	clear = util_strdup(std);
	memcpy(strstr(clear, "deck-leaf secret"), "deck-leaf standa", 16);
	assert_int_equal(setup_parse_record(&st, clear, NULL, &e), -1);
	assert_non_null(strstr(e.msg, "option 'deck-leaf' is secret"));
	free(clear);
	free(std);
	free(deck2);
	free(deck);
}

static char *
slurp(FILE *f)
{
	struct sbuf b;
	char buf[4096];
	size_t k;

	sbuf_init(&b);
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sbuf_add(&b, buf, k);
	if (b.p == NULL)
		sbuf_puts(&b, "");
	return sbuf_take(&b);
}

/* The Python reference prints the same text, byte for byte. */
static void
test_reference_python(void **state)
{
	char *c = vectors(), *py;
	FILE *f;

	(void)state;
	f = popen("python3 tests/rng_reference.py --evidence", "r");
	assert_non_null(f);
	py = slurp(f);
	assert_int_equal(pclose(f), 0);
	assert_string_equal(py, c);
	free(py);
	free(c);
}

/* formats/evidence.md shows them verbatim, as a fenced block. */
static void
test_doc_vectors(void **state)
{
	char *c = vectors(), *doc, *block;
	FILE *f;

	(void)state;
	f = fopen("formats/evidence.md", "r");
	if (f == NULL)
		fail_msg("cannot open 'formats/evidence.md' (run the tests "
		    "from the repository root)");
	doc = slurp(f);
	fclose(f);
	block = util_malloc(strlen(c) + 16);
	sprintf(block, "```\n%s```\n", c);
	if (strstr(doc, block) == NULL)
		fail_msg("formats/evidence.md does not hold the vectors "
		    "verbatim");
	free(block);
	free(doc);
	free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_values),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_record_roundtrip),
		cmocka_unit_test(test_secret_options),
		cmocka_unit_test(test_reference_python),
		cmocka_unit_test(test_doc_vectors),
	};

	crypto_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
