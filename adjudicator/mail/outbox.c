/* outbox.c - messages for the MTA and the ledger of those sent
 * (outbox.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "archive/cmd.h"
#include "archive/gamedir.h"
#include "base/crypto.h"
#include "base/escape.h"
#include "base/fileio.h"
#include "mail/outbox.h"

#define OUTBOX_SHA_SHOWN 24
#define OUTBOX_LEDGER_MAX (64u << 20)
#define OUTBOX_MESSAGE_MAX (64u << 20)

/* Make path and its parent if missing: 0, or -1 with e set. */
static int
outbox_mkdirs(const char *dir, const char *sub, struct gb_err *e)
{
	char *ob = gamedir_path(dir, 0, OUTBOX_DIR), *p;
	int r = 0;

	p = gamedir_path(ob, 0, sub);
	if ((mkdir(ob, 0777) == -1 && errno != EEXIST) ||
	    (mkdir(p, 0777) == -1 && errno != EEXIST))
		r = err_set(e, 0, 0, "cannot create directory '%s': %s", p,
		    strerror(errno));
	free(ob);
	free(p);
	return r;
}

/* The listing of the last folder written into, kept up to date with what
 * this process writes there: a mail-in of 1,000 messages lists its
 * replies' folder once, not once a reply (a quadratic cost).  It is
 * listed again when the folder's inode or modification time is not the
 * one seen after this process's last write (another process wrote). */
static struct {
	char *subdir;
	dev_t dev;
	ino_t ino;
	struct timespec mtime;
	struct strlist names;
} outbox_memo;

static void
outbox_memo_free(void)
{
	free(outbox_memo.subdir);
	strlist_free(&outbox_memo.names);
	memset(&outbox_memo, 0, sizeof outbox_memo);
}

/* Is the memo's listing still subdir's?  sb gets subdir's stat. */
static int
outbox_memo_fresh(const char *subdir, struct stat *sb)
{
	if (stat(subdir, sb) == -1)
		return 0;
	return outbox_memo.subdir != NULL &&
	    strcmp(outbox_memo.subdir, subdir) == 0 &&
	    outbox_memo.dev == sb->st_dev && outbox_memo.ino == sb->st_ino &&
	    outbox_memo.mtime.tv_sec == sb->st_mtim.tv_sec &&
	    outbox_memo.mtime.tv_nsec == sb->st_mtim.tv_nsec;
}

/* Remember subdir's stat as sb says. */
static void
outbox_memo_stat(const struct stat *sb)
{
	outbox_memo.dev = sb->st_dev;
	outbox_memo.ino = sb->st_ino;
	outbox_memo.mtime = sb->st_mtim;
}

/* The names in subdir, from the memo or listed afresh: 0, or -1 with e
 * set. */
static int
outbox_names(const char *subdir, struct gb_err *e)
{
	static int registered;
	struct stat sb;

	if (outbox_memo_fresh(subdir, &sb))
		return 0;
	if (!registered) {
		atexit(outbox_memo_free);
		registered = 1;
	}
	outbox_memo_free();
	if (gamedir_list(subdir, 0, &outbox_memo.names, e) == -1)
		return -1;
	outbox_memo.subdir = util_strdup(subdir);
	outbox_memo_stat(&sb);
	return 0;
}

int
outbox_put(const char *dir, const char *sub, const char *prefix,
    const char *bytes, size_t len, char *rel, size_t relsize, int *had,
    struct gb_err *e)
{
	char hex[2 * CRYPTO_SHA256_BYTES + 1], tail[64], name[128];
	char *ob, *subdir, *path;
	const struct strlist *names = &outbox_memo.names;
	struct stat sb;
	long long top = 0;
	size_t plen = strlen(prefix);
	int r = 0;

	*had = 0;
	if (outbox_mkdirs(dir, sub, e) == -1)
		return -1;
	crypto_sha256_hex(bytes, len, hex);
	snprintf(tail, sizeof tail, "-%.*s.eml", OUTBOX_SHA_SHOWN, hex);
	ob = gamedir_path(dir, 0, OUTBOX_DIR);
	subdir = gamedir_path(ob, 0, sub);
	if (outbox_names(subdir, e) == -1) {
		free(ob);
		free(subdir);
		return -1;
	}
	for (size_t i = 0; i < names->n; i++) {
		const char *n = names->v[i];
		size_t nl = strlen(n), tl = strlen(tail);
		long long seq;
		char num[16];

		if (nl > tl && strcmp(n + nl - tl, tail) == 0) {
			*had = 1;
			snprintf(rel, relsize, "%s/%s/%s", OUTBOX_DIR, sub, n);
		}
		/* PREFIX-NNNNNN-...: the highest NNNNNN. */
		if (nl > plen + 8 && strncmp(n, prefix, plen) == 0 &&
		    n[plen] == '-' && n[plen + 7] == '-') {
			memcpy(num, n + plen + 1, 6);
			num[6] = '\0';
			seq = strspn(num, "0123456789") == 6 ?
			    strtoll(num, NULL, 10) : 0;
			if (seq > top)
				top = seq;
		}
	}
	if (!*had) {
		snprintf(name, sizeof name, "%s-%06lld%s", prefix, top + 1,
		    tail);
		path = gamedir_path(subdir, 0, name);
		r = fileio_create(path, bytes, len, e);
		free(path);
		/* The memo holds what this process wrote; if the folder
		 * changed otherwise meanwhile, the next put lists it. */
		if (r == 0 && stat(subdir, &sb) == 0) {
			strlist_add(&outbox_memo.names, name);
			outbox_memo_stat(&sb);
		} else {
			outbox_memo_free();
		}
		snprintf(rel, relsize, "%s/%s/%s", OUTBOX_DIR, sub, name);
	}
	free(ob);
	free(subdir);
	return r;
}

/* Is "sent REL " at the start of a line of the ledger? */
static int
outbox_logged(const char *ledger, const char *rel)
{
	size_t n = strlen(rel);

	for (const char *p = ledger; p != NULL && *p != '\0';) {
		if (strncmp(p, "sent ", 5) == 0 && strncmp(p + 5, rel, n) == 0 &&
		    p[5 + n] == ' ')
			return 1;
		p = strchr(p, '\n');
		p = p != NULL ? p + 1 : NULL;
	}
	return 0;
}

/* Run command with the file at path on its standard input: its exit
 * status, or -1 if it could not be run. */
static int
outbox_pipe(const char *command, const char *path)
{
	pid_t pid;
	int ws, fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd == -1)
		return -1;
	fflush(NULL);
	if ((pid = fork()) == -1) {
		close(fd);
		return -1;
	}
	if (pid == 0) {
		if (dup2(fd, STDIN_FILENO) == -1)
			_exit(127);
		/* Its output is not ours: a mail command's words go to
		 * standard error. */
		if (dup2(STDERR_FILENO, STDOUT_FILENO) == -1)
			_exit(127);
		execl("/bin/sh", "sh", "-c", command, (char *)NULL);
		_exit(127);
	}
	close(fd);
	while (waitpid(pid, &ws, 0) == -1)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

int
outbox_send(const char *dir, const char *command)
{
	struct gb_err e = { 0 };
	struct strlist subs = { 0 };
	char *ob = gamedir_path(dir, 0, OUTBOX_DIR);
	char *ledger = gamedir_path(ob, 0, OUTBOX_LEDGER), *log = NULL;
	size_t loglen;
	int failed = 0;
	struct stat sb;

	if (stat(ob, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
		free(ob);
		free(ledger);
		return 0;
	}
	if ((access(ledger, F_OK) == 0 && fileio_read(ledger,
	    OUTBOX_LEDGER_MAX, &log, &loglen, &e) == -1) ||
	    gamedir_list(ob, 0, &subs, &e) == -1) {
		cmd_fail_err(0, &e);
		free(ob);
		free(ledger);
		return -1;
	}
	for (size_t i = 0; i < subs.n && failed >= 0; i++) {
		char *sub = gamedir_path(ob, 0, subs.v[i]);
		struct strlist names = { 0 };

		if (stat(sub, &sb) == -1 || !S_ISDIR(sb.st_mode) ||
		    gamedir_list(sub, 0, &names, &e) == -1) {
			free(sub);
			continue;
		}
		for (size_t k = 0; k < names.n && failed >= 0; k++) {
			char rel[512], hex[2 * CRYPTO_SHA256_BYTES + 1];
			char *path, *buf, line[700];
			size_t len, nl = strlen(names.v[k]);
			int st;

			if (nl < 5 || strcmp(names.v[k] + nl - 4, ".eml"))
				continue;
			snprintf(rel, sizeof rel, "%s/%s", subs.v[i],
			    names.v[k]);
			if (outbox_logged(log, rel))
				continue;
			path = gamedir_path(sub, 0, names.v[k]);
			if (fileio_read(path, OUTBOX_MESSAGE_MAX, &buf, &len,
			    &e) == -1) {
				cmd_fail_err(0, &e);
				failed++;
				free(path);
				continue;
			}
			crypto_sha256_hex(buf, len, hex);
			free(buf);
			st = outbox_pipe(command, path);
			if (st != 0) {
				cmd_fail(0, "%s: the mail command failed "
				    "(%s %d): kept, to be sent again", path,
				    st == -1 ? "could not run it, status" :
				    "exit status", st);
				failed++;
			} else {
				snprintf(line, sizeof line, "sent %s %s\n", rel,
				    hex);
				if (fileio_append(ledger, line,
				    strlen(line)) == -1) {
					cmd_fail(0, "%s: cannot write the "
					    "ledger: %s", ledger,
					    strerror(errno));
					failed = -1;
				} else {
					struct sbuf said;

					sbuf_init(&said);
					sbuf_puts(&said, "sent ");
					escape_puts(&said, path);
					sbuf_putc(&said, '\n');
					fwrite(said.p, 1, said.len, stdout);
					sbuf_free(&said);
				}
			}
			free(path);
		}
		strlist_free(&names);
		free(sub);
	}
	strlist_free(&subs);
	free(log);
	free(ob);
	free(ledger);
	return failed;
}
