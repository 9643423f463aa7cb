/* sw_play.c - the strategy actions and the action step.
 *
 * sw_play checks one order against the game as the turn stands and
 * applies it.  Validation runs it on a copy with rng NULL: every position
 * and cost is known when writing, but not what a scout finds, the cards a
 * supply run draws, or how an attack ends (a scout checked leaves its
 * outcome SW_SCOUT_EITHER, and sw_order.c goes on in both); resolution
 * runs it on the game with the point's stream.  Each order makes every
 * check before it changes anything, so with verdict set it returns
 * there: legal_pick asks only whether each candidate would play
 * (sw_play_verdict). */
#include <stdio.h>
#include <string.h>

#include "shinobi.h"

const char *
sw_pos_word(struct sw_pos pos, char *buf, size_t size)
{
	/* Without snprintf: checks write the words of every candidate
	 * legal() tries. */
	char num[12];
	int n = 0, v = pos.idx + 1;
	size_t i = 0;

	do
		num[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0 && n < (int)sizeof num);
	if (size > 0 && i + 1 < size)
		buf[i++] = sw_zone_letters[pos.zone];
	while (n > 0 && i + 1 < size)
		buf[i++] = num[--n];
	if (size > 0)
		buf[i] = '\0';
	return buf;
}

const char *
sw_who(const struct game_players *pl, int p, char *buf, size_t size)
{
	snprintf(buf, size, "%s (%s)", pl->names[p], sw_side_names[p]);
	return buf;
}

void
sw_zone_take(struct sw_side *s, struct sw_pos pos, struct sw_slot *out)
{
	struct sw_slot *z = s->zone[pos.zone];

	if (out != NULL)
		*out = z[pos.idx];
	memmove(&z[pos.idx], &z[pos.idx + 1], (size_t)(s->nzone[pos.zone] -
	    pos.idx - 1) * sizeof *z);
	s->nzone[pos.zone]--;
}

static void
sw_zone_put(struct sw_side *s, int zone, struct sw_slot slot)
{
	s->zone[zone][s->nzone[zone]++] = slot;
}

void
sw_play_begin(struct shinobi *g, int p, struct sw_turn *t)
{
	memset(t, 0, sizeof *t);
	t->player = p;
	t->ec = sw_ec(g->side[p].turns);
	t->cc = sw_cc(g->side[p].turns);
	t->last_scout = -1;
	for (int s = 0; s < 2; s++)
		for (int z = 0; z < SW_ZONES; z++)
			for (int i = 0; i < g->side[s].nzone[z]; i++) {
				g->side[s].zone[z][i].scouted = 0;
				g->side[s].zone[z][i].scouting = 0;
			}
}

static struct sw_slot *
sw_slot_at(struct shinobi *g, int side, struct sw_pos pos)
{
	if (pos.idx < 0 || pos.idx >= g->side[side].nzone[pos.zone])
		return NULL;
	return &g->side[side].zone[pos.zone][pos.idx];
}

/* Side p's own face-down ninja at pos, able to act. */
static struct sw_slot *
sw_own_ninja(struct shinobi *g, int p, struct sw_pos pos, const char *verb,
    char *why, size_t size)
{
	struct sw_slot *s = sw_slot_at(g, p, pos);
	char w[16];

	if (s != NULL && sw_card_is_ninja(s->card) && !s->up)
		return s;
	sw_pos_word(pos, w, sizeof w);
	if (s == NULL)
		game_why(why, size, "you have no card at %s", w);
	else if (!sw_card_is_ninja(s->card))
		game_why(why, size, "%s is a trap: only a ninja can %s", w,
		    verb);
	else
		game_why(why, size, "%s is face up: only a face-down card "
		    "can %s", w, verb);
	return NULL;
}

static int
sw_play_scout(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct rng *rng, struct events *ev,
    char *why, size_t size, int verdict)
{
	int p = t->player, q = 1 - p, ok;
	struct sw_slot *me = sw_own_ninja(g, p, o->pos[0], "scout", why, size);
	struct sw_slot *it = sw_slot_at(g, q, o->pos[1]);
	char a[16], b[16], who[80], d[120];

	if (me == NULL)
		return -1;
	if (me->scouting) {
		game_why(why, size, "%s has scouted this turn already",
		    sw_pos_word(o->pos[0], a, sizeof a));
		return -1;
	}
	if (it == NULL || it->up || it->scouted) {
		game_why(why, size, "the enemy %s %s",
		    sw_pos_word(o->pos[1], b, sizeof b), it == NULL ?
		    "holds no card" : it->up ? "is face up already" :
		    "has been scouted this turn already");
		return -1;
	}
	if (verdict)
		return 0;
	me->scouting = 1;
	it->scouted = 1;
	if (rng == NULL) {
		/* Checking: either outcome may come (sw_order.c checks
		 * the orders after it in both). */
		t->last_scout = SW_SCOUT_EITHER;
		return 0;
	}
	/* Ruling: RA = SA fails; a trap always makes a scout fail. */
	ok = sw_card_is_ninja(it->card) &&
	    sw_cards[me->card].ra > sw_cards[it->card].sa;
	t->last_scout = ok;
	sw_pos_word(o->pos[0], a, sizeof a);
	sw_pos_word(o->pos[1], b, sizeof b);
	if (ok) {
		it->up = 1;
		events_add(ev, EVENT_ALL, "%s scouts with %s the card at %s "
		    "of %s: it succeeds, and %s is turned face up.",
		    sw_who(pl, p, who, sizeof who), a, b, pl->names[q],
		    sw_card_describe(it->card, d, sizeof d));
	} else {
		events_add(ev, EVENT_ALL, "%s scouts with %s the card at %s "
		    "of %s: it fails, and the card stays face down.",
		    sw_who(pl, p, who, sizeof who), a, b, pl->names[q]);
	}
	return 0;
}

/* Are the positions of o distinct, on p's field, each of a card? */
static int
sw_play_distinct(struct shinobi *g, int p, const struct sw_order *o,
    char *why, size_t size)
{
	char w[16];

	for (int i = 0; i < o->n; i++) {
		if (sw_slot_at(g, p, o->pos[i]) == NULL) {
			game_why(why, size, "you have no card at %s",
			    sw_pos_word(o->pos[i], w, sizeof w));
			return -1;
		}
		for (int j = 0; j < i; j++)
			if (o->pos[j].zone == o->pos[i].zone &&
			    o->pos[j].idx == o->pos[i].idx) {
				game_why(why, size, "%s is named twice",
				    sw_pos_word(o->pos[i], w, sizeof w));
				return -1;
			}
	}
	return 0;
}

/* One card of a supply run: flip it, draw its RA. */
static void
sw_play_draw(struct shinobi *g, int p, struct sw_pos pos,
    const struct game_players *pl, struct events *ev)
{
	struct sw_side *s = &g->side[p];
	const struct sw_slot *me = &s->zone[pos.zone][pos.idx];
	int n = sw_cards[me->card].ra;
	char a[16], who[80], d[120];
	struct sbuf b;

	if (n > s->ndeck)
		n = s->ndeck; /* Ruling: an empty deck draws nothing */
	sbuf_init(&b);
	for (int i = 0; i < n; i++) {
		sbuf_printf(&b, "%s%s", i ? ", " : "",
		    sw_card_names[s->deck[i]]);
		s->hand[s->nhand++] = s->deck[i];
	}
	memmove(s->deck, s->deck + n, (size_t)(s->ndeck - n));
	s->ndeck -= n;
	events_add(ev, EVENT_ALL, "%s turns %s face up for a supply run: %s; "
	    "RA %d draws %d card%s (%d left in the deck).",
	    sw_who(pl, p, who, sizeof who), sw_pos_word(pos, a, sizeof a),
	    sw_card_describe(me->card, d, sizeof d), sw_cards[me->card].ra, n,
	    n == 1 ? "" : "s", s->ndeck);
	if (n > 0)
		events_add(ev, EVENT_TO(p), "Your supply run draws: %s.", b.p);
	sbuf_free(&b);
}

/* Ruling: one supply run may turn up any number of cards. */
static int
sw_play_supply(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct rng *rng, struct events *ev,
    char *why, size_t size, int verdict)
{
	if (sw_play_distinct(g, t->player, o, why, size) < 0)
		return -1;
	for (int i = 0; i < o->n; i++)
		if (sw_own_ninja(g, t->player, o->pos[i], "go on a supply run",
		    why, size) == NULL)
			return -1;
	if (verdict)
		return 0;
	t->supplied = 1;
	for (int i = 0; i < o->n; i++) {
		g->side[t->player].zone[o->pos[i].zone][o->pos[i].idx].up = 1;
		if (rng != NULL)
			sw_play_draw(g, t->player, o->pos[i], pl, ev);
	}
	return 0;
}

/* Take the cards at o's positions off p's field, into out in o's order. */
static void
sw_play_lift(struct shinobi *g, int p, const struct sw_order *o,
    struct sw_slot *out)
{
	struct sw_side *s = &g->side[p];
	unsigned char gone[SW_ZONES][SW_DECK] = { { 0 } };

	for (int i = 0; i < o->n; i++) {
		out[i] = s->zone[o->pos[i].zone][o->pos[i].idx];
		gone[o->pos[i].zone][o->pos[i].idx] = 1;
	}
	for (int z = 0; z < SW_ZONES; z++) {
		int k = 0;

		for (int i = 0; i < s->nzone[z]; i++)
			if (!gone[z][i])
				s->zone[z][k++] = s->zone[z][i];
		s->nzone[z] = k;
	}
}

static int
sw_play_defend(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct events *ev, char *why, size_t size,
    int verdict)
{
	struct sw_side *s = &g->side[t->player];
	struct sw_slot lifted[SW_DECK * 2];
	int onfront = s->nzone[SW_WEST] + s->nzone[SW_NORTH] +
	    s->nzone[SW_EAST], k = 0;
	char who[80], w[16];
	struct sbuf b;

	if (sw_play_distinct(g, t->player, o, why, size) < 0)
		return -1;
	for (int i = 0; i < o->n; i++)
		if (o->pos[i].zone == SW_ROSTER) {
			game_why(why, size, "change defences orders the "
			    "fronts: the roster is changed by 'roster'");
			return -1;
		}
	if (o->n != onfront) {
		game_why(why, size, "name every card of the three fronts "
		    "once (%d), not %d", onfront, o->n);
		return -1;
	}
	if (verdict)
		return 0;
	sw_play_lift(g, t->player, o, lifted);
	sbuf_init(&b);
	for (int f = 0; f < SW_FRONTS; f++) {
		if (ev != NULL) /* checks log nothing */
			sbuf_printf(&b, "%s%s", f ? " /" : "",
			    o->split[f] == 0 ? " -" : "");
		for (int i = 0; i < o->split[f]; i++) {
			if (ev != NULL)
				sbuf_printf(&b, " %s", sw_pos_word(o->pos[k],
				    w, sizeof w));
			sw_zone_put(s, f, lifted[k++]);
		}
	}
	/* Ruling: where each card goes is seen by both. */
	if (ev != NULL)
		events_add(ev, EVENT_ALL, "%s changes the defences to%s (west "
		    "/ north / east, each card named by where it stood).",
		    sw_who(pl, t->player, who, sizeof who), b.p);
	sbuf_free(&b);
	return 0;
}

static int
sw_play_deploy(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct events *ev, char *why, size_t size,
    int verdict)
{
	struct sw_side *s = &g->side[t->player];
	int ec = 0, cc = 0, c, h;
	char who[80];
	struct sbuf b, at;

	for (int i = 0; i < o->n; i++) {
		c = o->card[i];
		if (!sw_card_is_ninja(c) && o->zone[i] == SW_ROSTER) {
			game_why(why, size, "a trap goes on a front, never on "
			    "the roster");
			return -1;
		}
		ec += sw_cards[c].ec;
		cc += sw_cards[c].cc;
		h = 0;
		for (int j = 0; j <= i; j++)
			h += o->card[j] == c;
		for (int j = 0; j < s->nhand; j++)
			h -= s->hand[j] == c;
		if (h > 0) {
			game_why(why, size, "your hand holds no%s %s%s",
			    h == 1 && i > 0 ? " more" : "", sw_card_names[c],
			    t->supplied ? " (cards drawn this turn are "
			    "deployed from the next turn)" : "");
			return -1;
		}
	}
	if (ec > t->ec || cc > t->cc) {
		game_why(why, size, "that costs %d EC %d CC; you have %d EC "
		    "%d CC left this turn", ec, cc, t->ec, t->cc);
		return -1;
	}
	if (verdict)
		return 0;
	t->ec -= ec;
	t->cc -= cc;
	sbuf_init(&b);
	sbuf_init(&at);
	for (int i = 0; i < o->n; i++) {
		c = o->card[i];
		for (h = 0; s->hand[h] != c; h++)
			;
		memmove(&s->hand[h], &s->hand[h + 1], (size_t)(s->nhand - h -
		    1));
		s->nhand--;
		sw_zone_put(s, o->zone[i], (struct sw_slot){ (unsigned char)c,
		    0, 0, 0 });
		if (ev == NULL) /* checks log nothing */
			continue;
		sbuf_printf(&b, "%s%s to %s %c%d", i ? ", " : "",
		    sw_card_names[c], sw_zone_words[o->zone[i]],
		    sw_zone_letters[o->zone[i]], s->nzone[o->zone[i]]);
		/* Ruling: where each card goes is seen by both. */
		sbuf_printf(&at, "%s%c%d", i == 0 ? "" : i + 1 == o->n ?
		    " and " : ", ", sw_zone_letters[o->zone[i]],
		    s->nzone[o->zone[i]]);
	}
	if (ev != NULL) {
		/* Ruling: the cost is the owner's alone; it would often
		 * name the card. */
		events_add(ev, EVENT_ALL, "%s deploys %d card%s face down, to "
		    "%s.", sw_who(pl, t->player, who, sizeof who), o->n,
		    o->n == 1 ? "" : "s", at.p);
		events_add(ev, EVENT_TO(t->player), "You deploy %s, for %d EC "
		    "%d CC.", b.p, ec, cc);
	}
	sbuf_free(&b);
	sbuf_free(&at);
	return 0;
}

static int
sw_play_roster(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct events *ev, char *why, size_t size,
    int verdict)
{
	struct sw_side *s = &g->side[t->player];
	struct sw_slot lifted[SW_DECK * 2];
	char who[80], w[16];
	struct sbuf b;

	if (sw_play_distinct(g, t->player, o, why, size) < 0)
		return -1;
	for (int i = 0; i < o->n; i++) {
		if ((o->pos[i].zone == SW_ROSTER) == (o->zone[i] == SW_ROSTER)) {
			game_why(why, size, "%s: the roster moves ninjas from "
			    "the roster to a front or from a front to the "
			    "roster", sw_pos_word(o->pos[i], w, sizeof w));
			return -1;
		}
		if (!sw_card_is_ninja(s->zone[o->pos[i].zone][o->pos[i].idx]
		    .card)) {
			game_why(why, size, "%s is a trap: a trap never goes "
			    "on the roster", sw_pos_word(o->pos[i], w,
			    sizeof w));
			return -1;
		}
	}
	if (verdict)
		return 0;
	sw_play_lift(g, t->player, o, lifted);
	sbuf_init(&b);
	for (int i = 0; i < o->n; i++) {
		sw_zone_put(s, o->zone[i], lifted[i]);
		if (ev != NULL) /* checks log nothing */
			sbuf_printf(&b, "%s%s to %c%d", i == 0 ? "" : i + 1 == o->n ?
		    " and " : ", ", sw_pos_word(o->pos[i], w, sizeof w),
		    sw_zone_letters[o->zone[i]], s->nzone[o->zone[i]]);
	}
	/* Ruling: where each card goes is seen by both. */
	if (ev != NULL)
		events_add(ev, EVENT_ALL, "%s changes the active roster: %s "
		    "(each card named by where it stood).", sw_who(pl,
		    t->player, who, sizeof who), b.p);
	sbuf_free(&b);
	return 0;
}

static int
sw_play_attack(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    char *why, size_t size, int verdict)
{
	char w[16];

	if (sw_slot_at(g, t->player, o->pos[0]) == NULL) {
		game_why(why, size, "you have no ninja at %s",
		    sw_pos_word(o->pos[0], w, sizeof w));
		return -1;
	}
	for (int i = 0; i < t->nattack; i++)
		if (t->attacker[i].idx == o->pos[0].idx) {
			game_why(why, size, "%s attacks once a turn",
			    sw_pos_word(o->pos[0], w, sizeof w));
			return -1;
		}
	if (verdict)
		return 0;
	t->attacking = 1;
	t->attacker[t->nattack] = o->pos[0];
	t->front[t->nattack++] = o->zone[0];
	return 0;
}

/* sw_play, or with verdict (rng NULL) only whether o would play, g and
 * t left alone. */
static int
sw_play_run(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct rng *rng, struct events *ev,
    char *why, size_t size, int verdict)
{
	int r;

	if (t->ended) {
		game_why(why, size, "the turn has ended");
		return -1;
	}
	if (o->verb == SW_O_END) {
		if (!verdict)
			t->ended = 1;
		return 0;
	}
	if (o->verb == SW_O_ATTACK)
		return sw_play_attack(g, t, o, why, size, verdict);
	if (t->attacking) {
		game_why(why, size, "the strategy step comes before the "
		    "attacks");
		return -1;
	}
	if (t->actions >= SW_ACTIONS) {
		game_why(why, size, "a turn has %d strategy actions, "
		    "conditional ones counted", SW_ACTIONS);
		return -1;
	}
	if (o->cond != SW_C_ALWAYS && t->last_scout < 0) {
		game_why(why, size, "if-failed and if-scouted follow a scout");
		return -1;
	}
	/* Ruling: a conditional order is checked and carried out only
	 * where its condition holds; with the outcome still open
	 * (checking), sw_order.c has split the turn in two first. */
	if (o->cond != SW_C_ALWAYS && t->last_scout != SW_SCOUT_EITHER &&
	    (o->cond == SW_C_SCOUTED) != (t->last_scout == 1)) {
		if (verdict)
			return 0;
		++t->actions;
		/* Ruling: told to the writer alone; the enemy would learn
		 * of a plan that was not carried out. */
		if (rng != NULL)
			events_add(ev, EVENT_TO(t->player), "You skip action "
			    "%d: the last scout %s.", t->actions,
			    t->last_scout ? "succeeded" : "failed");
		return 0;
	}
	switch (o->verb) {
	case SW_O_SCOUT:
		r = sw_play_scout(g, t, o, pl, rng, ev, why, size, verdict);
		break;
	case SW_O_SUPPLY:
		r = sw_play_supply(g, t, o, pl, rng, ev, why, size, verdict);
		break;
	case SW_O_DEFEND:
		r = sw_play_defend(g, t, o, pl, rng ? ev : NULL, why, size,
		    verdict);
		break;
	case SW_O_DEPLOY:
		r = sw_play_deploy(g, t, o, pl, rng ? ev : NULL, why, size,
		    verdict);
		break;
	default:
		r = sw_play_roster(g, t, o, pl, rng ? ev : NULL, why, size,
		    verdict);
		break;
	}
	if (!verdict)
		t->actions += r == 0;
	return r;
}

int
sw_play(struct shinobi *g, struct sw_turn *t, const struct sw_order *o,
    const struct game_players *pl, struct rng *rng, struct events *ev,
    char *why, size_t size)
{
	return sw_play_run(g, t, o, pl, rng, ev, why, size, 0);
}

int
sw_play_verdict(const struct shinobi *g, const struct sw_turn *t,
    const struct sw_order *o)
{
	/* The casts only share the code: with verdict nothing is
	 * written. */
	return sw_play_run((struct shinobi *)g, (struct sw_turn *)t, o, NULL,
	    NULL, NULL, NULL, 0, 1);
}

/* One attacker against the front: 1 if it comes through alive, 0 if it
 * returns, -1 if it dies.  gone counts the cards each front has lost
 * since the action step began. */
static int
sw_play_front(struct sw_side *d, int front, int *gone, struct sw_slot *a,
    const char *who, struct events *ev)
{
	const struct sw_card *ak = &sw_cards[a->card], *dk;
	struct sw_slot *s;
	char name[120], at[16];

	while (d->nzone[front] > 0) {
		s = &d->zone[front][0];
		dk = &sw_cards[s->card];
		/* Named where it stood when the action step began. */
		sw_pos_word((struct sw_pos){ front, gone[front] }, at,
		    sizeof at);
		if (dk->rank == SW_R_TRAP) {
			/* Ruling: LS = RS the trap wins; SS = SA the trap
			 * stays hidden.  A trap that kills stays face down,
			 * so its log line is the outcome alone, as the text's
			 * defender notifies it: how the scores compared
			 * ("its SS equals SA") would name the trap. */
			if (dk->ls >= ak->rs) {
				events_add(ev, EVENT_ALL, "%s meets a trap at "
				    "%s: a %s; %s dies, and the trap stays "
				    "face down.", ak->name, at, dk->ss >=
				    ak->sa ? "clean kill, neither evaded nor "
				    "sensed" : "messy kill, sensed but not "
				    "evaded", who);
				return -1;
			}
			if (dk->ss >= ak->sa) {
				s->up = 1;
				events_add(ev, EVENT_ALL, "%s meets a trap at "
				    "%s: a failed trap, evaded but not "
				    "sensed; it is turned face up: %s.  %s "
				    "fails the mission and returns.",
				    ak->name, at, sw_card_describe(s->card,
				    name, sizeof name), who);
				return 0;
			}
			events_add(ev, EVENT_ALL, "%s disassembles the trap at "
			    "%s: %s; it is removed and the attack goes on.",
			    ak->name, at, sw_card_describe(s->card, name,
			    sizeof name));
			sw_zone_take(d, (struct sw_pos){ front, 0 }, NULL);
			gone[front]++;
			continue;
		}
		s->up = 1;
		sw_card_describe(s->card, name, sizeof name);
		if (ak->as > dk->rs || (ak->as == dk->rs && ak->as > dk->as)) {
			events_add(ev, EVENT_ALL, "%s meets %s at %s: %s; the "
			    "defender dies and the attack goes on.", ak->name,
			    name, at, ak->as > dk->rs ? "a quick kill (AS "
			    "beats RS)" : "a brawl (AS equals RS) won on AS");
			sw_zone_take(d, (struct sw_pos){ front, 0 }, NULL);
			gone[front]++;
			continue;
		}
		if (ak->as < dk->rs || ak->as < dk->as) {
			events_add(ev, EVENT_ALL, "%s meets %s at %s: %s; %s "
			    "dies.", ak->name, name, at, ak->as < dk->rs ?
			    "a failed attack (RS beats AS)" : "a brawl (AS "
			    "equals RS) lost on AS", who);
			return -1;
		}
		/* Ruling: a brawl between equal AS kills neither: the
		 * attacker returns. */
		events_add(ev, EVENT_ALL, "%s meets %s at %s: a brawl between "
		    "equal AS, so neither has the lower AS and neither dies; "
		    "the defender holds and %s returns.", ak->name, name, at,
		    who);
		return 0;
	}
	return 1;
}

int
sw_play_attacks(struct shinobi *g, struct sw_turn *t,
    const struct game_players *pl, struct events *ev)
{
	int p = t->player, q = 1 - p, r, k, n = 0;
	struct sw_side *s = &g->side[p], *d = &g->side[q];
	struct sw_slot a[SW_DECK], keep[SW_DECK];
	unsigned char fought[SW_DECK] = { 0 }, dead[SW_DECK] = { 0 };
	char who[80], by[80], name[120], w[16];
	int gone[SW_FRONTS] = { 0 };

	for (int i = 0; i < t->nattack; i++)
		a[i] = s->zone[SW_ROSTER][t->attacker[i].idx];
	/* Attacks are fought in order until the village falls; the later
	 * ones are not fought, and their ninjas stay where they stand,
	 * unnamed. */
	for (k = 0; k < t->nattack && d->damage < SW_FALL; k++) {
		fought[t->attacker[k].idx] = 1;
		a[k].up = 1;
		snprintf(who, sizeof who, "%s's %s", pl->names[p],
		    sw_cards[a[k].card].name);
		events_add(ev, EVENT_ALL, "%s attacks from %s the %s front of "
		    "%s: %s.", sw_who(pl, p, by, sizeof by),
		    sw_pos_word(t->attacker[k], w, sizeof w),
		    sw_zone_words[t->front[k]], pl->names[q],
		    sw_card_describe(a[k].card, name, sizeof name));
		r = sw_play_front(d, t->front[k], gone, &a[k], who, ev);
		if (r == 1) {
			d->damage += sw_cards[a[k].card].vd;
			events_add(ev, EVENT_ALL, "%s comes through and deals "
			    "%d damage to the %s village (%d of %d); it "
			    "returns face up.", who, sw_cards[a[k].card].vd,
			    sw_side_names[q], d->damage, SW_FALL);
		}
		dead[k] = r < 0;
	}
	if (k < t->nattack)
		events_add(ev, EVENT_ALL, "The village has fallen: the other "
		    "attacks of the turn are not fought.");
	/* The roster: every card that did not attack, in its place, then
	 * the attackers that return, in the order they attacked. */
	for (int i = 0; i < s->nzone[SW_ROSTER]; i++)
		if (!fought[i])
			keep[n++] = s->zone[SW_ROSTER][i];
	for (int i = 0; i < k; i++)
		if (!dead[i])
			keep[n++] = a[i];
	memcpy(s->zone[SW_ROSTER], keep, (size_t)n * sizeof keep[0]);
	s->nzone[SW_ROSTER] = n;
	return d->damage >= SW_FALL;
}
