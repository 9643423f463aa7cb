/* sw_order.c - the orders of a turn: parse, validate, legal.
 *
 *   [if-failed|if-scouted] scout MINE THEIRS
 *   [if-failed|if-scouted] supply MINE [MINE ...]
 *   defend WEST... / NORTH... / EAST...    (every front card once; "-")
 *   deploy CARD ZONE [CARD ZONE ...]
 *   roster POS ZONE [POS ZONE ...]
 *   attack POS FRONT
 *   end
 * A position is a zone letter and a place from 1: w1 n2 e1 r3.  Zones:
 * west, north, east, roster.  The orders are checked in order on copies
 * of the game (sw_play with no stream), so each position means the card
 * there after the orders before it; attacks name the roster as it stands
 * when the strategy step is over.  A scout's outcome is unknown when
 * checking, so each scout splits the copies in two (struct sw_worlds):
 * an order is accepted if it plays in every copy, a conditional one
 * being skipped where its condition fails.  legal() builds each
 * candidate as the order parse would read from its text (sw_order_text
 * writes that text) and plays it on the copies: only the orders it lists
 * are ever written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/names.h"
#include "shinobi.h"

static int
sw_order_zone(const char *w)
{
	for (int z = 0; z < SW_ZONES; z++)
		if (strcmp(w, sw_zone_words[z]) == 0 ||
		    (w[0] == sw_zone_letters[z] && w[1] == '\0'))
			return z;
	return SW_NONE;
}

static int
sw_order_pos(const char *w, struct sw_pos *pos, char *why, size_t size)
{
	long long k;

	for (int z = 0; z < SW_ZONES; z++)
		if (w[0] == sw_zone_letters[z] &&
		    util_parse_int(w + 1, 1, SW_DECK, &k) == 0) {
			pos->zone = z;
			pos->idx = (int)k - 1;
			return 0;
		}
	game_why(why, size, "'%.12s' is no position: a zone letter w, n, e "
	    "or r and a place from 1, as w1 or r2", w);
	return -1;
}

static int
sw_order_usage(const char *usage, char *why, size_t size)
{
	game_why(why, size, "write %s", usage);
	return -1;
}

/* Pairs "X ZONE" from word from on: positions (pos) or cards. */
static int
sw_order_pairs(const struct util_words *w, int from, struct sw_order *o,
    int cards, char *why, size_t size)
{
	const char *usage = cards ? "deploy CARD ZONE [CARD ZONE ...]" :
	    "roster POS ZONE [POS ZONE ...]";

	if (w->n <= from || (w->n - from) % 2 != 0 || w->n > UTIL_WORDS_MAX)
		return sw_order_usage(usage, why, size);
	for (int i = from; i < w->n; i += 2) {
		if (cards) {
			if ((o->card[o->n] = sw_card_find(w->w[i], why,
			    size)) < 0)
				return -1;
		} else if (sw_order_pos(w->w[i], &o->pos[o->n], why,
		    size) < 0) {
			return -1;
		}
		if ((o->zone[o->n] = sw_order_zone(w->w[i + 1])) < 0) {
			game_why(why, size, "'%.12s' is no zone: west, north, "
			    "east or roster", w->w[i + 1]);
			return -1;
		}
		o->n++;
	}
	return 0;
}

/* One word of a defence after "defend": a position, "-", or a card
 * name (refused: the fronts are named by position). */
static int
sw_order_defend_word(const char *w, struct sw_order *o, int f, char *why,
    size_t size)
{
	char tmp[GAME_REASON_MAX];

	if (strcmp(w, "-") == 0)
		return 0;
	if (o->n >= SW_DECK * 2)
		return sw_order_usage("defend WEST... / NORTH... / EAST...",
		    why, size);
	if (sw_order_pos(w, &o->pos[o->n], why, size) < 0) {
		if (sw_card_find(w, tmp, sizeof tmp) >= 0)
			game_why(why, size, "defend names each card by "
			    "where it stands, as w1 or n2, not by its name "
			    "'%.12s'", w);
		return -1;
	}
	o->n++;
	o->split[f]++;
	return 0;
}

/* "defend WEST... / NORTH... / EAST...": the '/' may touch the words
 * around it (w2/-/n1), and "-" stands for an empty front. */
static int
sw_order_defend(const struct util_words *w, struct sw_order *o, char *why,
    size_t size)
{
	char part[32];
	int f = 0;

	if (w->n > UTIL_WORDS_MAX)
		return sw_order_usage("defend WEST... / NORTH... / EAST...",
		    why, size);
	for (int i = 1; i < w->n; i++)
		for (const char *p = w->w[i]; *p != '\0';) {
			size_t k = strcspn(p, "/");

			if (k == 0) {
				p++;
				if (++f >= SW_FRONTS)
					return sw_order_usage("defend WEST... "
					    "/ NORTH... / EAST... with two "
					    "'/'", why, size);
				continue;
			}
			snprintf(part, sizeof part, "%.*s", (int)(k <
			    sizeof part ? k : sizeof part - 1), p);
			if (sw_order_defend_word(part, o, f, why, size) < 0)
				return -1;
			p += k;
		}
	if (f != SW_FRONTS - 1)
		return sw_order_usage("defend WEST... / NORTH... / EAST... "
		    "with two '/', - for an empty front", why, size);
	return 0;
}

int
sw_order_parse(const char *text, struct sw_order *o, char *why, size_t size)
{
	struct util_words w;
	int at = 0;
	const char *v;

	memset(o, 0, sizeof *o);
	if (util_words(text, &w) < 0 || w.n == 0) {
		game_why(why, size, "an order is one line: scout, supply, "
		    "defend, deploy, roster, attack or end");
		return -1;
	}
	if (strcmp(w.w[0], "if-failed") == 0 ||
	    strcmp(w.w[0], "if-scouted") == 0) {
		o->cond = w.w[0][3] == 'f' ? SW_C_FAILED : SW_C_SCOUTED;
		at = 1;
	}
	v = at < w.n ? w.w[at] : "";
	if (o->cond != SW_C_ALWAYS && strcmp(v, "scout") != 0 &&
	    strcmp(v, "supply") != 0)
		return sw_order_usage("if-failed or if-scouted before a scout "
		    "or a supply run", why, size);
	if (strcmp(v, "end") == 0) {
		o->verb = SW_O_END;
		if (w.n != 1)
			return sw_order_usage("end alone: end takes no "
			    "arguments", why, size);
	} else if (strcmp(v, "scout") == 0) {
		o->verb = SW_O_SCOUT;
		if (w.n != at + 3)
			return sw_order_usage("scout MINE THEIRS", why, size);
		o->n = 2;
		if (sw_order_pos(w.w[at + 1], &o->pos[0], why, size) < 0 ||
		    sw_order_pos(w.w[at + 2], &o->pos[1], why, size) < 0)
			return -1;
	} else if (strcmp(v, "supply") == 0) {
		o->verb = SW_O_SUPPLY;
		if (w.n < at + 2 || w.n > UTIL_WORDS_MAX)
			return sw_order_usage("supply MINE [MINE ...]", why,
			    size);
		for (int i = at + 1; i < w.n; i++)
			if (sw_order_pos(w.w[i], &o->pos[o->n++], why,
			    size) < 0)
				return -1;
	} else if (strcmp(v, "defend") == 0) {
		o->verb = SW_O_DEFEND;
		return sw_order_defend(&w, o, why, size);
	} else if (strcmp(v, "deploy") == 0) {
		o->verb = SW_O_DEPLOY;
		return sw_order_pairs(&w, 1, o, 1, why, size);
	} else if (strcmp(v, "roster") == 0) {
		o->verb = SW_O_ROSTER;
		return sw_order_pairs(&w, 1, o, 0, why, size);
	} else if (strcmp(v, "attack") == 0) {
		o->verb = SW_O_ATTACK;
		o->n = 1;
		if (w.n == 3 && sw_order_pos(w.w[1], &o->pos[0], why,
		    size) == 0 && o->pos[0].zone != SW_ROSTER) {
			game_why(why, size, "only a ninja of the roster "
			    "attacks: %s is on a front (first 'roster %s "
			    "roster', then attack with its r position)",
			    w.w[1], w.w[1]);
			return -1;
		}
		if (w.n != 3 || sw_order_pos(w.w[1], &o->pos[0], why,
		    size) < 0 || o->pos[0].zone != SW_ROSTER ||
		    (o->zone[0] = sw_order_zone(w.w[2])) < 0 ||
		    o->zone[0] == SW_ROSTER)
			return sw_order_usage("attack rN FRONT: a ninja of the "
			    "roster and west, north or east", why, size);
	} else {
		/* The words an order starts with, for the nearest to a
		 * slip ("atack"). */
		static const char *const words[] = { "scout", "supply",
			"defend", "deploy", "roster", "attack", "end",
			"if-failed", "if-scouted" };
		const char *near = names_nearest(v, words,
		    sizeof words / sizeof words[0]);

		if (near != NULL)
			game_why(why, size, "'%.12s' is no order; did you "
			    "mean '%s'?", v, near);
		else
			game_why(why, size, "'%.12s' is no order: scout, "
			    "supply, defend, deploy, roster, attack or end",
			    v);
		return -1;
	}
	return 0;
}

/* The turn begun on a copy, in one world; -1 if the player owes
 * nothing now. */
static int
sw_order_start(const struct shinobi *g, int player, struct sw_worlds *ws)
{
	if (g->phase != SW_P_TURN || player != g->active)
		return -1;
	ws->n = 1;
	ws->g[0] = *g;
	ws->when[0][0] = '\0';
	sw_play_begin(&ws->g[0], player, &ws->t[0]);
	return 0;
}

/* out: the case was, and the scout with pos ends so. */
static void
sw_order_when(char *out, const char *was, const char *pos, const char *so)
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_printf(&b, "%s%sthe scout with %s %s", was, was[0] ? " and " :
	    "", pos, so);
	/* At most three scouts a turn: it fits. */
	snprintf(out, sizeof ((struct sw_worlds *)0)->when[0], "%.127s",
	    b.p);
	sbuf_free(&b);
}

/* Ruling: each order is checked in every way the scouts before it can
 * go; a conditional one only where it is carried out.  Plays o in every
 * world, or in none with why (the first world that refuses it, named
 * when others would take it); then each scout just made splits its
 * world in two, failed and succeeded. */
static int
sw_order_play(struct sw_worlds *ws, const struct sw_order *o, char *why,
    size_t size)
{
	struct shinobi c;
	struct sw_turn t;
	char w[16];
	int refused = -1, n = ws->n;

	for (int i = 0; i < n && refused < 0; i++)
		if (sw_play_verdict(&ws->g[i], &ws->t[i], o) != 0)
			refused = i;
	if (refused >= 0) {
		c = ws->g[refused];
		t = ws->t[refused];
		if (why != NULL && sw_play(&c, &t, o, NULL, NULL, NULL, why,
		    size) == 0)
			game_why(why, size, "internal: the check and the "
			    "verdict differ");
		for (int i = 0; i < n && why != NULL; i++)
			if (i != refused && sw_play_verdict(&ws->g[i],
			    &ws->t[i], o) == 0) {
				char tail[GAME_REASON_MAX];

				snprintf(tail, sizeof tail, "%s", why);
				game_why(why, size, "if %s: %s",
				    ws->when[refused], tail);
				break;
			}
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (sw_play(&ws->g[i], &ws->t[i], o, NULL, NULL, NULL, NULL,
		    0) != 0 || ws->t[i].last_scout != SW_SCOUT_EITHER)
			continue;
		sw_pos_word(o->pos[0], w, sizeof w);
		ws->g[ws->n] = ws->g[i];
		ws->t[ws->n] = ws->t[i];
		ws->t[i].last_scout = 0;
		ws->t[ws->n].last_scout = 1;
		sw_order_when(ws->when[ws->n], ws->when[i], w, "succeeds");
		sw_order_when(ws->when[i], ws->when[i], w, "fails");
		ws->n++;
	}
	return 0;
}

int
sw_order_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	struct sw_worlds ws;
	struct sw_order o;
	int owes = sw_order_start(vg, player, &ws) == 0;

	for (size_t i = 0; i < n; i++) {
		v[i].accepted = 0;
		if (!owes)
			snprintf(v[i].reason, sizeof v[i].reason, "you owe no "
			    "orders now");
		else if (sw_order_parse(orders[i].text, &o, v[i].reason,
		    sizeof v[i].reason) == 0 && sw_order_play(&ws, &o,
		    v[i].reason, sizeof v[i].reason) == 0)
			v[i].accepted = 1;
		if (v[i].accepted)
			v[i].reason[0] = '\0';
	}
	return owes && ws.t[0].ended;
}

/* A visitor of the legal orders, each as parse reads its text, with its
 * place among the candidates tried: returns 1 to stop the walk. */
typedef int sw_order_visit(void *arg, const struct sw_order *o,
    size_t ordinal);

/* How a walk checks each candidate: played on a copy of the game
 * (legal), asked of sw_play_verdict (legal_pick: the same checks, without
 * the copy; test_harness checks that the two agree), or not at all (to
 * find again one known to play). */
enum { SW_WALK_UNCHECKED, SW_WALK_PLAY, SW_WALK_VERDICT };

/* A walk over the candidates of legal(): the game after the prefix in
 * each way its scouts can go, and how each candidate is checked (only
 * those that play in every one are visited). */
struct sw_order_walk {
	const struct sw_worlds *ws;
	int play;
	size_t ordinal; /* candidates so far */
	sw_order_visit *visit;
	void *arg;
};

/* The text of an order as legal() lists it, which parse reads back to
 * the same order. */
static void
sw_order_text(const struct sw_order *o, struct sbuf *b)
{
	static const char *const cond[] = { "", "if-failed ", "if-scouted " };
	char w[16];
	int k = 0;

	switch (o->verb) {
	case SW_O_END:
		sbuf_puts(b, "end");
		break;
	case SW_O_SUPPLY:
	case SW_O_SCOUT:
		sbuf_printf(b, "%s%s %s", cond[o->cond], o->verb == SW_O_SUPPLY ?
		    "supply" : "scout", sw_pos_word(o->pos[0], w, sizeof w));
		if (o->verb == SW_O_SCOUT)
			sbuf_printf(b, " %s", sw_pos_word(o->pos[1], w,
			    sizeof w));
		break;
	case SW_O_ROSTER:
		sbuf_printf(b, "roster %s %s", sw_pos_word(o->pos[0], w,
		    sizeof w), sw_zone_words[o->zone[0]]);
		break;
	case SW_O_DEPLOY:
		sbuf_printf(b, "deploy %s %s", sw_card_names[o->card[0]],
		    sw_zone_words[o->zone[0]]);
		break;
	case SW_O_DEFEND:
		sbuf_puts(b, "defend");
		for (int f = 0; f < SW_FRONTS; f++) {
			sbuf_puts(b, f ? " /" : "");
			if (o->split[f] == 0)
				sbuf_puts(b, " -");
			for (int i = 0; i < o->split[f]; i++, k++)
				sbuf_printf(b, " %s", sw_pos_word(o->pos[k], w,
				    sizeof w));
		}
		break;
	default:
		sbuf_printf(b, "attack %s %s", sw_pos_word(o->pos[0], w,
		    sizeof w), sw_zone_words[o->zone[0]]);
		break;
	}
}

/* o made a new candidate of verb: the fields every verb reads zeroed,
 * and the first two places (all a candidate but a defence uses; a
 * defence writes each of its own).  Not the whole order, a kilobyte,
 * for each of the tens of candidates of every walk. */
static void
sw_order_clear(struct sw_order *o, int verb)
{
	o->verb = verb;
	o->cond = SW_C_ALWAYS;
	o->n = 0;
	memset(o->split, 0, sizeof o->split);
	memset(o->pos, 0, 2 * sizeof o->pos[0]);
	memset(o->zone, 0, 2 * sizeof o->zone[0]);
	memset(o->card, 0, 2 * sizeof o->card[0]);
}

/* o is visited if it plays on a copy of the turn: only the verdict is
 * wanted, so no reason is written.  Returns what visit returned (0 if o
 * does not play). */
static int
sw_order_try(struct sw_order_walk *w, const struct sw_order *o)
{
	size_t k = w->ordinal++;

	for (int i = 0; i < w->ws->n; i++)
		if (w->play == SW_WALK_PLAY) {
			struct shinobi c2 = w->ws->g[i];
			struct sw_turn t2 = w->ws->t[i];

			if (sw_play(&c2, &t2, o, NULL, NULL, NULL, NULL, 0) !=
			    0)
				return 0;
		} else if (w->play == SW_WALK_VERDICT &&
		    sw_play_verdict(&w->ws->g[i], &w->ws->t[i], o) != 0) {
			return 0;
		}
	return w->visit(w->arg, o, k);
}

/* Every way to move one front card to a front (the card first there),
 * the others keeping their order. */
static int
sw_order_defences(struct sw_order_walk *w)
{
	const struct sw_side *s = &w->ws->g[0].side[w->ws->t[0].player];
	struct sw_order o;

	for (int z = 0; z < SW_FRONTS; z++)
		for (int i = 0; i < s->nzone[z]; i++)
			for (int to = 0; to < SW_FRONTS; to++) {
				if (to == z && i == 0)
					continue;
				sw_order_clear(&o, SW_O_DEFEND);
				for (int f = 0; f < SW_FRONTS; f++) {
					if (f == to) {
						o.pos[o.n++] = (struct sw_pos){
						    z, i };
						o.split[f]++;
					}
					for (int k = 0; k < s->nzone[f]; k++)
						if (f != z || k != i) {
							o.pos[o.n++] = (struct
							    sw_pos){ f, k };
							o.split[f]++;
						}
				}
				if (sw_order_try(w, &o))
					return 1;
			}
	return 0;
}

/* The legal next orders after the prefix, in legal()'s order; -1 if
 * there are none (the player owes nothing, or the turn has ended). */
static int
sw_order_each(const void *vg, int player, const struct order *prefix,
    size_t n, int play, sw_order_visit *visit, void *arg)
{
	struct sw_worlds ws;
	struct sw_order o;
	const struct sw_side *s, *e;
	struct sw_order_walk w = { &ws, play, 0, visit, arg };

	if (sw_order_start(vg, player, &ws) < 0)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (sw_order_parse(prefix[i].text, &o, NULL, 0) < 0 ||
		    sw_order_play(&ws, &o, NULL, 0) < 0)
			return -1;
	if (ws.t[0].ended)
		return -1;
	memset(&o, 0, sizeof o);
	o.verb = SW_O_END;
	if (visit(arg, &o, w.ordinal++)) /* listed unchecked */
		return 0;
	/* The worlds differ only in which cards are up and scouted: the
	 * same positions and hand in each. */
	s = &ws.g[0].side[player];
	e = &ws.g[0].side[1 - player];
	for (int z = 0; z < SW_ZONES; z++)
		for (int i = 0; i < s->nzone[z]; i++) {
			struct sw_pos a = { z, i };

			for (int k = 0; k < 3; k++) {
				sw_order_clear(&o, SW_O_SUPPLY);
				o.cond = k;
				o.n = 1;
				o.pos[0] = a;
				if (sw_order_try(&w, &o))
					return 0;
				o.verb = SW_O_SCOUT;
				o.n = 2;
				for (int ez = 0; ez < SW_ZONES; ez++)
					for (int j = 0; j < e->nzone[ez]; j++) {
						o.pos[1] = (struct sw_pos){ ez,
						    j };
						if (sw_order_try(&w, &o))
							return 0;
					}
			}
			sw_order_clear(&o, SW_O_ROSTER);
			o.n = 1;
			o.pos[0] = a;
			for (int to = 0; to < SW_ZONES; to++) {
				o.zone[0] = to;
				if (sw_order_try(&w, &o))
					return 0;
			}
		}
	for (int h = 0; h < s->nhand; h++)
		for (int to = 0; to < SW_ZONES; to++) {
			int seen = 0;

			for (int k = 0; k < h; k++)
				seen |= s->hand[k] == s->hand[h];
			if (seen)
				continue;
			sw_order_clear(&o, SW_O_DEPLOY);
			o.n = 1;
			o.card[0] = s->hand[h];
			o.zone[0] = to;
			if (sw_order_try(&w, &o))
				return 0;
		}
	if (sw_order_defences(&w))
		return 0;
	for (int i = 0; i < s->nzone[SW_ROSTER]; i++)
		for (int f = 0; f < SW_FRONTS; f++) {
			sw_order_clear(&o, SW_O_ATTACK);
			o.n = 1;
			o.pos[0] = (struct sw_pos){ SW_ROSTER, i };
			o.zone[0] = f;
			if (sw_order_try(&w, &o))
				return 0;
		}
	return 0;
}

static int
sw_order_list(void *arg, const struct sw_order *o, size_t ordinal)
{
	struct sbuf b;

	(void)ordinal;
	sbuf_init(&b);
	sw_order_text(o, &b);
	strlist_add(arg, b.p);
	sbuf_free(&b);
	return 0;
}

void
sw_order_legal(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	sw_order_each(vg, player, prefix, n, SW_WALK_PLAY, sw_order_list, out);
}

/* legal_pick: the first walk checks every candidate and keeps the place
 * of each that plays; the second finds the one picked by its place,
 * without checking any. */
#define SW_FIND_KEEP 256 /* places kept on the stack; more take the
                          * heap */

struct sw_order_find {
	size_t n, cap;
	size_t *at;     /* the places of the candidates that play: keep, or
	                 * the heap */
	size_t *keep;
	size_t target;
	struct sbuf text;
};

static int
sw_order_count(void *arg, const struct sw_order *o, size_t ordinal)
{
	struct sw_order_find *f = arg;

	(void)o;
	if (f->n == f->cap) {
		f->cap *= 2;
		if (f->at == f->keep) {
			f->at = util_reallocarray(NULL, f->cap, sizeof *f->at);
			memcpy(f->at, f->keep, f->n * sizeof *f->at);
		} else {
			f->at = util_reallocarray(f->at, f->cap,
			    sizeof *f->at);
		}
	}
	f->at[f->n++] = ordinal;
	return 0;
}

static int
sw_order_found(void *arg, const struct sw_order *o, size_t ordinal)
{
	struct sw_order_find *f = arg;

	if (ordinal < f->target)
		return 0;
	sw_order_text(o, &f->text);
	return 1;
}

size_t
sw_order_pick(const void *vg, int player, const struct order *prefix,
    size_t n, game_choose *choose, void *arg, char *buf, size_t size)
{
	size_t keep[SW_FIND_KEEP];
	struct sw_order_find f = { .cap = SW_FIND_KEEP, .at = keep,
	    .keep = keep };
	size_t count;

	if (sw_order_each(vg, player, prefix, n, SW_WALK_VERDICT,
	    sw_order_count, &f) < 0 ||
	    (count = f.n) == 0) {
		if (f.at != keep)
			free(f.at);
		return 0;
	}
	f.target = f.at[choose(arg, count)];
	sbuf_init(&f.text);
	sw_order_each(vg, player, prefix, n, SW_WALK_UNCHECKED, sw_order_found,
	    &f);
	snprintf(buf, size, "%s", f.text.p);
	sbuf_free(&f.text);
	if (f.at != keep)
		free(f.at);
	return count;
}
