/* choices.c - the tree of legal orders a player's page offers
 * (choices.h), built breadth first within a bound. */
#include <stdlib.h>
#include <string.h>

#include "report/choices.h"

/* One node: the order that leads to it, whether the answer is complete
 * there, and its children (first, n), or not expanded (n 0 and
 * !expanded); of a node not expanded for the bound, the legal orders
 * that complete the answer right after it (ends), and which of the
 * tree's distinct lists of them they are (list). */
struct choices_node {
	char *text;
	char *warning; /* the game's note on the order, or NULL */
	size_t parent; /* (size_t)-1 for the root */
	size_t first, n;
	int complete, expanded;
	struct strlist ends;
	size_t list;
};

size_t choices_max = CHOICES_MAX;

struct choices_tree {
	struct choices_node *v;
	size_t n, cap;
	size_t *lists; /* the node first holding each distinct ends */
	size_t nlists;
};

static size_t
choices_add(struct choices_tree *t, char *text, size_t parent)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = util_realloc(t->v, t->cap * sizeof *t->v);
	}
	t->v[t->n] = (struct choices_node){ .text = text, .parent = parent };
	return t->n++;
}

/* The orders that lead to node k, into o (depth of them, from the root's
 * child down). */
static void
choices_prefix(const struct choices_tree *t, size_t k, struct order *o,
    size_t depth)
{
	for (size_t i = depth; i > 0; i--, k = t->v[k].parent)
		o[i - 1] = (struct order){ .text = t->v[k].text, .line = 0,
		    .col = 0 };
}

/* Is the answer complete after o[0..n)?  validate's verdicts go to v. */
static int
choices_complete(const struct state *st, int player, const struct order *o,
    size_t n, struct verdict *v)
{
	return st->game->validate(st->g, player, o, n, v) == 1;
}

/* The game's note on the last of o[0..n) (game_entry.note: what check
 * warns of when it accepts the order), kept on node c. */
static void
choices_warn(const struct state *st, int player, const struct order *o,
    size_t n, struct choices_node *c)
{
	char note[GAME_REASON_MAX];

	if (st->game->note == NULL)
		return;
	st->game->note(st->g, player, o, n, note, sizeof note);
	if (note[0] != '\0')
		c->warning = util_strdup(note);
}

static json_t *
choices_json(const struct choices_tree *t, size_t k)
{
	const struct choices_node *c = &t->v[k];
	json_t *next, *o = json_object();

	/* A game's orders are ASCII; anything else would be a bug, shown
	 * as "?" rather than lost. */
	if (k != 0)
		json_object_set_new(o, "order", (next = json_string(c->text)) !=
		    NULL ? next : json_string("?"));
	json_object_set_new(o, "complete", json_boolean(c->complete));
	if (c->warning != NULL)
		json_object_set_new(o, "warning", (next =
		    json_string(c->warning)) != NULL ? next : json_string("?"));
	if (!c->expanded) {
		next = json_null();
		if (c->ends.n > 0)
			json_object_set_new(o, "ends",
			    json_integer((json_int_t)c->list));
	} else {
		next = json_array();
		for (size_t i = 0; i < c->n; i++)
			json_array_append_new(next, choices_json(t, c->first +
			    i));
	}
	json_object_set_new(o, "next", next);
	return o;
}

/* The distinct lists of ends, each an array of orders, in the order
 * the nodes holding them were expanded. */
static json_t *
choices_lists(const struct choices_tree *t)
{
	json_t *lists = json_array();

	for (size_t d = 0; d < t->nlists; d++) {
		const struct strlist *e = &t->v[t->lists[d]].ends;
		json_t *l = json_array();

		for (size_t i = 0; i < e->n; i++)
			json_array_append_new(l, json_string(e->v[i]));
		json_array_append_new(lists, l);
	}
	return lists;
}

/* Node k's ends among the tree's distinct lists: the index of the same
 * list, or t->nlists when it is a new one. */
static size_t
choices_list_of(const struct choices_tree *t, size_t k)
{
	const struct strlist *e = &t->v[k].ends;
	size_t d;

	for (d = 0; d < t->nlists; d++) {
		const struct strlist *f = &t->v[t->lists[d]].ends;
		size_t i = 0;

		if (f->n != e->n)
			continue;
		while (i < e->n && strcmp(e->v[i], f->v[i]) == 0)
			i++;
		if (i == e->n)
			break;
	}
	return d;
}

/* Keep node k's ends as one of the tree's lists: a list met before is
 * named by its number, a new one only while *left lets it (dropped
 * otherwise), counted against it. */
static void
choices_keep(struct choices_tree *t, size_t k, size_t *left)
{
	struct strlist *ends = &t->v[k].ends;
	size_t d;

	if (ends->n == 0)
		return;
	d = choices_list_of(t, k);
	if (d < t->nlists) {
		t->v[k].list = d;
	} else if (ends->n > *left) {
		strlist_free(ends);
	} else {
		*left -= ends->n;
		t->lists = util_realloc(t->lists, (t->nlists + 1) *
		    sizeof *t->lists);
		t->lists[t->nlists] = k;
		t->v[k].list = t->nlists++;
	}
}

/* Of a game whose answers reveal hidden things, the ends of node k, a
 * first order not completing the answer: those of the root's orders
 * that complete an answer alone (end, draw) that complete it after k's
 * order, within work judgements; the work left. */
static size_t
choices_reveals_ends(const struct state *st, int player,
    struct choices_tree *t, size_t k, struct order *o, struct verdict *v,
    size_t work, size_t *left)
{
	const struct choices_node *root = &t->v[0];

	o[0] = (struct order){ .text = t->v[k].text };
	for (size_t i = 0; i < root->n && work > 0; i++) {
		const struct choices_node *c = &t->v[root->first + i];

		if (!c->complete)
			continue;
		work--;
		o[1] = (struct order){ .text = c->text };
		if (choices_complete(st, player, o, 2, v))
			strlist_add(&t->v[k].ends, c->text);
	}
	choices_keep(t, k, left);
	return work;
}

/* Does l hold s? */
static int
choices_has(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	return 0;
}

json_t *
choices_tree(const struct state *st, int player, json_t **ends_lists)
{
	struct choices_tree t = { 0 };
	struct order *o = util_malloc(CHOICES_DEPTH * sizeof *o);
	struct verdict *v = util_malloc((CHOICES_DEPTH + 1) * sizeof *v);
	size_t ends_left = choices_max, ends_all = choices_max / 2;
	size_t ends_work = CHOICES_ENDS_WORK * choices_max;
	struct strlist closers = { 0 }; /* the orders found ending one */
	json_t *j;

	choices_add(&t, NULL, (size_t)-1);
	t.v[0].complete = choices_complete(st, player, o, 0, v);
	/* Breadth first: node k's children are added after every node
	 * before it, so the nodes are in the order they are expanded. */
	for (size_t k = 0; k < t.n; k++) {
		struct strlist legal = { 0 };
		size_t depth = 0;

		if (t.v[k].complete) {
			t.v[k].expanded = 1; /* nothing after it */
			continue;
		}
		for (size_t a = k; a != 0; a = t.v[a].parent)
			depth++;
		if (depth > 0 && st->game->answer_reveals) {
			/* After a first order, only whether the orders that
			 * end an answer at the root end it there too: the
			 * orders listed after it would show the cards it
			 * draws (formats/report-json.md). */
			if (depth == 1)
				ends_work = choices_reveals_ends(st, player,
				    &t, k, o, v, ends_work, &ends_left);
			continue;
		}
		if (depth == CHOICES_DEPTH)
			continue;
		choices_prefix(&t, k, o, depth);
		st->game->legal(st->g, player, o, depth, &legal);
		if (t.n + legal.n <= choices_max) {
			t.v[k].expanded = 1;
			t.v[k].first = t.n;
			t.v[k].n = legal.n;
			for (size_t i = 0; i < legal.n; i++) {
				size_t c = choices_add(&t,
				    util_strdup(legal.v[i]), k);
				o[depth].text = t.v[c].text;
				t.v[c].complete = choices_complete(st, player,
				    o, depth + 1, v);
				choices_warn(st, player, o, depth + 1, &t.v[c]);
			}
		} else if (ends_left > 0 && ends_work > 0) {
			/* Too many to list: at least the orders that end
			 * the answer here (a closing order such as done),
			 * within their own bound and a bound of the orders
			 * judged to find them (twice the tree's nodes, each
			 * judged as a node is), nearest the root first: all
			 * of them while every legal order of a node can be
			 * judged within the first half, then those among the
			 * orders found ending an answer before (done again,
			 * not every order). */
			struct strlist *ends = &t.v[k].ends;
			int all = legal.n <= ends_all && legal.n <= ends_work;

			if (all)
				ends_all -= legal.n;
			for (size_t i = 0; i < legal.n && ends_work > 0; i++) {
				if (!all && !choices_has(&closers, legal.v[i]))
					continue;
				ends_work--;
				o[depth].text = legal.v[i];
				if (choices_complete(st, player, o, depth + 1,
				    v)) {
					strlist_add(ends, legal.v[i]);
					if (!choices_has(&closers, legal.v[i]))
						strlist_add(&closers,
						    legal.v[i]);
				}
			}
			choices_keep(&t, k, &ends_left);
		}
		strlist_free(&legal);
	}
	strlist_free(&closers);
	j = choices_json(&t, 0);
	*ends_lists = choices_lists(&t);
	for (size_t k = 0; k < t.n; k++) {
		free(t.v[k].text);
		free(t.v[k].warning);
		strlist_free(&t.v[k].ends);
	}
	free(t.v);
	free(t.lists);
	free(o);
	free(v);
	return j;
}
