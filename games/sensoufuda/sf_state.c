/* sf_state.c - the game's section of the state file.
 *
 *   rules:
 *     target: 20              # VP that win
 *     battles: 10             # battles in all; 0: no limit
 *     strategy: rps           # or alternate, axis
 *     optional-combos: []     # in play: troll-farms, blitzkrieg
 *   battle: 1                 # the current battle
 *   starter: axis             # who starts it (strategy phase: started
 *                             # the previous one; none before the first)
 *   score: {axis: 0, paladins: 0}
 *   phase: turn               # strategy turn collect victory answer over
 *   active: axis              # turn, collect: who plays; else none
 *   victor: none              # the victorious player, or none
 *   press-ons: 0              # the victor's successful press ons
 *   race: {axis: 4, paladins: 2}  # only during a counterattack: each
 *                             # tableau's size when it began
 *   table: [...]              # the tactical options, in the order laid
 *   pending: none             # collect: the ally card waiting
 *   hands: {axis: [...], paladins: [...]}    # in card order
 *   allies: {axis: [...], paladins: [...]}   # top card first
 *   out-of-play: [...]        # in card order
 *   tableaus: {axis: [...], paladins: [...]} # in the order collected
 *   ally-instructions: {axis: ["prefer hero"], paladins: []}
 *   outcome: {winner: axis, reason: ...}     # only when over
 *
 * Cards are written by name.  Load refuses anything the rules cannot
 * reach: each of the 48 cards must be in exactly one place, hands and
 * ally decks as large as each other, and sf_battle_check must pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sensoufuda.h"

#define SF_STATE_MAX_VP 1000000

static const char *const sf_state_keys[] = { "rules", "battle", "starter",
	"score", "phase", "active", "victor", "press-ons", "race", "table",
	"pending", "hands", "allies", "out-of-play", "tableaus",
	"ally-instructions", "outcome", NULL };
static const char *const sf_state_rule_keys[] = { "target", "battles",
	"strategy", "optional-combos", NULL };
static const char *const sf_state_players[] = { "axis", "paladins", NULL };
static const char *const sf_state_outcome_keys[] = { "winner", "reason",
	NULL };

/* What is being read: the game, and where each card was seen. */
struct sf_state_read {
	struct sensoufuda *g;
	const struct node *seen[SF_CARDS];
	struct gb_err *e;
};

/* A faction word, or none (giving SF_NONE) if none_ok. */
static int
sf_state_player(const struct node *map, const char *key, int none_ok,
    int *out, struct gb_err *e)
{
	const char *words[] = { sf_factions[0].word, sf_factions[1].word,
		"none" };

	if (node_need_word(map, key, words, none_ok ? 3 : 2, out, e) < 0)
		return -1;
	if (*out == 2)
		*out = SF_NONE;
	return 0;
}

/* The two values of a map {axis: ..., paladins: ...}. */
static int
sf_state_pair(const struct node *sec, const char *key, enum node_kind kind,
    const struct node *out[2], struct gb_err *e)
{
	const struct node *m;

	if (node_need(sec, key, NODE_MAP, &m, e) < 0 ||
	    node_only_keys(m, sf_state_players, e) < 0)
		return -1;
	for (int p = 0; p < 2; p++)
		if (node_need(m, sf_factions[p].word, kind, &out[p], e) < 0)
			return -1;
	return 0;
}

static int
sf_state_card(struct sf_state_read *r, const struct node *n)
{
	char q[SF_QUOTE];
	int c;

	if (node_want_kind(n, NODE_SCALAR, "card", r->e) < 0)
		return -1;
	c = sf_card_find(n->str);
	if (c == SF_NONE || strcmp(n->str, sf_cards[c].name) != 0)
		return err_set(r->e, n->line, n->col, "'%s' is not the name "
		    "of a card", sf_text_quote(n->str, q, sizeof q));
	if (r->seen[c] != NULL)
		return err_set(r->e, n->line, n->col, "%s is in two places "
		    "(also at line %d)", sf_cards[c].name, r->seen[c]->line);
	r->seen[c] = n;
	return c;
}

/* A sequence of at most max cards; in card order if sorted. */
static int
sf_state_cards(struct sf_state_read *r, const struct node *l, int max,
    int sorted, struct sf_pile *out, const char *what)
{
	int c;

	if (node_want_kind(l, NODE_SEQ, what, r->e) < 0)
		return -1;
	if ((int)l->n > max)
		return err_set(r->e, l->line, l->col, "%s holds at most %d "
		    "cards, not %zu", what, max, l->n);
	out->n = 0;
	for (size_t i = 0; i < l->n; i++) {
		if ((c = sf_state_card(r, l->items[i])) < 0)
			return -1;
		if (sorted && out->n > 0 && c < out->c[out->n - 1])
			return err_set(r->e, l->items[i]->line,
			    l->items[i]->col, "%s lists its cards in card "
			    "order: %s comes before %s", what, sf_cards[c].name,
			    sf_cards[out->c[out->n - 1]].name);
		sf_pile_push(out, c);
	}
	return 0;
}

static int
sf_state_rules(struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *r, *s, *l;
	char q[SF_QUOTE];
	long long v;
	int last = -1;

	if (node_need(sec, "rules", NODE_MAP, &r, e) < 0 ||
	    node_only_keys(r, sf_state_rule_keys, e) < 0 ||
	    node_need_int(r, "target", 1, 1000, &v, e) < 0)
		return -1;
	g->target = (int)v;
	if (node_need_int(r, "battles", 0, 1000, &v, e) < 0 ||
	    node_need(r, "strategy", NODE_SCALAR, &s, e) < 0 ||
	    node_need(r, "optional-combos", NODE_SEQ, &l, e) < 0)
		return -1;
	g->battles = (int)v;
	if ((g->start = sf_battle_start_find(s->str)) < 0)
		return err_set(e, s->line, s->col, "\"strategy\" must be rps, "
		    "alternate or axis");
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (!sf_combos[k].optional)
			g->combos |= 1u << k;
	for (size_t i = 0; i < l->n; i++) {
		const struct node *n = l->items[i];
		int k;

		if (node_want_kind(n, NODE_SCALAR, "optional-combos", e) < 0)
			return -1;
		if ((k = sf_combo_find(n->str)) == SF_NONE ||
		    !sf_combos[k].optional)
			return err_set(e, n->line, n->col, "'%s' is not an "
			    "optional combo: troll-farms or blitzkrieg",
			    sf_text_quote(n->str, q, sizeof q));
		if (k <= last)
			return err_set(e, n->line, n->col, "optional-combos "
			    "lists each once, troll-farms first");
		last = k;
		g->combos |= 1u << k;
	}
	return 0;
}

static int
sf_state_progress(struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *sc[2], *ph, *n;
	long long v;

	if (node_need_int(sec, "battle", 1, 1000, &v, e) < 0)
		return -1;
	g->battle = (int)v;
	if (g->battles > 0 && g->battle > g->battles) {
		n = node_get(sec, "battle");
		return err_set(e, n->line, n->col, "battle %d is past the "
		    "limit of %d battles", g->battle, g->battles);
	}
	if (sf_state_player(sec, "starter", 1, &g->starter, e) < 0 ||
	    sf_state_pair(sec, "score", NODE_SCALAR, sc, e) < 0)
		return -1;
	for (int p = 0; p < 2; p++) {
		if (node_want_int(sc[p], 0, SF_STATE_MAX_VP, "score", &v,
		    e) < 0)
			return -1;
		g->vp[p] = (int)v;
	}
	if (node_need(sec, "phase", NODE_SCALAR, &ph, e) < 0)
		return -1;
	for (g->phase = 0; g->phase < SF_PHASES; g->phase++)
		if (strcmp(ph->str, sf_battle_phase_words[g->phase]) == 0)
			break;
	if (g->phase == SF_PHASES)
		return err_set(e, ph->line, ph->col, "\"phase\" must be "
		    "strategy, turn, collect, victory, answer or over");
	if (g->starter == SF_NONE && !(g->phase == SF_P_STRATEGY &&
	    g->battle == 1))
		return err_set(e, ph->line, ph->col, "only the strategy phase "
		    "of the first battle has no starter");
	return 0;
}

/* active, victor, press-ons and race, as the phase allows them. */
static int
sf_state_roles(struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	int playing = g->phase == SF_P_TURN || g->phase == SF_P_COLLECT;
	int deciding = g->phase == SF_P_VICTORY || g->phase == SF_P_ANSWER;
	const struct node *n, *race[2];
	long long v;

	if (sf_state_player(sec, "active", 1, &g->active, e) < 0 ||
	    sf_state_player(sec, "victor", 1, &g->victor, e) < 0 ||
	    node_need_int(sec, "press-ons", 0, SF_ANNIHILATION - 1, &v,
	    e) < 0)
		return -1;
	g->successes = (int)v;
	n = node_get(sec, "active");
	if ((g->active != SF_NONE) != playing)
		return err_set(e, n->line, n->col, "\"active\" names a player "
		    "in the turn and collect phases only");
	n = node_get(sec, "victor");
	if ((deciding && g->victor == SF_NONE) || (!deciding && !playing &&
	    g->victor != SF_NONE))
		return err_set(e, n->line, n->col, "\"victor\" names a player "
		    "in the victory and answer phases, and may during a "
		    "counterattack");
	n = node_get(sec, "press-ons");
	if (g->victor == SF_NONE && g->successes != 0)
		return err_set(e, n->line, n->col, "press ons without a "
		    "victor");
	g->race[0] = g->race[1] = SF_NONE;
	n = node_get(sec, "race");
	if ((n != NULL) != (playing && g->victor != SF_NONE))
		return err_set(e, n ? n->line : sec->line, n ? n->col :
		    sec->col, "\"race\" is there exactly during a "
		    "counterattack: the turn and collect phases with a victor");
	if (n == NULL)
		return 0;
	if (sf_state_pair(sec, "race", NODE_SCALAR, race, e) < 0)
		return -1;
	for (int p = 0; p < 2; p++) {
		if (node_want_int(race[p], 0, SF_CARDS, "race", &v, e) < 0)
			return -1;
		g->race[p] = (int)v;
	}
	return 0;
}

static int
sf_state_places(struct sf_state_read *r, const struct node *sec)
{
	struct sensoufuda *g = r->g;
	const struct node *h[2], *a[2], *t[2], *l, *pend;
	struct sf_pile pile;

	if (node_need(sec, "table", NODE_SEQ, &l, r->e) < 0 ||
	    sf_state_cards(r, l, SF_CARDS, 0, &g->table, "table") < 0)
		return -1;
	g->pending = SF_NONE;
	if (node_need(sec, "pending", NODE_SCALAR, &pend, r->e) < 0)
		return -1;
	if (strcmp(pend->str, "none") != 0 &&
	    (g->pending = sf_state_card(r, pend)) < 0)
		return -1;
	if ((g->pending != SF_NONE) != (g->phase == SF_P_COLLECT))
		return err_set(r->e, pend->line, pend->col, "a card is pending "
		    "in the collect phase, and only then");
	if (sf_state_pair(sec, "hands", NODE_SEQ, h, r->e) < 0 ||
	    sf_state_pair(sec, "allies", NODE_SEQ, a, r->e) < 0 ||
	    sf_state_pair(sec, "tableaus", NODE_SEQ, t, r->e) < 0)
		return -1;
	for (int p = 0; p < 2; p++) {
		if (sf_state_cards(r, h[p], SF_DEAL, 1, &pile, "a hand") < 0 ||
		    sf_state_cards(r, a[p], SF_DEAL, 0, &g->ally[p],
		    "an ally deck") < 0 ||
		    sf_state_cards(r, t[p], SF_CARDS, 0, &g->tableau[p],
		    "a tableau") < 0)
			return -1;
		g->hand[p] = sf_pile_mask(&pile);
		/* A turn plays one card of each, and every deal fills both
		 * to 8. */
		if (pile.n != g->ally[p].n)
			return err_set(r->e, a[p]->line, a[p]->col, "the hand "
			    "and ally deck of %s hold %d and %d cards: they "
			    "are always as large as each other",
			    sf_factions[p].word, pile.n, g->ally[p].n);
	}
	if (node_need(sec, "out-of-play", NODE_SEQ, &l, r->e) < 0 ||
	    sf_state_cards(r, l, SF_DEAL, 1, &pile, "out-of-play") < 0)
		return -1;
	g->out = sf_pile_mask(&pile);
	for (int c = 0; c < SF_CARDS; c++)
		if (r->seen[c] == NULL)
			return err_set(r->e, sec->line, sec->col, "%s is "
			    "nowhere: every one of the 48 cards is in one "
			    "place", sf_cards[c].name);
	return 0;
}

/* Tableau cards come in whole collections: a card and the one or three
 * options of its theatre it collected. */
static int
sf_state_tableaus(const struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *t = node_get(node_get(sec, "tableaus"), "axis");

	for (int p = 0; p < 2; p++) {
		int count[SF_THEATRES] = { 0 };

		for (int i = 0; i < g->tableau[p].n; i++)
			count[sf_cards[g->tableau[p].c[i]].theatre]++;
		for (int th = 0; th < SF_THEATRES; th++)
			if (count[th] % 2 != 0)
				return err_set(e, t->line, t->col, "the "
				    "tableau of %s holds %d %s card%s: "
				    "collections are of 2 or 4",
				    sf_factions[p].word, count[th],
				    sf_card_theatres[th].name,
				    count[th] == 1 ? "" : "s");
		if (g->race[p] > g->tableau[p].n)
			return err_set(e, sec->line, sec->col, "\"race\" of "
			    "%s is larger than the tableau",
			    sf_factions[p].word);
	}
	return 0;
}

static int
sf_state_instructions(struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *l[2];
	char why[GAME_REASON_MAX], buf[64], q[SF_QUOTE];

	if (sf_state_pair(sec, "ally-instructions", NODE_SEQ, l, e) < 0)
		return -1;
	for (int p = 0; p < 2; p++) {
		if (l[p]->n > SF_MAX_INSTR)
			return err_set(e, l[p]->line, l[p]->col, "at most %d "
			    "ally instructions", SF_MAX_INSTR);
		for (size_t i = 0; i < l[p]->n; i++) {
			const struct node *n = l[p]->items[i];
			struct sf_instr *in = &g->instr[p][i];
			char *w[2], copy[64];

			if (node_want_kind(n, NODE_SCALAR, "instruction",
			    e) < 0)
				return -1;
			snprintf(copy, sizeof copy, "%s", n->str);
			w[0] = copy;
			w[1] = strchr(copy, ' ');
			if (w[1] != NULL)
				*w[1]++ = '\0';
			if (w[1] == NULL || sf_table_instr_read(w, 2, in, why,
			    sizeof why) < 0)
				return err_set(e, n->line, n->col, "'%s' is "
				    "not an ally instruction",
				    sf_text_quote(n->str, q, sizeof q));
			sf_table_instr_write(in, buf, sizeof buf);
			if (strcmp(buf, n->str) != 0)
				return err_set(e, n->line, n->col, "write the "
				    "instruction as \"%s\"", buf);
			for (size_t j = 0; j < i; j++)
				if (g->instr[p][j].type == in->type &&
				    g->instr[p][j].arg == in->arg)
					return err_set(e, n->line, n->col,
					    "'%s' is given twice", buf);
		}
		g->ninstr[p] = (int)l[p]->n;
	}
	return 0;
}

static int
sf_state_outcome(struct sensoufuda *g, const struct node *sec,
    struct gb_err *e)
{
	const struct node *o = node_get(sec, "outcome"), *r;

	g->winner = SF_NONE;
	if ((o != NULL) != (g->phase == SF_P_OVER))
		return err_set(e, o ? o->line : sec->line, o ? o->col :
		    sec->col, "\"outcome\" is there when the phase is over, "
		    "and only then");
	if (o == NULL) {
		for (int p = 0; p < 2; p++)
			if (g->vp[p] >= g->target)
				return err_set(e, sec->line, sec->col, "the "
				    "game should be over: %s has %d VP of %d",
				    sf_factions[p].word, g->vp[p], g->target);
		return 0;
	}
	if (node_want_kind(o, NODE_MAP, "outcome", e) < 0 ||
	    node_only_keys(o, sf_state_outcome_keys, e) < 0 ||
	    sf_state_player(o, "winner", 1, &g->winner, e) < 0 ||
	    node_need(o, "reason", NODE_SCALAR, &r, e) < 0)
		return -1;
	if (r->len == 0 || r->len >= sizeof g->reason)
		return err_set(e, r->line, r->col, "\"reason\" must have 1 to "
		    "%zu characters", sizeof g->reason - 1);
	memcpy(g->reason, r->str, r->len + 1);
	/* A draw comes only from equal scores at the battle limit. */
	if (g->winner == SF_NONE && (g->vp[0] != g->vp[1] ||
	    g->battles == 0 || g->battle != g->battles))
		return err_set(e, o->line, o->col, "a draw comes only with "
		    "equal scores after the last battle");
	return 0;
}

void *
sf_state_load(const struct node *sec, const struct game_players *pl,
    struct gb_err *e)
{
	struct sf_state_read r;
	struct sensoufuda *g;
	char why[GAME_REASON_MAX];

	if (pl->n != 2) {
		err_set(e, 0, 0, "sensoufuda is played by 2 players, not %d",
		    pl->n);
		return NULL;
	}
	if (node_want_kind(sec, NODE_MAP, "sensoufuda", e) < 0 ||
	    node_only_keys(sec, sf_state_keys, e) < 0)
		return NULL;
	g = util_calloc(1, sizeof *g);
	memset(&r, 0, sizeof r);
	r.g = g;
	r.e = e;
	if (sf_state_rules(g, sec, e) < 0 ||
	    sf_state_progress(g, sec, e) < 0 ||
	    sf_state_roles(g, sec, e) < 0 ||
	    sf_state_places(&r, sec) < 0 ||
	    sf_state_tableaus(g, sec, e) < 0 ||
	    sf_state_instructions(g, sec, e) < 0 ||
	    sf_state_outcome(g, sec, e) < 0)
		goto bad;
	if (g->phase == SF_P_COLLECT) {
		int offer[2];

		sf_table_offer(g, g->pending, offer);
		if (offer[0] == SF_NONE) {
			const struct node *n = node_get(sec, "pending");

			err_set(e, n->line, n->col, "the pending card %s does "
			    "not match two tactical options",
			    sf_cards[g->pending].name);
			goto bad;
		}
	}
	if (sf_battle_check(g, why, sizeof why) != NULL) {
		err_set(e, sec->line, sec->col, "an impossible position: %s",
		    why);
		goto bad;
	}
	return g;
bad:
	free(g);
	return NULL;
}

static struct node *
sf_state_seq(const int *cards, int n)
{
	struct node *l = node_seq();

	for (int i = 0; i < n; i++)
		node_push(l, node_scalar(sf_cards[cards[i]].name));
	return l;
}

static struct node *
sf_state_pile(const struct sf_pile *p)
{
	int cards[SF_CARDS];

	for (int i = 0; i < p->n; i++)
		cards[i] = p->c[i];
	return sf_state_seq(cards, p->n);
}

static struct node *
sf_state_mask(uint64_t m)
{
	int cards[SF_CARDS];

	return sf_state_seq(cards, sf_card_list(m, cards));
}

static const char *
sf_state_word(int p)
{
	return p == SF_NONE ? "none" : sf_factions[p].word;
}

struct node *
sf_state_save(const void *vg)
{
	const struct sensoufuda *g = vg;
	struct node *sec = node_map(), *r, *m, *l;
	char buf[64];

	r = node_set(sec, "rules", node_map());
	node_set(r, "target", node_int(g->target));
	node_set(r, "battles", node_int(g->battles));
	node_set(r, "strategy", node_scalar(sf_battle_start_words[g->start]));
	l = node_set(r, "optional-combos", node_seq());
	for (int k = 0; k < SF_NCOMBOS; k++)
		if (sf_combos[k].optional && (g->combos & (1u << k)))
			node_push(l, node_scalar(sf_combos[k].name));
	node_set(sec, "battle", node_int(g->battle));
	node_set(sec, "starter", node_scalar(sf_state_word(g->starter)));
	m = node_set(sec, "score", node_map());
	for (int p = 0; p < 2; p++)
		node_set(m, sf_factions[p].word, node_int(g->vp[p]));
	node_set(sec, "phase", node_scalar(sf_battle_phase_words[g->phase]));
	node_set(sec, "active", node_scalar(sf_state_word(g->active)));
	node_set(sec, "victor", node_scalar(sf_state_word(g->victor)));
	node_set(sec, "press-ons", node_int(g->successes));
	if (g->race[0] != SF_NONE) {
		m = node_set(sec, "race", node_map());
		for (int p = 0; p < 2; p++)
			node_set(m, sf_factions[p].word, node_int(g->race[p]));
	}
	node_set(sec, "table", sf_state_pile(&g->table));
	node_set(sec, "pending", node_scalar(g->pending == SF_NONE ? "none" :
	    sf_cards[g->pending].name));
	m = node_set(sec, "hands", node_map());
	for (int p = 0; p < 2; p++)
		node_set(m, sf_factions[p].word, sf_state_mask(g->hand[p]));
	m = node_set(sec, "allies", node_map());
	for (int p = 0; p < 2; p++)
		node_set(m, sf_factions[p].word, sf_state_pile(&g->ally[p]));
	node_set(sec, "out-of-play", sf_state_mask(g->out));
	m = node_set(sec, "tableaus", node_map());
	for (int p = 0; p < 2; p++)
		node_set(m, sf_factions[p].word, sf_state_pile(&g->tableau[p]));
	m = node_set(sec, "ally-instructions", node_map());
	for (int p = 0; p < 2; p++) {
		l = node_set(m, sf_factions[p].word, node_seq());
		for (int i = 0; i < g->ninstr[p]; i++) {
			sf_table_instr_write(&g->instr[p][i], buf, sizeof buf);
			node_push(l, node_scalar(buf));
		}
	}
	if (g->phase == SF_P_OVER) {
		m = node_set(sec, "outcome", node_map());
		node_set(m, "winner", node_scalar(sf_state_word(g->winner)));
		node_set(m, "reason", node_scalar(g->reason));
	}
	return sec;
}
