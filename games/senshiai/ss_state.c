/* ss_state.c - the game's section of the state file.
 *
 *   turn: 3                  # turns begun so far
 *   turn-limit: 200          # a draw after this many turns; 0: none
 *   active: 0                # the player whose turn it is
 *   stage: main              # deck, draw, main or over
 *   players:                 # in the order of the state's players
 *     - out: 0
 *       forced-by: none      # or the player who last made it discard
 *       reserve: [warriors, plains]   # top first; hidden
 *       hand: [archers]               # its owner's only
 *       discard: [blessing]           # top first; public
 *       standing: ["on roll cast divine-wind"] # hidden
 *   board:                   # the squares that hold a terrain, a1 first
 *     - at: b2
 *       terrain: castle-town
 *       master: 0
 *       activated: 0         # its Activate used this turn
 *       fought: 1            # a Capital that attacked this turn (only
 *                            # then)
 *       units: [{card: warriors, owner: 0, moves: 1, flees: 0, acted: 0}]
 *                            # acted: 1 fought, 2 produced, 8 failed
 *                            # its Tardy roll (stays); and "held: N" when a Move Restriction of
 *                            # N holds the Unit this turn
 *   effects:                 # Effects in play
 *     - {card: blessing, caster: 0, at: b2, unit: 0, duration: round}
 *       # round-of: N after caster when the Effect was cast in the turn
 *       # of player N, not the caster's (a reaction): its round ends
 *       # as N's next turn begins
 *   winners: [0]             # only when stage is over
 *   reason: "..."            # likewise
 *
 * Load refuses what no game could reach: unknown cards, a Unit that is no
 * Unit, a square twice, Units of two players on one square, a target out
 * of range. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "senshiai.h"

#define SS_STAGE_WORD(id, w, name) [SS_STAGE_##id] = w,
const char *const ss_state_stage_words[SS_STAGES] = {
	SS_STAGE_LIST(SS_STAGE_WORD)
};
#undef SS_STAGE_WORD
#define SS_STAGE_NAME(id, w, name) [SS_STAGE_##id] = name,
const char *const ss_state_stage_names[SS_STAGES] = {
	SS_STAGE_LIST(SS_STAGE_NAME)
};
#undef SS_STAGE_NAME

static const char *const ss_state_keys[] = { "turn", "turn-limit",
	"active", "stage",
	"players", "board", "effects", "winners", "reason", NULL };
static const char *const ss_state_player_keys[] = { "out", "forced-by",
	"reserve", "hand", "discard", "standing", NULL };
static const char *const ss_state_square_keys[] = { "at", "terrain",
	"master", "activated", "fought", "units", NULL };
static const char *const ss_state_unit_keys[] = { "card", "owner",
	"moves", "flees", "acted", "held", NULL };
static const char *const ss_state_effect_keys[] = { "card", "caster",
	"round-of", "at", "unit", "duration", NULL };

/* A card word, exactly; *out is SS_NONE when it is none. */
static int
ss_state_card(const struct node *n, const char *what, int *out,
    struct gb_err *e)
{
	*out = SS_NONE;
	if (node_want_kind(n, NODE_SCALAR, what, e) < 0)
		return -1;
	for (int c = 0; c < SS_NCARDS; c++)
		if (n->str[0] == ss_cards[c].word[0] &&
		    strcmp(n->str, ss_cards[c].word) == 0) {
			*out = c;
			return 0;
		}
	return err_set(e, n->line, n->col, "%s: unknown card", what);
}

static int
ss_state_card_key(const struct node *map, const char *key, int *out,
    struct gb_err *e)
{
	const struct node *n;

	if (node_need(map, key, NODE_SCALAR, &n, e) < 0)
		return -1;
	return ss_state_card(n, key, out, e);
}

/* A player index, or with none "none" for SS_NONE. */
static int
ss_state_player(const struct node *map, const char *key, int n, int none,
    int *out, struct gb_err *e)
{
	const struct node *v = node_get(map, key);
	long long x;

	if (none && v != NULL && v->kind == NODE_SCALAR &&
	    strcmp(v->str, "none") == 0) {
		*out = SS_NONE;
		return 0;
	}
	if (node_need_int(map, key, 0, n - 1, &x, e) < 0)
		return -1;
	*out = (int)x;
	return 0;
}

static int
ss_state_square(const struct node *map, const char *key, int *out,
    struct gb_err *e)
{
	const struct node *v;

	if (node_need(map, key, NODE_SCALAR, &v, e) < 0)
		return -1;
	if ((*out = ss_board_parse(v->str)) < 0)
		return err_set(e, v->line, v->col, "%s: not a square", key);
	return 0;
}

static int
ss_state_pile(const struct node *map, const char *key, struct ss_pile *pl,
    struct gb_err *e)
{
	const struct node *l;

	if (node_need(map, key, NODE_SEQ, &l, e) < 0)
		return -1;
	if (l->n > SS_DECK_MAX)
		return err_set(e, l->line, l->col, "%s: more than %d cards",
		    key, SS_DECK_MAX);
	pl->n = (int)l->n;
	for (size_t i = 0; i < l->n; i++) {
		int c;

		if (ss_state_card(l->items[i], key, &c, e) < 0)
			return -1;
		pl->card[i] = (signed char)c;
	}
	return 0;
}

static int
ss_state_players(struct ss_game *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l, *st;
	long long x;

	if (node_need(sec, "players", NODE_SEQ, &l, e) < 0)
		return -1;
	if (l->n != (size_t)g->n)
		return err_set(e, l->line, l->col, "players: %d expected",
		    g->n);
	for (int i = 0; i < g->n; i++) {
		const struct node *m = l->items[i];
		struct ss_player *p = &g->p[i];

		if (node_want_kind(m, NODE_MAP, "players", e) < 0 ||
		    node_only_keys(m, ss_state_player_keys, e) < 0 ||
		    node_need_int(m, "out", 0, 1, &x, e) < 0 ||
		    ss_state_player(m, "forced-by", g->n, 1, &p->forced_by,
		    e) < 0 ||
		    ss_state_pile(m, "reserve", &p->reserve, e) < 0 ||
		    ss_state_pile(m, "hand", &p->hand, e) < 0 ||
		    ss_state_pile(m, "discard", &p->discard, e) < 0 ||
		    node_need(m, "standing", NODE_SEQ, &st, e) < 0)
			return -1;
		p->out = (int)x;
		if (st->n > SS_STANDING)
			return err_set(e, st->line, st->col, "standing: more "
			    "than %d orders", SS_STANDING);
		p->nstanding = (int)st->n;
		for (size_t k = 0; k < st->n; k++) {
			const struct node *o = st->items[k];
			struct ss_standing so;
			char why[GAME_REASON_MAX];

			if (node_want_kind(o, NODE_SCALAR, "standing", e) < 0)
				return -1;
			if (ss_react_parse(o->str, &so, why, sizeof why) < 0)
				return err_set(e, o->line, o->col, "standing: "
				    "%s", why);
			ss_react_format(&so, p->standing[k],
			    sizeof p->standing[0]);
		}
	}
	return 0;
}

static int
ss_state_unit(struct ss_game *g, struct ss_square *q, const struct node *m,
    struct gb_err *e)
{
	struct ss_unit *u = &q->unit[q->nunits];
	long long mv, fl, ac, hd = 0;
	int card, owner;

	if (node_want_kind(m, NODE_MAP, "units", e) < 0 ||
	    node_only_keys(m, ss_state_unit_keys, e) < 0 ||
	    ss_state_card_key(m, "card", &card, e) < 0 ||
	    ss_state_player(m, "owner", g->n, 0, &owner, e) < 0 ||
	    node_need_int(m, "moves", 0, 99, &mv, e) < 0 ||
	    node_need_int(m, "flees", 0, 1, &fl, e) < 0 ||
	    node_need_int(m, "acted", 0, 15, &ac, e) < 0 ||
	    (node_get(m, "held") != NULL &&
	    node_need_int(m, "held", 1, 99, &hd, e) < 0))
		return -1;
	if (!ss_cards_is_unit(card))
		return err_set(e, m->line, m->col, "units: %s is not a Unit",
		    ss_cards[card].name);
	if (ac & SS_ACT_NOW)
		return err_set(e, m->line, m->col, "units: acted %lld: 4 is "
		    "only ever set within a battle", ac);
	if (q->nunits > 0 && q->unit[0].owner != owner)
		return err_set(e, m->line, m->col, "units: two players' Units "
		    "on one square");
	u->card = (short)card;
	u->owner = (short)owner;
	u->moves = (short)mv;
	u->flees = (signed char)fl;
	u->acted = (signed char)ac;
	u->held = (signed char)hd;
	q->nunits++;
	return 0;
}

static int
ss_state_board(struct ss_game *g, const struct node *sec, struct gb_err *e)
{
	const struct node *l, *us;

	if (node_need(sec, "board", NODE_SEQ, &l, e) < 0)
		return -1;
	for (size_t i = 0; i < l->n; i++) {
		const struct node *m = l->items[i];
		int at, t;
		long long act;

		if (node_want_kind(m, NODE_MAP, "board", e) < 0 ||
		    node_only_keys(m, ss_state_square_keys, e) < 0 ||
		    ss_state_square(m, "at", &at, e) < 0)
			return -1;
		if (g->sq[at].terrain != SS_NONE)
			return err_set(e, m->line, m->col, "board: square "
			    "given twice");
		if (ss_state_card_key(m, "terrain", &t, e) < 0 ||
		    ss_state_player(m, "master", g->n, 0, &g->sq[at].master,
		    e) < 0 || node_need_int(m, "activated", 0, 1, &act, e) < 0 ||
		    node_need(m, "units", NODE_SEQ, &us, e) < 0)
			return -1;
		g->sq[at].activated = (int)act;
		if (node_get(m, "fought") != NULL) {
			if (node_need_int(m, "fought", 0, 1, &act, e) < 0)
				return -1;
			g->sq[at].fought = (int)act;
		}
		if (ss_cards[t].type != SS_TERRAIN &&
		    ss_cards[t].type != SS_CAPITAL)
			return err_set(e, m->line, m->col, "board: %s is not "
			    "a Terrain", ss_cards[t].name);
		g->sq[at].terrain = t;
		if (us->n > SS_SQ_UNITS)
			return err_set(e, us->line, us->col, "units: more "
			    "than %d", SS_SQ_UNITS);
		for (size_t k = 0; k < us->n; k++)
			if (ss_state_unit(g, &g->sq[at], us->items[k], e) < 0)
				return -1;
	}
	return 0;
}

static int
ss_state_effects(struct ss_game *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *l;
	long long u;

	if (node_need(sec, "effects", NODE_SEQ, &l, e) < 0)
		return -1;
	if (l->n > SS_EFFECTS)
		return err_set(e, l->line, l->col, "effects: more than %d",
		    SS_EFFECTS);
	for (size_t i = 0; i < l->n; i++) {
		const struct node *m = l->items[i], *un;
		struct ss_effect *f = &g->effect[i];

		if (node_want_kind(m, NODE_MAP, "effects", e) < 0 ||
		    node_only_keys(m, ss_state_effect_keys, e) < 0 ||
		    ss_state_card_key(m, "card", &f->card, e) < 0 ||
		    ss_state_player(m, "caster", g->n, 0, &f->caster, e) < 0 ||
		    ss_state_player(m, node_get(m, "round-of") != NULL ?
		    "round-of" : "caster", g->n, 0, &f->round_of, e) < 0 ||
		    ss_state_square(m, "at", &f->sq, e) < 0 ||
		    node_need_word(m, "duration", ss_cards_duration_names,
		    SS_DURATIONS, &f->duration, e) < 0 ||
		    node_need(m, "unit", NODE_SCALAR, &un, e) < 0)
			return -1;
		if (f->duration == SS_DUR_NONE ||
		    f->duration == SS_DUR_INSTANT)
			return err_set(e, m->line, m->col, "effects: an Effect "
			    "in play lasts longer than an instant");
		if (g->sq[f->sq].terrain == SS_NONE)
			return err_set(e, m->line, m->col, "effects: no Terrain "
			    "at its target square");
		if (ss_cards[f->card].type != SS_EVENT)
			return err_set(e, m->line, m->col, "effects: %s is not "
			    "an Event", ss_cards[f->card].name);
		f->unit = SS_NONE;
		if (strcmp(un->str, "none") != 0) {
			if (node_want_int(un, 0, g->sq[f->sq].nunits - 1, "unit",
			    &u, e) < 0)
				return -1;
			f->unit = (int)u;
		}
	}
	g->neffects = (int)l->n;
	return 0;
}

static int
ss_state_outcome(struct ss_game *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *w = node_get(sec, "winners"), *r;

	if (g->stage != SS_STAGE_OVER) {
		if (w != NULL || node_get(sec, "reason") != NULL)
			return err_set(e, sec->line, sec->col, "winners and "
			    "reason are only for a finished game");
		return 0;
	}
	if (node_need(sec, "winners", NODE_SEQ, &w, e) < 0 ||
	    node_need(sec, "reason", NODE_SCALAR, &r, e) < 0)
		return -1;
	for (size_t i = 0; i < w->n; i++) {
		long long x;

		if (node_want_int(w->items[i], 0, g->n - 1, "winners", &x,
		    e) < 0)
			return -1;
		g->winners |= 1u << x;
	}
	snprintf(g->reason, sizeof g->reason, "%s", r->str);
	return 0;
}

struct ss_game *
ss_state_load(const struct node *sec, int n, struct gb_err *e)
{
	struct ss_game *g = util_calloc(1, sizeof *g);
	long long x;

	g->n = n;
	for (int s = 0; s < SS_SQUARES; s++)
		g->sq[s].terrain = g->sq[s].master = SS_NONE;
	if (node_want_kind(sec, NODE_MAP, "senshiai", e) < 0 ||
	    node_only_keys(sec, ss_state_keys, e) < 0 ||
	    node_need_int(sec, "turn", 0, 1000000000, &x, e) < 0)
		goto fail;
	g->turn = (int)x;
	if (node_need_int(sec, "turn-limit", 0, 1000000000, &x, e) < 0)
		goto fail;
	g->limit = (int)x;
	if (ss_state_player(sec, "active", n, 0, &g->active, e) < 0 ||
	    node_need_word(sec, "stage", ss_state_stage_words, SS_STAGES,
	    &g->stage, e) < 0 || ss_state_players(g, sec, e) < 0 ||
	    ss_state_board(g, sec, e) < 0 || ss_state_effects(g, sec, e) < 0 ||
	    ss_state_outcome(g, sec, e) < 0)
		goto fail;
	return g;
fail:
	free(g);
	return NULL;
}

static struct node *
ss_state_pile_node(const struct ss_pile *pl)
{
	struct node *l = node_seq();

	for (int i = 0; i < pl->n; i++)
		node_push(l, node_scalar(ss_cards[pl->card[i]].word));
	return l;
}

static struct node *
ss_state_who(int p)
{
	return p == SS_NONE ? node_scalar("none") : node_int(p);
}

static struct node *
ss_state_players_node(const struct ss_game *g)
{
	struct node *l = node_seq();

	for (int i = 0; i < g->n; i++) {
		const struct ss_player *p = &g->p[i];
		struct node *m = node_push(l, node_map()), *st;

		node_set(m, "out", node_int(p->out));
		node_set(m, "forced-by", ss_state_who(p->forced_by));
		node_set(m, "reserve", ss_state_pile_node(&p->reserve));
		node_set(m, "hand", ss_state_pile_node(&p->hand));
		node_set(m, "discard", ss_state_pile_node(&p->discard));
		st = node_set(m, "standing", node_seq());
		for (int k = 0; k < p->nstanding; k++)
			node_push(st, node_scalar(p->standing[k]));
	}
	return l;
}

static struct node *
ss_state_board_node(const struct ss_game *g)
{
	struct node *l = node_seq();
	char name[3];

	for (int s = 0; s < SS_SQUARES; s++) {
		const struct ss_square *q = &g->sq[s];
		struct node *m, *us;

		if (q->terrain == SS_NONE)
			continue;
		m = node_push(l, node_map());
		ss_board_name(s, name);
		node_set(m, "at", node_scalar(name));
		node_set(m, "terrain", node_scalar(ss_cards[q->terrain].word));
		node_set(m, "master", node_int(q->master));
		node_set(m, "activated", node_int(q->activated));
		if (q->fought)
			node_set(m, "fought", node_int(q->fought));
		us = node_set(m, "units", node_seq());
		for (int k = 0; k < q->nunits; k++) {
			struct node *u = node_push(us, node_map());

			node_set(u, "card",
			    node_scalar(ss_cards[q->unit[k].card].word));
			node_set(u, "owner", node_int(q->unit[k].owner));
			node_set(u, "moves", node_int(q->unit[k].moves));
			node_set(u, "flees", node_int(q->unit[k].flees));
			node_set(u, "acted", node_int(q->unit[k].acted));
			if (q->unit[k].held > 0)
				node_set(u, "held",
				    node_int(q->unit[k].held));
		}
	}
	return l;
}

struct node *
ss_state_save(const struct ss_game *g)
{
	struct node *sec = node_map(), *l;
	char name[3];

	node_set(sec, "turn", node_int(g->turn));
	node_set(sec, "turn-limit", node_int(g->limit));
	node_set(sec, "active", node_int(g->active));
	node_set(sec, "stage", node_scalar(ss_state_stage_words[g->stage]));
	node_set(sec, "players", ss_state_players_node(g));
	node_set(sec, "board", ss_state_board_node(g));
	l = node_set(sec, "effects", node_seq());
	for (int i = 0; i < g->neffects; i++) {
		const struct ss_effect *f = &g->effect[i];
		struct node *m = node_push(l, node_map());

		ss_board_name(f->sq, name);
		node_set(m, "card", node_scalar(ss_cards[f->card].word));
		node_set(m, "caster", node_int(f->caster));
		/* Only where it differs: a reaction in another's turn. */
		if (f->round_of != f->caster)
			node_set(m, "round-of", node_int(f->round_of));
		node_set(m, "at", node_scalar(name));
		node_set(m, "unit", ss_state_who(f->unit));
		node_set(m, "duration",
		    node_scalar(ss_cards_duration_names[f->duration]));
	}
	if (g->stage == SS_STAGE_OVER) {
		l = node_set(sec, "winners", node_seq());
		for (int i = 0; i < g->n; i++)
			if (g->winners & (1u << i))
				node_push(l, node_int(i));
		node_set(sec, "reason", node_scalar(g->reason));
	}
	return sec;
}

static void
ss_pile_copy(struct ss_pile *dst, const struct ss_pile *src)
{
	dst->n = src->n;
	memcpy(dst->card, src->card, (size_t)src->n * sizeof src->card[0]);
}

void
ss_state_names(struct ss_game *g, const struct game_players *pl)
{
	for (int p = 0; p < g->n && p < pl->n; p++)
		snprintf(g->names[p], sizeof g->names[p], "%s", pl->names[p]);
}

int
ss_state_named(const struct ss_game *g, const char *word)
{
	long long who;

	if (util_parse_int(word, 1, g->n, &who) == 0)
		return (int)who - 1;
	for (int p = 0; p < g->n; p++)
		if (g->names[p][0] != '\0' && strcmp(word, g->names[p]) == 0)
			return p;
	return -1;
}

void
ss_state_copy(struct ss_game *dst, const struct ss_game *src)
{
	dst->n = src->n;
	for (int p = 0; p < src->n; p++)
		memcpy(dst->names[p], src->names[p], strlen(src->names[p]) + 1);
	dst->turn = src->turn;
	dst->active = src->active;
	dst->stage = src->stage;
	dst->limit = src->limit;
	dst->winners = src->winners;
	memcpy(dst->reason, src->reason, strlen(src->reason) + 1);
	for (int p = 0; p < src->n; p++) {
		const struct ss_player *f = &src->p[p];
		struct ss_player *t = &dst->p[p];

		ss_pile_copy(&t->reserve, &f->reserve);
		ss_pile_copy(&t->hand, &f->hand);
		ss_pile_copy(&t->discard, &f->discard);
		t->out = f->out;
		t->forced_by = f->forced_by;
		t->nstanding = f->nstanding;
		for (int i = 0; i < f->nstanding; i++)
			memcpy(t->standing[i], f->standing[i],
			    strlen(f->standing[i]) + 1);
	}
	for (int s = 0; s < SS_SQUARES; s++) {
		const struct ss_square *f = &src->sq[s];
		struct ss_square *t = &dst->sq[s];

		/* Field by field and Unit by Unit, not by memcpy: under
		 * the sanitizers each memcpy call is intercepted (both ranges
		 * checked), 81 squares per copy. */
		t->terrain = f->terrain;
		t->master = f->master;
		t->activated = f->activated;
		t->fought = f->fought;
		t->nunits = f->nunits;
		for (int k = 0; k < f->nunits; k++)
			t->unit[k] = f->unit[k];
	}
	dst->neffects = src->neffects;
	memcpy(dst->effect, src->effect,
	    (size_t)src->neffects * sizeof src->effect[0]);
}

static int
ss_pile_equal(const struct ss_pile *a, const struct ss_pile *b)
{
	return a->n == b->n &&
	    memcmp(a->card, b->card, (size_t)a->n * sizeof a->card[0]) == 0;
}

int
ss_state_equal(const struct ss_game *a, const struct ss_game *b)
{
	unsigned diff = 0;

	if (a->n != b->n || a->turn != b->turn || a->active != b->active ||
	    a->stage != b->stage || a->limit != b->limit ||
	    a->winners != b->winners || a->neffects != b->neffects ||
	    strcmp(a->reason, b->reason) != 0)
		return 0;
	for (int p = 0; p < a->n; p++)
		if (strcmp(a->names[p], b->names[p]) != 0)
			return 0;
	for (int p = 0; p < a->n; p++) {
		const struct ss_player *x = &a->p[p], *y = &b->p[p];

		if (x->out != y->out || x->forced_by != y->forced_by ||
		    x->nstanding != y->nstanding ||
		    !ss_pile_equal(&x->reserve, &y->reserve) ||
		    !ss_pile_equal(&x->hand, &y->hand) ||
		    !ss_pile_equal(&x->discard, &y->discard))
			return 0;
		for (int i = 0; i < x->nstanding; i++)
			if (strcmp(x->standing[i], y->standing[i]) != 0)
				return 0;
	}
	/* The squares field by field, their differences gathered without
	 * a branch, not by memcmp: under the sanitizers each memcmp call is
	 * intercepted (both ranges checked), 81 squares per comparison. */
	for (int s = 0; s < SS_SQUARES; s++) {
		const struct ss_square *x = &a->sq[s], *y = &b->sq[s];
		int n = x->nunits < y->nunits ? x->nunits : y->nunits;

		diff |= (unsigned)(x->terrain ^ y->terrain) |
		    (unsigned)(x->master ^ y->master) |
		    (unsigned)(x->activated ^ y->activated) |
		    (unsigned)(x->fought ^ y->fought) |
		    (unsigned)(x->nunits ^ y->nunits);
		for (int k = 0; k < n; k++) {
			const struct ss_unit *u = &x->unit[k], *v = &y->unit[k];

			diff |= (unsigned)(u->card ^ v->card) |
			    (unsigned)(u->owner ^ v->owner) |
			    (unsigned)(u->moves ^ v->moves) |
			    (unsigned)(u->flees ^ v->flees) |
			    (unsigned)(u->acted ^ v->acted) |
			    (unsigned)(u->held ^ v->held);
		}
	}
	if (diff != 0)
		return 0;
	return memcmp(a->effect, b->effect,
	    (size_t)a->neffects * sizeof a->effect[0]) == 0;
}
