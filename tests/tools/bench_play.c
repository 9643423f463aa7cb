/* bench_play.c - in-process measurements and fixtures for `make bench`
 * (bench/bench.sh), over every registered game.
 *
 *   bench_play playouts SECONDS REPS [GAME]
 *       For each game (or only GAME): random legal games played to the end through the
 *       game's own entry points (legal_sample or legal_pick, validate,
 *       resolve: game_legal_sample), for SECONDS,
 *       REPS times; prints "ID GAMES_PER_S ORDERS_PER_S POINTS_PER_GAME",
 *       the medians of the REPS.
 *   bench_play long DIR EARLY LATE
 *       For each game: one long game of random legal orders that avoid
 *       capturing and ending it while they can, and at decision points
 *       EARLY and LATE the state (DIR/ID-STAGE/state.yaml) and, for the
 *       next two
 *       points, the answers of the owed players as orders files signed
 *       with tests/keys (DIR/ID-STAGE/pN-NAME.yaml and .sig); prints
 *       "ID STAGE POINT" for each, the point reached (LATE is brought
 *       back to 3 points before the end if the game, as its default
 *       options have it, cannot be kept going that long).
 *   bench_play end START DIR SEED
 *       From the state START (made by `gunbai new` with players named
 *       as in tests/keys, in the order alice, bob, ...), random legal
 *       answers to every point until the game ends, at most 5000 points,
 *       written as DIR/pN-NAME.yaml and .sig (N the point) signed with
 *       tests/keys; SEED (a number) seeds the choices.  Prints the point
 *       the game ended at (tests/t_gamedir.sh plays them through `run`).
 *   bench_play rounds GAMES POINTS [GAME]
 *       Mail rounds (bench/README, section 7): for each game (or only
 *       GAME), GAMES random legal games of seeds 1 to GAMES, each played
 *       to its end or to point POINTS (answers that would end it are
 *       drawn again, up to 64 times, as in `long`).  At each point an owed
 *       player whose answer is complete with no orders (standing orders
 *       answer for him) sends no file; the others send random legal
 *       answers.  A point is a mail round (a deadline) when some owed
 *       player must send a file.  Prints "ID all POINTS ROUNDS TURNS"
 *       (TURNS: the points owing the decision that begins a player's
 *       turn, bench_turn_word) and a line "ID DECISION POINTS ROUNDS"
 *       for each decision owed.  tests/t_play.sh runs it on every game
 *       to catch a state that fails to load; with BENCH_DUMP set, the
 *       section that failed is written to standard error.
 *   bench_play owed STATE...
 *       For each state, the same for its point: "POINT DECISION... TURN
 *       ROUND" (TURN 1 if it begins a player's turn; ROUND 1 if a file is
 *       needed), for the samples' states.
 *
 * Bench code: it reads clocks; nothing it writes depends on them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include "turn/adjudicate.h"
#include "base/crypto.h"
#include "base/fileio.h"
#include "turn/state.h"
#include "base/yaml.h"
#include "turn/registry.h"

static const char *const bench_names[GAME_MAX_PLAYERS] = { "alice", "bob",
	"carol", "dave" };

static double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
bench_die(const char *what, const char *msg)
{
	fprintf(stderr, "bench_play: %s: %s\n", what, msg);
	exit(1);
}

/* Why the game being played cannot go on (a game still being written
 * may offer no complete answer): that game is reported and skipped. */
static char bench_broken[256];

static void
bench_break(const struct game_entry *g, const char *msg)
{
	if (bench_broken[0] == '\0')
		snprintf(bench_broken, sizeof bench_broken, "%.40s: %.200s",
		    g->id, msg);
}

/* A new game of g with its default options; keys from tests/keys. */
static void
bench_new(struct state *st, const struct game_entry *g, uint64_t seedn)
{
	const char *optv[64];
	struct gb_err e = { 0 };
	struct rng rng;
	size_t n = 0;

	memset(st, 0, sizeof *st);
	st->game = g;
	for (; g->options != NULL && g->options[n].name != NULL; n++)
		optv[n] = g->options[n].def;
	for (int i = 0; i < g->min_players; i++) {
		/* Each key read and decoded once: a playout measures the
		 * game, not key decoding. */
		static char *keys[GAME_MAX_PLAYERS];
		char path[64], *pem;
		size_t len;
		snprintf(path, sizeof path, "tests/keys/%s.pub", bench_names[i]);
		if (keys[i] == NULL) {
			if (fileio_read(path, FILEIO_KEY_MAX, &pem, &len,
			    &e) == -1 || crypto_pubkey_check(pem, &keys[i],
			    &e) == -1)
				bench_die(path, e.msg);
			free(pem);
		}
		st->players[i].key = util_strdup(keys[i]);
		st->players[i].name = util_strdup(bench_names[i]);
		st->nplayers++;
	}
	state_link_players(st);
	st->id = util_strdup("bench");
	st->turn = 1;
	for (int i = 0; i < 8; i++)
		st->seed[i] = (uint8_t)(seedn >> (8 * i));
	rng_init(&rng, st->seed, 0);
	if ((st->g = g->setup(&st->pl, optv, &rng, &st->log, &e)) == NULL)
		bench_die(g->id, e.msg);
	st->draws = rng.draws;
}

static size_t
bench_choose(void *r, size_t n)
{
	return (size_t)rng_below(r, n);
}

/* A random complete answer of player: its texts go to texts (no
 * allocation per order). */
static size_t
bench_answer(const struct game_entry *g, const void *gs, int player,
    struct rng *r, struct order *orders, char (*texts)[GAME_ORDER_MAX])
{
	struct verdict v[ADJUDICATE_NMR_MAX];
	size_t n = 0;

	while (!g->validate(gs, player, orders, n, v)) {
		if (n == ADJUDICATE_NMR_MAX) {
			bench_break(g, "no complete answer after 64 legal "
			    "orders");
			return n;
		}
		if (!game_legal_sample(g, gs, player, orders, n, bench_choose,
		    r, texts[n], GAME_ORDER_MAX)) {
			bench_break(g, "no legal order");
			return n;
		}
		orders[n].text = texts[n];
		orders[n].line = orders[n].col = 0;
		n++;
	}
	return n;
}

/* One decision point with random answers; returns the orders applied. */
static size_t
bench_point(const struct game_entry *g, void *gs,
    const struct game_players *pl, struct rng *r, struct rng *pr,
    struct events *ev)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct order orders[GAME_MAX_PLAYERS][ADJUDICATE_NMR_MAX];
	struct answer ans[GAME_MAX_PLAYERS];
	char texts[GAME_MAX_PLAYERS][ADJUDICATE_NMR_MAX][GAME_ORDER_MAX];
	struct gb_err e = { 0 };
	size_t nowed = g->owed(gs, owed), total = 0;

	for (size_t k = 0; k < nowed; k++) {
		int p = owed[k].player, j;
		size_t n = bench_answer(g, gs, p, r, orders[k], texts[k]);
		/* In player order, as the core gives them. */
		for (j = (int)k; j > 0 && ans[j - 1].player > p; j--)
			ans[j] = ans[j - 1];
		ans[j].player = p;
		ans[j].orders = orders[k];
		ans[j].n = n;
		ans[j].nmr = 0;
		total += n;
	}
	if (bench_broken[0] != '\0')
		return total;
	if (g->resolve(gs, pl, ans, nowed, pr, ev, &e) == -1)
		bench_break(g, e.msg);
	return total;
}

static int
bench_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_cmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void
bench_playouts(double secs, int reps, const char *only)
{
	for (size_t gi = 0; gi < game_count; gi++) {
		const struct game_entry *g = game_registry[gi];
		double gps[64], ops[64], ppg[64];

		if (only != NULL && strcmp(only, g->id) != 0)
			continue;
		uint64_t seedn = 1;
		struct rng r;
		uint8_t rseed[RNG_SEED_BYTES] = { 0x62 };

		rng_init(&r, rseed, gi);
		for (int k = 0; k < reps; k++) {
			double t0 = bench_now(), t;
			long games = 0, orders = 0, points = 0;
			do {
				struct state st;
				struct rng pr;
				bench_new(&st, g, seedn++);
				/* One stream for the whole game: how adjudicate
				 * derives a stream per point is not the
				 * game's work measured here. */
				rng_init(&pr, st.seed, 1);
				while (!g->outcome(st.g).finished &&
				    bench_broken[0] == '\0') {
					st.log.point = st.turn;
					orders += (long)bench_point(g, st.g, &st.pl,
					    &r, &pr, &st.log);
					st.turn++;
					points++;
					if (st.log.n > 4096)
						events_free(&st.log);
				}
				state_free(&st);
				games++;
			} while ((t = bench_now() - t0) < secs);
			if (bench_broken[0] != '\0')
				break;
			gps[k] = (double)games / t;
			ops[k] = (double)orders / t;
			ppg[k] = (double)points / (double)games;
		}
		if (bench_broken[0] != '\0') {
			printf("%s error %s\n", g->id, bench_broken);
			bench_broken[0] = '\0';
			continue;
		}
		printf("%s %.1f %.0f %.1f\n", g->id, bench_median(gps, reps),
		    bench_median(ops, reps), bench_median(ppg, reps));
		fflush(stdout);
	}
}

/* ----------------------------------------------------------------
 * A long game, and its states and signed answers at two points.
 */

static EVP_PKEY *
bench_key(int i)
{
	static EVP_PKEY *keys[GAME_MAX_PLAYERS];
	char path[64];
	FILE *f;

	if (keys[i] != NULL)
		return keys[i];
	snprintf(path, sizeof path, "tests/keys/%s.key", bench_names[i]);
	if ((f = fopen(path, "r")) == NULL ||
	    (keys[i] = PEM_read_PrivateKey(f, NULL, NULL, NULL)) == NULL)
		bench_die(path, "cannot read the private key");
	fclose(f);
	return keys[i];
}

static void
bench_write(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || fwrite(data, 1, n, f) != n || fclose(f) != 0)
		bench_die(path, "cannot write");
}

/* The orders file of player answering the current point of st, signed:
 * its text in b, its signature in sig; written to path unless NULL. */
static void
bench_orders_file(const char *path, const struct state *st, int player,
    const struct order *orders, size_t n, uint8_t sig[CRYPTO_SIG_BYTES])
{
	struct sbuf b;
	size_t siglen = CRYPTO_SIG_BYTES;
	char sigpath[600], uid[COMMIT_UID_HEX + 1];
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();

	sbuf_init(&b);
	util_hex(st->uid, sizeof st->uid, uid);
	sbuf_printf(&b, "%s: %s\ngame: %s\nuid: %s\nturn: %lld\nplayer: %s\n"
	    "orders:\n", "gunbai", ORDERS_FORMAT, st->id, uid, st->turn,
	    st->names[player]);
	for (size_t i = 0; i < n; i++) {
		sbuf_puts(&b, "  - \"");
		for (const char *c = orders[i].text; *c != '\0'; c++) {
			if (*c == '"' || *c == '\\')
				sbuf_putc(&b, '\\');
			sbuf_putc(&b, *c);
		}
		sbuf_puts(&b, "\"\n");
	}
	if (ctx == NULL || EVP_DigestSignInit(ctx, NULL, NULL, NULL,
	    bench_key(player)) != 1 || EVP_DigestSign(ctx, sig, &siglen,
	    (const uint8_t *)b.p, b.len) != 1)
		bench_die(st->id, "cannot sign");
	EVP_MD_CTX_free(ctx);
	if (path != NULL) {
		bench_write(path, b.p, b.len);
		snprintf(sigpath, sizeof sigpath, "%s.sig", path);
		bench_write(sigpath, sig, siglen);
	}
	sbuf_free(&b);
}

/* A copy of the game, through its canonical section. */
static void *
bench_clone(const struct state *st)
{
	struct node *n = st->game->save(st->g);
	struct gb_err e = { 0 };
	void *g = st->game->load(n, &st->pl, &e);

	if (g == NULL && getenv("BENCH_DUMP") != NULL) {
		struct sbuf b = { 0 };
		yaml_write(n, &b);
		fwrite(b.p, 1, b.len, stderr);
	}
	node_free(n);
	if (g == NULL)
		bench_die(st->game->id, e.msg);
	return g;
}

/* Set by `bench_play end`: the first random answers are taken, ending
 * the game or not. */
static int bench_let_end;

/* How many random answers a point of the long game tries: the first
 * BENCH_QUIET_TRIES must be quiet, the others until BENCH_TRIES must
 * not end the game, the last is taken whatever it does. */
#define BENCH_QUIET_TRIES 48
#define BENCH_TRIES 64

/* Whether the events of an answer report a capture ("capturing" in
 * Senjin's; no other game's events use the word): a game that loses
 * no material can be kept going to point 500. */
static int
bench_captures(const struct events *ev)
{
	for (size_t i = 0; i < ev->n; i++)
		if (strstr(ev->v[i].text, "captur") != NULL)
			return 1;
	return 0;
}

/* One point of the long game: random answers of the real rules, drawn
 * from the seeded stream r, tried again while they would capture (the
 * first BENCH_QUIET_TRIES tries) or end the game (up to BENCH_TRIES).
 * With dir, the answers are also written as signed files
 * DIR/pK-NAME.yaml. */
static void
bench_long_point(struct state *st, struct rng *r, const char *dir, int k)
{
	const struct game_entry *g = st->game;
	struct owed owed[GAME_MAX_PLAYERS];
	struct order orders[GAME_MAX_PLAYERS][ADJUDICATE_NMR_MAX];
	struct answer ans[GAME_MAX_PLAYERS];
	size_t nowed = g->owed(st->g, owed);
	struct gb_err e = { 0 };
	struct rng pr;
	uint8_t sigs[GAME_MAX_PLAYERS][CRYPTO_SIG_BYTES];
	struct rng_answer ra[GAME_MAX_PLAYERS];
	char texts[GAME_MAX_PLAYERS][ADJUDICATE_NMR_MAX][GAME_ORDER_MAX];

	for (int attempt = 0;; attempt++) {
		struct events ev = { 0 };
		void *copy = bench_clone(st);
		int ends;

		for (size_t i = 0; i < nowed; i++) {
			int p = owed[i].player, j;
			size_t n = bench_answer(g, st->g, p, r, orders[i],
			    texts[i]);
			for (j = (int)i; j > 0 && ans[j - 1].player > p; j--)
				ans[j] = ans[j - 1];
			ans[j].player = p;
			ans[j].orders = orders[i];
			ans[j].n = n;
			ans[j].nmr = 0;
		}
		/* The point's stream, as gunbai adjudicate derives it from
		 * the signatures of the files (gunbai-rng-v2). */
		for (size_t i = 0; i < nowed; i++) {
			bench_orders_file(NULL, st, ans[i].player,
			    ans[i].orders, ans[i].n, sigs[i]);
			ra[i].player = ans[i].player;
			ra[i].sig = sigs[i];
		}
		rng_init_answers(&pr, st->seed, (uint64_t)st->turn, ra,
		    nowed);
		ev.point = st->turn;
		if (bench_broken[0] == '\0' &&
		    g->resolve(copy, &st->pl, ans, nowed, &pr, &ev, &e) == -1)
			bench_break(g, e.msg);
		if (bench_broken[0] != '\0') {
			g->free(copy);
			events_free(&ev);
			return;
		}
		ends = g->outcome(copy).finished;
		if (bench_let_end || attempt == BENCH_TRIES || (!ends &&
		    (attempt >= BENCH_QUIET_TRIES || !bench_captures(&ev)))) {
			if (dir != NULL)
				for (size_t i = 0; i < nowed; i++) {
					char path[512];
					snprintf(path, sizeof path,
					    "%s/p%d-%s.yaml", dir, k,
					    st->names[ans[i].player]);
					bench_orders_file(path, st,
					    ans[i].player, ans[i].orders,
					    ans[i].n, sigs[i]);
				}
			g->free(st->g);
			st->g = copy;
			st->draws = pr.draws;
			events_free(&st->log);
			st->log = ev;
			break;
		}
		g->free(copy);
		events_free(&ev);
	}
	st->turn++;
}

static void
bench_stage(struct state *st, struct rng *r, const char *dir,
    const char *stage)
{
	char sub[400], path[512];
	size_t len;
	char *bytes;

	snprintf(sub, sizeof sub, "%s/%s-%s", dir, st->game->id, stage);
	snprintf(path, sizeof path, "mkdir -p '%s'", sub);
	if (system(path) != 0)
		bench_die(sub, "cannot make the directory");
	snprintf(path, sizeof path, "%s/state.yaml", sub);
	bytes = state_write(st, &len);
	bench_write(path, bytes, len);
	free(bytes);
	printf("%s %s %lld\n", st->game->id, stage, st->turn);
	fflush(stdout);
	/* The two points after, answered and signed. */
	for (int k = 1; k <= 2 && !st->game->outcome(st->g).finished; k++)
		bench_long_point(st, r, sub, k);
}

static void
bench_long(const char *dir, long early, long late_asked)
{
	for (size_t gi = 0; gi < game_count; gi++) {
		long late = late_asked;
		const struct game_entry *g = game_registry[gi];
		struct state st;
		struct rng r;
		uint8_t rseed[RNG_SEED_BYTES] = { 0x6c };

		rng_init(&r, rseed, gi);
#define BENCH_GOES_ON (!g->outcome(st.g).finished && bench_broken[0] == '\0')
		long end;

		/* A first pass finds where the game ends (the options may
		 * end it: battles, a turn limit); the late stage is then
		 * taken before that, where two more points can be played. */
		bench_new(&st, g, 77);
		while (st.turn < late + 3 && BENCH_GOES_ON)
			bench_long_point(&st, &r, NULL, 0);
		end = st.turn;
		state_free(&st);
		if (late > end - 3)
			late = end - 3;
		rng_init(&r, rseed, gi);
		bench_new(&st, g, 77);
		while (st.turn < early && BENCH_GOES_ON)
			bench_long_point(&st, &r, NULL, 0);
		if (BENCH_GOES_ON)
			bench_stage(&st, &r, dir, "early");
		while (st.turn < late && BENCH_GOES_ON)
			bench_long_point(&st, &r, NULL, 0);
		if (BENCH_GOES_ON)
			bench_stage(&st, &r, dir, "late");
		if (bench_broken[0] != '\0')
			printf("%s error %s\n", g->id, bench_broken);
		else if (g->outcome(st.g).finished)
			printf("%s ended-at %lld\n", g->id, st.turn);
		bench_broken[0] = '\0';
		state_free(&st);
	}
}

static int
bench_end(const char *start, const char *dir, const char *seed)
{
	struct state st;
	struct gb_err e = { 0 };
	struct rng r;
	uint8_t rseed[RNG_SEED_BYTES] = { 0 };
	unsigned long n = strtoul(seed, NULL, 10);

	for (int i = 0; i < 8; i++)
		rseed[i] = (uint8_t)(n >> (8 * i));
	rng_init(&r, rseed, 0);
	if (state_load(&st, start, &e) == -1)
		bench_die(start, e.msg);
	bench_let_end = 1;
	while (!st.game->outcome(st.g).finished && bench_broken[0] == '\0' &&
	    st.turn < 5000)
		bench_long_point(&st, &r, dir, (int)st.turn);
	if (bench_broken[0] != '\0')
		bench_die(start, bench_broken);
	printf("%lld\n", st.turn);
	n = st.game->outcome(st.g).finished;
	state_free(&st);
	return n ? 0 : 1;
}

/* ----------------------------------------------------------------
 * Mail rounds.
 */

/* The decision that begins a player's turn in each game (its owed
 * decision name): every game's own turn is one point owing it. */
static const char *
bench_turn_word(const struct game_entry *g)
{
	static const char *const words[][2] = {
		{ "senjin", "turn" }, { "japanese-swords", "turn" },
		{ "senshiai", "draw" }, { "sensoufuda", "turn" },
		{ "shinobi-wars", "turn" },
	};

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(words[i][0], g->id) == 0)
			return words[i][1];
	bench_die(g->id, "no turn decision named in bench_turn_word");
	return NULL;
}

/* Does player owe a file at this point: is his answer incomplete with no
 * orders? */
static int
bench_needs_file(const struct game_entry *g, const void *gs, int player)
{
	struct verdict v[1];
	struct order none[1] = { { "", 0, 0 } };

	return !g->validate(gs, player, none, 0, v);
}

#define BENCH_DECISIONS 16

struct bench_tally {
	char word[BENCH_DECISIONS][32];
	long points[BENCH_DECISIONS], rounds[BENCH_DECISIONS];
	int n;
};

/* The owed decisions of gs counted in t; returns whether the point is a
 * round, and *turn whether it begins a player's turn. */
static int
bench_tally_point(const struct game_entry *g, const void *gs,
    struct bench_tally *t, int *turn)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed = g->owed(gs, owed);
	int round = 0;

	*turn = 0;
	for (size_t k = 0; k < nowed; k++) {
		int file = bench_needs_file(g, gs, owed[k].player), i;

		round |= file;
		*turn |= strcmp(owed[k].decision, bench_turn_word(g)) == 0;
		for (i = 0; i < t->n; i++)
			if (strcmp(t->word[i], owed[k].decision) == 0)
				break;
		if (i == t->n && t->n < BENCH_DECISIONS)
			snprintf(t->word[t->n++], sizeof t->word[0], "%s",
			    owed[k].decision);
		if (i < t->n) {
			/* A decision owed by several players at one point
			 * counts once there. */
			int seen = 0;
			for (size_t j = 0; j < k; j++)
				seen |= strcmp(owed[j].decision,
				    owed[k].decision) == 0;
			if (!seen)
				t->points[i]++;
			if (file && !seen)
				t->rounds[i]++;
		}
	}
	return round;
}

static void
bench_rounds(long ngames, long maxpoints, const char *only)
{
	for (size_t gi = 0; gi < game_count; gi++) {
		const struct game_entry *g = game_registry[gi];
		struct bench_tally t = { 0 };
		long points = 0, rounds = 0, turns = 0;
		struct rng r;
		uint8_t rseed[RNG_SEED_BYTES] = { 0x72 };

		if (only != NULL && strcmp(only, g->id) != 0)
			continue;
		rng_init(&r, rseed, gi);
		for (long s = 1; s <= ngames && bench_broken[0] == '\0'; s++) {
			struct state st;
			struct rng pr;

			bench_new(&st, g, (uint64_t)s);
			rng_init(&pr, st.seed, 1);
			while (!g->outcome(st.g).finished &&
			    bench_broken[0] == '\0' && st.turn <= maxpoints) {
				struct owed owed[GAME_MAX_PLAYERS];
				struct order orders[GAME_MAX_PLAYERS]
				    [ADJUDICATE_NMR_MAX];
				char texts[GAME_MAX_PLAYERS][ADJUDICATE_NMR_MAX]
				    [GAME_ORDER_MAX];
				struct answer ans[GAME_MAX_PLAYERS];
				struct gb_err e = { 0 };
				size_t nowed = g->owed(st.g, owed);
				int turn;

				rounds += bench_tally_point(g, st.g, &t, &turn);
				turns += turn;
				points++;
				/* Long games: answers that would end the game
				 * are drawn again, up to BENCH_TRIES times. */
				for (int a = 0;; a++) {
					void *copy = bench_clone(&st);
					struct events ev = { 0 };
					struct rng keep = pr;

					for (size_t k = 0; k < nowed; k++) {
						int p = owed[k].player, j;
						size_t n = 0;

						if (bench_needs_file(g, st.g, p))
							n = bench_answer(g, st.g,
							    p, &r, orders[k],
							    texts[k]);
						for (j = (int)k; j > 0 &&
						    ans[j - 1].player > p; j--)
							ans[j] = ans[j - 1];
						ans[j].player = p;
						ans[j].orders = orders[k];
						ans[j].n = n;
						ans[j].nmr = 0;
					}
					ev.point = st.turn;
					if (bench_broken[0] == '\0' &&
					    g->resolve(copy, &st.pl, ans, nowed,
					    &pr, &ev, &e) == -1)
						bench_break(g, e.msg);
					if (bench_broken[0] != '\0' ||
					    a == BENCH_TRIES ||
					    !g->outcome(copy).finished) {
						g->free(st.g);
						st.g = copy;
						events_free(&ev);
						break;
					}
					g->free(copy);
					events_free(&ev);
					pr = keep;
				}
				st.turn++;
			}
			state_free(&st);
		}
		if (bench_broken[0] != '\0') {
			printf("%s error %s\n", g->id, bench_broken);
			bench_broken[0] = '\0';
			continue;
		}
		printf("%s all %ld %ld %ld\n", g->id, points, rounds, turns);
		for (int i = 0; i < t.n; i++)
			printf("%s %s %ld %ld\n", g->id, t.word[i], t.points[i],
			    t.rounds[i]);
		fflush(stdout);
	}
}

static int
bench_owed(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		struct state st;
		struct gb_err e = { 0 };
		struct bench_tally t = { 0 };
		int turn, round;

		if (state_load(&st, argv[i], &e) == -1)
			bench_die(argv[i], e.msg);
		round = bench_tally_point(st.game, st.g, &t, &turn);
		printf("%lld", st.turn);
		for (int k = 0; k < t.n; k++)
			printf(" %s", t.word[k]);
		printf(" %d %d\n", turn, round);
		state_free(&st);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "rounds") == 0) {
		bench_rounds(atol(argv[2]), atol(argv[3]),
		    argc == 5 ? argv[4] : NULL);
		return 0;
	}
	if (argc >= 3 && strcmp(argv[1], "owed") == 0)
		return bench_owed(argc - 2, argv + 2);
	if (argc == 5 && strcmp(argv[1], "end") == 0)
		return bench_end(argv[2], argv[3], argv[4]);
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "playouts") == 0) {
		int reps = atoi(argv[3]);
		if (reps < 1 || reps > 64)
			bench_die("REPS", "1 to 64");
		bench_playouts(atof(argv[2]), reps, argc == 5 ? argv[4] : NULL);
		return 0;
	}
	if (argc == 5 && strcmp(argv[1], "long") == 0) {
		bench_long(argv[2], atol(argv[3]), atol(argv[4]));
		return 0;
	}
	fputs("usage: bench_play playouts SECONDS REPS [GAME]\n"
	    "       bench_play long DIR EARLY LATE\n"
	    "       bench_play end START DIR SEED\n"
	    "       bench_play rounds GAMES POINTS [GAME]\n"
	    "       bench_play owed STATE...\n", stderr);
	return 2;
}
