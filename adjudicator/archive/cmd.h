/* cmd.h - the commands on whole games (cmd_*.c beside it), for the table
 * in main.c, and how every command fails (cmd.c).  Each returns an exit
 * status (util.h, gunbai(1)). */
#ifndef GUNBAI_CMD_H
#define GUNBAI_CMD_H

#include <stdio.h>

#include "base/util.h"

/* After "gunbai NAME ", as the man page's SYNOPSIS says. */
#define CMD_RUN_USAGE "[--nmr] [--json] [--key KEY] GAMEDIR"
#define CMD_VERIFY_USAGE "GAMEDIR [--player NAME REPORT ...] [--json]"
#define CMD_EVIDENCE_USAGE "[--organiser KEY.pub] FILE ..."
#define CMD_LEAGUE_USAGE "LEAGUEDIR status [--json] | " \
	"run [--nmr] [-j N] [--json] | standings [--json] | " \
	"verify [-j N] [--json] | mail-in [--from ADDR] [--key KEY] " \
	"[--sendmail COMMAND] [MESSAGE ...] | " \
	"tick [--now TIME] [--from ADDR] [--list ADDR] [--key KEY] " \
	"[--sendmail COMMAND]"
#define CMD_UNDO_USAGE "GAMEDIR"
#define CMD_SCHEDULE_USAGE "GAMEDIR [--deadline TIME] [--period DURATION] " \
	"[--grace DURATION] [--remind DURATION] [--nmr | --no-nmr]"

/* gunbai run: adjudicate a game directory's newest state with its inbox
 * and archive the run (gamedir.h). */
int cmd_run(int argc, char **argv);

/* gunbai run [--nmr] [--key KEYPATH] DIR for league tick, whose line says
 * the run's mail is written and sent by the tick, not to send the
 * reports by hand: an exit status. */
int cmd_run_mailed(const char *dir, int nmr, const char *keypath);

/* gunbai verify: replay a game directory's runs and compare. */
int cmd_verify(int argc, char **argv);

/* gunbai evidence: what the reports and receipts a player was mailed
 * prove, checked without the archive (formats/evidence.md). */
int cmd_evidence(int argc, char **argv);

/* gunbai league: status, run, standings and verify over every game
 * directory of a league directory (cmd_league.c). */
int cmd_league(int argc, char **argv);

/* gunbai schedule: show or set a game directory's deadlines
 * (cmd_schedule.c, schedule.h). */
int cmd_schedule(int argc, char **argv);

/* gunbai undo: take back the last run before its mail was sent
 * (cmd_undo.c). */
int cmd_undo(int argc, char **argv);

struct schedule;
/* One line saying what schedule s is, to f. */
void schedule_print(const struct schedule *s, FILE *f);
/* The next deadline of s and the times around it, as one line: "deadline
 * T; reminders from T; late files until T, then WHAT". */
void schedule_times(const struct schedule *s, FILE *f);

/* "gunbai: " and the message on stderr; returns status. */
int cmd_fail(int status, const char *fmt, ...) GB_PRINTF(2, 3);
/* e formatted on stderr after "gunbai: "; returns status. */
int cmd_fail_err(int status, const struct gb_err *e);

#endif
