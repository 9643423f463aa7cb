/* test_cases.c - the case-file runner (formats/cases.md).
 *
 * Every file tests/cases/<id>/<name>.yaml of every registered game is one
 * cmocka test, named by its path: it sets a game up (or loads one), plays
 * its steps through the game_entry functions and checks each step's
 * verdicts (with the warnings a game gives on accepted orders, and that
 * check prints them), completeness, owed decisions, outcome and events,
 * and at the
 * end the saved section.  After every step it also checks that save, load,
 * save gives the same bytes and that every legal order is accepted.  Game
 * agnostic: it uses only game.h, node.h, yaml.h and rng.h, and the
 * defaults of a missed deadline as adjudicate.h gives them.  Other
 * tests hold docs to case files: the example of formats/cases.md, and the
 * orders examples of each game's man page (one test a game).
 *
 * Usage: test_cases [CASES_DIR]   (default tests/cases) */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "base/node.h"
#include "base/rng.h"
#include "base/yaml.h"
#include "turn/adjudicate.h"
#include "turn/registry.h"

#define TEST_CASES_MAX_BYTES (1 << 20)
#define TEST_CASES_MAX_NMR 64 /* orders in one default answer, at most */

struct test_cases_file {
	char *path;
	const struct game_entry *game;
};

/* One case being run. */
struct test_cases_run {
	const char *path;
	const struct game_entry *game;
	struct node *root;
	const char *names[GAME_MAX_PLAYERS];
	struct game_players pl;
	uint8_t seed[RNG_SEED_BYTES];
	void *g;
	int step;          /* 1-based while running steps, 0 before */
	char msg[1024];    /* the first failure */
};

/* The orders of one player in one step. */
struct test_cases_orders {
	const struct node *list; /* as written, or NULL: not given */
	struct order *orders;
	struct verdict *v;
	size_t n;
	int complete;
	struct strlist nmr; /* texts of default orders for a missed deadline */
};

static int
test_cases_fail(struct test_cases_run *r, const struct node *at,
    const char *fmt, ...) GB_PRINTF(3, 4);

static int
test_cases_fail(struct test_cases_run *r, const struct node *at,
    const char *fmt, ...)
{
	char text[768], step[32] = "";
	va_list ap;

	if (r->msg[0] != '\0')
		return -1;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (r->step > 0)
		snprintf(step, sizeof step, "step %d: ", r->step);
	snprintf(r->msg, sizeof r->msg, "%s:%d:%d: %s%s", r->path,
	    at != NULL ? at->line : 0, at != NULL ? at->col : 0, step, text);
	return -1;
}

static int
test_cases_err(struct test_cases_run *r, const struct gb_err *e)
{
	struct node at = { .line = e->line, .col = e->col };

	return test_cases_fail(r, &at, "%s", e->msg);
}

static int
test_cases_read(struct test_cases_run *r)
{
	FILE *f = fopen(r->path, "rb");
	char *buf = malloc(TEST_CASES_MAX_BYTES);
	size_t len = 0;
	struct gb_err e = { 0 };
	int rc = -1;

	if (f == NULL || buf == NULL)
		test_cases_fail(r, NULL, "cannot open or no memory");
	else if ((len = fread(buf, 1, TEST_CASES_MAX_BYTES, f)) ==
	    TEST_CASES_MAX_BYTES)
		test_cases_fail(r, NULL, "too large");
	else if (yaml_read(buf, len, &r->root, &e) < 0)
		test_cases_err(r, &e);
	else
		rc = 0;
	if (f != NULL)
		fclose(f);
	free(buf);
	return rc;
}

static int
test_cases_player(struct test_cases_run *r, const struct node *name)
{
	for (int p = 0; p < r->pl.n; p++)
		if (strcmp(name->str, r->names[p]) == 0)
			return p;
	return test_cases_fail(r, name, "'%s' is not a player", name->str);
}

static int
test_cases_players(struct test_cases_run *r)
{
	const struct node *l;
	struct gb_err e = { 0 };

	if (node_need(r->root, "players", NODE_SEQ, &l, &e) < 0)
		return test_cases_err(r, &e);
	if ((int)l->n < r->game->min_players ||
	    (int)l->n > r->game->max_players || l->n > GAME_MAX_PLAYERS)
		return test_cases_fail(r, l, "%s takes %d to %d players",
		    r->game->id, r->game->min_players, r->game->max_players);
	for (size_t i = 0; i < l->n; i++) {
		if (node_want_kind(l->items[i], NODE_SCALAR, "players",
		    &e) < 0)
			return test_cases_err(r, &e);
		r->names[i] = l->items[i]->str;
	}
	r->pl.n = (int)l->n;
	r->pl.names = r->names;
	return 0;
}

/* The option values in the game's order, defaults for those not given. */
static int
test_cases_options(struct test_cases_run *r, const char **optv, size_t max)
{
	const struct node *o = node_get(r->root, "options");
	const struct game_option *opt = r->game->options;
	struct gb_err e = { 0 };
	size_t n = 0;

	for (; opt != NULL && opt[n].name != NULL && n < max; n++)
		optv[n] = opt[n].def;
	if (o == NULL)
		return 0;
	if (node_want_kind(o, NODE_MAP, "options", &e) < 0)
		return test_cases_err(r, &e);
	for (size_t i = 0; i < o->n; i++) {
		size_t k = 0;

		while (k < n && strcmp(opt[k].name, o->keys[i]->str) != 0)
			k++;
		if (k == n)
			return test_cases_fail(r, o->keys[i], "%s has no option "
			    "'%s'", r->game->id, o->keys[i]->str);
		if (node_want_kind(o->items[i], NODE_SCALAR, opt[k].name,
		    &e) < 0)
			return test_cases_err(r, &e);
		optv[k] = o->items[i]->str;
	}
	return 0;
}

/* Do the substrings of the sequence `want` occur in ev, in order? */
static int
test_cases_events(struct test_cases_run *r, const struct node *want,
    const struct events *ev)
{
	struct sbuf all;
	const char *at;
	struct gb_err e = { 0 };
	int rc = 0;

	if (want == NULL)
		return 0;
	if (node_want_kind(want, NODE_SEQ, "events", &e) < 0)
		return test_cases_err(r, &e);
	sbuf_init(&all);
	for (size_t i = 0; i < ev->n; i++)
		sbuf_printf(&all, "%s\n", ev->v[i].text);
	at = all.p;
	for (size_t i = 0; i < want->n && rc == 0; i++) {
		const struct node *w = want->items[i];
		const char *hit = w->kind == NODE_SCALAR ? strstr(at, w->str) :
		    NULL;

		if (hit == NULL)
			rc = test_cases_fail(r, w, "event '%s' not found (in "
			    "order) in:\n%s", w->kind == NODE_SCALAR ? w->str :
			    "?", all.p);
		else
			at = hit + w->len;
	}
	sbuf_free(&all);
	return rc;
}

static int
test_cases_start(struct test_cases_run *r)
{
	const struct node *sec = node_get(r->root, "game"), *s;
	const char *optv[64];
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	struct rng rng;
	int rc = 0;

	if ((s = node_get(r->root, "seed")) != NULL &&
	    (s->kind != NODE_SCALAR ||
	    util_unhex(s->str, r->seed, RNG_SEED_BYTES) < 0))
		return test_cases_fail(r, s, "seed: 64 hex digits");
	if (sec != NULL) {
		if ((s = node_get(r->root, "options")) != NULL ||
		    (s = node_get(r->root, "setup-events")) != NULL)
			return test_cases_fail(r, s, "a case with game has no "
			    "setup, so no options or setup-events");
		if ((r->g = r->game->load(sec, &r->pl, &e)) == NULL)
			return test_cases_err(r, &e);
		return 0;
	}
	if (test_cases_options(r, optv, sizeof optv / sizeof optv[0]) < 0)
		return -1;
	rng_init(&rng, r->seed, 0);
	if ((r->g = r->game->setup(&r->pl, optv, &rng, &ev, &e)) == NULL)
		rc = test_cases_err(r, &e);
	else
		rc = test_cases_events(r, node_get(r->root, "setup-events"),
		    &ev);
	events_free(&ev);
	return rc;
}

/* "running", "draw", or "won: " and the winners' names. */
static void
test_cases_outcome(const struct test_cases_run *r, char *buf, size_t size)
{
	struct outcome o = r->game->outcome(r->g);
	size_t len;

	if (!o.finished) {
		snprintf(buf, size, "running");
		return;
	}
	if (o.winners == 0) {
		snprintf(buf, size, "draw");
		return;
	}
	snprintf(buf, size, "won:");
	for (int p = 0; p < r->pl.n; p++)
		if (o.winners & (1u << p)) {
			len = strlen(buf);
			snprintf(buf + len, size - len, "%s %s",
			    len > 4 ? "," : "", r->names[p]);
		}
}

/* The owed players' names, as "[alice, bob]". */
static void
test_cases_owed_names(const struct test_cases_run *r, char *buf,
    size_t size)
{
	struct owed ow[GAME_MAX_PLAYERS];
	size_t n = r->game->owed(r->g, ow), len;

	snprintf(buf, size, "[");
	for (size_t i = 0; i < n; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s", i ? ", " : "",
		    r->names[ow[i].player]);
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, "]");
}

/* check's lines for the orders o of player p hold "case.yaml:LINE:COL:
 * warning: NOTE" after order i's accepted line: the core prints the
 * game's warning where the player reads the verdict (and mail-in's reply
 * carries those lines). */
static int
test_cases_check_printed(struct test_cases_run *r, int p,
    const struct test_cases_orders *o, size_t i, const char *note)
{
	char path[] = "case.yaml", want[GAME_REASON_MAX + 64];
	struct orders_file f;
	struct state st;
	struct sbuf msgs;
	int found;

	memset(&st, 0, sizeof st);
	st.game = r->game;
	st.g = r->g;
	st.turn = 1;
	for (int k = 0; k < GAME_MAX_PLAYERS; k++)
		st.names[k] = r->names[k];
	memset(&f, 0, sizeof f);
	f.path = path;
	f.ok = 1;
	f.signer = f.player = p;
	f.named = -1;
	f.turn = 1;
	f.orders = o->orders;
	f.n = o->n;
	sbuf_init(&msgs);
	adjudicate_check(&st, &f, 1, &msgs);
	snprintf(want, sizeof want, "case.yaml:%d:%d: accepted: %s\n"
	    "case.yaml:%d:%d: warning: %s\n", o->orders[i].line,
	    o->orders[i].col, o->orders[i].text, o->orders[i].line,
	    o->orders[i].col, note);
	found = msgs.p != NULL && strstr(msgs.p, want) != NULL;
	if (!found)
		test_cases_fail(r, o->list->items[i], "check does not print "
		    "the warning of %s's order '%s' after it:\n%s",
		    r->names[p], o->orders[i].text, msgs.p ? msgs.p : "");
	sbuf_free(&msgs);
	return found ? 0 : -1;
}

static int
test_cases_check_verdicts(struct test_cases_run *r, int p,
    const struct test_cases_orders *o, const struct node *want)
{
	static const char warned[] = "accepted; warning: ";
	struct gb_err e = { 0 };
	struct order acc[ORDERS_MAX];
	size_t nacc = 0;

	if (node_want_kind(want, NODE_SEQ, "verdicts", &e) < 0)
		return test_cases_err(r, &e);
	if (want->n != o->n)
		return test_cases_fail(r, want, "%zu verdicts for %zu orders "
		    "of %s", want->n, o->n, r->names[p]);
	for (size_t i = 0; i < o->n; i++) {
		const struct node *w = want->items[i];
		const struct verdict *v = &o->v[i];
		char note[GAME_REASON_MAX] = "";
		int ok;

		if (w->kind != NODE_SCALAR)
			return test_cases_fail(r, w, "a verdict is accepted, "
			    "\"accepted; warning: NOTE\" or \"refused: "
			    "REASON\"");
		/* An accepted order's warning (game_entry.note), judged on
		 * the accepted orders up to it, as check judges it. */
		if (v->accepted && nacc < ORDERS_MAX) {
			acc[nacc++] = o->orders[i];
			if (r->game->note != NULL)
				r->game->note(r->g, p, acc, nacc, note,
				    sizeof note);
		}
		if (strcmp(w->str, "accepted") == 0)
			ok = v->accepted && note[0] == '\0';
		else if (strncmp(w->str, warned, sizeof warned - 1) == 0)
			ok = v->accepted && note[0] != '\0' &&
			    strstr(note, w->str + sizeof warned - 1);
		else if (strncmp(w->str, "refused: ", 9) == 0)
			ok = !v->accepted && strstr(v->reason, w->str + 9);
		else
			return test_cases_fail(r, w, "a verdict is accepted, "
			    "\"accepted; warning: NOTE\" or \"refused: "
			    "REASON\"");
		if (!ok)
			return test_cases_fail(r, w, "%s's order '%s': "
			    "expected %s, got %s%s%s%s", r->names[p],
			    o->orders[i].text, w->str, v->accepted ?
			    "accepted" : "refused: ", v->reason,
			    note[0] != '\0' ? "; warning: " : "", note);
		if (note[0] != '\0' &&
		    test_cases_check_printed(r, p, o, i, note) < 0)
			return -1;
	}
	return 0;
}

/* Read and validate the orders of every player named in the step. */
static int
test_cases_validate(struct test_cases_run *r, const struct node *step,
    struct test_cases_orders *po)
{
	const struct node *om = node_get(step, "orders"), *vm, *l;
	struct gb_err e = { 0 };
	int p;

	if (om != NULL && node_want_kind(om, NODE_MAP, "orders", &e) < 0)
		return test_cases_err(r, &e);
	for (size_t i = 0; om != NULL && i < om->n; i++) {
		if ((p = test_cases_player(r, om->keys[i])) < 0)
			return -1;
		if (node_want_kind(l = om->items[i], NODE_SEQ, "orders",
		    &e) < 0)
			return test_cases_err(r, &e);
		po[p].list = l;
		po[p].n = l->n;
		po[p].orders = calloc(l->n + 1, sizeof *po[p].orders);
		po[p].v = calloc(l->n + 1, sizeof *po[p].v);
		for (size_t k = 0; k < l->n; k++) {
			if (node_want_kind(l->items[k], NODE_SCALAR, "order",
			    &e) < 0)
				return test_cases_err(r, &e);
			po[p].orders[k] = (struct order){ l->items[k]->str,
				l->items[k]->line, l->items[k]->col };
		}
		po[p].complete = r->game->validate(r->g, p, po[p].orders, l->n,
		    po[p].v);
	}
	if ((vm = node_get(step, "verdicts")) == NULL)
		return 0;
	if (node_want_kind(vm, NODE_MAP, "verdicts", &e) < 0)
		return test_cases_err(r, &e);
	for (size_t i = 0; i < vm->n; i++) {
		if ((p = test_cases_player(r, vm->keys[i])) < 0)
			return -1;
		if (po[p].list == NULL)
			return test_cases_fail(r, vm->keys[i], "verdicts for "
			    "%s, who has no orders in this step", r->names[p]);
		if (test_cases_check_verdicts(r, p, &po[p], vm->items[i]) < 0)
			return -1;
	}
	return 0;
}

/* The default answer for a missed deadline: the first legal order,
 * repeatedly, until the answer is complete. */
static int
test_cases_nmr(struct test_cases_run *r, int p, struct test_cases_orders *o)
{
	o->orders = calloc(TEST_CASES_MAX_NMR, sizeof *o->orders);
	o->v = calloc(TEST_CASES_MAX_NMR, sizeof *o->v);
	for (o->n = 0; o->n < TEST_CASES_MAX_NMR; o->n++) {
		struct strlist l = { 0 };

		r->game->legal(r->g, p, o->orders, o->n, &l);
		if (l.n == 0) {
			strlist_free(&l);
			break;
		}
		strlist_add(&o->nmr, l.v[0]);
		strlist_free(&l);
		o->orders[o->n] = (struct order){ o->nmr.v[o->n], 0, 0 };
	}
	o->complete = r->game->validate(r->g, p, o->orders, o->n, o->v);
	if (!o->complete)
		return test_cases_fail(r, NULL, "the default answer of %s is "
		    "not complete", r->names[p]);
	return 0;
}

/* Resolve with the answers of the owed players, or check that one is not
 * complete when the step says complete: false. */
static int
test_cases_resolve(struct test_cases_run *r, const struct node *step,
    struct test_cases_orders *po, struct events *ev)
{
	const struct node *c = node_get(step, "complete");
	const struct node *late = node_get(step, "nmr");
	struct answer ans[GAME_MAX_PLAYERS];
	struct owed ow[GAME_MAX_PLAYERS];
	struct order acc[GAME_MAX_PLAYERS][TEST_CASES_MAX_NMR +
	    ADJUDICATE_NMR_MAX];
	size_t nowed = r->game->owed(r->g, ow);
	int want = 1, all = 1, nmr = 0;
	struct gb_err e = { 0 };
	struct rng rng;

	if (c != NULL && (c->kind != NODE_SCALAR ||
	    (strcmp(c->str, "true") != 0 && strcmp(c->str, "false") != 0)))
		return test_cases_fail(r, c, "complete is true or false");
	if (late != NULL && (late->kind != NODE_SCALAR ||
	    (strcmp(late->str, "true") != 0 &&
	    strcmp(late->str, "false") != 0)))
		return test_cases_fail(r, late, "nmr is true or false");
	if (c != NULL && strcmp(c->str, "false") == 0)
		want = 0;
	if (late != NULL && strcmp(late->str, "true") == 0)
		nmr = 1;
	for (size_t k = 0; k < nowed; k++) {
		struct test_cases_orders *o = &po[ow[k].player];

		if (o->list == NULL && test_cases_nmr(r, ow[k].player, o) < 0)
			return -1;
		ans[k] = (struct answer){ ow[k].player, acc[k], 0,
			o->list == NULL };
		for (size_t i = 0; i < o->n && ans[k].n < TEST_CASES_MAX_NMR;
		    i++)
			if (o->v[i].accepted)
				acc[k][ans[k].n++] = o->orders[i];
		/* The deadline has passed: the defaults complete the
		 * orders sent, as gunbai adjudicate --nmr does. */
		if (nmr && !o->complete) {
			if (adjudicate_defaults(r->game, r->g, ow[k].player,
			    acc[k], &ans[k].n, &o->nmr) < 0)
				return test_cases_fail(r, late, "no default "
				    "completes the orders of %s",
				    r->names[ow[k].player]);
			o->complete = ans[k].nmr = 1;
		}
		all &= o->complete;
	}
	if (!want)
		return all && nowed > 0 ? test_cases_fail(r, c, "the answers "
		    "are complete") : 0;
	if (!all || nowed == 0)
		return test_cases_fail(r, step, "the answers are not complete "
		    "(or nobody owes orders)");
	rng_init(&rng, r->seed, (uint64_t)r->step);
	ev->point = r->step;
	if (r->game->resolve(r->g, &r->pl, ans, nowed, &rng, ev, &e) < 0)
		return test_cases_err(r, &e);
	return 0;
}

/* save, load, save gives the same bytes. */
static int
test_cases_roundtrip(struct test_cases_run *r, const struct node *at)
{
	struct node *a = r->game->save(r->g), *b = NULL;
	struct sbuf x, y;
	struct gb_err e = { 0 };
	void *g2;
	int rc = 0;

	sbuf_init(&x);
	sbuf_init(&y);
	yaml_write(a, &x);
	if ((g2 = r->game->load(a, &r->pl, &e)) == NULL) {
		rc = test_cases_fail(r, at, "the saved section does not load: "
		    "%d:%d: %s\n%s", e.line, e.col, e.msg, x.p);
	} else {
		yaml_write(b = r->game->save(g2), &y);
		if (strcmp(x.p, y.p) != 0)
			rc = test_cases_fail(r, at, "save, load, save differs:"
			    "\n%s\n%s", x.p, y.p);
		r->game->free(g2);
	}
	node_free(a);
	node_free(b);
	sbuf_free(&x);
	sbuf_free(&y);
	return rc;
}

/* Every legal first order of every owed player is accepted alone. */
static int
test_cases_legal(struct test_cases_run *r, const struct node *at)
{
	struct owed ow[GAME_MAX_PLAYERS];
	size_t nowed = r->game->owed(r->g, ow);
	int rc = 0;

	for (size_t k = 0; k < nowed && rc == 0; k++) {
		struct strlist l = { 0 };

		r->game->legal(r->g, ow[k].player, NULL, 0, &l);
		for (size_t i = 0; i < l.n && rc == 0; i++) {
			struct order o = { l.v[i], 0, 0 };
			struct verdict v;

			r->game->validate(r->g, ow[k].player, &o, 1, &v);
			if (!v.accepted)
				rc = test_cases_fail(r, at, "legal order '%s' "
				    "is refused: %s", l.v[i], v.reason);
		}
		strlist_free(&l);
	}
	return rc;
}

static int
test_cases_after(struct test_cases_run *r, const struct node *step)
{
	const struct node *w;
	char got[512], want[512];
	size_t len;

	if ((w = node_get(step, "outcome")) != NULL) {
		test_cases_outcome(r, got, sizeof got);
		if (w->kind != NODE_SCALAR || strcmp(got, w->str) != 0)
			return test_cases_fail(r, w, "outcome is '%s'", got);
	}
	if ((w = node_get(step, "owed")) != NULL) {
		test_cases_owed_names(r, got, sizeof got);
		snprintf(want, sizeof want, "[");
		for (size_t i = 0; w->kind == NODE_SEQ && i < w->n; i++) {
			len = strlen(want);
			snprintf(want + len, sizeof want - len, "%s%s",
			    i ? ", " : "", w->items[i]->kind == NODE_SCALAR ?
			    w->items[i]->str : "?");
		}
		len = strlen(want);
		snprintf(want + len, sizeof want - len, "]");
		if (strcmp(got, want) != 0)
			return test_cases_fail(r, w, "owed is %s, not %s", got,
			    want);
	}
	if (test_cases_roundtrip(r, step) < 0)
		return -1;
	return test_cases_legal(r, step);
}

static const char *const test_cases_step_keys[] = { "orders", "verdicts",
	"complete", "nmr", "owed", "outcome", "events", NULL };

static int
test_cases_step(struct test_cases_run *r, const struct node *step)
{
	struct test_cases_orders po[GAME_MAX_PLAYERS];
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	const struct node *c = node_get(step, "complete");
	int rc;

	memset(po, 0, sizeof po);
	if (node_only_keys(step, test_cases_step_keys, &e) < 0)
		rc = test_cases_err(r, &e);
	else if (c != NULL && c->kind == NODE_SCALAR &&
	    strcmp(c->str, "false") == 0 && node_get(step, "events") != NULL)
		rc = test_cases_fail(r, c, "events of a step that does not "
		    "resolve");
	else if ((rc = test_cases_validate(r, step, po)) == 0 &&
	    (rc = test_cases_resolve(r, step, po, &ev)) == 0 &&
	    (rc = test_cases_events(r, node_get(step, "events"), &ev)) == 0)
		rc = test_cases_after(r, step);
	for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
		free(po[p].orders);
		free(po[p].v);
		strlist_free(&po[p].nmr);
	}
	events_free(&ev);
	return rc;
}

static int
test_cases_final(struct test_cases_run *r)
{
	const struct node *want = node_get(r->root, "final");
	struct node *got;
	struct sbuf x, y;
	int rc = 0;

	if (want == NULL)
		return 0;
	sbuf_init(&x);
	sbuf_init(&y);
	yaml_write(want, &x);
	yaml_write(got = r->game->save(r->g), &y);
	if (strcmp(x.p, y.p) != 0)
		rc = test_cases_fail(r, want, "final: the game section is\n%s",
		    y.p);
	node_free(got);
	sbuf_free(&x);
	sbuf_free(&y);
	return rc;
}

static const char *const test_cases_keys[] = { "description", "rule",
	"players", "options", "seed", "game", "setup-events", "steps",
	"final", NULL };

static int
test_cases_play(struct test_cases_run *r)
{
	const struct node *steps, *s;
	struct gb_err e = { 0 };

	if (test_cases_read(r) < 0)
		return -1;
	if (node_only_keys(r->root, test_cases_keys, &e) < 0 ||
	    node_need(r->root, "description", NODE_SCALAR, &s, &e) < 0 ||
	    node_need(r->root, "rule", NODE_SCALAR, &s, &e) < 0 ||
	    node_need(r->root, "steps", NODE_SEQ, &steps, &e) < 0)
		return test_cases_err(r, &e);
	if (test_cases_players(r) < 0 || test_cases_start(r) < 0 ||
	    test_cases_roundtrip(r, r->root) < 0)
		return -1;
	for (size_t i = 0; i < steps->n; i++) {
		r->step = (int)i + 1;
		if (node_want_kind(steps->items[i], NODE_MAP, "step", &e) < 0)
			return test_cases_err(r, &e);
		if (test_cases_step(r, steps->items[i]) < 0)
			return -1;
	}
	r->step = 0;
	return test_cases_final(r);
}

static void
test_cases_test(void **state)
{
	const struct test_cases_file *f = *state;
	struct test_cases_run r;
	int rc;

	memset(&r, 0, sizeof r);
	r.path = f->path;
	r.game = f->game;
	rc = test_cases_play(&r);
	if (r.g != NULL)
		r.game->free(r.g);
	node_free(r.root);
	if (rc < 0)
		fail_msg("%s", r.msg);
}

/* Read a whole small file; NULL if it cannot be read. */
static char *
test_cases_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = util_calloc(TEST_CASES_MAX_BYTES + 1, 1);

	if (f == NULL) {
		free(buf);
		return NULL;
	}
	if (fread(buf, 1, TEST_CASES_MAX_BYTES, f) == TEST_CASES_MAX_BYTES)
		buf[0] = '\0';
	fclose(f);
	return buf;
}

/* The example in formats/cases.md is the case file it names. */
static void
test_cases_doc(void **state)
{
	const char *dir = *state, *at, *block;
	char *doc = test_cases_slurp("formats/cases.md"), *file = NULL;
	char path[1024], name[256];

	if (doc == NULL)
		fail_msg("cannot read formats/cases.md");
	at = strstr(doc, "This is `tests/cases/");
	block = at != NULL ? strstr(at, "```yaml\n") : NULL;
	if (block == NULL || sscanf(at, "This is `tests/cases/%255[^`]",
	    name) != 1) {
		free(doc);
		fail_msg("formats/cases.md: no example naming its case file");
	}
	block += strlen("```yaml\n");
	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((file = test_cases_slurp(path)) == NULL ||
	    strncmp(block, file, strlen(file)) != 0 ||
	    strncmp(block + strlen(file), "```", 3) != 0) {
		free(doc);
		free(file);
		fail_msg("formats/cases.md: the example is not %s", path);
	}
	free(doc);
	free(file);
}

/* The orders examples of a game's man page (formats/cases.md, "Man page
 * examples"; issue 34): each literal display shaped as orders, that is lines
 * "orders:" and "  - ORDER", lines "orders: [ORDER, ...]" (one example
 * each) or lines "- ORDER", is followed by the sentence "Played by" and
 * the case files of the game that play it, each as ".Pa NAME.yaml".  Each
 * example must be, line for line, one player's orders in a step of one of
 * them whose verdicts accept every order; main runs those files as cases
 * of their own. */
struct test_cases_man {
	const char *dir;
	const struct game_entry *game;
	char name[64];
};

/* The display lines[from..to) split into its examples, each the YAML
 * text of an orders file's "orders:" key. */
static void
test_cases_man_examples(char *const *lines, size_t from, size_t to,
    struct strlist *ex)
{
	int bare = strncmp(lines[from], "- ", 2) == 0;
	struct sbuf b;

	sbuf_init(&b);
	if (bare)
		sbuf_puts(&b, "orders:\n");
	for (size_t i = from; i < to; i++) {
		if (!bare && strncmp(lines[i], "orders:", 7) == 0 && b.len > 0) {
			strlist_add(ex, b.p);
			sbuf_clear(&b);
		}
		sbuf_printf(&b, "%s%s\n", bare ? "  " : "", lines[i]);
	}
	if (b.len > 0)
		strlist_add(ex, b.p);
	sbuf_free(&b);
}

/* The case files named after the display that ends before lines[from]:
 * the .Pa NAME.yaml from "Played by" to the end of its paragraph. */
static void
test_cases_man_names(char *const *lines, size_t from, size_t n,
    struct strlist *names)
{
	int said = 0;

	for (size_t i = from; i < n; i++) {
		const char *l = lines[i];
		char *copy, *w, *save;

		if (strncmp(l, ".Bd", 3) == 0 || strncmp(l, ".Sh", 3) == 0 ||
		    strncmp(l, ".Ss", 3) == 0 ||
		    (said && strncmp(l, ".Pp", 3) == 0))
			break;
		if (strstr(l, "Played by") != NULL)
			said = 1;
		if (!said || strncmp(l, ".Pa ", 4) != 0)
			continue;
		copy = util_strdup(l + 4);
		for (w = strtok_r(copy, " ,", &save); w != NULL;
		    w = strtok_r(NULL, " ,", &save))
			if (strlen(w) > 5 && strcmp(w + strlen(w) - 5,
			    ".yaml") == 0)
				strlist_add(names, w);
		free(copy);
	}
}

/* Are the orders ex a player's orders in a step of the case file at path,
 * every one accepted there?  If not, why not is added to why. */
static int
test_cases_man_played(const char *path, const struct node *ex,
    struct sbuf *why)
{
	char *text = test_cases_slurp(path);
	struct node *root = NULL;
	const struct node *steps;
	struct gb_err e = { 0 };
	int found = 0;

	if (text == NULL || yaml_read(text, strlen(text), &root, &e) < 0) {
		sbuf_printf(why, "\n    %s: cannot be read", path);
		free(text);
		return 0;
	}
	steps = node_get(root, "steps");
	for (size_t s = 0; steps != NULL && s < steps->n && !found; s++) {
		const struct node *om = node_get(steps->items[s], "orders");
		const struct node *vm = node_get(steps->items[s], "verdicts");

		for (size_t p = 0; om != NULL && p < om->n && !found; p++) {
			const struct node *l = om->items[p];
			const struct node *v = node_get(vm, om->keys[p]->str);
			size_t k = 0, acc = 0;

			while (l->kind == NODE_SEQ && k < l->n && k < ex->n &&
			    l->items[k]->kind == NODE_SCALAR &&
			    strcmp(l->items[k]->str, ex->items[k]->str) == 0)
				k++;
			if (l->kind != NODE_SEQ || k != l->n || k != ex->n)
				continue;
			while (v != NULL && v->kind == NODE_SEQ && acc < v->n &&
			    v->items[acc]->kind == NODE_SCALAR &&
			    strcmp(v->items[acc]->str, "accepted") == 0)
				acc++;
			if (v != NULL && v->kind == NODE_SEQ && acc == k &&
			    v->n == k)
				found = 1;
			else
				sbuf_printf(why, "\n    %s:%d: step %zu plays "
				    "them, but its verdicts for %s do not say "
				    "each is accepted", path, l->line, s + 1,
				    om->keys[p]->str);
		}
	}
	node_free(root);
	free(text);
	return found;
}

/* One orders display of a man page, its first line lines[from], checked
 * against the case files named after it; failures added to bad. */
static void
test_cases_man_display(const struct test_cases_man *m, const char *page,
    char *const *lines, size_t from, size_t to, size_t n, struct sbuf *bad)
{
	struct strlist ex = { 0 }, names = { 0 };
	struct gb_err e = { 0 };
	char path[1024];

	test_cases_man_examples(lines, from, to, &ex);
	test_cases_man_names(lines, to + 1, n, &names);
	if (names.n == 0)
		sbuf_printf(bad, "%s:%zu: the orders example names no case file "
		    "that plays it (\"Played by\" and .Pa NAME.yaml after "
		    "it)\n", page, from + 1);
	for (size_t i = 0; i < ex.n && names.n > 0; i++) {
		struct node *root = NULL;
		const struct node *o = NULL;
		struct sbuf why;
		int found = 0;

		sbuf_init(&why);
		if (yaml_read(ex.v[i], strlen(ex.v[i]), &root, &e) == 0)
			o = node_get(root, "orders");
		for (size_t k = 0; o != NULL && k < o->n; k++)
			if (o->items[k]->kind != NODE_SCALAR)
				o = NULL;
		for (size_t k = 0; o != NULL && o->kind == NODE_SEQ &&
		    k < names.n && !found; k++) {
			snprintf(path, sizeof path, "%s/%s/%s", m->dir,
			    m->game->id, names.v[k]);
			found = test_cases_man_played(path, o, &why);
		}
		if (o == NULL || o->kind != NODE_SEQ)
			sbuf_printf(bad, "%s:%zu: not a list of orders:\n%s",
			    page, from + 1, ex.v[i]);
		else if (!found)
			sbuf_printf(bad, "%s:%zu: no step of %s%s plays, every "
			    "order accepted, these orders:\n%s%s\n", page,
			    from + 1, names.v[0], names.n > 1 ? " and the "
			    "others named" : "", ex.v[i], why.p);
		sbuf_free(&why);
		node_free(root);
	}
	strlist_free(&ex);
	strlist_free(&names);
}

static void
test_cases_man(void **state)
{
	const struct test_cases_man *m = *state;
	char page[256], *text, **lines;
	size_t n = 1, k = 0;
	struct sbuf bad;

	snprintf(page, sizeof page, "man/gunbai-%s.6", m->game->id);
	if ((text = test_cases_slurp(page)) == NULL)
		fail_msg("cannot read %s", page);
	for (const char *c = text; *c != '\0'; c++)
		n += *c == '\n';
	lines = util_calloc(n, sizeof *lines);
	for (char *l = text; l != NULL && k < n; k++) {
		char *nl = strchr(l, '\n'), *w = l;

		if (nl != NULL)
			*nl = '\0';
		lines[k] = l;
		for (const char *r = l; *r != '\0'; r++) /* \e and \& */
			if (r[0] == '\\' && r[1] == 'e')
				*w++ = '\\', r++;
			else if (r[0] == '\\' && r[1] == '&')
				r++;
			else
				*w++ = *r;
		*w = '\0';
		l = nl != NULL ? nl + 1 : NULL;
	}
	n = k;
	sbuf_init(&bad);
	for (size_t i = 0; i < n; i++) {
		size_t to = i + 1;

		if (strncmp(lines[i], ".Bd -literal", 12) != 0)
			continue;
		while (to < n && strcmp(lines[to], ".Ed") != 0)
			to++;
		if (to > i + 1 && (strncmp(lines[i + 1], "orders:", 7) == 0 ||
		    strncmp(lines[i + 1], "- ", 2) == 0))
			test_cases_man_display(m, page, lines, i + 1, to, n,
			    &bad);
		i = to;
	}
	free(lines);
	free(text);
	if (bad.len > 0)
		fail_msg("%s", bad.p);
	sbuf_free(&bad);
}

static int
test_cases_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add the case files of one game, sorted by name for a stable order. */
static void
test_cases_list(const char *dir, const struct game_entry *game,
    struct test_cases_file **files, size_t *n)
{
	struct strlist names = { 0 };
	struct dirent *d;
	char path[1024];
	DIR *dp;

	snprintf(path, sizeof path, "%s/%s", dir, game->id);
	if ((dp = opendir(path)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		size_t len = strlen(d->d_name);

		if (len > 5 && strcmp(d->d_name + len - 5, ".yaml") == 0)
			strlist_add(&names, d->d_name);
	}
	closedir(dp);
	qsort(names.v, names.n, sizeof names.v[0], test_cases_cmp);
	*files = util_reallocarray(*files, *n + names.n, sizeof **files);
	for (size_t i = 0; i < names.n; i++) {
		snprintf(path, sizeof path, "%s/%s/%s", dir, game->id,
		    names.v[i]);
		(*files)[(*n)++] = (struct test_cases_file){
			util_strdup(path), game };
	}
	strlist_free(&names);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "tests/cases";
	struct test_cases_file *files = NULL;
	struct test_cases_man *man;
	struct CMUnitTest *tests;
	size_t n = 0;
	int rc;

	for (size_t i = 0; i < game_count; i++)
		test_cases_list(dir, game_registry[i], &files, &n);
	if (n == 0) {
		fprintf(stderr, "test_cases: no case files under %s\n", dir);
		return 1;
	}
	tests = util_calloc(n + 1 + game_count, sizeof *tests);
	man = util_calloc(game_count, sizeof *man);
	for (size_t i = 0; i < n; i++)
		tests[i] = (struct CMUnitTest){ .name = files[i].path,
			.test_func = test_cases_test,
			.initial_state = &files[i] };
	tests[n] = (struct CMUnitTest){ .name = "formats/cases.md example",
		.test_func = test_cases_doc, .initial_state = (void *)dir };
	for (size_t i = 0; i < game_count; i++) {
		man[i] = (struct test_cases_man){ dir, game_registry[i], "" };
		snprintf(man[i].name, sizeof man[i].name, "man/gunbai-%s.6 "
		    "orders examples", game_registry[i]->id);
		tests[n + 1 + i] = (struct CMUnitTest){ .name = man[i].name,
			.test_func = test_cases_man,
			.initial_state = &man[i] };
	}
	rc = _cmocka_run_group_tests("cases", tests, n + 1 + game_count, NULL,
	    NULL);
	for (size_t i = 0; i < n; i++)
		free(files[i].path);
	free(files);
	free(man);
	free(tests);
	return rc;
}
