/* mailin.h - mail-in's answer to one message read for one game directory
 * (cmd_mail_in.c): `gunbai mail-in` reads each message with that game's
 * keys, `gunbai league LEAGUEDIR mail-in` (cmd_league_mail.c) with every
 * game's and gives each game the documents of its own. */
#ifndef GUNBAI_MAILIN_H
#define GUNBAI_MAILIN_H

#include "mail/mail_in.h"
#include "turn/commit.h"
#include "turn/state.h"

struct crypto_key;

/* One run of mail-in on a game directory. */
struct mailin {
	const char *dir;
	const char *from_opt; /* --from, the replies' From: */
	struct state st;
	int status;           /* the exit status so far */
	/* The organiser's key, which signs each receipt (mail-in --key;
	 * NULL: none), and the hash of the state read (formats/evidence.md). */
	struct crypto_key *key;
	char sha[COMMIT_HEX + 1];
};

/* Check and file the documents of m in mi's game directory and write the
 * replies (their signers' indices are of mi->st); said gets what was
 * done, for a line of standard output. */
void mailin_answer(struct mailin *mi, const struct mail_in_msg *m,
    struct sbuf *said);

/* GAMEDIR/outbox/refused: one line "POINT PLAYER REASON" for each
 * orders file naming a player that mail-in refused whole at that point
 * (a bad signature, another turn), so that the reminders say a file came
 * and was refused rather than that none came. */
#define MAILIN_REFUSED "refused"

/* The reason of the last such line for player p at point turn into
 * why (escaped, one line): 1, or 0 if none. */
int mailin_refused_said(const char *dir, long long turn, const char *player,
    struct sbuf *why);

/* What answers one message of an input: said gets its line. */
typedef void (*mailin_fn)(void *ctx, const char *buf, size_t len,
    struct sbuf *said);

/* Each of the n inputs named (standard input when n is 0), a message or
 * an mbox, split into messages, each given to fn and its line printed
 * ("INPUT: message N: SAID").  EXIT_INPUT if an input is unreadable,
 * empty or over its bounds (said on stderr), else EXIT_OK. */
int mailin_inputs(int n, char **names, mailin_fn fn, void *ctx);

#endif
