/* js_battle.c - one battle: both sides draw five, set cards aside face
 * down (a sealed decision of attacker and defender), and the reveal
 * decides it with the force arithmetic written out in the log.
 *
 * A side's force is the sum of its cards, each card its Force plus its
 * own bonus when it applies (defending, attacking, at siege, in open
 * ground) plus every card-type trait of the clan that matches it; plus
 * the army's experience; plus, for the defender, the defence of the
 * terrain it stands on; plus the clan's force traits (Art of War, Ying,
 * Yang, Fortifications and Siegecraft at a siege).  A battle is a siege
 * when the defender stands in a fortress or keep, else on open ground.
 * The higher force wins; the defender wins ties. */
#include <stdio.h>
#include <string.h>

#include "js.h"

static const char *const js_battle_conds[] = {
	[JS_C_NONE] = "", [JS_C_DEFENDING] = "defending",
	[JS_C_ATTACKING] = "attacking", [JS_C_SIEGE] = "at siege",
	[JS_C_OPEN] = "in open ground",
};

static int
js_battle_siege(const struct js *g)
{
	return g->site_at[g->battles[0].at] != JS_NONE;
}

static void
js_battle_pop(struct js *g)
{
	memmove(&g->battles[0], &g->battles[1],
	    (size_t)(g->nbattles - 1) * sizeof g->battles[0]);
	g->nbattles--;
}

/* The force of one card of p's, explained as "Yari Samurai 6 +1
 * defending +2 Spear Dojo". */
static int
js_battle_card(const struct js *g, int p, int card, int defending, int siege,
    struct sbuf *why)
{
	const struct js_card *c = &js_cards[card];
	int v = c->force, on;

	if (why != NULL)
		sbuf_printf(why, "%s %d", c->name, c->force);
	switch (c->cond) {
	case JS_C_DEFENDING: on = defending; break;
	case JS_C_ATTACKING: on = !defending; break;
	case JS_C_SIEGE: on = siege; break;
	case JS_C_OPEN: on = !siege; break;
	default: on = 0; break;
	}
	if (on) {
		v += c->bonus;
		if (why != NULL)
			sbuf_printf(why, " +%d %s", c->bonus,
			    js_battle_conds[c->cond]);
	}
	if (!(c->tags & JS_T_TROOP))
		return v;
	for (int i = 0; i < g->nsites; i++) {
		if (g->sites[i].control != p)
			continue;
		for (int k = 0; k < g->sites[i].ntraits; k++) {
			const struct js_trait *t = &js_traits[g->sites[i].traits[k]];

			if (t->effect != JS_E_TAG || !(t->tag & c->tags))
				continue;
			v += t->amount;
			if (why != NULL)
				sbuf_printf(why, " +%d %s", t->amount, t->name);
		}
	}
	return v;
}

static void
js_battle_term(struct sbuf *why, int n, const char *what)
{
	if (n != 0 && why != NULL)
		sbuf_printf(why, ", %s%d %s", n > 0 ? "+" : "", n, what);
}

/* Everything but the cards: experience, terrain, the clan's traits. */
static int
js_battle_rest(const struct js *g, int p, const struct js_army *army,
    int defending, int siege, struct sbuf *why)
{
	const struct js_terrain *t = &js_map_terrains[g->map[army->sq]];
	int v = army->exp, n;

	js_battle_term(why, army->exp, "experience");
	if (defending) {
		v += t->defence;
		js_battle_term(why, t->defence, t->name);
	}
	v += n = js_traits_count(g, p, JS_E_FORCE, 0);
	js_battle_term(why, n, "Art of War");
	if (defending) {
		v += n = js_traits_count(g, p, JS_E_DEF, 0);
		js_battle_term(why, n, "Ying");
		v += n = siege ? js_traits_count(g, p, JS_E_DEF_SITE, 0) : 0;
		js_battle_term(why, n, "Fortifications");
	} else {
		v += n = js_traits_count(g, p, JS_E_ATT, 0);
		js_battle_term(why, n, "Yang");
		v += n = siege ? js_traits_count(g, p, JS_E_ATT_SITE, 0) : 0;
		js_battle_term(why, n, "Siegecraft");
	}
	return v;
}

int
js_battle_base(const struct js *g, int p, struct sbuf *why)
{
	int defending = p != g->active;
	const struct js_army *a = js_army_on(g, defending ? g->battles[0].at :
	    g->battles[0].from);

	sbuf_puts(why, "the cards");
	return js_battle_rest(g, p, a, defending, js_battle_siege(g), why);
}

void
js_battle_values(const struct js *g, int p, struct sbuf *out)
{
	int defending = p != g->active, siege = js_battle_siege(g), any = 0;

	for (int c = 0; c < JS_NCARDS; c++)
		if (g->clans[p].hand[c] > 0 && js_cards[c].force > 0) {
			sbuf_printf(out, "%s%s %d", any ? ", " : "",
			    js_cards[c].name, js_battle_card(g, p, c, defending,
			    siege, NULL));
			any = 1;
		}
	if (!any)
		sbuf_puts(out, "none");
}

int
js_battle_start(struct js *g, struct rng *rng, struct events *ev)
{
	struct js_attack b = g->battles[0];
	const struct js_army *att = js_army_on(g, b.from), *def =
	    js_army_on(g, b.at);
	char x[4], y[4];
	const char *off = NULL;

	js_map_name(b.at, x);
	js_map_name(b.from, y);
	if (att == NULL || att->owner != g->active)
		off = "the attacking army is no longer there";
	else if (def == NULL || def->owner == g->active)
		off = "no enemy army stands there now";
	if (off != NULL) {
		events_add(ev, EVENT_ALL, "The attack on %s from %s is off: %s.",
		    x, y, off);
		js_battle_pop(g);
		return -1;
	}
	events_add(ev, EVENT_ALL, "Battle at %s: %s's army at %s (experience "
	    "%d) attacks %s's army (experience %d) %s %s.", x,
	    js_clan_who(g, att->owner), y, att->exp, js_clan_who(g, def->owner),
	    def->exp, js_battle_siege(g) ? "in a siege of the" :
	    "on open ground,", js_map_terrains[g->map[b.at]].word);
	js_cards_draw(g, att->owner, JS_BATTLE_DRAW, " for the battle", rng, ev);
	js_cards_draw(g, def->owner, JS_BATTLE_DRAW, " for the battle", rng, ev);
	return 0;
}

int
js_battle_check(const struct js *g, int p, const struct js_act *a, char *why,
    size_t size)
{
	const int *hand = g->clans[p].hand;
	int held = js_cards_count(hand), troops = 0, n = 0, want[JS_NCARDS];

	memcpy(want, a->cards, sizeof want);
	if (a->verb == JS_V_KEEP) {
		memset(want, 0, sizeof want);
		for (int i = 0; i < a->nlist; i++)
			want[a->list[i]]++;
	}
	for (int c = 0; c < JS_NCARDS; c++) {
		if (want[c] > hand[c]) {
			game_why(why, size, "you hold %d %s, not %d", hand[c],
			    js_cards[c].name, want[c]);
			return -1;
		}
		n += want[c];
		if (js_cards[c].tags & JS_T_LIMITED)
			troops += want[c];
	}
	if (a->verb == JS_V_KEEP)
		return 0;
	if (held > 0 && (n < 1 || n > JS_BATTLE_MAX)) {
		game_why(why, size, "set aside 1 to %d cards, not %d",
		    JS_BATTLE_MAX, n);
		return -1;
	}
	for (int c = 0; c < JS_NCARDS; c++)
		if (want[c] > 1 && (c == JS_CARD_TREACHERY ||
		    c == JS_CARD_DIPLOMACY)) {
			game_why(why, size, "at most one %s a battle: only "
			    "Superior Tactics may be played several times",
			    js_cards[c].name);
			return -1;
		}
	if (troops > JS_BATTLE_TROOPS) {
		game_why(why, size, "at most %d of the cards may be troops "
		    "(peasant, soldier or samurai cards), not %d",
		    JS_BATTLE_TROOPS, troops);
		return -1;
	}
	return 0;
}

/* Add to cards, up to n == max in all, the strongest cards held that are
 * of the limited classes (limited) or outside them (!limited: Warrior
 * Monks and Superior Tactics). */
static void
js_battle_strongest(const struct js *g, int p, int limited, int max,
    int cards[JS_NCARDS], int *n)
{
	const int *hand = g->clans[p].hand;
	int defending = p != g->active, siege = js_battle_siege(g);

	while (*n < max) {
		int best = -1, bv = 0;

		for (int c = 0; c < JS_NCARDS; c++) {
			unsigned tags = js_cards[c].tags;
			int v, ok = limited ? (tags & JS_T_LIMITED) != 0 :
			    !(tags & JS_T_LIMITED) && ((tags & JS_T_TROOP) ||
			    c == JS_CARD_SUPERIOR_TACTICS);

			if (!ok || cards[c] >= hand[c])
				continue;
			v = js_battle_card(g, p, c, defending, siege, NULL);
			if (best < 0 || v > bv) {
				best = c;
				bv = v;
			}
		}
		if (best < 0)
			return;
		cards[best]++;
		(*n)++;
	}
}

void
js_battle_default(const struct js *g, int p, int cards[JS_NCARDS])
{
	const int *hand = g->clans[p].hand;
	int n = 0;

	memset(cards, 0, JS_NCARDS * sizeof cards[0]);
	/* The strongest troops of the limited classes, then of Warrior
	 * Monks and Superior Tactics: force without paying honor
	 * (Treachery) or giving the battle away (Diplomacy). */
	js_battle_strongest(g, p, 1, JS_BATTLE_TROOPS, cards, &n);
	js_battle_strongest(g, p, 0, JS_BATTLE_MAX, cards, &n);
	/* Nothing of force: the card least worth keeping. */
	for (int i = JS_NCARDS - 1; i >= 0 && n == 0; i--)
		if (hand[js_cards_rank[i]] > 0) {
			cards[js_cards_rank[i]] = 1;
			n = 1;
		}
}

/* Reveal one side: its cards and its force, explained to everyone. */
static int
js_battle_reveal(struct js *g, int p, const struct js_army *army,
    int defending, int siege, const int cards[JS_NCARDS], struct events *ev)
{
	struct sbuf b;
	int total = 0, sum = 0, any = 0;

	sbuf_init(&b);
	sbuf_printf(&b, "%s (%s) reveals ", js_clan_who(g, p),
	    defending ? "defender" : "attacker");
	for (int c = 0; c < JS_NCARDS; c++) {
		int v;

		if (cards[c] == 0)
			continue;
		sbuf_puts(&b, any ? "; " : "");
		if (cards[c] > 1)
			sbuf_printf(&b, "%d x ", cards[c]);
		v = js_battle_card(g, p, c, defending, siege, &b);
		if (v != js_cards[c].force)
			sbuf_printf(&b, " = %d", v);
		sum += cards[c] * v;
		any = 1;
	}
	if (!any)
		sbuf_puts(&b, "no cards");
	sbuf_printf(&b, ": cards %d", sum);
	total = sum + js_battle_rest(g, p, army, defending, siege, &b);
	sbuf_printf(&b, "; force %d.", total);
	events_add(ev, EVENT_ALL, "%s", b.p);
	sbuf_free(&b);
	return total;
}

/* The winner's army gains experience and takes the loser's fortress or
 * keep, if it stood in one: last, as taking a home fortress may end the
 * game. */
static void
js_battle_win(struct js *g, struct js_army *win, struct js_army *lose,
    struct events *ev)
{
	int sq = lose->sq, p = win->owner, site = g->site_at[sq];
	char a[4];

	js_army_remove(lose);
	win->exp++;
	events_add(ev, EVENT_ALL, "%s's army at %s gains 1 experience (now "
	    "%d).", js_clan_who(g, p), js_map_name(win->sq, a), win->exp);
	if (site != JS_NONE) {
		win->sq = sq;
		events_add(ev, EVENT_ALL, "The winning army moves into the %s at "
		    "%s.", g->sites[site].fortress ? "fortress" : "keep",
		    js_map_name(sq, a));
		js_site_enter(g, p, sq, ev);
	}
}

int
js_battle_resolve(struct js *g, const struct js_act acts[2][2],
    struct rng *rng, struct events *ev)
{
	struct js_army *army[2];
	int p[2], force[2], siege = js_battle_siege(g), diplomacy = 0, w;
	char a[4];

	(void)rng; /* nothing random: the cards were drawn before */
	army[0] = js_army_at(g, g->battles[0].from);
	army[1] = js_army_at(g, g->battles[0].at);
	for (int s = 0; s < 2; s++) {
		p[s] = army[s]->owner;
		for (int c = 0; c < JS_NCARDS; c++) {
			g->clans[p[s]].hand[c] -= acts[s][0].cards[c];
			g->discard[c] += acts[s][0].cards[c];
		}
		diplomacy |= acts[s][0].cards[JS_CARD_DIPLOMACY] > 0;
	}
	for (int s = 0; s < 2; s++)
		force[s] = js_battle_reveal(g, p[s], army[s], s, siege,
		    acts[s][0].cards, ev);
	js_battle_pop(g);
	if (diplomacy) {
		events_add(ev, EVENT_ALL, "Diplomacy: neither side wins the "
		    "battle at %s; both armies stay, no honor is lost or gained, "
		    "and each side discards down to %d cards.",
		    js_map_name(army[1]->sq, a), JS_HAND_DIPLOMACY);
		for (int s = 0; s < 2; s++)
			js_cards_discard(g, p[s], JS_HAND_DIPLOMACY,
			    acts[s][1].list, acts[s][1].nlist, ev);
		return 0;
	}
	w = force[0] > force[1] ? 0 : 1;
	events_add(ev, EVENT_ALL, "%s wins the battle at %s, %d to %d%s; the "
	    "army of %s is removed.", js_clan_who(g, p[w]),
	    js_map_name(army[1]->sq, a), force[w], force[1 - w],
	    force[0] == force[1] ? " (the defender wins ties)" : "",
	    js_clan_who(g, p[1 - w]));
	for (int s = 0; s < 2; s++)
		if (acts[s][0].cards[JS_CARD_TREACHERY] > 0) {
			events_add(ev, EVENT_ALL, "Treachery: %s loses %d honor.",
			    js_clan_who(g, p[s]),
			    7 * acts[s][0].cards[JS_CARD_TREACHERY]);
			js_clan_honor(g, p[s],
			    -7 * acts[s][0].cards[JS_CARD_TREACHERY], ev);
		}
	js_battle_win(g, army[w], army[1 - w], ev);
	/* Nothing after the end of the game; a loser put out of the game by
	 * the battle has no honor or hand left to lose. */
	if (g->phase == JS_P_OVER)
		return 0;
	if (g->clans[p[1 - w]].out) {
		events_add(ev, EVENT_ALL, "%s gains 3 honor (now %d).",
		    js_clan_who(g, p[w]), g->clans[p[w]].honor + 3);
		js_clan_honor(g, p[w], 3, ev);
	} else {
		events_add(ev, EVENT_ALL, "%s gains 3 honor (now %d); %s loses "
		    "1 (now %d).", js_clan_who(g, p[w]), g->clans[p[w]].honor +
		    3, js_clan_who(g, p[1 - w]), g->clans[p[1 - w]].honor - 1);
		js_clan_honor(g, p[w], 3, ev);
		js_clan_honor(g, p[1 - w], -1, ev);
	}
	js_cards_discard(g, p[w], JS_HAND_WINNER, acts[w][1].list,
	    acts[w][1].nlist, ev);
	if (!g->clans[p[1 - w]].out)
		js_cards_discard(g, p[1 - w], JS_HAND_LOSER,
		    acts[1 - w][1].list, acts[1 - w][1].nlist, ev);
	return 0;
}
