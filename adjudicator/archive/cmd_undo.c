/* cmd_undo.c - gunbai undo GAMEDIR: take back the last run, made by
 * mistake, before its mail was sent (formats/archive.md, Taking a run
 * back).
 *
 * 1. refuse if the ledger (outbox/sent) lists a message of the run: a
 *    report sent cannot be taken back;
 * 2. put back in the inbox every file the run took from it (orders/ and
 *    refused/, with their .sig; kept/ files never left), each created
 *    beside what is there, flushed, never replacing a file;
 * 3. move runs/NNNN (and outbox/NNNN, its unsent messages) aside to
 *    undone/NNNN-K in one rename each.
 * A crash after 2 and before 3 leaves inbox files the run holds: the next
 * `run` removes them first, as after a run killed before it emptied the
 * inbox, so the game is as if undo had not been run. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive/cmd.h"
#include "archive/gamedir.h"
#include "base/crypto.h"
#include "base/fileio.h"

#define UNDO_LEDGER_MAX (64u << 20)

/* The first ledger line naming a message of outbox/NNNN, or NULL. */
static char *
undo_mailed(const char *dir, const char *num)
{
	char *ob = gamedir_path(dir, 0, GAMEDIR_OUTBOX);
	char *path = gamedir_path(ob, 0, GAMEDIR_LEDGER), *log, *hit = NULL;
	struct gb_err e = { 0 };
	size_t len, n = strlen(num);

	if (access(path, F_OK) == 0 && fileio_read(path, UNDO_LEDGER_MAX, &log,
	    &len, &e) == 0) {
		for (char *p = log; p != NULL && *p != '\0' && hit == NULL;) {
			char *nl = strchr(p, '\n');

			if (strncmp(p, "sent ", 5) == 0 && strncmp(p + 5, num,
			    n) == 0 && p[5 + n] == '/')
				hit = util_strndup(p + 5, nl != NULL ?
				    (size_t)(nl - p - 5) : strlen(p + 5));
			p = nl != NULL ? nl + 1 : NULL;
		}
		free(log);
	}
	free(ob);
	free(path);
	return hit;
}

/* 0 if no signed receipt of mail-in names the state run NNNN made, else
 * an exit status (said): a player holding one could prove the run was
 * discarded (formats/evidence.md). */
static int
undo_receipted(const char *dir, long long run)
{
	char *path = gamedir_state_path(dir, run);
	char sha[2 * CRYPTO_SHA256_BYTES + 1];
	struct gb_err e = { 0 };
	struct state st;
	int r;

	/* The state's hash as mail-in's receipts name it (gamedir_load). */
	if (gamedir_load(path, &st, sha, &e) == -1) {
		free(path);
		return cmd_fail_err(EXIT_INPUT, &e);
	}
	state_free(&st);
	free(path);
	if ((r = gamedir_receipted(dir, sha, &e)) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	if (r == 1)
		return cmd_fail(EXIT_REFUSED, "%s: run %04lld cannot be taken "
		    "back: mail-in signed receipts for files filed against "
		    "its state (%s/%s names it), which would prove it "
		    "discarded; correct the game with the next run instead",
		    dir, run, GAMEDIR_OUTBOX, GAMEDIR_RECEIPTS);
	return 0;
}

/* Put the files of run/sub back in the inbox: 0, or -1 (said). */
static int
undo_restore(const char *dir, const char *run, const char *sub, size_t *back)
{
	char *from = gamedir_path(run, 0, sub), *inbox;
	struct strlist names = { 0 };
	struct gb_err e = { 0 };
	struct stat sb;
	int r = 0;

	if (stat(from, &sb) == -1) {
		free(from);
		return 0;
	}
	inbox = gamedir_path(dir, 0, "inbox");
	if (gamedir_list(from, 0, &names, &e) == -1)
		r = cmd_fail_err(-1, &e);
	/* .sig files first, so that run never sees an orders file without
	 * its signature; no .reason goes back. */
	for (int sig = 1; sig >= 0 && r == 0; sig--)
		for (size_t i = 0; i < names.n && r == 0; i++) {
			const char *n = names.v[i];
			size_t nl = strlen(n);
			int is_sig = nl > 4 && strcmp(n + nl - 4, ".sig") == 0;
			char *src, *dst, *buf = NULL;
			size_t len;

			if (is_sig != sig || (nl > 7 &&
			    strcmp(n + nl - 7, GAMEDIR_REASON) == 0))
				continue;
			src = gamedir_path(from, 0, n);
			dst = gamedir_path(inbox, 0, n);
			if (fileio_read(src, FILEIO_ORDERS_MAX, &buf, &len,
			    &e) == -1)
				r = cmd_fail_err(-1, &e);
			else if (access(dst, F_OK) == 0 && !fileio_same(dst,
			    buf, len))
				r = cmd_fail(-1, "%s: the inbox holds another "
				    "file of that name: nothing moved", dst);
			else if (access(dst, F_OK) == -1 &&
			    fileio_create(dst, buf, len, &e) == -1)
				r = cmd_fail_err(-1, &e);
			else
				*back += !sig;
			free(buf);
			free(src);
			free(dst);
		}
	strlist_free(&names);
	free(from);
	free(inbox);
	return r;
}

static int
undo_locked(const char *dir)
{
	struct gb_err e = { 0 };
	char num[32], aside[64], *run, *to, *undone, *mailed, *ob;
	struct stat sb;
	long long runs;
	size_t back = 0;
	int k;

	if (gamedir_runs(dir, &runs, &e) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	if (runs == 0)
		return cmd_fail(EXIT_INPUT, "%s: no run to take back", dir);
	snprintf(num, sizeof num, "%04lld", runs);
	if ((mailed = undo_mailed(dir, num)) != NULL) {
		cmd_fail(0, "%s: run %s was mailed (%s/%s lists %s): a "
		    "report once sent cannot be taken back; correct the game "
		    "with the next run instead", dir, num, GAMEDIR_OUTBOX,
		    GAMEDIR_LEDGER, mailed);
		free(mailed);
		return EXIT_REFUSED;
	}
	if ((k = undo_receipted(dir, runs)) != 0)
		return k;
	run = gamedir_path(dir, runs, NULL);
	if (undo_restore(dir, run, GAMEDIR_ORDERS, &back) == -1 ||
	    undo_restore(dir, run, GAMEDIR_REFUSED, &back) == -1) {
		free(run);
		return EXIT_OUTPUT;
	}
	undone = gamedir_path(dir, 0, GAMEDIR_UNDONE);
	if (mkdir(undone, 0777) == -1 && errno != EEXIST) {
		cmd_fail(0, "cannot create directory '%s': %s", undone,
		    strerror(errno));
		free(run);
		free(undone);
		return EXIT_OUTPUT;
	}
	/* undone/NNNN-K: the first K free, so a run made and undone again
	 * keeps each one taken back. */
	for (k = 1;; k++) {
		snprintf(aside, sizeof aside, "%s-%d", num, k);
		to = gamedir_path(undone, 0, aside);
		if (lstat(to, &sb) == -1)
			break;
		free(to);
	}
	if (rename(run, to) == -1) {
		cmd_fail(0, "cannot move '%s' to '%s': %s", run, to,
		    strerror(errno));
		free(run);
		free(to);
		free(undone);
		return EXIT_OUTPUT;
	}
	(void)fileio_sync(undone);
	free(run);
	run = gamedir_path(dir, 0, "runs");
	(void)fileio_sync(run);
	/* Its messages, written and not sent, go with it. */
	ob = gamedir_path(dir, 0, GAMEDIR_OUTBOX "/");
	{
		char *obrun = gamedir_path(ob, 0, num), *obto;
		size_t tl = strlen(to);

		obto = util_malloc(tl + 8);
		snprintf(obto, tl + 8, "%s.%s", to, GAMEDIR_OUTBOX);
		if (lstat(obrun, &sb) == 0 && rename(obrun, obto) == -1)
			cmd_fail(0, "cannot move '%s' to '%s': %s", obrun,
			    obto, strerror(errno));
		free(obrun);
		free(obto);
	}
	printf("run %s taken back: moved to %s; %zu file%s back in the inbox; "
	    "the game is at run %lld again (its schedule is as it was: "
	    "gunbai schedule changes it)\n", num, to, back, back == 1 ? "" :
	    "s", runs - 1);
	free(ob);
	free(run);
	free(to);
	free(undone);
	return EXIT_OK;
}

int
cmd_undo(int argc, char **argv)
{
	struct gb_err e = { 0 };
	int fd, status;

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("usage: gunbai undo %s\n", CMD_UNDO_USAGE);
		return EXIT_OK;
	}
	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: gunbai undo %s\n", CMD_UNDO_USAGE);
		return EXIT_USAGE;
	}
	/* Not while a run or a mail-in works on the game. */
	if ((fd = gamedir_lock(argv[1], &e)) == -1)
		return cmd_fail_err(EXIT_INPUT, &e);
	status = undo_locked(argv[1]);
	gamedir_unlock(fd);
	return status;
}
