/* schedule.h - a game directory's deadlines (formats/archive.md,
 * Schedules): GAMEDIR/schedule, the organiser's bookkeeping, read by
 * `gunbai league LEAGUEDIR tick` and written by `gunbai schedule`.  No
 * part of the archive: no state or report ever holds a time, and verify
 * never reads it. */
#ifndef GUNBAI_SCHEDULE_H
#define GUNBAI_SCHEDULE_H

#include "base/util.h"

#define SCHEDULE_FILE "schedule"
#define SCHEDULE_TIME_MAX 32 /* bytes of a time written "2026-12-04T20:00Z" */

struct schedule {
	long long deadline; /* seconds since 1970 UTC: the next deadline */
	long long period;   /* seconds from one deadline to the next */
	long long grace;    /* after a deadline: late files still awaited */
	long long remind;   /* before a deadline: the reminder */
	int nmr;            /* after the grace: default orders (run --nmr) */
};

/* Parse a time "YYYY-MM-DDTHH:MM[:SS]Z" (UTC) or "@SECONDS": 0, or -1. */
int schedule_parse_time(const char *s, long long *t);
/* t as "YYYY-MM-DDTHH:MMZ" (":SS" when not 0) into out. */
void schedule_format_time(long long t, char out[SCHEDULE_TIME_MAX]);
/* Parse a duration "N" followed by s, m, h, d or w (0 allowed): 0, or -1. */
int schedule_parse_duration(const char *s, long long *d);
/* d as the largest unit that divides it ("7d", "90m", "0s"). */
void schedule_format_duration(long long d, char out[32]);

/* Read GAMEDIR/schedule: 1 with *s set, 0 when there is none, -1 with e
 * set when it cannot be read or is not a schedule. */
int schedule_read(const char *gamedir, struct schedule *s, struct gb_err *e);
/* Write GAMEDIR/schedule in one step (temporary file, flushed, renamed):
 * 0, or -1 with e set. */
int schedule_write(const char *gamedir, const struct schedule *s,
    struct gb_err *e);
/* The first deadline of s after now: s->deadline advanced by whole
 * periods (unchanged with no period). */
long long schedule_next(const struct schedule *s, long long now);

/* The settings a command line gives (NULL, and nmr -1: unchanged). */
struct schedule_opts {
	const char *deadline, *period, *grace, *remind;
	int nmr;
};

/* Apply o to s (a new schedule when had is 0: a deadline needed; period
 * 7d, grace 0s, remind 1d and nmr yes unless given).  0, or -1 with e
 * saying which value is refused. */
int schedule_apply(struct schedule *s, int had, const struct schedule_opts *o,
    struct gb_err *e);
#endif
