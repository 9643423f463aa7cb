/* schedule.c - a game directory's deadlines (schedule.h).  The file is
 * lines "KEY: VALUE" and comments, in the order written here:
 *
 *   # gunbai schedule 1
 *   deadline: 2026-12-04T20:00Z
 *   period: 7d
 *   grace: 1d
 *   remind: 1d
 *   nmr: yes
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "archive/gamedir.h"
#include "archive/schedule.h"
#include "base/fileio.h"

#define SCHEDULE_BYTES_MAX 4096
#define SCHEDULE_SECONDS_MAX (1LL << 40) /* about 35,000 years */

int
schedule_parse_time(const char *s, long long *t)
{
	struct tm tm;
	int y, mo, d, h, mi, sec = 0, n = 0;
	time_t v;

	if (s[0] == '@')
		return util_parse_int(s + 1, 0, SCHEDULE_SECONDS_MAX, t);
	/* Exactly YYYY-MM-DDTHH:MMZ or YYYY-MM-DDTHH:MM:SSZ. */
	n = (int)strlen(s);
	for (int i = 0; i < n; i++) {
		const char *form = n == 17 ? "dddd-dd-ddTdd:ddZ" :
		    "dddd-dd-ddTdd:dd:ddZ";
		if (n != 17 && n != 20)
			return -1;
		if (form[i] == 'd' ? s[i] < '0' || s[i] > '9' :
		    s[i] != form[i])
			return -1;
	}
	if (n != 17 && n != 20)
		return -1;
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d", &y, &mo, &d, &h, &mi) != 5 ||
	    (n == 20 && sscanf(s + 17, "%2d", &sec) != 1))
		return -1;
	if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 ||
	    mi > 59 || sec > 59)
		return -1;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	v = timegm(&tm);
	/* No 31 February: the date must come back as it was written. */
	if (v == (time_t)-1 || tm.tm_mday != d || tm.tm_mon != mo - 1)
		return -1;
	*t = (long long)v;
	return 0;
}

void
schedule_format_time(long long t, char out[SCHEDULE_TIME_MAX])
{
	time_t v = (time_t)t;
	struct tm tm;

	if (gmtime_r(&v, &tm) == NULL) {
		snprintf(out, SCHEDULE_TIME_MAX, "@%lld", t);
		return;
	}
	if (tm.tm_sec != 0)
		strftime(out, SCHEDULE_TIME_MAX, "%Y-%m-%dT%H:%M:%SZ", &tm);
	else
		strftime(out, SCHEDULE_TIME_MAX, "%Y-%m-%dT%H:%MZ", &tm);
}

static const struct {
	char unit;
	long long seconds;
} schedule_units[] = {
	{ 'w', 7 * 86400 }, { 'd', 86400 }, { 'h', 3600 }, { 'm', 60 },
	{ 's', 1 },
};

int
schedule_parse_duration(const char *s, long long *d)
{
	size_t n = strlen(s);
	char num[24];
	long long v;

	if (n < 2 || n - 1 >= sizeof num)
		return -1;
	memcpy(num, s, n - 1);
	num[n - 1] = '\0';
	for (size_t i = 0; i < sizeof schedule_units / sizeof
	    schedule_units[0]; i++)
		if (s[n - 1] == schedule_units[i].unit) {
			if (util_parse_int(num, 0, SCHEDULE_SECONDS_MAX /
			    schedule_units[i].seconds, &v) == -1)
				return -1;
			*d = v * schedule_units[i].seconds;
			return 0;
		}
	return -1;
}

void
schedule_format_duration(long long d, char out[32])
{
	for (size_t i = 0; i < sizeof schedule_units / sizeof
	    schedule_units[0]; i++)
		if (d % schedule_units[i].seconds == 0 && (d != 0 ||
		    schedule_units[i].unit == 's')) {
			snprintf(out, 32, "%lld%c", d / schedule_units[i].seconds,
			    schedule_units[i].unit);
			return;
		}
}

/* One line "KEY: VALUE" into s; seen marks the keys read.  0, or -1. */
static int
schedule_line(char *line, struct schedule *s, unsigned *seen, struct gb_err *e,
    int lineno)
{
	static const char *const keys[] = { "deadline", "period", "grace",
		"remind", "nmr" };
	char *colon = strchr(line, ':'), *v;
	size_t k;

	if (colon == NULL || colon[1] != ' ')
		return err_set(e, lineno, 0, "not 'KEY: VALUE'");
	*colon = '\0';
	v = colon + 2;
	for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
		if (strcmp(line, keys[k]) == 0)
			break;
	if (k == sizeof keys / sizeof keys[0])
		return err_set(e, lineno, 0, "unknown key '%s'", line);
	if (*seen & (1u << k))
		return err_set(e, lineno, 0, "'%s' given twice", line);
	*seen |= 1u << k;
	if ((k == 0 && schedule_parse_time(v, &s->deadline) == -1) ||
	    (k == 1 && schedule_parse_duration(v, &s->period) == -1) ||
	    (k == 2 && schedule_parse_duration(v, &s->grace) == -1) ||
	    (k == 3 && schedule_parse_duration(v, &s->remind) == -1) ||
	    (k == 4 && strcmp(v, "yes") && strcmp(v, "no")))
		return err_set(e, lineno, 0, "'%s': bad value '%s'", line, v);
	if (k == 4)
		s->nmr = strcmp(v, "yes") == 0;
	return 0;
}

int
schedule_read(const char *gamedir, struct schedule *s, struct gb_err *e)
{
	char *path = gamedir_path(gamedir, 0, SCHEDULE_FILE), *buf, *p;
	unsigned seen = 0;
	size_t len;
	int r = 1, lineno = 0;

	memset(s, 0, sizeof *s);
	s->nmr = 1;
	if (access(path, F_OK) == -1 && errno == ENOENT) {
		free(path);
		return 0;
	}
	if (fileio_read(path, SCHEDULE_BYTES_MAX, &buf, &len, e) == -1) {
		free(path);
		return -1;
	}
	for (p = buf; r == 1 && *p != '\0';) {
		char *nl = strchr(p, '\n');

		lineno++;
		if (nl == NULL)
			r = err_set(e, lineno, 0, "the last line has no end");
		else {
			*nl = '\0';
			if (p[0] != '#' && p[0] != '\0' &&
			    schedule_line(p, s, &seen, e, lineno) == -1)
				r = -1;
			p = nl + 1;
		}
	}
	if (r == 1 && !(seen & 1))
		r = err_set(e, 0, 0, "no 'deadline'");
	if (r == -1)
		err_file(e, path);
	free(buf);
	free(path);
	return r;
}

int
schedule_write(const char *gamedir, const struct schedule *s,
    struct gb_err *e)
{
	char *path = gamedir_path(gamedir, 0, SCHEDULE_FILE);
	char *tmp = gamedir_path(gamedir, 0, "." SCHEDULE_FILE ".new");
	char t[SCHEDULE_TIME_MAX], p[32], g[32], r[32];
	struct sbuf b;
	int rc = 0;

	schedule_format_time(s->deadline, t);
	schedule_format_duration(s->period, p);
	schedule_format_duration(s->grace, g);
	schedule_format_duration(s->remind, r);
	sbuf_init(&b);
	sbuf_printf(&b, "# gunbai schedule 1: the organiser's, no part of "
	    "the archive (formats/archive.md)\ndeadline: %s\nperiod: %s\n"
	    "grace: %s\nremind: %s\nnmr: %s\n", t, p, g, r,
	    s->nmr ? "yes" : "no");
	/* A leftover of a killed write goes first. */
	(void)unlink(tmp);
	if (fileio_create(tmp, b.p, b.len, e) == -1)
		rc = -1;
	else if (rename(tmp, path) == -1) {
		rc = err_set(e, 0, 0, "cannot rename '%s' to '%s': %s", tmp,
		    path, strerror(errno));
		(void)unlink(tmp);
	}
	sbuf_free(&b);
	free(path);
	free(tmp);
	return rc;
}

long long
schedule_next(const struct schedule *s, long long now)
{
	long long d = s->deadline;

	if (s->period <= 0 || d > now)
		return d;
	return d + ((now - d) / s->period + 1) * s->period;
}

int
schedule_apply(struct schedule *s, int had, const struct schedule_opts *o,
    struct gb_err *e)
{
	if (!had) {
		if (o->deadline == NULL)
			return err_set(e, 0, 0, "no schedule yet: give "
			    "--deadline TIME");
		memset(s, 0, sizeof *s);
		s->period = 7 * 86400;
		s->remind = 86400;
		s->nmr = 1;
	}
	if (o->deadline != NULL && schedule_parse_time(o->deadline,
	    &s->deadline) == -1)
		return err_set(e, 0, 0, "--deadline '%s': expected a UTC time "
		    "YYYY-MM-DDTHH:MMZ", o->deadline);
	if ((o->period != NULL && schedule_parse_duration(o->period,
	    &s->period) == -1) || (o->grace != NULL &&
	    schedule_parse_duration(o->grace, &s->grace) == -1) ||
	    (o->remind != NULL && schedule_parse_duration(o->remind,
	    &s->remind) == -1))
		return err_set(e, 0, 0, "a duration is a number and one of "
		    "s, m, h, d, w (as 7d)");
	if (o->nmr != -1)
		s->nmr = o->nmr;
	/* A deadline every 0 s would run the game at every tick. */
	if (s->period <= 0)
		return err_set(e, 0, 0, "--period must be more than 0");
	return 0;
}
