/* league.h - a league directory: a folder of game directories
 * (cmd_league.c, formats/archive.md).  `gunbai league` and the league's
 * mail (mail/cmd_league_mail.c) open it the same way. */
#ifndef GUNBAI_LEAGUE_H
#define GUNBAI_LEAGUE_H

#include "turn/state.h"
#include "base/util.h"

/* LEAGUEDIR/outbox: the league's own mail (replies to messages that fit
 * no game, its ledger); not a game, and not named as skipped. */
#define LEAGUE_OUTBOX "outbox"

/* One game of the league, loaded. */
struct league_game {
	char *name;  /* its directory's name in the league */
	char *dir;   /* LEAGUEDIR/name */
	int loaded;  /* st is valid */
	struct state st;
	long long runs;
	char why[512]; /* why it could not be loaded */
};

struct league {
	const char *dir;
	struct league_game *v;
	size_t n;
	struct strlist skipped; /* entries that are not game directories */
};

/* Load the league's games (every entry with a valid name holding
 * start.yaml, in byte order) and their newest states.  -1 (said on
 * stderr) if dir cannot be listed. */
int league_open(struct league *lg, const char *dir);
void league_close(struct league *lg);

#endif
