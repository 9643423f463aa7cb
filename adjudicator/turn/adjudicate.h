/* adjudicate.h - the turn pipeline: orders files in, next state out.
 * The command layer reads files and writes outputs; this applies. */
#ifndef GUNBAI_ADJUDICATE_H
#define GUNBAI_ADJUDICATE_H

#include <stddef.h>

#include "turn/orders.h"
#include "turn/state.h"

#define ADJUDICATE_NMR_MAX 64 /* default orders one decision may take */

/* Apply every decision point the files allow, starting at st->turn.  At
 * the first point, with nmr set, an owed player without a complete answer
 * gets the game's defaults; later points need real orders.  files must be
 * orders_sort()ed.  previous is the SHA-256 (hex) of the state file read.
 * st->log is replaced by this run's events.  Lines for the organiser go to
 * msgs.  Returns the number of points applied; 0 means nothing could be
 * applied, and msgs says whom the game waits for. */
int adjudicate_run(struct state *st, const char *previous,
    const struct orders_file *files, size_t n, int nmr, struct sbuf *msgs);

/* After adjudicate_run: 1 if the good file f was kept for a point not yet
 * applied (it is to be given again when that point comes), -1 if it was
 * not used because the game is over, 0 otherwise (used, or refused: a
 * file for the point owed now from a player who owes no decision at it
 * is refused at once, since who owes that point is known). */
int adjudicate_kept_for(const struct state *st, const struct orders_file *f);

struct check_result;
/* After adjudicate_run: 1 if f, kept, is a file for the point owed now
 * that is not a whole answer (the point waits for it), r then holding
 * its check (freed with adjudicate_check_free); else 0, r empty.  Such
 * a file is told incomplete, with its verdicts, not "kept for point N":
 * the state it is judged against is the one it will be used on. */
int adjudicate_kept_incomplete(const struct state *st,
    const struct orders_file *f, struct check_result *r);

/* After adjudicate_run, what became of files[i] (the files given to it,
 * orders_sort()ed): used if it was applied, kept if it is kept for a later
 * point, refused otherwise.  A copy of an applied file (the same bytes) is
 * refused; a copy of a kept one is kept. */
enum adjudicate_fate { ADJUDICATE_USED, ADJUDICATE_KEPT, ADJUDICATE_REFUSED };
enum adjudicate_fate adjudicate_fate(const struct state *st,
    const struct orders_file *files, size_t n, size_t i);
/* What `gunbai check` found, from best to worst.  The word of a file
 * set aside (adjudicate_set_aside) is ADJUDICATE_SET_ASIDE. */
#define ADJUDICATE_SET_ASIDE "set aside"
/* "set aside" for a file set aside (orders_file.copy: a lower revision
 * or a copy), else "refused file": the verdict word of a file not
 * taken. */
const char *adjudicate_file_word(const struct orders_file *f);
enum adjudicate_verdict {
	VERDICT_GOOD,       /* every file and order accepted, complete */
	VERDICT_SET_ASIDE,  /* a file replaced by a higher revision, or a
	                     * copy of another: nothing wrong, not read */
	VERDICT_NOT_DUE,    /* a file for a later turn */
	VERDICT_INCOMPLETE, /* a file's accepted orders are not a whole answer */
	VERDICT_ORDER,      /* an order was refused */
	VERDICT_FILE,       /* a file was refused whole */
	VERDICT_OVER,       /* the game is over */
	VERDICT_COUNT
};
/* Each verdict's name in `gunbai check --json` (gunbai-formats(5)). */
extern const char *const adjudicate_verdict_names[VERDICT_COUNT];

/* What `gunbai check` found about one order of a file. */
struct check_order {
	const struct order *o;        /* in the file */
	int accepted;
	char reason[GAME_REASON_MAX]; /* why refused */
	char note[GAME_REASON_MAX];   /* a warning on an accepted order, or "" */
};

/* What `gunbai check` found about one file.  Its orders are judged
 * (orders, n, complete, legal) only when the file answers the point owed
 * now by a player who owes it: verdict GOOD, INCOMPLETE or ORDER. */
struct check_file {
	const struct orders_file *f;
	enum adjudicate_verdict verdict;
	struct check_order *orders;
	size_t n;
	int complete;         /* the accepted orders are a whole answer */
	struct strlist legal; /* if not: the orders that may come next */
	struct strlist finish; /* those of legal that make it whole */
};

/* The verdicts of one `gunbai check`, the files in the order given. */
struct check_result {
	struct check_file *v;
	size_t n;
	enum adjudicate_verdict worst;
	struct outcome outcome; /* of the state checked against */
};

/* What one run applied, for programs (--json): each file used with its
 * orders' verdicts, and each answer completed with default orders. */
struct adjudicate_used {
	const struct orders_file *f;
	struct check_order *orders; /* f->n of them */
};
struct adjudicate_default {
	int player;
	long long turn;
	struct strlist orders; /* the default orders added */
};
struct adjudicate_result {
	struct adjudicate_used *used;
	size_t nused;
	struct adjudicate_default *defaults;
	size_t ndefaults;
};

/* adjudicate_run, and what it applied into rr (zeroed by the caller,
 * freed with adjudicate_result_free; empty when nothing was applied). */
int adjudicate_run_data(struct state *st, const char *previous,
    const struct orders_file *files, size_t n, int nmr, struct sbuf *msgs,
    struct adjudicate_result *rr);
void adjudicate_result_free(struct adjudicate_result *r);

/* Check files against the current decision point without applying
 * anything: the verdict of each file and each order into r (freed with
 * adjudicate_check_free).  Returns the worst verdict. */
enum adjudicate_verdict adjudicate_check_data(const struct state *st,
    const struct orders_file *files, size_t n, struct check_result *r);
void adjudicate_check_free(struct check_result *r);

/* adjudicate_check_data written as verdict lines "FILE[:LINE:COLUMN]:
 * VERDICT: DETAIL" per file and per order in msgs, in the order of the
 * files' arg.  Returns the worst verdict. */
enum adjudicate_verdict adjudicate_check(const struct state *st,
    const struct orders_file *files, size_t n, struct sbuf *msgs);

/* Why the file f of a player who owes nothing at st's point is refused:
 * "NAME owes no decision at point N: it waits for NAME (DECISION), ...",
 * so the player learns whose the point is.  Into why. */
void adjudicate_not_owed(const struct state *st, const struct orders_file *f,
    char *why, size_t size);

/* What to do, after a refusal or a verdict (check's text, and its JSON
 * "hint"): a file from a player who owes nothing at its point, and a file
 * more than one point ahead ("- a typo? ..."). */
#define ADJUDICATE_HINT_UNOWED "send your orders when a report asks you " \
    "for a point"
#define ADJUDICATE_HINT_TYPO "check the file's turn: line: the report's " \
    "template gives the point to answer"

/* Why the file f, not applied by the run that made st, was refused or
 * not used, as FILE[:LINE:COLUMN]: REASON, into buf (formats/archive.md's
 * FILE.reason). */
void adjudicate_refused_reason(const struct state *st,
    const struct orders_file *f, char *buf, size_t size);

/* Complete the answer orders[0..*n) of player with the game's defaults
 * (the first legal order, repeatedly); appended texts are kept in keep.
 * orders must have room for ADJUDICATE_NMR_MAX more.  Returns 0, or -1 if
 * the game offered no legal order before the answer was complete. */
int adjudicate_defaults(const struct game_entry *game, const void *g,
    int player, struct order *orders, size_t *n, struct strlist *keep);

#endif
