/* cmd.h - subcommands that live in their own files (cmd_*.c), for the
 * table in main.c.  Each returns an exit status (util.h, gunbai(1)). */
#ifndef GUNBAI_CMD_H
#define GUNBAI_CMD_H

#include <stdio.h>

#include "util.h"

/* After "gunbai NAME ", as the man page's SYNOPSIS says. */
#define CMD_RUN_USAGE "[--nmr] [--json] GAMEDIR"
#define CMD_VERIFY_USAGE "GAMEDIR [--player NAME REPORT ...] [--json]"
#define CMD_MAIL_IN_USAGE "GAMEDIR [--from ADDR] [MESSAGE ...]"
#define CMD_MAIL_OUT_USAGE "DIR [--from ADDR] [--list ADDR] [-o OUTDIR]"
#define CMD_LEAGUE_USAGE "LEAGUEDIR status [--json] | " \
	"run [--nmr] [-j N] [--json] | standings [--json] | " \
	"verify [-j N] [--json]"

/* gunbai run: adjudicate a game directory's newest state with its inbox
 * and archive the run (gamedir.h). */
int cmd_run(int argc, char **argv);

/* gunbai verify: replay a game directory's runs and compare. */
int cmd_verify(int argc, char **argv);

/* gunbai league: status, run, standings and verify over every game
 * directory of a league directory (cmd_league.c). */
int cmd_league(int argc, char **argv);

/* gunbai mail-in: orders mailed to a game directory checked, filed in
 * its inbox and answered (cmd_mail_in.c). */
int cmd_mail_in(int argc, char **argv);

/* gunbai mail-out: the reports of a game directory or one of its runs
 * as messages for sendmail -t (mail_out.c, formats/mail.md). */
int cmd_mail_out(int argc, char **argv);

/* "gunbai: " and the message on stderr; returns status. */
int cmd_fail(int status, const char *fmt, ...) GB_PRINTF(2, 3);
/* e formatted on stderr after "gunbai: "; returns status. */
int cmd_fail_err(int status, const struct gb_err *e);

#endif
