/* report.c - reports for email: what happened, the board, what is next,
 * and an orders template. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "turn/orders.h"
#include "report/picture.h"
#include "turn/setup.h"
#include "report/report.h"
#include "report/report_json.h"

void
report_wrap(struct sbuf *out, const char *first, const char *rest,
    const char *text)
{
	util_wrap(out, REPORT_WIDTH, first, rest, text);
}

/* n copies of c and a newline. */
static void
report_rule(struct sbuf *out, char c, size_t n)
{
	sbuf_reserve(out, n + 1);
	memset(out->p + out->len, c, n);
	out->p[out->len + n] = '\n';
	out->len += n + 1;
	out->p[out->len] = '\0';
}

static void
report_heading(struct sbuf *out, const char *title)
{
	size_t n = strlen(title);

	sbuf_putc(out, '\n');
	sbuf_add(out, title, n);
	sbuf_putc(out, '\n');
	report_rule(out, '-', n);
}

static void
report_events(const struct state *st, int player, struct sbuf *out)
{
	long long shown = -1;
	int any = 0;
	/* One buffer for every event's escaped text, emptied for each. */
	struct sbuf text;

	sbuf_init(&text);
	report_heading(out, "What happened");
	for (size_t i = 0; i < st->log.n; i++) {
		const struct event *ev = &st->log.v[i];

		if (player < 0 ? ev->to != EVENT_ALL :
		    !(ev->to & EVENT_TO(player)))
			continue;
		if (ev->point != shown) {
			if (any)
				sbuf_putc(out, '\n');
			if (ev->point == 0) {
				sbuf_puts(out, "Setup:\n");
			} else {
				sbuf_puts(out, "Point ");
				sbuf_int(out, ev->point);
				sbuf_puts(out, ":\n");
			}
			shown = ev->point;
		}
		/* A log line is one line, whatever the state file holds. */
		escape_puts(sbuf_clear(&text), ev->text);
		report_wrap(out, "  - ", "    ", text.p);
		any = 1;
	}
	sbuf_free(&text);
	if (!any)
		sbuf_puts(out, "Nothing that you can see.\n");
}

static void
report_next(const struct state *st, struct sbuf *out)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct outcome oc = st->game->outcome(st->g);
	size_t n;

	report_heading(out, "Next");
	if (oc.finished) {
		struct sbuf w;
		sbuf_init(&w);
		for (int i = 0; i < st->nplayers; i++)
			if (oc.winners & EVENT_TO(i))
				sbuf_printf(&w, "%s%s", w.len ? " and " : "",
				    st->names[i]);
		{
			struct sbuf line;
			sbuf_init(&line);
			/* A draw is said once, not as a win of nobody's
			 * (a fresh reader of Senjin). */
			if (w.len == 0)
				sbuf_printf(&line, "The game is over, a draw: "
				    "%s.", oc.reason);
			else
				sbuf_printf(&line, "The game is over. Won by "
				    "%s: %s.", w.p, oc.reason);
			report_wrap(out, "", "  ", line.p);
			sbuf_free(&line);
		}
		sbuf_free(&w);
		return;
	}
	n = st->game->owed(st->g, owed);
	for (size_t i = 0; i < n; i++) {
		struct sbuf line;
		sbuf_init(&line);
		/* "%s owes orders for point %lld (%s): %s" */
		sbuf_puts(&line, st->names[owed[i].player]);
		sbuf_puts(&line, " owes orders for point ");
		sbuf_int(&line, st->turn);
		sbuf_puts(&line, " (");
		sbuf_puts(&line, owed[i].decision);
		sbuf_puts(&line, "): ");
		sbuf_puts(&line, owed[i].what);
		report_wrap(out, "", "  ", line.p);
		sbuf_free(&line);
	}
}

/* label, value and a newline. */
static void
report_line(struct sbuf *out, const char *label, const char *value)
{
	sbuf_puts(out, label);
	sbuf_puts(out, value);
	sbuf_putc(out, '\n');
}

static void
report_evidence(const struct state *st, const char *state_hex, int player,
    struct sbuf *out)
{
	char hex[COMMIT_HEX + 1];

	report_heading(out, "Evidence");
	util_hex(st->uid, sizeof st->uid, hex);
	report_line(out, REPORT_EV_UID, hex);
	commit_seed_hex(st->seed, hex);
	report_line(out, REPORT_EV_COMMIT, hex);
	report_line(out, REPORT_EV_STATE, state_hex);
	report_line(out, REPORT_EV_FROM, st->has_previous ? st->previous :
	    "none");
	if (player < 0 && st->game->outcome(st->g).finished) {
		util_hex(st->seed, sizeof st->seed, hex);
		report_line(out, REPORT_EV_SEED, hex);
	}
	/* The inputs of the setup, from which the uid is derived and the
	 * start made again (formats/evidence.md): in the first reports,
	 * and in the public report that reveals the seed. */
	if (setup_shown(st, player)) {
		struct sbuf rec;

		sbuf_init(&rec);
		setup_record(st, &rec);
		util_cut(out, REPORT_EV_SETUP, rec.p, REPORT_WIDTH);
		sbuf_free(&rec);
	}
	report_wrap(out, "", "", "Keep your reports: the commitment must "
	    "never change, each report's 'from' is the 'state' of the one "
	    "before, and 'gunbai check-seed' checks the seed revealed at the "
	    "end (gunbai(1), THREAT MODEL).");
}

/* tmpl: player's orders template (template_orders), or NULL to make it
 * here. */
static void
report_body(const struct state *st, const char *state_hex, int player,
    const char *made, struct sbuf *out)
{
	struct sbuf tmpl;

	if (player < 0)
		sbuf_puts(out, "gunbai public report\n");
	else
		report_line(out, "gunbai report for ", st->names[player]);
	/* "%s (ruleset %s), game %s, point %lld", wrapped: an id of 32
	 * characters would pass the width. */
	sbuf_init(&tmpl);
	sbuf_puts(&tmpl, st->game->title);
	sbuf_puts(&tmpl, " (ruleset ");
	sbuf_puts(&tmpl, st->game->ruleset);
	sbuf_puts(&tmpl, "), game ");
	sbuf_puts(&tmpl, st->id);
	sbuf_puts(&tmpl, ", ");
	state_point(st, &tmpl);
	util_wrap(out, REPORT_WIDTH, "", "  ", tmpl.p);
	sbuf_free(&tmpl);
	report_rule(out, '=', REPORT_WIDTH);
	report_events(st, player, out);
	report_heading(out, "Board");
	st->game->view(st->g, &st->pl, player, out);
	report_next(st, out);
	report_evidence(st, state_hex, player, out);
	if (player < 0)
		return;
	sbuf_init(&tmpl);
	if (made == NULL) {
		template_orders(st, player, &tmpl);
		made = tmpl.len > 0 ? tmpl.p : "";
	}
	if (*made != '\0') {
		report_heading(out, "Your orders");
		sbuf_puts(out, "Save the lines between the cut marks as "
		    "orders.yaml, write your orders\nbelow 'orders:' as "
		    "\"  - ORDER\" lines, sign and mail both files:\n"
		    "  openssl pkeyutl -sign -rawin");
		/* The key's file on the same line when it fits (a name is
		 * at most 32 characters). */
		sbuf_puts(out, strlen(st->names[player]) <= 25 ? " " :
		    " \\\n      ");
		sbuf_puts(out, "-inkey ");
		sbuf_puts(out, st->names[player]);
		sbuf_puts(out, ".key \\\n"
		    "      -in orders.yaml -out orders.yaml.sig\n"
		    "-- 8< --\n");
		sbuf_puts(out, made);
		sbuf_puts(out, "-- 8< --\n");
	}
	sbuf_free(&tmpl);
}

/* The text report, with st's hash given or, when state_hex is NULL,
 * computed here. */
static void
report_text(const struct state *st, const char *state_hex, int player,
    const char *tmpl, struct sbuf *out)
{
	char hex[COMMIT_HEX + 1];
	struct sbuf raw;

	if (state_hex == NULL) {
		state_sha256(st, hex);
		state_hex = hex;
	}
	/* Every byte of a report goes through the one escaping rule: it is
	 * read in a terminal or a mail reader. */
	sbuf_init(&raw);
	report_body(st, state_hex, player, tmpl, &raw);
	escape_add(out, raw.p, raw.len, ESCAPE_LINES);
	sbuf_free(&raw);
}

void
report_build(const struct state *st, int player, struct sbuf *out)
{
	report_text(st, NULL, player, NULL, out);
}

const char *const report_kinds[REPORT_KINDS] = { "txt", "json", "svg" };

/* Report kind of player; tmpl as in report_body, sh as in
 * report_make_all. */
static char *
report_make_tmpl(const struct state *st, const char *state_hex, int player,
    int kind, const char *tmpl, struct report_shared *sh, size_t *len)
{
	struct sbuf b;

	if (kind == REPORT_JSON)
		return report_json_tmpl(st, state_hex, player, tmpl,
		    sh != NULL ? &sh->view : NULL, len);
	sbuf_init(&b);
	if (kind == REPORT_SVG && sh != NULL && st->game->picture_public) {
		/* Drawn once, copied for each report. */
		if (sh->picture == NULL) {
			st->game->picture(st->g, &st->pl, -1, &b);
			sh->picture_len = b.len;
			sh->picture = sbuf_take(&b);
			sbuf_init(&b);
		}
		picture_report(st, player, sh->picture, sh->picture_len, &b);
	} else if (kind == REPORT_SVG) {
		struct sbuf pic;

		sbuf_init(&pic);
		st->game->picture(st->g, &st->pl, player, &pic);
		picture_report(st, player, pic.p, pic.len, &b);
		sbuf_free(&pic);
	} else {
		report_text(st, state_hex, player, tmpl, &b);
	}
	*len = b.len;
	return sbuf_take(&b);
}

char *
report_make(const struct state *st, const char *state_hex, int player,
    int kind, size_t *len)
{
	return report_make_tmpl(st, state_hex, player, kind, NULL, NULL, len);
}

void
report_shared_free(struct report_shared *sh)
{
	report_json_view_free(&sh->view);
	free(sh->picture);
	memset(sh, 0, sizeof *sh);
}

void
report_make_all(const struct state *st, const char *state_hex, int player,
    struct report_shared *sh, char *out[REPORT_KINDS],
    size_t len[REPORT_KINDS])
{
	struct sbuf tmpl;

	/* The text and the JSON report hold the same template: made once
	 * (with the legal orders it lists). */
	sbuf_init(&tmpl);
	if (player >= 0)
		template_orders(st, player, &tmpl);
	for (int k = 0; k < REPORT_KINDS; k++)
		out[k] = report_make_tmpl(st, state_hex, player, k, tmpl.p, sh,
		    &len[k]);
	sbuf_free(&tmpl);
}

void
report_status(const struct state *st, struct sbuf *b)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct outcome oc;

	sbuf_printf(b, "game: %s (%s, ruleset %s)\nid: %s\npoint: %lld\n"
	    "players:", st->game->id, st->game->title, st->game->ruleset,
	    st->id, st->turn);
	for (int i = 0; i < st->nplayers; i++)
		sbuf_printf(b, " %s", st->names[i]);
	sbuf_putc(b, '\n');
	oc = st->game->outcome(st->g);
	if (oc.finished) {
		sbuf_puts(b, "finished: ");
		if (oc.winners == 0)
			sbuf_puts(b, "a draw");
		for (int i = 0, k = 0; i < st->nplayers; i++)
			if (oc.winners & EVENT_TO(i))
				sbuf_printf(b, "%s%s", k++ ? " and " :
				    "won by ", st->names[i]);
		sbuf_printf(b, ": %s\n", oc.reason);
	} else {
		size_t n = st->game->owed(st->g, owed);
		for (size_t i = 0; i < n; i++)
			sbuf_printf(b, "owed: %s: %s: %s\n",
			    st->names[owed[i].player], owed[i].decision,
			    owed[i].what);
	}
}
