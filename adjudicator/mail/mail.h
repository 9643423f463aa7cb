/* mail.h - the mail commands, run by the program gunbai-mail (mail_main.c)
 * for `gunbai mail-in` and `gunbai mail-out`; main.c names their usage. */
#ifndef GUNBAI_MAIL_H
#define GUNBAI_MAIL_H

/* After "gunbai NAME ", as the man page's SYNOPSIS says. */
#define CMD_MAIL_IN_USAGE "GAMEDIR [--from ADDR] [--key KEY] [MESSAGE ...]"
#define CMD_MAIL_OUT_USAGE "DIR [--from ADDR] [--list ADDR] [--page FILE] [-o OUTDIR]"

/* gunbai mail-in: orders mailed to a game directory checked, filed in
 * its inbox and answered (cmd_mail_in.c). */
int cmd_mail_in(int argc, char **argv);

/* gunbai mail-out: the reports of a game directory or one of its runs
 * as messages for sendmail -t (mail_out.c, formats/mail.md). */
int cmd_mail_out(int argc, char **argv);

/* What `gunbai mail-out DIR --from FROM --list LIST` writes, but with
 * list NULL no public message (league tick without --list): an exit
 * status. */
int mail_out_write(const char *dir, const char *from, const char *list);

/* gunbai league LEAGUEDIR mail-in | tick: a league's mail from one
 * address and its deadlines on a clock (cmd_league_mail.c); argv[1] is
 * LEAGUEDIR, argv[2] the action. */
int cmd_league_mail(int argc, char **argv);

#endif
