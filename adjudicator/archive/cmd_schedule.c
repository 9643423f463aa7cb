/* cmd_schedule.c - gunbai schedule GAMEDIR [settings]: show or change a
 * game directory's deadlines (schedule.h, formats/archive.md), the ones
 * `gunbai league LEAGUEDIR tick` keeps. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "archive/cmd.h"
#include "archive/gamedir.h"
#include "archive/schedule.h"

static int
schedule_usage(FILE *f, int status)
{
	fprintf(f, "usage: gunbai schedule %s\n", CMD_SCHEDULE_USAGE);
	return status;
}

void
schedule_print(const struct schedule *s, FILE *f)
{
	char t[SCHEDULE_TIME_MAX], p[32], g[32], r[32];

	schedule_format_time(s->deadline, t);
	schedule_format_duration(s->period, p);
	schedule_format_duration(s->grace, g);
	schedule_format_duration(s->remind, r);
	fprintf(f, "deadline %s, then every %s; late files awaited %s; "
	    "reminder %s before; after the grace: %s\n", t, p, g, r,
	    s->nmr ? "default orders (--nmr)" : "the game waits");
}

void
schedule_times(const struct schedule *s, FILE *f)
{
	char dl[SCHEDULE_TIME_MAX], until[SCHEDULE_TIME_MAX];
	char from[SCHEDULE_TIME_MAX];

	schedule_format_time(s->deadline, dl);
	schedule_format_time(s->deadline + s->grace, until);
	schedule_format_time(s->deadline - s->remind, from);
	fprintf(f, "deadline %s; reminders from %s; late files until %s, "
	    "then %s\n", dl, from, until, s->nmr ? "default orders (--nmr)" :
	    "waits for them");
}

int
cmd_schedule(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "deadline", required_argument, NULL, 'D' },
		{ "period", required_argument, NULL, 'P' },
		{ "grace", required_argument, NULL, 'G' },
		{ "remind", required_argument, NULL, 'R' },
		{ "nmr", no_argument, NULL, 'n' },
		{ "no-nmr", no_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct schedule_opts o = { .nmr = -1 };
	struct schedule s;
	struct gb_err e = { 0 };
	long long runs;
	int c, had, change = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		change = 1;
		switch (c) {
		case 'D': o.deadline = optarg; break;
		case 'P': o.period = optarg; break;
		case 'G': o.grace = optarg; break;
		case 'R': o.remind = optarg; break;
		case 'n': o.nmr = 1; break;
		case 'N': o.nmr = 0; break;
		case 'h': return schedule_usage(stdout, EXIT_OK);
		default: return schedule_usage(stderr, EXIT_USAGE);
		}
	}
	if (optind != argc - 1)
		return schedule_usage(stderr, EXIT_USAGE);
	if (gamedir_runs(argv[optind], &runs, &e) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	if ((had = schedule_read(argv[optind], &s, &e)) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	if (!change) {
		if (!had)
			return cmd_fail(EXIT_INPUT, "%s: no schedule: give "
			    "--deadline TIME", argv[optind]);
		schedule_print(&s, stdout);
		schedule_times(&s, stdout);
		return EXIT_OK;
	}
	if (schedule_apply(&s, had, &o, &e) == -1)
		return cmd_fail_err(EXIT_USAGE, &e);
	if (schedule_write(argv[optind], &s, &e) == -1)
		return cmd_fail_err(EXIT_OUTPUT, &e);
	schedule_print(&s, stdout);
	return EXIT_OK;
}
