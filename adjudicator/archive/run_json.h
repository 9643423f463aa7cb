/* run_json.h - the document of one `gunbai adjudicate` or `gunbai run`. */
#ifndef GUNBAI_RUN_JSON_H
#define GUNBAI_RUN_JSON_H

#include "turn/adjudicate.h"
#include "report/report_json.h"

#define ADJUDICATE_JSON_FORMAT "gunbai adjudicate 1"
#define RUN_JSON_FORMAT "gunbai run 1"

/* What one `gunbai adjudicate` or `gunbai run` did, for --json. */
struct run_json {
	const char *format;  /* ADJUDICATE_JSON_FORMAT or RUN_JSON_FORMAT */
	long long run;       /* the run's number; 0 for adjudicate */
	long long from;      /* the turn before */
	int applied;         /* decision points applied */
	int nmr;
	const struct orders_file *files; /* orders_sort()ed; shown by arg */
	size_t n;
	const char *dir;     /* where the state and reports went, or NULL */
	const struct adjudicate_result *result; /* what was applied */
};

/* The document of r, st being the state after the run: each file used,
 * kept or refused (gamedir_place), what is owed now, what was written. */
char *run_json(const struct state *st, const struct run_json *r,
    size_t *len);

#endif
