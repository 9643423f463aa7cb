/* cmd_league_mail.c - a league by mail, from one address and a clock
 * (formats/mail.md, League mail; formats/archive.md, Schedules):
 *
 *   gunbai league LEAGUEDIR mail-in [--from ADDR] [--key KEY]
 *       [--sendmail COMMAND] [MESSAGE ...]
 *       every orders file of each message goes to the game its uid names
 *       (mail_in_read_games), never the one From: suggests, and is filed
 *       and answered there as `gunbai mail-in GAMEDIR` does; what fits no
 *       game, and the mail commands "status" and "resend", are answered
 *       from the league; a message delivered twice is answered once;
 *       then what was written is sent (outbox.h).  --key: the
 *       organiser's key, which signs the receipts of every game that
 *       names it (formats/evidence.md); a game naming an organiser files
 *       nothing without it.
 *   gunbai league LEAGUEDIR tick [--now TIME] [--from ADDR] [--list ADDR]
 *       [--key KEY] [--sendmail COMMAND]
 *       everything due by the clock: each run not yet mailed is written
 *       (mail-out); each scheduled game whose deadline passed is run
 *       (every decision owed filed, a whole answer: at once; else after
 *       the grace, with --nmr when its schedule says so); reminders
 *       before a deadline and a late notice after it to each player who
 *       owes and has filed nothing or a file that is not a whole answer;
 *       then every message not in a ledger is sent.
 *
 * Both hold the league's lock (LEAGUEDIR/outbox/lock) from start to end,
 * so the MTA's mail-in and cron's tick never file, run or send at the
 * same time.  No clock reaches a state or a report: the time decides only
 * when a run is made (as an organiser typing `gunbai run` would) and what
 * the notices say. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "archive/cmd.h"
#include "archive/evidence.h"
#include "archive/gamedir.h"
#include "archive/league.h"
#include "archive/schedule.h"
#include "base/crypto.h"
#include "base/escape.h"
#include "base/mail_addr.h"
#include "mail/mail.h"
#include "mail/mail_in.h"
#include "mail/mail_msg.h"
#include "mail/mailin.h"
#include "mail/outbox.h"
#include "report/report.h"

#define LM_SEEN "seen"            /* LEAGUEDIR/outbox/seen */
#define LM_SEEN_MAX (64u << 20)
#define LM_LOCK "lock"

struct lm {
	struct league lg;
	const char *from, *list, *sendmail;
	const char *key;      /* --key: the organiser's key file, or NULL */
	long long now;
	int status;
};

static int
lm_usage(FILE *f, int status)
{
	fprintf(f, "usage: gunbai league %s\n", CMD_LEAGUE_USAGE);
	return status;
}

/* Hold the league's lock until the process ends: 0, or -1 (said). */
static int
lm_lock(const char *dir)
{
	char *ob = gamedir_path(dir, 0, LEAGUE_OUTBOX);
	char *path = gamedir_path(ob, 0, LM_LOCK);
	int fd, r = 0;

	if (mkdir(ob, 0777) == -1 && errno != EEXIST)
		r = cmd_fail(-1, "cannot create directory '%s': %s", ob,
		    strerror(errno));
	else if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666)) == -1 ||
	    flock(fd, LOCK_EX) == -1)
		r = cmd_fail(-1, "cannot lock '%s': %s", path,
		    strerror(errno));
	free(ob);
	free(path);
	return r;
}

/* ---- the league's own replies ------------------------------------- */

/* Write a message from the league to `to` into LEAGUEDIR/outbox/sub:
 * 0, or -1 (said). */
static int
lm_write(struct lm *lm, const char *dir, const char *sub, const char *prefix,
    const char *to, const char *subject, const char *in_reply_to,
    const struct sbuf *body, struct sbuf *said)
{
	struct mail_msg msg;
	struct gb_err e = { 0 };
	struct sbuf bytes;
	char rel[256];
	int had, r = 0;

	memset(&msg, 0, sizeof msg);
	msg.from = lm->from;
	msg.to = to;
	msg.subject = subject;
	msg.in_reply_to = in_reply_to;
	msg.reply = strcmp(sub, "replies") == 0; /* else a notice */
	msg.references = in_reply_to;
	msg.body = body->p;
	msg.body_len = body->len;
	sbuf_init(&bytes);
	if (mail_msg_render(&msg, &bytes, NULL, &e) == -1 ||
	    outbox_put(dir, sub, prefix, bytes.p, bytes.len, rel, sizeof rel,
	    &had, &e) == -1) {
		r = cmd_fail_err(-1, &e);
		lm->status = EXIT_OUTPUT;
	} else if (said != NULL) {
		sbuf_printf(said, "; reply to %s: %s", to, rel);
	}
	sbuf_free(&bytes);
	return r;
}

/* A reply from the league to the sender of m, if it has a From: that can
 * be answered, under subject: what kind of answer it is. */
static void
lm_reply(struct lm *lm, const struct mail_in_msg *m, const char *subject,
    const struct sbuf *body, struct sbuf *said)
{
	struct gb_err e = { 0 };
	char *id = NULL;

	if (m->from == NULL || mail_addr_check(m->from, &e) == -1) {
		sbuf_puts(said, "; no reply: ");
		escape_puts(said, m->from == NULL ? "no From: address" :
		    e.msg);
		return;
	}
	if (m->message_id != NULL && m->message_id[0] != '\0' &&
	    strlen(m->message_id) + 2 <= MAIL_MSG_ID_MAX &&
	    strpbrk(m->message_id, " <>\t\r\n") == NULL) {
		struct sbuf b;
		int ok = 1;

		for (const char *p = m->message_id; *p != '\0'; p++)
			ok &= *p > ' ' && *p <= '~';
		sbuf_init(&b);
		sbuf_printf(&b, "<%s>", m->message_id);
		id = sbuf_take(&b);
		if (!ok) {
			free(id);
			id = NULL;
		}
	}
	lm_write(lm, lm->lg.dir, "replies", "reply", m->from, subject, id,
	    body, said);
	free(id);
}

/* ---- messages delivered twice ------------------------------------- */

/* Has the league answered this message (the same bytes, or the same
 * Message-ID) already?  *key gets its ledger line. */
static int
lm_seen(const struct lm *lm, const char *buf, size_t len,
    const struct mail_in_msg *m, struct sbuf *key)
{
	char hex[2 * CRYPTO_SHA256_BYTES + 1], *ob, *path, *log = NULL;
	struct gb_err e = { 0 };
	size_t loglen;
	int seen = 0;

	crypto_sha256_hex(buf, len, hex);
	sbuf_init(key);
	sbuf_printf(key, "%s ", hex);
	if (m->message_id != NULL && m->message_id[0] != '\0')
		escape_puts(key, m->message_id);
	else
		sbuf_putc(key, '-');
	sbuf_putc(key, '\n');
	ob = gamedir_path(lm->lg.dir, 0, LEAGUE_OUTBOX);
	path = gamedir_path(ob, 0, LM_SEEN);
	if (access(path, F_OK) == 0 && fileio_read(path, LM_SEEN_MAX, &log,
	    &loglen, &e) == 0) {
		for (char *p = log; p != NULL && *p != '\0' && !seen;) {
			char *nl = strchr(p, '\n'), *sp = strchr(p, ' ');
			size_t n = strlen(key->p + 65) - 1;

			seen = strncmp(p, hex, 64) == 0 || (sp != NULL &&
			    key->p[65] != '-' && strncmp(sp + 1, key->p + 65,
			    n) == 0 && sp[1 + n] == '\n');
			p = nl != NULL ? nl + 1 : NULL;
		}
	}
	free(log);
	free(ob);
	free(path);
	return seen;
}

static void
lm_mark_seen(struct lm *lm, const struct sbuf *key)
{
	char *ob = gamedir_path(lm->lg.dir, 0, LEAGUE_OUTBOX);
	char *path = gamedir_path(ob, 0, LM_SEEN);
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);

	if (fd == -1 || write(fd, key->p, key->len) != (ssize_t)key->len ||
	    fsync(fd) == -1) {
		cmd_fail(0, "%s: cannot write: %s", path, strerror(errno));
		lm->status = EXIT_OUTPUT;
	}
	if (fd != -1)
		close(fd);
	free(ob);
	free(path);
}

/* ---- mail commands ------------------------------------------------- */

/* The mail command of m: "status" or "resend" as its subject or the first
 * line of its text (a "Re: " before it allowed), or NULL. */
static const char *
lm_command(const struct mail_in_msg *m)
{
	static const char *const words[] = { "status", "resend" };
	const char *in[2] = { m->subject, m->first_line };

	for (int k = 0; k < 2; k++) {
		const char *s = in[k];

		if (s == NULL)
			continue;
		while (*s == ' ')
			s++;
		if (strncasecmp(s, "re: ", 4) == 0)
			s += 4;
		for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
			if (strcasecmp(s, words[w]) == 0)
				return words[w];
	}
	return NULL;
}

/* The message buf of len bytes into out with a Message-Id of its own
 * (the first "Message-Id: <" line of its header): mail readers and
 * filters drop a message whose Message-ID they saw before.  The new id is
 * the hash of the old one and of req (the request's Message-ID), so the
 * same request gives the same bytes. */
static void
lm_resend_id(const char *buf, size_t len, const char *req, struct sbuf *out)
{
	static const char tag[] = "Message-Id: <";
	size_t at = 0, end;

	for (;;) {
		if (at >= len || buf[at] == '\n' || buf[at] == '\r') {
			sbuf_add(out, buf, len); /* none in the header */
			return;
		}
		if (len - at > sizeof tag - 1 && strncasecmp(buf + at, tag,
		    sizeof tag - 1) == 0)
			break;
		while (at < len && buf[at] != '\n')
			at++;
		at++;
	}
	for (end = at; end < len && buf[end] != '\n' && buf[end] != '@';
	    end++)
		;
	if (end >= len || buf[end] != '@') {
		sbuf_add(out, buf, len);
		return;
	}
	{
		char hex[2 * CRYPTO_SHA256_BYTES + 1];
		struct sbuf h;

		sbuf_init(&h);
		sbuf_add(&h, buf + at, end - at);
		sbuf_putc(&h, '\n');
		sbuf_puts(&h, req != NULL ? req : "");
		crypto_sha256_hex(h.p, h.len, hex);
		sbuf_free(&h);
		sbuf_add(out, buf, at + sizeof tag - 1);
		sbuf_printf(out, "%.32s.resend.gunbai", hex);
		sbuf_add(out, buf + end, len - end);
	}
}

/* Copy the newest report message of player p of game g, as mail-out
 * wrote it but with its own Message-Id (lm_resend_id; req is the
 * request's Message-ID), into GAMEDIR/outbox/resend: what "resend"
 * sends, to the player's registered address (the one in that message). */
static int
lm_resend(struct lm *lm, const struct league_game *g, int p, const char *req,
    struct sbuf *b)
{
	struct gb_err e = { 0 };
	char rel[300], out[256], *path, *buf;
	struct sbuf msg;
	size_t len;
	int had;

	snprintf(rel, sizeof rel, OUTBOX_DIR "/%04lld/%s.eml", g->runs,
	    g->st.names[p]);
	path = gamedir_path(g->dir, 0, rel);
	if (fileio_read(path, MAIL_IN_INPUT_MAX, &buf, &len, &e) == -1) {
		sbuf_printf(b, "%s: your latest report is not written yet; it "
		    "is mailed at the next tick.\n", g->name);
		free(path);
		return 0;
	}
	sbuf_init(&msg);
	lm_resend_id(buf, len, req, &msg);
	if (outbox_put(g->dir, "resend", g->st.names[p], msg.p, msg.len, out,
	    sizeof out, &had, &e) == -1) {
		cmd_fail_err(0, &e);
		lm->status = EXIT_OUTPUT;
	} else {
		sbuf_printf(b, "%s: your latest report (point %lld) is mailed "
		    "again to your registered address.\n", g->name,
		    g->st.turn);
	}
	sbuf_free(&msg);
	free(buf);
	free(path);
	return 0;
}

/* Answer a mail command of the sender: status of, or their report in,
 * every game where From: is a player's registered address.  Nothing of a
 * game is told to an address no player registered. */
static void
lm_answer_command(struct lm *lm, const struct mail_in_msg *m,
    const char *cmd, struct sbuf *said)
{
	struct sbuf b;
	int found = 0;

	sbuf_init(&b);
	sbuf_printf(&b, "gunbai league: your command '%s'.\n\n", cmd);
	for (size_t i = 0; m->from != NULL && i < lm->lg.n; i++) {
		const struct league_game *g = &lm->lg.v[i];

		for (int p = 0; g->loaded && p < g->st.nplayers; p++) {
			const char *a = g->st.players[p].address;

			if (a == NULL || strcasecmp(a, m->from) != 0)
				continue;
			found++;
			if (strcmp(cmd, "resend") == 0) {
				lm_resend(lm, g, p, m->message_id, &b);
				continue;
			}
			{
				struct sbuf s;

				sbuf_init(&s);
				sbuf_printf(&s, "%s (%s), you are %s:\n",
				    g->name, g->st.game->title,
				    g->st.names[p]);
				report_status(&g->st, &s);
				gamedir_filed(g->dir, &g->st, p, &s);
				sbuf_putc(&s, '\n');
				escape_add(&b, s.p, s.len, ESCAPE_LINES);
				sbuf_free(&s);
			}
		}
	}
	if (!found)
		sbuf_puts(&b, "No player of this league is registered at the "
		    "address you wrote from.\n");
	sbuf_printf(said, "command %s", cmd);
	lm_reply(lm, m, strcmp(cmd, "resend") == 0 ? "gunbai: your reports "
	    "sent again" : "gunbai: the status of your games", &b, said);
	sbuf_free(&b);
}

/* ---- mail-in ------------------------------------------------------- */

/* The organiser's key for game g, whose state is st: *key NULL when st
 * names no organiser (--key is then not used for it); -1, said, when st
 * names one and --key is missing or another key. */
static int
lm_key(const struct lm *lm, const struct league_game *g,
    const struct state *st, struct crypto_key **key)
{
	struct gb_err e = { 0 };

	if (evidence_key_load(st, st->organiser != NULL ? lm->key : NULL,
	    key, &e) == -1) {
		cmd_fail(0, "%s: %s", g->name, e.msg);
		return -1;
	}
	return 0;
}

/* Take the lock of mi's game directory and read its newest state into
 * mi (with its hash, which receipts name): the lock, or -1 (said). */
static int
lm_game_lock(struct mailin *mi)
{
	struct gb_err e = { 0 };
	long long runs;
	char *path;
	int lock;

	if ((lock = gamedir_lock(mi->dir, &e)) == -1)
		return cmd_fail_err(-1, &e);
	if (gamedir_runs(mi->dir, &runs, &e) == -1) {
		gamedir_unlock(lock);
		return cmd_fail_err(-1, &e);
	}
	path = gamedir_state_path(mi->dir, runs);
	if (gamedir_load(path, &mi->st, mi->sha, &e) == -1) {
		free(path);
		gamedir_unlock(lock);
		return cmd_fail_err(-1, &e);
	}
	free(path);
	return lock;
}

/* One message: its documents to their games, the rest answered here. */
static void
lm_message(struct lm *lm, const struct state *const *sts, const size_t *gi,
    size_t nst, const char *buf, size_t len, struct sbuf *said)
{
	struct mail_in_msg m;
	struct sbuf key, lost;
	size_t nlost = 0;
	int before = lm->status;
	const char *quiet;

	lm->status = EXIT_OK;
	mail_in_read_games(&m, buf, len, sts, nst);
	/* Mail a program wrote, a bounce, the league's own mail come back:
	 * its orders files are filed, but nothing is answered (RFC 3834),
	 * so that no two robots (or the league and itself) answer each
	 * other for ever. */
	quiet = mail_in_no_reply(&m, lm->from);
	/* Nothing to use (no orders file, no mail command), from an address
	 * no player registered: not answered, which would answer spam to
	 * forged senders. */
	if (quiet == NULL && m.ndocs == 0 && lm_command(&m) == NULL &&
	    m.from != NULL && !mail_in_known(m.from, sts, nst))
		quiet = MAIL_IN_STRANGER;
	if (lm_seen(lm, buf, len, &m, &key)) {
		sbuf_puts(said, "delivered before: answered then, not again");
		sbuf_free(&key);
		mail_in_free(&m);
		lm->status = before;
		return;
	}
	sbuf_init(&lost);
	if (quiet != NULL && m.ndocs == 0) {
		sbuf_printf(said, "%s; not answered: %s", m.refused ?
		    "not read" : "no orders file", quiet);
	} else if (m.refused) {
		sbuf_puts(&lost, "Your message was not read: ");
		escape_add(&lost, m.err.msg, strlen(m.err.msg), 0);
		sbuf_printf(&lost, ".  Mail the orders file and its .sig file "
		    "as attachments, in a message of at most %u bytes.\n",
		    MAIL_IN_MESSAGE_MAX);
		sbuf_puts(said, "not read: ");
		escape_add(said, m.err.msg, strlen(m.err.msg), 0);
		lm_reply(lm, &m, "gunbai: your message was not read", &lost,
		    said);
	} else if (m.ndocs == 0 && lm_command(&m) != NULL) {
		lm_answer_command(lm, &m, lm_command(&m), said);
	} else if (m.ndocs == 0) {
		sbuf_puts(&lost, "No orders file was found in your message.  "
		    "Attach the orders file (the template at the end of your "
		    "latest report, filled in: it starts with 'gunbai: orders "
		    "2') and its signature file (.sig).  A message whose "
		    "subject is 'status' gets the state of your games, "
		    "'resend' your latest reports again.\n");
		sbuf_puts(said, "no orders file");
		lm_reply(lm, &m, "gunbai: no orders file in your message",
		    &lost, said);
	}
	/* Each game its own documents, filed and answered as mail-in
	 * GAMEDIR does. */
	for (size_t k = 0; !m.refused && k < nst; k++) {
		struct mail_in_msg sub = m;
		struct mailin mi;
		struct sbuf gsaid;

		sub.docs = util_calloc(m.ndocs + 1, sizeof *sub.docs);
		sub.ndocs = 0;
		for (size_t d = 0; d < m.ndocs; d++)
			if (m.docs[d].game == (int)k)
				sub.docs[sub.ndocs++] = m.docs[d];
		if (sub.ndocs > 0) {
			int lock;

			memset(&mi, 0, sizeof mi);
			mi.dir = lm->lg.v[gi[k]].dir;
			mi.from_opt = lm->from;
			sbuf_init(&gsaid);
			/* Under the game's lock, against its newest state (a
			 * run may have made one since the league was read). */
			if ((lock = lm_game_lock(&mi)) == -1) {
				sbuf_puts(&gsaid, "not filed: the game cannot "
				    "be read");
				mi.status = EXIT_OUTPUT;
			} else if (lm_key(lm, &lm->lg.v[gi[k]], &mi.st,
			    &mi.key) == 0) {
				mailin_answer(&mi, &sub, &gsaid);
				crypto_key_free(mi.key);
			} else {
				/* Not filed: the organiser's set-up is at
				 * fault, and the MTA gives it again. */
				sbuf_puts(&gsaid, "not filed: no organiser's "
				    "key");
				mi.status = EXIT_TEMPFAIL;
			}
			if (lock != -1) {
				state_free(&mi.st);
				gamedir_unlock(lock);
			}
			sbuf_printf(said, "%s%s: %s", said->len ? "; " : "",
			    lm->lg.v[gi[k]].name, gsaid.p ? gsaid.p : "");
			sbuf_free(&gsaid);
			if (mi.status > lm->status)
				lm->status = mi.status;
		}
		free(sub.docs);
	}
	for (size_t d = 0; !m.refused && d < m.ndocs; d++) {
		if (m.docs[d].game >= 0)
			continue;
		if (nlost++ == 0)
			sbuf_puts(&lost, "Orders that fit no game of this "
			    "league: their 'uid:' line (or, without one, "
			    "their 'game:' line) names none of its games.  "
			    "Copy the template at the end of your latest "
			    "report: it holds your game's uid.\n\n");
		sbuf_printf(&lost, "Orders file %zu, %s", d + 1,
		    m.docs[d].pasted ? "pasted in the text" : "attached");
		if (m.docs[d].hint[0] != '\0')
			sbuf_printf(&lost, " as '%s'", m.docs[d].hint);
		sbuf_puts(&lost, ": not filed.\n");
	}
	if (nlost > 0) {
		sbuf_printf(said, "%s%zu orders file%s of no game",
		    said->len ? "; " : "", nlost, nlost == 1 ? "" : "s");
		if (quiet != NULL)
			sbuf_printf(said, "; not answered: %s", quiet);
		else
			lm_reply(lm, &m, "gunbai: orders that fit no game of "
			    "the league", &lost, said);
	}
	/* A message not filed whole (a write failed, or a game's organiser's
	 * key is missing) is given again by the MTA: not seen. */
	if (lm->status != EXIT_OUTPUT && lm->status != EXIT_TEMPFAIL)
		lm_mark_seen(lm, &key);
	if (before > lm->status)
		lm->status = before;
	sbuf_free(&key);
	sbuf_free(&lost);
	mail_in_free(&m);
}

/* What mail-in gives each message (mailin_fn). */
struct lm_in {
	struct lm *lm;
	const struct state **sts;
	size_t *gi, nst;
};

static void
lm_one(void *ctx, const char *buf, size_t len, struct sbuf *said)
{
	struct lm_in *in = ctx;

	lm_message(in->lm, in->sts, in->gi, in->nst, buf, len, said);
}

/* Send what every game and the league have not sent. */
static void
lm_send_all(struct lm *lm)
{
	int failed = 0, r;

	for (size_t i = 0; i < lm->lg.n; i++)
		if ((r = outbox_send(lm->lg.v[i].dir, lm->sendmail)) != 0)
			failed = 1;
	if (outbox_send(lm->lg.dir, lm->sendmail) != 0)
		failed = 1;
	if (failed && lm->status == EXIT_OK)
		lm->status = EXIT_OUTPUT;
}

static int
lm_mail_in(struct lm *lm, int argc, char **argv)
{
	struct lm_in in = { .lm = lm };
	int st;

	in.sts = util_calloc(lm->lg.n + 1, sizeof *in.sts);
	in.gi = util_calloc(lm->lg.n + 1, sizeof *in.gi);
	for (size_t i = 0; i < lm->lg.n; i++)
		if (lm->lg.v[i].loaded) {
			in.gi[in.nst] = i;
			in.sts[in.nst++] = &lm->lg.v[i].st;
		}
	if (mailin_inputs(argc, argv, lm_one, &in) != EXIT_OK &&
	    lm->status == EXIT_OK)
		lm->status = EXIT_INPUT;
	free(in.sts);
	free(in.gi);
	/* The replies go at once; one the mail command refuses is sent by
	 * the next tick, and the message was filed: not an error for the
	 * MTA, which would deliver it again. */
	st = lm->status;
	lm_send_all(lm);
	lm->status = st;
	return lm->status;
}

/* ---- tick ---------------------------------------------------------- */

/* gunbai run [--nmr] [--key KEY] GAMEDIR in a child: its exit status. */
static int
lm_run(const char *dir, int nmr, const char *key)
{
	int ws;
	pid_t pid;

	fflush(NULL);
	if ((pid = fork()) == -1)
		return -1;
	if (pid == 0)
		exit(cmd_run_mailed(dir, nmr, key));
	while (waitpid(pid, &ws, 0) == -1)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

/* Write the messages of every run of g (and of its first reports) that
 * has none yet: a run is never left unmailed. */
static void
lm_mail_out(struct lm *lm, const struct league_game *g)
{
	for (long long r = 0; r <= g->runs; r++) {
		char rel[64], *out, *dir;
		struct stat sb;

		snprintf(rel, sizeof rel, OUTBOX_DIR "/%04lld", r);
		out = gamedir_path(g->dir, 0, rel);
		if (stat(out, &sb) == -1 && errno == ENOENT) {
			int st;

			dir = r == 0 ? util_strdup(g->dir) :
			    gamedir_path(g->dir, r, NULL);
			/* 1: a player has no address (named); the others
			 * are written.  Without --list, no public message:
			 * never to the league's own address. */
			if ((st = mail_out_write(dir, lm->from, lm->list)) !=
			    EXIT_OK && st != EXIT_REFUSED)
				lm->status = EXIT_OUTPUT;
			free(dir);
		}
		free(out);
	}
}

/* One paragraph of a notice, wrapped to 72 columns, a blank line before
 * it unless it is the first: every paragraph alike. */
static void GB_PRINTF(2, 3)
lm_para(struct sbuf *body, const char *fmt, ...)
{
	struct sbuf text;
	va_list ap;

	sbuf_init(&text);
	va_start(ap, fmt);
	sbuf_vprintf(&text, fmt, ap);
	va_end(ap);
	if (body->len > 0)
		sbuf_putc(body, '\n');
	util_wrap(body, 72, "", "", text.p);
	sbuf_free(&text);
}

/* A reminder or a late notice to each player of g owing a decision with
 * no whole answer filed for it (nothing, or a file whose accepted orders
 * are not a whole answer: the notice says which): written once per
 * deadline (its name holds the deadline and the turn). */
static void
lm_notices(struct lm *lm, const struct league_game *g,
    const struct schedule *s, int late)
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct gamedir_filed d[GAME_MAX_PLAYERS];
	size_t nowed = g->st.game->owed(g->st.g, owed);
	size_t nfiled = gamedir_filed_data(g->dir, &g->st, d);
	char when[SCHEDULE_TIME_MAX], until[SCHEDULE_TIME_MAX];

	schedule_format_time(s->deadline, when);
	schedule_format_time(s->deadline + s->grace, until);
	/* gamedir_filed_data: one per owed decision, in owed's order. */
	for (size_t k = 0; k < nowed && k < nfiled; k++) {
		int p = owed[k].player;
		const char *to = g->st.players[p].address;
		char prefix[128], subject[200], filed[300];
		struct sbuf body, why;

		if ((d[k].filed && d[k].complete) || to == NULL)
			continue;
		if (d[k].filed)
			snprintf(filed, sizeof filed, "your file for it is "
			    "filed but incomplete: %zu of its %zu order%s "
			    "%s accepted, and they are not yet a whole answer "
			    "to what you owe (below)", d[k].accepted,
			    d[k].orders, d[k].orders == 1 ? "" : "s",
			    d[k].accepted == 1 ? "is" : "are");
		/* Once per deadline, turn and player: the name says it. */
		{
			char stamp[SCHEDULE_TIME_MAX];
			size_t j = 0;

			/* 2026-12-04T20:00Z as 20261204T2000Z. */
			for (const char *c = when; *c != '\0'; c++)
				if (*c != '-' && *c != ':')
					stamp[j++] = *c;
			stamp[j] = '\0';
			snprintf(prefix, sizeof prefix, "%s-%s-t%lld-%s",
			    late ? "late" : "remind", stamp, g->st.turn,
			    g->st.names[p]);
		}
		{
			char *nd = gamedir_path(g->dir, 0, OUTBOX_DIR
			    "/notices");
			struct strlist names = { 0 };
			struct gb_err e = { 0 };
			int had = 0;

			if (gamedir_list(nd, 0, &names, &e) == 0)
				for (size_t i = 0; i < names.n; i++)
					had |= strncmp(names.v[i], prefix,
					    strlen(prefix)) == 0 &&
					    names.v[i][strlen(prefix)] == '-';
			strlist_free(&names);
			free(nd);
			if (had)
				continue;
		}
		snprintf(subject, sizeof subject, "gunbai %s: point %lld, %s "
		    "for %s", g->st.id, g->st.turn, late ? "late notice" :
		    "reminder", g->st.names[p]);
		sbuf_init(&body);
		/* Nothing filed, but a file naming the player came and was
		 * refused whole (mail-in noted it): said, with why. */
		sbuf_init(&why);
		if (!d[k].filed && mailin_refused_said(g->dir, g->st.turn,
		    g->st.names[p], &why)) {
			snprintf(filed, sizeof filed, "a file naming you came "
			    "in but was refused whole, so none of yours is "
			    "filed for it");
		}
		if (late)
			lm_para(&body, "The deadline of point %lld of game %s "
			    "(%s) was %s (UTC), and %s.", g->st.turn, g->st.id,
			    g->st.game->title, when, d[k].filed || why.len ?
			    filed : "no orders of yours are filed for it");
		else
			lm_para(&body, "Your orders for point %lld of game %s "
			    "(%s) are due by %s (UTC); %s.", g->st.turn,
			    g->st.id, g->st.game->title, when, d[k].filed ||
			    why.len ? filed : "none are filed yet");
		if (why.len > 0)
			lm_para(&body, "The reason it was refused: %.*s.",
			    (int)why.len, why.p);
		sbuf_free(&why);
		if (late)
			lm_para(&body, "%s%s%s%s", s->grace > 0 ? "Orders "
			    "that arrive before " : "", s->grace > 0 ? until :
			    "", s->grace > 0 ? " (UTC) are still used; after "
			    "that, " : "From now, ", !s->nmr ? (d[k].filed ?
			    "the game waits for a whole answer." : "the game "
			    "waits for your orders.") : d[k].filed ? "the game "
			    "goes on with the default orders added to the "
			    "accepted ones of yours (NMR)." : "the game goes "
			    "on with the default orders for you (NMR).");
		if (d[k].filed)
			lm_para(&body, "To complete it, send the whole file "
			    "again with 'revision: %lld' and the orders still "
			    "owed, signed.", d[k].revision + 1);
		lm_para(&body, "You owe: %s (%s).", owed[k].decision,
		    owed[k].what);
		lm_para(&body, "The orders template is at the end of your "
		    "latest report; mail the filled-in file and its signature "
		    "to %s.  A message with the subject 'resend' gets your "
		    "latest report again, 'status' the state of your games.",
		    lm->from);
		{
			struct sbuf esc;

			sbuf_init(&esc);
			escape_add(&esc, body.p, body.len, ESCAPE_LINES);
			lm_write(lm, g->dir, "notices", prefix, to, subject,
			    NULL, &esc, NULL);
			sbuf_free(&esc);
		}
		sbuf_free(&body);
		printf("%s: %s to %s, point %lld%s\n", g->name, late ?
		    "late notice" : "reminder", g->st.names[p], g->st.turn,
		    d[k].filed ? " (filed, incomplete)" : "");
	}
}

/* Does every player owing a decision in g have a whole answer filed for
 * it in the inbox?  (An incomplete file is not one: run would wait, and
 * after the grace the defaults fill it in.) */
static int
lm_all_in(const struct league_game *g)
{
	struct gamedir_filed d[GAME_MAX_PLAYERS];
	size_t nd = gamedir_filed_data(g->dir, &g->st, d);
	int all = 1;

	for (size_t k = 0; k < nd; k++)
		all &= d[k].filed && d[k].complete;
	return all;
}

/* Reload g's newest state after a run. */
static void
lm_reload(struct league_game *g)
{
	struct gb_err e = { 0 };
	char *path;

	if (g->loaded)
		state_free(&g->st);
	g->loaded = 0;
	if (gamedir_runs(g->dir, &g->runs, &e) == -1) {
		err_format(&e, g->why, sizeof g->why);
		return;
	}
	path = gamedir_state_path(g->dir, g->runs);
	if (gamedir_load(path, &g->st, NULL, &e) == -1)
		err_format(&e, g->why, sizeof g->why);
	else
		g->loaded = 1;
	free(path);
}

/* What is due for game g now. */
static void
lm_tick_game(struct lm *lm, struct league_game *g)
{
	struct schedule s;
	struct gb_err e = { 0 };
	char when[SCHEDULE_TIME_MAX];
	int had;

	/* The clock's time, not --now: files left by a killed command. */
	(void)gamedir_sweep(g->dir, (long long)time(NULL));
	lm_mail_out(lm, g);
	if ((had = schedule_read(g->dir, &s, &e)) == -1) {
		cmd_fail_err(0, &e);
		lm->status = EXIT_INPUT;
		return;
	}
	if (!had || g->st.game->outcome(g->st.g).finished)
		return;
	if (lm->now >= s.deadline) {
		int all = lm_all_in(g), over = lm->now >= s.deadline + s.grace;
		int st;

		if (!all && !over) {
			lm_notices(lm, g, &s, 1);
			return;
		}
		printf("%s: the deadline passed: gunbai run%s\n", g->name,
		    !all && s.nmr ? " --nmr" : "");
		/* The organiser's key for a game that names one. */
		st = lm_run(g->dir, !all && s.nmr,
		    g->st.organiser != NULL ? lm->key : NULL);
		if (st == EXIT_WAITING) {
			lm_notices(lm, g, &s, 1);
			return;
		}
		if (st != EXIT_OK) {
			cmd_fail(0, "%s: gunbai run failed (status %d)",
			    g->name, st);
			lm->status = EXIT_OUTPUT;
			return;
		}
		s.deadline = schedule_next(&s, lm->now);
		if (schedule_write(g->dir, &s, &e) == -1) {
			cmd_fail_err(0, &e);
			lm->status = EXIT_OUTPUT;
		}
		schedule_format_time(s.deadline, when);
		printf("%s: next deadline %s\n", g->name, when);
		lm_reload(g);
		if (!g->loaded)
			return;
		lm_mail_out(lm, g);
		if (g->st.game->outcome(g->st.g).finished)
			return;
	}
	if (lm->now >= s.deadline - s.remind)
		lm_notices(lm, g, &s, 0);
}

static int
lm_tick(struct lm *lm)
{
	for (size_t i = 0; i < lm->lg.n; i++) {
		if (!lm->lg.v[i].loaded) {
			cmd_fail(0, "%s: unreadable: %s", lm->lg.v[i].name,
			    lm->lg.v[i].why);
			lm->status = EXIT_INPUT;
			continue;
		}
		lm_tick_game(lm, &lm->lg.v[i]);
	}
	lm_send_all(lm);
	return lm->status;
}

/* ---- the command --------------------------------------------------- */

int
cmd_league_mail(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "list", required_argument, NULL, 'l' },
		{ "now", required_argument, NULL, 'N' },
		{ "key", required_argument, NULL, 'k' },
		{ "sendmail", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct lm lm;
	struct gb_err e = { 0 };
	const char *dir, *action, *now = NULL;
	int c, tick;

	memset(&lm, 0, sizeof lm);
	lm.from = MAIL_MSG_FROM_DEFAULT;
	lm.sendmail = OUTBOX_SENDMAIL;
	if (argc < 3)
		return lm_usage(stderr, EXIT_USAGE);
	dir = argv[1];
	action = argv[2];
	tick = strcmp(action, "tick") == 0;
	optind = 3;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'f': lm.from = optarg; break;
		case 'l': lm.list = optarg; break;
		case 'N': now = optarg; break;
		case 'k': lm.key = optarg; break;
		case 's': lm.sendmail = optarg; break;
		case 'h': return lm_usage(stdout, EXIT_OK);
		default:
			cmd_fail(0, "unknown option or missing argument: '%s'",
			    argv[optind - 1]);
			return lm_usage(stderr, EXIT_USAGE);
		}
	}
	if ((tick && optind != argc) || (!tick && (now || lm.list)))
		return lm_usage(stderr, EXIT_USAGE);
	if (mail_addr_check(lm.from, &e) == -1)
		return cmd_fail(EXIT_USAGE, "--from: %s", e.msg);
	/* The public report mailed to the league's own address would come
	 * back through league mail-in: refused, and without --list no
	 * public message is written. */
	if (lm.list != NULL && mail_addr_check(lm.list, &e) == -1)
		return cmd_fail(EXIT_USAGE, "--list: %s", e.msg);
	if (lm.list != NULL && strcasecmp(lm.list, lm.from) == 0)
		return cmd_fail(EXIT_USAGE, "--list %s: the league's own "
		    "address (--from); the public reports would come back to "
		    "league mail-in.  Give the observers' address, or no "
		    "--list", lm.list);
	if (now != NULL && schedule_parse_time(now, &lm.now) == -1)
		return cmd_fail(EXIT_USAGE, "--now '%s': expected a UTC time "
		    "YYYY-MM-DDTHH:MMZ", now);
	if (now == NULL)
		lm.now = (long long)time(NULL);
	if (lm_lock(dir) == -1)
		return EXIT_OUTPUT;
	if (league_open(&lm.lg, dir) == -1)
		return EXIT_INPUT;
	if (tick)
		lm_tick(&lm);
	else
		lm_mail_in(&lm, argc - optind, argv + optind);
	league_close(&lm.lg);
	return lm.status;
}
