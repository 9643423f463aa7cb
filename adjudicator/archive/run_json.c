/* run_json.c - what one `gunbai adjudicate` or `gunbai run` did, as a JSON
 * document for --json (formats/commands.schema.json): each file given and
 * where it went in the run's directory, the defaults applied, what is owed
 * now and what was written. */
#include <stdlib.h>
#include <string.h>

#include "archive/gamedir.h"
#include "report/report.h"
#include "archive/run_json.h"

/* One file of a run: used (with its orders' verdicts), kept for a later
 * point, or refused. */
static json_t *
run_json_file(const struct state *st, const struct run_json *r,
    size_t i)
{
	const struct orders_file *files = r->files;
	size_t n = r->n;
	const struct orders_file *f = &files[i];
	const char *place = gamedir_place(st, files, n, i);
	json_t *o = report_json_file(st, f);
	char why[1200];
	size_t skip = strlen(f->path) + 2;

	if (strcmp(place, GAMEDIR_ORDERS) == 0) {
		json_object_set_new(o, "fate", json_string("used"));
		for (size_t k = 0; r->result != NULL &&
		    k < r->result->nused; k++)
			if (r->result->used[k].f == f)
				json_object_set_new(o, "orders",
				    report_json_judged(r->result->used[k].orders,
				    f->n));
	} else if (strcmp(place, GAMEDIR_KEPT) == 0) {
		struct check_result cr;

		json_object_set_new(o, "fate", json_string("kept"));
		/* Not a whole answer to the point owed now: judged. */
		if (adjudicate_kept_incomplete(st, f, &cr)) {
			json_object_set_new(o, "orders",
			    report_json_judged(cr.v[0].orders, cr.v[0].n));
			adjudicate_check_free(&cr);
		}
	} else {
		json_object_set_new(o, "fate", json_string(f->copy ?
		    "set-aside" : "refused"));
		if (!f->ok) {
			report_json_err(o, &f->err);
			return o;
		}
		/* A good file not used: the reason without its path. */
		adjudicate_refused_reason(st, f, why, sizeof why);
		json_object_set_new(o, "reason", report_json_str(strlen(why) > skip ?
		    why + skip : why));
	}
	return o;
}

/* The files written in dir: the state and every report. */
static json_t *
run_json_written(const struct state *st, const char *dir)
{
	json_t *reports = json_array(), *o;
	struct sbuf b;

	for (int p = -1; p < st->nplayers; p++)
		for (int k = 0; k < REPORT_KINDS; k++) {
			sbuf_init(&b);
			sbuf_printf(&b, "%s/reports/%s.%s", dir, p < 0 ?
			    "public" : st->names[p], report_kinds[k]);
			json_array_append_new(reports, report_json_str(b.p));
			sbuf_free(&b);
		}
	sbuf_init(&b);
	sbuf_printf(&b, "%s/%s", dir, GAMEDIR_STATE);
	o = json_pack("{s:o,s:o,s:o}", "dir", report_json_str(dir), "state", report_json_str(b.p),
	    "reports", reports);
	sbuf_free(&b);
	return o;
}

/* The answers completed with default orders at the deadline (--nmr). */
static json_t *
run_json_defaults(const struct state *st, const struct adjudicate_result *res)
{
	json_t *a = json_array();

	for (size_t i = 0; res != NULL && i < res->ndefaults; i++) {
		const struct adjudicate_default *d = &res->defaults[i];

		json_array_append_new(a, json_pack("{s:o,s:I,s:o}", "player",
		    report_json_str(st->names[d->player]), "turn", (json_int_t)d->turn,
		    "orders", report_json_strlist(&d->orders)));
	}
	return a;
}

char *
run_json(const struct state *st, const struct run_json *r,
    size_t *len)
{
	json_t *root, *files, *mine;
	size_t *idx;

	files = json_array();
	/* In the order the files were given, whatever orders_sort did. */
	idx = util_calloc(r->n + 1, sizeof *idx);
	orders_given(r->files, r->n, idx);
	for (size_t i = 0; i < r->n; i++)
		json_array_append_new(files, run_json_file(st, r, idx[i]));
	free(idx);
	root = json_pack("{s:s,s:o,s:o,s:o,s:b,s:i,s:I,s:I,s:o,s:o,s:o,s:o}",
	    "format", r->format,
	    "game", report_json_str(st->game->id),
	    "id", report_json_str(st->id),
	    "run", r->run > 0 ? json_integer(r->run) : json_null(),
	    "nmr", r->nmr,
	    "applied", r->applied,
	    "turn_before", (json_int_t)r->from,
	    "turn", (json_int_t)st->turn,
	    "files", files,
	    "defaults", run_json_defaults(st, r->result),
	    "next", report_json_next(st, -1, NULL, &mine),
	    "written", r->dir != NULL ? run_json_written(st, r->dir) :
	    json_null());
	json_decref(mine);
	if (root == NULL) /* only a bug */
		abort();
	return report_json_dump(root, len);
}
