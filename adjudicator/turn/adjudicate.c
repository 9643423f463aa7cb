/* adjudicate.c - the turn pipeline (ARCHITECTURE.md, "The turn pipeline").
 *
 * For each decision point, in order:
 *   1. the game says who owes a decision;
 *   2. each owed player's orders file for the point is validated order by
 *      order (verdicts go to that player's report);
 *   3. a player without a complete answer is missing: at the first point,
 *      with --nmr, the game's defaults complete the answer; otherwise the
 *      run stops and says whom it waits for;
 *   4. the game resolves all answers with the point's RNG stream, which
 *      the signatures of the files answering it seed (gunbai-rng-v2);
 *   5. the files used are recorded in the new state.
 * A point that cannot be applied leaves no trace: its verdicts are not
 * shown or reported, since its files are not used yet; a file for a point
 * not applied is "kept for point N" (gunbai run keeps it in the inbox), or,
 * for the point the run stops at and not a whole answer, told incomplete
 * with its verdicts, or, for that point from a player who owes nothing
 * at it, refused at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "turn/adjudicate.h"

/* The default for a missed deadline takes the first legal order. */
static size_t
adjudicate_first(void *arg, size_t count)
{
	(void)arg;
	(void)count;
	return 0;
}

int
adjudicate_defaults(const struct game_entry *game, const void *g, int player,
    struct order *orders, size_t *n, struct strlist *keep)
{
	struct verdict v[ORDERS_MAX + ADJUDICATE_NMR_MAX];
	size_t start = *n;

	if (game->validate(g, player, orders, *n, v))
		return 0;
	while (*n - start < ADJUDICATE_NMR_MAX) {
		char first[GAME_ORDER_MAX];

		if (game_legal_pick(game, g, player, orders, *n,
		    adjudicate_first, NULL, first, sizeof first) == 0)
			return -1;
		strlist_add(keep, first);
		orders[*n].text = keep->v[keep->n - 1];
		orders[*n].line = orders[*n].col = 0;
		(*n)++;
		if (game->validate(g, player, orders, *n, v))
			return 0;
	}
	return -1;
}

/* The good file answering (turn, player), or NULL. */
static const struct orders_file *
adjudicate_file(const struct orders_file *f, size_t n, long long turn,
    int player)
{
	for (size_t i = 0; i < n; i++)
		if (f[i].ok && f[i].turn == turn && f[i].player == player)
			return &f[i];
	return NULL;
}

/* A line for a whole file: "FILE[:LINE:COLUMN]: VERDICT: REASON", the
 * one shape of every verdict line (gunbai(1), check). */
static void
adjudicate_msg_err(struct sbuf *msgs, const char *verdict,
    const struct gb_err *e)
{
	int where = e->file[0] != '\0' || e->line > 0;

	if (e->file[0] != '\0')
		sbuf_printf(msgs, "%s:", e->file);
	if (e->line > 0 && e->col > 0)
		sbuf_printf(msgs, "%d:%d:", e->line, e->col);
	else if (e->line > 0)
		sbuf_printf(msgs, "%d:", e->line);
	sbuf_printf(msgs, "%s%s: %s\n", where ? " " : "", verdict, e->msg);
}

/* The verdict line of one order: "FILE:LINE:COLUMN: accepted: ORDER" or
 * "...: refused: ORDER: REASON" (gunbai(1), check). */
static void
adjudicate_msg_order(struct sbuf *msgs, const char *path,
    const struct order *o, int accepted, const char *reason)
{
	/* Without printf: one line per order of every file. */
	sbuf_puts(msgs, path);
	sbuf_putc(msgs, ':');
	sbuf_int(msgs, o->line);
	sbuf_putc(msgs, ':');
	sbuf_int(msgs, o->col);
	sbuf_puts(msgs, accepted ? ": accepted: " : ": refused: ");
	sbuf_puts(msgs, o->text);
	if (!accepted) {
		sbuf_puts(msgs, ": ");
		sbuf_puts(msgs, reason);
	}
	sbuf_putc(msgs, '\n');
}

/* The event of one order for its player's report: "\"ORDER\" (line N):
 * accepted." or "...: refused: REASON.", written without printf into a
 * block of its size. */
static void
adjudicate_event_order(struct events *ev, int player, const struct order *o,
    int accepted, const char *reason)
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_reserve(&b, strlen(o->text) + (accepted ? 0 : strlen(reason)) +
	    UTIL_INT_MAX + 24);
	sbuf_putc(&b, '"');
	sbuf_puts(&b, o->text);
	sbuf_puts(&b, "\" (line ");
	sbuf_int(&b, o->line);
	if (accepted)
		sbuf_puts(&b, "): accepted.");
	else {
		sbuf_puts(&b, "): refused: ");
		sbuf_puts(&b, reason);
		sbuf_putc(&b, '.');
	}
	events_take(ev, EVENT_TO(player), sbuf_take(&b));
}

/* Validate f's orders; verdicts to msgs, (if ev) the player's log and
 * (if out) out[0..f->n).  The accepted orders are copied to acc; returns
 * how many. */
static size_t
adjudicate_validate(const struct state *st, const struct orders_file *f,
    struct order *acc, struct events *ev, struct sbuf *msgs,
    struct check_order *out)
{
	struct verdict v[ORDERS_MAX];
	size_t nacc = 0;

	st->game->validate(st->g, f->player, f->orders, f->n, v);
	for (size_t i = 0; i < f->n; i++) {
		if (v[i].accepted)
			acc[nacc++] = f->orders[i];
		if (out == NULL)
			continue;
		out[i].o = &f->orders[i];
		out[i].accepted = v[i].accepted;
		memcpy(out[i].reason, v[i].reason, sizeof out[i].reason);
	}
	if (ev != NULL) {
		/* "Your orders for point %lld (file sha256 %.16s, signature
		 * sha256 %.16s): %zu accepted, %zu refused.", one per file,
		 * without printf. */
		char sig[COMMIT_HEX + 1];
		struct sbuf b;

		sbuf_init(&b);
		sbuf_reserve(&b, 96);
		sbuf_puts(&b, "Your orders for point ");
		sbuf_int(&b, f->turn);
		sbuf_puts(&b, " (file sha256 ");
		sbuf_add(&b, f->sha256, strnlen(f->sha256, 16));
		sbuf_puts(&b, ", signature sha256 ");
		orders_sig_sha256(f, sig);
		sbuf_add(&b, sig, 16);
		sbuf_puts(&b, "): ");
		sbuf_int(&b, (long long)nacc);
		sbuf_puts(&b, " accepted, ");
		sbuf_int(&b, (long long)(f->n - nacc));
		sbuf_puts(&b, " refused.");
		events_take(ev, EVENT_TO(f->player), sbuf_take(&b));
	}
	for (size_t i = 0; i < f->n; i++) {
		const struct order *o = &f->orders[i];
		if (msgs != NULL)
			adjudicate_msg_order(msgs, f->path, o, v[i].accepted,
			    v[i].reason);
		if (ev != NULL)
			adjudicate_event_order(ev, f->player, o,
			    v[i].accepted, v[i].reason);
	}
	return nacc;
}

/* Envelope refusals go to the organiser and to the signer, if known. */
static void
adjudicate_refusals(const struct state *st, const struct orders_file *f,
    size_t n, struct events *ev, struct sbuf *msgs)
{
	for (size_t i = 0; i < n; i++) {
		char buf[1024];
		if (f[i].ok)
			continue;
		adjudicate_msg_err(msgs, adjudicate_file_word(&f[i]),
		    &f[i].err);
		/* A correction: its sender learns which file was not used
		 * (by its hash and revision: never a path, which differs
		 * between run and verify). */
		if (f[i].replaced_by > 0)
			events_add(ev, EVENT_TO(f[i].player), "Your orders for "
			    "point %lld, revision %lld (sha256 %.16s), were "
			    "replaced by revision %lld and not used.",
			    f[i].turn, f[i].revision, f[i].sha256,
			    f[i].replaced_by);
		if (f[i].copy)
			continue;
		snprintf(buf, sizeof buf, "%s", f[i].err.msg);
		if (f[i].signer >= 0)
			events_add(ev, EVENT_TO(f[i].signer), "An orders file "
			    "signed with your key (sha256 %.16s) was refused "
			    "whole: %s.", f[i].sha256, buf);
		else if (f[i].named >= 0)
			/* Only the player it names learns of it: nobody
			 * else's report changes, and it counts for nothing. */
			events_add(ev, EVENT_TO(f[i].named), "An orders file "
			    "naming you (sha256 %.16s) was refused whole and "
			    "did not count: %s.", f[i].sha256, buf);
	}
	(void)st;
}

/* f recorded in st->applied, which has room for *cap entries
 * (adjudicate_run_data makes room for every file of the run at once). */
static void
adjudicate_applied(struct state *st, const struct orders_file *f,
    size_t *cap)
{
	struct state_applied *a;

	if (st->napplied == *cap) {
		*cap = *cap > 0 ? 2 * *cap : 4;
		st->applied = util_reallocarray(st->applied, *cap,
		    sizeof *st->applied);
	}
	a = &st->applied[st->napplied++];
	a->turn = f->turn;
	a->player = f->player;
	memcpy(a->sha256, f->sha256, sizeof a->sha256);
}

/* The stream of the point st->turn: every answer's signature, or none for
 * a player whose answer is all defaults (formats/rng.md). */
static void
adjudicate_rng(const struct state *st, const struct orders_file *files,
    size_t nfiles, const struct answer *ans, size_t nans, struct rng *rng)
{
	struct rng_answer ra[GAME_MAX_PLAYERS];

	for (size_t i = 0; i < nans; i++) {
		const struct orders_file *f = adjudicate_file(files, nfiles,
		    st->turn, ans[i].player);
		ra[i].player = ans[i].player;
		ra[i].sig = f != NULL ? f->sig : NULL;
	}
	rng_init_answers(rng, st->seed, (uint64_t)st->turn, ra, nans);
}

void
adjudicate_result_free(struct adjudicate_result *r)
{
	for (size_t i = 0; i < r->nused; i++)
		free(r->used[i].orders);
	for (size_t i = 0; i < r->ndefaults; i++)
		strlist_free(&r->defaults[i].orders);
	free(r->used);
	free(r->defaults);
	memset(r, 0, sizeof *r);
}

/* Move what from holds to the end of to. */
static void
adjudicate_result_take(struct adjudicate_result *to,
    struct adjudicate_result *from)
{
	to->used = util_reallocarray(to->used, to->nused + from->nused + 1,
	    sizeof *to->used);
	for (size_t i = 0; i < from->nused; i++)
		to->used[to->nused++] = from->used[i];
	to->defaults = util_reallocarray(to->defaults, to->ndefaults +
	    from->ndefaults + 1, sizeof *to->defaults);
	for (size_t i = 0; i < from->ndefaults; i++)
		to->defaults[to->ndefaults++] = from->defaults[i];
	free(from->used);
	free(from->defaults);
	memset(from, 0, sizeof *from);
}

/* A point not applied: its events (from nev on), its verdict lines
 * (msgs from byte mlen on) and what it would have applied (pr) are
 * dropped. */
static void
adjudicate_point_end(struct events *ev, size_t nev, struct sbuf *msgs,
    size_t mlen, struct adjudicate_result *pr)
{
	adjudicate_result_free(pr);
	for (size_t i = nev; i < ev->n; i++)
		free(ev->v[i].text);
	ev->n = nev;
	msgs->len = mlen;
	if (msgs->cap > 0)
		msgs->p[mlen] = '\0';
}

/* The line saying whom a point waits for: "waiting for %s: %s, point %lld
 * (%s)\n", without printf (a run that applies its points ends waiting
 * at the next one). */
static void
adjudicate_msg_wait(const struct state *st, const struct owed *o,
    int sent, struct sbuf *msgs)
{
	sbuf_puts(msgs, "waiting for ");
	sbuf_puts(msgs, st->names[o->player]);
	sbuf_puts(msgs, ": ");
	sbuf_puts(msgs, o->decision);
	sbuf_puts(msgs, ", point ");
	sbuf_int(msgs, st->turn);
	sbuf_puts(msgs, sent ? " (the orders sent are incomplete)\n" :
	    " (no orders)\n");
}

/* Whether f is a good file for the point owed now (st->turn, the game
 * going on) from a player who owes no decision at it: the owed players
 * of the point owed now are known, so such a file is refused at once,
 * at the point that is applied or at the one a run stops at (a file for
 * a later point is kept: who owes it is not known yet). */
static int
adjudicate_unowed(const struct state *st, const struct orders_file *f)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed;

	if (!f->ok || f->turn != st->turn || st->game->outcome(st->g).finished)
		return 0;
	nowed = st->game->owed(st->g, owed);
	for (size_t k = 0; k < nowed; k++)
		if (owed[k].player == f->player)
			return 0;
	return 1;
}

/* The refusal of a file adjudicate_unowed: on msgs, and (if ev) in its
 * sender's report, with whom the point waits for. */
static void
adjudicate_msg_unowed(const struct state *st, const struct orders_file *f,
    struct events *ev, struct sbuf *msgs)
{
	char why[GAME_REASON_MAX];

	adjudicate_not_owed(st, f, why, sizeof why);
	sbuf_printf(msgs, "%s: refused file: %s; %s\n", f->path, why,
	    ADJUDICATE_HINT_UNOWED);
	if (ev != NULL)
		events_add(ev, EVENT_TO(f->player), "Your orders for point "
		    "%lld (sha256 %.16s) were refused and not used: %s.",
		    f->turn, f->sha256, why);
}

/* One decision point.  Returns 1 if applied, 0 if waiting, -1 on a game
 * error (e set).  What it applied is added to rr (if not NULL). */
static int
adjudicate_point(struct state *st, const struct orders_file *files,
    size_t nfiles, int nmr, struct events *ev, struct sbuf *msgs,
    struct gb_err *e, struct adjudicate_result *rr, size_t *applied_cap)
{
	struct adjudicate_result pr = { 0 };
	struct owed owed[GAME_MAX_PLAYERS];
	struct order acc[GAME_MAX_PLAYERS][ORDERS_MAX + ADJUDICATE_NMR_MAX];
	struct answer ans[GAME_MAX_PLAYERS];
	const struct orders_file *used[GAME_MAX_PLAYERS];
	struct strlist keep = { 0 };
	size_t nowed = st->game->owed(st->g, owed), nans = 0, nused = 0;
	/* The point's verdict lines go to msgs as they come (from byte
	 * mlen), and are taken back if it is not applied. */
	size_t nev = ev->n, mlen = msgs->len;
	/* The owed decisions waited for, and whether their player sent a
	 * file: their lines go to msgs if the point waits. */
	size_t missing[GAME_MAX_PLAYERS], nmissing = 0;
	int sent[GAME_MAX_PLAYERS];
	struct rng rng;

	ev->point = st->turn;
	/* Files for this turn from players who owe nothing now. */
	for (size_t i = 0; i < nfiles; i++)
		if (adjudicate_unowed(st, &files[i]))
			adjudicate_msg_unowed(st, &files[i], ev, msgs);
	for (size_t k = 0; k < nowed; k++) {
		int p = owed[k].player;
		const struct orders_file *f;
		size_t n = 0;
		int defaulted = 0;
		struct verdict v[ORDERS_MAX + ADJUDICATE_NMR_MAX];

		f = adjudicate_file(files, nfiles, st->turn, p);
		if (f != NULL) {
			struct check_order *out = NULL;

			if (rr != NULL) {
				pr.used = util_reallocarray(pr.used,
				    pr.nused + 1, sizeof *pr.used);
				pr.used[pr.nused].f = f;
				out = util_calloc(f->n + 1, sizeof *out);
				pr.used[pr.nused++].orders = out;
			}
			n = adjudicate_validate(st, f, acc[k], ev, msgs, out);
			used[nused++] = f;
		}
		if (!st->game->validate(st->g, p, acc[k], n, v)) {
			size_t before = n;
			struct sbuf list;

			if (!nmr) {
				sent[nmissing] = f != NULL;
				missing[nmissing++] = k;
				continue;
			}
			if (adjudicate_defaults(st->game, st->g, p, acc[k], &n,
			    &keep) == -1) {
				strlist_free(&keep);
				adjudicate_point_end(ev, nev, msgs, mlen,
				    &pr);
				return err_set(e, 0, 0, "%s offers no default "
				    "orders for %s at point %lld",
				    st->game->title, st->names[p], st->turn);
			}
			sbuf_init(&list);
			for (size_t i = before; i < n; i++)
				sbuf_printf(&list, "%s\"%s\"",
				    i > before ? ", " : "", acc[k][i].text);
			/* Defaults may name hidden things (cards in a
			 * hand): only their player sees them. */
			events_add(ev, EVENT_ALL, "%s's orders for point %lld "
			    "were %s at the deadline; the default orders "
			    "apply.", st->names[p], st->turn,
			    f ? "incomplete" : "missing");
			events_add(ev, EVENT_TO(p), "The default orders used "
			    "for you: %s.", list.p);
			sbuf_printf(msgs, "nmr: %s, point %lld: %s\n",
			    st->names[p], st->turn, list.p);
			sbuf_free(&list);
			defaulted = 1;
			if (rr != NULL) {
				struct adjudicate_default *d;

				pr.defaults = util_reallocarray(pr.defaults,
				    pr.ndefaults + 1, sizeof *pr.defaults);
				d = &pr.defaults[pr.ndefaults++];
				memset(d, 0, sizeof *d);
				d->player = p;
				d->turn = st->turn;
				for (size_t i = before; i < n; i++)
					strlist_add(&d->orders,
					    acc[k][i].text);
			}
		}
		ans[nans].player = p;
		ans[nans].orders = acc[k];
		ans[nans].n = n;
		ans[nans].nmr = defaulted;
		nans++;
	}
	if (nmissing > 0) {
		strlist_free(&keep);
		adjudicate_point_end(ev, nev, msgs, mlen, &pr);
		for (size_t i = 0; i < nmissing; i++)
			adjudicate_msg_wait(st, &owed[missing[i]], sent[i],
			    msgs);
		return 0;
	}
	/* Answers go to the game in player order, whatever the owed order. */
	for (size_t i = 1; i < nans; i++)
		for (size_t j = i; j > 0 && ans[j - 1].player > ans[j].player;
		    j--) {
			struct answer t = ans[j];
			ans[j] = ans[j - 1];
			ans[j - 1] = t;
		}
	adjudicate_rng(st, files, nfiles, ans, nans, &rng);
	if (st->game->resolve(st->g, &st->pl, ans, nans, &rng, ev, e) == -1) {
		strlist_free(&keep);
		adjudicate_point_end(ev, nev, msgs, mlen, &pr);
		return -1;
	}
	strlist_free(&keep);
	for (size_t i = 0; i < nused; i++)
		adjudicate_applied(st, used[i], applied_cap);
	st->draws = rng.draws;
	sbuf_puts(msgs, "point ");
	sbuf_int(msgs, st->turn);
	sbuf_puts(msgs, ": applied\n");
	st->turn++;
	if (rr != NULL)
		adjudicate_result_take(rr, &pr);
	return 1;
}

int
adjudicate_kept_for(const struct state *st, const struct orders_file *f)
{
	if (!f->ok || f->turn < st->turn || adjudicate_unowed(st, f))
		return 0;
	for (size_t i = 0; i < st->napplied; i++)
		if (st->applied[i].turn == f->turn &&
		    st->applied[i].player == f->player &&
		    strcmp(st->applied[i].sha256, f->sha256) == 0)
			return 0;
	return st->game->outcome(st->g).finished ? -1 : 1;
}

static void adjudicate_msg_missing(const struct check_file *cf,
    struct sbuf *msgs);

int
adjudicate_kept_incomplete(const struct state *st,
    const struct orders_file *f, struct check_result *r)
{
	memset(r, 0, sizeof *r);
	if (adjudicate_kept_for(st, f) != 1 || f->turn != st->turn)
		return 0;
	adjudicate_check_data(st, f, 1, r);
	if (r->n == 1 && !r->v[0].complete &&
	    (r->v[0].verdict == VERDICT_INCOMPLETE ||
	    r->v[0].verdict == VERDICT_ORDER))
		return 1;
	adjudicate_check_free(r);
	return 0;
}

/* A file for the point owed now that is not a whole answer: its
 * verdicts and what may come next on msgs (as check gives them), and
 * for its sender (if ev) what became of it: not used, kept, and what
 * replaces or completes it.  The point waits for it, so the state it was
 * judged against is the one it will be used on. */
static void
adjudicate_msg_incomplete(const struct state *st, const struct check_file *cf,
    struct events *ev, struct sbuf *msgs)
{
	const struct orders_file *f = cf->f;
	size_t nacc = 0;

	for (size_t i = 0; i < cf->n; i++) {
		adjudicate_msg_order(msgs, f->path, cf->orders[i].o,
		    cf->orders[i].accepted, cf->orders[i].reason);
		nacc += cf->orders[i].accepted != 0;
	}
	adjudicate_msg_missing(cf, msgs);
	if (ev == NULL)
		return;
	events_add(ev, EVENT_TO(f->player), "Your orders for point %lld "
	    "(sha256 %.16s) are not a whole answer (%zu accepted, %zu "
	    "refused): more orders are needed, and point %lld waits for you. "
	    "The file is kept, not used: to correct it, send the whole answer "
	    "again with a higher revision; at a missed deadline the default "
	    "orders complete the accepted ones.", f->turn, f->sha256, nacc,
	    cf->n - nacc, st->turn);
	for (size_t i = 0; i < cf->n; i++)
		adjudicate_event_order(ev, f->player, cf->orders[i].o,
		    cf->orders[i].accepted, cf->orders[i].reason);
}

/* A good file not used in this run, for the point owed now or a later
 * one: kept for that point, and nobody is told its orders were accepted
 * before they are.  Its sender is told in the report (if ev). */
static void
adjudicate_kept(const struct state *st, const struct orders_file *f,
    struct events *ev, struct sbuf *msgs)
{
	int k = adjudicate_kept_for(st, f);
	struct check_result r;

	if (k == 0) {
		/* At the point the run stops at (applied ones said so). */
		if (adjudicate_unowed(st, f))
			adjudicate_msg_unowed(st, f, ev, msgs);
		return;
	}
	if (adjudicate_kept_incomplete(st, f, &r)) {
		adjudicate_msg_incomplete(st, &r.v[0], ev, msgs);
		adjudicate_check_free(&r);
		return;
	}
	if (k == -1) {
		sbuf_printf(msgs, "not used: %s: point %lld: the game is "
		    "over\n", f->path, f->turn);
		if (ev != NULL)
			events_add(ev, EVENT_TO(f->player), "Your orders for "
			    "point %lld (sha256 %.16s) were not used: the game "
			    "is over.", f->turn, f->sha256);
		return;
	}
	sbuf_printf(msgs, "kept for point %lld: %s (the game is at point "
	    "%lld)%s%s\n", f->turn, f->path, st->turn, f->turn > st->turn + 1 ?
	    " - a typo? " : "", f->turn > st->turn + 1 ?
	    ADJUDICATE_HINT_TYPO : "");
	if (ev != NULL && f->turn == st->turn)
		/* The point is owed now and waits for others' answers. */
		events_add(ev, EVENT_TO(f->player), "Your orders for point %lld "
		    "(sha256 %.16s) are kept for point %lld, which waits for "
		    "other answers: they are checked and used when those are "
		    "in.", f->turn, f->sha256, f->turn);
	else if (ev != NULL)
		events_add(ev, EVENT_TO(f->player), "Your orders for point %lld "
		    "(sha256 %.16s) came before that point: they are kept, "
		    "and judged when point %lld comes; they are refused then "
		    "if you owe no decision at it.", f->turn, f->sha256,
		    f->turn);
}

int
adjudicate_run(struct state *st, const char *previous,
    const struct orders_file *files, size_t n, int nmr, struct sbuf *msgs)
{
	return adjudicate_run_data(st, previous, files, n, nmr, msgs, NULL);
}

int
adjudicate_run_data(struct state *st, const char *previous,
    const struct orders_file *files, size_t n, int nmr, struct sbuf *msgs,
    struct adjudicate_result *rr)
{
	struct events ev = { 0 };
	struct gb_err e = { 0 };
	int applied = 0, r = 1;
	size_t applied_cap = n;

	ev.point = st->turn;
	adjudicate_refusals(st, files, n, &ev, msgs);
	free(st->applied);
	/* Room for every file: one allocation, not one per file used. */
	st->applied = n > 0 ? util_reallocarray(NULL, n, sizeof *st->applied) :
	    NULL;
	st->napplied = 0;
	while (!st->game->outcome(st->g).finished &&
	    (r = adjudicate_point(st, files, n, nmr && applied == 0, &ev,
	    msgs, &e, rr, &applied_cap)) == 1)
		applied++;
	if (r == -1) {
		adjudicate_msg_err(msgs, "error", &e);
		applied = 0;
		if (rr != NULL)
			adjudicate_result_free(rr);
	}
	for (size_t i = 0; i < n; i++)
		adjudicate_kept(st, &files[i], applied > 0 ? &ev : NULL, msgs);
	if (applied == 0) {
		events_free(&ev);
		return 0;
	}
	events_free(&st->log);
	st->log = ev;
	st->has_previous = 1;
	memcpy(st->previous, previous, sizeof st->previous);
	return applied;
}

const char *
adjudicate_file_word(const struct orders_file *f)
{
	/* A correction or a copy is no fault: not the word of a forgery. */
	return f->copy ? ADJUDICATE_SET_ASIDE : "refused file";
}

const char *const adjudicate_verdict_names[VERDICT_COUNT] = {
	[VERDICT_GOOD] = "good",
	[VERDICT_SET_ASIDE] = "set-aside",
	[VERDICT_NOT_DUE] = "not-due",
	[VERDICT_INCOMPLETE] = "incomplete",
	[VERDICT_ORDER] = "order-refused",
	[VERDICT_FILE] = "file-refused",
	[VERDICT_OVER] = "game-over",
};

/* Which of cf->legal, added after the nacc accepted orders acc (room
 * for one more), make the answer whole: the hint says which orders
 * complete the file, apart from those that need more after them
 * (fresh readers followed "add one of" and stayed incomplete). */
static void
adjudicate_finish(const struct state *st, int player, struct order *acc,
    size_t nacc, struct check_file *cf)
{
	struct verdict v[ORDERS_MAX];

	if (nacc >= ORDERS_MAX)
		return;
	for (size_t i = 0; i < cf->legal.n; i++) {
		acc[nacc] = (struct order){ .text = cf->legal.v[i] };
		if (st->game->validate(st->g, player, acc, nacc + 1, v))
			strlist_add(&cf->finish, cf->legal.v[i]);
	}
}

/* One file's verdict, and its orders' if they are judged now. */
static void
adjudicate_check_one(const struct state *st, const struct owed *owed,
    size_t nowed, struct check_file *cf)
{
	const struct orders_file *f = cf->f;
	struct order acc[ORDERS_MAX];
	struct verdict v[ORDERS_MAX];
	size_t nacc = 0;
	int owes = 0;

	if (!f->ok) {
		cf->verdict = f->copy ? VERDICT_SET_ASIDE : VERDICT_FILE;
		return;
	}
	if (f->turn > st->turn) {
		cf->verdict = VERDICT_NOT_DUE;
		return;
	}
	for (size_t k = 0; k < nowed; k++)
		owes |= owed[k].player == f->player;
	if (!owes) {
		cf->verdict = VERDICT_FILE;
		return;
	}
	st->game->validate(st->g, f->player, f->orders, f->n, v);
	cf->orders = util_calloc(f->n + 1, sizeof *cf->orders);
	cf->n = f->n;
	for (size_t i = 0; i < f->n; i++) {
		cf->orders[i].o = &f->orders[i];
		cf->orders[i].accepted = v[i].accepted;
		memcpy(cf->orders[i].reason, v[i].reason, sizeof v[i].reason);
		if (!v[i].accepted)
			continue;
		acc[nacc++] = f->orders[i];
		if (st->game->note != NULL)
			st->game->note(st->g, f->player, acc, nacc,
			    cf->orders[i].note, sizeof cf->orders[i].note);
	}
	cf->complete = st->game->validate(st->g, f->player, acc, nacc, v);
	if (!cf->complete) {
		st->game->legal(st->g, f->player, acc, nacc, &cf->legal);
		adjudicate_finish(st, f->player, acc, nacc, cf);
	}
	cf->verdict = nacc < f->n ? VERDICT_ORDER : cf->complete ?
	    VERDICT_GOOD : VERDICT_INCOMPLETE;
}

enum adjudicate_verdict
adjudicate_check_data(const struct state *st, const struct orders_file *files,
    size_t n, struct check_result *r)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed, *idx;

	memset(r, 0, sizeof *r);
	r->outcome = st->game->outcome(st->g);
	nowed = r->outcome.finished ? 0 : st->game->owed(st->g, owed);
	r->v = util_calloc(n + 1, sizeof *r->v);
	/* In the order the files were given, whatever orders_sort did;
	 * every file, whatever its arg (a file checked alone may have any). */
	idx = util_calloc(n + 1, sizeof *idx);
	orders_given(files, n, idx);
	for (size_t i = 0; i < n; i++)
		r->v[r->n++].f = &files[idx[i]];
	free(idx);
	for (size_t i = 0; i < r->n; i++) {
		struct check_file *cf = &r->v[i];

		if (r->outcome.finished)
			cf->verdict = VERDICT_OVER;
		else
			adjudicate_check_one(st, owed, nowed, cf);
		if (cf->verdict > r->worst)
			r->worst = cf->verdict;
	}
	return r->worst;
}

void
adjudicate_check_free(struct check_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].orders);
		strlist_free(&r->v[i].legal);
		strlist_free(&r->v[i].finish);
	}
	free(r->v);
	memset(r, 0, sizeof *r);
}

/* What the orders accepted so far lack: every legal next order (no
 * report lists them: its JSON twin lists only the first orders), those
 * that complete the file first, then those that need more after them. */
static void
adjudicate_msg_missing(const struct check_file *cf, struct sbuf *msgs)
{
	const struct strlist *legal = &cf->legal, *fin = &cf->finish;
	size_t k = 0;
	int more = 0;

	sbuf_printf(msgs, "%s: incomplete: more orders are needed for point "
	    "%lld", cf->f->path, cf->f->turn);
	for (size_t i = 0; i < fin->n; i++)
		sbuf_printf(msgs, "%s'%s'", i == 0 ? "; add one of " : ", ",
		    fin->v[i]);
	if (fin->n > 0 && fin->n < legal->n)
		sbuf_puts(msgs, " to complete it");
	for (size_t i = 0; i < legal->n; i++) {
		if (k < fin->n && strcmp(legal->v[i], fin->v[k]) == 0) {
			k++;
			continue;
		}
		sbuf_printf(msgs, "%s'%s'", i - k > 0 ? ", " : fin->n > 0 ?
		    "; or next one of " : "; no one order completes it: "
		    "next one of ", legal->v[i]);
		more = 1;
	}
	if (more)
		sbuf_puts(msgs, fin->n > 0 ? ", which need more orders after "
		    "them" : ", and more orders after it");
	if (legal->n > 4)
		sbuf_printf(msgs, " (%zu possible orders in all)", legal->n);
	sbuf_putc(msgs, '\n');
}

/* One file's verdict lines. */
static void
adjudicate_msg_check(const struct state *st, const struct check_result *r,
    const struct check_file *cf, struct sbuf *msgs)
{
	const struct orders_file *f = cf->f;

	if (cf->verdict == VERDICT_OVER) {
		sbuf_printf(msgs, "%s: game over: game '%s' is over: %s\n",
		    f->path, st->id, r->outcome.reason);
		return;
	}
	if (!f->ok) {
		adjudicate_msg_err(msgs, adjudicate_file_word(f), &f->err);
		return;
	}
	if (cf->verdict == VERDICT_FILE) {
		/* Refused: never "accepted file" first (a fresh reader got
		 * both lines for one file). */
		char why[GAME_REASON_MAX];

		adjudicate_not_owed(st, f, why, sizeof why);
		sbuf_printf(msgs, "%s: refused file: %s; %s\n", f->path, why,
		    ADJUDICATE_HINT_UNOWED);
		return;
	}
	sbuf_printf(msgs, "%s: accepted file: signed by %s, point %lld\n",
	    f->path, st->names[f->player], f->turn);
	if (cf->verdict == VERDICT_NOT_DUE) {
		/* Who owes a later point is not known yet: no promise.
		 * More than one point ahead, the same, then what to check. */
		sbuf_printf(msgs, "%s: not yet due: point %lld is not due: the "
		    "game is at point %lld; kept, the file is judged when "
		    "point %lld comes, and refused then if %s owes no "
		    "decision at it%s%s\n", f->path, f->turn, st->turn,
		    f->turn, st->names[f->player], f->turn > st->turn + 1 ?
		    " - a typo? " : "", f->turn > st->turn + 1 ?
		    ADJUDICATE_HINT_TYPO : "");
		return;
	}
	for (size_t i = 0; i < cf->n; i++) {
		adjudicate_msg_order(msgs, f->path, cf->orders[i].o,
		    cf->orders[i].accepted, cf->orders[i].reason);
		if (cf->orders[i].note[0] != '\0')
			sbuf_printf(msgs, "%s:%d:%d: warning: %s\n", f->path,
			    cf->orders[i].o->line, cf->orders[i].o->col,
			    cf->orders[i].note);
	}
	if (cf->complete) {
		size_t refused = 0;

		for (size_t i = 0; i < cf->n; i++)
			refused += !cf->orders[i].accepted;
		/* "complete" alone read as if the whole file were good. */
		sbuf_printf(msgs, "%s: complete: the accepted orders answer "
		    "point %lld", f->path, f->turn);
		if (refused > 0)
			sbuf_printf(msgs, ", but %zu of %zu orders %s refused",
			    refused, cf->n, refused == 1 ? "was" : "were");
		sbuf_putc(msgs, '\n');
	} else
		adjudicate_msg_missing(cf, msgs);
}

enum adjudicate_verdict
adjudicate_check(const struct state *st, const struct orders_file *files,
    size_t n, struct sbuf *msgs)
{
	struct check_result r;
	enum adjudicate_verdict worst;

	worst = adjudicate_check_data(st, files, n, &r);
	for (size_t i = 0; i < r.n; i++)
		adjudicate_msg_check(st, &r, &r.v[i], msgs);
	adjudicate_check_free(&r);
	return worst;
}

void
adjudicate_not_owed(const struct state *st, const struct orders_file *f,
    char *why, size_t size)
{
	struct owed owed[GAME_MAX_PLAYERS];
	size_t nowed = st->game->owed(st->g, owed), len;

	snprintf(why, size, "%s owes no decision at point %lld",
	    st->names[f->player], f->turn);
	for (size_t k = 0; k < nowed; k++) {
		len = strlen(why);
		snprintf(why + len, size - len, "%s%s (%s)",
		    k == 0 ? ": it waits for " : ", ",
		    st->names[owed[k].player], owed[k].decision);
	}
}

void
adjudicate_refused_reason(const struct state *st, const struct orders_file *f,
    char *buf, size_t size)
{
	char why[GAME_REASON_MAX];

	if (!f->ok) {
		err_format(&f->err, buf, size);
	} else if (f->turn >= st->turn && st->game->outcome(st->g).finished) {
		snprintf(buf, size, "%s: not used: the game is over", f->path);
	} else if (f->turn == st->turn) {
		/* At the point the run stopped at (adjudicate_unowed). */
		adjudicate_not_owed(st, f, why, sizeof why);
		snprintf(buf, size, "%s: not used: %s", f->path, why);
	} else
		snprintf(buf, size, "%s: not used: %s owed no decision at "
		    "point %lld", f->path, st->names[f->player], f->turn);
}

static int
adjudicate_was_applied(const struct state *st, const struct orders_file *f)
{
	for (size_t i = 0; i < st->napplied; i++)
		if (f->ok && st->applied[i].turn == f->turn &&
		    st->applied[i].player == f->player &&
		    strcmp(st->applied[i].sha256, f->sha256) == 0)
			return 1;
	return 0;
}

enum adjudicate_fate
adjudicate_fate(const struct state *st, const struct orders_file *files,
    size_t n, size_t i)
{
	const struct orders_file *f = &files[i], *orig = f;

	if (f->copy)
		for (size_t k = 0; k < n; k++)
			if (files[k].ok && strcmp(files[k].sha256,
			    f->sha256) == 0)
				orig = &files[k];
	if (orig->ok && adjudicate_was_applied(st, orig))
		return f == orig ? ADJUDICATE_USED : ADJUDICATE_REFUSED;
	if (orig->ok && adjudicate_kept_for(st, orig) == 1)
		return ADJUDICATE_KEPT;
	return ADJUDICATE_REFUSED;
}
