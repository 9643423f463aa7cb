/* gamedir.c - the game directory's layout (gamedir.h, formats/archive.md). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "turn/adjudicate.h"
#include "base/crypto.h"
#include "archive/evidence.h"
#include "archive/gamedir.h"
#include "report/report.h"
#include "report/report_json.h"

static int
gamedir_ends(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

int
gamedir_valid_name(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > GAMEDIR_NAME_MAX || name[0] == '.' ||
	    gamedir_ends(name, ".sig") || gamedir_ends(name, GAMEDIR_REASON))
		return 0;
	for (const char *p = name; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '.' || *p == '_' ||
		    *p == '-'))
			return 0;
	return 1;
}

char *
gamedir_path(const char *dir, long long run, const char *rel)
{
	struct sbuf b;

	sbuf_init(&b);
	sbuf_puts(&b, dir);
	if (run > 0) {
		/* "/runs/%04lld" */
		char num[UTIL_INT_MAX];
		size_t n = (size_t)(util_fmt_int(num, run) - num);

		sbuf_puts(&b, "/runs/");
		for (size_t i = n; i < 4; i++)
			sbuf_putc(&b, '0');
		sbuf_add(&b, num, n);
	}
	if (rel != NULL) {
		sbuf_putc(&b, '/');
		sbuf_puts(&b, rel);
	}
	return sbuf_take(&b);
}

char *
gamedir_state_path(const char *dir, long long run)
{
	return gamedir_path(dir, run, run > 0 ? GAMEDIR_STATE : GAMEDIR_START);
}

static int
gamedir_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
gamedir_list(const char *path, int hidden, struct strlist *names,
    struct gb_err *e)
{
	struct dirent *de;
	DIR *d;

	memset(names, 0, sizeof *names);
	err_file(e, path);
	if ((d = opendir(path)) == NULL)
		return err_set(e, 0, 0, "cannot open directory '%s': %s", path,
		    strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 ||
		    (!hidden && de->d_name[0] == '.'))
			continue;
		strlist_add(names, de->d_name);
	}
	closedir(d);
	if (names->n > 1)
		qsort(names->v, names->n, sizeof *names->v, gamedir_cmp);
	return 0;
}

int
gamedir_lock(const char *dir, struct gb_err *e)
{
	char *path = gamedir_path(dir, 0, GAMEDIR_LOCK);
	int fd, r;

	/* O_NOFOLLOW: a link planted as the lock file is refused, never
	 * followed out of the game directory. */
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (fd == -1) {
		r = err_set(e, 0, 0, "cannot open the lock '%s': %s", path,
		    strerror(errno));
		free(path);
		return r;
	}
	while ((r = flock(fd, LOCK_EX)) == -1 && errno == EINTR)
		;
	if (r == -1) {
		r = err_set(e, 0, 0, "cannot lock '%s': %s", path,
		    strerror(errno));
		close(fd);
		free(path);
		return r;
	}
	free(path);
	return fd;
}

void
gamedir_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

int
gamedir_runs(const char *dir, long long *n, struct gb_err *e)
{
	struct strlist names;
	char *runs = gamedir_path(dir, 0, "runs");
	int r = 0;

	*n = 0;
	if (gamedir_list(runs, 0, &names, e) == -1) {
		free(runs);
		return -1;
	}
	/* n distinct numbers that are all in [1, n] are 1 to n. */
	for (size_t i = 0; i < names.n && r == 0; i++) {
		long long v;
		char want[32];

		size_t k;

		for (k = 0; names.v[i][k] >= '0' && names.v[i][k] <= '9'; k++)
			;
		v = k > 0 && k <= 8 && names.v[i][k] == '\0' ?
		    strtoll(names.v[i], NULL, 10) : 0;
		snprintf(want, sizeof want, "%04lld", v);
		if (v == 0 || strcmp(want, names.v[i]) != 0)
			r = err_set(e, 0, 0, "'%s/%s' is not a run: runs are "
			    "numbered 0001, 0002, ...", runs, names.v[i]);
		else if (v > (long long)names.n)
			r = err_set(e, 0, 0, "'%s/%s': a run is missing before "
			    "it (%zu runs, numbered 0001 to %s)", runs,
			    names.v[i], names.n, names.v[i]);
	}
	*n = (long long)names.n;
	strlist_free(&names);
	free(runs);
	return r;
}

int
gamedir_same(const char *path, const char *data, size_t len)
{
	char small[32768], *buf;
	size_t n = 0;
	int fd, same;

	/* Opened as fileio_read opens (a FIFO does not block, and reads as
	 * empty); at most len + 1 bytes read, so that a longer file, or a
	 * device, differs without being read whole.  No fstat: whatever is
	 * not exactly these bytes differs, and the caller reads it again
	 * with fileio_read to say why. */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)) ==
	    -1)
		return 0;
	buf = len < sizeof small ? small : util_malloc(len + 1);
	for (;;) {
		ssize_t r = read(fd, buf + n, len + 1 - n);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if ((n += (size_t)r) > len)
			break;
	}
	close(fd);
	same = n == len && memcmp(buf, data, len) == 0;
	if (buf != small)
		free(buf);
	return same;
}

int
gamedir_receipted(const char *dir, const char *sha, struct gb_err *e)
{
	char *path = gamedir_path(dir, 0, GAMEDIR_OUTBOX "/" GAMEDIR_RECEIPTS);
	char *buf;
	size_t len, n = strlen(sha);
	int hit = 0;

	if (access(path, F_OK) == -1 && errno == ENOENT) {
		free(path);
		return 0;
	}
	if (fileio_read(path, FILEIO_STATE_MAX, &buf, &len, e) == -1) {
		free(path);
		return -1;
	}
	for (size_t i = 0; i < len && !hit; ) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t end = nl != NULL ? (size_t)(nl - buf) : len;

		hit = end - i == n && memcmp(buf + i, sha, n) == 0;
		i = end + 1;
	}
	free(buf);
	free(path);
	return hit;
}

int
gamedir_receipt_note(const char *dir, const char *sha, struct gb_err *e)
{
	char *ob = gamedir_path(dir, 0, GAMEDIR_OUTBOX);
	char *path = gamedir_path(ob, 0, GAMEDIR_RECEIPTS);
	int fd = -1, r = 0, had;

	if ((had = gamedir_receipted(dir, sha, e)) != 0) {
		r = had == 1 ? 0 : -1;
	} else if ((mkdir(ob, 0777) == -1 && errno != EEXIST) ||
	    (fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
	    0666)) == -1 || write(fd, sha, strlen(sha)) !=
	    (ssize_t)strlen(sha) || write(fd, "\n", 1) != 1 ||
	    fsync(fd) == -1) {
		r = err_set(e, 0, 0, "%s: cannot write: %s", path,
		    strerror(errno));
	}
	if (fd != -1)
		close(fd);
	free(ob);
	free(path);
	return r;
}

int
gamedir_load(const char *path, struct state *st, char *sha, struct gb_err *e)
{
	char *buf;
	size_t len;
	int r;

	if (fileio_read(path, FILEIO_STATE_MAX, &buf, &len, e) == -1)
		return -1;
	if (sha != NULL)
		state_bytes_sha256(buf, len, sha);
	r = state_parse(st, buf, len, path, e);
	free(buf);
	return r;
}

int
gamedir_stage_outputs(struct fileio_stage *s, const struct state *st,
    const char *statename, struct crypto_key *key,
    const struct evidence_run *run, struct gb_err *e)
{
	char hex[COMMIT_HEX + 1];
	char *state;
	size_t slen;
	int r;
	/* What the reports of the players share, made once. */
	struct report_shared shared = { 0 };

	if (fileio_stage_mkdir(s, "reports", e) == -1)
		return -1;
	/* Every text and JSON report shows the state's hash: made once. */
	state = state_write(st, &slen);
	state_bytes_sha256(state, slen, hex);
	r = 0;
	for (int p = -1; p < st->nplayers && r == 0; p++) {
		char *bytes[REPORT_KINDS];
		size_t len[REPORT_KINDS];

		report_make_all(st, hex, p, &shared, bytes, len);
		if (st->organiser != NULL && key != NULL) {
			struct sbuf text;

			sbuf_init(&text);
			evidence_report_text(st, hex, p, run, bytes, len,
			    &text);
			evidence_sign_reports(bytes, len, text.p, key, NULL);
			sbuf_free(&text);
		}
		for (int k = 0; k < REPORT_KINDS; k++) {
			char rel[64];

			snprintf(rel, sizeof rel, "reports/%s.%s",
			    p < 0 ? "public" : st->names[p],
			    report_kinds[k]);
			if (r == 0)
				r = fileio_stage_write(s, rel, bytes[k],
				    len[k], e);
			free(bytes[k]);
		}
	}
	report_shared_free(&shared);
	if (r == 0)
		r = fileio_stage_write(s, statename, state, slen, e);
	free(state);
	return r;
}

int
gamedir_create(const char *dir, const struct state *st,
    struct crypto_key *key, struct gb_err *e)
{
	struct fileio_stage s;
	int r;

	if (fileio_stage_begin(&s, dir, e) == -1) {
		fileio_stage_end(&s);
		return -1;
	}
	r = gamedir_stage_outputs(&s, st, GAMEDIR_START, key, NULL, e);
	if (r == 0)
		r = fileio_stage_mkdir(&s, "inbox", e);
	if (r == 0)
		r = fileio_stage_mkdir(&s, "runs", e);
	if (r == 0)
		r = fileio_stage_commit(&s, e);
	fileio_stage_end(&s);
	return r;
}

const char *
gamedir_place(const struct state *st, const struct orders_file *files,
    size_t n, size_t i)
{
	static const char *const dir[] = {
		[ADJUDICATE_USED] = GAMEDIR_ORDERS,
		[ADJUDICATE_KEPT] = GAMEDIR_KEPT,
		[ADJUDICATE_REFUSED] = GAMEDIR_REFUSED,
	};

	return dir[adjudicate_fate(st, files, n, i)];
}

struct orders_file *
gamedir_inbox(const char *dir, const struct state *st, size_t *n)
{
	struct gb_err e = { 0 };
	struct strlist names;
	struct orders_file *files;
	char *inbox = gamedir_path(dir, 0, "inbox");

	*n = 0;
	if (gamedir_list(inbox, 0, &names, &e) == -1) {
		free(inbox);
		return util_calloc(1, sizeof *files);
	}
	files = util_calloc(names.n + 1, sizeof *files);
	for (size_t i = 0; i < names.n; i++) {
		char *path, *sigpath, *buf = NULL, *sig = NULL, *shown;
		size_t len, siglen;

		if (!gamedir_valid_name(names.v[i]))
			continue;
		path = gamedir_path(inbox, 0, names.v[i]);
		sigpath = util_malloc(strlen(path) + 5);
		strcat(strcpy(sigpath, path), ".sig");
		if (fileio_read(path, FILEIO_ORDERS_MAX, &buf, &len, &e) == 0 &&
		    fileio_read(sigpath, FILEIO_SIG_MAX, &sig, &siglen,
		    &e) == 0) {
			shown = gamedir_path("inbox", 0, names.v[i]);
			orders_read_mem(&files[*n], shown, buf, len, sig, siglen,
			    st);
			files[*n].arg = *n;
			(*n)++;
			free(shown);
		}
		free(buf);
		free(sig);
		free(path);
		free(sigpath);
	}
	strlist_free(&names);
	free(inbox);
	return files;
}

/* What the file f, which run would take for its player's decision owed
 * now, makes: its orders judged as check judges them, into d. */
static void
gamedir_filed_file(const struct state *st, struct orders_file *f,
    struct gamedir_filed *d)
{
	struct check_result r;

	d->filed = 1;
	memcpy(d->sha256, f->sha256, sizeof d->sha256);
	d->revision = f->revision;
	d->orders = f->n;
	f->arg = 0;
	adjudicate_check_data(st, f, 1, &r);
	for (size_t i = 0; i < r.v[0].n; i++)
		d->accepted += r.v[0].orders[i].accepted != 0;
	d->complete = r.v[0].complete;
	adjudicate_check_free(&r);
}

size_t
gamedir_filed_data(const char *dir, const struct state *st,
    struct gamedir_filed out[GAME_MAX_PLAYERS])
{
	struct owed owed[GAME_MAX_PLAYERS];
	struct orders_file *files;
	size_t n, nowed;

	if (st->game->outcome(st->g).finished)
		return 0;
	files = gamedir_inbox(dir, st, &n);
	/* As run sorts them: a lower revision or a copy is set aside. */
	orders_sort(files, n);
	nowed = st->game->owed(st->g, owed);
	for (size_t k = 0; k < nowed; k++) {
		memset(&out[k], 0, sizeof out[k]);
		out[k].player = owed[k].player;
		for (size_t i = 0; i < n && !out[k].filed; i++)
			if (files[i].ok && files[i].player == owed[k].player &&
			    files[i].turn == st->turn)
				gamedir_filed_file(st, &files[i], &out[k]);
	}
	for (size_t i = 0; i < n; i++)
		orders_free(&files[i]);
	free(files);
	return nowed;
}

void
gamedir_filed(const char *dir, const struct state *st, int viewer,
    struct sbuf *out)
{
	struct gamedir_filed d[GAME_MAX_PLAYERS];
	size_t n = gamedir_filed_data(dir, st, d);

	for (size_t k = 0; k < n; k++) {
		const char *name = st->names[d[k].player];

		if (!d[k].filed) {
			sbuf_printf(out, "%s: nothing filed yet for point "
			    "%lld\n", name, st->turn);
		} else if (viewer != GAMEDIR_VIEW_ALL &&
		    viewer != d[k].player) {
			sbuf_printf(out, "%s: filed point %lld\n", name,
			    st->turn);
		} else if (d[k].complete) {
			sbuf_printf(out, "%s: filed point %lld (%zu order%s",
			    name, st->turn, d[k].orders,
			    d[k].orders == 1 ? "" : "s");
			if (d[k].accepted < d[k].orders)
				sbuf_printf(out, ", %zu refused",
				    d[k].orders - d[k].accepted);
			sbuf_puts(out, ", a whole answer), waiting for the "
			    "deadline\n");
		} else {
			/* Not "waiting for the deadline": the deadline
			 * does not play it as it is. */
			sbuf_printf(out, "%s: filed point %lld, but it is "
			    "incomplete (%zu of %zu order%s accepted): run "
			    "keeps it and waits, or at a deadline run with "
			    "--nmr adds the default orders; to complete it, "
			    "send the whole file again with 'revision: "
			    "%lld'\n", name, st->turn, d[k].accepted,
			    d[k].orders, d[k].orders == 1 ? "" : "s",
			    d[k].revision + 1);
		}
	}
}

long long
gamedir_revisions(const char *dir, const struct state *st,
    const struct orders_file *f, struct sbuf *out)
{
	struct orders_file *files;
	const struct orders_file *top = NULL;
	size_t n, lower = 0;
	long long next = f->revision + 1;

	files = gamedir_inbox(dir, st, &n);
	orders_sort(files, n);
	/* The good file of the highest revision sorts first, then the
	 * others of the same player and point, set aside. */
	for (size_t i = 0; i < n; i++) {
		const struct orders_file *g = &files[i];

		if (g->signer != f->signer || g->turn != f->turn ||
		    (!g->ok && !g->copy))
			continue;
		if (top == NULL && g->ok)
			top = g;
		if (g->revision >= next)
			next = g->revision + 1;
		if (g->revision < f->revision && g->copy)
			lower++;
	}
	if (top != NULL && top->revision > f->revision) {
		sbuf_printf(out, "The inbox holds revision %lld of your file "
		    "for point %lld (%s): run will use that one, and this "
		    "revision %lld is replaced and will not be used.\n",
		    top->revision, f->turn, top->path + strlen("inbox/"),
		    f->revision);
	} else if (lower > 0) {
		sbuf_printf(out, "This revision %lld replaces the lower "
		    "revision%s of your file for point %lld in the inbox:",
		    f->revision, lower == 1 ? "" : "s", f->turn);
		for (size_t i = 0, k = 0; i < n; i++)
			if (files[i].signer == f->signer && files[i].copy &&
			    files[i].turn == f->turn &&
			    files[i].revision < f->revision)
				sbuf_printf(out, "%s revision %lld (%s)",
				    k++ ? "," : "", files[i].revision,
				    files[i].path + strlen("inbox/"));
		sbuf_printf(out, "; %s will not be used, even if this one "
		    "is refused.\n", lower == 1 ? "it" : "they");
	}
	for (size_t i = 0; i < n; i++)
		orders_free(&files[i]);
	free(files);
	return next;
}

json_t *
gamedir_filed_json(const char *dir, const struct state *st)
{
	struct gamedir_filed d[GAME_MAX_PLAYERS];
	size_t n = gamedir_filed_data(dir, st, d);
	json_t *a = json_array();

	for (size_t k = 0; k < n; k++) {
		int f = d[k].filed;

		json_array_append_new(a, json_pack("{s:o,s:b,s:o,s:o,s:o,s:o,"
		    "s:o}", "player", report_json_str(st->names[d[k].player]),
		    "filed", f,
		    "sha256", f ? json_string(d[k].sha256) : json_null(),
		    "revision", f ? json_integer(d[k].revision) : json_null(),
		    "orders", f ? json_integer((json_int_t)d[k].orders) :
		    json_null(),
		    "accepted", f ? json_integer((json_int_t)d[k].accepted) :
		    json_null(),
		    "complete", f ? json_boolean(d[k].complete) : json_null()));
	}
	return a;
}

/* Remove path, a file or a directory and all it holds (depth-bounded:
 * a staged run is three levels deep). */
static void
gamedir_remove(const char *path, int depth)
{
	struct strlist names;
	struct gb_err e = { 0 };
	struct stat sb;

	if (lstat(path, &sb) == -1)
		return;
	if (!S_ISDIR(sb.st_mode)) {
		(void)unlink(path);
		return;
	}
	if (depth < 4 && gamedir_list(path, 1, &names, &e) == 0) {
		for (size_t i = 0; i < names.n; i++) {
			char *p = gamedir_path(path, 0, names.v[i]);

			gamedir_remove(p, depth + 1);
			free(p);
		}
		strlist_free(&names);
	}
	(void)rmdir(path);
}

size_t
gamedir_sweep(const char *dir, long long now)
{
	static const char *const where[] = { "", "inbox", "runs", "outbox",
		"outbox/mail-in", "outbox/notices", "outbox/replies",
		"outbox/resend" };
	size_t removed = 0;

	for (size_t w = 0; w < sizeof where / sizeof where[0]; w++) {
		char *d = where[w][0] ? gamedir_path(dir, 0, where[w]) :
		    util_strdup(dir);
		struct strlist names;
		struct gb_err e = { 0 };

		if (gamedir_list(d, 1, &names, &e) == 0) {
			for (size_t i = 0; i < names.n; i++) {
				const char *n = names.v[i];
				char *p;
				struct stat sb;

				if (strncmp(n, ".gunbai.", 8) != 0 &&
				    strncmp(n, ".gunbai-out.", 12) != 0)
					continue;
				p = gamedir_path(d, 0, n);
				if (lstat(p, &sb) == 0 && (long long)
				    sb.st_mtime + GAMEDIR_LEFTOVER_AGE <= now) {
					gamedir_remove(p, 0);
					removed++;
				}
				free(p);
			}
			strlist_free(&names);
		}
		free(d);
	}
	return removed;
}
