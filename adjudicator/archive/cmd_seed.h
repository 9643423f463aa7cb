/* cmd_seed.h - `gunbai check-seed`: does the seed revealed at the end of a
 * game match the commitment every report showed? */
#ifndef GUNBAI_CMD_SEED_H
#define GUNBAI_CMD_SEED_H

#define CMD_SEED_USAGE "REPORT PUBLIC-REPORT"

/* gunbai check-seed REPORT PUBLIC-REPORT (argv[0] is "check-seed"):
 * REPORT is any report of the game (the first one a player got), and
 * PUBLIC-REPORT the public report of the finished game, which shows the
 * seed.  Returns an exit status of gunbai(1): 0 if the commitment and uid
 * of REPORT match the seed revealed; 1 if the organiser's signed reports
 * prove they do not; 10 if a report is not the organiser's whole word,
 * the reports are of two games or nobody signed them; 2 for a bad
 * command line; 4 if a file is unreadable or lacks an Evidence line. */
int cmd_check_seed(int argc, char **argv);

#endif
