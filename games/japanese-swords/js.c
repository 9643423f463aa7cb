/* js.c - Japanese Swords: the game entry, options, setup, the decisions
 * owed, resolve, and the changes the tests make to hidden information.
 *
 * Setup: the map (built in for the player count, or a map file); three
 * trait rolls on the D66 table for each fortress and one for each keep,
 * in reading order, each logged; the i-th fortress in reading order is
 * the home of the i-th player, held with one army in it and one next to
 * it; the deck of 100 cards shuffled; then every player throws rock,
 * paper, scissors for the turn order.  js_flow.c has the sequence of
 * decision points after that. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js.h"

enum { JS_OPT_MAP };

static const struct game_option js_options[] = {
	[JS_OPT_MAP] = { "map", "builtin", "builtin (a map for the player "
	    "count) or a map file: 10 rows of 10 terrain letters", 1, 0 },
	{ NULL, NULL, NULL, 0, 0 },
};

static int
js_setup_map(struct js *g, const char *opt, struct gb_err *e)
{
	int line[JS_SQUARES], col[JS_SQUARES], where;
	char why[GAME_REASON_MAX];

	if (strcmp(opt, "builtin") == 0) {
		js_map_builtin(g->nplayers, g->map);
		return 0;
	}
	if (js_map_parse(opt, g->map, line, col, e) < 0)
		return -1;
	if (js_map_check(g->map, g->nplayers, &where, why, sizeof why) < 0)
		return err_set(e, where == JS_NONE ? 0 : line[where],
		    where == JS_NONE ? 0 : col[where], "map: %s", why);
	return 0;
}

/* Traits: two dice each, the first the tens, logged with the result. */
static void
js_setup_traits(struct js *g, struct rng *rng, struct events *ev)
{
	char sq[4];

	for (int i = 0; i < g->nsites; i++) {
		struct js_site *s = &g->sites[i];

		s->ntraits = s->fortress ? JS_FORT_TRAITS : 1;
		for (int k = 0; k < s->ntraits; k++) {
			int d1 = rng_die(rng, 6), d2 = rng_die(rng, 6), t = 0;

			while (js_traits[t].roll != 10 * d1 + d2)
				t++;
			s->traits[k] = t;
			events_add(ev, EVENT_ALL, "Trait roll for the %s at "
			    "%s%s%s%s: D66 %d and %d make %d%d, %s.",
			    s->fortress ? "fortress" : "keep",
			    js_map_name(s->sq, sq), s->fortress ? " (home of " :
			    "", s->fortress ? g->names[s->home] : "",
			    s->fortress ? ")" : "", d1, d2, d1, d2,
			    js_traits[t].name);
		}
	}
}

static void *
js_setup(const struct game_players *pl, const char *const *optv,
    struct rng *rng, struct events *ev, struct gb_err *e)
{
	struct js *g;
	char a[4], b[4];

	if (pl->n < 2 || pl->n > GAME_MAX_PLAYERS) {
		err_set(e, 0, 0, "japanese-swords is played by 2 to 4 players, "
		    "not %d", pl->n);
		return NULL;
	}
	g = util_calloc(1, sizeof *g);
	g->nplayers = pl->n;
	for (int p = 0; p < pl->n; p++)
		snprintf(g->names[p], sizeof g->names[p], "%s", pl->names[p]);
	if (js_setup_map(g, optv[JS_OPT_MAP], e) < 0) {
		free(g);
		return NULL;
	}
	js_map_sites(g);
	js_setup_traits(g, rng, ev);
	for (int i = 0; i < JS_ARMIES; i++)
		js_army_remove(&g->armies[i]);
	for (int p = 0; p < g->nplayers; p++) {
		struct js_site *home = &g->sites[js_site_home(g, p)];
		int start = js_map_start(g->map, home->sq);

		home->control = p;
		js_army_add(g, home->sq, p, 0);
		js_army_add(g, start, p, 0);
		events_add(ev, EVENT_ALL, "%s holds the fortress at %s, with an "
		    "army in it and one at %s.", g->names[p],
		    js_map_name(home->sq, a), js_map_name(start, b));
	}
	js_army_sort(g);
	for (int c = 0; c < JS_NCARDS; c++)
		for (int i = 0; i < js_cards[c].count; i++)
			g->deck[g->ndeck++] = c;
	rng_shuffle(rng, g->deck, (size_t)g->ndeck, sizeof g->deck[0]);
	events_add(ev, EVENT_ALL, "The deck of %d cards is shuffled.",
	    g->ndeck);
	g->phase = JS_P_RPS;
	g->ngroups = 1;
	g->groups[0].n = g->nplayers;
	for (int p = 0; p < g->nplayers; p++)
		g->groups[0].members[p] = p;
	events_add(ev, EVENT_ALL, "Every player throws rock, paper or "
	    "scissors for the turn order.");
	return g;
}

static void
js_free(void *g)
{
	free(g);
}

/* owed is asked several times at every point of a run: its texts are
 * joined without printf (UTIL_JOIN; an integer piece written into num
 * first). */

static const char *
js_owed_int(int v, char num[UTIL_INT_MAX + 1])
{
	*util_fmt_int(num, v) = '\0';
	return num;
}

static size_t
js_owed(const void *vg, struct owed *out)
{
	const struct js *g = vg;
	size_t n = 0;
	char x[4], y[4], num[UTIL_INT_MAX + 1];

	for (int p = 0; p < g->nplayers; p++) {
		int k = js_flow_owes(g, p);
		struct owed *o = &out[n];

		if (k == 0)
			continue;
		o->player = p;
		switch (g->phase) {
		case JS_P_RPS:
			UTIL_JOIN(o->decision, "rps");
			UTIL_JOIN(o->what, "rock, paper or scissors for the "
			    "turn order, sealed");
			break;
		case JS_P_TURN:
			UTIL_JOIN(o->decision, "turn");
			UTIL_JOIN(o->what, "round ", js_owed_int(g->round,
			    num), ", ", g->names[p], "'s turn: orders for its "
			    "six phases, ending with done");
			break;
		case JS_P_MARCH:
			UTIL_JOIN(o->decision, "march");
			UTIL_JOIN(o->what, "Forced March: a second travel "
			    "and battle phase, ending with done");
			break;
		case JS_P_INTRIGUE:
			UTIL_JOIN(o->decision, "intrigue");
			UTIL_JOIN(o->what, js_owed_int(k, num), " Intrigue",
			    k == 1 ? "" : "s", " from ", g->names[g->active],
			    ": lose 3 cards or 3 honor for each");
			break;
		default:
			UTIL_JOIN(o->decision, "battle");
			UTIL_JOIN(o->what, "the battle at ",
			    js_map_name(g->battles[0].at, x),
			    " (attack from ", js_map_name(g->battles[0].from,
			    y), "): 1 to 7 cards set aside, sealed");
			break;
		}
		n++;
	}
	return n;
}

static int
js_resolve(void *vg, const struct game_players *pl,
    const struct answer *answers, size_t n, struct rng *rng,
    struct events *ev, struct gb_err *e)
{
	struct js *g = vg;
	char why[GAME_REASON_MAX] = "";
	size_t owed = 0;
	int rc;

	(void)pl;
	for (int p = 0; p < g->nplayers; p++)
		owed += js_flow_owes(g, p) > 0;
	if (g->phase == JS_P_OVER || n != owed)
		return err_set(e, 0, 0, "japanese-swords: resolve wants %zu "
		    "answers, not %zu", owed, n);
	for (size_t i = 0; i < n; i++) {
		const struct answer *x = &answers[i];

		if (!js_legal_valid(g, x->player, x->orders, x->n))
			return err_set(e, 0, 0, "japanese-swords: the answer of "
			    "%s is not a complete valid answer",
			    g->names[x->player]);
	}
	rc = js_flow_resolve(g, answers, n, rng, ev, why, sizeof why);
	js_army_sort(g);
	for (int i = 0; i < JS_ARMIES; i++)
		g->armies[i].mp = g->armies[i].attacked = 0;
	if (rc < 0)
		return err_set(e, 0, 0, "japanese-swords: %s", why);
	return 0;
}

static struct outcome
js_outcome(const void *vg)
{
	const struct js *g = vg;

	return game_outcome(g->phase == JS_P_OVER, g->winners, g->reason);
}

/* Swap one random card of hand p with one of the deck: not a card that
 * p's orders kept through an Intrigue still play (js_check_pending reads
 * them against the hand: a state without it would not read back). */
static void
js_perturb_swap(struct js *g, int p, struct rng *rng)
{
	int kept[JS_NCARDS] = { 0 }, n = 0, k, c = 0, d;

	if (p == g->active)
		for (int i = 0; i < g->nsteps; i++)
			if (g->steps[i].verb == JS_V_PLAY)
				kept[g->steps[i].card]++;
	for (int i = 0; i < JS_NCARDS; i++)
		if (g->clans[p].hand[i] > kept[i])
			n += g->clans[p].hand[i] - kept[i];
	if (n == 0 || g->ndeck == 0)
		return;
	k = (int)rng_below(rng, (uint64_t)n);
	while (g->clans[p].hand[c] <= kept[c] ||
	    k >= g->clans[p].hand[c] - kept[c]) {
		if (g->clans[p].hand[c] > kept[c])
			k -= g->clans[p].hand[c] - kept[c];
		c++;
	}
	d = (int)rng_below(rng, (uint64_t)g->ndeck);
	g->clans[p].hand[c]--;
	g->clans[p].hand[g->deck[d]]++;
	g->deck[d] = c;
}

/* Draws from a copy of rng: the harness plays each game with and without
 * its checks from one stream, so perturb must not move that stream. */
static int
js_perturb(void *vg, int player, struct rng *hr)
{
	struct js *g = vg;
	struct js *before = util_malloc(sizeof *before);
	struct rng copy = *hr, *rng = &copy;
	int changed;

	for (int i = 0; i <= player; i++)
		rng_next(rng); /* another change for each player */
	*before = *g;
	for (int p = 0; p < g->nplayers; p++)
		if (p != player)
			js_perturb_swap(g, p, rng);
	rng_shuffle(rng, g->deck, (size_t)g->ndeck, sizeof g->deck[0]);
	for (int i = g->noffers - 1; i >= 0; i--)
		if (g->offers[i].from != player && g->offers[i].to != player) {
			memmove(&g->offers[i], &g->offers[i + 1],
			    (size_t)(g->noffers - i - 1) * sizeof g->offers[0]);
			g->noffers--;
		}
	changed = memcmp(before, g, sizeof *g) != 0;
	free(before);
	return changed;
}

const struct game_entry japanese_swords_game = {
	.id = "japanese-swords",
	.title = "Japanese Swords",
	.ruleset = "1",
	.min_players = 2,
	.max_players = 4,
	.options = js_options,
	.setup = js_setup,
	.free = js_free,
	.load = js_state_load,
	.save = js_save,
	.owed = js_owed,
	.validate = js_legal_validate,
	.note = js_legal_note,
	.legal = js_legal_list,
	.legal_pick = js_legal_pick,
	.resolve = js_resolve,
	.view = js_view,
	.view_data = js_data,
	.picture = js_picture,
	.picture_public = 1,
	.help = js_help,
	.outcome = js_outcome,
	.perturb = js_perturb,
};
