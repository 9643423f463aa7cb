/* fuzz_game.c - a structure-aware target for the registered games: the
 * input plays a game through the real pipeline (adjudicate_run), each
 * step choosing legal answers, orders of arbitrary text, or legal orders
 * mangled; at the end it checks that the state writes and reads back to
 * the same bytes and that a report can be drawn (once per end state).
 *
 * Which game: FUZZ_GAME=ID (`make fuzz` runs one session per registered
 * game), or else byte 0 of the input modulo the registry, so one corpus
 * serves every game, present and future.  Byte 1 picks the player count,
 * bytes 2 to 9 the seed, byte 2 also whose report is checked at the end
 * (the public one or a player's).  Then each byte starts a step:
 *   0  every owed player answers with legal orders the input picks;
 *   1  one owed player sends orders of arbitrary text (UTF-8, one line,
 *      no control character but the tab, 1 to 200 bytes, as the orders
 *      reader lets through); the others
 *      answer legally; the deadline has passed (--nmr), so the turn
 *      must be applied whatever was refused;
 *   2  as 1, with legal orders cut, doubled or with a byte changed;
 *   3  as 1 without --nmr: applied only if the answer is complete;
 *   4  the game's perturb hides something from a player: the state must
 *      stay valid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "turn/adjudicate.h"
#include "fuzz.h"
#include "report/report.h"
#include "turn/registry.h"

#define FUZZ_STEPS 200
#define FUZZ_ORDERS 8
#define FUZZ_TEXT_MAX 200

/* With FUZZ_STATS set (run.sh sets it), a line at exit says how deep the
 * executions went: libFuzzer's rate alone would reward a harness that
 * stops early. */
static struct {
	unsigned long long runs, finished, points, checked, reports;
	long long deepest;
} fuzz_stats;

static void
fuzz_stats_print(void)
{
	unsigned long long r = fuzz_stats.runs ? fuzz_stats.runs : 1,
	    tenths = (fuzz_stats.points * 10 + r / 2) / r;

	fprintf(stderr, "fuzz_game: %llu executions, deepest decision point "
	    "%lld, mean %llu.%llu, %llu games finished; %llu end states "
	    "checked, %llu reports drawn (the others seen before)\n",
	    fuzz_stats.runs, fuzz_stats.deepest, tenths / 10, tenths % 10,
	    fuzz_stats.finished, fuzz_stats.checked, fuzz_stats.reports);
}

/* FUZZ_DUMP=FILE: every end state's bytes appended to FILE, so that a
 * change meant to keep every output (a game's files rearranged) can be
 * shown to give the same end states for every input (tests/same_bytes.sh). */
static void
fuzz_dump(const struct sbuf *a)
{
	const char *path = getenv("FUZZ_DUMP");
	FILE *f;

	if (path == NULL || *path == '\0' || (f = fopen(path, "a")) == NULL)
		return;
	fprintf(f, "== %s\n", fuzz_input ? fuzz_input : "-");
	fwrite(a->p, 1, a->len, f);
	fclose(f);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *s = getenv("FUZZ_STATS");

	(void)argc;
	(void)argv;
	if (s != NULL && *s != '\0')
		atexit(fuzz_stats_print);
	return 0;
}

/* One step's files.  Their orders, texts and paths are not allocated
 * one by one as orders_read does but in an arena emptied after each
 * step: under ASan each allocation costs far more than what the step
 * does with it, and the arena's pieces have redzones as malloc's have
 * (util.c), so a read past an order's text or a file's orders is still
 * reported.  A file answers with at most ADJUDICATE_NMR_MAX legal
 * orders or FUZZ_ORDERS texts. */
struct fuzz_turn {
	struct orders_file files[GAME_MAX_PLAYERS];
	const char *texts[GAME_MAX_PLAYERS * ADJUDICATE_NMR_MAX];
	size_t n, ntexts;
};
static struct arena fuzz_arena;

/* A copy of s in the step's arena. */
static char *
fuzz_strdup(const char *s)
{
	size_t len = strlen(s);
	char *p = arena_alloc(&fuzz_arena, len + 1);

	return memcpy(p, s, len + 1);
}

/* s added to t's texts. */
static const char *
fuzz_turn_text(struct fuzz_turn *t, const char *s)
{
	return t->texts[t->ntexts++] = fuzz_strdup(s);
}

/* A file of player with the texts from first on, as orders_read makes
 * it; its sha256 is that of its orders' lines. */
static void
fuzz_turn_file(struct fuzz_turn *t, const struct state *st, int player,
    size_t first)
{
	static struct sbuf all;
	struct orders_file *f = &t->files[t->n];
	uint8_t digest[CRYPTO_SHA256_BYTES];
	size_t n = t->ntexts - first;

	memset(f, 0, sizeof *f);
	f->ok = 1;
	f->signer = f->player = player;
	f->turn = st->turn;
	/* As orders_read: n orders and a zeroed one after. */
	f->orders = arena_alloc(&fuzz_arena, (n + 1) * sizeof *f->orders);
	memset(f->orders, 0, (n + 1) * sizeof *f->orders);
	t->n++;
	sbuf_clear(&all);
	for (size_t i = 0; i < n; i++) {
		f->orders[i].text = t->texts[first + i];
		f->orders[i].line = (int)i + 6;
		f->orders[i].col = 5;
		sbuf_puts(&all, f->orders[i].text);
		sbuf_putc(&all, '\n');
	}
	f->n = n;
	crypto_sha256(all.p, all.len, digest);
	util_hex(digest, sizeof digest, f->sha256);
	f->path = fuzz_strdup(st->names[player]);
}

static size_t
fuzz_choose(void *in, size_t n)
{
	return fuzz_below(in, n);
}

/* Legal orders until the answer is complete, each drawn by the input
 * (game_legal_sample: choose may be asked more than once an order):
 * legal lists nothing once it is (game.h), so pick until then.  The
 * whole answer is validated once: every order must be accepted (each in
 * the context of those before it, as it was picked), the answer complete
 * and, without its last order, not yet complete (legal must not offer
 * orders after a complete answer).  Two calls of validate, not one per
 * order. */
static void
fuzz_legal_answer(struct fuzz_turn *t, const struct state *st, int player,
    struct fuzz_in *in)
{
	const struct game_entry *g = st->game;
	struct order orders[ADJUDICATE_NMR_MAX] = { 0 };
	struct verdict v[ADJUDICATE_NMR_MAX];
	size_t n = 0, first = t->ntexts;
	char pick[GAME_ORDER_MAX];
	int complete;

	while (game_legal_sample(g, st->g, player, orders, n, fuzz_choose,
	    in, pick, sizeof pick)) {
		if (n == ADJUDICATE_NMR_MAX)
			fuzz_fail("%s: no complete answer after %zu legal "
			    "orders", g->id, n);
		orders[n].text = fuzz_turn_text(t, pick);
		orders[n].line = orders[n].col = 0;
		n++;
	}
	complete = g->validate(st->g, player, orders, n, v);
	for (size_t i = 0; i < n; i++)
		if (!v[i].accepted)
			fuzz_fail("%s: legal order '%s' refused: %s", g->id,
			    orders[i].text, v[i].reason);
	if (!complete)
		fuzz_fail("%s: no legal order for %s at turn %lld after %zu "
		    "orders", g->id, st->names[player], st->turn, n);
	if (n > 0 && g->validate(st->g, player, orders, n - 1, v))
		fuzz_fail("%s: legal offers '%s' to %s at turn %lld after a "
		    "complete answer", g->id, orders[n - 1].text,
		    st->names[player], st->turn);
	fuzz_turn_file(t, st, player, first);
}

/* Text as the orders reader lets it through: UTF-8 without control
 * characters but the tab, 1 to 200 bytes. */
static void
fuzz_clean_text(struct sbuf *b)
{
	size_t i = 0;

	while (i < b->len) {
		unsigned char c = (unsigned char)b->p[i];
		size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 :
		    c >= 0xe1 && c <= 0xec ? 3 : 0;
		int ok = k > 0 && i + k <= b->len;
		for (size_t j = 1; ok && j < k; j++)
			ok = ((unsigned char)b->p[i + j] & 0xc0) == 0x80;
		if ((c < 0x20 && c != '\t') || c == 0x7f ||
		    (c == 0xc2 && i + 1 < b->len &&
		    (unsigned char)b->p[i + 1] <= 0x9f))
			ok = 0;
		if (!ok) {
			b->p[i] = '?';
			k = 1;
		}
		i += k;
	}
	if (b->len > FUZZ_TEXT_MAX) {
		/* Cut before a character, not inside one. */
		size_t n = FUZZ_TEXT_MAX;
		while (n > 0 && ((unsigned char)b->p[n] & 0xc0) == 0x80)
			n--;
		b->len = n;
		b->p[n] = '\0';
	}
	if (b->len == 0)
		sbuf_putc(b, '?');
}

/* One order of arbitrary text, or (mangle) a legal order changed. */
static void
fuzz_text(struct fuzz_turn *t, const struct state *st, int player,
    int mangle, struct fuzz_in *in)
{
	static struct sbuf b;
	size_t len = fuzz_byte(in);

	sbuf_clear(&b);
	if (mangle) {
		char pick[GAME_ORDER_MAX];
		if (game_legal_sample(st->game, st->g, player, NULL, 0,
		    fuzz_choose, in, pick, sizeof pick))
			sbuf_puts(&b, pick);
		switch (len % 4) {
		case 0: /* cut */
			if (b.len > 0)
				b.len = fuzz_below(in, b.len);
			break;
		case 1: { /* doubled (from a copy: b may move) */
			char *copy = util_strdup(b.p);
			sbuf_printf(&b, " %s", copy);
			free(copy);
			break;
		}
		case 2: /* a byte changed */
			if (b.len > 0)
				b.p[fuzz_below(in, b.len)] =
				    (char)fuzz_byte(in);
			break;
		case 3: /* a word added */
			sbuf_printf(&b, " %u", fuzz_byte(in));
			break;
		}
		if (b.cap > 0)
			b.p[b.len] = '\0';
	} else {
		if (len > in->n)
			len = in->n;
		sbuf_add(&b, (const char *)in->p, len);
		in->p += len;
		in->n -= len;
	}
	fuzz_clean_text(&b);
	fuzz_turn_text(t, b.p);
}

/* The report of player p (-1: the public one) can be drawn and fits in
 * an email.  state_hex is the hash of st's bytes, known already: the
 * report does not write the state again to compute it. */
static void
fuzz_report(const struct state *st, const char *state_hex, int p)
{
	size_t len;
	char *b = report_make(st, state_hex, p, REPORT_TEXT, &len);
	const char *line;

	for (line = b; *line != '\0';) {
		const char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line) : strlen(line);
		size_t cols = 0;
		for (size_t i = 0; i < n; i++)
			cols += ((unsigned char)line[i] & 0xc0) != 0x80;
		if (cols > REPORT_WIDTH)
			fuzz_fail("%s: a report line of %zu columns: %.*s",
			    st->game->id, cols, (int)n, line);
		line += n + (nl != NULL);
	}
	free(b);
}

/* One step of the game; returns 0 to go on. */
static int
fuzz_step(struct state *st, struct fuzz_in *in)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed = st->game->owed(st->g, owed), k;
	unsigned c = fuzz_byte(in) % 5;
	static struct fuzz_turn t;
	static struct sbuf msgs;
	int applied, nmr = c == 1 || c == 2;
	char prev[2 * CRYPTO_SHA256_BYTES + 1];

	if (nowed == 0 || nowed > GAME_MAX_PLAYERS)
		fuzz_fail("%s: %zu decisions owed in a running game",
		    st->game->id, nowed);
	if (c == 4) {
		struct rng r;
		uint8_t seed[RNG_SEED_BYTES] = { (uint8_t)fuzz_byte(in) };
		if (st->game->perturb == NULL)
			return 0;
		rng_init(&r, seed, st->turn);
		st->game->perturb(st->g,
		    (int)fuzz_below(in, (size_t)st->nplayers), &r);
		return 0;
	}
	t.n = t.ntexts = 0;
	k = c == 0 ? nowed : fuzz_below(in, nowed);
	for (size_t i = 0; i < nowed; i++) {
		if (i != k) {
			fuzz_legal_answer(&t, st, owed[i].player, in);
			continue;
		}
		size_t first = t.ntexts, n = fuzz_byte(in) % FUZZ_ORDERS + 1;
		for (size_t j = 0; j < n; j++)
			fuzz_text(&t, st, owed[i].player, c == 2, in);
		fuzz_turn_file(&t, st, owed[i].player, first);
	}
	orders_sort(t.files, t.n);
	memset(prev, 'f', sizeof prev - 1);
	prev[sizeof prev - 1] = '\0';
	sbuf_clear(&msgs);
	applied = adjudicate_run(st, prev, t.files, t.n, nmr, &msgs);
	/* "error: " starts a line when the game failed to resolve.  A
	 * run applies one point, or more when the next need no file
	 * (Senshiai's standing draw). */
	if (strncmp(msgs.p, "error: ", 7) == 0 ||
	    strstr(msgs.p, "\nerror: ") != NULL ||
	    (applied < 1 && (c == 0 || nmr)))
		fuzz_fail("%s: turn %lld: %d points applied:\n%s",
		    st->game->id, st->turn, applied, msgs.p);
	arena_reset(&fuzz_arena);
	return 0;
}

/* The end states already checked, by the SHA-256 of their bytes: the
 * round trip of the same bytes, or the same player's report of the same
 * state, would find nothing new, both being functions of those bytes
 * (game.h: load(save(g)) equals g; report.h: a report is built from the
 * state alone).  Many executions end in a state seen before (a third
 * to a half in a 20 s session): libFuzzer mutates bytes the game never
 * read, or orders that are refused, or cleaned, the same way.  Open
 * addressing; emptied when half full: at 131,072 states, more than a
 * 60 s session of `make fuzz` checks (about 37,000 for Japanese Swords).
 * When it was emptied at 8,192, a 60 s session emptied it four times
 * and 8% of its checks were of states checked before (2,984 of 37,068;
 * bench/README).  34 bytes a state: 8.9 MB. */
#define FUZZ_SEEN_SIZE (1u << 18)
static struct fuzz_seen {
	uint8_t sha[CRYPTO_SHA256_BYTES];
	uint8_t used;
	uint8_t reports; /* bit p + 1: the report of player p (-1 public) */
} fuzz_seen[FUZZ_SEEN_SIZE];
static size_t fuzz_nseen;

/* The entry of the state of bytes a (len); a new one is unused.  Their
 * hash, as state_sha256 gives it, in hex. */
static struct fuzz_seen *
fuzz_seen_find(const char *a, size_t len,
    char hex[2 * CRYPTO_SHA256_BYTES + 1])
{
	uint8_t sha[CRYPTO_SHA256_BYTES];
	size_t i;

	crypto_sha256(a, len, sha);
	util_hex(sha, sizeof sha, hex);
	if (fuzz_nseen >= FUZZ_SEEN_SIZE / 2) {
		memset(fuzz_seen, 0, sizeof fuzz_seen);
		fuzz_nseen = 0;
	}
	i = ((size_t)sha[0] << 16 | (size_t)sha[1] << 8 | sha[2]) %
	    FUZZ_SEEN_SIZE;
	while (fuzz_seen[i].used &&
	    memcmp(fuzz_seen[i].sha, sha, sizeof sha) != 0)
		i = (i + 1) % FUZZ_SEEN_SIZE;
	if (!fuzz_seen[i].used)
		memcpy(fuzz_seen[i].sha, sha, sizeof sha);
	return &fuzz_seen[i];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	const struct game_entry *g = fuzz_env_game();
	uint8_t seed[RNG_SEED_BYTES] = { 0 };
	struct state st;
	struct fuzz_seen *seen;
	char hex[2 * CRYPTO_SHA256_BYTES + 1];
	unsigned b0 = fuzz_byte(&in), b1 = fuzz_byte(&in), bit;
	int np, steps = 0, p;
	/* The end state's bytes, in a buffer kept between executions. */
	static struct sbuf a;

	if (g == NULL)
		g = game_registry[b0 % game_count];
	np = g->min_players +
	    (int)(b1 % (unsigned)(g->max_players - g->min_players + 1));
	for (int i = 0; i < 8; i++)
		seed[i] = (uint8_t)fuzz_byte(&in);
	fuzz_new_state(&st, g, np, seed);
	while (in.n > 0 && steps++ < FUZZ_STEPS &&
	    !g->outcome(st.g).finished)
		fuzz_step(&st, &in);
	/* The state's round trip and a report are checked once, at the end:
	 * the state after any step is also the end of an input (the input
	 * cut after that step, as libFuzzer's mutations cut them), and every
	 * player's report that of an input with another byte 2, so checking
	 * after every step or every report would find nothing more, while
	 * writing and reading the state and drawing a report cost far more
	 * than a step.  Once per state (fuzz_seen). */
	sbuf_clear(&a);
	state_write_to(&st, &a);
	fuzz_dump(&a);
	seen = fuzz_seen_find(a.p, a.len, hex);
	if (!seen->used) {
		fuzz_roundtrip_check(&st, a.p, a.len);
		seen->used = 1;
		fuzz_nseen++;
		fuzz_stats.checked++;
	}
	p = (int)(seed[0] % (unsigned)(np + 1)) - 1;
	bit = 1u << (p + 1);
	if (!(seen->reports & bit)) {
		fuzz_report(&st, hex, p);
		seen->reports |= (uint8_t)bit;
		fuzz_stats.reports++;
	}
	fuzz_stats.runs++;
	fuzz_stats.points += (unsigned long long)st.turn;
	if (st.turn > fuzz_stats.deepest)
		fuzz_stats.deepest = st.turn;
	fuzz_stats.finished += g->outcome(st.g).finished;
	state_free(&st);
	return 0;
}
