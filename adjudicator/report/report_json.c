/* report_json.c - the structured report, through jansson.
 *
 * Bytes are deterministic: objects keep insertion order, integers are
 * printed exactly, no floating point, and every non-ASCII character is
 * escaped (\uXXXX) so the document is plain ASCII whatever a name or log
 * line holds. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "turn/adjudicate.h"
#include "turn/commit.h"
#include "report/choices.h"
#include "turn/setup.h"
#include "report/report_json.h"
#include "report/template.h"

#define JSON_FLAGS (JSON_INDENT(1) | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER)

/* A JSON string of s.  The state loader only admits UTF-8, but a game
 * could build a tree from anything: a byte jansson refuses becomes '?'
 * rather than losing the whole report. */
/* Are the n bytes at s ASCII, hence UTF-8 that jansson need not check
 * again (json_*_nocheck)? */
static int
ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 0;
	return 1;
}

static json_t *
jstrn(const char *s, size_t n)
{
	json_t *j = ascii(s, n) ? json_stringn_nocheck(s, n) : json_string(s);

	if (j == NULL) {
		char *c = util_strdup(s);
		for (char *p = c; *p != '\0'; p++)
			if ((unsigned char)*p >= 0x80)
				*p = '?';
		j = json_string(c);
		free(c);
	}
	return j;
}

static json_t *
jstr(const char *s)
{
	return jstrn(s, strlen(s));
}

/* An integer in its one canonical spelling: -?[1-9][0-9]* or 0. */
static int
canonical_int(const char *s, long long *v)
{
	const char *d = s + (*s == '-');

	if (*d == '\0' || (*d == '0' && (d[1] != '\0' || d != s)))
		return 0;
	for (const char *p = d; *p != '\0'; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return util_parse_int(s, -(1LL << 53), 1LL << 53, v) == 0;
}

static json_t *
node_to_json(const struct node *n)
{
	json_t *j;
	long long v;

	switch (n->kind) {
	case NODE_SCALAR:
		if (!n->quoted && canonical_int(n->str, &v))
			return json_integer(v);
		if (!n->quoted && strcmp(n->str, "true") == 0)
			return json_true();
		if (!n->quoted && strcmp(n->str, "false") == 0)
			return json_false();
		return jstrn(n->str, n->len);
	case NODE_SEQ:
		j = json_array();
		for (size_t i = 0; i < n->n; i++)
			json_array_append_new(j, node_to_json(n->items[i]));
		return j;
	case NODE_MAP:
		j = json_object();
		for (size_t i = 0; i < n->n; i++) {
			const struct node *k = n->keys[i];
			if (ascii(k->str, k->len))
				json_object_setn_new_nocheck(j, k->str,
				    k->len, node_to_json(n->items[i]));
			else
				json_object_set_new(j, k->str,
				    node_to_json(n->items[i]));
		}
		return j;
	}
	return json_null();
}

/* jansson's output straight into the buffer returned (json_dumps would
 * build it in its own buffer, then copy it). */
static int
dump_add(const char *buf, size_t size, void *data)
{
	struct sbuf *b = data;

	/* Most pieces are a few bytes and fit: copied here, sbuf_add only
	 * to grow. */
	if (b->cap - b->len > size) {
		char *p = b->p + b->len;
		/* Most are one byte: a quote, a comma, a newline. */
		if (size == 1)
			*p = *buf;
		else
			memcpy(p, buf, size);
		b->len += size;
		b->p[b->len] = '\0';
	} else
		sbuf_add(b, buf, size);
	return 0;
}

/* The document root, ending in a newline; root is left as it is. */
static char *
dump_keep(const json_t *root, size_t *len)
{
	struct sbuf b;

	sbuf_init(&b);
	if (json_dump_callback(root, dump_add, &b, JSON_FLAGS) != 0)
		abort(); /* only a bug: allocation failure exits in util */
	sbuf_putc(&b, '\n');
	*len = b.len;
	return sbuf_take(&b);
}

/* The same, then root freed. */
static char *
dump(json_t *root, size_t *len)
{
	char *s = dump_keep(root, len);

	json_decref(root);
	return s;
}

/* ---- the arena of a report's tree ----------------------------------
 * A report is thousands of small jansson values (every object, its hash
 * table, every key and string) made, dumped once and freed.  While one
 * is built, jansson allocates from this arena (json_set_alloc_funcs): a
 * pointer bumped in a block kept from one report to the next, freeing
 * nothing; when the document is dumped the whole tree goes at once
 * (report_arena_end) instead of value by value.  Nothing made in the
 * arena may outlive report_arena_end: only report_json uses it, and
 * returns the bytes. */
static struct arena json_arena;

static void *
json_arena_malloc(size_t n)
{
	return arena_alloc(&json_arena, n);
}

static void
json_arena_free(void *p)
{
	(void)p; /* everything goes at report_arena_end */
}

static void
report_arena_begin(void)
{
	json_set_alloc_funcs(json_arena_malloc, json_arena_free);
}

/* Back to util_malloc; every block but one freed, that one emptied. */
static void
report_arena_end(void)
{
	arena_reset(&json_arena);
	json_set_alloc_funcs(util_malloc, free);
}

/* jansson allocates through util, so running out of memory exits as
 * everywhere else in gunbai and a NULL from jansson is only a bug. */
static void
json_alloc(void)
{
	json_set_alloc_funcs(util_malloc, free);
}

json_t *
report_json_str(const char *s)
{
	json_alloc();
	return jstr(s);
}

void
report_json_print(json_t *root)
{
	size_t len;
	char *s;

	json_alloc();
	s = dump(root, &len);
	fwrite(s, 1, len, stdout);
	free(s);
}

char *
report_json_dump(json_t *root, size_t *len)
{
	json_alloc();
	return dump(root, len);
}

char *
report_json_node(const struct node *n, size_t *len)
{
	json_alloc();
	return dump(node_to_json(n), len);
}

static json_t *
json_log(const struct state *st, int player)
{
	json_t *a = json_array();

	for (size_t i = 0; i < st->log.n; i++) {
		const struct event *ev = &st->log.v[i];

		if (player < 0 ? ev->to != EVENT_ALL :
		    !(ev->to & EVENT_TO(player)))
			continue;
		json_array_append_new(a, json_pack("{s:I,s:o}", "point",
		    (json_int_t)ev->point, "text", jstr(ev->text)));
	}
	return a;
}

static json_t *
json_players(const struct state *st)
{
	json_t *a = json_array();

	for (int i = 0; i < st->nplayers; i++)
		json_array_append_new(a, jstr(st->names[i]));
	return a;
}

/* The decision player owes now: its name, the orders that may come
 * first, and the template to fill in. */
static json_t *
json_orders(const struct state *st, int player, const struct owed *o,
    const char *made)
{
	struct strlist legal = { 0 };
	struct sbuf tmpl;
	json_t *l = json_array(), *j, *ends;

	st->game->legal(st->g, player, NULL, 0, &legal);
	for (size_t i = 0; i < legal.n; i++)
		json_array_append_new(l, jstr(legal.v[i]));
	strlist_free(&legal);
	sbuf_init(&tmpl);
	if (made == NULL)
		template_orders(st, player, &tmpl);
	j = json_pack("{s:o,s:o,s:o,s:o}", "decision", jstr(o->decision),
	    "what", jstr(o->what), "legal", l, "template", jstr(made != NULL ?
	    made : tmpl.p));
	sbuf_free(&tmpl);
	/* For the player's page (gunbai-orders.html): every legal answer,
	 * the orders that end one where the tree stops, and the key the
	 * page checks the player's own key against. */
	json_object_set_new(j, "choices", choices_tree(st, player, &ends));
	json_object_set_new(j, "ends", ends);
	/* Why the tree stops after the first orders (a rule of the game,
	 * the same for every player): the page says so truly. */
	json_object_set_new(j, "reveals",
	    json_boolean(st->game->answer_reveals));
	json_object_set_new(j, "public_key", jstr(st->players[player].key));
	return j;
}

json_t *
report_json_next(const struct state *st, int player, const char *tmpl,
    json_t **mine)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct outcome oc = st->game->outcome(st->g);
	json_t *next = json_object(), *ow = json_array(), *won;
	size_t n;

	*mine = json_null();
	json_object_set_new(next, "finished", json_boolean(oc.finished));
	if (oc.finished) {
		won = json_array();
		for (int i = 0; i < st->nplayers; i++)
			if (oc.winners & EVENT_TO(i))
				json_array_append_new(won, jstr(st->names[i]));
		json_object_set_new(next, "winners", won);
		json_object_set_new(next, "reason", jstr(oc.reason));
		n = 0;
	} else {
		n = st->game->owed(st->g, owed);
	}
	for (size_t i = 0; i < n; i++) {
		json_array_append_new(ow, json_pack("{s:o,s:o,s:o}", "player",
		    jstr(st->names[owed[i].player]), "decision",
		    jstr(owed[i].decision), "what", jstr(owed[i].what)));
		if (owed[i].player == player) {
			json_decref(*mine);
			*mine = json_orders(st, player, &owed[i], tmpl);
		}
	}
	json_object_set_new(next, "owed", ow);
	return next;
}

/* The Evidence of the text report (report.c, formats/threats.md). */
static json_t *
json_evidence(const struct state *st, const char *state_hex, int player)
{
	char hex[COMMIT_HEX + 1];
	json_t *o = json_object();

	util_hex(st->uid, sizeof st->uid, hex);
	json_object_set_new(o, "uid", json_string(hex));
	commit_seed_hex(st->seed, hex);
	json_object_set_new(o, "commit", json_string(hex));
	if (state_hex == NULL) {
		state_sha256(st, hex);
		state_hex = hex;
	}
	json_object_set_new(o, REPORT_JSON_STATE_KEY, json_string(state_hex));
	json_object_set_new(o, REPORT_JSON_FROM_KEY, st->has_previous ?
	    json_string(st->previous) : json_null());
	if (player < 0 && st->game->outcome(st->g).finished) {
		util_hex(st->seed, sizeof st->seed, hex);
		json_object_set_new(o, "seed", json_string(hex));
	}
	if (setup_shown(st, player)) {
		struct sbuf rec;

		sbuf_init(&rec);
		setup_record(st, &rec);
		json_object_set_new(o, "setup", json_stringn(rec.p, rec.len));
		sbuf_free(&rec);
	}
	return o;
}

char *
report_json(const struct state *st, const char *state_hex, int player,
    size_t *len)
{
	return report_json_tmpl(st, state_hex, player, NULL, NULL, len);
}

/* Would a and b make the same JSON (node_to_json)?  Positions aside,
 * the same tree. */
static int
json_same_node(const struct node *a, const struct node *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == NODE_SCALAR)
		return a->quoted == b->quoted && a->len == b->len &&
		    memcmp(a->str, b->str, a->len) == 0;
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if ((a->kind == NODE_MAP && (a->keys[i]->len != b->keys[i]->len ||
		    memcmp(a->keys[i]->str, b->keys[i]->str,
		    a->keys[i]->len) != 0)) ||
		    !json_same_node(a->items[i], b->items[i]))
			return 0;
	return 1;
}

/* The view's JSON as it stands in a report, one level down: jansson
 * dumps it alone (depth 0), and with JSON_INDENT(1) one level deeper is
 * one more space after every newline.  Every newline jansson writes is
 * its own: it writes those of strings as \n. */
static char *
json_view_bytes(const struct node *view, size_t *len)
{
	size_t n;
	char *flat = dump_keep(node_to_json(view), &n);
	struct sbuf b;

	n--; /* dump_keep's final newline is the document's, not the view's */
	sbuf_init(&b);
	sbuf_reserve(&b, 2 * n);
	for (const char *p = flat, *end = flat + n, *nl; p < end; p = nl) {
		nl = memchr(p, '\n', (size_t)(end - p));
		nl = nl != NULL ? nl + 1 : end;
		sbuf_add(&b, p, (size_t)(nl - p));
		if (nl[-1] == '\n')
			sbuf_putc(&b, ' ');
	}
	free(flat);
	*len = b.len;
	return sbuf_take(&b);
}

void
report_json_view_free(struct report_json_view *keep)
{
	if (keep->tree != NULL)
		node_free(keep->tree);
	free(keep->json);
	memset(keep, 0, sizeof *keep);
}

/* Where the view goes in a report: the document is dumped with a null
 * for it, and only the document's own keys stand one space in. */
#define VIEW_SLOT "\n \"view\": null"
#define VIEW_NULL (sizeof "null" - 1)

char *
report_json_tmpl(const struct state *st, const char *state_hex, int player,
    const char *tmpl, struct report_json_view *keep, size_t *len)
{
	struct node *view;
	json_t *root, *mine, *next;
	char *doc, *slot, *vjson, *out;
	size_t dlen, vlen, at;
	int kept;

	/* The first view kept is made outside the node arena, to outlive
	 * it; the others are made in it, compared and dropped. */
	kept = keep != NULL && keep->tree == NULL;
	if (!kept)
		node_arena_begin();
	view = st->game->view_data(st->g, &st->pl, player);
	report_arena_begin();
	if (keep != NULL && keep->tree != NULL &&
	    json_same_node(view, keep->tree)) {
		vjson = keep->json;
		vlen = keep->len;
	} else {
		vjson = json_view_bytes(view, &vlen);
	}
	next = report_json_next(st, player, tmpl, &mine);

	/* The view is dumped apart (once for every report where it is the
	 * same) and goes in at VIEW_SLOT. */
	root = json_pack("{s:s,s:o,s:o,s:o,s:o,s:I,s:o,s:o,s:o,s:o,s:o,s:o}",
	    "format", REPORT_JSON_FORMAT,
	    "game", jstr(st->game->id),
	    "title", jstr(st->game->title),
	    "ruleset", jstr(st->game->ruleset),
	    "id", jstr(st->id),
	    "turn", (json_int_t)st->turn,
	    "player", player < 0 ? json_null() : jstr(st->names[player]),
	    "players", json_players(st),
	    "log", json_log(st, player),
	    "view", json_null(),
	    "next", next,
	    "orders", mine);
	json_object_set_new(root, "evidence", json_evidence(st, state_hex,
	    player));
	if (root == NULL) /* only a bug: a NULL value or a bad format */
		abort();
	/* The tree is the arena's: dropped with it, not freed value by
	 * value. */
	doc = dump_keep(root, &dlen);
	report_arena_end();
	if ((slot = strstr(doc, VIEW_SLOT)) == NULL)
		abort(); /* only a bug */
	at = (size_t)(slot - doc) + sizeof VIEW_SLOT - 1 - VIEW_NULL;
	*len = dlen - VIEW_NULL + vlen;
	out = util_malloc(*len + 1);
	memcpy(out, doc, at);
	memcpy(out + at, vjson, vlen);
	memcpy(out + at + vlen, doc + at + VIEW_NULL, dlen - at - VIEW_NULL + 1);
	free(doc);
	if (kept && !view->arena) {
		keep->tree = view;
		keep->json = vjson;
		keep->len = vlen;
	} else {
		if (keep == NULL || vjson != keep->json)
			free(vjson);
		node_free(view);
	}
	if (!kept)
		node_arena_end();
	return out;
}

char *
report_json_status(const struct state *st, json_t *filed, size_t *len)
{
	json_t *mine, *root;

	json_alloc();
	root = json_pack("{s:s,s:o,s:o,s:o,s:o,s:I,s:o,s:o}",
	    "format", STATUS_JSON_FORMAT,
	    "game", jstr(st->game->id),
	    "title", jstr(st->game->title),
	    "ruleset", jstr(st->game->ruleset),
	    "id", jstr(st->id),
	    "turn", (json_int_t)st->turn,
	    "players", json_players(st),
	    "next", report_json_next(st, -1, NULL, &mine));
	json_decref(mine);
	if (root == NULL) /* only a bug */
		abort();
	if (filed != NULL)
		json_object_set_new(root, "filed", filed);
	return dump(root, len);
}

/* ---- check, adjudicate and run ------------------------------------- */

/* A refusal e into o: reason (what is wrong), line and column (null
 * when unknown) and hint (what to do, null when hints.h has none). */
void
report_json_err(json_t *o, const struct gb_err *e)
{
	char msg[sizeof e->msg];
	size_t cut = strlen(e->msg);

	if (e->hint > 2 && e->hint < cut)
		cut = e->hint - 2; /* the "; " before the hint */
	memcpy(msg, e->msg, cut);
	msg[cut] = '\0';
	json_object_set_new(o, "reason", jstr(msg));
	json_object_set_new(o, "line", e->line > 0 ?
	    json_integer(e->line) : json_null());
	json_object_set_new(o, "column", e->col > 0 ?
	    json_integer(e->col) : json_null());
	json_object_set_new(o, "hint", e->hint > 0 && e->hint < strlen(e->msg) ?
	    jstr(e->msg + e->hint) : json_null());
}

/* What every document says of a file: path, sha256, who signed it and
 * for which turn (null when unknown). */
json_t *
report_json_file(const struct state *st, const struct orders_file *f)
{
	return json_pack("{s:o,s:o,s:o,s:o}",
	    "path", jstr(f->path),
	    "sha256", f->sha256[0] ? json_string(f->sha256) : json_null(),
	    "player", f->signer >= 0 ? jstr(st->names[f->signer]) :
	    json_null(),
	    "turn", f->ok ? json_integer(f->turn) : json_null());
}

json_t *
report_json_strlist(const struct strlist *l)
{
	json_t *a = json_array();

	for (size_t i = 0; i < l->n; i++)
		json_array_append_new(a, jstr(l->v[i]));
	return a;
}

/* Each order's place, text as written, verdict and reason. */
json_t *
report_json_judged(const struct check_order *co, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++) {
		json_t *o = json_pack("{s:i,s:i,s:o,s:s,s:o}",
		    "line", co[i].o->line, "column", co[i].o->col,
		    "text", jstr(co[i].o->text),
		    "verdict", co[i].accepted ? "accepted" : "refused",
		    "reason", co[i].accepted ? json_null() :
		    jstr(co[i].reason));

		/* An accepted order's warning (game_entry.note). */
		if (co[i].note[0] != '\0')
			json_object_set_new(o, "warning", jstr(co[i].note));
		json_array_append_new(a, o);
	}
	return a;
}

static json_t *
json_check_file(const struct state *st, const struct check_result *r,
    const struct check_file *cf)
{
	const struct orders_file *f = cf->f;
	json_t *o = report_json_file(st, f);
	char why[256];

	json_object_set_new(o, "verdict",
	    json_string(adjudicate_verdict_names[cf->verdict]));
	if (cf->verdict == VERDICT_OVER) {
		json_object_set_new(o, "reason", jstr(r->outcome.reason));
	} else if (!f->ok) {
		report_json_err(o, &f->err);
	} else if (cf->verdict == VERDICT_NOT_DUE) {
		snprintf(why, sizeof why, "point %lld is not due: the game is "
		    "at point %lld", f->turn, st->turn);
		json_object_set_new(o, "reason", json_string(why));
		json_object_set_new(o, "hint", f->turn > st->turn + 1 ?
		    json_string(ADJUDICATE_HINT_TYPO) : json_null());
	} else if (cf->verdict == VERDICT_FILE) {
		adjudicate_not_owed(st, f, why, sizeof why);
		json_object_set_new(o, "reason", json_string(why));
		json_object_set_new(o, "hint",
		    json_string(ADJUDICATE_HINT_UNOWED));
	} else {
		json_object_set_new(o, "complete", json_boolean(cf->complete));
		if (!cf->complete) {
			json_object_set_new(o, "next",
			    report_json_strlist(&cf->legal));
			json_object_set_new(o, "completing",
			    report_json_strlist(&cf->finish));
		}
	}
	json_object_set_new(o, "orders", report_json_judged(cf->orders,
	    cf->n));
	return o;
}

char *
report_json_check(const struct state *st, const struct check_result *r,
    size_t *len)
{
	json_t *root, *files;

	json_alloc();
	files = json_array();
	for (size_t i = 0; i < r->n; i++)
		json_array_append_new(files, json_check_file(st, r, &r->v[i]));
	root = json_pack("{s:s,s:o,s:o,s:I,s:s,s:o}",
	    "format", CHECK_JSON_FORMAT,
	    "game", jstr(st->game->id),
	    "id", jstr(st->id),
	    "turn", (json_int_t)st->turn,
	    "verdict", adjudicate_verdict_names[r->worst],
	    "files", files);
	if (root == NULL) /* only a bug */
		abort();
	return dump(root, len);
}
