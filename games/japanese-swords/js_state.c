/* js_state.c - the game's section of the state file.
 *
 *   phase: turn            # rps, turn, intrigue, battle, march or over
 *   round: 4               # turns begun (0 while throwing for order)
 *   rps:                   # phase rps only: groups still to rank, in rank
 *     - players: [alice, bob]        order, with the ties thrown so far
 *       ties: 1
 *   order: [bob, alice]    # the turn order (not in phase rps)
 *   active: bob
 *   part: 1                # 2 in the second (Forced March) part of a turn
 *   map: [CHCCFCCDCC, ...] # ten rows, row 1 first, terrain letters
 *   sites:                 # fortresses and keeps, in reading order:
 *     - E1 alice ports yang art-of-war     # square, holder (or none),
 *     - B2 none siegecraft                 # traits
 *   clans:                 # in the order of the players
 *     - name: alice
 *       status: playing    # or out
 *       gold: 3
 *       honor: 0
 *       hand: [2 yari-ashigaru, treachery] # card table order, runs
 *   armies: ["E1 alice 0", "E2 alice 1 march"]  # square, owner,
 *                          # experience, Forced March; by square
 *   deck: [ninja, 2 diplomacy, ...]  # top card first, runs of the
 *                          # same card as one entry
 *   discard: [...]         # in card table order, runs
 *   battles: ["D6 from D5"] # attacks still to fight; the first is owed
 *   intrigues: [bob]       # phase intrigue: targets, in order played
 *   pending: ["move C4 to C5", done]   # phase intrigue: the rest of the
 *                          # turn's orders
 *   offers:                # trade offers standing
 *     - from: alice
 *       to: bob
 *       give: gold 3
 *       get: keep E7
 *   outcome:               # phase over only
 *     winners: [alice]
 *     reason: alice wins with 51 honor
 *
 * Load refuses anything play could not reach: card counts that do not
 * add up to the deck, armies where they cannot stand, a fortress held
 * by a player out of the game, a running game already won, orders kept
 * that are no longer legal, lists out of their canonical order. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "js.h"

static const char *const js_state_keys[] = { "phase", "round", "rps",
	"order", "active", "part", "map", "sites", "clans", "armies", "deck",
	"discard", "battles", "intrigues", "pending", "offers", "outcome",
	NULL };

static int
js_state_fail(struct gb_err *e, const struct node *n, const char *fmt, ...)
    GB_PRINTF(3, 4);

static int
js_state_fail(struct gb_err *e, const struct node *n, const char *fmt, ...)
{
	char msg[sizeof e->msg];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return err_set(e, n != NULL ? n->line : 0, n != NULL ? n->col : 0, "%s",
	    msg);
}

/* A player by name; "none" gives JS_NONE if none is set.  *p is set on
 * every path (JS_NONE on failure): the error status comes from a variadic
 * function the compiler cannot look into. */
static int
js_state_player(const struct js *g, const struct node *n, int none, int *p,
    struct gb_err *e)
{
	*p = JS_NONE;
	if (n->kind != NODE_SCALAR)
		return js_state_fail(e, n, "a player's name is expected");
	if (none && strcmp(n->str, "none") == 0)
		return 0;
	for (int i = 0; i < g->nplayers; i++)
		if (strcmp(n->str, g->names[i]) == 0) {
			*p = i;
			return 0;
		}
	return js_state_fail(e, n, "'%.40s' is not a player", n->str);
}

#define JS_STATE_WORDS 8

struct js_state_words {
	char buf[256];
	char *w[JS_STATE_WORDS];
	int n;
};

/* Split a scalar at single spaces (the canonical form has no others). */
static int
js_state_split(const struct node *v, struct js_state_words *w,
    struct gb_err *e)
{
	char *p;

	if (v->len >= sizeof w->buf)
		return js_state_fail(e, v, "'%.40s...' is too long", v->str);
	memcpy(w->buf, v->str, v->len + 1);
	w->n = 0;
	for (p = w->buf; w->n < JS_STATE_WORDS; p++) {
		w->w[w->n++] = p;
		if ((p = strchr(p, ' ')) == NULL)
			return 0;
		*p = '\0';
	}
	return js_state_fail(e, v, "'%.40s' has too many words", v->str);
}

static int
js_state_seq(const struct node *sec, const char *key, const struct node **l,
    struct gb_err *e)
{
	if (node_need(sec, key, NODE_SEQ, l, e) < 0)
		return -1;
	for (size_t i = 0; i < (*l)->n; i++)
		if (node_want_kind((*l)->items[i], NODE_SCALAR, key, e) < 0)
			return -1;
	return 0;
}

/* One entry of a card list: "word" or "N word" (N of 2 or more). */
static int
js_state_run(const struct node *n, int *card, int *count, struct gb_err *e)
{
	const char *w = n->str, *sp = strchr(n->str, ' ');
	long long k = 1;
	char num[16];

	if (sp != NULL) {
		if ((size_t)(sp - w) >= sizeof num)
			return js_state_fail(e, n, "'%.40s' is not a card, nor a "
			    "number and a card", n->str);
		memcpy(num, w, (size_t)(sp - w));
		num[sp - w] = '\0';
		if (util_parse_int(num, 2, JS_DECK, &k) < 0)
			return js_state_fail(e, n, "'%.40s': a run of cards is "
			    "2 to %d and the card", n->str, JS_DECK);
		w = sp + 1;
	}
	for (*card = 0; *card < JS_NCARDS; (*card)++)
		if (w[0] == js_cards[*card].word[0] &&
		    strcmp(w, js_cards[*card].word) == 0) {
			*count = (int)k;
			return 0;
		}
	return js_state_fail(e, n, "'%.40s' is not a card", w);
}

/* A card list into counts (and the order, for the deck).  Canonical:
 * each run as long as it goes; sorted: in card table order. */
static int
js_state_cards(const struct node *sec, const char *key, int sorted,
    int *counts, int *list, int *n, struct gb_err *e)
{
	const struct node *l;
	int last = -1;

	if (js_state_seq(sec, key, &l, e) < 0)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		int c = 0, k = 0;

		if (js_state_run(l->items[i], &c, &k, e) < 0)
			return -1;
		if (c == last || (sorted && c < last))
			return js_state_fail(e, l->items[i], "%s: %s", key,
			    c == last ? "a card next to the same card: write "
			    "one run, \"2 ninja\"" : "cards go in the order "
			    "of the card table");
		if (counts[c] + k > JS_DECK || (list != NULL && *n + k > JS_DECK))
			return js_state_fail(e, l->items[i], "%s: too many "
			    "cards", key);
		last = c;
		counts[c] += k;
		for (int j = 0; list != NULL && j < k; j++)
			list[(*n)++] = c;
	}
	return 0;
}

static int
js_state_map(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l;
	char why[GAME_REASON_MAX], sq[4];
	int where;

	if (js_state_seq(sec, "map", &l, e) < 0)
		return -1;
	if (l->n != JS_SIDE)
		return js_state_fail(e, l, "map: ten rows, row 1 first");
	for (int r = 0; r < JS_SIDE; r++) {
		const struct node *row = l->items[r];

		if (row->len != JS_SIDE)
			return js_state_fail(e, row, "map: a row is ten "
			    "terrain letters");
		for (int c = 0; c < JS_SIDE; c++)
			if ((g->map[r * JS_SIDE + c] =
			    js_map_terrain(row->str[c])) < 0)
				return js_state_fail(e, row, "map: '%.12s' has "
				    "a letter that is no terrain", row->str);
	}
	if (js_map_check(g->map, g->nplayers, &where, why, sizeof why) < 0) {
		if (where != JS_NONE)
			snprintf(why + strlen(why), sizeof why - strlen(why),
			    " (%s)", js_map_name(where, sq));
		return js_state_fail(e, l, "map: %s", why);
	}
	js_map_sites(g);
	return 0;
}

/* Each site: "SQUARE HOLDER TRAIT...", in the map's reading order. */
static int
js_state_sites(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l;
	char sq[4];

	if (js_state_seq(sec, "sites", &l, e) < 0)
		return -1;
	if ((int)l->n != g->nsites)
		return js_state_fail(e, l, "sites: one for each fortress and "
		    "keep of the map, in reading order");
	for (int i = 0; i < g->nsites; i++) {
		const struct node *v = l->items[i];
		struct js_site *site = &g->sites[i];
		struct js_state_words w;
		struct node who = { .kind = NODE_SCALAR, .line = v->line,
			.col = v->col };
		int want = site->fortress ? JS_FORT_TRAITS : 1;

		js_map_name(site->sq, sq);
		if (js_state_split(v, &w, e) < 0)
			return -1;
		if (w.n != 2 + want || strcmp(w.w[0], sq) != 0)
			return js_state_fail(e, v, "sites: this one is \"%s "
			    "HOLDER\" and %d trait%s, not '%.60s'", sq, want,
			    want == 1 ? "" : "s", v->str);
		who.str = w.w[1];
		if (js_state_player(g, &who, 1, &site->control, e) < 0)
			return -1;
		site->ntraits = want;
		for (int k = 0; k < want; k++)
			if ((site->traits[k] = js_traits_find(w.w[2 + k])) < 0)
				return js_state_fail(e, v, "'%.40s' is not a "
				    "trait", w.w[2 + k]);
	}
	return 0;
}

static int
js_state_clans(struct js *g, const struct node *sec, struct gb_err *e)
{
	static const char *const keys[] = { "name", "status", "gold", "honor",
		"hand", NULL };
	const struct node *l, *v;
	long long x;

	if (node_need(sec, "clans", NODE_SEQ, &l, e) < 0)
		return -1;
	if ((int)l->n != g->nplayers)
		return js_state_fail(e, l, "clans: one for each player, in "
		    "the players' order");
	for (int p = 0; p < g->nplayers; p++) {
		const struct node *c = l->items[p];
		struct js_clan *cl = &g->clans[p];

		if (node_want_kind(c, NODE_MAP, "clan", e) < 0 ||
		    node_only_keys(c, keys, e) < 0 ||
		    node_need(c, "name", NODE_SCALAR, &v, e) < 0)
			return -1;
		if (strcmp(v->str, g->names[p]) != 0)
			return js_state_fail(e, v, "clans: this one must be %s's",
			    g->names[p]);
		if (node_need(c, "status", NODE_SCALAR, &v, e) < 0)
			return -1;
		if (strcmp(v->str, "out") != 0 && strcmp(v->str, "playing") != 0)
			return js_state_fail(e, v, "status is playing or out");
		cl->out = strcmp(v->str, "out") == 0;
		if (node_need_int(c, "gold", 0, JS_MAX_INT, &x, e) < 0)
			return -1;
		cl->gold = (int)x;
		if (node_need_int(c, "honor", -JS_MAX_INT, JS_MAX_INT, &x,
		    e) < 0)
			return -1;
		cl->honor = (int)x;
		if (js_state_cards(c, "hand", 1, cl->hand, NULL, NULL, e) < 0)
			return -1;
	}
	return 0;
}

static int
js_state_armies(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l;
	int last = -1;

	if (js_state_seq(sec, "armies", &l, e) < 0)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const struct node *a = l->items[i];
		char sq[4], who[JS_NAME_MAX + 1], extra[8] = "";
		int p, n, at;
		long long exp;
		struct node nm = { .kind = NODE_SCALAR, .line = a->line,
			.col = a->col };

		n = sscanf(a->str, "%3s %33s %lld %7s", sq, who, &exp, extra);
		at = js_map_square(sq);
		if (n < 3 || at == JS_NONE || exp < 0 || exp > JS_MAX_INT ||
		    (n == 4 && strcmp(extra, "march") != 0))
			return js_state_fail(e, a, "an army is \"SQUARE OWNER "
			    "EXPERIENCE\", and march after a Forced March, not "
			    "'%.60s'", a->str);
		nm.str = who;
		if (js_state_player(g, &nm, 0, &p, e) < 0)
			return -1;
		if (at <= last)
			return js_state_fail(e, a, "armies are listed by "
			    "square, in reading order: '%.20s'", a->str);
		last = at;
		if (js_map_terrains[g->map[at]].cost == 0)
			return js_state_fail(e, a, "an army on impassable "
			    "terrain: '%.20s'", a->str);
		if (js_army_count(g, p) == JS_ARMY_MAX)
			return js_state_fail(e, a, "more than 10 armies of %s",
			    g->names[p]);
		js_army_add(g, at, p, (int)exp)->march = n == 4;
		{
			char back[64];

			snprintf(back, sizeof back, "%s %s %lld%s", sq, who, exp,
			    n == 4 ? " march" : "");
			if (strcmp(back, a->str) != 0)
				return js_state_fail(e, a, "write an army as "
				    "\"E1 alice 0\", not '%.40s'", a->str);
		}
	}
	return 0;
}

static int
js_state_turn(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l, *v;
	long long x;
	int seen = 0;

	if (node_need_int(sec, "round", 0, JS_MAX_INT, &x, e) < 0)
		return -1;
	g->round = (int)x;
	if (g->phase == JS_P_RPS)
		return 0;
	if (js_state_seq(sec, "order", &l, e) < 0)
		return -1;
	if ((int)l->n != g->nplayers)
		return js_state_fail(e, l, "order: every player once");
	for (int i = 0; i < g->nplayers; i++) {
		if (js_state_player(g, l->items[i], 0, &g->order[i], e) < 0)
			return -1;
		if (seen & (1 << g->order[i]))
			return js_state_fail(e, l->items[i], "order: '%.40s' "
			    "twice", l->items[i]->str);
		seen |= 1 << g->order[i];
	}
	if (node_need(sec, "active", NODE_SCALAR, &v, e) < 0 ||
	    js_state_player(g, v, 0, &g->active, e) < 0 ||
	    node_need_int(sec, "part", 1, 2, &x, e) < 0)
		return -1;
	g->part = (int)x;
	if (g->round < 1)
		return js_state_fail(e, sec, "round: turns begin at 1");
	return 0;
}

static int
js_state_rps(struct js *g, const struct node *sec, struct gb_err *e)
{
	static const char *const keys[] = { "players", "ties", NULL };
	const struct node *l = node_get(sec, "rps"), *m;
	int seen = 0, open = 0;
	long long x;

	if ((l != NULL) != (g->phase == JS_P_RPS))
		return js_state_fail(e, l != NULL ? l : sec, "rps is there in "
		    "phase rps only");
	if (l == NULL)
		return 0;
	if (node_want_kind(l, NODE_SEQ, "rps", e) < 0)
		return -1;
	if (l->n == 0 || (int)l->n > g->nplayers)
		return js_state_fail(e, l, "rps: 1 to %d groups",
		    g->nplayers);
	g->ngroups = (int)l->n;
	for (int i = 0; i < g->ngroups; i++) {
		struct js_rps_group *grp = &g->groups[i];

		if (node_want_kind(l->items[i], NODE_MAP, "rps", e) < 0 ||
		    node_only_keys(l->items[i], keys, e) < 0 ||
		    js_state_seq(l->items[i], "players", &m, e) < 0 ||
		    node_need_int(l->items[i], "ties", 0, JS_RPS_TIES - 1, &x,
		    e) < 0)
			return -1;
		grp->ties = (int)x;
		grp->n = 0;
		for (size_t k = 0; k < m->n; k++) {
			int p;

			if (js_state_player(g, m->items[k], 0, &p, e) < 0)
				return -1;
			if (seen & (1 << p))
				return js_state_fail(e, m->items[k], "rps: "
				    "'%.40s' twice", m->items[k]->str);
			seen |= 1 << p;
			grp->members[grp->n++] = p;
		}
		if (grp->n == 0 || (grp->n == 1 && grp->ties > 0))
			return js_state_fail(e, m, "rps: a group of one "
			    "player has no ties");
		open |= grp->n > 1;
	}
	if (seen != (1 << g->nplayers) - 1 || !open)
		return js_state_fail(e, l, "rps: every player once, and some "
		    "group still to throw");
	return 0;
}

static int
js_state_battles(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l;

	if (js_state_seq(sec, "battles", &l, e) < 0)
		return -1;
	if (l->n > JS_ARMIES)
		return js_state_fail(e, l, "battles: at most %d",
		    JS_ARMIES);
	for (size_t i = 0; i < l->n; i++) {
		char at[4], from[4], word[8];
		struct js_attack *b = &g->battles[g->nbattles++];

		if (sscanf(l->items[i]->str, "%3s %7s %3s", at, word,
		    from) != 3 || strcmp(word, "from") != 0 ||
		    (b->at = js_map_square(at)) == JS_NONE ||
		    (b->from = js_map_square(from)) == JS_NONE ||
		    !js_map_adjacent(b->at, b->from))
			return js_state_fail(e, l->items[i], "a battle is "
			    "\"SQUARE from SQUARE\", next to each other, not "
			    "'%.40s'", l->items[i]->str);
	}
	return 0;
}

static int
js_state_intrigue(struct js *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l;

	if (js_state_seq(sec, "intrigues", &l, e) < 0)
		return -1;
	if (l->n > JS_MAX_LOSE)
		return js_state_fail(e, l, "intrigues: at most %d",
		    JS_MAX_LOSE);
	for (size_t i = 0; i < l->n; i++)
		if (js_state_player(g, l->items[i], 0,
		    &g->intrigues[g->nintrigues++], e) < 0)
			return -1;
	if (js_state_seq(sec, "pending", &l, e) < 0)
		return -1;
	if (l->n > JS_MAX_STEPS)
		return js_state_fail(e, l, "pending: at most %d "
		    "orders", JS_MAX_STEPS);
	for (size_t i = 0; i < l->n; i++) {
		struct js_act a;
		char why[GAME_REASON_MAX];
		int saved = g->phase;
		struct js_step *s = &g->steps[g->nsteps++];

		g->phase = JS_P_TURN; /* read as the turn's orders */
		if (js_order_read(g, l->items[i]->str, &a, why, sizeof why) < 0 ||
		    js_turn_phase(&a) < JS_TP_TRAVEL) {
			g->phase = saved;
			return js_state_fail(e, l->items[i], "pending: only "
			    "travel and battle orders and done are kept, not "
			    "'%.60s'", l->items[i]->str);
		}
		g->phase = saved;
		*s = (struct js_step){ a.verb, a.card, a.nsq, { a.sq[0],
			a.sq[1], a.sq[2], a.sq[3] } };
	}
	return 0;
}

static int
js_state_offers(struct js *g, const struct node *sec, struct gb_err *e)
{
	static const char *const keys[] = { "from", "to", "give", "get", NULL };
	const struct node *l, *v;

	if (node_need(sec, "offers", NODE_SEQ, &l, e) < 0)
		return -1;
	if (l->n > JS_MAX_OFFERS)
		return js_state_fail(e, l, "offers: at most %d",
		    JS_MAX_OFFERS);
	for (size_t i = 0; i < l->n; i++) {
		const struct node *o = l->items[i];
		struct js_offer *x = &g->offers[g->noffers++];
		char text[2 * GAME_REASON_MAX];

		memset(x, 0, sizeof *x);
		if (node_want_kind(o, NODE_MAP, "offer", e) < 0 ||
		    node_only_keys(o, keys, e) < 0 ||
		    node_need(o, "from", NODE_SCALAR, &v, e) < 0 ||
		    js_state_player(g, v, 0, &x->from, e) < 0 ||
		    node_need(o, "to", NODE_SCALAR, &v, e) < 0 ||
		    js_state_player(g, v, 0, &x->to, e) < 0)
			return -1;
		if (x->from == x->to)
			return js_state_fail(e, o, "an offer to oneself");
		for (int side = 0; side < 2; side++) {
			struct js_act a;
			char why[GAME_REASON_MAX];
			int saved = g->phase;
			struct sbuf b;

			if (node_need(o, side ? "get" : "give", NODE_SCALAR, &v,
			    e) < 0)
				return -1;
			snprintf(text, sizeof text, "trade with %s give %s get "
			    "nothing", g->names[x->to], v->str);
			g->phase = JS_P_TURN;
			if (js_order_read(g, text, &a, why, sizeof why) < 0 &&
			    strstr(why, "nothing for nothing") == NULL) {
				g->phase = saved;
				return js_state_fail(e, v, "offer: %s", why);
			}
			g->phase = saved;
			sbuf_init(&b);
			js_trade_items_write(a.offer.give, a.offer.ngive, &b);
			if (strcmp(b.p, v->str) != 0) {
				sbuf_free(&b);
				return js_state_fail(e, v, "offer: write the "
				    "items in canonical order, not '%.60s'",
				    v->str);
			}
			sbuf_free(&b);
			memcpy(side ? x->get : x->give, a.offer.give,
			    sizeof x->give);
			*(side ? &x->nget : &x->ngive) = a.offer.ngive;
		}
	}
	return 0;
}

static int
js_state_outcome(struct js *g, const struct node *sec, struct gb_err *e)
{
	static const char *const keys[] = { "winners", "reason", NULL };
	const struct node *o = node_get(sec, "outcome"), *l, *r;

	if ((o != NULL) != (g->phase == JS_P_OVER))
		return js_state_fail(e, o != NULL ? o : sec, "outcome is there "
		    "when the game is over, only then");
	if (o == NULL)
		return 0;
	if (node_want_kind(o, NODE_MAP, "outcome", e) < 0 ||
	    node_only_keys(o, keys, e) < 0 ||
	    js_state_seq(o, "winners", &l, e) < 0 ||
	    node_need(o, "reason", NODE_SCALAR, &r, e) < 0)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		int p;

		if (js_state_player(g, l->items[i], 0, &p, e) < 0)
			return -1;
		g->winners |= 1u << p;
	}
	if (g->winners == 0 || r->len == 0 || r->len >= sizeof g->reason)
		return js_state_fail(e, o, "outcome: a winner and a reason of "
		    "at most %zu characters", sizeof g->reason - 1);
	memcpy(g->reason, r->str, r->len + 1);
	return 0;
}

void *
js_state_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	struct js *g;
	const struct node *v = NULL;
	char why[GAME_REASON_MAX];
	int counts[JS_NCARDS] = { 0 }, n = 0;

	if (pl->n < 2 || pl->n > GAME_MAX_PLAYERS) {
		err_set(e, 0, 0, "japanese-swords is played by 2 to 4 players, "
		    "not %d", pl->n);
		return NULL;
	}
	if (node_want_kind(sec, NODE_MAP, "japanese-swords", e) < 0 ||
	    node_only_keys(sec, js_state_keys, e) < 0)
		return NULL;
	g = util_calloc(1, sizeof *g);
	g->nplayers = pl->n;
	for (int p = 0; p < pl->n; p++)
		snprintf(g->names[p], sizeof g->names[p], "%s", pl->names[p]);
	for (int i = 0; i < JS_ARMIES; i++)
		js_army_remove(&g->armies[i]);
	g->phase = -1;
	if (node_need(sec, "phase", NODE_SCALAR, &v, e) == 0)
		for (int i = 0; i <= JS_P_OVER; i++)
			if (strcmp(v->str, js_save_phases[i]) == 0)
				g->phase = i;
	if (g->phase < 0) {
		if (v != NULL)
			js_state_fail(e, v, "phase is rps, turn, intrigue, "
			    "battle, march or over");
		goto fail;
	}
	if (js_state_turn(g, sec, e) < 0 || js_state_rps(g, sec, e) < 0 ||
	    js_state_map(g, sec, e) < 0 || js_state_sites(g, sec, e) < 0 ||
	    js_state_clans(g, sec, e) < 0 || js_state_armies(g, sec, e) < 0 ||
	    js_state_cards(sec, "deck", 0, counts, g->deck, &n, e) < 0 ||
	    js_state_cards(sec, "discard", 1, g->discard, NULL, NULL, e) < 0 ||
	    js_state_battles(g, sec, e) < 0 || js_state_intrigue(g, sec, e) < 0 ||
	    js_state_offers(g, sec, e) < 0 || js_state_outcome(g, sec, e) < 0)
		goto fail;
	/* The deck is written top first; the top is kept last. */
	g->ndeck = n;
	for (int i = 0; i < n / 2; i++) {
		int t = g->deck[i];

		g->deck[i] = g->deck[n - 1 - i];
		g->deck[n - 1 - i] = t;
	}
	if (js_check_game(g, why, sizeof why) < 0) {
		js_state_fail(e, sec, "the game is inconsistent: %s", why);
		goto fail;
	}
	return g;
fail:
	free(g);
	return NULL;
}
