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
 * west, north, east, roster.  The orders are checked in order on a copy
 * of the game (sw_play with no stream), so each position means the card
 * there after the orders before it; attacks name the roster as it stands
 * when the strategy step is over. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

static int
sw_order_defend(const struct util_words *w, struct sw_order *o, char *why,
    size_t size)
{
	int f = 0;

	if (w->n > UTIL_WORDS_MAX)
		return sw_order_usage("defend WEST... / NORTH... / EAST...",
		    why, size);
	for (int i = 1; i < w->n; i++) {
		if (strcmp(w->w[i], "/") == 0) {
			if (++f >= SW_FRONTS)
				return sw_order_usage("defend WEST... / "
				    "NORTH... / EAST... with two '/'", why,
				    size);
			continue;
		}
		if (strcmp(w->w[i], "-") == 0)
			continue;
		if (sw_order_pos(w->w[i], &o->pos[o->n], why, size) < 0)
			return -1;
		o->n++;
		o->split[f]++;
	}
	if (f != SW_FRONTS - 1)
		return sw_order_usage("defend WEST... / NORTH... / EAST... "
		    "with two '/'", why, size);
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
	if (strcmp(v, "end") == 0 && w.n == 1) {
		o->verb = SW_O_END;
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
		if (w.n != 3 || sw_order_pos(w.w[1], &o->pos[0], why,
		    size) < 0 || o->pos[0].zone != SW_ROSTER ||
		    (o->zone[0] = sw_order_zone(w.w[2])) < 0 ||
		    o->zone[0] == SW_ROSTER)
			return sw_order_usage("attack rN FRONT: a ninja of the "
			    "roster and west, north or east", why, size);
	} else {
		game_why(why, size, "'%.12s' is no order: scout, supply, "
		    "defend, deploy, roster, attack or end", v);
		return -1;
	}
	return 0;
}

/* Apply the prefix to a copy; -1 if the player owes nothing now. */
static int
sw_order_start(const struct shinobi *g, int player, struct shinobi *c,
    struct sw_turn *t)
{
	if (g->phase != SW_P_TURN || player != g->active)
		return -1;
	*c = *g;
	sw_play_begin(c, player, t);
	return 0;
}

int
sw_order_validate(const void *vg, int player, const struct order *orders,
    size_t n, struct verdict *v)
{
	struct shinobi c;
	struct sw_turn t;
	struct sw_order o;
	int owes = sw_order_start(vg, player, &c, &t) == 0;

	for (size_t i = 0; i < n; i++) {
		v[i].accepted = 0;
		if (!owes)
			snprintf(v[i].reason, sizeof v[i].reason, "you owe no "
			    "orders now");
		else if (sw_order_parse(orders[i].text, &o, v[i].reason,
		    sizeof v[i].reason) == 0 && sw_play(&c, &t, &o, NULL, NULL,
		    NULL, v[i].reason, sizeof v[i].reason) == 0)
			v[i].accepted = 1;
		if (v[i].accepted)
			v[i].reason[0] = '\0';
	}
	return owes && t.ended;
}

/* Add text to out if it is legal after the turn t on c. */
static void
sw_order_try(const struct shinobi *c, const struct sw_turn *t,
    struct strlist *out, const char *fmt, ...) GB_PRINTF(4, 5);

static void
sw_order_try(const struct shinobi *c, const struct sw_turn *t,
    struct strlist *out, const char *fmt, ...)
{
	struct shinobi c2 = *c;
	struct sw_turn t2 = *t;
	struct sw_order o;
	char text[UTIL_WORDS_CHARS + 1];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	/* Only the verdict is wanted: no reason is written. */
	if (sw_order_parse(text, &o, NULL, 0) == 0 &&
	    sw_play(&c2, &t2, &o, NULL, NULL, NULL, NULL, 0) == 0)
		strlist_add(out, text);
}

static void
sw_order_defences(const struct shinobi *c, const struct sw_turn *t,
    struct strlist *out)
{
	const struct sw_side *s = &c->side[t->player];
	char w[16];

	for (int z = 0; z < SW_FRONTS; z++)
		for (int i = 0; i < s->nzone[z]; i++)
			for (int to = 0; to < SW_FRONTS; to++) {
				struct sbuf b;

				if (to == z && i == 0)
					continue;
				sbuf_init(&b);
				sbuf_puts(&b, "defend");
				for (int f = 0; f < SW_FRONTS; f++) {
					sbuf_puts(&b, f ? " /" : "");
					if (f == to)
						sbuf_printf(&b, " %c%d",
						    sw_zone_letters[z], i + 1);
					for (int k = 0; k < s->nzone[f]; k++)
						if (f != z || k != i)
							sbuf_printf(&b, " %s",
							    sw_pos_word((struct
							    sw_pos){ f, k }, w,
							    sizeof w));
				}
				sw_order_try(c, t, out, "%s", b.p);
				sbuf_free(&b);
			}
}

void
sw_order_legal(const void *vg, int player, const struct order *prefix,
    size_t n, struct strlist *out)
{
	static const char *const cond[] = { "", "if-failed ", "if-scouted " };
	struct shinobi c;
	struct sw_turn t;
	struct sw_order o;
	char why[GAME_REASON_MAX], a[16], b[16];
	const struct sw_side *s, *e;

	if (sw_order_start(vg, player, &c, &t) < 0)
		return;
	for (size_t i = 0; i < n; i++)
		if (sw_order_parse(prefix[i].text, &o, why, sizeof why) < 0 ||
		    sw_play(&c, &t, &o, NULL, NULL, NULL, why, sizeof why) < 0)
			return;
	if (t.ended)
		return;
	strlist_add(out, "end");
	s = &c.side[player];
	e = &c.side[1 - player];
	for (int z = 0; z < SW_ZONES; z++)
		for (int i = 0; i < s->nzone[z]; i++) {
			sw_pos_word((struct sw_pos){ z, i }, a, sizeof a);
			for (int k = 0; k < 3; k++) {
				sw_order_try(&c, &t, out, "%ssupply %s",
				    cond[k], a);
				for (int ez = 0; ez < SW_ZONES; ez++)
					for (int j = 0; j < e->nzone[ez]; j++)
						sw_order_try(&c, &t, out,
						    "%sscout %s %s", cond[k],
						    a, sw_pos_word((struct
						    sw_pos){ ez, j }, b,
						    sizeof b));
			}
			for (int to = 0; to < SW_ZONES; to++)
				sw_order_try(&c, &t, out, "roster %s %s", a,
				    sw_zone_words[to]);
		}
	for (int h = 0; h < s->nhand; h++)
		for (int to = 0; to < SW_ZONES; to++) {
			int seen = 0;

			for (int k = 0; k < h; k++)
				seen |= s->hand[k] == s->hand[h];
			if (!seen)
				sw_order_try(&c, &t, out, "deploy %s %s",
				    sw_card_names[s->hand[h]],
				    sw_zone_words[to]);
		}
	sw_order_defences(&c, &t, out);
	for (int i = 0; i < s->nzone[SW_ROSTER]; i++)
		for (int f = 0; f < SW_FRONTS; f++)
			sw_order_try(&c, &t, out, "attack r%d %s", i + 1,
			    sw_zone_words[f]);
}
