/* js_flow.c - the sequence of decision points: each decision's answers
 * played, and what is owed next.  The files below (the turn's phases,
 * battles, cards, trades, sites, clans) change the game and return; only
 * this file decides what comes next.
 *
 * The decision points of a game, in order:
 *
 *   rps       every player still to be ranked throws rock, paper or
 *             scissors (sealed); ties throw again, until the turn order
 *             is known
 *   turn      the active player's orders for the six phases
 *   intrigue  (if Intrigue was played) each target chooses cards or honor;
 *             then the rest of the turn's orders are played
 *   battle    for each declared attack still possible, in order: both
 *             sides draw 5, then attacker and defender set cards aside
 *             (sealed); the reveal decides the battle
 *   march     (if a Forced March army survives) its second travel and
 *             battle phase, then its battles as above
 *
 * and the next living player in the turn order has the next turn. */
#include <stdlib.h>
#include <string.h>

#include "js.h"

#define JS_FLOW_FEW 16 /* acts of an answer read without allocating */

static int
js_flow_next_player(const struct js *g)
{
	int at = 0;

	while (g->order[at] != g->active)
		at++;
	for (int i = 1; i <= g->nplayers; i++) {
		int p = g->order[(at + i) % g->nplayers];

		if (!g->clans[p].out)
			return p;
	}
	return g->active;
}

static void
js_flow_new_turn(struct js *g, int p, struct events *ev)
{
	g->active = p;
	g->round++;
	g->part = 1;
	g->phase = JS_P_TURN;
	events_add(ev, EVENT_ALL, "Round %d begins: %s is the active player.",
	    g->round, js_clan_who(g, p));
}

/* From the end of a turn's orders, or of a battle, to the next
 * decision point. */
static void
js_flow_continue(struct js *g, struct rng *rng, struct events *ev)
{
	int marching = 0;

	while (g->phase != JS_P_OVER && g->nbattles > 0)
		if (js_battle_start(g, rng, ev) == 0) {
			g->phase = JS_P_BATTLE;
			return;
		}
	if (g->phase == JS_P_OVER)
		return;
	for (int i = 0; i < JS_ARMIES; i++) {
		struct js_army *a = &g->armies[i];

		if (a->sq != JS_NONE && a->owner == g->active && a->march)
			marching++;
	}
	if (g->part == 1 && marching > 0) {
		g->part = 2;
		g->phase = JS_P_MARCH;
		events_add(ev, EVENT_ALL, "Forced March: %s owes a second travel "
		    "and battle phase for %d arm%s.", js_clan_who(g, g->active),
		    marching, marching == 1 ? "y" : "ies");
		return;
	}
	for (int i = 0; i < JS_ARMIES; i++)
		g->armies[i].march = 0;
	js_flow_new_turn(g, js_flow_next_player(g), ev);
}

int
js_flow_owes(const struct js *g, int p)
{
	int n = 0;
	const struct js_army *d;

	if (g->clans[p].out && g->phase != JS_P_RPS)
		return 0;
	switch (g->phase) {
	case JS_P_RPS:
		for (int i = 0; i < g->ngroups; i++)
			for (int k = 0; k < g->groups[i].n; k++)
				if (g->groups[i].members[k] == p &&
				    g->groups[i].n > 1)
					n = 1;
		return n;
	case JS_P_TURN:
	case JS_P_MARCH:
		return p == g->active;
	case JS_P_INTRIGUE:
		for (int i = 0; i < g->nintrigues; i++)
			n += g->intrigues[i] == p;
		return n;
	case JS_P_BATTLE:
		d = js_army_on(g, g->battles[0].at);
		return p == g->active || (d != NULL && d->owner == p);
	default:
		return 0;
	}
}

/* The active player's answer (a turn, or a Forced March); a NULL: the
 * orders kept through an Intrigue, from the travel phase. */
static int
js_flow_turn(struct js *g, const struct answer *a, struct rng *rng,
    struct events *ev, char *why, size_t size)
{
	struct js_run r;
	struct js_act *acts, few[JS_FLOW_FEW];
	struct js_step steps[JS_MAX_STEPS];
	int n, nsteps = g->nsteps;
	size_t need = a != NULL ? a->n + 1 : (size_t)nsteps + 1;
	char skip[GAME_REASON_MAX];

	/* Most answers are short: no allocation for them. */
	if (need <= JS_FLOW_FEW) {
		acts = few;
		memset(few, 0, need * sizeof few[0]);
	} else
		acts = util_calloc(need, sizeof *acts);
	js_turn_start(&r, g, g->active, rng, ev);
	if (a == NULL) {
		/* After Intrigue: the kept orders, from the travel phase. */
		memcpy(steps, g->steps, sizeof steps);
		g->nsteps = 0;
		for (n = 0; n < nsteps; n++) {
			acts[n].verb = steps[n].verb;
			acts[n].card = steps[n].card;
			acts[n].nsq = steps[n].nsq;
			memcpy(acts[n].sq, steps[n].sq, sizeof acts[n].sq);
		}
		r.tp = JS_TP_HONOR;
	} else if ((n = js_order_acts(g, a, acts, (int)a->n, why, size)) < 0) {
		if (acts != few)
			free(acts);
		return -1;
	} else if (!r.march)
		js_trade_drop(g, g->active, 0, ev);
	for (int i = 0; i < n && g->phase != JS_P_OVER; i++)
		if (js_turn_take(&r, &acts[i], skip, sizeof skip) < 0)
			events_add(ev, EVENT_ALL, "An order of %s is not "
			    "possible any more and is skipped: %s.",
			    js_clan_who(g, g->active), skip);
	if (acts != few)
		free(acts);
	if (g->phase == JS_P_OVER)
		return 0;
	if (r.paused) {
		g->phase = JS_P_INTRIGUE;
		return 0;
	}
	if (!r.done)
		js_turn_take(&r, &(struct js_act){ .verb = JS_V_DONE }, skip,
		    sizeof skip);
	if (r.paused) {
		g->phase = JS_P_INTRIGUE;
		return 0;
	}
	js_flow_continue(g, rng, ev);
	return 0;
}

/* The throws of one group: split it by who won, or count a tie. */
static int
js_flow_rps_group(struct js *g, const struct js_rps_group *grp,
    const int *shape, struct js_rps_group *out, struct rng *rng,
    struct events *ev)
{
	int seen[JS_SHAPES] = { 0 }, kinds = 0, win = -1;
	struct sbuf b;

	for (int k = 0; k < grp->n; k++)
		seen[shape[grp->members[k]]] = 1;
	for (int s = 0; s < JS_SHAPES; s++)
		kinds += seen[s];
	sbuf_init(&b);
	for (int k = 0; k < grp->n; k++)
		sbuf_printf(&b, "%s%s throws %s", k ? ", " : "",
		    js_clan_who(g, grp->members[k]),
		    js_order_shapes[shape[grp->members[k]]]);
	if (kinds == 2)
		for (int s = 0; s < JS_SHAPES; s++)
			if (seen[s] && seen[(s + 2) % JS_SHAPES])
				win = s; /* paper beats rock: s beats s - 1 */
	if (win >= 0) {
		out[0].n = out[1].n = out[0].ties = out[1].ties = 0;
		for (int k = 0; k < grp->n; k++) {
			int p = grp->members[k], w = shape[p] != win;

			out[w].members[out[w].n++] = p;
		}
		events_add(ev, EVENT_ALL, "Rock, paper, scissors: %s: %s "
		    "beats %s.", b.p, js_order_shapes[win],
		    js_order_shapes[(win + 2) % JS_SHAPES]);
		sbuf_free(&b);
		return 2;
	}
	out[0] = *grp;
	out[0].ties++;
	if (out[0].ties < JS_RPS_TIES) {
		events_add(ev, EVENT_ALL, "Rock, paper, scissors: %s: a tie "
		    "(%d of %d); they throw again.", b.p, out[0].ties,
		    JS_RPS_TIES);
		sbuf_free(&b);
		return 1;
	}
	rng_shuffle(rng, out[0].members, (size_t)out[0].n,
	    sizeof out[0].members[0]);
	sbuf_printf(&b, ": a tie for the %d%s time in a row, so lots are "
	    "drawn (rng_shuffle): ", JS_RPS_TIES, JS_RPS_TIES == 3 ? "rd" :
	    "th");
	for (int k = 0; k < grp->n; k++) {
		sbuf_printf(&b, "%s%s", k ? ", then " : "",
		    js_clan_who(g, out[0].members[k]));
		out[k].n = 1;
		out[k].ties = 0;
		out[k].members[0] = out[0].members[k];
	}
	events_add(ev, EVENT_ALL, "Rock, paper, scissors: %s.", b.p);
	sbuf_free(&b);
	return grp->n;
}

static int
js_flow_rps(struct js *g, const struct answer *a, size_t n, struct rng *rng,
    struct events *ev, char *why, size_t size)
{
	/* Zeroed: the groups past ng are copied into the game too, whose
	 * bytes key js_legal.c's memo and must be defined. */
	struct js_rps_group groups[GAME_MAX_PLAYERS] = { 0 };
	int shape[GAME_MAX_PLAYERS] = { 0 }, ng = 0;
	struct js_act act;
	struct sbuf b;

	for (size_t i = 0; i < n; i++) {
		if (js_order_acts(g, &a[i], &act, 1, why, size) != 1)
			return -1;
		shape[a[i].player] = act.n;
	}
	for (int i = 0; i < g->ngroups; i++) {
		if (g->groups[i].n == 1)
			groups[ng++] = g->groups[i];
		else
			ng += js_flow_rps_group(g, &g->groups[i], shape,
			    &groups[ng], rng, ev);
	}
	memcpy(g->groups, groups, sizeof groups);
	g->ngroups = ng;
	if (ng < g->nplayers)
		return 0;
	sbuf_init(&b);
	for (int i = 0; i < ng; i++) {
		g->order[i] = groups[i].members[0];
		sbuf_printf(&b, "%s%s", i ? ", " : "", js_clan_who(g, g->order[i]));
	}
	g->ngroups = 0;
	events_add(ev, EVENT_ALL, "The turn order is %s.", b.p);
	sbuf_free(&b);
	g->round = 0;
	js_flow_new_turn(g, g->order[0], ev);
	return 0;
}

/* The choices of the targets, applied in the order the cards were
 * played; then the active player's turn goes on. */
static int
js_flow_intrigue(struct js *g, const struct answer *a, size_t n,
    struct rng *rng, struct events *ev, char *why, size_t size)
{
	struct js_act acts[GAME_MAX_PLAYERS][JS_MAX_LOSE];
	int used[GAME_MAX_PLAYERS] = { 0 };
	struct sbuf b;

	for (size_t i = 0; i < n; i++)
		if (js_order_acts(g, &a[i], acts[a[i].player], JS_MAX_LOSE, why,
		    size) != js_flow_owes(g, a[i].player))
			return -1;
	for (int i = 0; i < g->nintrigues; i++) {
		int t = g->intrigues[i];
		struct js_act *c = &acts[t][used[t]++];
		struct js_clan *cl = &g->clans[t];

		if (c->n) {
			cl->honor -= 3;
			events_add(ev, EVENT_ALL, "Intrigue: %s chooses to lose 3 "
			    "honor (now %d).", js_clan_who(g, t), cl->honor);
			continue;
		}
		for (int k = 0; k < JS_NCARDS; k++) {
			cl->hand[k] -= c->cards[k];
			g->discard[k] += c->cards[k];
		}
		events_add(ev, EVENT_ALL, "Intrigue: %s chooses to lose %d "
		    "card%s.", js_clan_who(g, t), c->ncards,
		    c->ncards == 1 ? "" : "s");
		sbuf_init(&b);
		js_cards_list(c->cards, &b);
		events_add(ev, EVENT_TO(t), "You lose to Intrigue: %s.", b.p);
		sbuf_free(&b);
	}
	g->nintrigues = 0;
	g->phase = JS_P_TURN;
	return js_flow_turn(g, NULL, rng, ev, why, size);
}

/* The two answers of a battle: [attacker, defender][battle, keep]. */
static int
js_flow_battle(struct js *g, const struct answer *a, size_t n,
    struct rng *rng, struct events *ev, char *why, size_t size)
{
	struct js_act acts[2][2], read[3];

	memset(acts, 0, sizeof acts);
	for (size_t i = 0; i < n; i++) {
		int side = a[i].player != g->active, k;

		if ((k = js_order_acts(g, &a[i], read, 2, why, size)) < 0)
			return -1;
		for (int j = 0; j < k; j++)
			acts[side][read[j].verb == JS_V_KEEP] = read[j];
	}
	js_battle_resolve(g, acts, rng, ev);
	js_flow_continue(g, rng, ev);
	return 0;
}

int
js_flow_resolve(struct js *g, const struct answer *a, size_t n,
    struct rng *rng, struct events *ev, char *why, size_t size)
{
	switch (g->phase) {
	case JS_P_RPS:
		return js_flow_rps(g, a, n, rng, ev, why, size);
	case JS_P_INTRIGUE:
		return js_flow_intrigue(g, a, n, rng, ev, why, size);
	case JS_P_BATTLE:
		return js_flow_battle(g, a, n, rng, ev, why, size);
	default:
		return js_flow_turn(g, &a[0], rng, ev, why, size);
	}
}
