/* test_harness.c - the generic harness, run over every registered game and
 * every player count it allows: random legal playouts to the end from
 * many seeds, through the real pipeline (adjudicate_run), checking at every
 * decision point that
 *   - save, load, save gives the same bytes;
 *   - a player's report does not change when anything that player cannot
 *     see changes (other players' log entries, every player's mail
 *     address, and the game's own hidden information through
 *     game_entry.perturb);
 *   - the default orders of a player who misses the deadline do not
 *     change when anything another player cannot see changes: the
 *     game resolves them in public, so a default that depended on a
 *     hidden hand would tell everyone what the hand holds;
 *   - the reports made for every player of a state at once, sharing
 *     what is the same (report_make_all: the view's JSON, the picture
 *     of a game that says it is public), are the bytes of each report
 *     made alone;
 * and for whole games that
 *   - the players' addresses are carried to the end unchanged;
 *   - the same seed and orders give the same game, byte for byte;
 *   - all the orders files of a game given at once, in any order, give
 *     the same game as giving them turn by turn. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "turn/adjudicate.h"
#include "base/crypto.h"
#include "base/fileio.h"
#include "report/report.h"
#include "report/choices.h"
#include "report/report_json.h"
#include "turn/state.h"
#include "base/yaml.h"
#include "turn/registry.h"

/* Seeds per player count; HARNESS_SEEDS in the environment overrides it
 * (the sanitizer build runs fewer: it is several times slower). */
#define HARNESS_SEEDS 12
static uint64_t harness_seeds = HARNESS_SEEDS;
#define HARNESS_MAX_POINTS 3000

static const char *const harness_names[] = { "alice", "bob", "carol",
	"dave" };

/* One game being played: its files, kept to replay it. */
struct harness_game {
	struct state st;
	char *initial;  /* state bytes after setup */
	size_t initial_len;
	struct orders_file *files; /* every file, in the order played */
	size_t nfiles;
	struct strlist texts;      /* owns the order texts */
};

static void
harness_new(struct state *st, const struct game_entry *g, int np,
    uint64_t seedn)
{
	const char *optv[64];
	struct gb_err e = { 0 };
	struct rng rng;
	size_t n = 0;

	memset(st, 0, sizeof *st);
	st->game = g;
	for (; g->options != NULL && g->options[n].name != NULL; n++)
		optv[n] = g->options[n].def;
	for (int i = 0; i < np; i++) {
		char path[64], *pem;
		size_t len;
		snprintf(path, sizeof path, "tests/keys/%s.pub",
		    harness_names[i]);
		assert_int_equal(fileio_read(path, FILEIO_KEY_MAX, &pem, &len,
		    &e), 0);
		assert_int_equal(crypto_pubkey_check(pem,
		    &st->players[i].key, &e), 0);
		free(pem);
		st->players[i].name = util_strdup(harness_names[i]);
		/* Every state carries addresses, so that the whole pipeline
		 * keeps them and no view shows them. */
		st->players[i].address = util_malloc(64);
		snprintf(st->players[i].address, 64, "%s@example.org",
		    harness_names[i]);
		st->nplayers++;
	}
	state_link_players(st);
	st->id = util_strdup("harness");
	st->turn = 1;
	for (int i = 0; i < 8; i++)
		st->seed[i] = (uint8_t)(seedn >> (8 * i));
	st->seed[31] = (uint8_t)np;
	rng_init(&rng, st->seed, 0);
	st->g = g->setup(&st->pl, optv, &rng, &st->log, &e);
	if (st->g == NULL)
		fail_msg("%s setup: %s", g->id, e.msg);
	st->draws = rng.draws;
}

static char *
harness_bytes(const struct state *st, size_t *len)
{
	return state_write(st, len);
}

static void
harness_parse(struct state *out, const char *bytes, size_t len)
{
	struct gb_err e = { 0 };

	if (state_parse(out, bytes, len, "harness", &e) != 0)
		fail_msg("state does not load back: %d:%d: %s\n%s", e.line,
		    e.col, e.msg, bytes);
}

/* save, load, save: the same bytes. */
static void
harness_roundtrip(const struct state *st)
{
	struct state copy;
	size_t a_len, b_len;
	char *a = harness_bytes(st, &a_len), *b;

	harness_parse(&copy, a, a_len);
	b = harness_bytes(&copy, &b_len);
	assert_int_equal(a_len, b_len);
	assert_memory_equal(a, b, a_len);
	free(a);
	free(b);
	state_free(&copy);
}

static char *
harness_report(const struct state *st, int p)
{
	struct sbuf b;

	sbuf_init(&b);
	report_build(st, p, &b);
	return sbuf_take(&b);
}

/* Everything p is sent: the text report, the JSON report and the
 * picture (the choices of the JSON report, the band of the picture
 * included). */
static char *
harness_reports(const struct state *st, int p)
{
	char hex[COMMIT_HEX + 1], *json, *text, *svg;
	size_t len;
	struct sbuf b;

	/* The state's hash once, as adjudicate gives it to every report. */
	state_sha256(st, hex);
	sbuf_init(&b);
	text = report_make(st, hex, p, REPORT_TEXT, &len);
	sbuf_add(&b, text, len);
	free(text);
	json = report_json(st, hex, p, &len);
	sbuf_add(&b, json, len);
	free(json);
	/* The picture as mailed: the game's, under the report's band. */
	svg = report_make(st, hex, p, REPORT_SVG, &len);
	sbuf_add(&b, svg, len);
	free(svg);
	return sbuf_take(&b);
}

/* The reports of every player made together, sharing what is the same
 * (report_make_all), against each made alone (report_make): sharing
 * changes no byte, and a game's picture_public is true.  The JSON
 * reports' trees of legal orders are cut to their root here: a tree is
 * the player's own, never shared, made by the same function both ways,
 * and harness_hidden checks the whole tree of every report. */
static void
harness_shared(const struct state *st)
{
	struct report_shared sh = { 0 };
	char hex[COMMIT_HEX + 1];
	size_t max = choices_max;

	choices_max = 1;
	state_sha256(st, hex);

	for (int p = -1; p < st->nplayers; p++) {
		char *all[REPORT_KINDS];
		size_t len[REPORT_KINDS];

		report_make_all(st, hex, p, &sh, all, len);
		for (int k = 0; k < REPORT_KINDS; k++) {
			size_t n;
			char *alone = report_make(st, hex, p, k, &n);

			if (n != len[k] || memcmp(alone, all[k], n) != 0)
				fail_msg("%s: turn %lld: the %s report of "
				    "player %d is not the same made with the "
				    "others", st->game->id, st->turn,
				    report_kinds[k], p);
			free(alone);
			free(all[k]);
		}
	}
	report_shared_free(&sh);
	choices_max = max;
}

/* Is the line (n bytes) one of the JSON report's state hashes? */
static int
harness_json_hash(const char *line, size_t n)
{
	static const char *const keys[] = { "\"" REPORT_JSON_STATE_KEY "\":",
		"\"" REPORT_JSON_FROM_KEY "\":" };

	for (size_t k = 0; k < 2; k++) {
		size_t kl = strlen(keys[k]);

		for (size_t i = 0; i + kl <= n; i++)
			if (memcmp(line + i, keys[k], kl) == 0)
				return 1;
	}
	return 0;
}

/* The report without its "state" and "from" Evidence lines: the SHA-256
 * of a state is a hash of everything in it, hidden things included, and
 * must change with them; it reveals nothing while the state's seed is
 * secret (formats/threats.md).  Every other byte must stay. */
static void
harness_drop_state_hashes(char *report)
{
	char *line = report, *out = report;

	while (*line != '\0') {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);

		if (strncmp(line, REPORT_EV_STATE, strlen(REPORT_EV_STATE)) &&
		    strncmp(line, REPORT_EV_FROM, strlen(REPORT_EV_FROM)) &&
		    !harness_json_hash(line, n)) {
			memmove(out, line, n);
			out += n;
		}
		line += n;
	}
	*out = '\0';
}

/* Every report line fits in an email. */
static void
harness_width(const char *report)
{
	const char *line = report;

	while (*line != '\0') {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		if (n > REPORT_WIDTH)
			fail_msg("report line of %zu columns: %.*s", n,
			    (int)n, line);
		line += n + (nl != NULL);
	}
}

/* Change what player p (or the public, -1) cannot see; the report of p
 * must not change by a byte, while the state does. */
static void
harness_hidden(const struct state *st, int p, struct rng *hr)
{
	struct state copy;
	size_t a_len, b_len;
	char *a = harness_bytes(st, &a_len), *b, *ra, *rb;
	unsigned others = 0;

	harness_parse(&copy, a, a_len);
	for (int i = 0; i < copy.nplayers; i++)
		if (i != p)
			others |= EVENT_TO(i);
	for (size_t i = 0; i < copy.log.n; i++) {
		struct event *ev = &copy.log.v[i];
		int sees = p < 0 ? ev->to == EVENT_ALL :
		    (ev->to & EVENT_TO(p)) != 0;
		if (!sees) {
			size_t n = strlen(ev->text);
			ev->text = util_realloc(ev->text, n + 16);
			memcpy(ev->text + n, " (secret)", 10);
		}
	}
	copy.log.point = copy.turn;
	events_add(&copy.log, others, "A secret for everyone but %d.", p);
	/* No report shows any address (formats/mail.md): every player's
	 * changes, p's own too. */
	for (int i = 0; i < copy.nplayers; i++) {
		free(copy.players[i].address);
		copy.players[i].address = i == p ? NULL :
		    util_strdup("someone.else+x@mail.example.net");
	}
	if (p >= 0 && copy.game->perturb != NULL)
		copy.game->perturb(copy.g, p, hr);
	b = harness_bytes(&copy, &b_len);
	assert_true(a_len != b_len || memcmp(a, b, a_len) != 0);
	ra = harness_report(st, p);
	harness_width(ra);
	free(ra);
	ra = harness_reports(st, p);
	rb = harness_reports(&copy, p);
	/* Only the hashes differ ... */
	assert_true(strcmp(ra, rb) != 0);
	harness_drop_state_hashes(ra);
	harness_drop_state_hashes(rb);
	/* ... and they are gone. */
	assert_null(strstr(ra, "\n" REPORT_EV_STATE));
	if (strcmp(ra, rb) != 0)
		fail_msg("%s: reports of player %d changed when only hidden "
		    "things changed:\n%s\n---\n%s", st->game->id, p, ra, rb);
	free(a);
	free(b);
	free(ra);
	free(rb);
	state_free(&copy);
}

/* The default orders of player q as one string, "" if none. */
static char *
harness_defaults_text(const struct state *st, int q)
{
	struct order orders[ADJUDICATE_NMR_MAX];
	struct strlist keep = { 0 };
	struct sbuf b;
	size_t n = 0;

	sbuf_init(&b);
	sbuf_puts(&b, "");
	if (adjudicate_defaults(st->game, st->g, q, orders, &n, &keep) < 0)
		fail_msg("%s: no default orders for %s at turn %lld",
		    st->game->id, st->names[q], st->turn);
	for (size_t i = 0; i < n; i++)
		sbuf_printf(&b, "%s\n", orders[i].text);
	strlist_free(&keep);
	return sbuf_take(&b);
}

/* Decisions whose default is known to depend on a hidden hand, each with
 * its game's reason; the check reports them instead of failing.  An
 * entry here is a known leak to remove, not a permission. */
static const struct harness_leak {
	const char *game;
	const char *decision;
} harness_leaks[] = {
	/* Japanese Swords: a missed battle sets aside the strongest cards
	 * (man page, "missed deadlines"), so a battle reveals that no
	 * stronger card was held. */
	{ "japanese-swords", "battle" },
};

static int
harness_known_leak(const char *game, const char *decision)
{
	for (size_t i = 0; i < sizeof harness_leaks / sizeof harness_leaks[0];
	    i++)
		if (strcmp(harness_leaks[i].game, game) == 0 &&
		    strncmp(decision, harness_leaks[i].decision,
		    strlen(harness_leaks[i].decision)) == 0)
			return 1;
	return 0;
}

/* For every owed player q and every other player p: change what p cannot
 * see; q's default orders must stay the same. */
static void
harness_defaults(const struct state *st, struct rng *hr)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed = st->game->owed(st->g, owed);

	if (st->game->perturb == NULL)
		return;
	for (size_t k = 0; k < nowed; k++) {
		int q = owed[k].player;
		char *want;

		if (harness_known_leak(st->game->id, owed[k].decision))
			continue;
		want = harness_defaults_text(st, q);

		for (int p = 0; p < st->nplayers; p++) {
			struct state copy;
			size_t len;
			char *bytes, *got;

			if (p == q)
				continue;
			bytes = harness_bytes(st, &len);
			harness_parse(&copy, bytes, len);
			free(bytes);
			copy.game->perturb(copy.g, p, hr);
			got = harness_defaults_text(&copy, q);
			if (strcmp(want, got) != 0)
				fail_msg("%s: turn %lld: the default orders of "
				    "%s change with what %s cannot see, so "
				    "playing them tells %s:\n%s---\n%s",
				    st->game->id, st->turn, st->names[q],
				    st->names[p], st->names[p], want, got);
			free(got);
			state_free(&copy);
		}
		free(want);
	}
}

static void
harness_add_file(struct harness_game *hg, int player, size_t first,
    size_t n)
{
	struct orders_file *f;
	struct sbuf all;
	uint8_t digest[CRYPTO_SHA256_BYTES];

	hg->files = util_reallocarray(hg->files, hg->nfiles + 1,
	    sizeof *hg->files);
	f = &hg->files[hg->nfiles++];
	memset(f, 0, sizeof *f);
	f->ok = 1;
	f->signer = f->player = player;
	f->turn = hg->st.turn;
	f->orders = util_calloc(n + 1, sizeof *f->orders);
	sbuf_init(&all);
	sbuf_printf(&all, "%lld %d", f->turn, player);
	for (size_t i = 0; i < n; i++) {
		f->orders[i].text = hg->texts.v[first + i];
		f->orders[i].line = (int)i + 7;
		f->orders[i].col = 5;
		sbuf_printf(&all, "\n%s", f->orders[i].text);
	}
	f->n = n;
	crypto_sha256(all.p, all.len, digest);
	util_hex(digest, sizeof digest, f->sha256);
	sbuf_printf(&all, ".yaml");
	f->path = sbuf_take(&all);
}

static size_t
harness_choose(void *arg, size_t count)
{
	size_t k = *(size_t *)arg;

	return k < count ? k : count - 1;
}

/* game_legal_pick (the game's legal_pick if it has one) counts what
 * legal lists and picks the same order as legal at k: at the first, the
 * last and the k-th.  game_legal_sample (the game's legal_sample if it
 * has one) draws an order legal lists: with choose always the first
 * candidate left, legal's first (a refused candidate is taken out, the
 * others keep legal's order); always the last, legal's last; always the
 * k-th (or the last if fewer are left), one of legal's. */
static void
harness_pick(const struct game_entry *g, const void *gs, int player,
    const struct order *orders, size_t n, const struct strlist *legal,
    size_t k)
{
	size_t ks[3] = { 0, legal->n - 1, k }, last = SIZE_MAX;
	char buf[GAME_ORDER_MAX];

	for (int i = 0; i < 3; i++) {
		size_t got = game_legal_pick(g, gs, player, orders, n,
		    harness_choose, &ks[i], buf, sizeof buf), j = 0;
		if (got != legal->n)
			fail_msg("%s: legal_pick counts %zu orders, legal "
			    "lists %zu", g->id, got, legal->n);
		if (strcmp(buf, legal->v[ks[i]]) != 0)
			fail_msg("%s: legal_pick %zu is '%s', legal's is '%s'",
			    g->id, ks[i], buf, legal->v[ks[i]]);
		if (!game_legal_sample(g, gs, player, orders, n,
		    harness_choose, i == 1 ? &last : &ks[i], buf, sizeof buf))
			fail_msg("%s: legal_sample draws nothing, legal lists "
			    "%zu", g->id, legal->n);
		while (j < legal->n && strcmp(buf, legal->v[j]) != 0)
			j++;
		if (j == legal->n)
			fail_msg("%s: legal_sample draws '%s', which legal "
			    "does not list", g->id, buf);
		if ((i == 0 && j != 0) || (i == 1 && j != legal->n - 1))
			fail_msg("%s: legal_sample, always the %s left, draws "
			    "'%s', legal's %s is '%s'", g->id, i ? "last" :
			    "first", buf, i ? "last" : "first",
			    legal->v[i ? legal->n - 1 : 0]);
	}
}

/* A random complete answer of player, drawn with the harness's rng. */
static void
harness_answer(struct harness_game *hg, int player, struct rng *hr)
{
	const struct game_entry *g = hg->st.game;
	struct order orders[ADJUDICATE_NMR_MAX];
	struct verdict v[ADJUDICATE_NMR_MAX];
	size_t n = 0, first = hg->texts.n;

	while (!g->validate(hg->st.g, player, orders, n, v)) {
		struct strlist legal = { 0 };
		size_t k;

		assert_true(n < ADJUDICATE_NMR_MAX);
		g->legal(hg->st.g, player, orders, n, &legal);
		if (legal.n == 0)
			fail_msg("%s: no legal order for %s at turn %lld",
			    g->id, hg->st.names[player], hg->st.turn);
		k = (size_t)rng_below(hr, legal.n);
		harness_pick(g, hg->st.g, player, orders, n, &legal, k);
		strlist_add(&hg->texts, legal.v[k]);
		strlist_free(&legal);
		orders[n].text = hg->texts.v[first + n];
		orders[n].line = orders[n].col = 0;
		n++;
		g->validate(hg->st.g, player, orders, n, v);
		for (size_t i = 0; i < n; i++)
			if (!v[i].accepted)
				fail_msg("%s: legal order '%s' refused: %s",
				    g->id, orders[i].text, v[i].reason);
	}
	harness_add_file(hg, player, first, n);
}

/* Play one game to the end with random legal orders. */
static void
harness_play(struct harness_game *hg, const struct game_entry *g, int np,
    uint64_t seedn, int checks)
{
	struct rng hr, pr;
	uint8_t hseed[RNG_SEED_BYTES] = { 0x68, 0x61, 0x72 };
	int points = 0;

	memset(hg, 0, sizeof *hg);
	harness_new(&hg->st, g, np, seedn);
	hg->initial = harness_bytes(&hg->st, &hg->initial_len);
	rng_init(&hr, hseed, seedn);
	/* Perturbations draw from their own stream, so that the checked and
	 * the unchecked playouts of a seed play the same orders. */
	rng_init(&pr, hseed, seedn + (1ULL << 32));
	while (!g->outcome(hg->st.g).finished) {
		struct owed owed[GAME_MAX_PLAYERS];
		size_t nowed = g->owed(hg->st.g, owed), first = hg->nfiles;
		struct sbuf msgs;
		char prev[2 * CRYPTO_SHA256_BYTES + 1];

		assert_true(nowed > 0);
		if (++points > HARNESS_MAX_POINTS)
			fail_msg("%s: seed %llu: no end after %d turns", g->id,
			    (unsigned long long)seedn, HARNESS_MAX_POINTS);
		if (checks) {
			harness_roundtrip(&hg->st);
			for (int p = -1; p < np; p++)
				harness_hidden(&hg->st, p, &pr);
			harness_defaults(&hg->st, &pr);
			harness_shared(&hg->st);
		}
		for (size_t k = 0; k < nowed; k++)
			harness_answer(hg, owed[k].player, &hr);
		sbuf_init(&msgs);
		memset(prev, 'a', sizeof prev - 1);
		prev[sizeof prev - 1] = '\0';
		/* One point, or more when the next ones need no file (an
		 * answer complete with no orders: Senshiai's standing
		 * draw). */
		if (adjudicate_run(&hg->st, prev, hg->files + first,
		    hg->nfiles - first, 0, &msgs) < 1)
			fail_msg("%s: turn %lld not applied:\n%s", g->id,
			    hg->st.turn, msgs.p);
		sbuf_free(&msgs);
	}
	if (checks) {
		harness_roundtrip(&hg->st);
		for (int p = -1; p < np; p++)
			harness_hidden(&hg->st, p, &pr);
		harness_shared(&hg->st);
	}
	/* The addresses came through every point unchanged. */
	for (int p = 0; p < np; p++) {
		char want[64];

		snprintf(want, sizeof want, "%s@example.org",
		    harness_names[p]);
		assert_non_null(hg->st.players[p].address);
		assert_string_equal(hg->st.players[p].address, want);
	}
}

static void
harness_free(struct harness_game *hg)
{
	for (size_t i = 0; i < hg->nfiles; i++)
		orders_free(&hg->files[i]);
	free(hg->files);
	strlist_free(&hg->texts);
	free(hg->initial);
	state_free(&hg->st);
}

/* The game section and turn of a state, which replays must reproduce. */
static char *
harness_game_bytes(const struct state *st)
{
	struct node *n = st->game->save(st->g);
	struct sbuf b;

	sbuf_init(&b);
	sbuf_printf(&b, "turn %lld\n", st->turn);
	yaml_write(n, &b);
	node_free(n);
	return sbuf_take(&b);
}

/* Replay all files of hg at once, shuffled with shuffle_seed. */
static char *
harness_replay(const struct harness_game *hg, uint64_t shuffle_seed,
    size_t *len)
{
	struct orders_file *files;
	struct state st;
	struct sbuf msgs;
	struct rng r;
	uint8_t seed[RNG_SEED_BYTES] = { 0x73 };
	char prev[2 * CRYPTO_SHA256_BYTES + 1];
	char *out;

	harness_parse(&st, hg->initial, hg->initial_len);
	files = util_calloc(hg->nfiles + 1, sizeof *files);
	memcpy(files, hg->files, hg->nfiles * sizeof *files);
	rng_init(&r, seed, shuffle_seed);
	rng_shuffle(&r, files, hg->nfiles, sizeof *files);
	orders_sort(files, hg->nfiles);
	memset(prev, 'b', sizeof prev - 1);
	prev[sizeof prev - 1] = '\0';
	sbuf_init(&msgs);
	if (adjudicate_run(&st, prev, files, hg->nfiles, 0, &msgs) <= 0)
		fail_msg("replay applied nothing:\n%s", msgs.p);
	sbuf_free(&msgs);
	free(files);
	out = state_write(&st, len);
	{
		char *a = harness_game_bytes(&st), *b =
		    harness_game_bytes(&hg->st);
		if (strcmp(a, b) != 0)
			fail_msg("%s: replaying all files at once gives "
			    "another game", st.game->id);
		free(a);
		free(b);
	}
	state_free(&st);
	return out;
}

static void
harness_game(void **ctx)
{
	const struct game_entry *g = *ctx;

	for (int np = g->min_players; np <= g->max_players; np++)
		for (uint64_t s = 1; s <= harness_seeds; s++) {
			struct harness_game a, b;
			size_t la, lb, l1, l2;
			char *ba, *bb, *r1, *r2;

			harness_play(&a, g, np, s, 1);
			harness_play(&b, g, np, s, 0);
			ba = harness_bytes(&a.st, &la);
			bb = harness_bytes(&b.st, &lb);
			assert_int_equal(la, lb);
			assert_memory_equal(ba, bb, la);
			r1 = harness_replay(&a, 2 * s, &l1);
			r2 = harness_replay(&a, 2 * s + 1, &l2);
			assert_int_equal(l1, l2);
			assert_memory_equal(r1, r2, l1);
			free(ba);
			free(bb);
			free(r1);
			free(r2);
			harness_free(&a);
			harness_free(&b);
		}
}

/* test_harness [ID...]: every game, or those named (tests/run.sh runs one
 * process a game, in parallel). */
int
main(int argc, char **argv)
{
	struct CMUnitTest *tests = calloc(game_count, sizeof *tests);
	const char *env = getenv("HARNESS_SEEDS");
	long long n;
	size_t k = 0;
	int r;

	if (env != NULL && util_parse_int(env, 1, 1000, &n) == 0)
		harness_seeds = (uint64_t)n;
	/* The JSON reports' trees of legal orders (report/choices.h) within
	 * HARNESS_CHOICES nodes (300) instead of 2000: thousands of reports
	 * are made here, and a tree's cost grows with its size; 300 nodes
	 * still reach past the first order, where an order that shows a
	 * hidden card would show it (Senshiai's did, found at this bound). */
	env = getenv("HARNESS_CHOICES");
	choices_max = 300;
	if (env != NULL && util_parse_int(env, 1, CHOICES_MAX, &n) == 0)
		choices_max = (size_t)n;

	for (int a = 1; a < argc; a++)
		if (game_find(argv[a]) == NULL) {
			fprintf(stderr, "test_harness: no game '%s'\n", argv[a]);
			free(tests);
			return 1;
		}
	for (size_t i = 0; i < game_count; i++) {
		int named = argc == 1;

		for (int a = 1; a < argc; a++)
			named |= strcmp(argv[a], game_registry[i]->id) == 0;
		if (!named)
			continue;
		tests[k].name = game_registry[i]->id;
		tests[k].test_func = harness_game;
		tests[k].initial_state = (void *)game_registry[i];
		k++;
	}
	r = _cmocka_run_group_tests("harness", tests, k, NULL, NULL);
	free(tests);
	return r;
}
