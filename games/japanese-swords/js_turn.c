/* js_turn.c - the six phases of a turn, order by order.
 *
 * A turn's orders go in phase order; an order of a later phase first runs
 * what each phase between does by itself:
 *
 *   start    the player's offers from the last turn lapse
 *   revenue  3 gold per fortress, 1 per keep, 1 per Tribute trait;
 *            then Prosperity
 *   trade    trade orders, paid from the gold revenue brought
 *   expense  disband orders; then upkeep, 1 gold an army, the unpaid
 *            disbanded; then raise orders
 *   draw     1 card, 1 per Ninja House (kept if a Ninja); then draw N
 *   honor    1 per honor trait; then Much Honor, honor N (2D6 limits
 *            it), Ninja, Shinobi Spies, Intrigue, in the order written
 *   travel   (Intrigue answered first) Forced March, moves
 *   battle   attack orders: the battles are fought after done
 *
 * The same code checks orders (plan: on a copy of the game, nothing
 * random: no card is drawn and honor bought is not counted, so gold and
 * hands can only be better when played) and plays them.  What a later
 * order may rely on is therefore known when it is checked. */
#include <stdio.h>
#include <string.h>

#include "js.h"

static const char *const js_turn_phases[] = {
	[JS_TP_START] = "start", [JS_TP_REVENUE] = "revenue",
	[JS_TP_TRADE] = "trade",
	[JS_TP_DISBAND] = "expense", [JS_TP_RAISE] = "expense",
	[JS_TP_DRAW] = "draw", [JS_TP_HONOR] = "honor",
	[JS_TP_TRAVEL] = "travel", [JS_TP_BATTLE] = "battle",
	[JS_TP_END] = "end",
};


void
js_turn_start(struct js_run *r, struct js *g, int player, struct rng *rng,
    struct events *ev)
{
	memset(r, 0, sizeof *r);
	r->g = g;
	r->player = player;
	r->rng = rng;
	r->ev = ev;
	r->march = g->phase == JS_P_MARCH;
	r->tp = r->march ? JS_TP_TRAVEL : JS_TP_START;
	for (int i = 0; i < JS_ARMIES; i++)
		g->armies[i].mp = g->armies[i].attacked = 0;
}

int
js_turn_phase(const struct js_act *a)
{
	switch (a->verb) {
	case JS_V_TRADE: return JS_TP_TRADE;
	case JS_V_PLAY: return js_cards[a->card].phase;
	case JS_V_DISBAND: return JS_TP_DISBAND;
	case JS_V_RAISE: return JS_TP_RAISE;
	case JS_V_DRAW: return JS_TP_DRAW;
	case JS_V_HONOR: return JS_TP_HONOR;
	case JS_V_MOVE: return JS_TP_TRAVEL;
	case JS_V_ATTACK: return JS_TP_BATTLE;
	default: return JS_TP_END;
	}
}

int
js_turn_complete(const struct js_run *r)
{
	return r->done || r->g->phase == JS_P_OVER;
}

int
js_turn_income(const struct js *g, int p, int *forts, int *keeps,
    int *tribute)
{
	*forts = *keeps = 0;
	for (int i = 0; i < g->nsites; i++)
		if (g->sites[i].control == p)
			*(g->sites[i].fortress ? forts : keeps) += 1;
	*tribute = js_traits_count(g, p, JS_E_TRIBUTE, 0);
	return JS_FORT_GOLD * *forts + JS_KEEP_GOLD * *keeps + *tribute;
}

static void
js_turn_revenue(struct js_run *r)
{
	struct js *g = r->g;
	int p = r->player, forts, keeps, tribute;
	int gold = js_turn_income(g, p, &forts, &keeps, &tribute);

	g->clans[p].gold += gold;
	if (r->ev != NULL)
		events_add(r->ev, EVENT_ALL, "Revenue: %s collects %d gold (%d "
		    "fortress%s, %d keep%s, %d Tribute) and has %d.",
		    js_clan_who(g, p), gold, forts, forts == 1 ? "" : "es", keeps,
		    keeps == 1 ? "" : "s", tribute, g->clans[p].gold);
}

/* The armies that go unpaid: the least experienced, then the farthest
 * from home, then the last in reading order. */
static struct js_army *
js_turn_unpaid(struct js *g, int p)
{
	struct js_army *worst = NULL;
	int home = g->sites[js_site_home(g, p)].sq;

	for (int i = 0; i < JS_ARMIES; i++) {
		struct js_army *a = &g->armies[i];

		if (a->sq == JS_NONE || a->owner != p)
			continue;
		if (worst == NULL || a->exp < worst->exp ||
		    (a->exp == worst->exp &&
		    (js_map_distance(a->sq, home) > js_map_distance(worst->sq,
		    home) || (js_map_distance(a->sq, home) ==
		    js_map_distance(worst->sq, home) && a->sq > worst->sq))))
			worst = a;
	}
	return worst;
}

static void
js_turn_upkeep(struct js_run *r)
{
	struct js *g = r->g;
	int p = r->player, n = js_army_count(g, p);
	struct js_clan *c = &g->clans[p];
	char a[4];

	while (c->gold < n) {
		struct js_army *u = js_turn_unpaid(g, p);

		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "Upkeep: %s cannot pay for "
			    "the army at %s, which is disbanded.", js_clan_who(g, p),
			    js_map_name(u->sq, a));
		js_army_remove(u);
		n--;
	}
	c->gold -= n;
	if (r->ev != NULL)
		events_add(r->ev, EVENT_ALL, "Upkeep: %s pays %d gold for %d "
		    "arm%s and has %d.", js_clan_who(g, p), n, n, n == 1 ? "y" : "ies",
		    c->gold);
}

/* Ninja House: one more card, seen by its drawer alone; kept only if a
 * Ninja, which everyone is told, and else discarded face down. */
static void
js_turn_ninja_house(struct js_run *r)
{
	struct js *g = r->g;
	int p = r->player, n = js_traits_count(g, p, JS_E_NINJA_HOUSE, 0);

	for (int i = 0; i < n; i++) {
		int before[JS_NCARDS], c = -1;

		memcpy(before, g->clans[p].hand, sizeof before);
		if (js_cards_draw(g, p, 1, " for the Ninja House", r->rng,
		    r->ev) == 0)
			return;
		for (int k = 0; k < JS_NCARDS; k++)
			if (g->clans[p].hand[k] != before[k])
				c = k;
		if (c == JS_CARD_NINJA) {
			events_add(r->ev, EVENT_ALL, "Ninja House: %s keeps the "
			    "card drawn, a Ninja.", js_clan_who(g, p));
			continue;
		}
		g->clans[p].hand[c]--;
		g->discard[c]++;
		events_add(r->ev, EVENT_ALL, "Ninja House: %s discards the card "
		    "drawn, face down: it is not a Ninja.", js_clan_who(g, p));
	}
}

static void
js_turn_honor_traits(struct js_run *r)
{
	struct js *g = r->g;
	int p = r->player, n = js_traits_count(g, p, JS_E_HONOR, 0);

	if (n == 0)
		return;
	if (r->ev != NULL)
		events_add(r->ev, EVENT_ALL, "Honor: %s gains %d honor from the "
		    "clan's traits (now %d).", js_clan_who(g, p), n,
		    g->clans[p].honor + n);
	js_clan_honor(g, p, n, r->ev);
}

/* The Intrigues whose target holds fewer than 3 cards: "must lose 3
 * cards or 3 honor", and 3 cards it cannot lose, so it loses 3 honor at
 * once, with no decision to wait for; the others stay owed. */
static void
js_turn_intrigue_forced(struct js_run *r)
{
	struct js *g = r->g;
	int k = 0;

	for (int i = 0; i < g->nintrigues; i++) {
		int t = g->intrigues[i], held = js_cards_count(g->clans[t].hand);

		if (held >= 3) {
			g->intrigues[k++] = t;
			continue;
		}
		g->clans[t].honor -= 3;
		events_add(r->ev, EVENT_ALL, "Intrigue: %s holds %d card%s, "
		    "fewer than 3, so loses 3 honor (now %d).", js_clan_who(g,
		    t), held, held == 1 ? "" : "s", g->clans[t].honor);
	}
	g->nintrigues = k;
}

/* What a phase does by itself when it begins. */
static void
js_turn_enter(struct js_run *r, int tp)
{
	switch (tp) {
	case JS_TP_REVENUE:
		js_turn_revenue(r);
		break;
	case JS_TP_RAISE:
		js_turn_upkeep(r);
		break;
	case JS_TP_DRAW:
		if (r->ev == NULL)
			break;
		js_cards_draw(r->g, r->player, 1, " in the draw phase", r->rng,
		    r->ev);
		js_turn_ninja_house(r);
		break;
	case JS_TP_HONOR:
		js_turn_honor_traits(r);
		break;
	case JS_TP_TRAVEL:
		/* Intrigue targets answer before travel: stop here, unless
		 * none has a choice. */
		if (r->ev != NULL && r->g->nintrigues > 0 && !r->march)
			js_turn_intrigue_forced(r);
		if (r->ev != NULL && r->g->nintrigues > 0 && !r->march)
			r->paused = 1;
		break;
	default:
		break;
	}
}

/* What js_turn_enter changes in a plan: gold and honor (revenue,
 * upkeep, honor traits), armies (upkeep) and, if the honor wins, what
 * js_clan_win sets.  Copied from g into keep, or (keep NULL) from
 * back into g. */
#define JS_TURN_UNDO_FIELDS(X) X(clans) X(armies) X(phase) X(nbattles) \
	X(nsteps) X(nintrigues) X(winners) X(reason)

static void
js_turn_undo_copy(struct js *g, struct js_turn_undo *keep,
    const struct js_turn_undo *back)
{
#define JS_TURN_UNDO_COPY(f) \
	_Static_assert(sizeof g->f == \
	    sizeof ((const struct js_turn_undo *)0)->f, "undo: " #f); \
	if (keep != NULL) \
		memcpy(&keep->f, &g->f, sizeof g->f); \
	else \
		memcpy(&g->f, &back->f, sizeof g->f);
	JS_TURN_UNDO_FIELDS(JS_TURN_UNDO_COPY)
#undef JS_TURN_UNDO_COPY
}

void
js_turn_undo_keep(const struct js_run *r, struct js_turn_undo *u)
{
	u->r = *r;
	js_turn_undo_copy(r->g, u, NULL);
}

void
js_turn_undo(struct js_run *r, const struct js_turn_undo *u)
{
	*r = u->r;
	js_turn_undo_copy(r->g, NULL, u);
}

void
js_turn_reach(struct js_run *r, int tp)
{
	while (r->tp < tp && r->g->phase != JS_P_OVER && !r->paused)
		js_turn_enter(r, ++r->tp);
}

/* The army at sq (js_army_on), from r's table when it has one. */
static const struct js_army *
js_turn_army_on(const struct js_run *r, int sq)
{
	if (r->at == NULL)
		return js_army_on(r->g, sq);
	return sq >= 0 && sq < JS_SQUARES ? r->at[sq] : NULL;
}

/* The player's army at sq that may act now, or NULL with why set. */
static const struct js_army *
js_turn_own_army(const struct js_run *r, int sq, char *why, size_t size)
{
	const struct js_army *a = js_turn_army_on(r, sq);
	char s[4];

	if (a == NULL || a->owner != r->player) {
		game_why(why, size, "you have no army at %s",
		    js_map_name(sq, s));
		return NULL;
	}
	if (r->march && !a->march) {
		game_why(why, size, "the army at %s is not on a Forced March",
		    js_map_name(sq, s));
		return NULL;
	}
	return a;
}

/* Is sq p's home fortress, held ("its owners fortress": the one p
 * starts with, whose loss puts p out)? */
static int
js_turn_home(const struct js *g, int p, int sq)
{
	int at = g->site_at[sq];

	return at != JS_NONE && g->sites[at].fortress &&
	    g->sites[at].home == p && g->sites[at].control == p;
}

int
js_turn_raise_near(const struct js *g, int p, int sq)
{
	int nb[4], k = js_map_neighbours(sq, nb), near = js_turn_home(g, p,
	    sq);

	for (int i = 0; i < k && !near; i++)
		near = js_turn_home(g, p, nb[i]);
	return near;
}

void
js_turn_raise_table(const struct js *g, int p, char near[JS_SQUARES])
{
	int nb[4], k, home = js_site_home(g, p), sq;

	memset(near, 0, JS_SQUARES);
	/* Neighbours are mutual: the home fortress marks itself and the
	 * squares next to it. */
	if (home == JS_NONE || !js_turn_home(g, p, sq = g->sites[home].sq))
		return;
	k = js_map_neighbours(sq, nb);
	near[sq] = 1;
	for (int d = 0; d < k; d++)
		near[nb[d]] = 1;
}

/* Where p may raise an army: in or next to p's home fortress, on a
 * passable square with no army, not a fortress or keep held by another. */
static int
js_turn_raise_square(const struct js *g, int p, int sq, char *why,
    size_t size)
{
	int site;
	char s[4];

	js_map_name(sq, s);
	if (!js_turn_raise_near(g, p, sq)) {
		game_why(why, size, "%s is neither in nor next to your home "
		    "fortress", s);
		return -1;
	}
	if (js_map_terrains[g->map[sq]].cost == 0 || js_army_on(g, sq) != NULL) {
		game_why(why, size, "%s is %s", s, js_army_on(g, sq) != NULL ?
		    "taken by an army" : "impassable");
		return -1;
	}
	site = g->site_at[sq];
	if (site != JS_NONE && g->sites[site].control != p) {
		game_why(why, size, "the keep at %s is not yours: take it by "
		    "moving in", s);
		return -1;
	}
	return 0;
}

/* Is card played in a phase after the draw (honor, travel), so that a
 * card drawn this turn may be played? */
static int
js_turn_after_draw(int card)
{
	return js_cards[card].phase > JS_TP_DRAW;
}

/* A card played after the draw phase that the player does not hold when
 * the orders are checked: it may come in the draw phase, so the order is
 * judged on its target alone (and plays nothing when checked). */
static int
js_turn_not_drawn_yet(const struct js_run *r, const struct js_act *a)
{
	return r->ev == NULL && !r->hand_known && js_turn_after_draw(a->card) &&
	    !r->march;
}

static int
js_turn_check_play(const struct js_run *r, const struct js_act *a,
    char *why, size_t size)
{
	const struct js *g = r->g;
	const struct js_army *t;
	char s[4];

	if (g->clans[r->player].hand[a->card] == 0 &&
	    !js_turn_not_drawn_yet(r, a)) {
		game_why(why, size, "you hold no %s", js_cards[a->card].name);
		return -1;
	}
	switch (js_cards[a->card].aim) {
	case JS_AIM_PLAYER:
		if (a->player == r->player || g->clans[a->player].out) {
			game_why(why, size, "%s needs another player still in "
			    "the game", js_cards[a->card].name);
			return -1;
		}
		return 0;
	case JS_AIM_ARMY:
		/* Ninja: only an enemy's experience is worth 3 honor. */
		if ((t = js_turn_army_on(r, a->sq[0])) == NULL ||
		    t->owner == r->player) {
			game_why(why, size, "there is no enemy army at %s",
			    js_map_name(a->sq[0], s));
			return -1;
		}
		if (t->exp == 0) {
			game_why(why, size, "the army at %s has no experience "
			    "to lose", js_map_name(a->sq[0], s));
			return -1;
		}
		return 0;
	case JS_AIM_OWN_ARMY:
		if ((t = js_turn_own_army(r, a->sq[0], why, size)) == NULL)
			return -1;
		if (t->march) {
			game_why(why, size, "that army is already on a Forced "
			    "March");
			return -1;
		}
		return 0;
	default:
		return 0;
	}
}

static int
js_turn_check_move(const struct js_run *r, const struct js_act *a,
    char *why, size_t size)
{
	const struct js *g = r->g;
	const struct js_army *army;
	int mp, at = a->sq[0];
	char s[4];

	if ((army = js_turn_own_army(r, at, why, size)) == NULL)
		return -1;
	mp = army->mp;
	for (int i = 1; i < a->nsq; i++) {
		int to = a->sq[i], cost = js_map_terrains[g->map[to]].cost;

		js_map_name(to, s);
		if (!js_map_adjacent(at, to)) {
			game_why(why, size, "%s is not next to the square before "
			    "it: an army moves one square at a time", s);
			return -1;
		}
		if (cost == 0) {
			game_why(why, size, "%s is impassable", s);
			return -1;
		}
		/* The army moving may come back to a square it left. */
		if (js_turn_army_on(r, to) != NULL &&
		    js_turn_army_on(r, to) != army) {
			game_why(why, size, "%s holds an army: only one army may "
			    "occupy a space", s);
			return -1;
		}
		if (mp + cost > JS_MP) {
			game_why(why, size, "entering %s costs %d movement "
			    "point%s and the army has %d left", s, cost,
			    cost == 1 ? "" : "s", JS_MP - mp);
			return -1;
		}
		mp += cost;
		at = to;
	}
	return 0;
}

static int
js_turn_check_attack(const struct js_run *r, const struct js_act *a,
    char *why, size_t size)
{
	const struct js_army *att, *def;
	char s[4];

	if ((att = js_turn_own_army(r, a->sq[1], why, size)) == NULL)
		return -1;
	def = js_turn_army_on(r, a->sq[0]);
	if (att->attacked) {
		game_why(why, size, "the army at %s already attacks in this "
		    "battle phase", js_map_name(a->sq[1], s));
		return -1;
	}
	if (def == NULL || def->owner == r->player) {
		game_why(why, size, "there is no enemy army at %s",
		    js_map_name(a->sq[0], s));
		return -1;
	}
	if (!js_map_adjacent(a->sq[0], a->sq[1])) {
		game_why(why, size, "%s is not next to the attacking army",
		    js_map_name(a->sq[0], s));
		return -1;
	}
	return 0;
}

/* Refuse an order that costs more gold than the player will have; for
 * an order of N at each gold apiece (draw N, honor N), name the most
 * N the gold pays for. */
static int
js_turn_check_gold(const struct js_run *r, int cost, const char *what,
    const char *order, int each, char *why, size_t size)
{
	int gold = r->g->clans[r->player].gold;

	if (gold >= cost)
		return 0;
	if (order == NULL)
		return game_why(why, size, "%s costs %d gold and you will have "
		    "%d then", what, cost, gold);
	if (gold < each)
		return game_why(why, size, "%s costs %d gold and you will have "
		    "%d then: none can be paid for", what, cost, gold);
	return game_why(why, size, "%s costs %d gold and you will have %d "
	    "then: '%s %d' is the most you can pay for", what, cost, gold,
	    order, gold / each);
}

int
js_turn_check(const struct js_run *r, const struct js_act *a, char *why,
    size_t size)
{
	const struct js *g = r->g;
	int p = r->player;

	switch (a->verb) {
	case JS_V_PLAY:
		return js_turn_check_play(r, a, why, size);
	case JS_V_DISBAND:
		return js_turn_own_army(r, a->sq[0], why, size) == NULL ? -1 :
		    0;
	case JS_V_RAISE:
		if (js_army_count(g, p) >= JS_ARMY_MAX) {
			game_why(why, size, "you have %d armies, the most a "
			    "clan may have", JS_ARMY_MAX);
			return -1;
		}
		if (js_turn_check_gold(r, JS_RAISE_COST, "an army", NULL, 0,
		    why, size) < 0)
			return -1;
		if (r->raised) {
			game_why(why, size, "one new army a turn");
			return -1;
		}
		return js_turn_raise_square(g, p, a->sq[0], why, size);
	case JS_V_DRAW:
		if (r->drew) {
			game_why(why, size, "one draw order a turn");
			return -1;
		}
		return js_turn_check_gold(r, JS_DRAW_COST * a->n, "drawing",
		    "draw", JS_DRAW_COST, why, size);
	case JS_V_HONOR:
		if (r->bought) {
			game_why(why, size, "one honor order a turn");
			return -1;
		}
		return js_turn_check_gold(r, JS_HONOR_COST * a->n,
		    "buying that much honor", "honor", JS_HONOR_COST, why,
		    size);
	case JS_V_MOVE:
		return js_turn_check_move(r, a, why, size);
	case JS_V_ATTACK:
		return js_turn_check_attack(r, a, why, size);
	default:
		return 0;
	}
}

static void
js_turn_play_card(struct js_run *r, const struct js_act *a)
{
	struct js *g = r->g;
	int p = r->player;
	struct js_army *t;
	char s[4];
	struct sbuf b;

	g->clans[p].hand[a->card]--;
	g->discard[a->card]++;
	if (r->ev != NULL)
		events_add(r->ev, EVENT_ALL, "%s plays %s%s%s.", js_clan_who(g, p),
		    js_cards[a->card].name, js_cards[a->card].aim ==
		    JS_AIM_NONE ? "" : " on ", js_cards[a->card].aim ==
		    JS_AIM_PLAYER ? js_clan_who(g, a->player) :
		    js_cards[a->card].aim == JS_AIM_NONE ? "" :
		    js_map_name(a->sq[0], s));
	switch (a->card) {
	case JS_CARD_PROSPERITY:
		g->clans[p].gold += 3;
		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "Prosperity: %s gains 3 "
			    "gold and has %d.", js_clan_who(g, p),
			    g->clans[p].gold);
		break;
	case JS_CARD_MUCH_HONOR:
		js_clan_honor(g, p, 4, r->ev);
		break;
	case JS_CARD_NINJA:
		t = js_army_at(g, a->sq[0]);
		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "Ninja: the army at %s loses "
			    "its %d experience; %s loses 3 honor (now %d).",
			    js_map_name(a->sq[0], s), t->exp, js_clan_who(g, p),
			    g->clans[p].honor - 3);
		t->exp = 0;
		js_clan_honor(g, p, -3, r->ev);
		break;
	case JS_CARD_SHINOBI_SPIES:
		if (r->ev == NULL)
			break;
		sbuf_init(&b);
		js_cards_list(g->clans[a->player].hand, &b);
		events_add(r->ev, EVENT_TO(p), "Shinobi Spies: the hand of %s "
		    "is %s.", js_clan_who(g, a->player), b.p);
		sbuf_free(&b);
		break;
	case JS_CARD_INTRIGUE:
		g->intrigues[g->nintrigues++] = a->player;
		break;
	case JS_CARD_FORCED_MARCH:
		js_army_at(g, a->sq[0])->march = 1;
		break;
	default:
		break;
	}
}

static void
js_turn_move(struct js_run *r, const struct js_act *a)
{
	struct js *g = r->g;
	struct js_army *army = js_army_at(g, a->sq[0]);
	char s[4];
	struct sbuf b;

	for (int i = 1; i < a->nsq; i++) {
		army->mp += js_map_terrains[g->map[a->sq[i]]].cost;
		army->sq = a->sq[i];
	}
	if (r->ev != NULL) {
		sbuf_init(&b);
		sbuf_printf(&b, "%s moves the army at %s",
		    js_clan_who(g, r->player), js_map_name(a->sq[0], s));
		for (int i = 1; i < a->nsq; i++)
			sbuf_printf(&b, " to %s", js_map_name(a->sq[i], s));
		events_add(r->ev, EVENT_ALL, "%s.", b.p);
		sbuf_free(&b);
	}
	/* Every fortress or keep entered on the way is taken. */
	for (int i = 1; i < a->nsq && g->phase != JS_P_OVER; i++)
		js_site_enter(g, r->player, a->sq[i], r->ev);
}

static void
js_turn_honor(struct js_run *r, int n)
{
	struct js *g = r->g;
	int p = r->player, d1, d2, buy;

	if (r->ev == NULL) {
		/* Planning: the roll is unknown; count the highest cost. */
		g->clans[p].gold -= JS_HONOR_COST * n;
		return;
	}
	d1 = rng_die(r->rng, 6);
	d2 = rng_die(r->rng, 6);
	buy = n < d1 + d2 ? n : d1 + d2;
	g->clans[p].gold -= JS_HONOR_COST * buy;
	events_add(r->ev, EVENT_ALL, "Honor: %s asks to buy %d honor and "
	    "rolls 2D6: %d + %d = %d, so buys %d for %d gold (now %d honor, "
	    "%d gold).", js_clan_who(g, p), n, d1, d2, d1 + d2, buy,
	    JS_HONOR_COST * buy, g->clans[p].honor + buy, g->clans[p].gold);
	js_clan_honor(g, p, buy, r->ev);
}

static void
js_turn_apply(struct js_run *r, const struct js_act *a)
{
	struct js *g = r->g;
	int p = r->player, got;
	char s[4], t[4];

	switch (a->verb) {
	case JS_V_PLAY:
		js_turn_play_card(r, a);
		break;
	case JS_V_DISBAND:
		js_army_remove(js_army_at(g, a->sq[0]));
		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "%s disbands the army at "
			    "%s.", js_clan_who(g, p), js_map_name(a->sq[0], s));
		break;
	case JS_V_RAISE:
		r->raised = 1;
		g->clans[p].gold -= JS_RAISE_COST;
		js_army_add(g, a->sq[0], p, 0);
		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "%s raises an army at %s "
			    "for %d gold.", js_clan_who(g, p), js_map_name(a->sq[0], s),
			    JS_RAISE_COST);
		break;
	case JS_V_DRAW:
		r->drew = 1;
		got = r->ev == NULL ? a->n : js_cards_draw(g, p, a->n,
		    " for gold", r->rng, r->ev);
		g->clans[p].gold -= JS_DRAW_COST * got;
		break;
	case JS_V_HONOR:
		r->bought = 1;
		js_turn_honor(r, a->n);
		break;
	case JS_V_MOVE:
		js_turn_move(r, a);
		break;
	case JS_V_ATTACK:
		js_army_at(g, a->sq[1])->attacked = 1;
		g->battles[g->nbattles++] = (struct js_attack){ a->sq[0],
			a->sq[1] };
		if (r->ev != NULL)
			events_add(r->ev, EVENT_ALL, "%s declares an attack on "
			    "%s from %s.", js_clan_who(g, p), js_map_name(a->sq[0], s),
			    js_map_name(a->sq[1], t));
		break;
	default:
		break;
	}
}

/* Keep an order for after the Intrigue answers. */
static void
js_turn_keep(struct js *g, const struct js_act *a)
{
	struct js_step *s = &g->steps[g->nsteps++];

	memset(s, 0, sizeof *s);
	s->verb = a->verb;
	s->card = a->card;
	s->nsq = a->nsq;
	memcpy(s->sq, a->sq, sizeof s->sq);
}

int
js_turn_take(struct js_run *r, const struct js_act *a, char *why,
    size_t size)
{
	struct js *g = r->g;
	int tp = js_turn_phase(a);

	if (r->paused) {
		js_turn_keep(g, a);
		return 0;
	}
	if (g->phase == JS_P_OVER) {
		game_why(why, size, "the game is over before this order: %.120s",
		    g->reason);
		return -1;
	}
	if (r->done) {
		game_why(why, size, "the orders ended with done");
		return -1;
	}
	if (r->march && a->verb != JS_V_MOVE && a->verb != JS_V_ATTACK &&
	    a->verb != JS_V_DONE) {
		game_why(why, size, "a Forced March takes only move, attack and "
		    "done");
		return -1;
	}
	if (tp < r->tp) {
		game_why(why, size, "this is an order of the %s phase, which is "
		    "over: orders go in phase order (revenue, trade, expense, "
		    "draw, honor, travel, battle)", js_turn_phases[tp]);
		return -1;
	}
	js_turn_reach(r, tp);
	if (r->paused) {
		js_turn_keep(g, a);
		return 0;
	}
	if (g->phase == JS_P_OVER)
		return 0; /* the phases before it ended the game */
	if (a->verb == JS_V_DONE) {
		r->done = 1;
		return 0;
	}
	if (a->verb == JS_V_TRADE)
		return js_trade_order(r, &a->offer, why, size);
	if (a->verb == JS_V_PLAY && g->clans[r->player].hand[a->card] == 0 &&
	    js_turn_after_draw(a->card)) {
		if (r->ev != NULL) {
			/* Not drawn after all: told to the player alone, as
			 * it tells what the hand lacks. */
			events_add(r->ev, EVENT_TO(r->player), "You hold no %s "
			    "after the draw: your order to play it does "
			    "nothing.", js_cards[a->card].name);
			return 0;
		}
		if (r->hand_known)
			return 0;
		if (js_turn_not_drawn_yet(r, a))
			return js_turn_check(r, a, why, size);
	}
	if (js_turn_check(r, a, why, size) < 0)
		return -1;
	js_turn_apply(r, a);
	return 0;
}
