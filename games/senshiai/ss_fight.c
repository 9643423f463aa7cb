/* ss_fight.c - one battle played on the state: the attacking company of
 * square from against the company (and Capital) of square to, close or
 * ranged, by the steps of the text: pool and roll, distribute (the
 * default distribution for both sides: RULINGS), counterattack, bury the
 * corpses, Maintenance, Bushido, Pillage, and for close combat claiming
 * the terrain or fleeing back.  Reactions before the dice: Ambush,
 * Native Barbarian, Events with Power Modifiers, each open to Dispel. */
#include <stdio.h>
#include <string.h>

#include "senshiai.h"

/* One side of a battle: the fighters, and where each stands (unit index
 * on its square, SS_NONE for a Capital). */
struct ss_side {
	int sq;
	int at;    /* the square whose Terrain acts on its Units: its own, or
	            * in close combat the defenders' for the attackers */
	int owner;
	size_t n;
	int unit[SS_DEFAULT_MAX];
	struct ss_fighter f[SS_DEFAULT_MAX];
};

const char *
ss_fight_bar(const struct ss_game *g, int s, int k, int to, int ranged)
{
	const struct ss_unit *u = &g->sq[s].unit[k];
	int v[SS_TRAITS];

	if (u->acted & SS_ACT_FOUGHT)
		return "has fought this turn";
	if (!ranged && (u->acted & SS_ACT_STAYED))
		return "failed its Tardy roll this turn and stays";
	if (!ranged && to != SS_NONE && g->sq[to].terrain != SS_NONE &&
	    (ss_cards[u->card].paths & ss_cards[g->sq[to].terrain].paths) == 0)
		return "cannot cross the Terrain attacked";
	ss_mods_traits(g, s, k, v);
	if (ranged)
		return v[SS_RANGED] != SS_NULLA ? NULL :
		    "has no ranged attack (nulla)";
	if (v[SS_SPEED] - u->moves < 1)
		return "has no move left (close combat takes one)";
	/* Close combat's move leaves s and enters to: Move Restriction. */
	if (ss_square_room(u, g->sq[s].terrain) < 1 ||
	    (to != SS_NONE && ss_square_room(u, g->sq[to].terrain) < 1))
		return "is held by Move Restriction (close combat takes a "
		    "move)";
	return NULL;
}

int
ss_fight_eligible(const struct ss_game *g, int s, int k, int to, int ranged)
{
	return ss_fight_bar(g, s, k, to, ranged) == NULL;
}

int
ss_fight_capital(const struct ss_game *g, int s, int p)
{
	int v[SS_TRAITS];

	if (g->sq[s].terrain == SS_NONE || g->sq[s].master != p ||
	    ss_cards[g->sq[s].terrain].type != SS_CAPITAL || g->sq[s].fought)
		return 0;
	ss_mods_traits(g, s, SS_NONE, v);
	return v[SS_RANGED] != SS_NULLA;
}

static void
ss_fight_add(const struct ss_game *g, struct ss_side *sd, int k)
{
	struct ss_fighter *f = &sd->f[sd->n];
	int card = k == SS_NONE ? g->sq[sd->sq].terrain :
	    g->sq[sd->sq].unit[k].card;

	memset(f, 0, sizeof *f);
	f->card = card;
	ss_mods_traits_at(g, sd->sq, k, sd->at, f->power);
	f->paths = ss_cards[card].paths;
	sd->unit[sd->n++] = k;
}

/* Does fighter f take part in the battle, striking and bound by its
 * codes?  Ruling: in ranged combat a Unit whose ranged trait is nulla
 * does not; it is still a target. */
static int
ss_fight_takes_part(const struct ss_fighter *f, int ranged)
{
	return !ranged || f->power[SS_RANGED] != SS_NULLA;
}

/* Damage from side a to side b: pool, die, default distribution.  A
 * side none of whose fighters takes part strikes nothing and rolls no
 * die. */
static void
ss_fight_strike(struct ss_game *g, struct ss_side *a, struct ss_side *b,
    int ranged, int construction, const int *prio, int nprio,
    struct rng *rng, struct events *ev, const char *const *names)
{
	int pool = 0, die, hit[SS_DEFAULT_MAX], as[SS_DEFAULT_MAX];
	size_t part = 0;
	struct sbuf line;

	for (size_t i = 0; i < a->n; i++)
		if (ss_fight_takes_part(&a->f[i], ranged)) {
			pool += ss_battle_attack(&a->f[i], ranged,
			    construction);
			part++;
		}
	if (part == 0) {
		char at[3];

		ss_board_name(a->sq, at);
		events_add(ev, EVENT_ALL, "%s's company at %s does not strike "
		    "back: no Unit in it has a ranged attack.",
		    names[a->owner], at);
		return;
	}
	die = ss_react_die(g, a->owner, rng, ev, names);
	for (size_t i = 0; i < b->n; i++)
		hit[i] = ss_battle_can_hit(a->f, a->n, &b->f[i], ranged);
	ss_battle_ordered(b->f, hit, b->n, pool + die, prio, nprio, as);
	sbuf_init(&line);
	sbuf_printf(&line, "%s strikes for %d", names[a->owner], pool);
	/* Artillery replaces a printed trait: say so, or the sum is a
	 * riddle. */
	for (size_t i = 0; i < a->n; i++) {
		const struct ss_fighter *f = &a->f[i];
		int v = f->power[ranged ? SS_RANGED : SS_MELEE];

		if (ss_battle_attack(f, ranged, construction) !=
		    (v == SS_NULLA ? 0 : v))
			sbuf_printf(&line, " (%s by Artillery: %d for its %d)",
			    ss_cards[f->card].name,
			    ss_battle_attack(f, ranged, construction),
			    v == SS_NULLA ? 0 : v);
	}
	sbuf_printf(&line, " + die %d = %d:", die, pool + die);
	for (size_t i = 0; i < b->n; i++) {
		b->f[i].damage += as[i];
		sbuf_printf(&line, "%s %s takes %d", i == 0 ? "" : ",",
		    ss_cards[b->f[i].card].name, as[i]);
	}
	sbuf_putc(&line, '.');
	events_add(ev, EVENT_ALL, "%s", line.p);
	sbuf_free(&line);
}

/* Is fighter i of sd destroyed (a Capital never is)? */
static int
ss_fight_dead(const struct ss_side *sd, size_t i)
{
	return sd->unit[i] != SS_NONE &&
	    sd->f[i].damage >= sd->f[i].power[SS_RESIST];
}

/* Bushido and Pillage of side a against side b, after the burial: only
 * for a's fighters that took part. */
static void
ss_fight_codes(struct ss_game *g, struct ss_side *a,
    const struct ss_side *b, int ranged, int *sacrifice, struct events *ev,
    const char *const *names)
{
	int cost[SS_DEFAULT_MAX], alive[SS_DEFAULT_MAX];

	/* Ruling: a Capital, which no damage destroys, is no opponent
	 * Bushido asks to destroy. */
	for (size_t i = 0; i < b->n; i++) {
		cost[i] = ss_cards[b->f[i].card].cost;
		alive[i] = b->unit[i] != SS_NONE && !ss_fight_dead(b, i);
	}
	for (size_t i = 0; i < a->n; i++) {
		unsigned ab = ss_cards[a->f[i].card].abilities;

		sacrifice[i] = 0;
		if (ss_fight_dead(a, i) || a->unit[i] == SS_NONE ||
		    !ss_fight_takes_part(&a->f[i], ranged))
			continue;
		if ((ab & SS_AB(BUSHIDO)) &&
		    ss_battle_bushido(ss_cards[a->f[i].card].cost, cost, alive,
		    b->n)) {
			sacrifice[i] = 1;
			events_add(ev, EVENT_ALL, "%s of %s failed its code: "
			    "Bushido, it is sacrificed.",
			    ss_cards[a->f[i].card].name, names[a->owner]);
		}
		if (ab & SS_AB(PILLAGE)) {
			ss_pile_restore(g, a->owner, 1, ev, names);
			ss_pile_waste(g, b->owner, 1, a->owner, ev, names);
		}
	}
}

/* Destroy the dead and the sacrificed of sd, highest index first. */
static void
ss_fight_bury(struct ss_game *g, struct ss_side *sd, const int *sacrifice,
    struct events *ev, const char *const *names)
{
	for (size_t j = sd->n; j-- > 0;) {
		if (sd->unit[j] == SS_NONE)
			continue;
		if (ss_fight_dead(sd, j) || sacrifice[j]) {
			events_add(ev, EVENT_ALL, "%s of %s is destroyed.",
			    ss_cards[sd->f[j].card].name, names[sd->owner]);
			ss_pile_unit_destroy(g, sd->sq, sd->unit[j]);
		}
	}
}

/* The battle is over: Effects lasting a battle end, and no Unit is
 * fighting now any more. */
static void
ss_fight_end(struct ss_game *g, struct events *ev, const char *const *names)
{
	ss_pile_effects_expire(g, SS_DUR_BATTLE, ev, names);
	for (int s = 0; s < SS_SQUARES; s++)
		for (int k = 0; k < g->sq[s].nunits; k++)
			g->sq[s].unit[k].acted &= ~SS_ACT_NOW;
}

/* Player p's standing orders for trigger at sq, its company's square in
 * a battle against the company at foe, casting Events with Power
 * Modifiers (Battle Cry's Contingency is met: a battle is on), each
 * while one fires.  Ruling: a bonus goes on p's company, a penalty on
 * the enemy's; a Unit Event on the first Unit listed there (the Capital
 * when there is none). */
static void
ss_fight_mods(struct ss_game *g, int p, int trigger, int sq, int foe,
    struct events *ev, const char *const *names)
{
	int card;

	while ((card = ss_react_fire(g, p, trigger, sq,
	    SS_AB(CONTINGENCY) | SS_AB(POWER_MOD), ev, names)) >= 0) {
		struct ss_effect *f;
		int at = ss_cards[card].mod[0] == '-' ? foe : sq;
		char name[3];

		if (ss_react_annul(g, p, card, ev, names))
			continue;
		if (g->neffects >= SS_EFFECTS) {
			ss_pile_push(&g->p[p].discard, card);
			continue;
		}
		f = &g->effect[g->neffects++];
		f->card = card;
		f->caster = p;
		f->round_of = g->active;
		f->sq = at;
		f->unit = ss_cards[card].target == SS_TG_UNIT &&
		    g->sq[at].nunits > 0 ? 0 : SS_NONE;
		f->duration = ss_cards[card].duration;
		ss_board_name(at, name);
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order) on "
		    "the %s at %s.", names[p], ss_cards[card].name,
		    f->unit == SS_NONE ? "company" : "first Unit", name);
	}
}

/* The defender's Native Barbarians, by standing orders "on attacked":
 * each joins his company at to as a Unit before any die is rolled. */
static void
ss_fight_conjure(struct ss_game *g, int def, int to, struct events *ev,
    const char *const *names)
{
	struct ss_square *q = &g->sq[to];
	char name[3];
	int card;

	ss_board_name(to, name);
	while ((card = ss_react_fire(g, def, SS_ON_ATTACKED, to,
	    SS_AB(ACTS_AS_UNIT), ev, names)) >= 0) {
		if (ss_react_annul(g, def, card, ev, names))
			continue;
		if (q->nunits >= SS_SQ_UNITS) {
			ss_pile_push(&g->p[def].discard, card);
			continue;
		}
		memset(&q->unit[q->nunits], 0, sizeof q->unit[0]);
		q->unit[q->nunits].card = card;
		q->unit[q->nunits].owner = def;
		q->nunits++;
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order): it "
		    "joins the defence of %s as a Unit.", names[def],
		    ss_cards[card].name, name);
	}
}

/* Reactions before any die is rolled (ss_react.c): the defender's
 * Interrupt stops a close combat, the attackers fleeing back; else the
 * defender's conjurations join his company, then each side's Events with
 * Power Modifiers, the attacker's first; Units whose Resistance they
 * bring to 0 are destroyed.  Every cast may be annulled (Dispel).
 * Returns 1 if the battle is over before it began (interrupted, or no
 * attacker left). */
static int
ss_fight_react(struct ss_game *g, int from, int to, int ranged, int def,
    struct events *ev, const char *const *names)
{
	int card = -1;

	while (!ranged && (card = ss_react_fire(g, def, SS_ON_ATTACKED, to,
	    SS_AB(INTERRUPT), ev, names)) >= 0 && ss_react_annul(g, def, card, ev,
	    names))
		;
	if (card >= 0) {
		ss_pile_push(&g->p[def].discard, card);
		events_add(ev, EVENT_ALL, "%s casts %s (a standing order): the "
		    "close combat is interrupted and the attackers flee back.",
		    names[def], ss_cards[card].name);
		for (int k = 0; k < g->sq[from].nunits; k++) {
			struct ss_unit *u = &g->sq[from].unit[k];

			if (u->owner == g->active &&
			    ss_fight_eligible(g, from, k, to, 0)) {
				u->acted |= SS_ACT_FOUGHT | SS_ACT_NOW;
				u->moves++;
				ss_square_hold(u, g->sq[from].terrain);
				ss_square_hold(u, g->sq[to].terrain);
			}
		}
		ss_flee_back(g, from, ev, names);
		return 1;
	}
	ss_fight_conjure(g, def, to, ev, names);
	ss_fight_mods(g, g->active, SS_ON_ATTACK, from, to, ev, names);
	ss_fight_mods(g, def, SS_ON_ATTACKED, to, from, ev, names);
	ss_pile_zero(g, ev, names);
	for (int k = 0; k < g->sq[from].nunits; k++)
		if (g->sq[from].unit[k].owner == g->active &&
		    ss_fight_eligible(g, from, k, to, ranged))
			return 0;
	if (ranged && ss_fight_capital(g, from, g->active))
		return 0;
	events_add(ev, EVENT_ALL, "No attacker is left to fight.");
	return 1;
}

/* Is the Terrain at s a Construction (Artillery counts against a
 * company occupying it)? */
static int
ss_fight_construction(const struct ss_game *g, int s)
{
	return g->sq[s].terrain != SS_NONE &&
	    strcmp(ss_cards[g->sq[s].terrain].subtype, "Construction") == 0;
}

/* Maintenance of side sd's Capital, its fighter i (SS_NONE: none
 * fought): its master wastes a card per point of damage past its
 * Resistance, forced by by. */
static void
ss_fight_maintenance(struct ss_game *g, const struct ss_side *sd, int i,
    int by, struct events *ev, const char *const *names)
{
	int w;

	if (i == SS_NONE || (w = ss_battle_maintenance(&sd->f[i])) <= 0)
		return;
	events_add(ev, EVENT_ALL, "%s's Capital takes %d past its Resistance: "
	    "Maintenance.", names[sd->owner], w);
	ss_pile_waste(g, sd->owner, w, by, ev, names);
}

static void ss_fight_claim(struct ss_game *g, int from, int to,
    size_t left_a, size_t left_d, const int *carry, int ncarry,
    struct events *ev, const char *const *names);

int
ss_fight(struct ss_game *g, int from, int to, int ranged, const int *prio,
    int nprio, const int *carry, int ncarry, struct rng *rng,
    struct events *ev, const char *const *names)
{
	int dprio[SS_PRIO_MAX], ndprio, aprio[SS_PRIO_MAX];
	struct ss_side a, d;
	int sa[SS_DEFAULT_MAX], sd[SS_DEFAULT_MAX];
	int capital = SS_NONE, acapital = SS_NONE;
	size_t left_a, left_d;
	char at_from[3], at_to[3];

	memset(&a, 0, sizeof a);
	memset(&d, 0, sizeof d);
	/* Ruling: in close combat both companies occupy the defenders'
	 * Terrain, its modifiers acting on both (as Artillery counts). */
	a.sq = from;
	a.at = ranged ? from : to;
	a.owner = g->active;
	d.sq = d.at = to;
	d.owner = g->sq[to].nunits > 0 ? g->sq[to].unit[0].owner :
	    g->sq[to].master;
	ss_board_name(from, at_from);
	ss_board_name(to, at_to);
	events_add(ev, EVENT_ALL, "%s attacks %s's company at %s from %s in "
	    "%s combat.", names[a.owner], names[d.owner], at_to, at_from,
	    ranged ? "ranged" : "close");
	if (ss_fight_react(g, from, to, ranged, d.owner, ev, names)) {
		ss_fight_end(g, ev, names);
		return 1;
	}
	for (int k = 0; k < g->sq[from].nunits && a.n < SS_DEFAULT_MAX; k++) {
		const char *bar;

		if (g->sq[from].unit[k].owner != a.owner)
			continue;
		if ((bar = ss_fight_bar(g, from, k, to, ranged)) == NULL)
			ss_fight_add(g, &a, k);
		else
			events_add(ev, EVENT_ALL, "%s of %s at %s stays out of "
			    "the battle: it %s.",
			    ss_cards[g->sq[from].unit[k].card].name,
			    names[a.owner], at_from, bar);
	}
	/* Ruling: a Capital acts as a Unit of its company and attacks at
	 * range with it, or alone. */
	if (ranged && ss_fight_capital(g, from, a.owner) &&
	    a.n < SS_DEFAULT_MAX) {
		acapital = (int)a.n;
		ss_fight_add(g, &a, SS_NONE);
		g->sq[from].fought = 1;
	}
	for (int k = 0; k < g->sq[to].nunits && d.n < SS_DEFAULT_MAX; k++)
		ss_fight_add(g, &d, k);
	if (ss_cards[g->sq[to].terrain].type == SS_CAPITAL &&
	    g->sq[to].master == d.owner && d.n < SS_DEFAULT_MAX) {
		capital = (int)d.n;
		ss_fight_add(g, &d, SS_NONE);
	}
	if (nprio == 0) {
		nprio = ss_react_prio(g, a.owner, aprio);
		prio = aprio;
	}
	ndprio = ss_react_prio(g, d.owner, dprio);
	/* Artillery: in close combat both companies occupy the defenders'
	 * Terrain; in ranged combat each its own. */
	ss_fight_strike(g, &a, &d, ranged, ss_fight_construction(g, to), prio,
	    nprio, rng, ev, names);
	ss_fight_strike(g, &d, &a, ranged, ss_fight_construction(g, ranged ?
	    from : to), dprio, ndprio, rng, ev, names);
	for (size_t i = 0; i < a.n; i++) {
		struct ss_unit *u;

		if (a.unit[i] == SS_NONE)
			continue;
		u = &g->sq[from].unit[a.unit[i]];
		u->acted |= SS_ACT_FOUGHT | SS_ACT_NOW;
		if (!ranged) {
			u->moves++;
			ss_square_hold(u, g->sq[from].terrain);
			ss_square_hold(u, g->sq[to].terrain);
		}
	}
	ss_fight_codes(g, &a, &d, ranged, sa, ev, names);
	ss_fight_codes(g, &d, &a, ranged, sd, ev, names);
	ss_fight_bury(g, &a, sa, ev, names);
	ss_fight_bury(g, &d, sd, ev, names);
	/* Survivors after the burial and the sacrifices: the attackers
	 * still fighting on from, every Unit on to and its Capital. */
	left_a = 0;
	for (int k = 0; k < g->sq[from].nunits; k++)
		left_a += (g->sq[from].unit[k].acted & SS_ACT_NOW) != 0;
	left_d = (size_t)g->sq[to].nunits + (capital != SS_NONE);
	ss_fight_maintenance(g, &d, capital, a.owner, ev, names);
	ss_fight_maintenance(g, &a, acapital, d.owner, ev, names);
	if (!ranged && left_a > 0)
		ss_fight_claim(g, from, to, left_a, left_d, carry, ncarry, ev,
		    names);
	ss_fight_end(g, ev, names);
	return 0;
}

/* Would the Units of from fighting now (SS_ACT_NOW) fit the Limit of to,
 * with what is there? */
static int
ss_fight_fits(const struct ss_game *g, int from, int to)
{
	int troops = ss_square_troops(&g->sq[to]);

	for (int k = 0; k < g->sq[from].nunits; k++)
		troops += (g->sq[from].unit[k].acted & SS_ACT_NOW) &&
		    ss_cards[g->sq[from].unit[k].card].type == SS_TROOP;
	return troops <= ss_cards[g->sq[to].terrain].limit;
}

/* Close combat's aftermath: claim the terrain, or flee back.  The
 * company Effects of from named by carry go with the Units that claim
 * it; the others stay with the Units that stay (all go if none stays). */
static void
ss_fight_claim(struct ss_game *g, int from, int to, size_t left_a,
    size_t left_d, const int *carry, int ncarry, struct events *ev,
    const char *const *names)
{
	char at_from[3], at_to[3];

	ss_board_name(from, at_from);
	ss_board_name(to, at_to);
	if (ss_battle_claim((int)left_a, (int)left_d) == SS_CLAIM_TAKE &&
	    ss_fight_fits(g, from, to)) {
		int go[SS_EFFECTS], ngo = ss_pile_carried(g, from, carry,
		    ncarry, go);
		char carried[160];

		for (int k = g->sq[from].nunits - 1; k >= 0; k--)
			if (g->sq[from].unit[k].acted & SS_ACT_NOW)
				ss_pile_unit_move(g, from, k, to);
		ss_pile_carried_text(g, go, ngo, carried, sizeof carried);
		for (int i = 0; i < ngo; i++)
			g->effect[go[i]].sq = to;
		events_add(ev, EVENT_ALL, "%s claims the terrain at %s%s.",
		    names[g->active], at_to, carried);
		return;
	}
	events_add(ev, EVENT_ALL, "The attackers flee back to %s.", at_from);
	ss_flee_back(g, from, ev, names);
}
